//! Suits, ranks and cards, with their text forms.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

/// One of the four French suits.
///
/// The order (`Clubs < Diamonds < Hearts < Spades`) is the order of
/// [`Suit::ALL`] and of iteration over a [`CardSet`](crate::CardSet).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Suit {
    /// ♣, written `C`.
    Clubs = 0,
    /// ♦, written `D`.
    Diamonds = 1,
    /// ♥, written `H`.
    Hearts = 2,
    /// ♠, written `S`.
    Spades = 3,
}

impl Suit {
    /// All four suits in order.
    pub const ALL: [Suit; 4] = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades];

    /// The suit's index, 0 to 3.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The suit with the given index.
    ///
    /// # Panics
    /// When `index > 3`.
    #[inline]
    pub const fn from_index(index: usize) -> Suit {
        Suit::ALL[index]
    }

    /// The letter used in text: `C`, `D`, `H` or `S`.
    pub const fn letter(self) -> char {
        match self {
            Suit::Clubs => 'C',
            Suit::Diamonds => 'D',
            Suit::Hearts => 'H',
            Suit::Spades => 'S',
        }
    }

    /// The suit symbol: `♣`, `♦`, `♥` or `♠`.
    pub const fn symbol(self) -> char {
        match self {
            Suit::Clubs => '♣',
            Suit::Diamonds => '♦',
            Suit::Hearts => '♥',
            Suit::Spades => '♠',
        }
    }

    /// Reads a letter (any case) or a symbol, filled or outlined.
    pub const fn from_char(c: char) -> Option<Suit> {
        match c {
            'c' | 'C' | '♣' | '♧' => Some(Suit::Clubs),
            'd' | 'D' | '♦' | '♢' => Some(Suit::Diamonds),
            'h' | 'H' | '♥' | '♡' => Some(Suit::Hearts),
            's' | 'S' | '♠' | '♤' => Some(Suit::Spades),
            _ => None,
        }
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Suit {
    /// The one-letter text form.
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_char(self.letter())
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Suit {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Suit, D::Error> {
        let text = String::deserialize(d)?;
        let mut chars = text.chars();
        match (chars.next().and_then(Suit::from_char), chars.next()) {
            (Some(v), None) => Ok(v),
            _ => Err(serde::de::Error::custom(format_args!(
                "{text:?} is not a suit"
            ))),
        }
    }
}

impl fmt::Display for Suit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// A rank from two to ace, ordered `Two < … < King < Ace`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Rank {
    /// 2
    Two = 0,
    /// 3
    Three = 1,
    /// 4
    Four = 2,
    /// 5
    Five = 3,
    /// 6
    Six = 4,
    /// 7
    Seven = 5,
    /// 8
    Eight = 6,
    /// 9
    Nine = 7,
    /// 10, written `T` (and read as `10` too).
    Ten = 8,
    /// Jack, `J`.
    Jack = 9,
    /// Queen, `Q`.
    Queen = 10,
    /// King, `K`.
    King = 11,
    /// Ace, `A`.
    Ace = 12,
}

impl Rank {
    /// All thirteen ranks, two first.
    pub const ALL: [Rank; 13] = [
        Rank::Two,
        Rank::Three,
        Rank::Four,
        Rank::Five,
        Rank::Six,
        Rank::Seven,
        Rank::Eight,
        Rank::Nine,
        Rank::Ten,
        Rank::Jack,
        Rank::Queen,
        Rank::King,
        Rank::Ace,
    ];

    /// The rank's index, 0 (two) to 12 (ace).
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The rank with the given index.
    ///
    /// # Panics
    /// When `index > 12`.
    #[inline]
    pub const fn from_index(index: usize) -> Rank {
        Rank::ALL[index]
    }

    /// The pip number: 2 to 10, then 11 (jack) to 14 (ace).
    #[inline]
    pub const fn number(self) -> u8 {
        self as u8 + 2
    }

    /// The character used in text: `2`–`9`, `T`, `J`, `Q`, `K`, `A`.
    pub const fn letter(self) -> char {
        b"23456789TJQKA"[self as usize] as char
    }

    /// Reads one rank character (any case); `10` is handled by [`Card`]'s parser.
    pub const fn from_char(c: char) -> Option<Rank> {
        Some(match c {
            '2' => Rank::Two,
            '3' => Rank::Three,
            '4' => Rank::Four,
            '5' => Rank::Five,
            '6' => Rank::Six,
            '7' => Rank::Seven,
            '8' => Rank::Eight,
            '9' => Rank::Nine,
            't' | 'T' => Rank::Ten,
            'j' | 'J' => Rank::Jack,
            'q' | 'Q' => Rank::Queen,
            'k' | 'K' => Rank::King,
            'a' | 'A' => Rank::Ace,
            _ => return None,
        })
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Rank {
    /// The one-letter text form.
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_char(self.letter())
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Rank {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Rank, D::Error> {
        let text = String::deserialize(d)?;
        let mut chars = text.chars();
        match (chars.next().and_then(Rank::from_char), chars.next()) {
            (Some(v), None) => Ok(v),
            _ => Err(serde::de::Error::custom(format_args!(
                "{text:?} is not a rank"
            ))),
        }
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// Each card byte's rank (`byte % 13`), looked up instead of divided: 256
/// entries, so no bounds check (bytes past the deck are never cards).
const CARD_RANK: [Rank; 256] = {
    let mut out = [Rank::Two; 256];
    let mut i = 0;
    while i < Card::COUNT {
        out[i] = Rank::from_index(i % 13);
        i += 1;
    }
    out
};

/// Each card byte's suit (`byte / 13`), as [`CARD_RANK`].
const CARD_SUIT: [Suit; 256] = {
    let mut out = [Suit::Clubs; 256];
    let mut i = 0;
    while i < Card::COUNT {
        out[i] = Suit::from_index(i / 13);
        i += 1;
    }
    out
};

/// Every card's text (`7H`) in index order, two letters a card: looked up
/// instead of formatted, as the server writes a card into nearly every
/// frame it sends.
static CARD_TEXT: &str = {
    const LETTERS: [u8; 2 * Card::COUNT] = {
        let mut out = [0; 2 * Card::COUNT];
        let mut i = 0;
        while i < Card::COUNT {
            out[2 * i] = Rank::from_index(i % 13).letter() as u8;
            out[2 * i + 1] = Suit::from_index(i / 13).letter() as u8;
            i += 1;
        }
        out
    };
    match std::str::from_utf8(&LETTERS) {
        Ok(text) => text,
        Err(_) => panic!("rank and suit letters are ASCII"),
    }
};

/// A playing card: one byte, `suit * 13 + rank`.
///
/// Prints the short upper-case form, rank then suit: `7H`, `TS`. Reads that
/// form and its documented aliases, nothing else: rank and suit letters in
/// either case, `10` for `T`, and the suit symbols `♣ ♦ ♥ ♠` (or outlined
/// `♧ ♢ ♡ ♤`) for `C D H S`. No spaces around it, no sign, no leading zero
/// (`010S` is not a card), no other characters.
///
/// ```
/// use cards_core::{Card, Rank, Suit};
/// let c: Card = "10♠".parse()?;
/// assert_eq!(c, Card::new(Rank::Ten, Suit::Spades));
/// assert_eq!(c.to_string(), "TS");
/// assert_eq!("qd".parse::<Card>()?.to_string(), "QD");
/// # Ok::<(), cards_core::ParseCardError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Card(u8);

impl Card {
    /// Number of distinct cards in a French deck.
    pub const COUNT: usize = 52;

    /// The card of this rank and suit.
    #[inline]
    pub const fn new(rank: Rank, suit: Suit) -> Card {
        Card(suit as u8 * 13 + rank as u8)
    }

    /// The card with index `0..52` (`suit * 13 + rank`), or `None`.
    #[inline]
    pub const fn from_index(index: usize) -> Option<Card> {
        if index < Card::COUNT {
            Some(Card(index as u8))
        } else {
            None
        }
    }

    /// The card's index, `suit * 13 + rank`, below 52.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The card's text, rank then suit letter (`7H`, `TS`): what it prints.
    #[inline]
    pub fn text(self) -> &'static str {
        let i = 2 * self.0 as usize;
        &CARD_TEXT[i..i + 2]
    }

    /// The card's rank.
    #[inline]
    pub const fn rank(self) -> Rank {
        CARD_RANK[self.0 as usize]
    }

    /// The card's suit.
    #[inline]
    pub const fn suit(self) -> Suit {
        CARD_SUIT[self.0 as usize]
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.text())
    }
}

impl fmt::Debug for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Writes cards separated by single spaces, or `-` when there are none: the text
/// form of every card list in this library.
///
/// ```
/// use std::fmt;
/// struct Hand(Vec<cards_core::Card>);
/// impl fmt::Display for Hand {
///     fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
///         cards_core::card::write_cards(f, self.0.iter().copied())
///     }
/// }
/// let hand = Hand(vec!["AS".parse()?, "7H".parse()?]);
/// assert_eq!(hand.to_string(), "AS 7H");
/// assert_eq!(Hand(vec![]).to_string(), "-");
/// # Ok::<(), cards_core::ParseCardError>(())
/// ```
pub fn write_cards(
    f: &mut fmt::Formatter<'_>,
    cards: impl IntoIterator<Item = Card>,
) -> fmt::Result {
    let mut any = false;
    for c in cards {
        if any {
            f.write_str(" ")?;
        }
        write!(f, "{c}")?;
        any = true;
    }
    if !any {
        f.write_str("-")?;
    }
    Ok(())
}

/// Why a text is not a card.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{text:?} is not a card: write rank then suit, like 7H, TS, 10S or Q♦")]
pub struct ParseCardError {
    text: String,
}

impl FromStr for Card {
    type Err = ParseCardError;

    fn from_str(s: &str) -> Result<Card, ParseCardError> {
        let err = || ParseCardError { text: s.to_owned() };
        let mut chars = s.chars();
        let suit = chars
            .next_back()
            .and_then(Suit::from_char)
            .ok_or_else(err)?;
        let rank = match chars.as_str() {
            "10" => Rank::Ten,
            r => {
                let mut rc = r.chars();
                match (rc.next(), rc.next()) {
                    (Some(c), None) => Rank::from_char(c).ok_or_else(err)?,
                    _ => return Err(err()),
                }
            }
        };
        Ok(Card::new(rank, suit))
    }
}

impl TryFrom<String> for Card {
    type Error = ParseCardError;
    fn try_from(s: String) -> Result<Card, ParseCardError> {
        s.parse()
    }
}

impl From<Card> for String {
    fn from(c: Card) -> String {
        c.to_string()
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Card {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.text())
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Card {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Card, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_card_round_trips_and_indexes_agree() {
        for i in 0..52 {
            let c = Card::from_index(i).unwrap();
            assert_eq!(c.index(), i);
            assert_eq!(Card::new(c.rank(), c.suit()), c);
            assert_eq!(c.to_string().parse::<Card>().unwrap(), c);
            let letters: String = [c.rank().letter(), c.suit().letter()].into_iter().collect();
            assert_eq!(c.text(), letters);
            assert_eq!(c.to_string(), letters);
        }
        assert_eq!(Card::from_index(52), None);
    }

    #[test]
    fn accepts_the_documented_spellings_and_refuses_others() {
        let ts = Card::new(Rank::Ten, Suit::Spades);
        for t in ["TS", "ts", "10S", "10s", "T♠", "10♤", "tS"] {
            assert_eq!(t.parse::<Card>(), Ok(ts), "{t}");
        }
        assert_eq!("7♥".parse::<Card>().unwrap().to_string(), "7H");
        for bad in [
            "",
            "T",
            "S",
            "1S",
            "11S",
            "TX",
            "TSS",
            "♠T",
            "AH7",
            "0S",
            " TS",
            "TS ",
            "T S",
            "010S",
            "+TS",
            "\u{feff}TS",
        ] {
            assert!(bad.parse::<Card>().is_err(), "{bad}");
        }
    }
}

#[cfg(test)]
mod text_form_props {
    use proptest::prelude::*;

    use super::*;

    /// A spelling of a rank: the letter, in lower case, `10` for ten, or a
    /// near miss (a leading zero, a sign, a space); `true` when it is an alias.
    fn rank_spelling(r: Rank) -> impl Strategy<Value = (String, bool)> {
        let l = r.letter();
        let mut forms = vec![
            (l.to_string(), true),
            (l.to_ascii_lowercase().to_string(), true),
            (format!("0{l}"), false),
            (format!("+{l}"), false),
            (format!("{l} "), false),
            (String::new(), false),
        ];
        if r == Rank::Ten {
            forms.extend([
                ("10".into(), true),
                ("010".into(), false),
                ("1 0".into(), false),
            ]);
        }
        proptest::sample::select(forms)
    }

    fn suit_spelling(s: Suit) -> impl Strategy<Value = (String, bool)> {
        let l = s.letter();
        let outlined = match s {
            Suit::Clubs => '♧',
            Suit::Diamonds => '♢',
            Suit::Hearts => '♡',
            Suit::Spades => '♤',
        };
        proptest::sample::select(vec![
            (l.to_string(), true),
            (l.to_ascii_lowercase().to_string(), true),
            (s.symbol().to_string(), true),
            (outlined.to_string(), true),
            (format!("{l}{l}"), false),
            (format!(" {l}"), false),
            (String::new(), false),
        ])
    }

    fn near_card() -> impl Strategy<Value = (Card, String, bool)> {
        (0..Card::COUNT).prop_flat_map(|i| {
            let c = Card::from_index(i).unwrap_or(Card::new(Rank::Two, Suit::Clubs));
            let around = proptest::sample::select(vec![
                ("", "", true),
                (" ", "", false),
                ("", " ", false),
                ("", "\n", false),
                ("-", "", false),
            ]);
            (rank_spelling(c.rank()), suit_spelling(c.suit()), around).prop_map(
                move |((r, rok), (s, sok), (pre, post, aok))| {
                    (c, format!("{pre}{r}{s}{post}"), rok && sok && aok)
                },
            )
        })
    }

    proptest! {
        /// A card text parses exactly when it is the canonical form or one of the
        /// documented aliases, and what it parses to prints back canonically.
        #[test]
        fn a_card_text_parses_iff_canonical_or_an_alias((card, text, alias) in near_card()) {
            match text.parse::<Card>() {
                Ok(c) => {
                    prop_assert!(alias, "{text:?} was accepted as {c}");
                    prop_assert_eq!(c, card);
                    prop_assert_eq!(c.to_string().parse::<Card>(), Ok(c));
                }
                Err(_) => prop_assert!(!alias, "{text:?} was refused"),
            }
        }
    }
}
