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

/// The flags every example takes, for `--help` and for error messages.
pub const USAGE: &str = "options:
  --seed N      the deal (default 7): the same seed plays the same game
  --players N   how many seats
  --auto        bots play every seat and the whole game is printed
  --help        this text";

/// Reads `--seed N`, `--players N` and `--auto` from the process arguments;
/// `Ok(None)` for `--help`.
///
/// # Errors
/// A message naming the flag that is wrong, for the example to print.
pub fn parse_flags(args: impl IntoIterator<Item = String>) -> Result<Option<Flags>, String> {
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
            "-h" | "--help" => return Ok(None),
            other => return Err(format!("unknown argument {other:?}\n{USAGE}")),
        }
    }
    Ok(Some(flags))
}

/// Asks the human for a move: the number of one of `labels` (one per legal
/// action), or the move typed as text (`knock`, `swap 7H AS`), so that an
/// illegal move gets the rules' own reason. A forced move (only one legal) is
/// announced and taken without asking. Re-asks until it gets a legal move;
/// returns its index, or `None` at the end of input. Bytes that are not UTF-8
/// are read as replacement characters, not as the end.
///
/// # Errors
/// When writing to `output` fails.
pub fn ask_move<G: Game, R: BufRead, W: Write>(
    input: &mut R,
    output: &mut W,
    state: &G,
    legal: &[G::Action],
    labels: &[String],
) -> io::Result<Option<usize>> {
    if legal.len() == 1 {
        writeln!(output, "  your only move: {}", labels[0])?;
        return Ok(Some(0));
    }
    for (i, c) in labels.iter().enumerate() {
        writeln!(output, "  {:>2}) {c}", i + 1)?;
    }
    let n = legal.len();
    loop {
        write!(output, "your move (1-{n}, or type it): ")?;
        output.flush()?;
        let mut bytes = Vec::new();
        match input.read_until(b'\n', &mut bytes) {
            Ok(0) | Err(_) => return Ok(None),
            Ok(_) => {}
        }
        let line = String::from_utf8_lossy(&bytes);
        let text = line.trim();
        if text.is_empty() {
            continue;
        }
        if let Ok(k) = text.parse::<usize>() {
            if (1..=n).contains(&k) {
                return Ok(Some(k - 1));
            }
            writeln!(output, "there is no move {k}: type a number from 1 to {n}")?;
            continue;
        }
        match text.parse::<G::Action>() {
            Ok(a) => match legal.iter().position(|l| *l == a) {
                Some(i) => return Ok(Some(i)),
                None => {
                    let why = state
                        .apply(&a)
                        .err()
                        .map_or_else(|| "not a move now".to_string(), |e| e.to_string());
                    writeln!(output, "{a} is not allowed: {why}")?;
                }
            },
            Err(e) => writeln!(output, "{e}; type a number from 1 to {n} or a move as text")?,
        }
    }
}

/// The shared `main` of the examples: reads the flags, sets up the game for
/// `--players` (or `default_players`) and runs `play` on standard input and
/// output. `--help` prints `how_to_play` and the flags on standard output and
/// exits with 0; bad flags or a refused setup print a message and exit with 2.
pub fn run_example<G, E: Display>(
    how_to_play: &str,
    default_players: usize,
    new_game: impl FnOnce(usize) -> Result<G, E>,
    play: impl FnOnce(
        G,
        Flags,
        &mut io::StdinLock<'static>,
        &mut io::StdoutLock<'static>,
    ) -> io::Result<()>,
) {
    let flags = match parse_flags(std::env::args().skip(1)) {
        Ok(Some(flags)) => flags,
        Ok(None) => {
            println!("{}\n\n{USAGE}", how_to_play.trim_end());
            std::process::exit(0)
        }
        Err(msg) => {
            eprintln!("{msg}");
            std::process::exit(2)
        }
    };
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
        let f = parse_flags(["--seed", "9", "--auto", "--players", "3"].map(String::from))
            .unwrap()
            .unwrap();
        assert_eq!(
            f,
            Flags {
                seed: 9,
                players: Some(3),
                auto: true
            }
        );
        assert_eq!(parse_flags([]).unwrap().unwrap().seed, 7);
        assert_eq!(parse_flags(["--help".to_string()]), Ok(None));
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
    fn ask_move_takes_numbers_or_text_and_gives_the_rules_reason() {
        use schwimmen::{Action, Rules, Schwimmen};
        let mut table = cards_core::Table::<Schwimmen>::new(Rules::default(), 2, 3).unwrap();
        // The dealer's choice first: keep or take the other pack.
        let mut legal = Vec::new();
        table.state().legal_actions(&mut legal);
        let labels: Vec<String> = legal.iter().map(ToString::to_string).collect();
        let ask = |input: &[u8], state: &Schwimmen, legal: &[Action], labels: &[String]| {
            let mut out = Vec::new();
            let got = ask_move(&mut &input[..], &mut out, state, legal, labels).unwrap();
            (got, String::from_utf8(out).unwrap())
        };
        let (got, out) = ask(
            b"9\nfly\nknock\n\xff\xfe\n2\n",
            table.state(),
            &legal,
            &labels,
        );
        assert_eq!(got, Some(1));
        assert!(out.contains("there is no move 9"), "{out}");
        assert!(
            out.contains("type a number from 1 to 2 or a move as text"),
            "{out}"
        );
        assert!(
            out.contains("knock is not allowed: "),
            "the rules' reason: {out}"
        );
        let (got, _) = ask(
            legal[0].to_string().as_bytes(),
            table.state(),
            &legal,
            &labels,
        );
        assert_eq!(got, Some(0), "a move typed as text");
        assert_eq!(
            ask(b"", table.state(), &legal, &labels).0,
            None,
            "end of input"
        );
        // A forced move is taken without reading anything.
        table.play(&legal[0]).unwrap();
        let forced = [legal[0]];
        let (got, out) = ask(b"", table.state(), &forced, &labels[..1]);
        assert_eq!(got, Some(0));
        assert!(out.contains("your only move"), "{out}");
    }
}
