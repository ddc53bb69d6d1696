//! [`Difficulty`]: easy, medium and hard opponents for every game, in one line.

use rand_core::Rng;

use crate::bot::{Bot, RandomBot};
use crate::chance::below;
use crate::game::Game;
use crate::learned::Learned;
use crate::opponents::Opponents;
use crate::rollout::{Rollout, RolloutBudget};

/// How strong an opponent is.
///
/// ```
/// # use cards_core::{Difficulty, Opponents, Bot};
/// # fn demo<G: Opponents>(rules: G::Rules) {
/// let opponent: Box<dyn Bot<G>> = Difficulty::Hard.bot::<G>(&rules);
/// # }
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Difficulty {
    /// Plays the heuristic's choice half the time and a random legal action otherwise.
    Easy,
    /// The game's heuristic bot.
    #[default]
    Medium,
    /// A search from the seat's view: the game's [`Opponents::hard_search`]
    /// ([`Ismcts`](crate::Ismcts) at [`Opponents::hard_budget`] unless the game chooses
    /// the [`Rollout`] improvement of its heuristic).
    Hard,
    /// The game's trained network ([`Learned`], from
    /// [`Opponents::learned_weights`]): the legal action with the highest
    /// logit, in microseconds. Where the game asks for it
    /// ([`Opponents::learned_check`], where the view hides few cards or none)
    /// a short rollout search checks the network's choice. Plays the
    /// heuristic (medium) where the game ships no network for the seat count
    /// or its file does not fit the rules' encoding.
    Learned,
}

impl Difficulty {
    /// Every level: the three of rising strength, then the learned one.
    pub const ALL: [Difficulty; 4] = [
        Difficulty::Easy,
        Difficulty::Medium,
        Difficulty::Hard,
        Difficulty::Learned,
    ];

    /// An opponent of this level for games under `rules`.
    pub fn bot<G: Opponents>(self, rules: &G::Rules) -> Box<dyn Bot<G>> {
        match self {
            Difficulty::Easy => Box::new(Sloppy {
                inner: G::heuristic(rules),
            }),
            Difficulty::Medium => G::heuristic(rules),
            Difficulty::Hard => G::hard_search().bot(rules),
            Difficulty::Learned => match Learned::<G>::shipped(rules) {
                // Each checked decision sets the game's budget first.
                Ok(network) => Box::new(Checked {
                    search: Rollout::anchored(
                        rules.clone(),
                        RolloutBudget::default(),
                        Box::new(network),
                    ),
                }),
                Err(_) => G::heuristic(rules),
            },
        }
    }
}

impl std::fmt::Display for Difficulty {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Difficulty::Easy => "easy",
            Difficulty::Medium => "medium",
            Difficulty::Hard => "hard",
            Difficulty::Learned => "learned",
        })
    }
}

/// Why a difficulty did not parse.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("a difficulty is easy, medium, hard or learned")]
pub struct ParseDifficultyError;

impl std::str::FromStr for Difficulty {
    type Err = ParseDifficultyError;
    fn from_str(s: &str) -> Result<Difficulty, ParseDifficultyError> {
        Difficulty::ALL
            .into_iter()
            .find(|d| d.to_string().eq_ignore_ascii_case(s.trim()))
            .ok_or(ParseDifficultyError)
    }
}

/// The easy level: the heuristic half the time, random otherwise.
struct Sloppy<G: Game> {
    inner: Box<dyn Bot<G>>,
}

impl<G: Game> Bot<G> for Sloppy<G> {
    fn choose(&mut self, view: &G::View, legal: &[G::Action], rng: &mut dyn Rng) -> G::Action {
        if below(rng, 2) == 0 {
            self.inner.choose(view, legal, rng)
        } else {
            Bot::<G>::choose(&mut RandomBot, view, legal, rng)
        }
    }
}

/// The learned level where the game ships a network: the network's choice,
/// checked by a rollout search anchored on it where the game asks for one
/// ([`Opponents::learned_check`]).
struct Checked<G: Opponents> {
    search: Rollout<G>,
}

impl<G: Opponents> Bot<G> for Checked<G> {
    fn choose(&mut self, view: &G::View, legal: &[G::Action], rng: &mut dyn Rng) -> G::Action {
        if let Some(budget) = G::learned_check(view) {
            self.search.set_budget(budget);
        } else if let Some(network) = self.search.anchor_mut() {
            return network.choose(view, legal, rng);
        }
        self.search.choose(view, legal, rng)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn difficulties_read_and_print_alike() {
        for d in Difficulty::ALL {
            assert_eq!(d.to_string().parse::<Difficulty>(), Ok(d));
        }
        assert_eq!(" HARD ".parse::<Difficulty>(), Ok(Difficulty::Hard));
        assert_eq!("expert".parse::<Difficulty>(), Err(ParseDifficultyError));
    }
}
