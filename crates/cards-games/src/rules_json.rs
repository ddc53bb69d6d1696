//! A game's rules from JSON, over its defaults: what every program that takes
//! house rules by name reads them with (the `cards` command's `--rule`,
//! `AnyTable` and so the server, the browser package and the C ABI, and the
//! Python bindings).

use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

/// The default rules with the rules named in `given` set to the values
/// given, read through the rules' serde form (where each game checks them).
///
/// ```
/// use serde_json::json;
/// let given = json!({"lives": 300}).as_object().unwrap().clone();
/// let refused = cards_games::rules_over_defaults::<cards_games::schwimmen::Rules>(given);
/// assert_eq!(
///     refused.unwrap_err(),
///     "lives: every player starts with 1 to 100 lives, not 300 (S3)"
/// );
/// ```
///
/// # Errors
/// The rules' refusal, led by the name of the rule it concerns where one
/// rule alone is refused (`lives: …`); an unknown name is refused with the
/// names there are.
pub fn rules_over_defaults<R: Default + Serialize + DeserializeOwned>(
    given: Map<String, Value>,
) -> Result<R, String> {
    let defaults = || match serde_json::to_value(R::default()) {
        Ok(Value::Object(fields)) => Ok(fields),
        _ => Err("these rules have no named options".to_string()),
    };
    let mut rules = defaults()?;
    for name in given.keys() {
        if !rules.contains_key(name) {
            let known: Vec<&str> = rules.keys().map(String::as_str).collect();
            return Err(format!(
                "unknown rule {}; the rules are {}",
                cards_core::text::echo(name),
                known.join(", ")
            ));
        }
    }
    // The one rule that is refused on its own, if there is one, names the
    // message; a refusal of rules only together stays as the rules word it.
    let refusal = |fields: Map<String, Value>| serde_json::from_value::<R>(Value::Object(fields));
    let alone = |name: &String, value: &Value| {
        let mut fields = defaults().ok()?;
        fields.insert(name.clone(), value.clone());
        refusal(fields).err()
    };
    let named = given
        .iter()
        .find_map(|(name, value)| Some((name.clone(), alone(name, value)?)));
    rules.extend(given);
    refusal(rules).map_err(|e| match named {
        Some((name, alone)) => format!("{name}: {alone}"),
        None => e.to_string(),
    })
}

/// [`rules_over_defaults`] of a JSON object's text; an empty text is the
/// default rules.
///
/// # Errors
/// As [`rules_over_defaults`], and for a text that is not a JSON object.
pub fn rules_from_json<R: Default + Serialize + DeserializeOwned>(
    given: &str,
) -> Result<R, String> {
    if given.trim().is_empty() {
        return Ok(R::default());
    }
    match serde_json::from_str(given) {
        Ok(Value::Object(given)) => rules_over_defaults(given),
        Ok(_) => Err("rules are a JSON object of rule names and values".to_string()),
        Err(e) => Err(format!("the rules are not JSON: {e}")),
    }
}
