//! Errors: refused actions and host operations ([`Illegal`]) and bad setups ([`SetupError`]).

use cards_core::{Card, Given, NoSuchSeat, Rank, Seat};
use thiserror::Error;

use crate::group::Group;

/// Why an action or a host operation was refused; the message names the rule.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum Illegal {
    /// The game is over.
    #[error("the game is over (H20, H22)")]
    GameOver,
    /// A player acted where chance deals or draws.
    #[error(
        "chance acts now: the next card comes from the stock or the face-down cards (H2, H5.3, H11.1)"
    )]
    ChanceActs,
    /// A chance outcome was given where a player decides.
    #[error("only chance draws and turns cards (H2, H11.1)")]
    NotChance,
    /// The drawn card is not in the stock.
    #[error("card {0} is not in the stock (H2, H5.3)")]
    NotInStock(Card),
    /// The turned card is not among the mover's face-down cards.
    #[error("card {0} is not among the player's face-down cards (H11.1)")]
    NotFaceDown(Card),
    /// H3: arranging comes before play, and only then.
    #[error("face-up cards are chosen only while arranging, before play (H3)")]
    NotArranging,
    /// H3: a player arranges first.
    #[error("every player arranges his table cards before play (H3)")]
    ArrangeFirst,
    /// H3: the face-up cards must come from his hand and face-up cards.
    #[error(
        "the face-up cards must be three of the player's own six hand and face-up cards, each picked once (H3, H3.1)"
    )]
    NotOwnSix,
    /// H9: the cards are not in the current source.
    #[error(
        "cards {0} are not in the player's current source: hand first, then face-up cards (H9)"
    )]
    NotInSource(Group),
    /// H9, H11: face-down cards are played blind.
    #[error("face-down cards are played blind, one at a time (H9, H11)")]
    BlindOnly,
    /// H11: blind play only when the face-down cards are the source.
    #[error("a face-down card is played only when hand and face-up cards are gone (H9, H11)")]
    NotBlind,
    /// H6: the rank is not playable on the pile.
    #[error("rank {rank} is not playable on a pile of level {level} (H6)")]
    NotPlayable {
        /// The rank played.
        rank: Rank,
        /// The pile's level (an empty pile or a pile of 3s takes any rank).
        level: Rank,
    },
    /// H4: the opening play must include the worst card.
    #[error("the opening play must include the worst hand card {0} (H4)")]
    MustOpenWith(Card),
    /// H5: only the rank on top may be added.
    #[error("only cards of rank {0} may be added this turn (H5)")]
    AddSameRank(Rank),
    /// H17: a queen must be covered first.
    #[error("the queen must be covered by the same player (H17)")]
    MustCover,
    /// H7: a player who can play may not pick up.
    #[error("a player who can play may not pick up (H7)")]
    CanPlay,
    /// H7: there is no pile.
    #[error("there is no pile to pick up (H7)")]
    NoPile,
    /// H10: picking up face-up cards only when no face-up card can be played.
    #[error(
        "face-up cards are picked up with the pile only by a player with no hand cards who cannot play a face-up card (H10)"
    )]
    NotFaceUpPickUp,
    /// H10: a player stuck on his face-up cards takes some of them along.
    #[error(
        "a player stuck on his face-up cards takes face-up cards of one rank along with the pile: pick up with them (H10)"
    )]
    TakeFaceUpAlong,
    /// H11: a player on his face-down cards turns one before any pick-up.
    #[error(
        "a player on his face-down cards plays one blind, and takes the pile only with a blind card that does not fit (H11)"
    )]
    BlindBeforePickUp,
    /// H7: picking up only at the start of a turn.
    #[error("the pile is picked up only instead of a play at the start of a turn (H7)")]
    PickUpMidTurn,
    /// H5: ending the turn is a choice only while more could be added.
    #[error("the turn ends by choice only while more cards of the rank on top could be added (H5)")]
    CannotEnd,
    /// H5: a turn starts with a play.
    #[error("a turn starts with a play (H5)")]
    MustPlay,
    /// H21: the seat is not at this table.
    #[error(transparent)]
    NoSuchSeat(#[from] NoSuchSeat),
    /// H21: the player has already left.
    #[error("{0} has already left (H21)")]
    AlreadyLeft(Seat),
    /// H21: the player is already out.
    #[error("{0} is already out and holds no cards (H21)")]
    AlreadyOut(Seat),
}

/// A place a card can lie in a position, named in setup errors.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Spot {
    /// A seat's hand.
    Hand(Seat),
    /// A seat's face-up cards.
    FaceUp(Seat),
    /// A seat's face-down cards.
    FaceDown(Seat),
    /// The stock.
    Stock,
    /// The pile.
    Pile,
    /// The burned cards.
    Burned,
    /// The cards of players who left.
    Removed,
}

impl std::fmt::Display for Spot {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Spot::Hand(s) => write!(f, "{s}'s hand"),
            Spot::FaceUp(s) => write!(f, "{s}'s face-up cards"),
            Spot::FaceDown(s) => write!(f, "{s}'s face-down cards"),
            Spot::Stock => f.write_str("the stock"),
            Spot::Pile => f.write_str("the pile"),
            Spot::Burned => f.write_str("the burned cards"),
            Spot::Removed => f.write_str("the removed cards"),
        }
    }
}

/// Why a game or a position could not be set up.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SetupError {
    /// H1: 2 to 10 players.
    #[error("shithead is played by 2 to 10 players, not {0} (H1)")]
    Players(usize),
    /// H1: 1 to 3 decks.
    #[error("the number of decks must be 1 to 3, not {0} (H1)")]
    Decks(Given),
    /// H2: every player needs nine cards.
    #[error("{decks} deck(s) cannot deal nine cards to each of {players} players (H1)")]
    TooFewCards {
        /// Decks in play.
        decks: u8,
        /// Players.
        players: usize,
    },
    /// H4: the suit order must name each suit once.
    #[error("the suit order must name each suit once (H4)")]
    SuitOrder,
    /// H22: the action limit must be 1 to `Rules::MAX_ACTIONS`.
    #[error("the action limit must be 1 to 100000, not {0} (H22)")]
    ActionLimit(Given),
    /// H2: the dealer must sit at the table.
    #[error("the dealer {0} is not at the table (H2)")]
    Dealer(Seat),
    /// A view does not hold exactly the cards of its decks.
    #[error("the position must hold every card of its decks exactly once per deck (H1)")]
    Cards,
    /// A card lies in more places than its decks hold copies of it.
    #[error("{card} {}: more copies than the decks hold (H1)", twice(.first, .second))]
    Twice {
        /// The card.
        card: Card,
        /// Where an earlier copy lies.
        first: Spot,
        /// Where the copy too many lies.
        second: Spot,
    },
    /// A card of the decks lies nowhere.
    #[error("{0} is missing: every card of the decks lies somewhere (H1)")]
    Missing(Card),
    /// A text is not a list of cards.
    #[error("{0} is not a list of cards such as 7H QS (H1)")]
    NotCards(String),
    /// A position is inconsistent; the text says how.
    #[error("inconsistent position: {0}")]
    Position(&'static str),
}

/// Where [`SetupError::Twice`] found a card: in two places, or twice in one.
fn twice(first: &Spot, second: &Spot) -> String {
    if first == second {
        format!("is in {first} more than once")
    } else {
        format!("is both in {first} and in {second}")
    }
}
