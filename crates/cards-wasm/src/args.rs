//! The JavaScript boundary's arguments: every value a page passes arrives
//! untyped, is read into an [`Arg`], and is checked here, so that a wrong
//! type, a fraction, a negative or a huge number is a `bad_request` refusal
//! and never a panic or a silent wrap-around.

use cards_games::Refusal;
use cards_games::cards_core::Difficulty;
use wasm_bindgen::JsValue;

/// A JavaScript value, as far as the table's arguments care.
#[derive(Clone, Debug, PartialEq)]
pub enum Arg {
    /// `undefined` or `null`.
    Missing,
    /// A number (any: fractions, NaN and infinities included).
    Number(f64),
    /// A bigint, in decimal.
    BigInt(String),
    /// A string.
    Text(String),
    /// Anything else, by its `typeof`.
    Other(String),
}

impl Arg {
    /// Reads a JavaScript value (only in WebAssembly: the imports it calls
    /// exist nowhere else).
    pub fn from_js(value: &JsValue) -> Arg {
        if value.is_undefined() || value.is_null() {
            Arg::Missing
        } else if let Some(n) = value.as_f64() {
            Arg::Number(n)
        } else if let Some(s) = value.as_string() {
            Arg::Text(s)
        } else if value.is_bigint() {
            let digits = js_sys::BigInt::from(value.clone())
                .to_string(10)
                .ok()
                .and_then(|s| s.as_string())
                .unwrap_or_default();
            Arg::BigInt(digits)
        } else {
            Arg::Other(value.js_typeof().as_string().unwrap_or_default())
        }
    }

    /// What the value is, for a refusal's message.
    fn describe(&self) -> String {
        match self {
            Arg::Missing => "nothing".to_string(),
            Arg::Number(n) => format!("the number {n}"),
            Arg::BigInt(d) => format!("the bigint {}", cards_games::cards_core::text::echo(d)),
            Arg::Text(s) => format!("the text {}", cards_games::cards_core::text::echo(s)),
            Arg::Other(t) => format!("a value of type {}", cards_games::cards_core::text::echo(t)),
        }
    }
}

fn wrong(what: &str, arg: &Arg) -> Refusal {
    Refusal::bad_request(format!("{what}, not {}", arg.describe()))
}

/// A whole number from 0 to `max`.
fn whole(arg: &Arg, what: &str, max: u64) -> Result<u64, Refusal> {
    let value = match arg {
        Arg::Number(n) if n.fract() == 0.0 && *n >= 0.0 && *n <= max as f64 => Some(*n as u64),
        Arg::BigInt(d) => d.parse::<u64>().ok().filter(|&v| v <= max),
        _ => None,
    };
    value.ok_or_else(|| wrong(&format!("{what} is a whole number from 0 to {max}"), arg))
}

/// A seat number (the table checks that the seat exists).
pub fn seat(arg: &Arg) -> Result<usize, Refusal> {
    whole(arg, "a seat", u64::from(u8::MAX)).map(|s| s as usize)
}

/// A seat number, or nothing for a spectator.
pub fn viewer(arg: &Arg) -> Result<Option<usize>, Refusal> {
    match arg {
        Arg::Missing => Ok(None),
        _ => seat(arg).map(Some),
    }
}

/// A seat count.
pub fn seats(arg: &Arg) -> Result<usize, Refusal> {
    whole(arg, "a seat count", u64::from(u8::MAX)).map(|s| s as usize)
}

/// A log index to read events from.
pub fn cursor(arg: &Arg) -> Result<usize, Refusal> {
    whole(arg, "an event cursor", u64::from(u32::MAX)).map(|c| c as usize)
}

/// A move's number in the legal list.
pub fn move_id(arg: &Arg) -> Result<u32, Refusal> {
    whole(arg, "a move id", u64::from(u32::MAX)).map(|c| c as u32)
}

/// A seed: a whole number JavaScript holds exactly (up to 2^53), or any
/// 64-bit bigint.
pub fn seed(arg: &Arg) -> Result<u64, Refusal> {
    match arg {
        Arg::BigInt(_) => whole(arg, "a seed", u64::MAX),
        _ => whole(arg, "a seed", 1 << 53),
    }
}

/// Text: an action, a host operation, rules or a save.
pub fn text(arg: &Arg, what: &str) -> Result<String, Refusal> {
    match arg {
        Arg::Text(s) => Ok(s.clone()),
        _ => Err(wrong(&format!("{what} is text"), arg)),
    }
}

/// Rules as JSON text; nothing means the game's defaults.
pub fn rules(arg: &Arg) -> Result<String, Refusal> {
    match arg {
        Arg::Missing => Ok(String::new()),
        _ => text(arg, "the rules (JSON)"),
    }
}

/// A bot level: `easy`, `medium`, `hard` or `learned`.
pub fn difficulty(arg: &Arg) -> Result<Difficulty, Refusal> {
    let levels = || wrong("a difficulty is easy, medium, hard or learned", arg);
    match arg {
        Arg::Text(s) => s.parse().map_err(|_| levels()),
        _ => Err(levels()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cards_games::Kind;

    #[test]
    fn seats_are_small_whole_numbers() {
        assert_eq!(seat(&Arg::Number(2.0)), Ok(2));
        assert_eq!(seat(&Arg::BigInt("3".into())), Ok(3));
        for bad in [
            Arg::Number(-1.0),
            Arg::Number(1.5),
            Arg::Number(f64::NAN),
            Arg::Number(f64::INFINITY),
            Arg::Number(256.0),
            Arg::Text("1".into()),
            Arg::Missing,
            Arg::Other("object".into()),
            Arg::BigInt("-1".into()),
        ] {
            let refused = seat(&bad).unwrap_err();
            assert_eq!(refused.kind, Kind::BadRequest, "{bad:?}");
            assert!(refused.message.starts_with("a seat is a whole number"));
        }
        assert_eq!(viewer(&Arg::Missing), Ok(None));
        assert_eq!(viewer(&Arg::Number(0.0)), Ok(Some(0)));
    }

    #[test]
    fn seeds_take_every_exact_number_and_any_u64_bigint() {
        assert_eq!(seed(&Arg::Number(9_007_199_254_740_992.0)), Ok(1 << 53));
        assert!(seed(&Arg::Number(1e300)).is_err());
        assert_eq!(seed(&Arg::BigInt(u64::MAX.to_string())), Ok(u64::MAX));
        assert!(seed(&Arg::BigInt("18446744073709551616".into())).is_err());
    }

    #[test]
    fn texts_and_levels_are_strings() {
        assert_eq!(
            text(&Arg::Text("knock".into()), "an action"),
            Ok("knock".into())
        );
        let refused = text(&Arg::Number(3.0), "an action").unwrap_err();
        assert_eq!(refused.message, "an action is text, not the number 3");
        assert_eq!(rules(&Arg::Missing), Ok(String::new()));
        assert_eq!(difficulty(&Arg::Text("Hard".into())), Ok(Difficulty::Hard));
        assert!(difficulty(&Arg::Text("brutal".into())).is_err());
        assert!(difficulty(&Arg::Missing).is_err());
        // Long text is echoed short.
        let long = Arg::Text("x".repeat(10_000));
        assert!(text(&long, "rules").is_ok());
        assert!(difficulty(&long).unwrap_err().message.len() < 200);
    }
}
