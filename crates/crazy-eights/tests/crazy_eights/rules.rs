//! One test per clause of docs/rules/crazy-eights.md (C1–C13), named by its ID.

use cards_core::{Actor, Card, Game, NoSuchSeat, Seat, Suit};
use crazy_eights::{Action, CrazyEights, Illegal, Phase, Rules, Scoring, SetupError, penalty};

use crate::common::{cards, legal, load, play, short_stock, turn};

fn card(s: &str) -> Card {
    s.parse().expect("a card")
}

fn special() -> Rules {
    Rules {
        use_special_cards: true,
        ..Rules::default()
    }
}

/// Deals `n` players from dealer `d` with the cards in `order`, then turns up `starter`.
fn dealt(rules: Rules, n: usize, d: u8, order: &[&str], starter: &str) -> CrazyEights {
    let mut g = CrazyEights::new(rules, n).expect("valid");
    g.apply_mut(&Action::Dealer(Seat(d))).expect("dealer");
    for c in order {
        g.apply_mut(&Action::Deal(card(c))).expect("deal");
    }
    g.apply_mut(&Action::Deal(card(starter))).expect("starter");
    g
}

/// The 15 cards of a 3-player deal, in deal order.
const DEAL3: [&str; 15] = [
    "2C", "3C", "4C", "5C", "6C", "7C", "9C", "TC", "JC", "QC", "KC", "AC", "2D", "3D", "4D",
];

#[test]
fn c1_one_deck_up_to_five_players_two_from_six() {
    for (n, len) in [(2, 52), (5, 52), (6, 104), (10, 104)] {
        let g = CrazyEights::new(Rules::default(), n).expect("valid");
        assert_eq!(g.stock().len(), len, "{n} players");
    }
    assert_eq!(
        CrazyEights::new(Rules::default(), 1),
        Err(SetupError::Seats(1))
    );
    assert_eq!(
        CrazyEights::new(Rules::default(), 11),
        Err(SetupError::Seats(11))
    );
    assert!(SetupError::Seats(11).to_string().contains("(C1)"));
}

#[test]
fn c2_rules_are_openspiels_parameters_with_their_defaults() {
    let r = Rules::default();
    assert_eq!(
        (
            r.max_draw_cards,
            r.max_turns,
            r.use_special_cards,
            r.reshuffle
        ),
        (5, 100, false, false)
    );
    assert_eq!(crazy_eights::DEFAULT_SEATS, 5);
    let zero_draws = Rules {
        max_draw_cards: 0,
        ..r
    };
    assert_eq!(
        CrazyEights::new(zero_draws, 3),
        Err(SetupError::MaxDrawCards(0u8.into()))
    );
    assert_eq!(
        CrazyEights::new(Rules { max_turns: 0, ..r }, 3),
        Err(SetupError::MaxTurns(0u16.into()))
    );
    assert!(
        SetupError::MaxDrawCards(0u8.into())
            .to_string()
            .contains("(C2")
    );
}

#[test]
fn c3_the_dealer_is_a_chance_step_with_equal_weights() {
    let g = CrazyEights::new(Rules::default(), 4).expect("valid");
    assert_eq!(g.actor(), Actor::Chance);
    let mut outs = Vec::new();
    g.chance_outcomes(&mut outs);
    assert_eq!(
        outs,
        (0..4)
            .map(|s| (Action::Dealer(Seat(s)), 1))
            .collect::<Vec<_>>()
    );
    assert_eq!(
        g.apply(&Action::Dealer(Seat(4))),
        Err(Illegal::NoSuchSeat(NoSuchSeat {
            seat: Seat(4),
            seats: 4,
            clause: "C1, C3",
        }))
    );
    assert_eq!(
        g.apply(&Action::Deal(card("7H"))),
        Err(Illegal::WrongChanceStep {
            step: "the choice of the dealer",
            clause: "C3",
        })
    );
}

#[test]
fn c4_cards_go_round_from_the_dealers_left_five_each_or_seven_for_two() {
    let g = dealt(Rules::default(), 3, 1, &DEAL3, "5H");
    // Dealer 1: seat 2 gets the 1st, 4th, ... card, seat 0 the 2nd, seat 1 the 3rd.
    assert_eq!(g.hand(Seat(2)), Some(cards("2C 5C 9C QC 2D")));
    assert_eq!(g.hand(Seat(0)), Some(cards("3C 6C TC KC 3D")));
    assert_eq!(g.hand(Seat(1)), Some(cards("4C 7C JC AC 4D")));
    let mut two = CrazyEights::new(Rules::default(), 2).expect("valid");
    two.apply_mut(&Action::Dealer(Seat(0))).expect("dealer");
    for _ in 0..14 {
        assert_eq!(two.phase(), Phase::Deal);
        let mut v = Vec::new();
        two.legal_actions(&mut v);
        two.apply_mut(&v[0]).expect("deal");
    }
    assert_eq!(two.phase(), Phase::TurnUp);
    assert_eq!(two.hand(Seat(0)).map(|h| h.len()), Some(7));
    // A card not in the stock cannot be dealt.
    assert_eq!(
        two.apply(&Action::Deal(card("2C"))),
        Err(Illegal::NotInStock {
            step: "the turn-up of the starter",
            clause: "C5",
        })
    );
}

#[test]
fn c5_the_starter_sets_card_and_suit_and_the_dealers_left_plays_first() {
    let g = dealt(Rules::default(), 3, 1, &DEAL3, "5H");
    assert_eq!((g.top(), g.suit()), (Some(card("5H")), Some(Suit::Hearts)));
    assert_eq!(g.actor(), Actor::Player(Seat(2)));
    assert!(!g.stock().contains(card("5H")));
}

#[test]
fn c5_1_an_eight_turned_up_goes_back_into_the_stock() {
    let mut g = CrazyEights::new(Rules::default(), 3).expect("valid");
    g.apply_mut(&Action::Dealer(Seat(0))).expect("dealer");
    for c in DEAL3 {
        g.apply_mut(&Action::Deal(card(c))).expect("deal");
    }
    let before = g;
    g.apply_mut(&Action::Deal(card("8S")))
        .expect("an eight is an outcome");
    assert_eq!(g, before, "nothing changes; the dealer turns up again");
    assert_eq!(g.phase(), Phase::TurnUp);
}

#[test]
fn c5_2_a_special_starter_acts_as_played_by_the_dealer() {
    let q = dealt(special(), 3, 1, &DEAL3, "QH");
    assert_eq!(
        q.actor(),
        Actor::Player(Seat(0)),
        "queen: seat 2 is skipped"
    );
    let a = dealt(special(), 3, 1, &DEAL3, "AH");
    assert_eq!(
        a.actor(),
        Actor::Player(Seat(0)),
        "ace: the dealer's right starts"
    );
    assert!(a.reversed());
    let two = dealt(special(), 3, 1, &DEAL3, "2H");
    assert_eq!((two.actor(), two.owed()), (Actor::Player(Seat(2)), 2));
    let plain = dealt(Rules::default(), 3, 1, &DEAL3, "QH");
    assert_eq!(
        plain.actor(),
        Actor::Player(Seat(2)),
        "no specials: a queen is a queen"
    );
}

#[test]
fn c6_play_moves_to_the_next_seat_number() {
    let mut g = load(turn(
        Rules::default(),
        &["5H 9S", "6H 9D", "7H 9C"],
        "4H",
        2,
        "",
    ));
    play(&mut g, &["play 7H"]);
    assert_eq!(g.actor(), Actor::Player(Seat(0)));
    play(&mut g, &["play 5H"]);
    assert_eq!(g.actor(), Actor::Player(Seat(1)));
}

#[test]
fn c7_a_card_matches_the_suit_or_the_rank_and_eights_always_fit() {
    let g = load(turn(
        Rules::default(),
        &["4C 5H 8D KS", "6H 9D", "7H 9C"],
        "4H",
        0,
        "",
    ));
    assert_eq!(legal(&g), ["play 4C", "play 5H", "play 8D", "draw"]);
    assert_eq!(
        g.apply(&"play KS".parse().expect("action")),
        Err(Illegal::NoMatch)
    );
    assert_eq!(
        g.apply(&"play 9D".parse().expect("action")),
        Err(Illegal::NotInHand)
    );
}

#[test]
fn c8_after_an_eight_the_player_names_the_suit_to_follow() {
    let mut g = load(turn(
        Rules::default(),
        &["8D KS", "6H 9S", "7H 9C"],
        "4H",
        0,
        "",
    ));
    play(&mut g, &["play 8D"]);
    assert_eq!(g.phase(), Phase::Nominate);
    assert_eq!(g.actor(), Actor::Player(Seat(0)));
    assert_eq!(
        legal(&g),
        ["nominate C", "nominate D", "nominate H", "nominate S"]
    );
    assert_eq!(g.apply(&Action::Draw), Err(Illegal::NominateFirst));
    play(&mut g, &["nominate S"]);
    assert_eq!(
        (g.suit(), g.actor()),
        (Some(Suit::Spades), Actor::Player(Seat(1)))
    );
    assert_eq!(legal(&g), ["play 9S", "draw"]);
    assert_eq!(
        g.apply(&Action::Nominate(Suit::Clubs)),
        Err(Illegal::NoEight)
    );
}

#[test]
fn c9_a_player_may_draw_up_to_max_draw_cards_then_play_or_draw_again() {
    let rules = Rules {
        max_draw_cards: 2,
        ..Rules::default()
    };
    let mut g = load(turn(rules, &["4C 5H", "6H 9S", "7H 9C"], "4H", 0, ""));
    play(&mut g, &["draw"]);
    assert_eq!(g.actor(), Actor::Chance);
    play(&mut g, &["deal KH"]);
    assert_eq!(g.hand(Seat(0)), Some(cards("4C 5H KH")));
    assert_eq!(legal(&g), ["play 4C", "play 5H", "play KH", "draw"]);
    play(&mut g, &["draw", "deal 2S"]);
    assert_eq!(legal(&g), ["play 4C", "play 5H", "play KH", "pass"]);
    assert_eq!(g.apply(&Action::Draw), Err(Illegal::DrawLimit));
}

#[test]
fn c9_1_passing_needs_the_draws_used_up() {
    let rules = Rules {
        max_draw_cards: 1,
        ..Rules::default()
    };
    let mut g = load(turn(rules, &["4C 5H", "6H 9S", "7H 9C"], "4H", 0, ""));
    assert_eq!(g.apply(&Action::Pass), Err(Illegal::CannotPass));
    play(&mut g, &["draw", "deal KS", "pass"]);
    assert_eq!((g.actor(), g.draws()), (Actor::Player(Seat(1)), 0));
    assert_eq!(
        g.passes(),
        0,
        "a pass with cards in the stock counts nothing (C12.3)"
    );
}

#[test]
fn c10_an_empty_stock_allows_passing_and_a_draw_that_empties_it_is_the_last() {
    let mut g = short_stock(Rules::default(), ["4C 5H", "6H 9S"], "4H", "KS");
    play(&mut g, &["draw", "deal KS"]);
    assert!(g.stock().is_empty());
    assert_eq!(g.draws(), 5, "the turn's draws are used up");
    assert_eq!(legal(&g), ["play 4C", "play 5H", "pass"]);
    play(&mut g, &["pass"]);
    assert_eq!(g.apply(&Action::Draw), Err(Illegal::StockEmpty));
    assert_eq!(legal(&g), ["play 6H", "pass"]);
}

#[test]
fn c10_1_with_reshuffle_the_discards_become_the_stock() {
    let rules = Rules {
        reshuffle: true,
        ..Rules::default()
    };
    let mut g = short_stock(rules, ["4C 5H", "6H 9S"], "4H", "KS");
    let discards = g.discards();
    play(&mut g, &["draw", "deal KS"]);
    assert_eq!((g.stock(), g.discards().len()), (discards, 0));
    assert_eq!(g.draws(), 1, "the stock did not stay empty");
}

#[test]
fn c11_1_a_queen_skips_the_next_player() {
    let mut g = load(turn(special(), &["QH 5C", "6H 9S", "7H 9C"], "4H", 0, ""));
    play(&mut g, &["play QH"]);
    assert_eq!(g.actor(), Actor::Player(Seat(2)));
}

#[test]
fn c11_2_an_ace_reverses_play() {
    let mut g = load(turn(special(), &["AH 5C", "6H 9S", "7H 9C"], "4H", 0, ""));
    play(&mut g, &["play AH"]);
    assert_eq!((g.actor(), g.reversed()), (Actor::Player(Seat(2)), true));
    play(&mut g, &["play 7H"]);
    assert_eq!(g.actor(), Actor::Player(Seat(1)));
}

#[test]
fn c11_3_twos_stack_and_the_drawer_takes_every_owed_card_then_his_turn_ends() {
    let mut g = load(turn(
        special(),
        &["2H 5C", "2S 8S 9C", "7H 2D 3C"],
        "4H",
        0,
        "",
    ));
    play(&mut g, &["play 2H"]);
    assert_eq!(g.owed(), 2);
    assert_eq!(
        legal(&g),
        ["play 2S", "draw"],
        "no eight, no match, no pass"
    );
    assert_eq!(
        g.apply(&"play 8S".parse().expect("action")),
        Err(Illegal::TwosOwed)
    );
    play(&mut g, &["play 2S"]);
    assert_eq!((g.owed(), g.actor()), (4, Actor::Player(Seat(2))));
    play(&mut g, &["draw"]);
    for c in ["2C", "KD", "KH", "KS"] {
        assert_eq!(g.actor(), Actor::Chance);
        play(&mut g, &[&format!("deal {c}")]);
    }
    assert_eq!((g.owed(), g.actor()), (0, Actor::Player(Seat(0))));
    assert_eq!(
        g.hand(Seat(2)).map(|h| h.len()),
        Some(7),
        "the drawn 2C was not playable"
    );
}

#[test]
fn c11_4_the_debt_ends_with_the_stock_and_its_last_card_counts_as_a_pass() {
    let mut g = short_stock(special(), ["2H 5C", "2S 9C"], "4H", "KS QD JD");
    play(&mut g, &["play 2H", "draw", "deal KS", "deal QD"]);
    assert_eq!(
        (g.owed(), g.passes(), g.actor()),
        (0, 0, Actor::Player(Seat(0)))
    );
    let mut g = short_stock(special(), ["2H 5C", "2S 9C"], "4H", "KS QD");
    play(&mut g, &["play 2H", "draw", "deal KS", "deal QD"]);
    assert_eq!(
        (g.owed(), g.passes(), g.actor()),
        (0, 1, Actor::Player(Seat(0)))
    );
    let mut g = short_stock(special(), ["2H 5C", "2S 9C"], "4H", "KS");
    play(&mut g, &["play 2H", "draw", "deal KS"]);
    assert_eq!(
        (g.owed(), g.passes()),
        (0, 0),
        "ran out before the last owed card"
    );
}

#[test]
fn c12_1_the_game_ends_when_a_player_sheds_his_last_card() {
    let mut g = load(turn(
        Rules::default(),
        &["8H", "6H 9S", "7H 9C"],
        "4H",
        0,
        "",
    ));
    play(&mut g, &["play 8H"]);
    assert_eq!(g.actor(), Actor::Terminal, "no suit is named");
    assert_eq!(
        g.apply(&Action::Nominate(Suit::Clubs)),
        Err(Illegal::GameOver {
            why: "a player played his last card",
            clause: "C12.1",
        })
    );
    // 6H 9S cost 20 + 33, 7H 9C cost 24 + 30 (C13).
    assert_eq!(g.returns().expect("over").as_slice(), [0, -53, -54]);
    assert_eq!(
        g.outcome().map(|o| o.places().to_vec()),
        Some(vec![1, 2, 3])
    );
}

#[test]
fn c12_2_the_game_ends_after_max_turns_plays() {
    let rules = Rules {
        max_turns: 2,
        ..Rules::default()
    };
    let mut g = load(turn(rules, &["5H 9S", "6H 9D", "7H 9C"], "4H", 0, ""));
    play(&mut g, &["draw", "deal KD", "play 5H"]);
    assert_ne!(g.actor(), Actor::Terminal, "draws do not count");
    play(&mut g, &["play 6H"]);
    assert_eq!(g.actor(), Actor::Terminal);
}

#[test]
fn c12_3_players_plus_one_passes_with_an_empty_stock_end_the_game() {
    let mut g = short_stock(Rules::default(), ["4C 5D", "6D 9S"], "4H", "");
    play(&mut g, &["pass", "pass"]);
    assert_eq!(g.passes(), 2);
    play(&mut g, &["play 4C"]);
    assert_eq!(g.passes(), 0, "a play sets the count back");
    play(&mut g, &["pass", "pass"]);
    assert_ne!(g.actor(), Actor::Terminal);
    play(&mut g, &["pass"]);
    assert_eq!(g.actor(), Actor::Terminal);
}

#[test]
fn c13_returns_charge_the_cards_left_as_openspiel_counts() {
    let mut g = load(turn(
        Rules::default(),
        &["5H", "8C TS AD", "2C 3D"],
        "4H",
        0,
        "",
    ));
    play(&mut g, &["play 5H"]);
    let r = g.returns().expect("over");
    assert_eq!(r.as_slice(), [0, -(50 + 37 + 10), -(2 + 7)]);
    assert_eq!(
        g.outcome().map(|o| o.places().to_vec()),
        Some(vec![1, 3, 2])
    );
}

#[test]
fn c13_1_face_value_scoring_is_the_common_count() {
    let rules = Rules {
        scoring: Scoring::FaceValue,
        ..Rules::default()
    };
    let mut g = load(turn(rules, &["5H", "8C TS AD", "2C 3D"], "4H", 0, ""));
    play(&mut g, &["play 5H"]);
    assert_eq!(
        g.returns().expect("over").as_slice(),
        [0, -(50 + 10 + 1), -(2 + 3)]
    );
    assert_eq!(penalty(card("KH"), Scoring::FaceValue), 10);
}

// Refusals at a step name that step and the clause that calls for it.

/// The text of the refusal of `action` (as written) in `g`.
fn refusal(g: &CrazyEights, action: &str) -> String {
    g.apply(&action.parse().expect("an action"))
        .expect_err("refused")
        .to_string()
}

#[test]
fn c3_refusals_while_the_dealer_is_chosen_name_c3() {
    let g = CrazyEights::new(Rules::default(), 3).expect("valid");
    assert_eq!(
        refusal(&g, "pass"),
        "a chance step is due (the choice of the dealer): players move only after it (C3)"
    );
    assert_eq!(
        refusal(&g, "deal 7H"),
        "the chance step due is the choice of the dealer, not that one (C3)"
    );
}

#[test]
fn c4_refusals_during_the_deal_name_c4() {
    let mut g = CrazyEights::new(Rules::default(), 3).expect("valid");
    play(&mut g, &["dealer 1", "deal 2C"]);
    assert_eq!(
        refusal(&g, "draw"),
        "a chance step is due (the deal of a card): players move only after it (C4)"
    );
    assert_eq!(
        refusal(&g, "dealer 0"),
        "the chance step due is the deal of a card, not that one (C4)"
    );
    assert_eq!(
        refusal(&g, "deal 2C"),
        "only a card of the stock can come at the deal of a card (C4)"
    );
}

#[test]
fn c5_refusals_while_the_starter_is_turned_up_name_c5() {
    let mut g = CrazyEights::new(special(), 3).expect("valid");
    g.apply_mut(&Action::Dealer(Seat(1))).expect("dealer");
    for c in DEAL3 {
        g.apply_mut(&Action::Deal(card(c))).expect("deal");
    }
    assert_eq!(g.phase(), Phase::TurnUp);
    assert_eq!(
        refusal(&g, "deal 2C"),
        "only a card of the stock can come at the turn-up of the starter (C5)"
    );
    assert_eq!(
        refusal(&g, "pass"),
        "a chance step is due (the turn-up of the starter): players move only after it (C5)"
    );
    assert_eq!(
        refusal(&g, "dealer 0"),
        "the chance step due is the turn-up of the starter, not that one (C5)"
    );
}

#[test]
fn c7_a_chance_outcome_at_a_turn_names_the_players_step() {
    let g = load(turn(Rules::default(), &["4C 5H", "6H 9S"], "4H", 0, ""));
    assert_eq!(
        refusal(&g, "deal KH"),
        "cards come from the stock and the dealer is chosen only at chance steps, \
         not at a play, a draw or a pass (C7, C9, C9.1)"
    );
}

#[test]
fn c8_a_chance_outcome_while_a_suit_is_named_names_c8() {
    let mut g = load(turn(Rules::default(), &["8D KS", "6H 9S"], "4H", 0, ""));
    play(&mut g, &["play 8D"]);
    assert_eq!(
        refusal(&g, "dealer 0"),
        "cards come from the stock and the dealer is chosen only at chance steps, \
         not at the naming of a suit for the eight (C8)"
    );
}

#[test]
fn c9_refusals_at_a_draw_by_choice_name_c9() {
    let mut g = load(turn(Rules::default(), &["4C 5H", "6H 9S"], "4H", 0, ""));
    play(&mut g, &["draw"]);
    assert_eq!(
        refusal(&g, "pass"),
        "a chance step is due (the draw of a card): players move only after it (C9)"
    );
    assert_eq!(
        refusal(&g, "deal 9S"),
        "only a card of the stock can come at the draw of a card (C9)"
    );
}

#[test]
fn c11_3_refusals_while_owed_cards_are_drawn_name_c11_3() {
    let mut g = load(turn(special(), &["2H 5C 9D", "3D 4S"], "7H", 0, ""));
    play(&mut g, &["play 2H"]);
    assert_eq!(
        refusal(&g, "deal KS"),
        "cards come from the stock and the dealer is chosen only at chance steps, \
         not at a two played or the owed cards drawn (C11.3)"
    );
    play(&mut g, &["draw"]);
    for next in ["deal KS", "deal QS"] {
        assert_eq!(
            refusal(&g, "pass"),
            "a chance step is due (the draw of an owed card): players move only after it (C11.3)"
        );
        assert_eq!(
            refusal(&g, "dealer 0"),
            "the chance step due is the draw of an owed card, not that one (C11.3)"
        );
        assert_eq!(
            refusal(&g, "deal 5C"),
            "only a card of the stock can come at the draw of an owed card (C11.3)"
        );
        play(&mut g, &[next]);
    }
    assert_eq!(g.actor(), Actor::Player(Seat(0)), "the debt is drawn");
}

#[test]
fn c12_an_action_after_the_end_names_the_clause_that_ended_it() {
    let over = "the game is over: ";
    let mut g = load(turn(Rules::default(), &["5H", "6H 9S"], "4H", 0, ""));
    play(&mut g, &["play 5H"]);
    assert_eq!(
        refusal(&g, "pass"),
        format!("{over}a player played his last card (C12.1)")
    );
    let rules = Rules {
        max_turns: 1,
        ..Rules::default()
    };
    let mut g = load(turn(rules, &["5H 9S", "6H 9D"], "4H", 0, ""));
    play(&mut g, &["play 5H"]);
    assert_eq!(
        refusal(&g, "draw"),
        format!("{over}max_turns cards have been played (C12.2)")
    );
    let mut g = short_stock(Rules::default(), ["4C 5D", "6D 9S"], "4H", "");
    play(&mut g, &["pass", "pass", "pass"]);
    assert_eq!(
        refusal(&g, "deal 4C"),
        format!("{over}the stock is empty and every player passed (C12.3)")
    );
}
