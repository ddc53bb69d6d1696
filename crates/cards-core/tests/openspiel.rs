//! The OpenSpiel trace replayer (`cards_core::openspiel`) on the toy game: a
//! trace written from the toy itself replays without a disagreement, and a
//! changed legal list, chance probability, actor or return is found.
#![allow(dead_code)]

#[path = "core/toy.rs"]
mod toy;

use std::fmt::Write;

use cards_core::openspiel::{Params, SpielMap, number, replay_trace};
use cards_core::{Actor, Card, ChaCha8Rng, Game, Playout, SeedableRng};
use toy::{Toy, ToyAction, ToyRules};

fn id(a: &ToyAction) -> u32 {
    match a {
        ToyAction::Deal(c) => c.index() as u32,
        ToyAction::Draw => 100,
        ToyAction::Stand => 101,
    }
}

fn new(params: &Params<'_>) -> Result<Toy, String> {
    let mut seats = 2;
    for &(k, v) in params {
        match k {
            "players" => seats = number(k, v)? as usize,
            _ => return Err(format!("unknown parameter {k}")),
        }
    }
    Toy::new(ToyRules::plain(), seats).map_err(|e| e.to_string())
}

fn returns(g: &Toy) -> Option<Vec<f64>> {
    g.outcome()
        .map(|o| o.places().iter().map(|&p| -f64::from(p)).collect())
}

fn map() -> SpielMap<Toy> {
    SpielMap {
        new,
        id,
        action: |_, id, chance| match (id, chance) {
            (100, false) => Some(ToyAction::Draw),
            (101, false) => Some(ToyAction::Stand),
            (i, true) => Card::from_index(i as usize).map(ToyAction::Deal),
            _ => None,
        },
        returns,
        same_order: true,
    }
}

/// A trace of `games` seeded toy games with `players` seats, in the format of
/// `.ci/openspiel/trace.py`, written from the toy itself.
fn trace(games: u64, players: usize) -> String {
    let mut out = String::new();
    let mut playout = Playout::new();
    for seed in 0..games {
        writeln!(out, "game {seed} players={players}").unwrap();
        let mut g = Toy::new(ToyRules::plain(), players).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        loop {
            let before = g.clone();
            if !playout.step(&mut g, &mut rng) {
                break;
            }
            let mut legal = Vec::new();
            before.legal_actions(&mut legal);
            let chosen = legal
                .iter()
                .find(|a| before.apply(a).ok() == Some(g.clone()));
            let chosen = id(chosen.expect("the step took a legal action"));
            match before.actor() {
                Actor::Chance => {
                    let mut outs = Vec::new();
                    before.chance_outcomes(&mut outs);
                    let total: u32 = outs.iter().map(|(_, w)| w).sum();
                    let list: Vec<String> = outs
                        .iter()
                        .map(|(a, w)| format!("{}:{}", id(a), f64::from(*w) / f64::from(total)))
                        .collect();
                    writeln!(out, "chance {chosen} {}", list.join(",")).unwrap();
                }
                Actor::Player(s) => {
                    let list: Vec<String> = legal.iter().map(|a| id(a).to_string()).collect();
                    writeln!(out, "move {} {chosen} {}", s.0, list.join(",")).unwrap();
                }
                Actor::Terminal => unreachable!(),
            }
        }
        let r: Vec<String> = returns(&g)
            .unwrap()
            .iter()
            .map(|v| format!("{v:?}"))
            .collect();
        writeln!(out, "end {}", r.join(" ")).unwrap();
    }
    out
}

#[test]
fn a_trace_of_the_game_itself_replays_without_disagreement() {
    let t = trace(20, 3);
    let r = replay_trace(&map(), t.as_bytes()).unwrap();
    assert_eq!((r.games, r.disagreements), (20, 0), "{:?}", r.first);
    assert!(r.steps > 20 * 4);
    assert_eq!(
        r.to_string(),
        format!("games 20 steps {} disagreements 0", r.steps)
    );
}

#[test]
fn changed_lists_actors_and_returns_are_disagreements() {
    let t = trace(3, 2);
    let changes: [(&str, &str); 4] = [
        ("move 0 ", "move 1 "),
        (",101\n", "\n"),
        (":0.125", ":0.25"),
        ("end -1.0", "end -3.0"),
    ];
    for (from, to) in changes {
        assert!(t.contains(from), "{from:?} in the trace");
        let bad = t.replacen(from, to, 1);
        let r = replay_trace(&map(), bad.as_bytes()).unwrap();
        assert_eq!(r.disagreements, 1, "{from:?} -> {to:?}: {:?}", r.first);
    }
    let r = replay_trace(&map(), "game 0 players=9\nend 0\n".as_bytes()).unwrap();
    assert_eq!(r.disagreements, 1, "a game the rules refuse");
}
