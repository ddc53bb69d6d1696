//! OpenSpiel's names for this game's actions (R14): reading an id in a state,
//! where the kind of step decides what the id means.

use crate::action::{Action, card_of_id};
use crate::state::{Hearts, PassDir, Phase};

impl Hearts {
    /// The action OpenSpiel's `hearts` means by `id` in this state (R14): a
    /// direction at the first chance step, a card of the deal during the deal,
    /// a passed or played card at a player's turn; `None` for an id out of
    /// range or after the end. Whether the action is legal is `apply`'s matter.
    ///
    /// ```
    /// use cards_core::Game;
    /// use hearts::{Action, Hearts, PassDir, Rules};
    /// let g = Hearts::new(Rules::default(), 4).unwrap();
    /// assert_eq!(g.spiel_action(2), Some(Action::Direction(PassDir::Across)));
    /// ```
    pub fn spiel_action(&self, id: u32) -> Option<Action> {
        match self.phase {
            Phase::PassDir => PassDir::from_index(id as usize).map(Action::Direction),
            Phase::Deal => card_of_id(id).map(Action::Deal),
            Phase::Pass => card_of_id(id).map(Action::Pass),
            Phase::Play => card_of_id(id).map(Action::Play),
            Phase::Over => None,
        }
    }
}
