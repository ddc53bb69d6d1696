//! Shithead in the terminal: you play seat 0 against bots.
//!
//! `--seed N` fixes the cards, `--players N` (2–10, default 4) the table, and
//! `--auto` lets bots play every seat and prints the whole game, the same for the
//! same seed: `cargo run --release -p examples --example shithead -- --auto --seed 7`.

use std::io::{BufRead, Write};

use cards_core::{Actor, Game, Seat, Viewer};
use examples::{Driver, ask_move, run_example};
use shithead::{Action, Event, Rules, Shithead, ShitheadBot, Status, Then, View, What, Who};

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
        shithead::DEFAULT_SEATS,
        |n| Shithead::new(Rules::default(), n),
        |g, flags, input, out| run(g, flags.seed, flags.auto, input, out),
    );
}

fn describe(a: &Action) -> String {
    match a {
        Action::FaceUp(c) => format!("put {c} face up (pick three; the rest stay in your hand)"),
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
        let name = if v.viewer == Viewer::Seat(seat) {
            "you".to_string()
        } else {
            seat.to_string()
        };
        let status = match v.status.get(seat) {
            Some(Status::Out(k)) => format!(" (out, #{})", k + 1),
            Some(Status::Left(_)) => " (left)".to_string(),
            _ => String::new(),
        };
        s += &format!(
            "  {name}{status}: {} in hand, face up [{up}], {} face down\n",
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
        v.burned.len()
    );
    s
}

/// `who` named by seat number, never "you" (bots-only games have no "you").
fn by_number(who: Who) -> Who {
    Who::Seat(who.seat())
}

/// The event with every seat named by number.
fn third_person(mut e: Event) -> Event {
    match &mut e.what {
        What::Dealt { seat, .. }
        | What::Drew { seat, .. }
        | What::Picked { seat, .. }
        | What::Arranged { seat, .. }
        | What::Played { seat, .. }
        | What::Blind { seat }
        | What::Turned { seat, .. }
        | What::PickedUp { seat, .. }
        | What::Ended { seat } => *seat = by_number(*seat),
    }
    for t in &mut e.then {
        match t {
            Then::Burned { seat, .. } | Then::Out { seat, .. } | Then::Skipped { seat } => {
                *seat = by_number(*seat);
            }
            Then::GameOver {
                shithead: Some(s), ..
            } => *s = by_number(*s),
            Then::Reversed | Then::GameOver { .. } => {}
        }
    }
    e
}

/// The event as you (seat 0) see it; in a bots-only game, as the seat it
/// concerns sees it (every card a player could see; face-down cards stay
/// hidden), with seats named by number.
fn event_text(g: &Shithead, a: &Action, auto: bool) -> String {
    let e = g.event(a, Viewer::Seat(Seat(0))).unwrap();
    if !auto {
        return e.to_string();
    }
    let e = match e.what {
        What::Dealt { seat, .. } | What::Drew { seat, .. } => {
            g.event(a, Viewer::Seat(seat.seat())).unwrap()
        }
        _ => e,
    };
    third_person(e).to_string()
}

/// The end in words: each seat's place, and what those still holding cards
/// held (the game is over, so nothing is hidden any more).
fn final_lines(g: &Shithead, auto: bool) -> String {
    let mut s = format!("\ngame over after {} player actions\n", g.actions());
    let Some(o) = g.outcome() else {
        return s;
    };
    for k in 0..g.seats() {
        let seat = Seat(k as u8);
        let name = if auto || k != 0 {
            seat.to_string()
        } else {
            "you".to_string()
        };
        let place = o.place(seat);
        let line = match g.status(seat) {
            Some(Status::Out(_)) => format!("{name}: place {place}, went out"),
            Some(Status::Left(_)) => format!("{name}: place {place}, left the game"),
            _ => format!(
                "{name}: place {place}, still holding hand [{}], face up [{}], face down [{}]",
                g.hand(seat).unwrap_or_default(),
                g.face_up(seat).unwrap_or_default(),
                g.face_down(seat).unwrap_or_default()
            ),
        };
        s += &format!("  {line}\n");
    }
    if let Some(sh) = g.shithead() {
        s += &if sh == Seat(0) && !auto {
            "you are the shithead\n".to_string()
        } else {
            format!("the shithead is {sh}\n")
        };
    }
    s
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
    if g.outcome().is_some() {
        write!(out, "{}", final_lines(&g, auto))?;
    }
    Ok(())
}
