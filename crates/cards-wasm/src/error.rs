//! Refusals as JavaScript exceptions: an `Error` named `CardsError` whose
//! `message` is the table's (naming the rule and its clause) and whose `kind`
//! is the protocol's (`not_your_turn`, `illegal`, `bad_request`).

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
