//! One test per clause at least, named by the clause ID: H1–H5 here,
//! H6–H11 in `playing.rs`, H12–H23 in `specials.rs`. The helpers here serve all three.

use cards_core::{Actor, Card, Game, Rank, Seat, Table, Viewer};
use shithead::{CardMultiset, Decks, Illegal, Phase, Rules, SetupError, Shithead, Stage};

use crate::common::{Pos, act, cards, dealt, legal, play};

pub(crate) fn rank(s: &str) -> Rank {
    Rank::from_char(s.chars().next().unwrap()).unwrap()
}

pub(crate) fn ranks(list: &str) -> Vec<Rank> {
    list.split(' ').map(rank).collect()
}

pub(crate) fn card(s: &str) -> Card {
    s.parse().unwrap()
}

/// The deal order for two players with seat 0 dealing: each layer in three
/// rounds, seat 1 first.
pub(crate) fn deal2(down: [&str; 2], up: [&str; 2], hand: [&str; 2]) -> Vec<String> {
    let mut order = vec![];
    for layer in [down, up, hand] {
        let l0: Vec<&str> = layer[0].split(' ').collect();
        let l1: Vec<&str> = layer[1].split(' ').collect();
        for k in 0..3 {
            order.push(l1[k].to_string());
            order.push(l0[k].to_string());
        }
    }
    order
}

pub(crate) fn dealt2(rules: Rules, down: [&str; 2], up: [&str; 2], hand: [&str; 2]) -> Shithead {
    let order = deal2(down, up, hand);
    let refs: Vec<&str> = order.iter().map(|s| s.as_str()).collect();
    dealt(rules, 2, &refs)
}

pub(crate) fn seat(g: &Shithead) -> Seat {
    match g.actor() {
        Actor::Player(s) => s,
        a => panic!("no player to act: {a:?}"),
    }
}

// H1 --------------------------------------------------------------------------

#[test]
fn h1_decks_and_stock_after_the_deal() {
    for (players, decks, stock) in [(2, 1, 34), (3, 1, 25), (4, 1, 16), (5, 2, 59), (8, 2, 32)] {
        let t = Table::<Shithead>::new(Rules::default(), players, 3).unwrap();
        assert_eq!(t.state().decks(), decks, "{players} players");
        assert_eq!(t.state().stock_len(), stock, "{players} players");
        assert_eq!(t.state().phase(), Phase::Arranging);
    }
    assert_eq!(Shithead::new(Rules::default(), 10).unwrap().decks(), 3);
}

#[test]
fn h1_bad_seat_and_deck_counts_are_setup_errors() {
    assert_eq!(
        Shithead::new(Rules::default(), 1),
        Err(SetupError::Players(1))
    );
    assert_eq!(
        Shithead::new(Rules::default(), 11),
        Err(SetupError::Players(11))
    );
    let fixed = |d| Rules {
        decks: Decks::Fixed(d),
        ..Rules::default()
    };
    assert_eq!(
        Shithead::new(fixed(4), 4),
        Err(SetupError::Decks(4u8.into()))
    );
    assert_eq!(
        Shithead::new(fixed(0), 4),
        Err(SetupError::Decks(0u8.into()))
    );
    assert_eq!(
        Shithead::new(fixed(1), 6),
        Err(SetupError::TooFewCards {
            decks: 1,
            players: 6
        })
    );
    let two = Shithead::new(fixed(2), 3).unwrap();
    assert_eq!(two.stock_len(), 104);
}

#[test]
fn h1_copies_are_named_by_rank_and_suit_only() {
    let rules = Rules {
        decks: Decks::Fixed(2),
        ..Rules::default()
    };
    let g = Pos {
        rules,
        hands: &["7H 7H 9C", "5C 5D 5H"],
        up: &["", ""],
        down: &["2C", "2D"],
        ..Pos::default()
    }
    .build();
    assert_eq!(legal(&g), ["play 7H", "play 7H 7H", "play 9C"]);
    let after = play(&g, &["play 7H 7H"]);
    assert_eq!(after.pile().count(card("7H")), 2);
}

// H2 --------------------------------------------------------------------------

#[test]
fn h2_deal_is_face_down_then_face_up_then_hand_from_after_the_dealer() {
    let g = dealt2(
        Rules::default(),
        ["2C 2D 2H", "3C 3D 3H"],
        ["4C 4D 4H", "5C 5D 5H"],
        ["6C 6D 6H", "7C 7D 7H"],
    );
    assert_eq!(g.face_down(Seat(0)).unwrap(), cards("2C 2D 2H"));
    assert_eq!(g.face_down(Seat(1)).unwrap(), cards("3C 3D 3H"));
    assert_eq!(g.face_up(Seat(1)).unwrap(), cards("5C 5D 5H"));
    assert_eq!(g.hand(Seat(0)).unwrap(), cards("6C 6D 6H"));
    assert_eq!(g.phase(), Phase::Arranging);
    // The very first card goes face down to seat 1, the player after dealer 0.
    let start = Shithead::new(Rules::default(), 2).unwrap();
    let first = start.apply(&act("draw 3C")).unwrap();
    assert_eq!(first.face_down(Seat(1)).unwrap(), cards("3C"));
    // Nobody sees a face-down card, not even its owner.
    assert_eq!(
        start
            .event(&act("draw 3C"), Viewer::Seat(Seat(1)))
            .unwrap()
            .to_string(),
        "you are dealt a card face down"
    );
    // Another dealer: seat 0 gets the first card.
    let d1 = Shithead::with_dealer(Rules::default(), 2, Seat(1)).unwrap();
    assert_eq!(
        d1.apply(&act("draw 3C"))
            .unwrap()
            .face_down(Seat(0))
            .unwrap(),
        cards("3C")
    );
    assert!(Shithead::with_dealer(Rules::default(), 2, Seat(2)).is_err());
}

// H3 --------------------------------------------------------------------------

#[test]
fn h3_arranging_picks_three_of_six_in_turn_order() {
    let g = dealt2(
        Rules::default(),
        ["2C 2D 2H", "3C 3D 3H"],
        ["4C 4D 4H", "5C 5D 5H"],
        ["6C 6D 6H", "7C 7D 7H"],
    );
    assert_eq!(g.actor(), Actor::Player(Seat(1)));
    // H3.1: picked one at a time, any of his six not yet picked.
    let six = ["up 5C", "up 5D", "up 5H", "up 7C", "up 7D", "up 7H"];
    assert_eq!(legal(&g), six);
    assert_eq!(
        g.apply(&act("up 6C")),
        Err(Illegal::NotOwnSix),
        "seat 1 does not own 6C"
    );
    let g5 = play(&g, &["up 7D"]);
    assert_eq!(g5.stage(), Stage::Picking(cards("7D")));
    assert_eq!(legal(&g5), ["up 5C", "up 5D", "up 5H", "up 7C", "up 7H"]);
    assert_eq!(g5.apply(&act("up 7D")), Err(Illegal::NotOwnSix), "picked");
    assert_eq!(g5.actor(), Actor::Player(Seat(1)), "still arranging");
    assert_eq!(g5.actions(), 0, "only the third pick counts (H22)");
    assert_eq!(
        play(&g5, &["up 5C"]),
        play(&g, &["up 5C", "up 7D"]),
        "the order of the picks does not matter"
    );
    let g = play(&g, &["up 7C 7D 7H"]);
    assert_eq!(g.face_up(Seat(1)).unwrap(), cards("7C 7D 7H"));
    assert_eq!(g.hand(Seat(1)).unwrap(), cards("5C 5D 5H"));
    assert_eq!(g.actor(), Actor::Player(Seat(0)));
    let g = play(&g, &["up 4C 4D 6H"]);
    assert_eq!(g.phase(), Phase::Playing);
    assert_eq!(g.hand(Seat(0)).unwrap(), cards("4H 6C 6D"));
}

/// H3.1: the picks reach every choice of three of the six and nothing else,
/// with copies from several decks too; the third pick completes it.
#[test]
fn h3_1_the_picks_reach_every_choice_of_three_and_nothing_else() {
    fn walk(g: &Shithead, seat: Seat, out: &mut Vec<CardMultiset>) {
        if g.actor() != Actor::Player(seat) || g.phase() != Phase::Arranging {
            out.push(g.face_up(seat).unwrap());
            return;
        }
        let mut l = Vec::new();
        g.legal_actions(&mut l);
        assert!(!l.is_empty());
        for a in l {
            walk(&g.apply(&a).unwrap(), seat, out);
        }
    }
    for (up, hand, choices) in [
        ("4C 4D 4H", "7C 7D 7H", 20),
        ("4C 4C 4D", "4C 4D 9S", 6),
        ("2S 2S 2S", "AH AH AH", 4),
    ] {
        let g = dealt2(
            Rules {
                decks: Decks::Fixed(3),
                ..Rules::default()
            },
            ["5C 5D 5H", "6C 6D 6H"],
            ["TC TD TH", up],
            ["JC JD JH", hand],
        );
        let mut seen = Vec::new();
        walk(&g, Seat(1), &mut seen);
        seen.sort();
        seen.dedup();
        assert_eq!(seen.len(), choices, "{up} / {hand}");
        let mut six = cards(up);
        six.add_all(cards(hand)).unwrap();
        assert!(seen.iter().all(|c| c.len() == 3 && six.includes(*c)));
    }
}

// H4 --------------------------------------------------------------------------

#[test]
fn h4_worst_hand_card_opens_and_must_be_played() {
    let hands = |h0: &str, h1: &str, rules: Rules| {
        let g = dealt2(
            rules,
            ["6C 6D 6H", "7C 7D 7H"],
            ["2C 3C TC", "4C JH QH"],
            [h0, h1],
        );
        play(&g, &["up 4C JH QH", "up 2C 3C TC"])
    };
    // 4C lies face up and does not count; 4D in seat 1's hand is the worst.
    let g = hands("5C 9H KD", "4D 8S AS", Rules::default());
    assert_eq!(g.actor(), Actor::Player(Seat(1)));
    assert_eq!(g.must_open(), Some(card("4D")));
    assert_eq!(legal(&g), ["play 4D"]);
    assert_eq!(
        g.apply(&act("play 8S")),
        Err(Illegal::MustOpenWith(card("4D")))
    );
    // Suits break ties: clubs < diamonds < hearts < spades by default …
    let g = hands("4S 9H KD", "4D 8S AS", Rules::default());
    assert_eq!(g.must_open(), Some(card("4D")));
    // … or another order.
    let rules = Rules {
        suit_order: [
            cards_core::Suit::Spades,
            cards_core::Suit::Hearts,
            cards_core::Suit::Diamonds,
            cards_core::Suit::Clubs,
        ],
        ..Rules::default()
    };
    let g = hands("4S 9H KD", "4D 8S AS", rules);
    assert_eq!((seat(&g), g.must_open()), (Seat(0), Some(card("4S"))));
    // 2s and 3s are never worst.
    let g = hands("2D 3D 9H", "5D 8S AS", Rules::default());
    assert_eq!((seat(&g), g.must_open()), (Seat(1), Some(card("5D"))));
}

#[test]
fn h4_with_several_decks_the_first_holder_after_the_dealer_opens() {
    let rules = Rules {
        decks: Decks::Fixed(2),
        ..Rules::default()
    };
    let g = dealt2(
        rules,
        ["6C 6D 6H", "7C 7D 7H"],
        ["2C 3C TC", "2D JH QH"],
        ["4C 9H KD", "4C 8S AS"],
    );
    let g = play(&g, &["up 2D JH QH", "up 2C 3C TC"]);
    assert_eq!((seat(&g), g.must_open()), (Seat(1), Some(card("4C"))));
    let g = play(&g, &["play 4C"]);
    assert_eq!(g.must_open(), None);
}

#[test]
fn h4_1_without_a_worst_card_the_player_after_the_dealer_opens_freely() {
    let g = dealt2(
        Rules::default(),
        ["6C 6D 6H", "7C 7D 7H"],
        ["4C 4D 4H", "5C 5D 5H"],
        ["2C 3C TC", "2D 3D TD"],
    );
    let g = play(&g, &["up 5C 5D 5H", "up 4C 4D 4H"]);
    assert_eq!(g.must_open(), None);
    assert_eq!(g.actor(), Actor::Player(Seat(1)));
    assert_eq!(legal(&g), ["play 2D", "play 3D", "play TD"]);
}

// H5 --------------------------------------------------------------------------

#[test]
fn h5_a_play_refills_and_just_drawn_cards_may_be_added() {
    let g = Pos {
        hands: &["7H 7S 9C", "4C 4D 4H"],
        down: &["2C 2H 3C", "2D 2S 3D"],
        up: &["JC JD JH", "QC QD QH"],
        stock: "7D KC",
        ..Pos::default()
    }
    .build();
    assert_eq!(legal(&g), ["play 7H", "play 7S", "play 7H 7S", "play 9C"]);
    let g = play(&g, &["play 7H"]);
    assert_eq!(g.actor(), Actor::Chance, "refill before adding");
    assert_eq!(legal(&g), ["draw 7D", "draw KC"]);
    let g = play(&g, &["draw 7D"]);
    assert_eq!(g.stage(), Stage::Add);
    assert_eq!(legal(&g), ["play 7D", "play 7S", "play 7D 7S", "done"]);
    // Adding a different rank is refused.
    assert_eq!(
        g.apply(&act("play 9C")),
        Err(Illegal::AddSameRank(Rank::Seven))
    );
    // Ending the turn is a choice.
    let ended = play(&g, &["done"]);
    assert_eq!(ended.actor(), Actor::Player(Seat(1)));
    let added = play(&g, &["play 7D 7S", "draw KC"]);
    assert_eq!(added.pile().count_rank(Rank::Seven), 3);
    assert_eq!(
        added.actor(),
        Actor::Player(Seat(1)),
        "no seven left to add"
    );
}

#[test]
fn h5_0_play_passes_to_the_next_seat_number() {
    let g = Pos {
        seats: 3,
        hands: &["5C 9D", "6C 9H", "7C 9S"],
        down: &["2C", "2D", "2H"],
        ..Pos::default()
    }
    .build();
    let g = play(&g, &["play 5C"]);
    assert_eq!(seat(&g), Seat(1));
    let g = play(&g, &["play 6C"]);
    assert_eq!(seat(&g), Seat(2));
    let g = play(&g, &["play 7C"]);
    assert_eq!(seat(&g), Seat(0));
    assert!(!g.reversed());
}

#[test]
fn h5_1_after_the_last_hand_card_face_up_cards_may_be_added_never_face_down() {
    let g = Pos {
        hands: &["7H", "4C 4D 4H"],
        up: &["7S 9C", ""],
        down: &["7D", "2D"],
        ..Pos::default()
    }
    .build();
    let g = play(&g, &["play 7H"]);
    assert_eq!(g.stage(), Stage::Add);
    assert_eq!(legal(&g), ["play 7S", "done"]);
    let g = play(&g, &["play 7S"]);
    assert_eq!(
        seat(&g),
        Seat(1),
        "no more sevens face up; face-down 7D is never added"
    );
    // Without matching face-up cards the turn just ends.
    let h = Pos {
        hands: &["7H", "4C 4D 4H"],
        up: &["9C", ""],
        down: &["7D", "2D"],
        ..Pos::default()
    }
    .build();
    assert_eq!(seat(&play(&h, &["play 7H"])), Seat(1));
}

#[test]
fn h5_2_eights_laid_in_a_row_in_one_turn_form_one_group() {
    let four = |pile: &'static [&'static str], hand: &'static str| {
        Pos {
            seats: 4,
            hands: Box::leak(Box::new([hand, "4C 4D", "5C 5D", "6C 6D"])),
            down: &["2C", "2D", "2H", "2S"],
            pile,
            ..Pos::default()
        }
        .build()
    };
    // 8H, then 8S added in the same turn: two skips, seat 0 → seat 3.
    let g = play(&four(&[], "8H 8S 9C"), &["play 8H", "play 8S"]);
    assert_eq!(seat(&g), Seat(3));
    // An earlier player's eight does not count for this turn.
    let g = play(&four(&["8C"], "8H 9C"), &["play 8H"]);
    assert_eq!(seat(&g), Seat(2));
    // After covering a queen only the cover counts.
    let g = play(&four(&[], "QH 8H 8S"), &["play QH", "play 8H 8S"]);
    assert_eq!(seat(&g), Seat(3));
}

#[test]
fn h5_3_a_play_of_several_cards_refills_once_after_the_play() {
    let g = Pos {
        hands: &["5H 5S 9C", "4C 4D 4H"],
        down: &["2C 2H 3C", "2D 2S 3D"],
        up: &["JC JD JH", "QC QD QH"],
        stock: "6C 6D 6H",
        ..Pos::default()
    }
    .build();
    let mut g = play(&g, &["play 5H 5S"]);
    let mut draws = 0;
    while g.actor() == Actor::Chance {
        let a = legal(&g)[0].clone();
        g = play(&g, &[a.as_str()]);
        draws += 1;
    }
    assert_eq!(draws, 2);
    assert_eq!(g.hand(Seat(0)).unwrap().len(), 3);
    assert_eq!(g.stock_len(), 1);
    // The refill stops when the stock is empty.
    let g = Pos {
        hands: &["5H 5S 9C", "4C 4D 4H"],
        down: &["2C 2H 3C", "2D 2S 3D"],
        up: &["JC JD JH", "QC QD QH"],
        stock: "6C",
        ..Pos::default()
    }
    .build();
    let g = play(&g, &["play 5H 5S", "draw 6C"]);
    assert_eq!(g.hand(Seat(0)).unwrap(), cards("6C 9C"));
    assert_eq!(seat(&g), Seat(1));
}
