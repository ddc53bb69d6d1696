//! Errors: refused actions ([`Illegal`]) and refused setups ([`SetupError`]).

use cards_core::{Given, NoSuchSeat};
use thiserror::Error;

/// Why an action was refused; each message names the rule with its clause.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Error)]
pub enum Illegal {
    /// Nothing happens after the end; `clause` is the one that ended it: a hand
    /// played out (C12.1), the turn limit (C12.2) or the passes (C12.3).
    #[error("the game is over: {why} ({clause})")]
    GameOver {
        /// How it ended.
        why: &'static str,
        /// The clause that ended it.
        clause: &'static str,
    },
    /// A chance step is due, not a player's move. `step` names it and `clause` is
    /// the clause that calls for it (C3, C4, C5, C9 or C11.3).
    #[error("a chance step is due ({step}): players move only after it ({clause})")]
    ChanceFirst {
        /// The chance step due, in words.
        step: &'static str,
        /// Its clause.
        clause: &'static str,
    },
    /// A chance outcome while a player is to act; `step` and `clause` name the
    /// player's step (C7, C8, C9, C11.3).
    #[error(
        "cards come from the stock and the dealer is chosen only at chance steps, not at {step} ({clause})"
    )]
    NotChance {
        /// The player's step, in words.
        step: &'static str,
        /// Its clause.
        clause: &'static str,
    },
    /// `dealer k` after the dealer is known, or a card while the dealer is chosen;
    /// `step` and `clause` name the chance step due (C3, C4, C5, C9, C11.3).
    #[error("the chance step due is {step}, not that one ({clause})")]
    WrongChanceStep {
        /// The chance step due, in words.
        step: &'static str,
        /// Its clause.
        clause: &'static str,
    },
    /// The dealer named is not at the table (C1, C3).
    #[error(transparent)]
    NoSuchSeat(#[from] NoSuchSeat),
    /// The card is not in the stock; `step` and `clause` name the chance step due
    /// (C4, C5, C9, C11.3).
    #[error("only a card of the stock can come at {step} ({clause})")]
    NotInStock {
        /// The chance step due, in words.
        step: &'static str,
        /// Its clause.
        clause: &'static str,
    },
    /// After an eight the same player names a suit first (C8).
    #[error("a suit must be named for the eight just played (C8)")]
    NominateFirst,
    /// A suit is named only right after an eight (C8).
    #[error("a suit is named only right after playing an eight (C8)")]
    NoEight,
    /// The card is not in the player's hand (C7).
    #[error("the card is not in the player's hand (C7)")]
    NotInHand,
    /// The card matches neither the suit to follow nor the top card's rank (C7).
    #[error(
        "a card must match the suit to follow or the rank of the top card, or be an eight (C7)"
    )]
    NoMatch,
    /// Twos are owed: only a two or a draw (C11.3).
    #[error("twos are owed: play a two or draw them (C11.3)")]
    TwosOwed,
    /// This turn's draws are used up (C9).
    #[error("no more than max_draw_cards cards may be drawn in a turn (C9)")]
    DrawLimit,
    /// The stock is empty (C10).
    #[error("the stock is empty (C10)")]
    StockEmpty,
    /// Passing needs the draws used up or an empty stock (C9.1, C10).
    #[error(
        "a player may pass only after drawing max_draw_cards cards or with an empty stock (C9.1, C10)"
    )]
    CannotPass,
}

/// Why a game or a setup was refused; each message names the rule with its clause.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Error)]
pub enum SetupError {
    /// Seats outside 2 to 10 (C1).
    #[error("crazy eights is played by 2 to 10 players here, not {0} (C1)")]
    Seats(usize),
    /// `max_draw_cards` is 0, or no `u8` (C2).
    #[error("max_draw_cards must be 1 to 255, not {0} (C2, C9)")]
    MaxDrawCards(Given),
    /// `max_turns` is 0, or no `u16` (C2).
    #[error("max_turns must be 1 to 65535, not {0} (C2, C12.2)")]
    MaxTurns(Given),
    /// The hands listed do not match the seat count (C1).
    #[error("one hand per seat is needed (C1)")]
    HandCount,
    /// A seat number beyond the table (C1).
    #[error("a seat named in the setup is not at the table (C1)")]
    SeatOutOfRange,
    /// Cards are missing, doubled or beyond the decks in play (C1).
    #[error(
        "hands, stock, discards and top card must hold every card of the decks in play exactly once per deck (C1)"
    )]
    NotConserved,
    /// Any other inconsistency, with the clause it breaks.
    #[error("{0}")]
    Inconsistent(&'static str),
}
