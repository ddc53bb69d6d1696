//! Instruction-count workloads, measured by `.ci/icount` under callgrind.
//!
//! Each workload is one `#[inline(never)]` function named `icount_<workload>`,
//! run a fixed number of times on fixed seeded inputs from `benches/lib.rs`.
//! `.ci/icount` starts this binary once per workload (`instructions <workload>`)
//! with callgrind collecting only inside that function, so building the inputs
//! is not counted. Every workload returns a checksum that `main` compares with
//! a pinned value, so a fast wrong answer fails instead of looking good.
//!
//! Without a workload name (as under `cargo bench -- --test`) every workload
//! runs once and its checksum is checked; `--list` prints the names.
//! The code must stay deterministic: fixed seeds, no clocks, no hashing with
//! random keys, nothing that depends on the environment.
#![forbid(unsafe_code)]

use std::hint::black_box;
use std::process::ExitCode;

use benches::encoding::{encode_and_mask, views};
use benches::{crazy_eights as c8, hearts as hz, schwimmen as sw, shithead as sh, trump21 as t21};
use cards_core::{
    Actor, Bot, CardSet, ChaCha8Rng, Difficulty, Encode, Game, Playout, Rank, SeedableRng, Viewer,
};
use crazy_eights::{Action as C8Action, CrazyEights, Rules as C8Rules};
use hearts::{Hearts, Rules as HeartsRules};
use schwimmen::{Rules as SwRules, Schwimmen, hand_value};
use shithead::{Action as ShAction, Rules as ShRules, Shithead, playable};
use trump21::{Action as T21Action, Ranking, Rules as T21Rules, Trump21, rank_totals};

/// Repetitions of the cheap workloads (scoring, legal lists, apply), so their
/// counts are large enough to compare.
const REPS: usize = 10;

// ---------------------------------------------------------------- schwimmen

/// Scores every 3-card hand `REPS` times; the sum of the ordering codes.
#[inline(never)]
fn icount_schwimmen_score(hands: &[CardSet]) -> u64 {
    let mut sum = 0u64;
    for _ in 0..REPS {
        for &h in black_box(hands) {
            if let Some(v) = hand_value(h) {
                sum += u64::from(v.code());
            }
        }
    }
    sum
}

/// Lists the legal actions of every fixed turn position `REPS` times; the total count.
#[inline(never)]
fn icount_schwimmen_legal(positions: &[Schwimmen], buf: &mut Vec<schwimmen::Action>) -> usize {
    count_legal(positions, buf)
}

/// Applies one legal action to each fixed position `REPS` times; the number of
/// accepted actions plus the next positions' seats to act.
#[inline(never)]
fn icount_schwimmen_apply(pairs: &[(Schwimmen, schwimmen::Action)]) -> usize {
    apply_all(pairs, |next| 1 + actor_code(next.actor()))
}

/// Plays 100 random first rounds of a 4-player game (seed 42); the steps taken.
#[inline(never)]
fn icount_schwimmen_round(start: &Schwimmen) -> u64 {
    let mut rng = ChaCha8Rng::seed_from_u64(42);
    let mut playout = Playout::new();
    let mut steps = 0u64;
    for _ in 0..100 {
        let mut g = *black_box(start);
        while g.round() == 0 && playout.step(&mut g, &mut rng) {
            steps += 1;
        }
        assert_eq!(g.round(), 1, "every round ends");
    }
    steps
}

/// Plays 20 random 4-player games (seed 7); the steps taken plus the winners' seats.
#[inline(never)]
fn icount_schwimmen_game(start: &Schwimmen) -> u64 {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut playout = Playout::new();
    let mut sum = 0u64;
    for _ in 0..20 {
        let mut g = *black_box(start);
        sum += playout.run(&mut g, &mut rng, 1_000_000) as u64;
        sum += outcome_code(&g);
    }
    sum
}

/// One decision of the hard level (the rollout search of `StrongBot`, 300
/// samples) at each of 4 fixed turn positions: the search's playouts, the
/// same as the learned level's check runs. See [`hard_choices`].
#[inline(never)]
fn icount_schwimmen_hard(positions: &[Schwimmen], hard: &mut dyn Bot<Schwimmen>) -> u64 {
    hard_choices(positions, hard)
}

// ---------------------------------------------------------------- trump21

/// Ranks 1,024 fixed rounds `REPS` times; the winner masks summed.
#[inline(never)]
fn icount_trump21_rank(rounds: &[([u16; 5], usize, u8)]) -> u64 {
    let mut sum = 0u64;
    for _ in 0..REPS {
        for (t, n, target) in black_box(rounds) {
            sum += u64::from(rank_totals(&t[..*n], *target, Ranking::UnderFirst).mask());
        }
    }
    sum
}

/// Lists the legal actions of 256 fixed player positions `REPS` times; the total count.
#[inline(never)]
fn icount_trump21_legal(positions: &[Trump21], buf: &mut Vec<T21Action>) -> usize {
    count_legal(positions, buf)
}

/// Applies every legal action of 64 fixed positions `REPS` times; accepted
/// actions plus the next positions' seats to act.
#[inline(never)]
fn icount_trump21_apply(pairs: &[(Trump21, T21Action)]) -> usize {
    apply_all(pairs, |next| 1 + actor_code(next.actor()))
}

/// Plays 100 random 2-player games (seeds 0 to 99); the steps plus the winners' seats.
#[inline(never)]
fn icount_trump21_game(start: &Trump21) -> u64 {
    seeded_games(start)
}

// ---------------------------------------------------------------- shithead

/// Checks playability of every rank on every pile level (empty + 13) 100 times;
/// the number of playable pairs.
#[inline(never)]
fn icount_shithead_playable() -> u32 {
    let mut n = 0u32;
    for _ in 0..100 {
        for level in std::iter::once(None).chain(Rank::ALL.map(Some)) {
            for rank in Rank::ALL {
                n += u32::from(playable(black_box(rank), black_box(level)));
            }
        }
    }
    n
}

/// Lists the legal actions of 256 fixed positions `REPS` times; the total count.
#[inline(never)]
fn icount_shithead_legal(positions: &[Shithead], buf: &mut Vec<ShAction>) -> usize {
    count_legal(positions, buf)
}

/// Applies the middle legal action of 256 fixed positions `REPS` times; the
/// cards on the piles afterwards.
#[inline(never)]
fn icount_shithead_apply(pairs: &[(Shithead, ShAction)]) -> usize {
    apply_all(pairs, |next| next.pile().len())
}

/// Plays 100 random 4-player games (seeds 0 to 99); the steps plus the winners' seats.
#[inline(never)]
fn icount_shithead_game(start: &Shithead) -> u64 {
    seeded_games(start)
}

/// One decision of the hard level (information-set MCTS, the other seats
/// modelled as `OddsBot`) at each of the first 4 `trump21_legal` positions.
/// See [`hard_choices`].
#[inline(never)]
fn icount_trump21_hard(positions: &[Trump21], hard: &mut dyn Bot<Trump21>) -> u64 {
    hard_choices(positions, hard)
}

/// One decision of the hard level (the rollout search of `ShitheadBot`,
/// 1,600 samples) at each of the first 4 fixed positions in play (2 to 4
/// seats). See [`hard_choices`].
#[inline(never)]
fn icount_shithead_hard(positions: &[Shithead], hard: &mut dyn Bot<Shithead>) -> u64 {
    hard_choices(positions, hard)
}

// ---------------------------------------------------------------- crazy eights

/// Lists the legal actions of 256 fixed player positions `REPS` times; the total count.
#[inline(never)]
fn icount_crazy_eights_legal(positions: &[CrazyEights], buf: &mut Vec<C8Action>) -> usize {
    count_legal(positions, buf)
}

/// Applies every legal action of 64 fixed positions `REPS` times; accepted
/// actions plus the next positions' seats to act.
#[inline(never)]
fn icount_crazy_eights_apply(pairs: &[(CrazyEights, C8Action)]) -> usize {
    apply_all(pairs, |next| 1 + actor_code(next.actor()))
}

/// One decision of the hard level (the rollout search of `ShedBot`, 800
/// samples) at each of the first 8 `crazy_eights_legal` positions (special
/// cards on). See [`hard_choices`].
#[inline(never)]
fn icount_crazy_eights_hard(positions: &[CrazyEights], hard: &mut dyn Bot<CrazyEights>) -> u64 {
    hard_choices(positions, hard)
}

/// Plays 100 random 5-player games with OpenSpiel's defaults (seeds 0 to 99),
/// chance steps included; the steps plus the winners' seats.
#[inline(never)]
fn icount_crazy_eights_game(start: &CrazyEights) -> u64 {
    seeded_games(start)
}

// ---------------------------------------------------------------- hearts

/// Plays 100 random games with OpenSpiel's defaults (seeds 0 to 99), chance
/// steps included; the steps plus the winners' seats.
#[inline(never)]
fn icount_hearts_game(start: &Hearts) -> u64 {
    seeded_games(start)
}

// ---------------------------------------------------------------- encodings

/// Buffers for [`encode_and_mask`] sized for every position.
fn encode_buffers<G: Encode>(states: &[G]) -> (Vec<f32>, Vec<bool>) {
    let shapes = states.iter().map(|g| G::shape(g.rules(), g.seats()));
    let (obs, acts) = shapes.fold((0, 0), |(o, a), s| (o.max(s.observation), a.max(s.actions)));
    (vec![0.0; obs], vec![false; acts])
}

/// Encodes the acting seat's tensor and the legal mask of 256 fixed positions
/// `REPS` times; the tensors' non-zero entries plus the legal actions.
#[inline(never)]
fn icount_trump21_encode(states: &[Trump21], views: &[trump21::View]) -> u64 {
    let (mut out, mut mask) = encode_buffers(states);
    let mut legal = Vec::with_capacity(256);
    encode_and_mask(
        REPS,
        black_box(states),
        views,
        &mut out,
        &mut mask,
        &mut legal,
    )
}

/// As `icount_trump21_encode`, for Shithead's 256 fixed positions.
#[inline(never)]
fn icount_shithead_encode(states: &[Shithead], views: &[shithead::View]) -> u64 {
    let (mut out, mut mask) = encode_buffers(states);
    let mut legal = Vec::with_capacity(256);
    encode_and_mask(
        REPS,
        black_box(states),
        views,
        &mut out,
        &mut mask,
        &mut legal,
    )
}

// ---------------------------------------------------------------- driver

// ---------------------------------------------------------------- shared loops
//
// Each workload's own `#[inline(never)]` function (the symbol callgrind
// toggles on) calls one of these, inlined into it.

/// Lists the legal actions of `positions` `REPS` times; the total count.
#[inline(always)]
fn count_legal<G: Game>(positions: &[G], buf: &mut Vec<G::Action>) -> usize {
    let mut total = 0;
    for _ in 0..REPS {
        for g in black_box(positions) {
            g.legal_actions(buf);
            total += buf.len();
        }
    }
    total
}

/// Applies each pair's action `REPS` times; `score` of every accepted next
/// position, summed.
#[inline(always)]
fn apply_all<G: Game>(pairs: &[(G, G::Action)], score: impl Fn(&G) -> usize) -> usize {
    let mut sum = 0;
    for _ in 0..REPS {
        for (g, a) in black_box(pairs) {
            if let Ok(next) = g.apply(a) {
                sum += score(&next);
            }
        }
    }
    sum
}

/// Plays 100 random games from `start`, game `i` seeded with `i`, chance steps
/// included; the steps plus the winners' seats.
#[inline(always)]
fn seeded_games<G: Game>(start: &G) -> u64 {
    let mut playout = Playout::new();
    let mut sum = 0u64;
    for seed in 0..100 {
        let mut g = black_box(start).clone();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        sum += playout.run(&mut g, &mut rng, 1_000_000) as u64;
        sum += outcome_code(&g);
    }
    sum
}

/// One decision of the hard level (information-set MCTS with `HeartsBot`
/// playouts) at each of the first 8 fixed Hearts positions (passing and
/// play). See [`hard_choices`].
#[inline(never)]
fn icount_hearts_hard(positions: &[Hearts], hard: &mut dyn Bot<Hearts>) -> u64 {
    hard_choices(positions, hard)
}

/// One decision of `hard` from the view of the seat to act at each of
/// `positions`, the random stream seeded with 5; the chosen actions' places
/// in the legal lists, from 1, summed, so that a faster search choosing
/// otherwise changes the checksum.
#[inline(always)]
fn hard_choices<G: Game>(positions: &[G], hard: &mut dyn Bot<G>) -> u64 {
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let mut legal = Vec::new();
    let mut sum = 0u64;
    for g in black_box(positions) {
        let Actor::Player(me) = g.actor() else {
            continue;
        };
        g.legal_actions(&mut legal);
        let a = hard.choose(&g.observe(Viewer::Seat(me)), &legal, &mut rng);
        sum += 1 + legal.iter().position(|x| *x == a).unwrap_or(legal.len()) as u64;
    }
    sum
}

/// 0 for chance or the end, 1 + seat for a player.
fn actor_code(actor: cards_core::Actor) -> usize {
    match actor {
        cards_core::Actor::Player(s) => 1 + s.index(),
        _ => 0,
    }
}

/// The sum of the winners' seat numbers (1-based), so a different winner
/// changes the checksum; panics when the game did not end.
fn outcome_code<G: Game>(g: &G) -> u64 {
    let o = g.outcome().expect("every game ends");
    o.winners().map(|s| 1 + s.index() as u64).sum()
}

/// One workload: its name (also its function's name after `icount_`), and a
/// runner that builds the inputs, runs the workload once and returns its checksum.
struct Workload {
    name: &'static str,
    expected: u64,
    run: fn() -> u64,
}

/// Every workload with its pinned checksum. The checksums follow from the
/// rules and the fixed seeds alone; an optimisation must not change them.
const WORKLOADS: &[Workload] = &[
    Workload {
        name: "schwimmen_score",
        expected: REPS as u64 * sw::SCORE_CODE_SUM as u64,
        run: || icount_schwimmen_score(&sw::all_hands()),
    },
    Workload {
        name: "schwimmen_legal",
        expected: REPS as u64 * 714,
        run: || icount_schwimmen_legal(&sw::turn_positions(64), &mut Vec::with_capacity(64)) as u64,
    },
    Workload {
        name: "schwimmen_apply",
        expected: REPS as u64 * 240,
        run: || icount_schwimmen_apply(&sw::apply_pairs(&sw::turn_positions(64))) as u64,
    },
    Workload {
        name: "schwimmen_round",
        expected: 3525,
        run: || icount_schwimmen_round(&Schwimmen::new(SwRules::default(), 4).expect("setup")),
    },
    Workload {
        name: "schwimmen_game",
        expected: 7154,
        run: || icount_schwimmen_game(&Schwimmen::new(SwRules::default(), 4).expect("setup")),
    },
    Workload {
        name: "schwimmen_hard",
        expected: 29,
        run: || {
            let mut hard = Difficulty::Hard.bot::<Schwimmen>(&SwRules::default());
            icount_schwimmen_hard(&sw::turn_positions(4), hard.as_mut())
        },
    },
    Workload {
        name: "trump21_rank",
        expected: REPS as u64 * 3852,
        run: || icount_trump21_rank(&t21::rankings()),
    },
    Workload {
        name: "trump21_legal",
        expected: REPS as u64 * 802,
        run: || {
            icount_trump21_legal(&t21::player_positions(256), &mut Vec::with_capacity(1024)) as u64
        },
    },
    Workload {
        name: "trump21_apply",
        expected: REPS as u64 * 301,
        run: || icount_trump21_apply(&t21::apply_pairs(&t21::player_positions(64))) as u64,
    },
    Workload {
        name: "trump21_game",
        expected: 14_134,
        run: || icount_trump21_game(&Trump21::new(T21Rules::default(), 2).expect("setup")),
    },
    Workload {
        name: "trump21_encode",
        expected: 166_602,
        run: || {
            let states = t21::player_positions(256);
            icount_trump21_encode(&states, &views(&states))
        },
    },
    Workload {
        name: "trump21_hard",
        expected: 8,
        run: || {
            let mut hard = Difficulty::Hard.bot::<Trump21>(&T21Rules::default());
            icount_trump21_hard(&t21::player_positions(4), hard.as_mut())
        },
    },
    Workload {
        name: "shithead_playable",
        expected: 100 * sh::PLAYABLE_PAIRS as u64,
        run: || u64::from(icount_shithead_playable()),
    },
    Workload {
        name: "shithead_legal",
        expected: REPS as u64 * sh::LEGAL_SUM as u64,
        run: || icount_shithead_legal(&sh::positions(256), &mut Vec::with_capacity(256)) as u64,
    },
    Workload {
        name: "shithead_apply",
        expected: REPS as u64 * sh::APPLY_SUM as u64,
        run: || icount_shithead_apply(&sh::apply_pairs(&sh::positions(256))) as u64,
    },
    Workload {
        name: "shithead_game",
        expected: 31_578,
        run: || icount_shithead_game(&Shithead::new(ShRules::default(), 4).expect("setup")),
    },
    Workload {
        name: "shithead_hard",
        expected: 12,
        run: || {
            let mut hard = Difficulty::Hard.bot::<Shithead>(&ShRules::default());
            let mut positions = sh::positions(8);
            positions.retain(|g| g.phase() == shithead::Phase::Playing);
            positions.truncate(4);
            icount_shithead_hard(&positions, hard.as_mut())
        },
    },
    Workload {
        name: "shithead_encode",
        expected: 232_444,
        run: || {
            let states = sh::positions(256);
            icount_shithead_encode(&states, &views(&states))
        },
    },
    Workload {
        name: "crazy_eights_legal",
        expected: REPS as u64 * 649,
        run: || {
            icount_crazy_eights_legal(&c8::player_positions(256), &mut Vec::with_capacity(64))
                as u64
        },
    },
    Workload {
        name: "crazy_eights_apply",
        expected: REPS as u64 * 421,
        run: || icount_crazy_eights_apply(&c8::apply_pairs(&c8::player_positions(64))) as u64,
    },
    Workload {
        name: "crazy_eights_game",
        expected: 13_715,
        run: || icount_crazy_eights_game(&CrazyEights::new(C8Rules::default(), 5).expect("setup")),
    },
    Workload {
        name: "crazy_eights_hard",
        expected: 13,
        run: || {
            let positions = c8::player_positions(8);
            let mut hard = Difficulty::Hard.bot::<CrazyEights>(positions[0].rules());
            icount_crazy_eights_hard(&positions, hard.as_mut())
        },
    },
    Workload {
        name: "hearts_game",
        expected: 11_796,
        run: || icount_hearts_game(&Hearts::new(HeartsRules::default(), 4).expect("setup")),
    },
    Workload {
        name: "hearts_hard",
        expected: 22,
        run: || {
            let mut hard = Difficulty::Hard.bot::<Hearts>(&HeartsRules::default());
            icount_hearts_hard(&hz::player_positions(8), hard.as_mut())
        },
    },
];

fn run_one(w: &Workload) -> bool {
    let got = (w.run)();
    if got == w.expected {
        println!("{} checksum {got} ok", w.name);
        true
    } else {
        eprintln!(
            "{}: checksum {got}, expected {}: the workload computes something else",
            w.name, w.expected
        );
        false
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a == "--list") {
        for w in WORKLOADS {
            println!("{}", w.name);
        }
        return ExitCode::SUCCESS;
    }
    // Names select workloads; flags (cargo bench passes `--bench`, CI `--test`) do not.
    let names: Vec<&String> = args.iter().filter(|a| !a.starts_with('-')).collect();
    let mut ok = true;
    for name in &names {
        match WORKLOADS.iter().find(|w| w.name == name.as_str()) {
            Some(w) => ok &= run_one(w),
            None => {
                eprintln!("unknown workload {name:?}; --list prints the names");
                return ExitCode::from(2);
            }
        }
    }
    if names.is_empty() {
        for w in WORKLOADS {
            ok &= run_one(w);
        }
    }
    if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
