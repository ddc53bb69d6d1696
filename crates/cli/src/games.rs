//! What the command needs of a game: its bots and its rule options.

use cards_core::{Bot, Difficulty, Opponents, RandomBot};
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

/// A game the `cards` command can run: every game of the list
/// (`cards_games`), since each has the difficulty levels of [`Opponents`]
/// and rules with a serde form.
pub trait CliGame: Opponents<Action: Send, HostOp: Send> + Send + Sync + 'static
where
    Self::Rules: Serialize + DeserializeOwned + Send + Sync,
{
    /// The bot called `name` (`random`, `easy`, `medium`, `hard`, `learned`), if there is one.
    fn bot(name: &str, rules: &Self::Rules) -> Option<Box<dyn Bot<Self>>> {
        if name == "random" {
            return Some(Box::new(RandomBot));
        }
        name.parse::<Difficulty>()
            .ok()
            .map(|d| d.bot::<Self>(rules))
    }
}

impl<G> CliGame for G
where
    G: Opponents<Action: Send, HostOp: Send> + Send + Sync + 'static,
    G::Rules: Serialize + DeserializeOwned + Send + Sync,
{
}

/// The bot names every game accepts.
pub const BOT_NAMES: [&str; 5] = ["random", "easy", "medium", "hard", "learned"];

/// The default rules with `overrides` (`name=value`, the value as JSON or else
/// as a string) applied through the rules' serde form
/// ([`cards_games::rules_over_defaults`]), so every house rule is reachable by
/// its documented name.
///
/// # Errors
/// A message naming the rule that is unknown or has a value the rules refuse.
pub fn rules_with<R: Default + Serialize + DeserializeOwned>(
    overrides: &[String],
) -> Result<R, String> {
    let mut given = Map::new();
    for o in overrides {
        let (name, value) = o
            .split_once('=')
            .ok_or_else(|| format!("a rule option is name=value, not {o:?}"))?;
        let value = value.trim();
        let value = serde_json::from_str(value).unwrap_or_else(|_| Value::String(value.into()));
        given.insert(name.trim().to_string(), value);
    }
    cards_games::rules_over_defaults(given)
        .map_err(|e| format!("the rules refuse {overrides:?}: {e}"))
}
