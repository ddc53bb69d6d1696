//! Errors: refused moves and host operations ([`Illegal`]) and bad setups ([`SetupError`]).

use cards_core::{Given, NoSuchSeat, Seat};
use thiserror::Error;

/// Why an action or host operation was refused; each message names the rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Error)]
pub enum Illegal {
    /// Nothing can happen after the game's end (S19).
    #[error("the game is over (S19)")]
    GameOver,
    /// A chance step (a deal or a refill) is due, not a player's move.
    #[error(
        "a card must be dealt or turned up first; players move only after the chance steps (S5.1, S10)"
    )]
    ChanceFirst,
    /// A chance outcome was offered while a player is to move.
    #[error(
        "cards are dealt and the middle refilled only by chance steps, not during a player's move (S5.1, S10)"
    )]
    NotChance,
    /// A deal card while the middle is refilled, or the other way round (S5.1, S10).
    #[error("the chance step due is {due}, not that one (S5.1, S10)")]
    WrongChanceStep {
        /// `"a deal card"` or `"a refill card"`.
        due: &'static str,
    },
    /// The dealt or turned card is not in the stock.
    #[error("only a card of the stock can be dealt or turned up (S1, S5.1)")]
    NotInStock,
    /// During the dealer's choice nothing else may happen (S6).
    #[error("the dealer must first choose to keep his pack or take the other (S6)")]
    DealerChoiceFirst,
    /// The dealer's choice is made once, before the first turn (S6).
    #[error("the dealer's choice is made only once, right after the deal (S6)")]
    NoDealerChoiceNow,
    /// The swapped hand card is not in the mover's hand (S9).
    #[error("a swap gives a card from the player's own hand (S9)")]
    NotInHand,
    /// The taken card is not in the middle (S9).
    #[error("a swap takes a card from the middle (S9)")]
    NotInMiddle,
    /// Passing is switched off (S9.1).
    #[error("passing is not allowed under these rules (S9.1)")]
    PassingOff,
    /// A knock before every active player has had a turn (S11).
    #[error("knocking is not allowed before every player has had a turn (S11)")]
    KnockTooEarly,
    /// A second knock in the same round (S11.1).
    #[error("nobody may knock after a knock; only the last turns remain (S11.1)")]
    AlreadyKnocked,
    /// A host operation names a seat that is not at the table (S2, S21).
    #[error(transparent)]
    NoSuchSeat(#[from] NoSuchSeat),
    /// A player who is out cannot leave again (S21).
    #[error("{0} is already out of the game (S21)")]
    AlreadyOut(Seat),
    /// A misdeal outside the deal (S22).
    #[error(
        "a misdeal may be declared only between the first card dealt and the dealer's choice (S22)"
    )]
    NoMisdealNow,
}

/// Why a game or position could not be set up.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Error)]
pub enum SetupError {
    /// S2: 2 to 9 players.
    #[error("schwimmen is played by 2 to 9 players, not {0} (S2)")]
    Seats(usize),
    /// S3: lives at the start.
    #[error("every player starts with 1 to 100 lives, not {0} (S3)")]
    Lives(Given),
    /// S14.1: the turn limit.
    #[error("the turn limit must be 1 to 10000, not {0} (S14.1)")]
    TurnLimit(Given),
    /// S19.1: the round limit.
    #[error("the round limit must be 1 to 10000, not {0} (S19.1)")]
    RoundLimit(Given),
    /// S18: the first dealer must sit at the table.
    #[error("the first dealer must be a seat at the table, not seat {0} (S18)")]
    FirstDealer(Given),
    /// S1: every card of the 32-card deck is in exactly one place.
    #[error("each of the 32 cards is in exactly one place (S1): {0}")]
    Cards(String),
    /// A seat's fields disagree (lives, status, hand).
    #[error("{seat} is not consistent: {why}")]
    SeatState {
        /// The seat.
        seat: Seat,
        /// What is wrong.
        why: &'static str,
    },
    /// The text form of a position could not be read.
    #[error("the position text is not readable: {0}")]
    Text(String),
    /// The phase and the table do not fit together.
    #[error("the position is not consistent: {0}")]
    Position(&'static str),
}

/// `input` for an error message, capped (see [`cards_core::text::echo`]).
pub(crate) fn echo(input: &str) -> String {
    cards_core::text::echo(input).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn echo_caps_long_input() {
        assert_eq!(echo("leave x"), "\"leave x\"");
        let long = "é".repeat(1_000_000);
        let e = echo(&long);
        assert!(e.len() < 200, "{e}");
        assert!(e.ends_with('…'), "{e}");
    }
}
