//! Views and events (C14), text forms and ids (C16), host operations (C17).

use cards_core::{Card, ChaCha8Rng, Game, Redeal, Seat, SeatView, SeedableRng, Viewer};
use crazy_eights::{Action, CrazyEights, HostOp, Rules, Seen};

use crate::common::{load, play, turn};

#[test]
fn c14_a_view_shows_only_its_own_hand_and_sizes_of_the_others() {
    let g = load(turn(
        Rules::default(),
        &["4C 5H", "6H 9S", "7H 9C KD"],
        "4H",
        0,
        "2S",
    ));
    let v = g.observe(Viewer::Seat(Seat(1)));
    assert_eq!(v.hand, g.hand(Seat(1)));
    assert_eq!(v.hand_sizes.as_slice(), [2, 2, 3]);
    assert_eq!(v.stock_size as usize, g.stock().len());
    assert_eq!(v.shown, None);
    assert_eq!(g.observe(Viewer::Spectator).hand, None);
    // Re-dealing what seat 1 cannot see changes other hands, not its view.
    let r = g.redeal_hidden(Seat(1), &mut ChaCha8Rng::seed_from_u64(3));
    assert_ne!(r.hand(Seat(2)), g.hand(Seat(2)));
    assert_eq!(r.observe(Viewer::Seat(Seat(1))), v);
    let mut mine = Vec::new();
    g.observe(Viewer::Seat(Seat(0))).legal_actions(&mut mine);
    let mut all = Vec::new();
    g.legal_actions(&mut all);
    assert_eq!(mine, all);
}

#[test]
fn c3_the_dealer_reads_you_deal_and_the_others_seat_k_deals() {
    let g = CrazyEights::new(Rules::default(), 3).expect("three seats");
    let a: Action = "dealer 1".parse().expect("action");
    let text = |s: u8| {
        g.event(&a, Viewer::Seat(Seat(s)))
            .expect("legal")
            .to_string()
    };
    assert_eq!(text(1), "you deal");
    assert_eq!(text(0), "seat 1 deals");
}

#[test]
fn c14_a_drawn_card_is_named_only_to_its_drawer() {
    let mut g = load(turn(
        Rules::default(),
        &["4C 5H", "6H 9S", "7H 9C"],
        "4H",
        0,
        "",
    ));
    play(&mut g, &["draw"]);
    let a: Action = "deal KS".parse().expect("action");
    let own = g.event(&a, Viewer::Seat(Seat(0))).expect("legal");
    let other = g.event(&a, Viewer::Seat(Seat(1))).expect("legal");
    assert_eq!(
        own.seen,
        Seen::Drew {
            seat: Seat(0),
            card: Some("KS".parse::<Card>().expect("card"))
        }
    );
    assert_eq!(
        other.seen,
        Seen::Drew {
            seat: Seat(0),
            card: None
        }
    );
    assert_eq!(own.to_string(), "you draw KS");
    assert_eq!(other.to_string(), "seat 0 draws a card");
}

#[test]
fn c14_at_the_end_every_hand_is_shown_with_the_returns() {
    let mut g = load(turn(
        Rules::default(),
        &["5H", "6H 9S", "7H 9C"],
        "4H",
        0,
        "",
    ));
    let e = g
        .event(&"play 5H".parse().expect("action"), Viewer::Spectator)
        .expect("legal");
    assert_eq!(
        e.to_string(),
        "seat 0 plays 5H; game over: seat 0 0 seat 1 -53 seat 2 -54"
    );
    play(&mut g, &["play 5H"]);
    let v = g.observe(Viewer::Spectator);
    assert_eq!(v.shown.map(|s| s[Seat(2)]), g.hand(Seat(2)));
}

#[test]
fn c16_actions_round_trip_through_text_and_openspiel_ids() {
    let mut all = vec![Action::Draw, Action::Pass];
    for i in 0..52 {
        let c = Card::from_index(i).expect("card");
        all.extend([Action::Play(c), Action::Deal(c)]);
    }
    all.extend(cards_core::Suit::ALL.map(Action::Nominate));
    all.extend((0..10).map(|s| Action::Dealer(Seat(s))));
    for a in all {
        assert_eq!(a.to_string().parse::<Action>(), Ok(a));
        assert_eq!(Action::from_spiel_id(a.spiel_id(), a.is_chance()), Some(a));
    }
    assert_eq!("play 2C".parse::<Action>().map(Action::spiel_id), Ok(0));
    assert_eq!("play AS".parse::<Action>().map(Action::spiel_id), Ok(51));
    assert_eq!(Action::Nominate(cards_core::Suit::Spades).spiel_id(), 57);
    assert_eq!(Action::Dealer(Seat(3)).spiel_id(), 55);
    for bad in [
        "",
        "play",
        "play 1X",
        "dealer 10",
        "nominate HH",
        "draw 2",
        "dealer -1",
    ] {
        let e = bad.parse::<Action>().expect_err(bad);
        assert!(e.to_string().contains("(C16)"));
    }
}

#[test]
fn c17_there_are_no_host_operations() {
    let e = "leave 1".parse::<HostOp>().expect_err("none");
    assert!(e.to_string().contains("(C17)"));
    let g = CrazyEights::new(Rules::default(), 3).expect("valid");
    assert_eq!(g.actor(), cards_core::Actor::Chance);
}
