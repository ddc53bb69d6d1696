//! [`Rules`]: every option the rules file names, as data.

#[cfg(feature = "serde")]
use cards_core::Wide;
use cards_core::{Rank, Suit};

use crate::error::SetupError;

/// The fewest seats a game of Shithead has (H1).
pub const MIN_SEATS: usize = 2;
/// The most seats a game of Shithead has (H1): `cards_core::MAX_SEATS`.
pub const MAX_SEATS: usize = cards_core::MAX_SEATS;
/// The seat count the examples and tools use when none is given.
pub const DEFAULT_SEATS: usize = 4;

/// H4: the ranks that can be the worst hand card, worst first (2, 3 and 10
/// never are).
pub(crate) const OPENING_RANKS: [Rank; 10] = [
    Rank::Four,
    Rank::Five,
    Rank::Six,
    Rank::Seven,
    Rank::Eight,
    Rank::Nine,
    Rank::Jack,
    Rank::Queen,
    Rank::King,
    Rank::Ace,
];

/// H4: where `rank` stands in [`OPENING_RANKS`], worst first; `None` for a
/// rank that is never worst.
pub(crate) fn opening_rank(rank: Rank) -> Option<usize> {
    OPENING_RANKS.iter().position(|&r| r == rank)
}

/// How many 52-card decks are shuffled together (H1).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(rename_all = "snake_case", deny_unknown_fields, try_from = "DecksData")
)]
pub enum Decks {
    /// One deck up to four players, ⌈players / 4⌉ above that.
    #[default]
    Auto,
    /// A fixed number of decks, 1 to 3.
    Fixed(u8),
}

/// [`Decks`] as read, before its count is known to fit a `u8`.
#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
enum DecksData {
    Auto,
    Fixed(Wide<u8>),
}

#[cfg(feature = "serde")]
impl TryFrom<DecksData> for Decks {
    type Error = SetupError;
    fn try_from(d: DecksData) -> Result<Decks, SetupError> {
        Ok(match d {
            DecksData::Auto => Decks::Auto,
            DecksData::Fixed(n) => Decks::Fixed(n.or(SetupError::Decks)?),
        })
    }
}

/// When a player may take the pile (H7).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(rename_all = "snake_case", deny_unknown_fields)
)]
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
#[cfg_attr(
    feature = "serde",
    serde(rename_all = "snake_case", deny_unknown_fields)
)]
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
#[cfg_attr(
    feature = "serde",
    serde(rename_all = "snake_case", deny_unknown_fields)
)]
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
///
/// Every value `Game::new` accepts ends (H22): see [`Rules::max_steps`].
/// JSON is checked the same way when it is read ([`Rules::validate`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields, try_from = "RulesData"))]
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
    /// H22: the game ends after this many player actions (chance not
    /// counted), 1 to [`Rules::MAX_ACTIONS`].
    pub max_actions: u32,
}

/// The serialized form of [`Rules`], checked by [`Rules::validate`] on the way in.
#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct RulesData {
    decks: Decks,
    #[serde(with = "crate::serde_util::suits")]
    suit_order: [Suit; 4],
    pick_up: PickUp,
    eights: Eights,
    kings: Kings,
    max_actions: Wide<u32>,
}

#[cfg(feature = "serde")]
impl TryFrom<RulesData> for Rules {
    type Error = SetupError;
    fn try_from(d: RulesData) -> Result<Rules, SetupError> {
        let rules = Rules {
            decks: d.decks,
            suit_order: d.suit_order,
            pick_up: d.pick_up,
            eights: d.eights,
            kings: d.kings,
            max_actions: d.max_actions.or(SetupError::ActionLimit)?,
        };
        rules.validate()?;
        Ok(rules)
    }
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

// `SetupError::ActionLimit`'s message names the limit in figures (the error
// room imports no other room); it must stay the limit.
const _: () = assert!(Rules::MAX_ACTIONS == 100_000);

impl Rules {
    /// The largest action limit (H22): with it a game takes at most
    /// [`max_steps`](Rules::max_steps) steps: 400,100 with ten seats.
    pub const MAX_ACTIONS: u32 = 100_000;

    /// Checks the values that do not depend on the seat count: a fixed deck
    /// count of 1 to 3 (H1), a suit order naming each suit once (H4) and an
    /// action limit of 1 to [`MAX_ACTIONS`](Rules::MAX_ACTIONS) (H22).
    ///
    /// # Errors
    /// The [`SetupError`] naming the first bad value.
    pub fn validate(&self) -> Result<(), SetupError> {
        if let Decks::Fixed(d) = self.decks
            && !(1..=3).contains(&d)
        {
            return Err(SetupError::Decks(d.into()));
        }
        let mut seen = [false; 4];
        for s in self.suit_order {
            if std::mem::replace(&mut seen[s.index()], true) {
                return Err(SetupError::SuitOrder);
            }
        }
        if !(1..=Self::MAX_ACTIONS).contains(&self.max_actions) {
            return Err(SetupError::ActionLimit(self.max_actions.into()));
        }
        Ok(())
    }

    /// The most steps (chance steps, player actions and host operations) a
    /// game under these rules can take with `seats` players (H22): the deal
    /// (9 cards a seat), then `max_actions` player actions, each followed by
    /// at most three chance steps (a refill draws at most three cards; a blind
    /// play is followed by one turned card), the first two face-up picks of
    /// each seat (H3.1: only the third, which completes the choice, counts as
    /// an action), and one leave per seat.
    ///
    /// ```
    /// use shithead::Rules;
    /// assert_eq!(Rules::default().max_steps(4), 36 + 4 * 10_000 + 8 + 4);
    /// ```
    pub fn max_steps(&self, seats: usize) -> u64 {
        let seats = seats as u64;
        9 * seats + 4 * u64::from(self.max_actions) + 2 * seats + seats
    }

    /// H4: where `card` stands in the order of worst hand cards (rank first,
    /// then this suit order), or `None` for a 2, 3 or 10, which are never worst.
    pub(crate) fn opening_key(&self, card: cards_core::Card) -> Option<(usize, usize)> {
        let r = opening_rank(card.rank())?;
        Some((r, self.suit_order.iter().position(|&s| s == card.suit())?))
    }

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
    if !(MIN_SEATS..=MAX_SEATS).contains(&seats) {
        return Err(SetupError::Players(seats));
    }
    rules.validate()?;
    // After `validate`, only `Auto` with more than 12 players has no deck count.
    let decks = rules
        .decks_for(seats)
        .ok_or(SetupError::Decks(seats.div_ceil(4).into()))?;
    if 52 * decks as usize > 0 && 9 * seats > 52 * decks as usize {
        return Err(SetupError::TooFewCards {
            decks,
            players: seats,
        });
    }
    Ok(decks)
}
