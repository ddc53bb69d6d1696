//! Hand values (S13): the best suit's sum, 30½ for three of a rank, three aces
//! above all; the outcome's ranking (S19–S21) and the settlement (S20).

use std::fmt;

use cards_core::{CardSet, Outcome, Rank, Suit, deck};

use crate::rules::{AcesDisplay, MAX_SEATS};
use crate::state::{Fate, Schwimmen};

/// The value of a 3-card hand, ordered as the rules compare hands (S13, S15).
///
/// Order: three aces above 31 above 30½ above 30 … down to 8. The 30½ hands
/// (three of a rank) are equal in value; the order still ranks them by rank
/// (7 lowest), which is exactly the comparison S15 makes when the lowest value
/// is 30½. So "the hands equal to the smallest lose" is the whole of S15.
///
/// One byte: `points × 8` for a suit sum, `241 + rank` between 30 and 31 for
/// three of a rank, `255` for three aces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct HandValue(u8);

/// What kind of value a hand has.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ValueKind {
    /// The sum of the best suit, 8 to 31.
    Points(u8),
    /// Three cards of one rank (not aces): 30½.
    Triple(Rank),
    /// Three aces ("Feuer"): beats everything.
    ThreeAces,
}

/// Sum of the Schwimmen values of the cards in an 8-bit rank mask (bit 0 = 7 … bit 7 = ace).
const SUIT_SUM: [u8; 256] = {
    const VALUE: [u8; 8] = [7, 8, 9, 10, 10, 10, 10, 11];
    let mut t = [0u8; 256];
    let mut m = 0;
    while m < 256 {
        let mut s = 0u8;
        let mut b = 0;
        while b < 8 {
            if m >> b & 1 == 1 {
                s += VALUE[b];
            }
            b += 1;
        }
        t[m] = s;
        m += 1;
    }
    t
};

const DECK_BITS: u64 = deck::CARDS_32.bits();

/// Number of cards in an 8-bit rank mask.
const COUNT: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut m = 0;
    while m < 256 {
        t[m] = (m as u8).count_ones() as u8;
        m += 1;
    }
    t
};

/// [`PAIR`]: the number of cards, in bits 12–15 (adding two entries adds the counts).
const CARDS_SHIFT: u32 = 12;
/// [`PAIR`]: set when the two suits hold two cards of one rank, one in each.
const SAME_RANK: u16 = 1 << 10;

/// Two suits' 8-bit rank masks side by side (16 bits) → the [`HandValue`] code of
/// the better suit's sum in bits 0–7, [`SAME_RANK`], and the number of cards in
/// bits 12–15 (15 when the two suits hold more than three, so never a hand). Two
/// entries add without carries between the fields: codes sum below 512, and at
/// most one entry of a three-card hand has [`SAME_RANK`].
static PAIR: [u16; 1 << 16] = {
    let mut t = [15u16 << CARDS_SHIFT; 1 << 16];
    let mut i = 0;
    while i < 1 << 16 {
        let (lo, hi) = (i & 0xff, i >> 8);
        let cards = COUNT[lo] + COUNT[hi];
        if cards <= 3 {
            let (a, b) = (SUIT_SUM[lo], SUIT_SUM[hi]);
            let best = if a > b { a } else { b };
            let same = if cards == 2 && lo == hi { SAME_RANK } else { 0 };
            t[i] = (best as u16) << 3 | same | (cards as u16) << CARDS_SHIFT;
        }
        i += 1;
    }
    t
};

/// The hand's ranks 7 to ace (rank indices 5 to 12) as two 16-bit indices into
/// [`PAIR`]: clubs and diamonds, hearts and spades.
#[inline(always)]
fn suit_pairs(hand: CardSet) -> (usize, usize) {
    let x = hand.bits() >> 5;
    let lo = (x & 0xff) | (x >> 5 & 0xff00);
    let hi = (x >> 26 & 0xff) | (x >> 31 & 0xff00);
    (lo as usize, hi as usize)
}

impl HandValue {
    /// Three aces.
    pub const THREE_ACES: HandValue = HandValue(255);
    /// A 31.
    pub const THIRTY_ONE: HandValue = HandValue(31 << 3);
    /// The lowest possible value, 8 (e.g. 7♦ 7♣ 8♠).
    pub const LOWEST: HandValue = HandValue(8 << 3);

    /// The value of three distinct cards of the 32-card deck, without checking.
    ///
    /// Other sets give a meaningless (but never panicking) value; use
    /// [`hand_value`] for a checked call.
    #[inline]
    pub fn of_unchecked(hand: CardSet) -> HandValue {
        let (lo, hi) = suit_pairs(hand);
        HandValue::of_pairs(lo, hi, PAIR[lo], PAIR[hi])
    }

    /// The value from the two suit pairs and their [`PAIR`] entries.
    #[inline(always)]
    fn of_pairs(lo: usize, hi: usize, p: u16, q: u16) -> HandValue {
        // Three of a rank lie in three suits, so one pair holds two of them.
        if (p | q) & SAME_RANK != 0 {
            let both = lo | hi;
            let ranks = (both | both >> 8) & 0xff;
            if ranks & ranks.wrapping_sub(1) == 0 {
                let r = ranks.trailing_zeros() as u8;
                return if r == Rank::Ace as u8 - Rank::Seven as u8 {
                    HandValue::THREE_ACES
                } else {
                    HandValue(241u8.wrapping_add(r))
                };
            }
        }
        HandValue((p as u8).max(q as u8))
    }

    /// The ordering byte: `points × 8` for a suit sum, 241–247 for 30½ (by rank), 255
    /// for three aces. Comparing codes compares hands as S15 does.
    #[inline]
    pub const fn code(self) -> u8 {
        self.0
    }

    /// Compares by value alone (S13): every 30½ is equal (777 = QQQ), unlike
    /// `Ord`, which also orders them by rank for the tie-break of S15.
    ///
    /// ```
    /// use schwimmen::hand_value;
    /// use std::cmp::Ordering;
    /// let h = |s: &str| hand_value(s.parse().unwrap()).unwrap();
    /// assert_eq!(h("7C 7D 7S").cmp_value(h("QC QD QS")), Ordering::Equal);
    /// assert!(h("7C 7D 7S") < h("QC QD QS")); // the tie-break (S15)
    /// assert_eq!(h("AD KD TD").cmp_value(h("QC QD QS")), Ordering::Greater);
    /// assert!(h("AC KC 9C").same_value(h("AD KD 9D")));
    /// ```
    pub fn cmp_value(self, other: HandValue) -> std::cmp::Ordering {
        self.value_key().cmp(&other.value_key())
    }

    /// Whether two hands are worth the same (S13): [`HandValue::cmp_value`] is equal.
    pub fn same_value(self, other: HandValue) -> bool {
        self.value_key() == other.value_key()
    }

    /// The value in half points with three aces above all: what `cmp_value` compares.
    fn value_key(self) -> u8 {
        self.half_points().unwrap_or(u8::MAX)
    }

    /// The kind of value.
    pub fn kind(self) -> ValueKind {
        match self.0 {
            255 => ValueKind::ThreeAces,
            241..=247 => ValueKind::Triple(Rank::from_index(usize::from(self.0 - 241) + 5)),
            v => ValueKind::Points(v >> 3),
        }
    }

    /// The value in half points (a 30½ is 61); `None` for three aces, which have no
    /// points of their own (see [`AcesDisplay`]).
    pub fn half_points(self) -> Option<u8> {
        match self.kind() {
            ValueKind::Points(p) => Some(2 * p),
            ValueKind::Triple(_) => Some(61),
            ValueKind::ThreeAces => None,
        }
    }

    /// Whether the hand ends a round at once (S14 b): 31 or three aces.
    #[inline]
    pub fn ends_round(self) -> bool {
        self.0 >= HandValue::THIRTY_ONE.0
    }

    /// The value written with three aces shown as `aces` asks (S13).
    pub fn display(self, aces: AcesDisplay) -> impl fmt::Display {
        struct D(HandValue, AcesDisplay);
        impl fmt::Display for D {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                match (self.0.kind(), self.1) {
                    (ValueKind::ThreeAces, AcesDisplay::ThreeAces) => f.write_str("three aces"),
                    (ValueKind::ThreeAces, AcesDisplay::ThirtyTwo) => f.write_str("32"),
                    (ValueKind::ThreeAces, AcesDisplay::ThirtyThree) => f.write_str("33"),
                    (ValueKind::Triple(_), _) => f.write_str("30½"),
                    (ValueKind::Points(p), _) => write!(f, "{p}"),
                }
            }
        }
        D(self, aces)
    }
}

impl fmt::Display for HandValue {
    /// `20`, `30½`, `31`, `three aces`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.display(AcesDisplay::ThreeAces))
    }
}

/// The aces of the deck.
const ACE_BITS: u64 = CardSet::rank(Rank::Ace).bits();
/// The cards worth 10 or 11: ten to ace.
const HIGH_BITS: u64 = CardSet::rank(Rank::Ten)
    .union(CardSet::rank(Rank::Jack))
    .union(CardSet::rank(Rank::Queen))
    .union(CardSet::rank(Rank::King))
    .bits()
    | ACE_BITS;

/// Whether three distinct cards of the 32-card deck are a 31 or three aces, the
/// hands that end a round at once (S14 b), without working out the value.
///
/// Both need every card worth 10 or 11 and an ace among them; then three aces,
/// or all in one suit (an ace and two ten-cards) for 31.
#[inline]
pub(crate) fn ends_round(hand: CardSet) -> bool {
    let b = hand.bits();
    if b & !HIGH_BITS != 0 || b & ACE_BITS == 0 {
        return false;
    }
    let in_suit = |suit| b & !CardSet::suit(suit).bits() == 0;
    b & !ACE_BITS == 0
        || in_suit(Suit::Clubs)
        || in_suit(Suit::Diamonds)
        || in_suit(Suit::Hearts)
        || in_suit(Suit::Spades)
}

/// The value of a 3-card Schwimmen hand (S13), or `None` when `hand` is not
/// three cards of the 32-card deck.
///
/// The rules file's test facts:
/// ```
/// use schwimmen::{hand_value, HandValue};
/// let v = |s: &str| hand_value(s.parse().unwrap()).unwrap().to_string();
/// assert_eq!(v("QH TH JD"), "20");
/// assert_eq!(v("AC KC 9C"), "30");
/// assert_eq!(v("7D 7H 7S"), "30½");
/// assert_eq!(v("AD KD TD"), "31");
/// assert_eq!(v("9D JD AD"), "30");
/// assert_eq!(v("7H TH JH"), "27");
/// assert_eq!(v("AS 7S QC"), "18");
/// assert_eq!(v("JH QD KC"), "10");
/// assert_eq!(v("8C 8D 8S"), "30½");
/// assert_eq!(v("AD 7D TD"), "28");
/// assert_eq!(v("TH KH AH"), "31");
/// assert_eq!(v("7D 7C 8S"), "8");
/// assert_eq!(v("AC AD AH"), "three aces");
///
/// // Ordered: three aces > 31 > 30½ > 30, and 30½ hands by rank only as S15 needs.
/// let h = |s: &str| hand_value(s.parse().unwrap()).unwrap();
/// assert!(h("AC AD AS") > h("AD KD TD"));
/// assert!(h("AD KD TD") > h("KC KD KS"));
/// assert!(h("7C 7D 7S") > h("AC KC 9C"));
/// assert!(h("8C 8D 8S") > h("7C 7D 7S"));
/// assert_eq!(h("7D 7C 8S"), HandValue::LOWEST);
/// assert_eq!(h("KC KD KS").half_points(), Some(61));
/// assert_eq!(hand_value("2C 3C 4C".parse().unwrap()), None);
/// assert_eq!(hand_value("AC KC".parse().unwrap()), None);
/// ```
#[inline]
pub fn hand_value(hand: CardSet) -> Option<HandValue> {
    if hand.bits() & !DECK_BITS != 0 {
        return None;
    }
    let (lo, hi) = suit_pairs(hand);
    let (p, q) = (PAIR[lo], PAIR[hi]);
    if p.wrapping_add(q) >> CARDS_SHIFT != 3 {
        return None;
    }
    Some(HandValue::of_pairs(lo, hi, p, q))
}

impl Schwimmen {
    /// The outcome's ranking keys: higher is better (S19.1, S20, S21).
    pub(crate) fn rank_keys(&self) -> [u16; MAX_SEATS] {
        let mut keys = [0u16; MAX_SEATS];
        for (i, k) in keys.iter_mut().enumerate().take(usize::from(self.n)) {
            *k = match self.fate[i] {
                Fate::Active => 0x8000 + u16::from(self.lives[i]),
                Fate::Drowned(r) => {
                    // Drowned in a round below the round limit (at most 10,000, S19.1).
                    debug_assert!(r < 0x4000);
                    0x4000 | r
                }
                Fate::Left(order) => u16::from(order),
            };
        }
        keys
    }
}

/// The settlement of seed 003 (S20): what each seat pays, by seat: the player in
/// place k pays k units (1 franc for 1st, 2 for 2nd, …); shared places pay alike.
///
/// ```
/// use cards_core::Outcome;
/// let o = Outcome::from_places(&[2, 1, 2, 4])?;
/// assert_eq!(schwimmen::settlement(&o), [2, 1, 2, 4]);
/// # Ok::<(), cards_core::OutcomeError>(())
/// ```
pub fn settlement(outcome: &Outcome) -> Vec<u32> {
    outcome.places().iter().map(|&p| u32::from(p)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_round_trip_and_order() {
        let t: CardSet = "QC QD QS".parse().unwrap();
        let v = hand_value(t).unwrap();
        assert_eq!(v.kind(), ValueKind::Triple(Rank::Queen));
        assert!(v < HandValue::THIRTY_ONE && v > HandValue(30 << 3));
        assert!(HandValue::THIRTY_ONE.ends_round() && HandValue::THREE_ACES.ends_round());
        assert!(!v.ends_round());
    }

    #[test]
    fn s13_only_three_cards_of_the_32_card_deck_have_a_value() {
        let cards: Vec<_> = deck::CARDS_32.iter().collect();
        assert_eq!(hand_value(CardSet::EMPTY), None);
        for (i, &a) in cards.iter().enumerate() {
            assert_eq!(hand_value(CardSet::single(a)), None);
            for (j, &b) in cards.iter().enumerate().skip(i + 1) {
                let two = CardSet::single(a) | CardSet::single(b);
                assert_eq!(hand_value(two), None, "{two}");
                for (k, &c) in cards.iter().enumerate().skip(j + 1) {
                    for &d in &cards[k + 1..] {
                        let four = two | CardSet::single(c) | CardSet::single(d);
                        assert_eq!(hand_value(four), None, "{four}");
                    }
                }
            }
        }
        // A card below seven makes any set no hand, even with two deck cards.
        let low: CardSet = "2C 7D 8H".parse().expect("cards");
        assert_eq!(hand_value(low), None);
        assert_eq!(hand_value(deck::CARDS_32), None);
    }

    #[test]
    fn s14_fast_round_end_check_agrees_with_the_value_on_every_hand() {
        let cards: Vec<_> = deck::CARDS_32.iter().collect();
        let mut ending = 0;
        for (i, &a) in cards.iter().enumerate() {
            for (j, &b) in cards.iter().enumerate().skip(i + 1) {
                for &c in &cards[j + 1..] {
                    let hand: CardSet = [a, b, c].into_iter().collect();
                    let slow = hand_value(hand).expect("three cards").ends_round();
                    assert_eq!(ends_round(hand), slow, "{hand}");
                    ending += usize::from(slow);
                }
            }
        }
        // 24 hands of 31 (4 suits, ace and two of four ten-cards) and 4 of three aces.
        assert_eq!(ending, 28);
        assert_eq!(
            HandValue::THREE_ACES
                .display(AcesDisplay::ThirtyThree)
                .to_string(),
            "33"
        );
    }
}
