//! Schwimmen (31) in the terminal: you play seat 0 against bots.
//!
//! `--seed N` fixes the cards, `--players N` (2–9, default 4) the table, and
//! `--auto` lets bots play every seat and prints the whole game, the same for the
//! same seed: `cargo run --release -p examples --example schwimmen -- --auto --seed 7`.

use std::io::{BufRead, Write};

use cards_core::{Actor, Bot, ChaCha8Rng, Game, Seat, SeedableRng, Viewer};
use examples::{choose, parse_flags};
use schwimmen::{Action, Fate, Phase, Rules, Schwimmen, StrongBot, hand_value};

fn main() {
    let flags = match parse_flags(std::env::args().skip(1)) {
        Ok(f) => f,
        Err(msg) => {
            eprintln!("{msg}");
            std::process::exit(2);
        }
    };
    let players = flags.players.unwrap_or(4);
    let game = match Schwimmen::new(Rules::default(), players) {
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

fn lives_line(g: &Schwimmen) -> String {
    (0..g.seats())
        .map(|s| {
            let seat = Seat(s as u8);
            let status = match g.fate(seat) {
                Fate::Active if g.is_swimming(seat) => "swimming".to_string(),
                Fate::Active if g.lives(seat) == 1 => "1 life".to_string(),
                Fate::Active => format!("{} lives", g.lives(seat)),
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
    let mut chance_rng = ChaCha8Rng::seed_from_u64(seed);
    let mut bot_rng = ChaCha8Rng::seed_from_u64(seed);
    bot_rng.set_stream(1);
    let mut bot = StrongBot::default();
    let mut legal = Vec::new();
    let mut scratch = Vec::new();
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
        let action = match g.actor() {
            Actor::Terminal => break,
            Actor::Chance => match g.sample_chance(&mut chance_rng, &mut scratch) {
                Some(a) => a,
                None => break,
            },
            Actor::Player(seat) => {
                g.legal_actions(&mut legal);
                let view = g.observe(Viewer::Seat(seat));
                if !auto && seat == Seat(0) {
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
                    match choose(input, out, &choices) {
                        Some(i) => legal[i],
                        None => {
                            writeln!(out, "\nend of input: goodbye")?;
                            return Ok(());
                        }
                    }
                } else {
                    bot.choose(&view, &legal, &mut bot_rng)
                }
            }
        };
        let event = g.event(&action, viewer);
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
                .map(|s| format!("seat {s} {}", g.hand(Seat(s as u8))))
                .collect();
            writeln!(out, "   hands: {}", hands.join(", "))?;
        }
    }
    if let Some(o) = g.outcome() {
        writeln!(out, "\ngame over after {} rounds; places: {o}", g.round())?;
        for (s, pays) in schwimmen::settlement(&o).iter().enumerate() {
            writeln!(out, "  seat {s}: place {}, pays {pays}", o.places()[s])?;
        }
    }
    Ok(())
}
