//! Hearts with OpenSpiel's rules in the terminal: you play seat 0 against bots.
//!
//! `--seed N` fixes the cards (Hearts is for four players: `--seats 4`, the
//! default), and `--auto` lets bots play every seat and prints the whole game,
//! the same for the same seed: `cargo run --release -p examples --example hearts -- --auto`.

use std::io::{BufRead, Write};

use cards_core::{Actor, Game, Seat, Viewer};
use examples::{Driver, END_OF_INPUT, ask_move, places_text, run_example};
use hearts::{Action, Hearts, HeartsBot, Phase, Rules};

/// What `--help` says about the game.
const HOW_TO_PLAY: &str = "\
Hearts (OpenSpiel's rules): you play seat 0 against three bots.

Everyone gets thirteen cards and, unless the deal says no pass, passes three
of them one at a time (left, across or right, as chance picks). The holder of
the two of clubs leads it; follow suit if you can. Each heart taken costs a
point and the queen of spades thirteen; take them all and the others pay
instead (shooting the moon). Hearts may not be led until one has been played.
Fewest points wins. Type the number of a move or the move itself (pass QS,
play 2C).";

fn main() {
    run_example(
        "hearts",
        HOW_TO_PLAY,
        hearts::MIN_SEATS..=hearts::MAX_SEATS,
        hearts::DEFAULT_SEATS,
        |n| Hearts::new(Rules::default(), n),
        |g, flags, input, out| run(g, flags.seed, flags.auto, input, out),
    );
}

fn run<R: BufRead, W: Write>(
    mut g: Hearts,
    seed: u64,
    auto: bool,
    input: &mut R,
    out: &mut W,
) -> std::io::Result<()> {
    let (viewer, human) = if auto {
        (Viewer::Spectator, None)
    } else {
        (Viewer::Seat(Seat(0)), Some(Seat(0)))
    };
    let mut driver = Driver::new(seed);
    let mut bots = vec![HeartsBot; g.seats()];
    let who = if auto {
        ", bots on every seat"
    } else {
        "; you are seat 0"
    };
    writeln!(out, "Hearts, {} players, seed {seed}{who}", g.seats())?;
    loop {
        let next = driver.next_action(&g, human, &mut bots, |view, legal| {
            writeln!(out)?;
            if !view.trick.is_empty() {
                let trick: Vec<String> = view.trick.iter().map(|c| c.to_string()).collect();
                writeln!(out, "trick so far: {}", trick.join(" "))?;
            }
            if view.phase == Phase::Play {
                let points: Vec<String> = (0..g.seats())
                    .map(|s| format!("seat {s}: {}", g.points(Seat(s as u8)).unwrap_or(0)))
                    .collect();
                writeln!(out, "points taken: {}", points.join(", "))?;
            }
            writeln!(out, "your hand: {}", view.hand.unwrap_or_default())?;
            let choices: Vec<String> = legal.iter().map(Action::to_string).collect();
            ask_move(input, out, &g, legal, &choices)
        })?;
        let Some(action) = next else {
            if g.actor() != Actor::Terminal {
                writeln!(out, "\n{END_OF_INPUT}")?;
                return Ok(());
            }
            break;
        };
        let event = g
            .event(&action, viewer)
            .expect("the driver picks legal actions");
        let before = g.phase();
        if let Err(e) = g.apply_mut(&action) {
            writeln!(out, "refused: {e}")?;
            continue;
        }
        // The deal is shown once, as each seat's hand when it is complete.
        if before == Phase::Deal {
            if g.phase() != Phase::Deal {
                match human {
                    Some(me) => writeln!(out, "you are dealt {}", g.hand(me).unwrap_or_default())?,
                    None => {
                        for s in 0..g.seats() {
                            let hand = g.hand(Seat(s as u8)).unwrap_or_default();
                            writeln!(out, "seat {s} is dealt {hand}")?;
                        }
                    }
                }
            }
            continue;
        }
        writeln!(out, "{event}")?;
    }
    if let Some(o) = g.outcome() {
        let name = |s: Seat| {
            let points = g.points(s).unwrap_or(0);
            match human {
                Some(me) if me == s => format!("you ({points} points)"),
                _ => format!("{s} ({points} points)"),
            }
        };
        writeln!(out, "\ngame over: {}", places_text(&o, name))?;
    }
    Ok(())
}
