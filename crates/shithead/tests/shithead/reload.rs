//! Every state the engine reaches saves and loads back through `Setup`
//! (issue 8, defects 1 and 2).

use cards_core::{Actor, ChaCha8Rng, Game, Redeal, Save, Seat, SeedableRng, Table, chance::below};
use shithead::{Action, Leave, Phase, Rules, Setup, Shithead, Stage};

use crate::common::steps;

fn reloads(g: &Shithead) -> Result<(), String> {
    match Shithead::from_setup(Setup::from(*g)) {
        Ok(back) if back == *g => Ok(()),
        Ok(back) => Err(format!("{g:?} loaded as {back:?}")),
        Err(e) => Err(format!("{e}: {g:?}")),
    }
}

/// H21, H22.1: the reproduction. Seat 0 leaves while seat 1 owes a
/// cover on his queen: the game is over at once, and no turn stays in progress.
#[test]
fn h21_a_game_ended_by_leaving_mid_turn_has_no_turn_in_progress() {
    let mut t = Table::<Shithead>::new(Rules::default(), 2, 0).unwrap();
    for (seat, a) in [
        (1, "up 7H QS KC"),
        (0, "up 5S 9D AD"),
        (1, "play 4C"),
        (0, "play JD"),
        (1, "play JH"),
        (0, "play KS"),
        (1, "pick up"),
        (0, "play 3S"),
        (1, "play QD"),
    ] {
        for s in steps(a) {
            assert_eq!(t.actor(), Actor::Player(Seat(seat)), "before {a}");
            t.play(&s).unwrap_or_else(|e| panic!("{a}: {e}"));
        }
    }
    let before = *t.state();
    assert_eq!(
        before.stage(),
        Stage::Cover,
        "seat 1 owes a cover on his queen"
    );
    t.host(&Leave(Seat(0))).unwrap();
    let g = *t.state();
    assert_eq!(g.phase(), Phase::Over);
    assert_eq!(g.shithead(), Some(Seat(1)));
    assert_eq!(g.stage(), Stage::Start);
    assert_eq!(g.pile(), before.pile(), "the pile stays as it lies");
    reloads(&g).unwrap();
    assert_eq!(Shithead::load(g.save()), Ok(g));
}

/// H22: with a limit of three player actions the game ends in the middle of
/// arranging or of a turn (adding, covering, refilling): every such end
/// reloads, over many seeds, with and without leavers.
#[test]
fn h22_1_every_game_ended_by_a_tiny_action_limit_reloads() {
    let rules = Rules {
        max_actions: 3,
        ..Rules::default()
    };
    let mut mid_turn = 0;
    let mut v = Vec::new();
    for seed in 0..3_000u64 {
        let mut g = Shithead::new(rules, 2).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut last = None;
        while g.actor() != Actor::Terminal {
            g.legal_actions(&mut v);
            if seed % 3 == 0 && below(&mut rng, 40) == 0 {
                let s = Seat(below(&mut rng, 2) as u8);
                if let Ok(n) = g.host(&Leave(s)) {
                    g = n;
                    continue;
                }
            }
            let a = v[below(&mut rng, v.len() as u64) as usize];
            last = Some((g, a));
            g.apply_mut(&a).unwrap();
        }
        // Would the last action have left a turn in progress without the limit?
        if let Some((prev, a)) = last.filter(|_| g.ended_by_limit()) {
            let mut s = Setup::from(prev);
            s.rules.max_actions = 100;
            let free = Shithead::from_setup(s).unwrap().apply(&a).unwrap();
            if free.phase() == Phase::Playing
                && (free.actor() == Actor::Chance || free.stage() != Stage::Start)
            {
                mid_turn += 1;
            }
        }
        reloads(&g).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        for s in 0..2 {
            let r = g.redeal_hidden(Seat(s), &mut rng);
            reloads(&r).unwrap_or_else(|e| panic!("seed {seed}, re-dealt for {s}: {e}"));
        }
    }
    assert!(mid_turn > 100, "only {mid_turn} games ended mid-turn");
}
/// H5, H23.1: in the add stage the mover's view (and so everyone's) shows he
/// can add: a re-deal keeps a card of his group's rank in his hand, so the
/// re-dealt position loads.
#[test]
fn h23_1_redealt_add_stage_positions_keep_the_movers_known_card_and_reload() {
    let mut found = 0;
    let mut v = Vec::new();
    for seed in 0..400u64 {
        let mut g = Shithead::new(Rules::default(), 3).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        while g.actor() != Actor::Terminal {
            if g.stage() == Stage::Add {
                found += 1;
                for s in 0..3 {
                    let r = g.redeal_hidden(Seat(s), &mut rng);
                    reloads(&r).unwrap_or_else(|e| panic!("seed {seed}, seat {s}: {e}"));
                    for viewer in [
                        cards_core::Viewer::Seat(Seat(s)),
                        cards_core::Viewer::Spectator,
                    ] {
                        assert_eq!(r.observe(viewer), g.observe(viewer));
                    }
                }
            }
            g.legal_actions(&mut v);
            let a: Action = v[below(&mut rng, v.len() as u64) as usize];
            g.apply_mut(&a).unwrap();
        }
    }
    assert!(found > 100, "only {found} add stages seen");
}
