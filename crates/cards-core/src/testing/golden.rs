//! Golden files: a wire form compared exactly with a committed file, so that
//! a change to it shows up as a failing test (a change of protocol, which
//! docs/protocol.md asks to be deliberate). With `CARDS_BLESS=1` set, the
//! file is written instead and the test passes.

use std::path::Path;

#[cfg(feature = "serde")]
use crate::{Save, Seat, Viewer};

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
pub fn golden_json<T: Wire>(package: &str, name: &str, value: &T) {
    let path = Path::new(package).join(format!("tests/golden/{name}.json"));
    let json = serde_json::to_string_pretty(value).expect("a wire form serializes") + "\n";
    golden_text(&path, &json);
    let back: T = serde_json::from_str(&json).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    assert_eq!(&back, value, "{} reads back", path.display());
}

/// The standard golden files of one position (docs/protocol.md), through
/// [`golden_json`]: `view_mover` and `view_spectator` (the views of `mover`
/// and of a spectator), `action`, the action's event as `mover`, `other` and
/// a spectator see it (`event_mover`, `event_other`, `event_spectator`),
/// `setup` (the position's save) and `rules`. `action` must be legal in
/// `game` (a chance outcome where chance acts, `mover` the seat it concerns).
#[cfg(feature = "serde")]
pub fn golden_position<G>(package: &str, game: &G, action: &G::Action, mover: Seat, other: Seat)
where
    G: Save,
    G::View: Wire,
    G::Event: Wire,
    G::Action: Wire,
    G::Setup: Wire,
    G::Rules: Wire,
{
    golden_json(package, "view_mover", &game.observe(Viewer::Seat(mover)));
    golden_json(package, "view_spectator", &game.observe(Viewer::Spectator));
    golden_json(package, "action", action);
    for (name, viewer) in [
        ("event_mover", Viewer::Seat(mover)),
        ("event_other", Viewer::Seat(other)),
        ("event_spectator", Viewer::Spectator),
    ] {
        let event = game.event(action, viewer).expect("the action is legal");
        golden_json(package, name, &event);
    }
    golden_json(package, "setup", &game.save());
    golden_json(package, "rules", game.rules());
}

/// What a wire form needs for [`golden_json`]: JSON both ways, and equality
/// to compare what is read back.
#[cfg(feature = "serde")]
pub trait Wire:
    serde::Serialize + serde::de::DeserializeOwned + PartialEq + std::fmt::Debug
{
}

#[cfg(feature = "serde")]
impl<T: serde::Serialize + serde::de::DeserializeOwned + PartialEq + std::fmt::Debug> Wire for T {}

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
