//! Crazy Eights with OpenSpiel's rules in the terminal: you play seat 0 against bots.
//!
//! `--seed N` fixes the cards, `--players N` (2–10, default 5, OpenSpiel's) the
//! table, and `--auto` lets bots play every seat and prints the whole game, the
//! same for the same seed: `cargo run --release -p examples --example crazy_eights -- --auto`.

use std::io::{BufRead, Write};

use cards_core::{Actor, Game, Seat, Viewer};
use crazy_eights::{Action, CrazyEights, Phase, Rules, ShedBot};
use examples::{Driver, ask_move, run_example};

/// What `--help` says about the game.
const HOW_TO_PLAY: &str = "\
Crazy Eights (OpenSpiel's rules): you play seat 0 against bots.

Everyone gets five cards (seven with two players); one card is turned up. On
your turn play a card of the suit to follow or of the top card's rank; an eight
always fits, and then you name the suit. You may draw instead, up to five cards
a turn, and pass once you have drawn five or the stock is empty. The first to
shed all his cards ends the game; the others lose points for the cards they
hold (an eight 50, pictures and aces 10). Type the number of a move or the move
itself (play 7H, draw, pass, nominate S).";

fn main() {
    run_example(
        HOW_TO_PLAY,
        crazy_eights::DEFAULT_SEATS,
        |n| CrazyEights::new(Rules::default(), n),
        |g, flags, input, out| run(g, flags.seed, flags.auto, input, out),
    );
}

fn describe(a: &Action) -> String {
    match a {
        Action::Play(c) => format!("play {c}"),
        Action::Draw => "draw a card".to_string(),
        Action::Pass => "pass".to_string(),
        Action::Nominate(s) => format!("name {s} as the suit to follow"),
        other => other.to_string(),
    }
}

fn run<R: BufRead, W: Write>(
    mut g: CrazyEights,
    seed: u64,
    auto: bool,
    input: &mut R,
    out: &mut W,
) -> std::io::Result<()> {
    let viewer = if auto {
        Viewer::Spectator
    } else {
        Viewer::Seat(Seat(0))
    };
    let human = if auto { None } else { Some(Seat(0)) };
    let mut driver = Driver::new(seed);
    let mut bots = vec![ShedBot; g.seats()];
    writeln!(
        out,
        "Crazy Eights, {} players, seed {seed}{}",
        g.seats(),
        if auto {
            ", bots on every seat"
        } else {
            "; you are seat 0"
        }
    )?;
    loop {
        let next = driver.next_action(&g, human, &mut bots, |view, legal| {
            writeln!(out)?;
            let sizes: Vec<String> = view
                .hand_sizes
                .iter()
                .map(|(s, k)| format!("{s}: {k}"))
                .collect();
            writeln!(
                out,
                "cards held: {}; stock {}",
                sizes.join(", "),
                view.stock_size
            )?;
            if let (Some(top), Some(suit)) = (view.top, view.suit) {
                writeln!(out, "top card {top}, suit to follow {suit}")?;
            }
            if view.owed > 0 {
                writeln!(out, "you owe {} cards unless you play a two", view.owed)?;
            }
            writeln!(out, "your hand: {}", view.hand.unwrap_or_default())?;
            let choices: Vec<String> = legal.iter().map(describe).collect();
            ask_move(input, out, &g, legal, &choices)
        })?;
        let Some(action) = next else {
            if g.actor() != Actor::Terminal {
                writeln!(out, "\nend of input: goodbye")?;
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
        // The deal is printed once, when the starter is turned up.
        if before == Phase::Deal {
            continue;
        }
        writeln!(out, "{event}")?;
        if auto && before == Phase::TurnUp && g.phase() != Phase::TurnUp {
            let hands: Vec<String> = (0..g.seats())
                .map(|s| format!("seat {s} {}", g.hand(Seat(s as u8)).unwrap_or_default()))
                .collect();
            writeln!(out, "   hands: {}", hands.join(", "))?;
        }
    }
    if let (Some(o), Some(r)) = (g.outcome(), g.returns()) {
        writeln!(out, "\ngame over after {} cards played", g.plays())?;
        for (seat, ret) in r.iter() {
            let name = if human == Some(seat) {
                "you".to_string()
            } else {
                seat.to_string()
            };
            writeln!(out, "  place {}: {name}, {ret} points", o.place(seat))?;
        }
    }
    Ok(())
}
