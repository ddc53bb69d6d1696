//! S13 and the rules file's test facts: hand values, pinned counts over all 4,960 hands.

use cards_core::{CardSet, deck};
use schwimmen::{HandValue, ValueKind, hand_value};

use crate::common::set;

/// An independent, slow scorer: value in half points, 66 for three aces.
fn naive_half_points(hand: &[cards_core::Card]) -> u8 {
    let value = |c: &cards_core::Card| match c.rank().letter() {
        '7' => 7,
        '8' => 8,
        '9' => 9,
        'A' => 11,
        _ => 10,
    };
    if hand.iter().all(|c| c.rank() == hand[0].rank()) {
        return if hand[0].rank().letter() == 'A' {
            66
        } else {
            61
        };
    }
    let mut best = 0;
    for s in cards_core::Suit::ALL {
        let sum: u8 = hand.iter().filter(|c| c.suit() == s).map(value).sum();
        best = best.max(sum);
    }
    2 * best
}

fn all_hands() -> Vec<CardSet> {
    let cards: Vec<_> = deck::CARDS_32.iter().collect();
    let mut out = Vec::new();
    for i in 0..cards.len() {
        for j in i + 1..cards.len() {
            for k in j + 1..cards.len() {
                out.push([cards[i], cards[j], cards[k]].into_iter().collect());
            }
        }
    }
    out
}

#[test]
fn s13_test_facts() {
    let facts = [
        ("QH TH JD", "20"),
        ("AC KC 9C", "30"),
        ("7D 7H 7S", "30½"),
        ("AD KD TD", "31"),
        ("9D JD AD", "30"),
        ("7H TH JH", "27"),
        ("AS 7S QC", "18"),
        ("JH QD KC", "10"),
        ("8C 8D 8S", "30½"),
        ("AD 7D TD", "28"),
        ("TH KH AH", "31"),
        ("7D 7C 8S", "8"),
    ];
    for (hand, value) in facts {
        assert_eq!(hand_value(set(hand)).unwrap().to_string(), value, "{hand}");
    }
    assert_eq!(hand_value(set("7D 7C 8S")), Some(HandValue::LOWEST));
}

#[test]
fn s13_three_aces_beat_31_and_30_half_beats_30() {
    let aces = hand_value(set("AC AH AS")).unwrap();
    let v31 = hand_value(set("AD KD TD")).unwrap();
    let half = hand_value(set("KC KH KS")).unwrap();
    let v30 = hand_value(set("AC KC 9C")).unwrap();
    assert!(aces > v31 && v31 > half && half > v30);
    assert_eq!(aces.kind(), ValueKind::ThreeAces);
    assert_eq!(half.half_points(), Some(61));
    assert_eq!(aces.half_points(), None);
    // Three aces' display value is an option, display only.
    use schwimmen::AcesDisplay;
    assert_eq!(aces.display(AcesDisplay::ThirtyTwo).to_string(), "32");
    assert_eq!(
        aces.display(AcesDisplay::ThreeAces).to_string(),
        "three aces"
    );
}

#[test]
fn s13_every_hand_agrees_with_brute_force_and_counts_are_pinned() {
    let hands = all_hands();
    assert_eq!(hands.len(), 4960);
    let mut counts = std::collections::BTreeMap::<u8, u32>::new();
    for h in &hands {
        let cards: Vec<_> = h.iter().collect();
        let naive = naive_half_points(&cards);
        let v = hand_value(*h).unwrap();
        assert_eq!(v.half_points().unwrap_or(66), naive, "{h}");
        *counts.entry(naive).or_default() += 1;
    }
    // Value (in half points) -> number of hands; 61 is 30½, 66 three aces.
    let got: Vec<(u8, u32)> = counts.into_iter().collect();
    assert_eq!(got, PINNED);
    assert_eq!(got.iter().map(|(_, n)| n).sum::<u32>(), 4960);
}

/// Checked by hand where it is easy: 31 = 4 suits × C(4,2) pairs of ten-cards with the ace
/// = 24; 30½ = 7 ranks × C(4,3) = 28; three aces = 4; 8 = 4 suit triples × 6 mixes of 7/8 = 24.
const PINNED: &[(u8, u32)] = &[
    (16, 24),
    (18, 72),
    (20, 1248),
    (22, 672),
    (30, 96),
    (32, 96),
    (34, 480),
    (36, 480),
    (38, 480),
    (40, 672),
    (42, 384),
    (48, 4),
    (50, 16),
    (52, 20),
    (54, 44),
    (56, 44),
    (58, 40),
    (60, 32),
    (61, 28),
    (62, 24),
    (66, 4),
];
