//! serde helpers: ranks and suit orders.

/// A suit order as a four-letter string, lowest first: `"CDHS"`.
pub(crate) mod suits {
    use cards_core::Suit;
    use serde::{Deserialize, Deserializer, Serializer};

    pub(crate) fn serialize<S: Serializer>(v: &[Suit; 4], s: S) -> Result<S::Ok, S::Error> {
        let text: String = v.iter().map(|x| x.letter()).collect();
        s.serialize_str(&text)
    }

    pub(crate) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<[Suit; 4], D::Error> {
        let text = String::deserialize(d)?;
        let suits: Vec<Suit> = text
            .chars()
            .map(|c| {
                Suit::from_char(c)
                    .ok_or_else(|| serde::de::Error::custom(format_args!("{c:?} is not a suit")))
            })
            .collect::<Result<_, _>>()?;
        suits
            .try_into()
            .map_err(|_| serde::de::Error::custom("a suit order names four suits"))
    }
}

/// An optional rank as its letter (`"7"`, `"T"`) or null.
pub(crate) mod rank_opt {
    use cards_core::Rank;
    use serde::{Deserialize, Deserializer, Serializer};

    pub(crate) fn serialize<S: Serializer>(v: &Option<Rank>, s: S) -> Result<S::Ok, S::Error> {
        match v {
            Some(r) => s.serialize_some(&r.letter().to_string()),
            None => s.serialize_none(),
        }
    }

    pub(crate) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Rank>, D::Error> {
        let text = Option::<String>::deserialize(d)?;
        match text {
            None => Ok(None),
            Some(t) => {
                let mut cs = t.chars();
                match (cs.next().and_then(Rank::from_char), cs.next()) {
                    (Some(r), None) => Ok(Some(r)),
                    _ => Err(serde::de::Error::custom(format_args!(
                        "{t:?} is not a rank"
                    ))),
                }
            }
        }
    }
}
