//! Shithead in the terminal: you play seat 0 against bots.
//!
//! `--seed N` fixes the cards, `--players N` (2–10, default 4) the table, and
//! `--auto` lets bots play every seat and prints the whole game, the same for the
//! same seed: `cargo run --release -p examples --example shithead -- --auto --seed 7`.

use std::io::{BufRead, Write};

use cards_core::{Actor, Bot, ChaCha8Rng, Game, Seat, SeedableRng, Viewer};
use examples::{choose, parse_flags};
use shithead::{Action, Event, Rules, Shithead, ShitheadBot, Status, View};

fn main() {
    let flags = match parse_flags(std::env::args().skip(1)) {
        Ok(f) => f,
        Err(msg) => {
            eprintln!("{msg}");
            std::process::exit(2);
        }
    };
    let players = flags.players.unwrap_or(4);
    let game = match Shithead::new(Rules::default(), players) {
        Ok(g) => g,
        Err(e) => {
            eprintln!("cannot start: {e}");
            std::process::exit(2);
        }
    };
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    if let Err(e) = run(game, flags.seed, flags.auto, &mut input, &mut out) {
        eprintln!("output failed: {e}");
    }
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
    let e = g.event(a, Viewer::Seat(Seat(0)));
    if !auto {
        return e.to_string();
    }
    match e {
        Event::Dealt { seat, .. } | Event::Drew { seat, .. } => {
            g.event(a, Viewer::Seat(seat)).to_string()
        }
        e => e.to_string(),
    }
}

fn run<R: BufRead, W: Write>(
    mut g: Shithead,
    seed: u64,
    auto: bool,
    input: &mut R,
    out: &mut W,
) -> std::io::Result<()> {
    let mut chance_rng = ChaCha8Rng::seed_from_u64(seed);
    let mut bot_rng = ChaCha8Rng::seed_from_u64(seed);
    bot_rng.set_stream(1);
    let mut bot = ShitheadBot;
    let mut legal = Vec::new();
    let mut scratch = Vec::new();
    writeln!(out, "Shithead, {} players, seed {seed}", g.seats())?;
    loop {
        let action = match g.actor() {
            Actor::Terminal => break,
            Actor::Chance => match g.sample_chance(&mut chance_rng, &mut scratch) {
                Some(a) => a,
                None => break,
            },
            Actor::Player(seat) => {
                g.legal_actions(&mut legal);
                let view = g.observe(Viewer::Seat(seat));
                if seat == Seat(0) && !auto {
                    writeln!(out, "\n{}", table_lines(&view))?;
                    writeln!(
                        out,
                        "  your hand: {}",
                        view.hand.map_or("-".to_string(), |h| h.to_string())
                    )?;
                    let choices: Vec<String> = legal.iter().map(describe).collect();
                    match choose(input, out, &choices) {
                        Some(i) => legal[i],
                        None => {
                            writeln!(out, "\nbye")?;
                            return Ok(());
                        }
                    }
                } else {
                    bot.choose(&view, &legal, &mut bot_rng)
                }
            }
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
