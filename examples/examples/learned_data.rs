//! Labelled positions for training a game's learned level: the hard level's
//! decisions (or another teacher's, `--teacher`) on positions from seeded
//! games of one teacher seat against the game's heuristic (the medium
//! level) at every other seat, played on every core.
//!
//! ```text
//! cargo run --release -p examples --example learned_data -- \
//!     --game schwimmen --seats 4 --games 2000 --out target/learned/schwimmen-4
//! ```
//!
//! Game `i` is dealt from seed `seed + i` and its hard seat is `i mod seats`
//! (or `--seat`, the same seat in every game).
//! Every player decision with more than one legal action is a row, whoever
//! plays it: the seat's tensor (`Encode::encode_view`), its legal ids and
//! the id the hard level chose there; the seat then plays its own level's
//! choice.
//!
//! `--player learned` makes the teacher's seat play the learned level
//! instead (the shipped network, or `--weights FILE`) while the teacher still
//! labels every decision: the positions a network reaches by its own play,
//! labelled by the level it imitates (DAgger), so a retrained network learns
//! to recover from its own mistakes rather than only the teacher's lines.
//! The files, which `python/train/learned.py` reads with numpy:
//!
//! - `meta.json`: game, seats, observation length, action count, rows, seconds,
//!   and the games the teacher's (or player's) seat won (`player_wins`: with
//!   `--player learned --wins-only` a quick measure of a weights file, which
//!   plays the same games as `--teacher medium --player learned` but writes
//!   no rows);
//! - `obs.f32`: rows × observation `f32`s, little-endian;
//! - `legal.bits`: rows × ⌈actions / 8⌉ bytes, bit `k % 8` of byte `k / 8` set for a legal id `k`;
//! - `label.u32`: rows `u32`s, the hard level's ids;
//! - `played.u32`: rows `u32`s, the ids the mover actually played;
//! - `mine.u8`: rows bytes, 1 where the mover is the teacher's (or player's) seat;
//! - `visits.u32`, when the teacher is a hard level that searches with
//!   information-set MCTS: each row's root visit counts, one `u32` for each of
//!   its legal ids in ascending id order (the label is the most visited), so
//!   a network can learn the search's whole preference instead of its choice
//!   alone (`learned.py --soft`).

use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

use std::sync::Arc;

use cards_core::mlp::Networks;
use cards_core::{
    Bot, ChaCha8Rng, Difficulty, HardSearch, Ismcts, Learned, Opponents, RolloutBudget,
    SeedableRng, Table,
};
use clap::Parser;
use rayon::prelude::*;

/// Writes labelled positions for one game.
#[derive(Debug, Parser)]
struct Args {
    /// The game's name (as in `cards --game`).
    #[arg(long)]
    game: String,
    /// Seats at the table.
    #[arg(long, default_value_t = 4)]
    seats: usize,
    /// Games to play.
    #[arg(long, default_value_t = 1_000)]
    games: u64,
    /// Seed of the first game.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The level whose choices label the rows (and which the teacher's seat
    /// plays): `hard`, or `medium` where the hard level is too slow to label
    /// enough positions in the time at hand.
    #[arg(long, default_value = "hard")]
    teacher: Difficulty,
    /// The level the teacher's seat plays (default: the teacher's own
    /// choices); `learned` gathers the positions the network reaches by its
    /// own play, and the teacher's level a second, independent copy of the
    /// teacher (how often it agrees with the labels bounds any imitation).
    #[arg(long)]
    player: Option<Difficulty>,
    /// With `--player learned`: play the networks of this weights file
    /// instead of the shipped ones.
    #[arg(long)]
    weights: Option<PathBuf>,
    /// Rows from the teacher's (or player's) seat only; the teacher is not
    /// asked at the others. A quarter of the labelling cost per game at four
    /// seats, for gathering the player's own positions.
    #[arg(long)]
    only_player: bool,
    /// No rows and no teacher: the `--player` seat plays against medium
    /// bots and only its wins are counted (`meta.json`), to measure a
    /// weights file quickly.
    #[arg(long, requires = "player")]
    wins_only: bool,
    /// The teacher's (or player's) seat in every game, instead of seat
    /// `i mod seats` in game `i`: a level's strength at one seat.
    #[arg(long)]
    seat: Option<usize>,
    /// Determinizations a decision for a hard level that is a rollout
    /// search (Schwimmen's, Shithead's), instead of the game's own: a
    /// cheaper, weaker teacher that labels more rows in the same time.
    #[arg(long)]
    samples: Option<u32>,
    /// The folder to write.
    #[arg(long)]
    out: PathBuf,
}

/// A bot of `level`, a rollout hard level cut to `samples` when given.
fn level_bot<G: Opponents>(
    level: Difficulty,
    rules: &G::Rules,
    samples: Option<u32>,
) -> Box<dyn Bot<G>> {
    match (level, G::hard_search(), samples) {
        (Difficulty::Hard, HardSearch::Rollout(budget), Some(samples)) => {
            HardSearch::Rollout(RolloutBudget { samples, ..budget }).bot(rules)
        }
        _ => level.bot::<G>(rules),
    }
}

/// One labelled decision.
struct Row {
    obs: Vec<f32>,
    legal: Vec<u8>,
    label: u32,
    played: u32,
    mine: bool,
    /// The search's visit counts of the legal ids, ascending (a search teacher).
    visits: Option<Vec<u32>>,
}

/// Each root action of a search with its visit count.
type Visits<A> = Vec<(A, u32)>;

/// What labels the rows: a search whose visit counts are kept, or any bot.
enum Teacher<G: Opponents> {
    Search(Box<Ismcts<G>>),
    Bot(Box<dyn Bot<G>>),
}

impl<G: Opponents> Teacher<G> {
    fn new(level: Difficulty, rules: &G::Rules, samples: Option<u32>) -> Teacher<G> {
        match (level, G::hard_search()) {
            // The same search `Difficulty::Hard` builds, asked for its counts.
            (Difficulty::Hard, HardSearch::Ismcts(budget)) => {
                Teacher::Search(Box::new(Ismcts::new(rules.clone(), budget)))
            }
            _ => Teacher::Bot(level_bot(level, rules, samples)),
        }
    }

    /// The teacher's choice and, for a search, each legal action's visits.
    fn label(
        &mut self,
        view: &G::View,
        legal: &[G::Action],
        rng: &mut ChaCha8Rng,
    ) -> (G::Action, Option<Visits<G::Action>>) {
        match self {
            // As `Ismcts::choose`: a single legal action is not searched.
            Teacher::Search(search) if legal.len() > 1 => {
                let counts = search.search(view, legal, rng);
                (counts[0].0.clone(), Some(counts))
            }
            Teacher::Search(search) => (search.choose(view, legal, rng), None),
            Teacher::Bot(bot) => (bot.choose(view, legal, rng), None),
        }
    }
}

/// The rows of game `seed` and whether the teacher's (or player's) seat
/// finished first (shared firsts included), or a message when something
/// refuses.
fn play<G: Opponents>(
    args: &Args,
    nets: Option<&Arc<Networks>>,
    seed: u64,
    hard_seat: usize,
) -> Result<(Vec<Row>, bool), String> {
    let (teacher, seats) = (args.teacher, args.seats);
    let rules = G::Rules::default();
    let shape = G::shape(&rules, seats);
    let mut table = Table::<G>::new(rules.clone(), seats, seed).map_err(|e| format!("{e:?}"))?;
    let mut hard: Vec<Teacher<G>> = (0..seats)
        .map(|_| Teacher::new(teacher, &rules, args.samples))
        .collect();
    let mut medium = Difficulty::Medium.bot::<G>(&rules);
    let mut player: Option<Box<dyn Bot<G>>> = match (args.player, nets) {
        (_, Some(nets)) => Some(Box::new(
            Learned::new(rules.clone(), nets.clone(), G::heuristic(&rules))
                .map_err(|e| e.to_string())?,
        )),
        (Some(level), None) => Some(level_bot(level, &rules, args.samples)),
        _ => None,
    };
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed_1ea5);
    let mut legal = Vec::new();
    let mut rows = Vec::new();
    while let Some(seat) = table.to_act() {
        table.state().legal_actions(&mut legal);
        let view = table.view(seat);
        let mine = seat.index() == hard_seat;
        if args.wins_only || (args.only_player && !mine) {
            let played = match &mut player {
                Some(player) if mine => player.choose(&view, &legal, &mut rng),
                _ => medium.choose(&view, &legal, &mut rng),
            };
            table.play_as(seat, &played).map_err(|e| format!("{e:?}"))?;
            continue;
        }
        let (choice, counts) = hard[seat.index()].label(&view, &legal, &mut rng);
        let played = match &mut player {
            _ if !mine => medium.choose(&view, &legal, &mut rng),
            Some(player) => player.choose(&view, &legal, &mut rng),
            None => choice.clone(),
        };
        if legal.len() > 1 {
            let mut obs = vec![0.0; shape.observation];
            G::encode_view(&rules, seats, &view, &mut obs);
            let mut bits = vec![0u8; shape.actions.div_ceil(8)];
            for a in &legal {
                let id =
                    G::action_id(&rules, seats, a, false).ok_or("a legal action without an id")?;
                bits[id / 8] |= 1 << (id % 8);
            }
            let id = |a: &G::Action| {
                G::action_id(&rules, seats, a, false).ok_or("a choice without an id")
            };
            let visits = match counts {
                Some(counts) => {
                    let mut by_id = counts
                        .iter()
                        .map(|(a, n)| Ok((id(a)?, *n)))
                        .collect::<Result<Vec<_>, &str>>()?;
                    by_id.sort_unstable();
                    Some(by_id.into_iter().map(|(_, n)| n).collect())
                }
                None => None,
            };
            rows.push(Row {
                obs,
                legal: bits,
                label: id(&choice)? as u32,
                played: id(&played)? as u32,
                mine,
                visits,
            });
        }
        table.play_as(seat, &played).map_err(|e| format!("{e:?}"))?;
    }
    let won = table.outcome().is_some_and(|o| o.places()[hard_seat] == 1);
    Ok((rows, won))
}

/// Plays every game and writes the files.
fn run<G: Opponents>(args: &Args) -> Result<(), String> {
    let start = Instant::now();
    if let Some(seat) = args.seat.filter(|&s| s >= args.seats) {
        return Err(format!(
            "--seat {seat} is not at a {}-seat table",
            args.seats
        ));
    }
    if args.samples.is_some() && !matches!(G::hard_search(), HardSearch::Rollout(_)) {
        return Err(format!(
            "--samples: {}'s hard level is not a rollout search",
            args.game
        ));
    }
    let rules = G::Rules::default();
    let shape = G::shape(&rules, args.seats);
    let nets = match &args.weights {
        Some(path) => {
            let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
            Some(Arc::new(
                Networks::from_bytes(&bytes).map_err(|e| e.to_string())?,
            ))
        }
        None => None,
    };
    let games: Vec<(Vec<Row>, bool)> = (0..args.games)
        .into_par_iter()
        .map(|i| {
            play::<G>(
                args,
                nets.as_ref(),
                args.seed + i,
                args.seat.unwrap_or((i % args.seats as u64) as usize),
            )
        })
        .collect::<Result<_, _>>()?;
    std::fs::create_dir_all(&args.out).map_err(|e| e.to_string())?;
    let file = |name: &str| {
        std::fs::File::create(args.out.join(name))
            .map(std::io::BufWriter::new)
            .map_err(|e| e.to_string())
    };
    let (mut obs, mut legal, mut label) =
        (file("obs.f32")?, file("legal.bits")?, file("label.u32")?);
    let (mut played, mut mine) = (file("played.u32")?, file("mine.u8")?);
    let all: Vec<&Row> = games.iter().flat_map(|(rows, _)| rows).collect();
    // Written only when every row has them (a search teacher).
    let mut visits = if !all.is_empty() && all.iter().all(|r| r.visits.is_some()) {
        Some(file("visits.u32")?)
    } else {
        None
    };
    let mut rows = 0usize;
    for row in all {
        for x in &row.obs {
            obs.write_all(&x.to_le_bytes()).map_err(|e| e.to_string())?;
        }
        legal.write_all(&row.legal).map_err(|e| e.to_string())?;
        label
            .write_all(&row.label.to_le_bytes())
            .map_err(|e| e.to_string())?;
        played
            .write_all(&row.played.to_le_bytes())
            .map_err(|e| e.to_string())?;
        mine.write_all(&[u8::from(row.mine)])
            .map_err(|e| e.to_string())?;
        if let (Some(w), Some(counts)) = (&mut visits, &row.visits) {
            for n in counts {
                w.write_all(&n.to_le_bytes()).map_err(|e| e.to_string())?;
            }
        }
        rows += 1;
    }
    for mut w in [obs, legal, label, played, mine].into_iter().chain(visits) {
        w.flush().map_err(|e| e.to_string())?;
    }
    let seconds = start.elapsed().as_secs_f64();
    let wins = games.iter().filter(|(_, won)| *won).count();
    let meta = serde_json::json!({
        "game": args.game, "seats": args.seats, "observation": shape.observation,
        "actions": shape.actions, "rows": rows, "teacher": args.teacher.to_string(),
        "player": args.player.unwrap_or(args.teacher).to_string(), "games": args.games, "seed": args.seed,
        "seconds": seconds, "player_wins": wins,
    });
    std::fs::write(args.out.join("meta.json"), meta.to_string()).map_err(|e| e.to_string())?;
    println!(
        "{}: {rows} rows from {} games in {seconds:.1} s; the {} seat won {wins}",
        args.game,
        args.games,
        args.player.unwrap_or(args.teacher)
    );
    Ok(())
}

fn main() -> std::process::ExitCode {
    let args = Args::parse();
    macro_rules! dispatch {
        ($($krate:ident::$game:ident, $name:literal, $title:literal;)*) => {
            match args.game.as_str() {
                $($name => run::<cards_games::$krate::$game>(&args),)*
                other => Err(format!("no game {other}; the games are {:?}", cards_games::NAMES)),
            }
        };
    }
    match cards_games::for_each_game!(dispatch) {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("learned_data: {e}");
            std::process::ExitCode::FAILURE
        }
    }
}
