//! `include/cards.h` is what cbindgen (the pinned version) makes of this
//! crate now. When the interface changes, regenerate it with
//! `CARDS_FFI_BLESS=1 cargo test -p cards-ffi --test ffi header` and commit it.

use std::path::Path;

#[test]
fn the_committed_header_is_what_cbindgen_makes_now() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let config = cbindgen::Config::from_file(dir.join("cbindgen.toml")).expect("cbindgen.toml");
    let bindings = cbindgen::Builder::new()
        .with_config(config)
        .with_src(dir.join("src/lib.rs"))
        .generate()
        .expect("cbindgen reads the crate");
    let mut made = Vec::new();
    bindings.write(&mut made);
    let path = dir.join("../../include/cards.h");
    if std::env::var_os("CARDS_FFI_BLESS").is_some() {
        std::fs::write(&path, &made).expect("include/cards.h is writable");
    }
    let committed = std::fs::read(&path).unwrap_or_default();
    assert!(
        committed == made,
        "include/cards.h is stale: regenerate it with \
         `CARDS_FFI_BLESS=1 cargo test -p cards-ffi --test ffi header` and commit it"
    );
    let text = String::from_utf8(made).expect("UTF-8");
    for name in ["cards_table_new", "cards_string_free", "CARDS_STATUS_PANIC"] {
        assert!(text.contains(name), "the header names {name}");
    }
}
