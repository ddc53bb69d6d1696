//! Small helpers the terminal examples share: command-line flags and a prompt
//! that re-asks until it gets a valid choice.
//!
//! The workspace README follows; its code example is tested here.
#![doc = include_str!("../README.md")]

pub mod server;

use std::fmt::Display;
use std::io::{self, BufRead, Write};

use cards_core::{Actor, Bot, ChaCha8Rng, Game, Seat, SeedableRng, Viewer};

/// The flags every example takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Flags {
    /// `--seed N`: the deal (default 7).
    pub seed: u64,
    /// `--players N`: how many seats (the example's default when absent).
    pub players: Option<usize>,
    /// `--auto`: bots play every seat and the whole game is printed.
    pub auto: bool,
}

/// Reads `--seed N`, `--players N` and `--auto` from the process arguments.
///
/// # Errors
/// A message naming the flag that is wrong, for the example to print.
pub fn parse_flags(args: impl IntoIterator<Item = String>) -> Result<Flags, String> {
    let mut flags = Flags {
        seed: 7,
        players: None,
        auto: false,
    };
    let mut args = args.into_iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--auto" => flags.auto = true,
            "--seed" | "--players" => {
                let value = args.next().ok_or_else(|| format!("{arg} needs a number"))?;
                let n: u64 = value
                    .parse()
                    .map_err(|_| format!("{arg} needs a number, not {value:?}"))?;
                if arg == "--seed" {
                    flags.seed = n;
                } else {
                    flags.players =
                        Some(usize::try_from(n).map_err(|_| "--players is too large".to_string())?);
                }
            }
            "-h" | "--help" => return Err("usage: [--seed N] [--players N] [--auto]".to_string()),
            other => {
                return Err(format!(
                    "unknown argument {other:?}; usage: [--seed N] [--players N] [--auto]"
                ));
            }
        }
    }
    Ok(flags)
}

/// Prints numbered `choices` and reads a number from `input` until it is one of
/// them. Returns the 0-based index, or `None` at end of input.
pub fn choose<R: BufRead, W: Write>(
    input: &mut R,
    output: &mut W,
    choices: &[String],
) -> Option<usize> {
    for (i, c) in choices.iter().enumerate() {
        let _ = writeln!(output, "  {:>2}) {c}", i + 1);
    }
    loop {
        let _ = write!(output, "your choice (1-{}): ", choices.len());
        let _ = output.flush();
        let mut line = String::new();
        match input.read_line(&mut line) {
            Ok(0) | Err(_) => return None,
            Ok(_) => {}
        }
        match line.trim().parse::<usize>() {
            Ok(n) if (1..=choices.len()).contains(&n) => return Some(n - 1),
            _ => {
                let _ = writeln!(output, "please type a number from 1 to {}", choices.len());
            }
        }
    }
}

/// The shared `main` of the examples: reads the flags, sets up the game for
/// `--players` (or `default_players`) and runs `play` on standard input and
/// output. Bad flags or a refused setup print a message and exit with code 2.
pub fn run_example<G, E: Display>(
    default_players: usize,
    new_game: impl FnOnce(usize) -> Result<G, E>,
    play: impl FnOnce(
        G,
        Flags,
        &mut io::StdinLock<'static>,
        &mut io::StdoutLock<'static>,
    ) -> io::Result<()>,
) {
    let flags = parse_flags(std::env::args().skip(1)).unwrap_or_else(|msg| {
        eprintln!("{msg}");
        std::process::exit(2)
    });
    let game = new_game(flags.players.unwrap_or(default_players)).unwrap_or_else(|e| {
        eprintln!("cannot start: {e}");
        std::process::exit(2)
    });
    if let Err(e) = play(
        game,
        flags,
        &mut io::stdin().lock(),
        &mut io::stdout().lock(),
    ) {
        eprintln!("output failed: {e}");
    }
}

/// Resolves who acts next in a terminal game: chance from a seed, bots from a
/// second stream of the same seed (as [`cards_core::Table`] does), and the
/// human through a callback. The example keeps the state, so it can print
/// every step as it likes.
#[derive(Clone, Debug)]
pub struct Driver<G: Game> {
    chance_rng: ChaCha8Rng,
    bot_rng: ChaCha8Rng,
    legal: Vec<G::Action>,
    scratch: Vec<(G::Action, u32)>,
}

impl<G: Game> Driver<G> {
    /// A driver whose chance and bot draws come from `seed`.
    pub fn new(seed: u64) -> Self {
        let mut bot_rng = ChaCha8Rng::seed_from_u64(seed);
        bot_rng.set_stream(1);
        Driver {
            chance_rng: ChaCha8Rng::seed_from_u64(seed),
            bot_rng,
            legal: Vec::new(),
            scratch: Vec::new(),
        }
    }

    /// The next action in `game`: a chance outcome, the choice of `bots[seat]`,
    /// or for the `human` seat the index `ask` returns from the view and the
    /// legal actions. `None` when the game is over or `ask` gives up (end of input).
    ///
    /// # Errors
    /// What `ask` returns (an output error).
    pub fn next_action<B: Bot<G>>(
        &mut self,
        game: &G,
        human: Option<Seat>,
        bots: &mut [B],
        ask: impl FnOnce(&G::View, &[G::Action]) -> io::Result<Option<usize>>,
    ) -> io::Result<Option<G::Action>> {
        Ok(match game.actor() {
            Actor::Terminal => None,
            Actor::Chance => game.sample_chance(&mut self.chance_rng, &mut self.scratch),
            Actor::Player(seat) => {
                game.legal_actions(&mut self.legal);
                let view = game.observe(Viewer::Seat(seat));
                if Some(seat) == human {
                    ask(&view, &self.legal)?.and_then(|i| self.legal.get(i).cloned())
                } else {
                    Some(bots[seat.index()].choose(&view, &self.legal, &mut self.bot_rng))
                }
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flags_parse_and_refuse_bad_input() {
        let f = parse_flags(["--seed", "9", "--auto", "--players", "3"].map(String::from)).unwrap();
        assert_eq!(
            f,
            Flags {
                seed: 9,
                players: Some(3),
                auto: true
            }
        );
        assert_eq!(parse_flags([]).unwrap().seed, 7);
        assert!(parse_flags(["--seed".to_string()]).is_err());
        assert!(parse_flags(["--seed", "x"].map(String::from)).is_err());
        assert!(parse_flags(["--bogus".to_string()]).is_err());
    }

    #[test]
    fn the_driver_plays_the_same_game_as_a_table_with_the_same_seed() {
        use cards_core::{RandomBot, Table};
        use schwimmen::{Rules, Schwimmen};
        let mut table = Table::<Schwimmen>::new(Rules::default(), 3, 11).unwrap();
        let mut table_bots: Vec<Box<dyn Bot<Schwimmen>>> =
            (0..3).map(|_| Box::new(RandomBot) as _).collect();
        table.play_bots(&mut table_bots, 100_000).unwrap();

        let mut game = Schwimmen::new(Rules::default(), 3).unwrap();
        let mut driver = Driver::new(11);
        let mut bots = [RandomBot; 3];
        let mut asked = false;
        while let Some(a) = driver
            .next_action(&game, Some(Seat(9)), &mut bots, |_, _| {
                asked = true;
                Ok(None)
            })
            .unwrap()
        {
            game.apply_mut(&a).unwrap();
        }
        assert!(!asked, "no seat 9 at this table");
        assert_eq!(&game, table.state());
    }

    #[test]
    fn choose_reasks_until_valid() {
        let mut input = "zero\n0\n5\n2\n".as_bytes();
        let mut out = Vec::new();
        let choices = ["a".to_string(), "b".to_string()];
        assert_eq!(choose(&mut input, &mut out, &choices), Some(1));
        let text = String::from_utf8(out).unwrap();
        assert_eq!(text.matches("please type a number").count(), 3);
        assert_eq!(choose(&mut "".as_bytes(), &mut Vec::new(), &choices), None);
    }
}
