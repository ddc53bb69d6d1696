//! Trump 21 in the terminal: you play seat 0 against bots.
//!
//! `--seed N` fixes the cards, `--seats N` (2–8, default 3) the table, and
//! `--auto` lets bots play every seat and prints the whole game, the same for the
//! same seed: `cargo run --release -p examples --example trump21 -- --auto --seed 7`.

use std::io::{BufRead, Write};

use cards_core::{Actor, Game, Seat, Viewer};
use examples::{Driver, END_OF_INPUT, ask_move, places_text, run_example};
use trump21::{Action, Event, Give, OddsBot, Play, Rules, Status, Take, Trump21, View};

/// What `--help` says about the game.
const HOW_TO_PLAY: &str = "\
Trump 21: you play seat 0 against bots.

Each round everyone gets a hidden and an open number card (1 to 11). Your
turn starts with the gamble, rolled for you while the trump pile is not empty:
heads you get a trump card, tails nothing (T7). Then play trumps from your
hand, one at a time, and draw a number card or close. The best total at or
under the target (21 unless a Go for trump moves it) wins the round; everyone
else loses lives (2, more with Damage trumps). The last player with lives wins.

Trumps aimed at a seat name it with @: `play damage+1 @2` lays Damage+1 at
seat 2. `play exchange @1` starts an exchange with seat 1: you then choose up
to two of his trumps to take (`take open:shield`, `take hidden` for one of his
hidden trumps, unseen) and two of yours to give (`give open:draw-2`,
`give hidden:shield`), one at a time, and `done` makes the swap. The table
shows the exchange while you choose it.

Type the number of a move, the move as the menu shows it, or the move itself
(draw, close, play exchange @1, ...).";

fn main() {
    run_example(
        "trump21",
        HOW_TO_PLAY,
        trump21::MIN_SEATS..=trump21::MAX_SEATS,
        trump21::DEFAULT_SEATS,
        |n| Trump21::new(Rules::default(), n),
        |g, flags, input, out| run(g, flags.seed, flags.auto, input, out),
    );
}

fn cards(v: &[u8]) -> String {
    if v.is_empty() {
        return "-".to_string();
    }
    v.iter()
        .map(|c| c.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The table as `view` shows it: target, lives, cards, trumps.
fn table(view: &View) -> String {
    let mut s = format!(
        "round {}, target {}; deck {}, discards {}, trump pile {}\n",
        view.round, view.target, view.deck, view.discards, view.draw_pile
    );
    for (i, info) in view.seats.iter().enumerate() {
        let seat = Seat(i as u8);
        let you = if view.seat() == Some(seat) {
            " (you)"
        } else {
            ""
        };
        match info.status {
            Status::Out(_) => {
                s += &format!("  {seat}{you}: out\n");
                continue;
            }
            Status::Left(_) => {
                s += &format!("  {seat}{you}: left\n");
                continue;
            }
            Status::Active => {}
        }
        let hidden = match info.hidden {
            Some(h) => format!("[{h}]"),
            None if info.has_hidden => "[?]".to_string(),
            None => String::new(),
        };
        let total = if info.hidden.is_some() {
            format!("total {}", info.visible_total())
        } else {
            format!("open total {}", info.visible_total())
        };
        let open: Vec<String> = view
            .open_trumps
            .iter()
            .filter(|o| o.holder == seat)
            .map(|o| o.kind.to_string())
            .collect();
        let marks = format!(
            "{}{}",
            if info.closed { ", closed" } else { "" },
            if info.revealed { ", revealed" } else { "" }
        );
        s += &format!(
            "  {seat}{you}: {} {}, {hidden} {} ({total}{marks}); {} hidden {}; open trumps: {}\n",
            info.lives,
            if info.lives == 1 { "life" } else { "lives" },
            cards(&info.open_cards),
            info.hidden_trumps,
            if info.hidden_trumps == 1 {
                "trump"
            } else {
                "trumps"
            },
            if open.is_empty() {
                "-".to_string()
            } else {
                open.join(", ")
            }
        );
    }
    if view.seat().is_some() {
        s += &format!("  your trumps: {}\n", view.my_trumps);
    }
    if let Some(e) = &view.exchange {
        let takes: Vec<String> = e.take.iter().map(ToString::to_string).collect();
        let mut gives: Vec<String> = e.open_gives.iter().map(|k| format!("open:{k}")).collect();
        if e.my_hidden_gives.is_empty() {
            if e.hidden_gives > 0 {
                gives.push(format!("{} hidden", e.hidden_gives));
            }
        } else {
            gives.extend(e.my_hidden_gives.iter().map(|k| format!("hidden:{k}")));
        }
        let list = |v: &[String]| {
            if v.is_empty() {
                "nothing yet".to_string()
            } else {
                v.join(", ")
            }
        };
        s += &format!(
            "  exchange with {} under way: taking {}; giving {}\n",
            e.with,
            list(&takes),
            list(&gives)
        );
    }
    s
}

/// A menu line: the move as typed, with what it does where that is not plain.
fn describe(a: &Action, view: &View) -> String {
    let with = view
        .exchange
        .as_ref()
        .map_or("the other player".to_string(), |e| e.with.to_string());
    let hint = match a {
        Action::Draw => "a number card, face up".to_string(),
        Action::Close => "no more cards for you this round".to_string(),
        Action::Reveal => "show your hidden card".to_string(),
        Action::End => "end your turn".to_string(),
        Action::Play(Play::Exchange(s)) => format!(
            "swap trumps with {s}: you then choose up to two to take and two to give, and done"
        ),
        Action::Take(Take::Open(k)) => format!("take {with}'s open {k}"),
        Action::Take(Take::Hidden) => format!("take one of {with}'s hidden trumps, unseen"),
        Action::Give(Give::Open(k)) => format!("give {with} your open {k}"),
        Action::Give(Give::Hidden(k)) => format!("give {with} your hidden {k}"),
        Action::Done => "the exchange is made: the trumps change hands".to_string(),
        _ => return a.to_string(),
    };
    format!("{a} ({hint})")
}

/// The step as the human sees it ("you draw a 5", "seat 1 wins the gamble"); with bots
/// only, as a spectator sees it. A step that ends a round tells its result.
fn shown(g: &Trump21, action: &Action, human: Option<Seat>) -> std::io::Result<Event> {
    let viewer = human.map_or(Viewer::Spectator, Viewer::Seat);
    g.event(action, viewer)
        .map_err(|e| std::io::Error::other(e.to_string()))
}

fn run<R: BufRead, W: Write>(
    mut g: Trump21,
    seed: u64,
    auto: bool,
    input: &mut R,
    out: &mut W,
) -> std::io::Result<()> {
    let mut driver = Driver::new(seed);
    let human = if auto { None } else { Some(Seat(0)) };
    let viewer = human.map_or(Viewer::Spectator, Viewer::Seat);
    let mut bots: Vec<OddsBot> = vec![OddsBot::default(); g.seats()];
    writeln!(out, "Trump 21, {} players, seed {seed}", g.seats())?;
    let mut round = 0;
    loop {
        if g.round() != round {
            round = g.round();
            if g.actor() != Actor::Terminal {
                writeln!(out, "--- round {round} ---")?;
            }
        }
        let next = driver.next_action(&g, human, &mut bots, |view, legal| {
            writeln!(out, "\n{}", table(view))?;
            let labels: Vec<String> = legal.iter().map(|a| describe(a, view)).collect();
            ask_move(input, out, &g, legal, &labels)
        })?;
        let Some(action) = next else {
            if g.actor() != Actor::Terminal {
                writeln!(out, "\n{END_OF_INPUT}")?;
                return Ok(());
            }
            break;
        };
        writeln!(out, "{}", shown(&g, &action, human)?)?;
        if let Err(e) = g.apply_mut(&action) {
            writeln!(out, "refused: {e}")?;
            break;
        }
    }
    writeln!(out, "\n{}", table(&g.observe(viewer)))?;
    if let Some(o) = g.outcome() {
        let name = |s: Seat| {
            if human == Some(s) {
                "you".to_string()
            } else {
                s.to_string()
            }
        };
        writeln!(
            out,
            "game over after {} rounds: {}",
            g.round(),
            places_text(&o, name)
        )?;
    }
    Ok(())
}
