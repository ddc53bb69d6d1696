//! [`Rules`]: every option the rules file names, as data.

use cards_core::{MAX_SEATS, Suit};

use crate::error::SetupError;

/// How many 52-card decks are shuffled together (H1).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub enum Decks {
    /// One deck up to four players, ⌈players / 4⌉ above that.
    #[default]
    Auto,
    /// A fixed number of decks, 1 to 3.
    Fixed(u8),
}

/// When a player may take the pile (H7).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub enum PickUp {
    /// Only a player who cannot play picks up.
    #[default]
    WhenStuck,
    /// At the start of his turn a player may pick up a non-empty pile even if he could play.
    Voluntary,
}

/// How many players a play of eights skips (H15).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub enum Eights {
    /// Each eight of the play skips one player.
    #[default]
    SkipPerEight,
    /// One skip per play, however many eights (the seed's literal wording).
    OneSkip,
}

/// How a play of kings changes the direction (H18).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub enum Kings {
    /// A play of kings reverses once.
    #[default]
    ReverseOnce,
    /// Each king reverses (an even number of kings keeps the direction).
    EachReverses,
}

/// House rules; `Rules::default()` is the rules file's standard game.
///
/// ```
/// use shithead::{Rules, Decks};
/// let r = Rules::default();
/// assert_eq!(r.decks, Decks::Auto);
/// assert_eq!(r.max_actions, 10_000);
/// assert_eq!(r.decks_for(5), Some(2));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct Rules {
    /// H1: the number of decks.
    pub decks: Decks,
    /// H4: suits from lowest to highest for the worst card (default ♣ ♦ ♥ ♠).
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_util::suits"))]
    pub suit_order: [Suit; 4],
    /// H7: whether picking up is voluntary.
    pub pick_up: PickUp,
    /// H15: skips per eight.
    pub eights: Eights,
    /// H18: reversal per king.
    pub kings: Kings,
    /// H22: the game ends after this many player actions (chance not counted).
    pub max_actions: u32,
}

impl Default for Rules {
    fn default() -> Rules {
        Rules {
            decks: Decks::Auto,
            suit_order: [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades],
            pick_up: PickUp::WhenStuck,
            eights: Eights::SkipPerEight,
            kings: Kings::ReverseOnce,
            max_actions: 10_000,
        }
    }
}

impl Rules {
    /// The number of decks for `players`, or `None` when the fixed count is
    /// not 1 to 3 (H1).
    pub fn decks_for(&self, players: usize) -> Option<u8> {
        match self.decks {
            Decks::Auto => u8::try_from(players.div_ceil(4).max(1))
                .ok()
                .filter(|&d| d <= 3),
            Decks::Fixed(d) => (1..=3).contains(&d).then_some(d),
        }
    }
}

pub(crate) fn check_rules(rules: &Rules, seats: usize) -> Result<u8, SetupError> {
    if !(2..=MAX_SEATS).contains(&seats) {
        return Err(SetupError::Players(seats));
    }
    let decks = rules.decks_for(seats).ok_or(SetupError::Decks)?;
    if 52 * decks as usize > 0 && 9 * seats > 52 * decks as usize {
        return Err(SetupError::TooFewCards {
            decks,
            players: seats,
        });
    }
    let mut seen = [false; 4];
    for s in rules.suit_order {
        if std::mem::replace(&mut seen[s.index()], true) {
            return Err(SetupError::SuitOrder);
        }
    }
    if rules.max_actions == 0 {
        return Err(SetupError::ActionLimit);
    }
    Ok(decks)
}
