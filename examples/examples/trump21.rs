//! Trump 21 in the terminal: you play seat 0 against bots.
//!
//! `--seed N` fixes the cards, `--players N` (2–8, default 3) the table, and
//! `--auto` lets bots play every seat and prints the whole game, the same for the
//! same seed: `cargo run --release -p examples --example trump21 -- --auto --seed 7`.

use std::io::{BufRead, Write};

use cards_core::{Actor, Game, Seat, Viewer};
use examples::{Driver, ask_move, run_example};
use trump21::{Action, Event, OddsBot, Rules, Status, Trump21, View};

/// What `--help` says about the game.
const HOW_TO_PLAY: &str = "\
Trump 21: you play seat 0 against bots.

Each round everyone gets a hidden and an open number card (1 to 11). On your
turn you may gamble for a trump card, play trumps from your hand, then draw a
number card or close. The best total at or under the target (21 unless a Go
for trump moves it) wins the round; everyone else loses lives (2, more with
Damage trumps). The last player with lives wins. Type the number of a move or
the move itself (draw, close, ...).";

fn main() {
    run_example(
        HOW_TO_PLAY,
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
    s
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
            let labels: Vec<String> = legal.iter().map(|a| a.to_string()).collect();
            ask_move(input, out, &g, legal, &labels)
        })?;
        let Some(action) = next else {
            if g.actor() != Actor::Terminal {
                writeln!(out, "\nbye")?;
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
        writeln!(
            out,
            "game over after {} rounds; places by seat: {o}",
            g.round()
        )?;
    }
    Ok(())
}
