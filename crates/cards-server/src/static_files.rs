//! The web page (the built `web/dist`) served by the server itself
//! (`cards-server --web DIR`): the page and the API share one origin, so a
//! browser needs no CORS, and one command runs everything a player needs.
//!
//! Any path the API does not route is looked up under the directory: `/` is
//! `index.html`; a path is taken only when every segment is a plain file name
//! (no `..`, no `.` segment, no backslash, no percent escape), so nothing
//! outside the directory can be read. Anything else is `404 not_found`.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use axum::Router;
use axum::http::{HeaderValue, Uri, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;

use crate::messages::{ErrorKind, ErrorReply};

/// `router`, with the files under `dir` answering every path it does not
/// route (nothing added when `dir` is `None`).
pub fn with_page(router: Router, dir: Option<PathBuf>) -> Router {
    match dir {
        None => router,
        Some(dir) => {
            let dir: Arc<Path> = dir.into();
            // Other methods than GET at a path the API does not route:
            // the API's own 404.
            router.fallback(
                get(move |uri: Uri| file(dir.clone(), uri)).fallback(crate::http::unknown_path),
            )
        }
    }
}

/// The file a request path names under the page's directory, or `None` when
/// the path is not one this serves.
pub fn relative(path: &str) -> Option<PathBuf> {
    let path = path.strip_prefix('/')?;
    if path.is_empty() {
        return Some(PathBuf::from("index.html"));
    }
    let mut out = PathBuf::new();
    for segment in path.split('/') {
        let plain = !segment.is_empty()
            && segment != "."
            && segment != ".."
            && !segment.contains(['\\', '%', ':', '\0']);
        if !plain {
            return None;
        }
        out.push(segment);
    }
    Some(out)
}

/// The content type of a file, by its extension.
pub fn content_type(path: &Path) -> &'static str {
    match path.extension().and_then(|e| e.to_str()) {
        Some("html") => "text/html; charset=utf-8",
        Some("js" | "mjs") => "text/javascript; charset=utf-8",
        Some("css") => "text/css; charset=utf-8",
        // instantiateStreaming needs exactly this type.
        Some("wasm") => "application/wasm",
        Some("json") => "application/json",
        Some("svg") => "image/svg+xml",
        Some("png") => "image/png",
        Some("ico") => "image/x-icon",
        _ => "application/octet-stream",
    }
}

fn not_found(path: &str) -> Response {
    ErrorReply::new(
        ErrorKind::NotFound,
        format!(
            "there is nothing at {}",
            cards_core::text::echo(path.trim_start_matches('/'))
        ),
    )
    .into_response()
}

async fn file(dir: Arc<Path>, uri: Uri) -> Response {
    let Some(rel) = relative(uri.path()) else {
        return not_found(uri.path());
    };
    let path = dir.join(rel);
    let read = {
        let path = path.clone();
        tokio::task::spawn_blocking(move || std::fs::read(path)).await
    };
    match read {
        Ok(Ok(bytes)) => (
            [
                (
                    header::CONTENT_TYPE,
                    HeaderValue::from_static(content_type(&path)),
                ),
                // The page's assets carry hashes in their names, and
                // index.html is small: ask the browser to check every time.
                (header::CACHE_CONTROL, HeaderValue::from_static("no-cache")),
            ],
            bytes,
        )
            .into_response(),
        _ => not_found(uri.path()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_plain_names_under_the_directory_are_served() {
        assert_eq!(relative("/"), Some(PathBuf::from("index.html")));
        assert_eq!(
            relative("/assets/index-Bf8.js"),
            Some(PathBuf::from("assets/index-Bf8.js"))
        );
        for bad in [
            "",
            "/..",
            "/../Cargo.toml",
            "/assets/../../x",
            "/./index.html",
            "/assets//x",
            "/assets/",
            "/%2e%2e/x",
            "/a\\..\\b",
            "/C:x",
        ] {
            assert_eq!(relative(bad), None, "{bad}");
        }
    }

    #[test]
    fn the_page_gets_the_types_a_browser_needs() {
        assert_eq!(content_type(Path::new("a/x.wasm")), "application/wasm");
        assert_eq!(
            content_type(Path::new("index.html")),
            "text/html; charset=utf-8"
        );
        assert_eq!(
            content_type(Path::new("w.js")),
            "text/javascript; charset=utf-8"
        );
        assert_eq!(content_type(Path::new("x")), "application/octet-stream");
    }
}
