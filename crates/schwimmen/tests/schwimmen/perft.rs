//! Perft counts from two fixed deals and one seeded game's whole log, pinned.

use cards_core::{Bot, RandomBot, Table, perft};
use schwimmen::{Rules, Schwimmen, StrongBot};

use crate::common::dealt;

/// Three players, dealer 0, at the dealer's choice.
fn deal_a() -> Schwimmen {
    dealt(
        Rules::default(),
        &["7C 8D 9S", "KC QC 7H", "AD 8H 9C"],
        "TH JH 7S",
    )
}

/// Four players, knocking from the first turn, no passing, at the dealer's choice.
fn deal_b() -> Schwimmen {
    let rules = Rules {
        knock_first_turn: true,
        passing: false,
        ..Rules::default()
    };
    dealt(
        rules,
        &["AS KS 8H", "QH JH 9D", "7C 7D 8C", "TC JC 9C"],
        "9S KD QS",
    )
}

#[test]
fn perft_deal_a_is_pinned() {
    let g = deal_a();
    // Depth 1: keep or take other; depth 2: 9 swaps + swap all + pass each.
    assert_eq!(perft(&g, 1), 2);
    assert_eq!(perft(&g, 2), 22);
    let got: Vec<u64> = (3..=6).map(|d| perft(&g, d)).collect();
    assert_eq!(got, PERFT_A);
}

#[test]
fn perft_deal_b_is_pinned() {
    let g = deal_b();
    assert_eq!(perft(&g, 1), 2);
    // 9 swaps + swap all + knock (first turn allowed, no pass).
    assert_eq!(perft(&g, 2), 22);
    let got: Vec<u64> = (3..=6).map(|d| perft(&g, d)).collect();
    assert_eq!(got, PERFT_B);
}

const PERFT_A: [u64; 4] = [242, 2662, 31960, 381_300];
const PERFT_B: [u64; 4] = [240, 2600, 28000, 350_120];

/// Seat 0 plays the strong bot, the others random bots; seed 7, four players.
fn seeded_game_log() -> String {
    let mut t = Table::<Schwimmen>::new(Rules::default(), 4, 7).expect("setup");
    let mut bots: Vec<Box<dyn Bot<Schwimmen>>> = vec![
        Box::new(StrongBot::default()),
        Box::new(RandomBot),
        Box::new(RandomBot),
        Box::new(RandomBot),
    ];
    let outcome = t
        .play_bots(&mut bots, 1_000_000)
        .expect("legal")
        .expect("ends");
    let mut text: String = t.log().iter().map(|s| format!("{s}\n")).collect();
    text.push_str(&format!("outcome: {outcome}\n"));
    text
}

#[test]
fn seeded_game_log_is_pinned() {
    let got = seeded_game_log();
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/schwimmen/seed7.log");
    if std::env::var_os("SCHWIMMEN_BLESS").is_some() {
        std::fs::write(path, &got).expect("write pinned log");
    }
    let pinned = include_str!("seed7.log");
    assert_eq!(got, pinned);
}
