//! Errors: illegal actions and host operations, bad setups, unreadable text.

use cards_core::{Given, NoSuchSeat};
use thiserror::Error;

/// Why an action or host operation was refused; the message names the rule.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Error)]
pub enum Illegal {
    /// Nothing can be played after the game ended; `clause` is the one that ended it:
    /// one player left (T13), the round limit (T13.2) or a leave (T16.1).
    #[error("the game is over: {why} ({clause})")]
    GameOver {
        /// How it ended.
        why: &'static str,
        /// The clause that ended it.
        clause: &'static str,
    },
    /// A chance step is pending; players wait. `step` names it and `clause` is the
    /// clause that calls for it (T3, T5.1, T7, T12.6, T12.7, T12.8, T12.11, T12.12).
    #[error("a chance step is pending ({step}), so no player may act ({clause})")]
    ChancePending {
        /// The pending chance step, in words.
        step: &'static str,
        /// Its clause.
        clause: &'static str,
    },
    /// A chance outcome given while a player is to act; `step` and `clause` name the
    /// player's step.
    #[error("chance outcomes are applied only at a chance step, not at {step} ({clause})")]
    NotChance {
        /// The player's step, in words.
        step: &'static str,
        /// Its clause.
        clause: &'static str,
    },
    /// A chance outcome that cannot happen here (its weight is zero).
    #[error("this chance outcome cannot happen at {step}: its count is zero ({clause})")]
    ImpossibleOutcome {
        /// The pending chance step, in words.
        step: &'static str,
        /// Its clause.
        clause: &'static str,
    },
    /// The wrong kind of chance outcome for the pending step (a card for a trump's
    /// step, say).
    #[error("this chance outcome does not belong to the pending chance step, {step} ({clause})")]
    WrongStep {
        /// The pending chance step, in words.
        step: &'static str,
        /// Its clause.
        clause: &'static str,
    },
    /// After a card taken in one's own turn only reveal (on the target) or end are allowed.
    #[error(
        "after taking a card in his turn a player may only reveal (on the target) or end the turn (T11.1)"
    )]
    LandedChoice,
    /// End is only a choice at the closing step after a card taken in one's own turn.
    #[error(
        "ending the turn without a round action is only allowed after taking a card in his turn (T11.1)"
    )]
    EndNotAllowed,
    /// No number card is left anywhere.
    #[error("no number card is left in the deck or the discards, so drawing is not allowed (T6.1)")]
    NothingToDraw,
    /// Reveal needs a hidden card and a total equal to the target.
    #[error("reveal needs an unrevealed hidden card and a total equal to the target (T11.1)")]
    CannotReveal,
    /// The player holds no hidden trump of that kind.
    #[error("the player holds no hidden trump of that kind (T12.0)")]
    TrumpNotHeld,
    /// The play names a kind in the form of another kind.
    #[error("this trump is not played in that form (T12.0)")]
    WrongForm,
    /// The named seat is not an active player.
    #[error("the chosen seat is not an active player (T12.2)")]
    NotActive,
    /// The named seat is not an active opponent, which Love your enemy (T12.6), Destroy
    /// of a hidden trump (T12.7) and Exchange (T12.8) need; the message names the
    /// clause of the trump played.
    #[error("the seat chosen for {trump} must be an active opponent ({clause})")]
    NotOpponent {
        /// The title of the trump being played.
        trump: &'static str,
        /// Its clause.
        clause: &'static str,
    },
    /// No open trump of that kind lies at that player.
    #[error("no open trump of that kind lies at that player (T12.7)")]
    NoSuchOpenTrump,
    /// That player holds no hidden trump.
    #[error("that player holds no hidden trump to choose (T12.7)")]
    NoHiddenTrump,
    /// Destroy with no effect while a trump could be destroyed.
    #[error("destroy must name a trump while one can be destroyed (T12.7)")]
    DestroyMustTarget,
    /// During an Exchange only its steps are allowed.
    #[error("while choosing an exchange the player may only take, give or say done (T12.8)")]
    ExchangePending,
    /// Take, give and done belong to an Exchange in progress.
    #[error("take, give and done are steps of an exchange in progress (T12.8)")]
    NoExchange,
    /// Exchange counts out of range.
    #[error("an exchange takes at most as many trumps as it gives, and at most 2 (T12.8)")]
    ExchangeCounts,
    /// Exchange items not in canonical order.
    #[error(
        "exchange items are chosen in canonical order: takes before gives, and within each list open trumps before hidden ones, kinds in T2 order (T12.8)"
    )]
    ExchangeOrder,
    /// Exchange names trumps the players do not hold.
    #[error(
        "the exchange names trumps that the players do not hold, or one more than can still be matched by gives (T12.8)"
    )]
    ExchangeItems,
    /// Trump Switch sets aside more than the player holds.
    #[error(
        "trump switch cannot set aside more trumps than the player's other hidden trumps (T12.11)"
    )]
    SwitchTooMany,
    /// Only an active player can leave.
    #[error("only an active player can leave (T16)")]
    LeaveNotActive,
    /// A host operation names a seat that is not at the table (T4, T16).
    #[error(transparent)]
    NoSuchSeat(#[from] NoSuchSeat),
    /// Leaving is a host operation between chance steps.
    #[error("a player can leave only while a player is to act (T16)")]
    LeaveAtChance,
}

/// Why a game or position could not be set up.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Error)]
pub enum SetupError {
    /// Seat count outside 2–8.
    #[error("trump 21 needs 2 to 8 players, not {0} (T4)")]
    Seats(usize),
    /// Copies per value outside 1–4.
    #[error("copies per number value must be 1 to 4, not {0} (T1)")]
    Copies(Given),
    /// Too many trump cards.
    #[error("the trump deck may hold at most 64 cards, not {0} (T2)")]
    TrumpDeck(Given),
    /// A count of one trump kind outside 0–64.
    #[error("a trump kind's count must be 0 to 64, not {0} (T2)")]
    TrumpCount(Given),
    /// Gamble weights both zero.
    #[error("the gamble needs a positive total weight (T7)")]
    Gamble,
    /// A gamble weight that is no `u32`.
    #[error("each gamble weight must be 0 to 4294967295, not {0} (T7)")]
    GambleWeight(Given),
    /// Lives outside 1–255.
    #[error("players must start with 1 to 255 lives, not {0} (T4)")]
    Lives(Given),
    /// A fixed round damage outside 0–255.
    #[error("the fixed round damage must be 0 to 255, not {0} (T4)")]
    Damage(Given),
    /// Round limit outside 1–1000.
    #[error("the round limit must be 1 to 1000, not {0} (T13.2)")]
    RoundLimit(Given),
    /// Too few number cards for the deal.
    #[error("the number deck must hold two cards per player for the deal (T5)")]
    DeckTooSmall,
    /// A hand-built or loaded position breaks an invariant.
    #[error("inconsistent position: {0}")]
    Inconsistent(&'static str),
    /// A hand-built position places more of a card or trump than the decks hold:
    /// the message names it, the seat and the place.
    #[error("{0}")]
    Placement(String),
    /// A view (read from outside) that no position could show.
    #[error("inconsistent view: {0}")]
    View(&'static str),
}

/// Text that is not an action, host operation or trump kind.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Error)]
#[error("{what}: {text}")]
pub struct ParseError {
    what: &'static str,
    text: String,
}

impl ParseError {
    pub(crate) fn new(what: &'static str, text: &str) -> ParseError {
        ParseError {
            what,
            // Quoted, escaped and capped (cards_core::text::ECHO_LIMIT characters), so a
            // megabyte of input never comes back in the message (issue 13).
            text: cards_core::text::echo(text).to_string(),
        }
    }

    /// What was expected, without the echoed input.
    pub fn expected(&self) -> &'static str {
        self.what
    }
}
