//! Small helpers the terminal examples share: command-line flags and a prompt
//! that re-asks until it gets a valid choice.
//!
//! The workspace README follows; its code example is tested here.
#![doc = include_str!("../README.md")]

pub mod server;

use std::fmt::Display;
use std::io::{self, BufRead, Write};

use cards_core::{Actor, Bot, ChaCha8Rng, Game, Seat, SeedableRng, Viewer};

/// The flags every terminal example takes (`--help` lists them with their
/// defaults).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::Parser)]
pub struct Flags {
    /// The deal: the same seed plays the same game.
    #[arg(long, default_value_t = 7)]
    pub seed: u64,
    /// How many seats at the table (the default is the example's own).
    #[arg(long)]
    pub seats: usize,
    /// Bots play every seat and the whole game is printed.
    #[arg(long)]
    pub auto: bool,
}

/// What every example prints when its input ends before the game does.
pub const END_OF_INPUT: &str = "end of input: goodbye";

/// The command line of an example: `name`, `how_to_play` as the text of
/// `--help`, and `--seats` with the seat range and default of the game.
pub fn command(
    name: &'static str,
    how_to_play: &'static str,
    seats: std::ops::RangeInclusive<usize>,
    default_seats: usize,
) -> clap::Command {
    use clap::CommandFactory;
    Flags::command()
        .name(name)
        .about(how_to_play.lines().next().unwrap_or_default().to_string())
        .long_about(how_to_play.trim_end().to_string())
        .mut_arg("seats", |a| {
            a.help(format!(
                "How many seats at the table, {} to {}",
                seats.start(),
                seats.end()
            ))
            .default_value(default_seats.to_string())
            .required(false)
        })
}

/// Reads the flags of an example from `args` (the program name first).
///
/// # Errors
/// clap's error: a bad flag, or `--help` (which clap prints to standard output).
pub fn parse_flags<I, T>(command: clap::Command, args: I) -> Result<Flags, clap::Error>
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    use clap::FromArgMatches;
    Flags::from_arg_matches(&command.try_get_matches_from(args)?)
}

/// `1st`, `2nd`, `3rd`, `4th`, ... `11th`, `12th`, `13th`, `21st`.
pub fn ordinal(n: u8) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// The places of an outcome for people: `seat 0: 2nd, seat 1: 1st`, each
/// seat named by `name` (`you` for the human, say).
pub fn places_text(outcome: &cards_core::Outcome, name: impl Fn(Seat) -> String) -> String {
    outcome
        .places()
        .iter()
        .enumerate()
        .map(|(s, &p)| format!("{}: {}", name(Seat(s as u8)), ordinal(p)))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The choice among `labels` that `text` names: a label typed in full, or
/// its text before a hint in brackets (`put 8H face up` for the label
/// `put 8H face up (pick three; ...)`), ignoring case and spaces around.
fn label_choice(labels: &[String], text: &str) -> Option<usize> {
    let typed = text.trim();
    labels.iter().position(|l| {
        let shown = l.split(" (").next().unwrap_or(l).trim();
        l.trim().eq_ignore_ascii_case(typed) || shown.eq_ignore_ascii_case(typed)
    })
}

/// Asks the human for a move: the number of one of `labels` (one per legal
/// action), a label as shown (without its hint in brackets), or the move
/// typed as text (`knock`, `swap 7H AS`), so that an illegal move gets the
/// rules' own reason. A forced move (only one legal) is
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
        if let Some(i) = label_choice(labels, text) {
            return Ok(Some(i));
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

/// The shared `main` of the examples: reads the flags (clap: `--help` prints
/// `how_to_play` and the flags with their defaults and exits with 0; a bad
/// flag prints clap's message and exits with 2), sets up the game for
/// `--seats` and runs `play` on standard input and output. A refused setup
/// prints the rules' reason and exits with 2.
pub fn run_example<G, E: Display>(
    name: &'static str,
    how_to_play: &'static str,
    seats: std::ops::RangeInclusive<usize>,
    default_seats: usize,
    new_game: impl FnOnce(usize) -> Result<G, E>,
    play: impl FnOnce(
        G,
        Flags,
        &mut io::StdinLock<'static>,
        &mut io::StdoutLock<'static>,
    ) -> io::Result<()>,
) {
    let flags = parse_flags(
        command(name, how_to_play, seats, default_seats),
        std::env::args_os(),
    )
    .unwrap_or_else(|e| e.exit());
    let game = new_game(flags.seats).unwrap_or_else(|e| {
        eprintln!("cannot start with {} seats: {e}", flags.seats);
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
    fn flags_parse_with_the_games_default_and_refuse_bad_input() {
        let cmd = || command("t", "T: a test.\n\nMore.", 2..=8, 3);
        let f = parse_flags(cmd(), ["t", "--seed", "9", "--auto", "--seats", "4"]).unwrap();
        assert_eq!(
            f,
            Flags {
                seed: 9,
                seats: 4,
                auto: true
            }
        );
        let f = parse_flags(cmd(), ["t"]).unwrap();
        assert_eq!((f.seed, f.seats, f.auto), (7, 3, false));
        let help = parse_flags(cmd(), ["t", "--help"]).unwrap_err();
        assert_eq!(help.kind(), clap::error::ErrorKind::DisplayHelp);
        let text = help.to_string();
        assert!(
            text.contains("2 to 8") && text.contains("[default: 3]"),
            "{text}"
        );
        assert!(
            text.contains("[default: 7]") && text.contains("More."),
            "{text}"
        );
        for bad in [
            &["t", "--seed"][..],
            &["t", "--seed", "x"],
            &["t", "--bogus"],
            &["t", "--players", "3"],
        ] {
            assert!(parse_flags(cmd(), bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn places_read_as_places_by_seat() {
        let o = cards_core::Outcome::from_places(&[2, 1]).unwrap();
        assert_eq!(
            places_text(&o, |s| s.to_string()),
            "seat 0: 2nd, seat 1: 1st"
        );
        let o = cards_core::Outcome::from_places(&[1, 3, 3, 2]).unwrap();
        let you = |s: Seat| {
            if s == Seat(0) {
                "you".into()
            } else {
                s.to_string()
            }
        };
        assert_eq!(
            places_text(&o, you),
            "you: 1st, seat 1: 3rd, seat 2: 3rd, seat 3: 2nd"
        );
        let ords: Vec<String> = [4, 10, 11, 12, 13, 21, 22, 23, 101].map(ordinal).to_vec();
        assert_eq!(
            ords,
            [
                "4th", "10th", "11th", "12th", "13th", "21st", "22nd", "23rd", "101st"
            ]
        );
    }

    #[test]
    fn a_label_is_typeable_as_shown_without_its_hint() {
        let labels = [
            "put 8H face up (pick three; the rest stay in your hand)".to_string(),
            "pick up the pile".to_string(),
        ];
        assert_eq!(label_choice(&labels, "put 8H face up"), Some(0));
        assert_eq!(label_choice(&labels, "  Pick Up The Pile "), Some(1));
        assert_eq!(label_choice(&labels, &labels[0]), Some(0));
        assert_eq!(label_choice(&labels, "put 8H"), None);
        assert_eq!(label_choice(&labels, ""), None);
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
