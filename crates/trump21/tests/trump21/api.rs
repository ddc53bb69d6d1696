//! API consistency (issue 9 item 4): per-seat accessors are `None` for a seat not at
//! the table, number cards are counted by value 1–11 with no dead slot, and a view
//! lists its actions without a trait import.

use cards_core::{Game, Seat, Viewer};
use trump21::{NumberCounts, Rules, Trump21};

use crate::common::*;

#[test]
fn t4_per_seat_accessors_are_none_off_the_table_and_some_at_it() {
    let g = load(position(&[(2, &[3]), (9, &[4])], &[], 0));
    let off = Seat(5);
    assert_eq!(g.status(off), None);
    assert_eq!(g.lives(off), None);
    assert_eq!(g.total(off), None);
    assert_eq!(g.hidden_card(off), None);
    assert_eq!(g.open_cards(off), None);
    assert_eq!(g.hidden_trumps(off), None);
    assert_eq!(g.is_closed(off), None);
    assert_eq!(g.is_revealed(off), None);
    assert_eq!(g.hidden_card(Seat(1)), Some(Some(9)));
    assert_eq!(g.open_cards(Seat(1)), Some(&[4u8][..]));
    assert_eq!(g.is_closed(Seat(1)), Some(false));
    // Before the deal nobody holds a hidden card: Some(None), not a 0.
    let fresh = Trump21::new(Rules::default(), 2).unwrap();
    assert_eq!(fresh.hidden_card(Seat(0)), Some(None));
}

#[test]
fn t1_number_counts_are_by_value_1_to_11() {
    let g = Trump21::new(Rules::default(), 2).unwrap();
    assert_eq!(g.deck(), NumberCounts::full(4));
    assert_eq!(g.deck().total(), 44);
    assert_eq!(g.deck().iter().next(), Some((1, 4)));
    assert_eq!(g.deck().get(0), 0);
    assert_eq!(g.deck().get(12), 0);
    assert!(g.discards().is_empty());
}

#[cfg(feature = "serde")]
#[test]
fn t1_number_counts_in_json_are_a_map_from_value_to_count() {
    let mut d = NumberCounts::EMPTY;
    d[5] = 2;
    d[11] = 1;
    let json = serde_json::to_string(&d).unwrap();
    assert_eq!(json, r#"{"5":2,"11":1}"#);
    assert_eq!(serde_json::from_str::<NumberCounts>(&json).unwrap(), d);
    for bad in [r#"{"0":1}"#, r#"{"12":1}"#, r#"{"05":1}"#, r#"{"x":1}"#] {
        let e = serde_json::from_str::<NumberCounts>(bad).unwrap_err();
        assert!(e.to_string().contains("1 to 11"), "{bad}: {e}");
    }
}

#[test]
fn a_view_lists_its_actions_without_importing_seat_view() {
    let g = load(position(&[(2, &[3]), (9, &[4])], &[], 0));
    let mine = g.observe(Viewer::Seat(Seat(0))).legal_actions();
    assert_eq!(
        mine.iter().map(|a| a.to_string()).collect::<Vec<_>>(),
        legal(&g)
    );
    assert!(g.observe(Viewer::Seat(Seat(1))).legal_actions().is_empty());
}
