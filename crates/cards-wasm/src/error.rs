//! Refusals as JavaScript exceptions: an `Error` named `CardsError` whose
//! `message` is the table's (naming the rule and its clause) and whose `kind`
//! is the protocol's (`not_your_turn`, `illegal`, `bad_request`).
//!
//! One refusal is not made here: a call on a [`Table`](crate::Table) after
//! its `free()` never reaches this crate (wasm-bindgen's glue would pass a
//! null pointer and throw a plain `Error` without a kind), so
//! `web/build-wasm.sh` adds a check to the glue that throws a `CardsError` of
//! kind `bad_request` for every method and getter of a freed table.

use cards_games::Refusal;
use wasm_bindgen::JsValue;

/// The JavaScript `Error` for `refusal`.
pub fn to_js(refusal: Refusal) -> JsValue {
    let error = js_sys::Error::new(&refusal.message);
    error.set_name("CardsError");
    // Setting a property on a fresh Error cannot fail; a failure would only
    // lose the kind, never panic.
    let _ = js_sys::Reflect::set(
        &error,
        &JsValue::from_str("kind"),
        &JsValue::from_str(refusal.kind.as_str()),
    );
    error.into()
}

/// JSON text (written by this crate, so always JSON) as a JavaScript value.
pub fn parsed(json: &str) -> Result<JsValue, JsValue> {
    js_sys::JSON::parse(json).map_err(|_| {
        to_js(Refusal::bad_request(
            "the table wrote JSON JavaScript could not read",
        ))
    })
}
