//! Errors: refused actions ([`Illegal`]) and refused setups ([`SetupError`]).

use cards_core::{Given, NoSuchSeat};
use thiserror::Error;

/// Why an action was refused; each message names the rule with its clause.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Error)]
pub enum Illegal {
    /// Nothing happens after the end (C12).
    #[error("the game is over (C12)")]
    GameOver,
    /// A chance step is due, not a player's move (C3, C4, C5, C9).
    #[error("a chance step is due: players move only after it (C3, C4, C5, C9)")]
    ChanceFirst,
    /// A chance outcome while a player is to act.
    #[error("cards come from the stock and the dealer is chosen only at chance steps (C3, C4)")]
    NotChance,
    /// `dealer k` after the dealer is known, or a card while the dealer is chosen (C3).
    #[error("the chance step due is {due}, not that one (C3, C4)")]
    WrongChanceStep {
        /// `"the dealer"` or `"a card from the stock"`.
        due: &'static str,
    },
    /// The dealer named is not at the table (C1, C3).
    #[error(transparent)]
    NoSuchSeat(#[from] NoSuchSeat),
    /// The card is not in the stock (C4, C9).
    #[error("only a card of the stock can be dealt, turned up or drawn (C4, C9)")]
    NotInStock,
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
