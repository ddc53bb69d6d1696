//! [`TableSave`]: a whole [`Table`] written out — its start, its log and where
//! both of its random streams stand — so that a reloaded table continues
//! exactly as the original would have.

use rand_chacha::ChaCha8Rng;

use crate::game::Game;
use crate::log::{ReplayError, StepOf, replay};
use crate::table::Table;

/// A [`Table`] written out in full (needs the `serde` feature).
///
/// A saved *state* ([`Save`](crate::Save)) is a position only: a table made
/// from it with [`Table::from_state`] draws chance from a fresh stream and
/// continues differently from the original. A `TableSave` also holds the
/// table's log and the positions of its chance and bot streams, so
/// [`Table::from_save`] continues move for move as the original table would
/// have, bots included. Its JSON form is what a game server stores.
///
/// Loading checks everything it can: the start loads through the game's
/// setup checks (its serde form), and every log entry must be legal for the
/// actor the log names ([`replay`]).
///
/// ```
/// # use cards_core::{Game, Table, TableSave};
/// # fn demo<G: Game>(mut table: Table<G>) -> Result<(), Box<dyn std::error::Error>> {
/// let save: TableSave<G> = table.to_save();
/// let mut copy = Table::from_save(save)?;
/// assert_eq!(copy.state(), table.state());
/// # Ok(()) }
/// ```
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(bound(
    serialize = "G: serde::Serialize, G::Action: serde::Serialize, G::HostOp: serde::Serialize",
    deserialize = "G: serde::Deserialize<'de>, G::Action: serde::Deserialize<'de>, \
                   G::HostOp: serde::Deserialize<'de>"
))]
pub struct TableSave<G: Game> {
    /// The position the table started from.
    pub start: G,
    /// Everything played since, in order.
    pub log: Vec<StepOf<G>>,
    /// The chance stream, where it stands.
    pub chance: ChaCha8Rng,
    /// The bots' stream, where it stands.
    pub bots: ChaCha8Rng,
}

impl<G: Game> Table<G> {
    /// This table written out, to continue later with [`Table::from_save`].
    pub fn to_save(&self) -> TableSave<G> {
        let (chance, bots) = self.rngs();
        TableSave {
            start: self.start().clone(),
            log: self.log().to_vec(),
            chance: chance.clone(),
            bots: bots.clone(),
        }
    }

    /// The table `save` wrote out, continuing exactly where it stood.
    ///
    /// # Errors
    /// The first log entry that the rules refuse, or that names an actor who
    /// was not to act, with its index; nothing is built.
    pub fn from_save(save: TableSave<G>) -> Result<Table<G>, ReplayError<G::Illegal>> {
        let state = replay(&save.start, &save.log)?;
        Ok(Table::from_parts(
            save.start,
            state,
            save.log,
            save.chance,
            save.bots,
        ))
    }
}
