//! Errors: refused actions and host operations ([`Illegal`]) and bad setups ([`SetupError`]).

use cards_core::{Card, Rank, Seat};
use thiserror::Error;

use crate::group::Group;

/// Why an action or a host operation was refused; the message names the rule.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum Illegal {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// A player acted where chance deals or draws.
    #[error("chance acts now: the next card comes from the stock or the face-down cards")]
    ChanceActs,
    /// A chance outcome was given where a player decides.
    #[error("only chance draws and turns cards")]
    NotChance,
    /// The drawn card is not in the stock.
    #[error("card {0} is not in the stock")]
    NotInStock(Card),
    /// The turned card is not among the mover's face-down cards.
    #[error("card {0} is not among the player's face-down cards")]
    NotFaceDown(Card),
    /// H3: arranging comes before play, and only then.
    #[error("face-up cards are chosen only while arranging, before play")]
    NotArranging,
    /// H3: a player arranges first.
    #[error("every player arranges his table cards before play")]
    ArrangeFirst,
    /// H3: the face-up cards must come from his hand and face-up cards.
    #[error("the face-up cards must be three of the player's own six hand and face-up cards")]
    NotOwnSix,
    /// H9: the cards are not in the current source.
    #[error("cards {0} are not in the player's current source (hand first, then face-up cards)")]
    NotInSource(Group),
    /// H9, H11: face-down cards are played blind.
    #[error("face-down cards are played blind, one at a time")]
    BlindOnly,
    /// H11: blind play only when the face-down cards are the source.
    #[error("a face-down card is played only when hand and face-up cards are gone")]
    NotBlind,
    /// H6: the rank is not playable on the pile.
    #[error("rank {rank} is not playable on a pile of level {level}")]
    NotPlayable {
        /// The rank played.
        rank: Rank,
        /// The pile's level, as text (`empty` for none).
        level: String,
    },
    /// H4: the opening play must include the worst card.
    #[error("the opening play must include the worst hand card {0}")]
    MustOpenWith(Card),
    /// H5: only the rank on top may be added.
    #[error("only cards of rank {0} may be added this turn")]
    AddSameRank(Rank),
    /// H17: a queen must be covered first.
    #[error("the queen must be covered by the same player")]
    MustCover,
    /// H7: a player who can play may not pick up.
    #[error("a player who can play may not pick up")]
    CanPlay,
    /// H7: there is no pile.
    #[error("there is no pile to pick up")]
    NoPile,
    /// H10: picking up face-up cards only when no face-up card can be played.
    #[error(
        "face-up cards are picked up with the pile only by a player with no hand cards who cannot play a face-up card"
    )]
    NotFaceUpPickUp,
    /// H7: picking up only at the start of a turn.
    #[error("the pile is picked up only instead of a play at the start of a turn")]
    PickUpMidTurn,
    /// H5: ending the turn is a choice only while more could be added.
    #[error("the turn ends by choice only while more cards of the rank on top could be added")]
    CannotEnd,
    /// H5: a turn starts with a play.
    #[error("a turn starts with a play")]
    MustPlay,
    /// H21: the seat is not at this table.
    #[error("{0} is not at this table")]
    NoSuchSeat(Seat),
    /// H21: the player has already left.
    #[error("{0} has already left")]
    AlreadyLeft(Seat),
    /// H21: the player is already out.
    #[error("{0} is already out and holds no cards")]
    AlreadyOut(Seat),
}

/// Why a game or a position could not be set up.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SetupError {
    /// H1: 2 to 10 players.
    #[error("shithead is played by 2 to 10 players, not {0}")]
    Players(usize),
    /// H1: 1 to 3 decks.
    #[error("the number of decks must be 1 to 3")]
    Decks,
    /// H2: every player needs nine cards.
    #[error("{decks} deck(s) cannot deal nine cards to each of {players} players")]
    TooFewCards {
        /// Decks in play.
        decks: u8,
        /// Players.
        players: usize,
    },
    /// H4: the suit order must name each suit once.
    #[error("the suit order must name each suit once")]
    SuitOrder,
    /// H22: the action limit must be 1 to `Rules::MAX_ACTIONS`.
    #[error("the action limit must be 1 to {max}, not {0} (H22)", max = crate::Rules::MAX_ACTIONS)]
    ActionLimit(u32),
    /// H2: the dealer must sit at the table.
    #[error("the dealer {0} is not at the table")]
    Dealer(Seat),
    /// A position does not hold exactly the cards of its decks.
    #[error("the position must hold every card of its decks exactly once per deck")]
    Cards,
    /// A position is inconsistent; the text says how.
    #[error("inconsistent position: {0}")]
    Position(&'static str),
}
