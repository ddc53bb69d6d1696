//! Shithead in the terminal: you play seat 0 against bots.
//!
//! `--seed N` fixes the cards, `--players N` (2–10, default 4) the table, and
//! `--auto` lets bots play every seat and prints the whole game, the same for the
//! same seed: `cargo run --release -p examples --example shithead -- --auto --seed 7`.

use std::io::{BufRead, Write};

use cards_core::{Actor, Game, Seat, Viewer};
use examples::{Driver, ask_move, run_example};
use shithead::{Action, Rules, Shithead, ShitheadBot, Status, View, What};

/// What `--help` says about the game.
const HOW_TO_PLAY: &str = "\
Shithead: you play seat 0 against bots.

Play one or more cards of a rank at least as high as the pile's top (2 resets,
10 burns the pile, 3 is see-through, after a 7 only 2 to 7), or pick up the
pile.
Empty your hand, then your face-up cards, then your face-down cards blind. The
last player left holding cards is the shithead. Type the number of a move or
the move itself (play 7H 7S, pick up).";

fn main() {
    run_example(
        HOW_TO_PLAY,
        4,
        |n| Shithead::new(Rules::default(), n),
        |g, flags, input, out| run(g, flags.seed, flags.auto, input, out),
    );
}

fn describe(a: &Action) -> String {
    match a {
        Action::FaceUp(t) => format!("put {t} face up (the rest stay in your hand)"),
        Action::Play(g) => format!("play {g}"),
        Action::Blind => "play a face-down card blind".to_string(),
        Action::PickUp => "pick up the pile".to_string(),
        Action::PickUpWith(g) => format!("pick up the pile together with {g}"),
        Action::Done => "end your turn".to_string(),
        other => other.to_string(),
    }
}

fn table_lines(v: &View) -> String {
    let mut s = String::new();
    for (seat, up) in v.face_up.iter() {
        let status = match v.status.get(seat) {
            Some(Status::Out(k)) => format!(" (out, #{})", k + 1),
            Some(Status::Left(_)) => " (left)".to_string(),
            _ => String::new(),
        };
        s += &format!(
            "  {seat}{status}: {} in hand, face up [{up}], {} face down\n",
            v.hand_counts.get(seat).copied().unwrap_or(0),
            v.face_down_counts.get(seat).copied().unwrap_or(0),
        );
    }
    let level = v
        .level
        .map_or("none (anything goes)".to_string(), |r| r.to_string());
    let top = v.top.map_or("-".to_string(), |r| format!("{r} ×{}", v.run));
    s += &format!(
        "  pile: {} cards, top {top}, level {level}{}; stock {}, burned {}\n",
        v.pile.len(),
        if v.group == Some(cards_core::Rank::Queen) {
            " (cover your queen!)"
        } else {
            ""
        },
        v.stock_len,
        v.burned_len
    );
    s
}

/// The event as the seat it concerns sees it (bots-only games show every card
/// a player could see; face-down cards stay hidden).
fn event_text(g: &Shithead, a: &Action, auto: bool) -> String {
    let e = g.event(a, Viewer::Seat(Seat(0))).unwrap();
    if !auto {
        return e.to_string();
    }
    match e.what {
        What::Dealt { seat, .. } | What::Drew { seat, .. } => {
            g.event(a, Viewer::Seat(seat.seat())).unwrap().to_string()
        }
        _ => e.to_string(),
    }
}

fn run<R: BufRead, W: Write>(
    mut g: Shithead,
    seed: u64,
    auto: bool,
    input: &mut R,
    out: &mut W,
) -> std::io::Result<()> {
    let mut driver = Driver::new(seed);
    let mut bots = vec![ShitheadBot; g.seats()];
    let human = if auto { None } else { Some(Seat(0)) };
    writeln!(out, "Shithead, {} players, seed {seed}", g.seats())?;
    loop {
        let next = driver.next_action(&g, human, &mut bots, |view, legal| {
            writeln!(out, "\n{}", table_lines(view))?;
            writeln!(
                out,
                "  your hand: {}",
                view.hand.map_or("-".to_string(), |h| h.to_string())
            )?;
            let choices: Vec<String> = legal.iter().map(describe).collect();
            ask_move(input, out, &g, legal, &choices)
        })?;
        let Some(action) = next else {
            if g.actor() != Actor::Terminal {
                writeln!(out, "\nbye")?;
                return Ok(());
            }
            break;
        };
        let dealing = g.phase() == shithead::Phase::Dealing;
        if !dealing || auto {
            writeln!(out, "{}", event_text(&g, &action, auto))?;
        }
        if g.apply_mut(&action).is_err() {
            writeln!(out, "refused: {action}")?;
            break;
        }
        if dealing && g.phase() != shithead::Phase::Dealing {
            writeln!(out, "-- dealt; {} cards in the stock", g.stock_len())?;
        }
    }
    if let (Some(o), Some(sh)) = (g.outcome(), g.shithead()) {
        writeln!(out, "\ngame over after {} player actions", g.actions())?;
        for s in 0..g.seats() {
            writeln!(out, "  seat {s}: place {}", o.place(Seat(s as u8)))?;
        }
        writeln!(out, "the shithead is {sh}")?;
    }
    Ok(())
}
