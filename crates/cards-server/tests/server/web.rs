//! `--web DIR`: the built page served on the API's own origin, and nothing
//! outside its directory.

use cards_server::client::http;
use cards_server::store::sqlite::Sqlite;

use crate::common::{config, start, temp_db};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_page_is_served_beside_the_api() {
    let dir = std::env::temp_dir().join(format!(
        "cards-server-web-{:x}",
        cards_server::token::random_u64()
    ));
    let page = dir.join("page");
    std::fs::create_dir_all(page.join("assets")).unwrap();
    std::fs::write(page.join("index.html"), "<!doctype html><p>the table</p>").unwrap();
    std::fs::write(page.join("assets/main.js"), "console.log(1)").unwrap();
    // A file beside the page's directory, which no path may reach.
    std::fs::write(dir.join("secret.txt"), "do not serve").unwrap();
    let db = temp_db("web");
    let mut cfg = config(&db);
    cfg.web = Some(page.clone());
    let server = start(cfg).await;
    let get = |path: &'static str| http(server.addr, "GET", path, None, None);

    assert_eq!(
        get("/").await.unwrap(),
        (200, "<!doctype html><p>the table</p>".into())
    );
    assert_eq!(
        get("/assets/main.js").await.unwrap(),
        (200, "console.log(1)".into())
    );
    let (status, body) = get("/health").await.unwrap();
    assert_eq!(status, 200, "the API still answers: {body}");
    assert!(body.contains("\"ok\""), "{body}");
    for outside in [
        "/../secret.txt",
        "/assets/../../secret.txt",
        "/%2e%2e/secret.txt",
        "/missing.js",
    ] {
        let (status, body) = get(outside).await.unwrap();
        assert_eq!(status, 404, "{outside}: {body}");
        assert!(body.contains("not_found"), "{outside}: {body}");
        assert!(!body.contains("do not serve"), "{outside}");
    }
    server.task.abort();
    Sqlite::remove(&db);
    let _ = std::fs::remove_dir_all(&dir);
}
