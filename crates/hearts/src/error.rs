//! Errors: refused actions ([`Illegal`]) and refused setups ([`SetupError`]).

use thiserror::Error;

/// Why an action was refused; each message names the rule with its clause.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Error)]
pub enum Illegal {
    /// Nothing happens after the thirteenth trick (R11).
    #[error("the game is over (R11)")]
    GameOver,
    /// A chance step is due, not a player's move (R3, R4).
    #[error("a chance step is due: players move only after the direction and the deal (R3, R4)")]
    ChanceFirst,
    /// A chance outcome while a player is to act.
    #[error("the direction and the cards of the deal come only at chance steps (R3, R4)")]
    NotChance,
    /// A card while the direction is due, or a direction during the deal (R3, R4).
    #[error("the chance step due is {due}, not that one (R3, R4)")]
    WrongChanceStep {
        /// `"the pass direction"` or `"a card of the deal"`.
        due: &'static str,
    },
    /// A pass direction other than `none` without `pass_cards` (R3).
    #[error("without pass_cards the only direction is none (R3)")]
    NoPassing,
    /// The card was dealt already (R4).
    #[error("only a card not yet dealt can be dealt (R4)")]
    Dealt,
    /// A pass outside the passing, or a play during it (R5, R6).
    #[error("cards are {due} now (R5, R6)")]
    WrongMove {
        /// `"passed"` or `"played"`.
        due: &'static str,
    },
    /// The card is not in the hand of the seat to act (R1).
    #[error(
        "the card is not in the hand of the seat to act: a seat passes and plays only its own cards (R1)"
    )]
    NotInHand,
    /// The seat holds the suit led (R7).
    #[error("a player who holds the suit led must follow it (R7)")]
    MustFollow,
    /// The first card of the game is the two of clubs, or a club (R6, R6.1).
    #[error("the first lead is the two of clubs, or any club with can_lead_any_club (R6, R6.1)")]
    OpeningLead,
    /// No heart or queen of spades in the first trick while other cards remain (R8).
    #[error(
        "no heart or queen of spades may be played in the first trick while another card can be (R8)"
    )]
    PointsOnFirstTrick,
    /// Hearts are not broken and the leader holds another suit (R9, R9.2).
    #[error(
        "hearts may not be led before they are broken while the leader holds another card (R9, R9.2)"
    )]
    HeartsNotBroken,
}

/// Why a game or a setup was refused; each message names the rule with its clause.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Error)]
pub enum SetupError {
    /// Hearts is played by four (R1).
    #[error("hearts is played by exactly 4 players, not {0} (R1)")]
    Seats(usize),
    /// Cards are missing, doubled or in two places (R1).
    #[error(
        "hands, passed cards, the trick and the tricks taken must hold every card of the deck once (R1)"
    )]
    NotConserved,
    /// Any other inconsistency, with the clause it breaks.
    #[error("{0}")]
    Inconsistent(&'static str),
}
