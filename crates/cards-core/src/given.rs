//! [`Given`]: a number as given for a numeric rule, and [`Wide`], the reader
//! that keeps a number its rule's type cannot hold, so that the game's own
//! error, naming the rule and its clause, shows it.
//!
//! Every game's rules read their numbers through [`Wide`] (JSON, `name=value`
//! options) and carry a [`Given`] in the error for a value out of range: `300`
//! for a `u8` rule, `-1` or `2.5` get the same message, with the clause, as
//! `0` or `101` do, never serde's bare `invalid value: integer 300, expected u8`.
//!
//! ```
//! use cards_core::Given;
//! assert_eq!(Given::from(7u8).to_string(), "7");
//! assert_eq!(Given::from(70_000u32).to_string(), "70000");
//! ```

use std::fmt;

/// A number as given for a numeric rule, whether or not it fits the rule's
/// type: an integer of any size or sign, or a number with a fraction. It
/// shows as given (`300`, `-1`, `2.5`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Given(Repr);

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Repr {
    Int(i128),
    /// The bits of an `f64` (equal and hashed by bits: JSON has no NaN).
    Float(u64),
}

impl Given {
    /// A number with a fraction (or an integer JSON only has as a float).
    pub fn float(x: f64) -> Given {
        Given(Repr::Float(x.to_bits()))
    }

    /// The number as `T`, if it is an integer `T` holds.
    pub fn fit<T: TryFrom<i128>>(self) -> Option<T> {
        match self.0 {
            Repr::Int(i) => T::try_from(i).ok(),
            Repr::Float(_) => None,
        }
    }
}

macro_rules! given_from {
    ($($t:ty)*) => {$(
        impl From<$t> for Given {
            fn from(n: $t) -> Given {
                Given(Repr::Int(i128::from(n)))
            }
        }
    )*};
}
given_from!(u8 u16 u32 u64 i8 i16 i32 i64 i128);

impl From<usize> for Given {
    fn from(n: usize) -> Given {
        // usize is at most 64 bits on every target Rust supports.
        Given(Repr::Int(n as i128))
    }
}

impl fmt::Display for Given {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Repr::Int(i) => write!(f, "{i}"),
            // `{:?}` keeps the fraction visible: `2.5`, `3.0`, `1e300`.
            Repr::Float(bits) => write!(f, "{:?}", f64::from_bits(bits)),
        }
    }
}

/// A numeric rule as read: the `T` when the number given fits it, else the
/// [`Given`] number for the game's error. A game's rules read each number
/// field as `Wide<T>` and turn it into `T` with [`Wide::or`], naming the error
/// (the same one its range check gives), so that no serde type error reaches
/// the user.
///
/// ```
/// use cards_core::{Given, Wide};
/// let lives: Wide<u8> = serde_json::from_str("300").unwrap();
/// assert_eq!(lives.or(|n| format!("1 to 100 lives, not {n} (S3)")), Err("1 to 100 lives, not 300 (S3)".to_string()));
/// let lives: Wide<u8> = serde_json::from_str("-1").unwrap();
/// assert_eq!(lives.or(|n| n.to_string()), Err("-1".to_string()));
/// let lives: Wide<u8> = serde_json::from_str("2.5").unwrap();
/// assert_eq!(lives.or(|n| n.to_string()), Err("2.5".to_string()));
/// let lives: Wide<u8> = serde_json::from_str("4").unwrap();
/// assert_eq!(lives.or(|_: Given| ()), Ok(4));
/// ```
#[cfg(feature = "serde")]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Wide<T>(Result<T, Given>);

#[cfg(feature = "serde")]
impl<T> Wide<T> {
    /// The value, or the game's error for the number given.
    ///
    /// # Errors
    /// `refuse(given)` when the number does not fit `T`.
    pub fn or<E>(self, refuse: impl FnOnce(Given) -> E) -> Result<T, E> {
        self.0.map_err(refuse)
    }
}

#[cfg(feature = "serde")]
impl<T> From<T> for Wide<T> {
    fn from(v: T) -> Wide<T> {
        Wide(Ok(v))
    }
}

#[cfg(feature = "serde")]
impl<'de, T: TryFrom<i128>> serde::Deserialize<'de> for Wide<T> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Wide<T>, D::Error> {
        struct Visit<T>(std::marker::PhantomData<T>);
        impl<T: TryFrom<i128>> serde::de::Visitor<'_> for Visit<T> {
            type Value = Wide<T>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a number")
            }
            fn visit_i64<E: serde::de::Error>(self, n: i64) -> Result<Wide<T>, E> {
                self.visit_i128(i128::from(n))
            }
            fn visit_u64<E: serde::de::Error>(self, n: u64) -> Result<Wide<T>, E> {
                self.visit_i128(i128::from(n))
            }
            fn visit_i128<E: serde::de::Error>(self, n: i128) -> Result<Wide<T>, E> {
                let given = Given::from(n);
                Ok(Wide(given.fit().ok_or(given)))
            }
            fn visit_u128<E: serde::de::Error>(self, n: u128) -> Result<Wide<T>, E> {
                match i128::try_from(n) {
                    Ok(n) => self.visit_i128(n),
                    Err(_) => Ok(Wide(Err(Given::float(n as f64)))),
                }
            }
            fn visit_f64<E: serde::de::Error>(self, x: f64) -> Result<Wide<T>, E> {
                Ok(Wide(Err(Given::float(x))))
            }
        }
        d.deserialize_any(Visit(std::marker::PhantomData))
    }
}

#[cfg(all(test, feature = "serde"))]
mod tests {
    use super::*;

    fn read<T: TryFrom<i128>>(json: &str) -> Result<T, String> {
        let wide: Wide<T> = serde_json::from_str(json).map_err(|e| e.to_string())?;
        wide.or(|n| format!("not {n}"))
    }

    #[test]
    fn a_number_that_fits_is_read_and_any_other_is_kept_as_given() {
        assert_eq!(read::<u8>("255"), Ok(255));
        assert_eq!(read::<u8>("256"), Err("not 256".into()));
        assert_eq!(read::<u16>("70000"), Err("not 70000".into()));
        assert_eq!(read::<u32>("4294967296"), Err("not 4294967296".into()));
        assert_eq!(read::<u32>("-1"), Err("not -1".into()));
        assert_eq!(read::<u16>("2.5"), Err("not 2.5".into()));
        assert_eq!(read::<u16>("3.0"), Err("not 3.0".into()));
        assert_eq!(
            read::<u8>("-9223372036854775808"),
            Err("not -9223372036854775808".into())
        );
        assert_eq!(read::<u64>("18446744073709551615"), Ok(u64::MAX));
        assert_eq!(
            read::<u8>("1e400").map_err(|e| e.contains("number out of range")),
            Err(true)
        );
    }

    #[test]
    fn what_is_no_number_is_a_type_error() {
        let e = read::<u8>("\"three\"").unwrap_err();
        assert!(e.contains("expected a number"), "{e}");
    }
}
