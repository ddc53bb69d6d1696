//! The games the command knows: their names, bots and rule options.

use cards_core::{Bot, Difficulty, Game, Opponents, RandomBot};
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

/// A game the `cards` command can run.
pub trait CliGame: Game<Action: Send, HostOp: Send> + Send + Sync + 'static
where
    Self::Rules: Serialize + DeserializeOwned + Send + Sync,
{
    /// The name on the command line.
    const NAME: &'static str;

    /// The bot called `name` (`random`, `easy`, `medium`, `hard`), if this game has it.
    fn bot(name: &str, rules: &Self::Rules) -> Option<Box<dyn Bot<Self>>>;
}

/// The bot names every game accepts.
pub const BOT_NAMES: [&str; 4] = ["random", "easy", "medium", "hard"];

/// `random`, or a [`Difficulty`] level (`easy`, `medium`, `hard`) for a game
/// that implements [`Opponents`].
fn with_difficulty<G: Opponents>(name: &str, rules: &G::Rules) -> Option<Box<dyn Bot<G>>> {
    if name == "random" {
        return Some(Box::new(RandomBot));
    }
    name.parse::<Difficulty>().ok().map(|d| d.bot::<G>(rules))
}

impl CliGame for schwimmen::Schwimmen {
    const NAME: &'static str = "schwimmen";
    fn bot(name: &str, rules: &schwimmen::Rules) -> Option<Box<dyn Bot<Self>>> {
        with_difficulty::<Self>(name, rules)
    }
}

impl CliGame for trump21::Trump21 {
    const NAME: &'static str = "trump21";
    fn bot(name: &str, rules: &trump21::Rules) -> Option<Box<dyn Bot<Self>>> {
        with_difficulty::<Self>(name, rules)
    }
}

impl CliGame for shithead::Shithead {
    const NAME: &'static str = "shithead";
    fn bot(name: &str, rules: &shithead::Rules) -> Option<Box<dyn Bot<Self>>> {
        with_difficulty::<Self>(name, rules)
    }
}

impl CliGame for crazy_eights::CrazyEights {
    const NAME: &'static str = "crazy-eights";
    fn bot(name: &str, rules: &crazy_eights::Rules) -> Option<Box<dyn Bot<Self>>> {
        with_difficulty::<Self>(name, rules)
    }
}

/// The default rules with `overrides` (`name=value`, the value as JSON or else
/// as a string) applied through the rules' serde form, so every house rule is
/// reachable by its documented name.
///
/// # Errors
/// A message naming the rule that is unknown or has a value the rules refuse.
pub fn rules_with<R: Default + Serialize + DeserializeOwned>(
    overrides: &[String],
) -> Result<R, String> {
    let mut json = serde_json::to_value(R::default()).map_err(|e| e.to_string())?;
    let Value::Object(fields) = &mut json else {
        return Err("these rules have no named options".to_string());
    };
    for o in overrides {
        let (name, value) = o
            .split_once('=')
            .ok_or_else(|| format!("a rule option is name=value, not {o:?}"))?;
        let name = name.trim();
        let Some(field) = fields.get_mut(name) else {
            let known: Vec<&str> = fields.keys().map(String::as_str).collect();
            return Err(format!(
                "unknown rule {name:?}; the rules are {}",
                known.join(", ")
            ));
        };
        *field = serde_json::from_str(value.trim())
            .unwrap_or_else(|_| Value::String(value.trim().to_string()));
    }
    serde_json::from_value(json).map_err(|e| format!("the rules refuse {overrides:?}: {e}"))
}
