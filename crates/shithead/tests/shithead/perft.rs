//! Pinned perft counts from fixed deals and a pinned seeded game.

use std::collections::HashSet;

use cards_core::{Bot, Game, RandomBot, Table, perft};
use shithead::{Phase, Rules, Shithead, ShitheadBot, Stage};

use crate::common::dealt;

/// Two players, seat 0 dealing; a deal order written out by hand.
const DEAL_2: &str = "4C 9D KS 2H 7C TD 6S 6H QC 3S AD 8H JS 5D 5C 4H 9S KH";
/// Three players, seat 0 dealing.
const DEAL_3: &str =
    "AS 2C 7H 8D 3H QS 9C 4D TC KD 5S 6C 2D JH 8S 3C QD 7S 4S TH AC 9H 5H 6D KC JC 2S";

fn deal(order: &str, seats: usize) -> Shithead {
    let draws: Vec<&str> = order.split(' ').collect();
    dealt(Rules::default(), seats, &draws)
}

/// Perft where one player's whole arrangement (his three picks, H3.1) is one
/// move: the distinct positions his picks reach. This counts the choices of
/// the rules, whatever the order of the picks; the counts were pinned when
/// an arrangement was a single `up` action, and they must not change.
fn perft_choices(g: &Shithead, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut next: Vec<Shithead> = Vec::new();
    if g.phase() == Phase::Arranging && g.stage() == Stage::Start {
        let mover = g.actor();
        let mut seen = HashSet::new();
        let mut stack = vec![*g];
        let mut legal = Vec::new();
        while let Some(s) = stack.pop() {
            s.legal_actions(&mut legal);
            for a in &legal {
                let t = s.apply(a).unwrap();
                if matches!(t.stage(), Stage::Picking(_)) && t.actor() == mover {
                    stack.push(t);
                } else if seen.insert(t) {
                    next.push(t);
                }
            }
        }
    } else {
        let mut legal = Vec::new();
        g.legal_actions(&mut legal);
        next.extend(legal.iter().map(|a| g.apply(a).unwrap()));
    }
    next.iter().map(|t| perft_choices(t, depth - 1)).sum()
}

#[test]
fn perft_two_players_fixed_deal() {
    let g = deal(DEAL_2, 2);
    // H3.1: a player's three picks come in any order: 6 × 5 × 4 = 120 paths
    // to his 20 choices of three distinct cards.
    let counts: Vec<u64> = (0..=6).map(|d| perft(&g, d)).collect();
    assert_eq!(counts, [1, 6, 30, 120, 720, 3_600, 14_400]);
    let counts: Vec<u64> = (0..=6).map(|d| perft_choices(&g, d)).collect();
    // Depth 1–2: 20 arrangements each; 3: the opener must play his 4H
    // (one action); 4: 34 possible refill cards.
    assert_eq!(counts, [1, 20, 400, 400, 13_600, 39_980, 1_295_220]);
}

#[test]
fn perft_three_players_fixed_deal() {
    let g = deal(DEAL_3, 3);
    let counts: Vec<u64> = (0..=5).map(|d| perft(&g, d)).collect();
    assert_eq!(counts, [1, 6, 30, 120, 720, 3_600]);
    let counts: Vec<u64> = (0..=6).map(|d| perft_choices(&g, d)).collect();
    assert_eq!(counts, [1, 20, 400, 8_000, 8_960, 224_000, 1_188_680]);
}

#[test]
fn pinned_seeded_game() {
    let mut t = Table::<Shithead>::new(Rules::default(), 4, 7).unwrap();
    let mut bots: Vec<Box<dyn Bot<Shithead>>> = vec![
        Box::new(ShitheadBot),
        Box::new(RandomBot),
        Box::new(ShitheadBot),
        Box::new(RandomBot),
    ];
    let outcome = t.play_bots(&mut bots, 100_000).unwrap().unwrap();
    let lines: Vec<String> = t.log().iter().map(|s| s.to_string()).collect();
    assert_eq!(lines.len(), 230);
    assert_eq!(outcome.to_string(), "2 4 1 3");
    assert_eq!(t.state().shithead(), Some(cards_core::Seat(1)));
    // 36 dealt cards, then arranging (H3.1: three picks a player; the bots
    // choose the trios they chose as one action, the random bots pick anew)
    // and play.
    assert!(lines[..36].iter().all(|l| l.starts_with("chance: draw ")));
    assert_eq!(
        &lines[36..60],
        [
            "seat 1: up TS",
            "seat 1: up 4H",
            "seat 1: up 8S",
            "seat 2: up 2H",
            "seat 2: up TD",
            "seat 2: up AH",
            "seat 3: up TC",
            "seat 3: up 2C",
            "seat 3: up QC",
            "seat 0: up 3C",
            "seat 0: up 3D",
            "seat 0: up TH",
            "seat 0: play 5C",
            "chance: draw 5D",
            "seat 0: play 5D",
            "chance: draw 2D",
            "seat 1: play 6S",
            "chance: draw QD",
            "seat 2: play 7S",
            "chance: draw 9S",
            "seat 3: play 6D",
            "chance: draw JC",
            "seat 0: play 8H",
            "chance: draw KH",
        ]
    );
    assert_eq!(
        &lines[lines.len() - 6..],
        [
            "seat 3: blind",
            "chance: turn JD",
            "seat 1: blind",
            "chance: turn 7C",
            "seat 3: blind",
            "chance: turn 4S",
        ]
    );
}
