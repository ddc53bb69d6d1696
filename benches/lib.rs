//! Criterion benchmarks for the card-rules crates; the benches live in `benches/`.
//!
//! This library holds the fixed inputs the benches share: the criterion benches
//! (`benches/<game>.rs`) and the instruction-count harness
//! (`benches/instructions.rs`, run by `.ci/icount`) measure the same positions.
//! Every fixture is built from fixed seeds, so it is the same on every machine.
#![forbid(unsafe_code)]

pub mod encoding;
pub mod fresh;
pub mod rules;
pub mod search;

/// Schwimmen fixtures: every 3-card hand and fixed turn positions.
pub mod schwimmen {
    use cards_core::{CardSet, ChaCha8Rng, Game, Playout, SeedableRng, deck};
    use schwimmen::{Phase, Rules, Schwimmen};

    /// All C(32,3) = 4,960 hands.
    pub fn all_hands() -> Vec<CardSet> {
        let cards: Vec<_> = deck::CARDS_32.iter().collect();
        let mut out = Vec::with_capacity(4960);
        for i in 0..cards.len() {
            for j in i + 1..cards.len() {
                for k in j + 1..cards.len() {
                    out.push([cards[i], cards[j], cards[k]].into_iter().collect());
                }
            }
        }
        out
    }

    /// Fixed positions: the first turn positions of random walks from fixed seeds.
    pub fn turn_positions(count: usize) -> Vec<Schwimmen> {
        let mut out = Vec::new();
        let mut playout = Playout::new();
        for seed in 0u64.. {
            if out.len() == count {
                break;
            }
            let n = 2 + (seed % 8) as usize;
            let mut g = Schwimmen::new(Rules::default(), n).expect("setup");
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            for _ in 0..(seed % 40) {
                playout.step(&mut g, &mut rng);
            }
            while g.phase() != Phase::Turns && playout.step(&mut g, &mut rng) {}
            if g.phase() == Phase::Turns {
                out.push(g);
            }
        }
        out
    }

    /// Each of `positions` paired with one of its legal actions (the `i % len`-th
    /// for the `i`-th position, so every kind of action shows up).
    pub fn apply_pairs(positions: &[Schwimmen]) -> Vec<(Schwimmen, schwimmen::Action)> {
        let mut pairs = Vec::new();
        let mut v = Vec::new();
        for (i, g) in positions.iter().enumerate() {
            g.legal_actions(&mut v);
            pairs.push((*g, v[i % v.len()]));
        }
        pairs
    }

    /// Sum of the ordering codes over all hands (points × 8; 241 + rank − 7 for 30½;
    /// 255 for three aces), from the pinned value counts of the test suite.
    pub const SCORE_CODE_SUM: u32 = {
        const COUNTS: [(u32, u32); 18] = [
            (8, 24),
            (9, 72),
            (10, 1248),
            (11, 672),
            (15, 96),
            (16, 96),
            (17, 480),
            (18, 480),
            (19, 480),
            (20, 672),
            (21, 384),
            (24, 4),
            (25, 16),
            (26, 20),
            (27, 44),
            (28, 44),
            (29, 40),
            (30, 32),
        ];
        let mut s = 0;
        let mut i = 0;
        while i < COUNTS.len() {
            s += COUNTS[i].0 * 8 * COUNTS[i].1;
            i += 1;
        }
        // 30½: four hands of each rank 7..K, codes 241..=247; 31: 24 hands; three aces: 4.
        let mut r = 0;
        while r < 7 {
            s += (241 + r) * 4;
            r += 1;
        }
        s + 31 * 8 * 24 + 255 * 4
    };
}

/// Trump 21 fixtures: fixed player positions and round rankings.
pub mod trump21 {
    use cards_core::chance::below;
    use cards_core::{Actor, ChaCha8Rng, Game, Playout, SeedableRng};
    use trump21::{Rules, Trump21};

    /// Fixed player positions: where random walks from fixed seeds stop at a player.
    pub fn player_positions(count: usize) -> Vec<Trump21> {
        let mut out = Vec::new();
        let mut playout = Playout::new();
        for seed in 0u64.. {
            if out.len() == count {
                break;
            }
            let n = 2 + (seed % 4) as usize;
            let mut g = Trump21::new(Rules::default(), n).expect("setup");
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            for _ in 0..(seed % 120) {
                playout.step(&mut g, &mut rng);
            }
            while g.actor() == Actor::Chance && playout.step(&mut g, &mut rng) {}
            if matches!(g.actor(), Actor::Player(_)) {
                out.push(g);
            }
        }
        out
    }

    /// Every legal action of every position in `positions`, with its position.
    pub fn apply_pairs(positions: &[Trump21]) -> Vec<(Trump21, trump21::Action)> {
        let mut pairs = Vec::new();
        let mut v = Vec::new();
        for g in positions {
            g.legal_actions(&mut v);
            for a in &v {
                pairs.push((g.clone(), *a));
            }
        }
        pairs
    }

    /// 1,024 rounds against targets 17, 21, 24 and 27: 256 rounds each of 2, 3, 4
    /// and 5 players (as in games, where the player count stays put from round to
    /// round). Each entry is the totals, the player count and the target.
    pub fn rankings() -> Vec<([u16; 5], usize, u8)> {
        let mut rng = ChaCha8Rng::seed_from_u64(21);
        (0..1024)
            .map(|i| {
                let mut t = [0u16; 5];
                for x in &mut t {
                    *x = 2 + below(&mut rng, 28) as u16;
                }
                let n = 2 + i / 256;
                let target = [17, 21, 24, 27][below(&mut rng, 4) as usize];
                (t, n, target)
            })
            .collect()
    }
}

/// Shithead fixtures: fixed player positions.
pub mod shithead {
    use cards_core::chance::below;
    use cards_core::{Actor, ChaCha8Rng, Game, SeedableRng};
    use shithead::{Action, Rules, Shithead};

    /// Playable (level, rank) pairs over the 14 levels (empty pile + 13 ranks).
    pub const PLAYABLE_PAIRS: u32 = 127;
    /// Legal actions summed over the 256 fixed positions.
    pub const LEGAL_SUM: usize = 1128;
    /// Cards on the piles summed after applying each of the 256 positions' middle
    /// legal action.
    pub const APPLY_SUM: usize = 1090;

    /// Fixed positions where a player acts: random walks from fixed seeds,
    /// stopped at a seed-dependent step.
    pub fn positions(count: usize) -> Vec<Shithead> {
        let mut out = Vec::new();
        let mut legal: Vec<Action> = Vec::new();
        for seed in 0u64.. {
            if out.len() == count {
                break;
            }
            let mut g = Shithead::new(Rules::default(), 2 + (seed % 5) as usize).expect("setup");
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let stop = 40 + (seed * 7 % 200) as usize;
            for _ in 0..stop {
                g.legal_actions(&mut legal);
                if legal.is_empty() {
                    break;
                }
                let a = legal[below(&mut rng, legal.len() as u64) as usize];
                g.apply_mut(&a).expect("legal");
            }
            if matches!(g.actor(), Actor::Player(_)) {
                out.push(g);
            }
        }
        out
    }

    /// Each of `states` paired with the middle one of its legal actions.
    pub fn apply_pairs(states: &[Shithead]) -> Vec<(Shithead, Action)> {
        let mut v = Vec::new();
        states
            .iter()
            .map(|g| {
                g.legal_actions(&mut v);
                (*g, v[v.len() / 2])
            })
            .collect()
    }
}

/// Crazy Eights fixtures: fixed player positions (special cards on) and every
/// legal action of some of them, shared by `benches/crazy_eights.rs` and the
/// instruction-count workloads.
pub mod crazy_eights {
    use cards_core::{Actor, ChaCha8Rng, Game, SeedableRng, random_playout};
    use crazy_eights::{Action, CrazyEights, Rules};

    /// Player positions: random walks of fixed seeds (2 to 6 players), stopped
    /// at a player step.
    pub fn player_positions(count: usize) -> Vec<CrazyEights> {
        let rules = Rules {
            use_special_cards: true,
            ..Rules::default()
        };
        let mut out = Vec::with_capacity(count);
        let mut seed = 0u64;
        while out.len() < count {
            let mut g = CrazyEights::new(rules, 2 + (seed % 5) as usize).expect("valid");
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            random_playout(&mut g, &mut rng, 40 + (seed % 60) as usize);
            if matches!(g.actor(), Actor::Player(_)) {
                out.push(g);
            }
            seed += 1;
        }
        out
    }

    /// Every legal action of every position in `positions`, with its position.
    pub fn apply_pairs(positions: &[CrazyEights]) -> Vec<(CrazyEights, Action)> {
        let mut pairs = Vec::new();
        let mut buf = Vec::new();
        for g in positions {
            g.legal_actions(&mut buf);
            pairs.extend(buf.iter().map(|a| (*g, *a)));
        }
        pairs
    }
}

/// Hearts fixtures: fixed player positions, shared by `benches/hearts.rs`
/// and the instruction-count workloads.
pub mod hearts {
    use cards_core::{Actor, ChaCha8Rng, Game, SeedableRng, random_playout};
    use hearts::{Hearts, Rules};

    /// Player positions (passing and play): random walks of fixed seeds,
    /// stopped at a player step.
    pub fn player_positions(count: usize) -> Vec<Hearts> {
        let mut out = Vec::with_capacity(count);
        let mut seed = 0u64;
        while out.len() < count {
            let mut g = Hearts::new(Rules::default(), 4).expect("valid");
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            random_playout(&mut g, &mut rng, 53 + (seed % 64) as usize);
            if matches!(g.actor(), Actor::Player(_)) {
                out.push(g);
            }
            seed += 1;
        }
        out
    }
}

/// Every game of the one list (`cards_games`) has its bench file, registered
/// as a bench target: a new game's line in the list fails this test until its
/// benches exist.
#[cfg(test)]
mod every_game_is_benched {
    #[test]
    fn each_listed_game_has_a_bench_file_and_target() {
        let root = env!("CARGO_MANIFEST_DIR");
        let manifest = std::fs::read_to_string(format!("{root}/Cargo.toml")).expect("Cargo.toml");
        for name in cards_games::NAMES {
            let file = name.replace('-', "_");
            let path = format!("{root}/benches/{file}.rs");
            assert!(std::path::Path::new(&path).is_file(), "no {path}");
            assert!(
                manifest.contains(&format!("[[bench]]\nname = \"{file}\"")),
                "no [[bench]] {file} in benches/Cargo.toml"
            );
        }
    }
}
