//! Clauses S15–S23: who loses a round, the knocker's risk, drowning, the next
//! dealer, the end of the game and its ranking, leaving, misdeals and views. One
//! test (at least) per clause, named by its ID.

use cards_core::{Actor, CardSet, Game, NoSuchSeat, Outcome, Seat, Viewer, deck};
use schwimmen::{
    Action, AllTie, Fate, HostOp, Illegal, KnockerRisk, Phase, Rules, Schwimmen, Seen, SetupError,
};

use crate::common::*;

#[test]
fn s15_lowest_loses_ties_lose_together_30_half_by_rank() {
    let end = |hands: [&str; 3], middle: &str| {
        let g = pos(Rules::default(), &hands, middle, 0, Some(1), &[3, 3, 3]);
        play(g, &["pass"])
    };
    assert_eq!(lives(&end([H0, H1, H2], PACK)), [2, 3, 3]);
    assert_eq!(lives(&end([H0, H1, "9C 7D 8H"], PACK)), [2, 3, 2]);
    assert_eq!(
        lives(&end(["7C 7D 7H", "8C 8D 8H", "9C 9D 9H"], "TH JS QS")),
        [2, 3, 3],
        "all 30½: the lowest rank loses"
    );
    assert_eq!(
        lives(&end(["7C 7D 7H", "8C 8D 8H", "AD KD 9D"], "TH JS QS")),
        [3, 3, 2],
        "30 is below 30½"
    );
    // Every active player ties: nobody loses, the same dealer deals again.
    let g = end([H0, "9C 7D 8H", "8C 9D 7S"], "TH JH QS");
    assert_eq!(lives(&g), [3, 3, 3]);
    assert_eq!(g.dealer(), Seat(0));
    assert_eq!(end([H0, H1, H2], PACK).dealer(), Seat(1));
    // Three aces: every other active player loses one life.
    let g = pos(
        Rules::default(),
        &["AC AD 7S", H1, H2.replace("AD", "TD").as_str()],
        "AH JH QS",
        0,
        Some(1),
        &[3, 3, 3],
    );
    let g = play(g, &["swap 7S AH"]);
    assert_eq!(lives(&g), [3, 2, 2]);
}

#[test]
fn s15_1_option_all_tie_all_lose() {
    let rules = Rules {
        all_tie: AllTie::AllLose,
        ..Rules::default()
    };
    let g = pos(
        rules,
        &[H0, "9C 7D 8H", "8C 9D 7S"],
        "TH JH QS",
        0,
        Some(1),
        &[3, 3, 3],
    );
    let g = play(g, &["pass"]);
    assert_eq!(lives(&g), [2, 2, 2]);
}

#[test]
fn s16_knockers_risk_three_settings() {
    let with = |risk, hands: [&str; 3]| {
        let rules = Rules {
            knocker_risk: risk,
            ..Rules::default()
        };
        // Seat 0 knocked; seat 2 moves last.
        play(pos(rules, &hands, PACK, 2, Some(0), &[3, 3, 3]), &["pass"])
    };
    let lowest_knocker = [H0, H1, H2];
    assert_eq!(lives(&with(KnockerRisk::Normal, lowest_knocker)), [2, 3, 3]);
    assert_eq!(
        lives(&with(KnockerRisk::DoubleLoss, lowest_knocker)),
        [1, 3, 3]
    );
    let tie = [H0, H1, "9C 7D 8H"];
    assert_eq!(lives(&with(KnockerRisk::Normal, tie)), [2, 3, 2]);
    assert_eq!(lives(&with(KnockerRisk::LosesTies, tie)), [2, 3, 3]);
    assert_eq!(lives(&with(KnockerRisk::DoubleLoss, tie)), [1, 3, 2]);
    // Everybody ties: under LosesTies the knocker still loses alone, and the
    // deal passes on; the other settings leave S15's full tie alone.
    let all = [H0, "9C 7D 8H", "8C 9D 7H"];
    let g = with(KnockerRisk::LosesTies, all);
    assert_eq!((lives(&g), g.dealer()), (vec![2, 3, 3], Seat(1)));
    for risk in [KnockerRisk::Normal, KnockerRisk::DoubleLoss] {
        let g = with(risk, all);
        assert_eq!(
            (lives(&g), g.dealer()),
            (vec![3, 3, 3], Seat(0)),
            "{risk:?}"
        );
    }
    // Not the knocker lowest: no change.
    let other = ["KD QD 7C", H1, "9C 7D 8H"];
    assert_eq!(lives(&with(KnockerRisk::DoubleLoss, other)), [3, 3, 2]);
    // Three aces end a knocked round: the knocker loses one life like everyone else.
    let rules = Rules {
        knocker_risk: KnockerRisk::DoubleLoss,
        ..Rules::default()
    };
    let g = pos(
        rules,
        &[H0, H1, "AC AH 9C"],
        "AD JH QS",
        2,
        Some(0),
        &[3, 3, 3],
    );
    let g = play(g, &["swap 9C AD"]);
    assert_eq!(lives(&g), [2, 2, 3]);
}

#[test]
fn s17_drowning_guard_when_all_would_drown() {
    let rules = Rules {
        all_tie: AllTie::AllLose,
        ..Rules::default()
    };
    let g = pos(
        rules,
        &[H0, "9C 7D 8H", "8C 9D 7S"],
        "TH JH QS",
        0,
        Some(1),
        &[0, 0, 0],
    );
    let g = play(g, &["pass"]);
    assert!((0..3).all(|s| g.is_active(Seat(s))));
    assert_eq!(g.dealer(), Seat(0), "the same dealer deals again");
    assert_eq!(g.phase(), Phase::Deal);
    // If some would survive, the losses stand.
    let g = pos(
        rules,
        &[H0, "9C 7D 8H", "8C 9D 7S"],
        "TH JH QS",
        0,
        Some(1),
        &[0, 1, 0],
    );
    let g = play(g, &["pass"]);
    assert_eq!(g.phase(), Phase::Over);
    assert_eq!(g.outcome().unwrap().places(), [2, 1, 2]);
}

#[test]
fn s18_the_deal_passes_on_and_the_first_dealer_is_a_rule() {
    let g = play(
        kept3(),
        &["pass", "pass", "swap 9S TH", "knock", "pass", "pass"],
    );
    assert_eq!(g.dealer(), Seat(1));
    assert_eq!(g.next_receiver(), Some((Seat(2), false)));
    let rules = Rules {
        first_dealer: 2,
        ..Rules::default()
    };
    assert_eq!(Schwimmen::new(rules, 3).unwrap().dealer(), Seat(2));
    assert_eq!(
        Schwimmen::new(rules, 2).unwrap_err(),
        SetupError::FirstDealer(2u8.into())
    );
}

#[test]
fn s18_1_next_dealer_after_a_drowned_dealer() {
    // Four seats, seat 2 out; dealer seat 1 drowns: seat 3 deals next.
    let mut s = setup(
        Rules::default(),
        &["KD QD 7H", H0, "", H2],
        PACK,
        3,
        Some(0),
        &[3, 0, 0, 3],
    );
    s.fates[2] = Fate::Drowned(0);
    s.round = 1;
    s.dealer = Seat(1);
    let g = Schwimmen::from_setup(&s).unwrap();
    let g = play(g, &["pass"]);
    assert_eq!(
        g.fate(Seat(1)).expect("a seat at the table"),
        Fate::Drowned(1)
    );
    assert_eq!(g.dealer(), Seat(3));
    // The dealer left mid-round and then everyone ties: the next player after his seat deals.
    let g = pos(
        Rules::default(),
        &[H0, "9C 7D 8H", "8C 9D 7S"],
        "TH JH QS",
        1,
        Some(2),
        &[3, 3, 3],
    );
    let g = g.host(&HostOp::Leave(Seat(0))).unwrap();
    let g = play(g, &["pass"]);
    assert_eq!(g.round(), 1);
    assert_eq!(g.dealer(), Seat(1));
    assert_eq!(g.next_receiver(), Some((Seat(2), false)));
}

#[test]
fn s19_the_last_active_player_wins() {
    let g = pos(Rules::default(), &[H1, H0], PACK, 1, Some(0), &[1, 0]);
    let g = play(g, &["pass"]);
    assert_eq!(g.phase(), Phase::Over);
    assert_eq!(g.actor(), Actor::Terminal);
    assert_eq!(g.outcome().unwrap().places(), [1, 2]);
    assert!(legal(&g).is_empty());
    assert_eq!(g.apply(&Action::Pass), Err(Illegal::GameOver));
}

#[test]
fn s19_1_round_limit_ranks_by_lives() {
    // Lives were lost, so this is round 1 at least (S3): the limit ends round 2.
    let rules = Rules {
        round_limit: 2,
        ..Rules::default()
    };
    let g = pos(rules, &[H0, H1, H2], PACK, 0, Some(1), &[3, 3, 1]);
    let g = play(g, &["pass"]);
    assert_eq!(g.phase(), Phase::Over);
    // Seat 0 lost one (2 left), seat 1 has 3, seat 2 has 1.
    assert_eq!(g.outcome().unwrap().places(), [2, 1, 3]);
    assert_eq!(Rules::default().round_limit, 1000);
}

#[test]
fn s20_ranking_later_drowning_ranks_better_same_round_shares() {
    let mut s = setup(
        Rules::default(),
        &["KD QD 7H", H0, "9C 7D 8H", ""],
        PACK,
        0,
        Some(0),
        &[3, 0, 0, 0],
    );
    s.fates[3] = Fate::Drowned(0);
    s.round = 1;
    s.knocker = None;
    let g = Schwimmen::from_setup(&s).unwrap();
    // Seats 1 and 2 tie lowest (9), both swimming: they drown together.
    let g = play(g, &["knock"]);
    let g = play(g, &["pass", "pass"]);
    let o = g.outcome().unwrap();
    assert_eq!(o.places(), [1, 2, 2, 4]);
    assert_eq!(schwimmen::settlement(&o), [1, 2, 2, 4]);
}

#[test]
fn s21_leaving_is_a_host_operation_and_ranks_last() {
    let g = kept3();
    assert!(legal(&g).iter().all(|m| !m.starts_with("leave")));
    let g = g.host(&HostOp::Leave(Seat(2))).unwrap();
    assert_eq!(g.fate(Seat(2)).expect("a seat at the table"), Fate::Left(1));
    assert_eq!(
        g.host(&HostOp::Leave(Seat(2))),
        Err(Illegal::AlreadyOut(Seat(2)))
    );
    assert_eq!(
        g.host(&HostOp::Leave(Seat(7))),
        Err(Illegal::NoSuchSeat(NoSuchSeat {
            seat: Seat(7),
            seats: 3,
            clause: "S2, S21",
        }))
    );
    let g = g.host(&HostOp::Leave(Seat(1))).unwrap();
    assert_eq!(g.phase(), Phase::Over);
    assert_eq!(
        g.outcome().unwrap().places(),
        [1, 2, 3],
        "the later leaver ranks better"
    );
    // A drowned player ranks above a leaver.
    let mut s = setup(
        Rules::default(),
        &[H0, H1, "", H2],
        PACK,
        0,
        None,
        &[3, 3, 0, 3],
    );
    s.fates[2] = Fate::Drowned(0);
    s.round = 1;
    let g = Schwimmen::from_setup(&s).unwrap();
    let g = g.host(&HostOp::Leave(Seat(1))).unwrap();
    let g = g.host(&HostOp::Leave(Seat(3))).unwrap();
    assert_eq!(g.outcome().unwrap().places(), [1, 4, 2, 3]);
    assert_eq!(g.host(&HostOp::Leave(Seat(0))), Err(Illegal::GameOver));
}

#[test]
fn s21_1_leaving_mid_round() {
    // The hand goes to the discards face down.
    let g = kept3().host(&HostOp::Leave(Seat(2))).unwrap();
    assert_eq!(g.face_down_discards(), set(H2));
    assert!(g.discards().is_empty());
    let v = g.observe(Viewer::Seat(Seat(0)));
    assert_eq!(v.face_down_discards, 3);
    // The mover leaves: the next player moves.
    let g = kept3().host(&HostOp::Leave(Seat(1))).unwrap();
    assert_eq!(g.actor(), Actor::Player(Seat(2)));
    // The knocker leaves: the round ends when the turn would reach his seat.
    let g = play(kept3(), &["pass", "pass", "swap 9S TH", "knock", "pass"]);
    let g = g.host(&HostOp::Leave(Seat(1))).unwrap();
    assert_eq!(g.round(), 0);
    let g = play(g, &["pass"]);
    assert_eq!(g.round(), 1);
    assert_eq!(lives(&g), [2, 3, 3], "7C 8D TH (10) is below AD 8H 9C (11)");
    // The dealer leaves before his choice: the deal is void, the next player deals.
    let g = base3(Rules::default())
        .host(&HostOp::Leave(Seat(0)))
        .unwrap();
    assert_eq!(g.phase(), Phase::Deal);
    assert_eq!(g.dealer(), Seat(1));
    assert_eq!(lives(&g), [3, 3, 3]);
    // Pass counts use the players still in: two passed, the third leaves: refresh now.
    let g = play(kept3(), &["pass", "pass"])
        .host(&HostOp::Leave(Seat(0)))
        .unwrap();
    assert_eq!(g.phase(), Phase::Refill);
    // S11 counts the players still in: with the dealer gone, the opener may knock.
    let g = play(kept3(), &["pass", "swap 9C TH"]);
    assert!(!g.may_knock());
    let g = g.host(&HostOp::Leave(Seat(0))).unwrap();
    assert_eq!(g.actor(), Actor::Player(Seat(1)));
    assert!(g.may_knock());
    // One player left: the game ends without scoring the round.
    let g = play(dealt(Rules::default(), &[H0, H1], PACK), &["keep"]);
    let g = g.host(&HostOp::Leave(Seat(1))).unwrap();
    assert_eq!(g.phase(), Phase::Over);
    assert_eq!(g.lives(Seat(0)).expect("a seat at the table"), 3);
    assert_eq!(g.outcome().unwrap().places(), [1, 2]);
}

#[test]
fn s22_misdeal_costs_the_dealer_a_life_and_is_dealt_again() {
    let fresh = Schwimmen::new(Rules::default(), 3).unwrap();
    assert_eq!(fresh.host(&HostOp::Misdeal), Err(Illegal::NoMisdealNow));
    let one = fresh.apply(&Action::Deal(card("AS"))).unwrap();
    let g = one.host(&HostOp::Misdeal).unwrap();
    assert_eq!(lives(&g), [2, 3, 3]);
    assert_eq!(g.dealer(), Seat(0));
    assert_eq!(g.stock(), deck::CARDS_32);
    assert_eq!(g.phase(), Phase::Deal);
    // The deal has begun even when the one card dealt went to a player who
    // has left since (S21.1: his cards lie face down, not in the stock).
    let left = one.host(&HostOp::Leave(Seat(1))).unwrap();
    assert!(left.host(&HostOp::Misdeal).is_ok());
    // Also at the dealer's choice, but not after it.
    assert!(base3(Rules::default()).host(&HostOp::Misdeal).is_ok());
    assert_eq!(kept3().host(&HostOp::Misdeal), Err(Illegal::NoMisdealNow));
    // A swimming dealer drowns; the next player deals.
    let mut s = base3(Rules::default()).to_setup();
    s.lives = vec![0, 3, 3];
    s.round = 1; // lives are lost only at a round's end (S3)
    let g = Schwimmen::from_setup(&s)
        .unwrap()
        .host(&HostOp::Misdeal)
        .unwrap();
    assert_eq!(
        g.fate(Seat(0)).expect("a seat at the table"),
        Fate::Drowned(1)
    );
    assert_eq!(g.dealer(), Seat(1));
}

#[test]
fn s23_views_hold_only_what_a_seat_may_see() {
    let g = kept3();
    let v = g.observe(Viewer::Seat(Seat(2)));
    assert_eq!(v.hand, set(H2));
    assert_eq!(v.hand_sizes.as_slice(), [3, 3, 3]);
    assert_eq!(v.middle, set(PACK));
    assert_eq!(usize::from(v.stock), g.stock().len());
    assert_eq!(g.observe(Viewer::Spectator).hand, CardSet::EMPTY);
    // The second pack is unseen by everyone, the dealer included, until it is turned.
    let c = base3(Rules::default());
    let dealer = c.observe(Viewer::Seat(Seat(0)));
    assert_eq!(dealer.hand, set(H0));
    assert_eq!(dealer.second_pack, 3);
    // Deal events: the receiver sees his card, others only that a card was dealt.
    let g = Schwimmen::new(Rules::default(), 3).unwrap();
    let a = Action::Deal(card("QH"));
    let mine = g.event(&a, Viewer::Seat(Seat(1))).unwrap();
    let theirs = g.event(&a, Viewer::Seat(Seat(2))).unwrap();
    assert!(matches!(mine.seen, Seen::Dealt { card: Some(_), .. }));
    assert!(matches!(theirs.seen, Seen::Dealt { card: None, .. }));
    assert_eq!(theirs.to_string(), "seat 1 is dealt a card");
    assert!(!theirs.to_string().contains("QH"));
    // At a round end every active hand is shown to all.
    let g = play(kept3(), &["pass", "pass", "swap 9S TH", "knock", "pass"]);
    let e = g.event(&Action::Pass, Viewer::Seat(Seat(2))).unwrap();
    let end = e.round_end.clone().unwrap();
    assert_eq!(end.shown[Seat(1)], set(H1));
    assert!(e.to_string().contains("loses a life"), "{e}");
    let after = play(g, &["pass"]);
    let last = after
        .observe(Viewer::Spectator)
        .last_round
        .expect("a scored round");
    assert_eq!(last.shown[Seat(1)], set(H1));
    assert_eq!(Some(last), after.last_round());
}

#[cfg(feature = "serde")]
#[test]
fn s23_view_json_has_no_card_of_another_hand() {
    let g = kept3();
    for seat in 0..3u8 {
        let json = serde_json::to_string(&g.observe(Viewer::Seat(Seat(seat)))).unwrap();
        for other in (0..3u8).filter(|&o| o != seat) {
            for c in g.hand(Seat(other)).expect("a seat at the table") {
                assert!(
                    !json.contains(&format!("\"{c}\"")),
                    "seat {seat} sees {c}: {json}"
                );
            }
        }
        for c in g.stock() {
            assert!(!json.contains(&format!("\"{c}\"")));
        }
    }
    // The dealer's second pack never shows before it is turned.
    let c = base3(Rules::default());
    let json = serde_json::to_string(&c.observe(Viewer::Seat(Seat(0)))).unwrap();
    for card in c.second_pack() {
        assert!(!json.contains(&format!("\"{card}\"")));
    }
}

#[test]
fn s23_1_a_view_carries_phase_knock_state_and_the_first_pack() {
    let c = base3(Rules::default());
    let v = c.observe(Viewer::Seat(Seat(0)));
    assert_eq!(v.phase, Phase::DealerChoice);
    let mut out = Vec::new();
    v.legal_actions(&mut out);
    assert_eq!(out, [Action::Keep, Action::TakeOther]);
    let g = play(kept3(), &["pass", "pass", "swap 9S TH"]);
    let v = g.observe(Viewer::Seat(Seat(1)));
    assert!(v.may_knock);
    v.legal_actions(&mut out);
    let mut from_state = Vec::new();
    g.legal_actions(&mut from_state);
    assert_eq!(out, from_state);
    let g = play(g, &["knock"]);
    let v = g.observe(Viewer::Seat(Seat(2)));
    assert_eq!(v.knocker, Some(Seat(1)));
    assert!(!v.may_knock);
    // Another seat's view lists nothing.
    g.observe(Viewer::Seat(Seat(0))).legal_actions(&mut out);
    assert!(out.is_empty());
    let _ = Outcome::from_places(&[1, 2]);
}
