//! Golden files: a wire form compared exactly with a committed file, so that
//! a change to it shows up as a failing test (a change of protocol, which
//! docs/protocol.md asks to be deliberate). With `CARDS_BLESS=1` set, the
//! file is written instead and the test passes.

use std::path::Path;

/// The variable that rewrites golden files instead of comparing them.
pub const BLESS: &str = "CARDS_BLESS";

/// Compares `actual` with the file at `path` (trailing whitespace aside), or
/// writes it there when [`BLESS`] is set. Panics naming the file and the
/// command that rewrites it.
pub fn golden_text(path: &Path, actual: &str) {
    if std::env::var_os(BLESS).is_some() {
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
        }
        std::fs::write(path, actual).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        return;
    }
    let expected = std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("{}: {e} ({BLESS}=1 writes it)", path.display()));
    assert_eq!(
        expected.trim_end(),
        actual.trim_end(),
        "{} changed: a change of protocol; {BLESS}=1 rewrites it after a deliberate one",
        path.display()
    );
}

/// [`golden_text`] of `value` as pretty JSON in `tests/golden/<name>.json`
/// under the package root `package` (a test's `env!("CARGO_MANIFEST_DIR")`),
/// then the JSON read back must give `value` again.
#[cfg(feature = "serde")]
pub fn golden_json<T>(package: &str, name: &str, value: &T)
where
    T: serde::Serialize + serde::de::DeserializeOwned + PartialEq + std::fmt::Debug,
{
    let path = Path::new(package).join(format!("tests/golden/{name}.json"));
    let json = serde_json::to_string_pretty(value).expect("a wire form serializes") + "\n";
    golden_text(&path, &json);
    let back: T = serde_json::from_str(&json).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    assert_eq!(&back, value, "{} reads back", path.display());
}

/// Every string in a JSON value, depth first: the cards a wire form names,
/// for tests that a view names no card its viewer may not see.
#[cfg(feature = "serde")]
pub fn json_strings(value: &serde_json::Value) -> Vec<String> {
    fn walk(v: &serde_json::Value, out: &mut Vec<String>) {
        match v {
            serde_json::Value::String(s) => out.push(s.clone()),
            serde_json::Value::Array(a) => a.iter().for_each(|v| walk(v, out)),
            serde_json::Value::Object(o) => o.values().for_each(|v| walk(v, out)),
            _ => {}
        }
    }
    let mut out = Vec::new();
    walk(value, &mut out);
    out
}
