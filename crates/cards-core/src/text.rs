//! Helpers for text forms of actions and host operations: a capped echo of
//! untrusted input for error messages, a strict unsigned number, and the
//! check that a parsed text was written in its canonical form.

use std::fmt;

use crate::card::Card;

/// The most characters of an input an error message repeats.
pub const ECHO_LIMIT: usize = 40;

/// Untrusted input as an error message may repeat it: quoted and escaped like
/// `{:?}`, and cut after [`ECHO_LIMIT`] characters with an ellipsis, so a
/// megabyte of input never makes a megabyte of message. See [`echo`].
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Echo<'a>(&'a str);

/// Wraps `input` for an error message: `echo(text).to_string()` is the
/// text quoted, escaped and capped at [`ECHO_LIMIT`] characters.
///
/// ```
/// use cards_core::text::echo;
/// assert_eq!(echo("leave 2").to_string(), r#""leave 2""#);
/// let long = "x".repeat(1_000_000);
/// let shown = echo(&long).to_string();
/// assert!(shown.chars().count() < 50);
/// assert!(shown.ends_with('…'));
/// ```
pub fn echo(input: &str) -> Echo<'_> {
    Echo(input)
}

impl fmt::Display for Echo<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let cut = self
            .0
            .char_indices()
            .nth(ECHO_LIMIT)
            .map_or(self.0.len(), |(i, _)| i);
        write!(f, "{:?}", &self.0[..cut])?;
        if cut < self.0.len() {
            f.write_str("…")?;
        }
        Ok(())
    }
}

impl fmt::Debug for Echo<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// A number written with the digits 0–9 only (no sign, no space, no
/// underscore), if it lies in `min..=max`. Leading zeros are accepted
/// (`07` is 7), however many.
///
/// ```
/// use cards_core::text::unsigned_in;
/// assert_eq!(unsigned_in("3", 0, 9), Some(3));
/// assert_eq!(unsigned_in("+3", 0, 9), None);
/// assert_eq!(unsigned_in("-0", 0, 9), None);
/// assert_eq!(unsigned_in("255", 0, 9), None);
/// assert_eq!(unsigned_in("99999999999999999999999", 0, 9), None);
/// assert_eq!(unsigned_in("", 0, 9), None);
/// ```
pub fn unsigned_in(text: &str, min: u64, max: u64) -> Option<u64> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let mut n: u64 = 0;
    for b in text.bytes() {
        n = n.checked_mul(10)?.checked_add(u64::from(b - b'0'))?;
    }
    (min..=max).contains(&n).then_some(n)
}

/// Whether `input` is `canonical` (what a `Display` writes) or differs from it
/// only in card words written in one of a card's documented aliases (`10S`,
/// `ts` or `T♠` for `TS`, see [`Card`]): words separated by single spaces,
/// nothing around them, and every other word (keywords, numbers, seats)
/// exactly as `canonical` has it, so `Draw`, `draw  7H`, ` draw` or `leave 02`
/// are not `draw`, `draw 7H` or `leave 2`.
///
/// ```
/// use cards_core::text::is_canonical;
/// assert!(is_canonical("swap 7H AS", "swap 7H AS"));
/// assert!(is_canonical("swap 7♥ as", "swap 7H AS"));
/// assert!(!is_canonical("Swap 7H AS", "swap 7H AS"));
/// assert!(!is_canonical("swap  7H AS", "swap 7H AS"));
/// assert!(!is_canonical("leave 02", "leave 2"));
/// ```
pub fn is_canonical(input: &str, canonical: &str) -> bool {
    let (mut a, mut b) = (input.split(' '), canonical.split(' '));
    loop {
        match (a.next(), b.next()) {
            (None, None) => return true,
            (Some(x), Some(y)) if x == y => {}
            (Some(x), Some(y)) => match (x.parse::<Card>(), y.parse::<Card>()) {
                (Ok(c), Ok(d)) if c == d && y == d.to_string() => {}
                _ => return false,
            },
            _ => return false,
        }
    }
}

/// `parsed` if `input` is its canonical text form or a documented alias of it
/// ([`is_canonical`]); otherwise the canonical form, for the error message.
///
/// # Errors
/// The canonical text of `parsed` when `input` is not it.
pub fn canonical<T: fmt::Display>(input: &str, parsed: T) -> Result<T, String> {
    let written = parsed.to_string();
    if is_canonical(input, &written) {
        Ok(parsed)
    } else {
        Err(written)
    }
}

/// serde, for [`serde_via_text!`](crate::serde_via_text) in other crates.
#[cfg(feature = "serde")]
#[doc(hidden)]
pub use serde as __serde;

/// Implements serde's `Serialize` and `Deserialize` for types with a text
/// form: a value goes to JSON as the string its `Display` writes and comes
/// back through its `FromStr`, whose error message becomes serde's. Every
/// action and host operation of the games is stored this way, so a log in
/// JSON reads as the moves typed at a prompt, and a bad one is refused with
/// the same message the prompt gives.
///
/// A game crate invokes it once for its types, under its own `serde`
/// feature (which turns on cards-core's):
/// `#[cfg(feature = "serde")] cards_core::serde_via_text!(Action, HostOp);`
///
/// ```
/// # #[cfg(feature = "serde")] {
/// use cards_core::{Leave, Seat};
/// assert_eq!(serde_json::to_string(&Leave(Seat(2))).unwrap(), r#""leave 2""#);
/// assert_eq!(serde_json::from_str::<Leave>(r#""leave 2""#).unwrap(), Leave(Seat(2)));
/// let refused = serde_json::from_str::<Leave>(r#""leave 02""#).unwrap_err();
/// assert!(refused.to_string().contains("write leave 2"));
/// # }
/// ```
#[macro_export]
macro_rules! serde_via_text {
    ($($t:ty),+ $(,)?) => {$(
        impl $crate::text::__serde::Serialize for $t {
            fn serialize<S: $crate::text::__serde::Serializer>(
                &self,
                s: S,
            ) -> ::core::result::Result<S::Ok, S::Error> {
                s.collect_str(self)
            }
        }
        impl<'de> $crate::text::__serde::Deserialize<'de> for $t {
            fn deserialize<D: $crate::text::__serde::Deserializer<'de>>(
                d: D,
            ) -> ::core::result::Result<$t, D::Error> {
                let text: ::std::string::String =
                    $crate::text::__serde::Deserialize::deserialize(d)?;
                text.parse::<$t>()
                    .map_err(<D::Error as $crate::text::__serde::de::Error>::custom)
            }
        }
    )+};
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn echo_caps_by_characters_not_bytes() {
        let s = "é".repeat(100);
        let shown = echo(&s).to_string();
        assert_eq!(shown, format!("{:?}…", "é".repeat(ECHO_LIMIT)));
        let exact = "a".repeat(ECHO_LIMIT);
        assert_eq!(echo(&exact).to_string(), format!("{exact:?}"));
        assert_eq!(echo("a\"b\n").to_string(), r#""a\"b\n""#);
    }

    #[test]
    fn unsigned_in_refuses_signs_spaces_and_overflow() {
        for bad in [
            "+1",
            "-1",
            " 1",
            "1 ",
            "1_0",
            "0x1",
            "１",
            "18446744073709551616",
        ] {
            assert_eq!(unsigned_in(bad, 0, u64::MAX), None, "{bad}");
        }
        assert_eq!(
            unsigned_in("18446744073709551615", 0, u64::MAX),
            Some(u64::MAX)
        );
        assert_eq!(unsigned_in("007", 0, 9), Some(7));
        assert_eq!(unsigned_in("0", 1, 9), None);
    }
}
