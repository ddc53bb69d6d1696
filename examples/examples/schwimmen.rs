//! Schwimmen (31) in the terminal: you play seat 0 against bots.
//!
//! `--seed N` fixes the cards, `--players N` (2–9, default 4) the table, and
//! `--auto` lets bots play every seat and prints the whole game, the same for the
//! same seed: `cargo run --release -p examples --example schwimmen -- --auto --seed 7`.

use std::io::{BufRead, Write};

use cards_core::{Actor, Game, Seat, Viewer};
use examples::{Driver, ask_move, run_example};
use schwimmen::{Action, Fate, Phase, Rules, Schwimmen, StrongBot, hand_value};

/// What `--help` says about the game.
const HOW_TO_PLAY: &str = "\
Schwimmen (31): you play seat 0 against bots.

Everyone holds three cards; three more lie face up in the middle. On your turn
swap one card with the middle, swap all three, pass, or knock (then everyone
else has one more turn). A hand counts the cards of one suit (ace 11, pictures
10) or 30.5 for three of a kind; 31 ends the round at once. The lowest hand
loses a life; with none left you swim, and the next loss drowns you. The last
one afloat wins. Type the number of a move or the move itself (swap 7H AS).";

fn main() {
    run_example(
        HOW_TO_PLAY,
        schwimmen::DEFAULT_SEATS,
        |n| Schwimmen::new(Rules::default(), n),
        |g, flags, input, out| run(g, flags.seed, flags.auto, input, out),
    );
}

fn lives_line(g: &Schwimmen) -> String {
    (0..g.seats())
        .map(|s| {
            let seat = Seat(s as u8);
            let status = match g.fate(seat).expect("a seat at the table") {
                Fate::Active if g.is_swimming(seat) => "swimming".to_string(),
                Fate::Active if g.lives(seat).expect("a seat at the table") == 1 => {
                    "1 life".to_string()
                }
                Fate::Active => format!("{} lives", g.lives(seat).expect("a seat at the table")),
                Fate::Drowned(_) => "drowned".to_string(),
                Fate::Left(_) => "left".to_string(),
            };
            format!("seat {s}: {status}")
        })
        .collect::<Vec<_>>()
        .join(", ")
}

fn describe(a: &Action) -> String {
    match a {
        Action::Keep => "keep your pack (the other goes face up to the middle)".to_string(),
        Action::TakeOther => "take the other pack unseen (yours goes to the middle)".to_string(),
        Action::Swap { give, take } => format!("swap your {give} for {take} from the middle"),
        Action::SwapAll => "swap all three cards with the middle".to_string(),
        Action::Pass => "pass".to_string(),
        Action::Knock => "knock (everyone else has one more turn)".to_string(),
        other => other.to_string(),
    }
}

fn run<R: BufRead, W: Write>(
    mut g: Schwimmen,
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
    let mut driver = Driver::new(seed);
    let mut bots = vec![StrongBot::default(); g.seats()];
    let human = if auto { None } else { Some(Seat(0)) };
    writeln!(
        out,
        "Schwimmen (31), {} players, seed {seed}{}",
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
            writeln!(out, "{}", lives_line(&g))?;
            writeln!(out, "middle: {}", g.middle())?;
            let value = hand_value(view.hand).map_or(String::new(), |v| format!(" ({v})"));
            let what = if g.phase() == Phase::DealerChoice {
                "your first pack"
            } else {
                "your hand"
            };
            writeln!(out, "{what}: {}{value}", view.hand)?;
            if let Some(k) = g.knocker() {
                writeln!(out, "{k} has knocked: this is your last turn")?;
            }
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
        let event = g.event(&action, viewer).unwrap();
        let before = g;
        if let Err(e) = g.apply_mut(&action) {
            writeln!(out, "refused: {e}")?;
            continue;
        }
        match action {
            Action::Deal(_) => {
                if g.phase() == Phase::DealerChoice {
                    writeln!(
                        out,
                        "\n-- round {}: {} deals; {}",
                        g.round() + 1,
                        g.dealer(),
                        lives_line(&g)
                    )?;
                }
            }
            _ => writeln!(out, "{event}")?,
        }
        if auto && before.phase() == Phase::DealerChoice && g.phase() == Phase::Turns {
            let hands: Vec<String> = (0..g.seats())
                .filter(|&s| g.is_active(Seat(s as u8)))
                .map(|s| {
                    format!(
                        "seat {s} {}",
                        g.hand(Seat(s as u8)).expect("a seat at the table")
                    )
                })
                .collect();
            writeln!(out, "   hands: {}", hands.join(", "))?;
        }
    }
    if let Some(o) = g.outcome() {
        writeln!(out, "\ngame over after {} rounds", g.round())?;
        let name = |s: usize| {
            if human == Some(Seat(s as u8)) {
                "you".to_string()
            } else {
                format!("seat {s}")
            }
        };
        for place in 1..=g.seats() as u8 {
            let seats: Vec<String> = (0..g.seats())
                .filter(|&s| o.places()[s] == place)
                .map(name)
                .collect();
            if !seats.is_empty() {
                let what = if place == 1 { " (winner)" } else { "" };
                writeln!(out, "  place {place}: {}{what}", seats.join(" and "))?;
            }
        }
    }
    Ok(())
}
