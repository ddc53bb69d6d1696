//! Integration tests of cards-core: card text, `CardSet` against a model,
//! sampling, and every generic tool and conformance check run on a toy game.

#[path = "core/toy.rs"]
mod toy;

use std::collections::BTreeSet;

use cards_core::chance::{below, pick_weighted};
use cards_core::conformance::{
    check_choices, check_determinize, check_encoding, check_encoding_along_log,
    check_encoding_along_random_game, check_id_spaces, check_sampler, check_state, check_walk,
    check_walk_with_host,
};
use cards_core::{
    Actor, Bot, Card, CardSet, ChaCha8Rng, Game, Ismcts, Pimc, RandomBot, Rank, ReplayError, Rng,
    SearchBudget, SeedableRng, Step, Suit, Table, TableError, Viewer, perft, random_playout,
    replay,
};
use proptest::prelude::*;
use toy::{Bug, Leave, Toy, ToyAction, ToyRules};

fn any_card() -> impl Strategy<Value = Card> {
    (0usize..52).prop_map(|i| Card::from_index(i).unwrap())
}

fn toy(seats: usize, bug: Bug) -> Toy {
    Toy::new(
        ToyRules {
            bug,
            ..ToyRules::plain()
        },
        seats,
    )
    .unwrap()
}

/// Every action of the toy, for nonsense checks.
fn every_action() -> Vec<ToyAction> {
    let mut v: Vec<ToyAction> = (0..52)
        .map(|i| ToyAction::Deal(Card::from_index(i).unwrap()))
        .collect();
    v.extend([ToyAction::Draw, ToyAction::Stand]);
    v
}

// ---- card text -------------------------------------------------------------

proptest! {
    #[test]
    fn card_text_round_trips_in_every_spelling(c in any_card(), lower in any::<bool>(), symbol in any::<bool>(), ten_as_10 in any::<bool>()) {
        let rank = if ten_as_10 && c.rank() == Rank::Ten { "10".to_string() } else { c.rank().letter().to_string() };
        let suit = if symbol { c.suit().symbol() } else { c.suit().letter() };
        let mut text = format!("{rank}{suit}");
        if lower { text = text.to_lowercase(); }
        prop_assert_eq!(text.parse::<Card>(), Ok(c));
        prop_assert_eq!(c.to_string().parse::<Card>(), Ok(c));
    }

    #[test]
    fn card_parser_never_panics(s in "\\PC{0,4}") {
        let _ = s.parse::<Card>();
        let _ = s.parse::<CardSet>();
    }

    #[test]
    fn card_set_text_round_trips(bits in any::<u64>()) {
        let set = CardSet::from_bits(bits);
        prop_assert_eq!(set.to_string().parse::<CardSet>(), Ok(set));
    }
}

// ---- CardSet against a BTreeSet model --------------------------------------

#[derive(Clone, Debug)]
enum SetOp {
    Insert(Card),
    Remove(Card),
    Union(Vec<Card>),
    Intersect(Vec<Card>),
    Difference(Vec<Card>),
}

fn any_op() -> impl Strategy<Value = SetOp> {
    let cards = || prop::collection::vec(any_card(), 0..20);
    prop_oneof![
        any_card().prop_map(SetOp::Insert),
        any_card().prop_map(SetOp::Remove),
        cards().prop_map(SetOp::Union),
        cards().prop_map(SetOp::Intersect),
        cards().prop_map(SetOp::Difference),
    ]
}

proptest! {
    #[test]
    fn card_set_matches_a_btreeset(ops in prop::collection::vec(any_op(), 0..60)) {
        let mut set = CardSet::EMPTY;
        let mut model = BTreeSet::new();
        for op in ops {
            match op {
                SetOp::Insert(c) => prop_assert_eq!(set.insert(c), model.insert(c)),
                SetOp::Remove(c) => prop_assert_eq!(set.remove(c), model.remove(&c)),
                SetOp::Union(cs) => { set |= cs.iter().copied().collect(); model.extend(cs); }
                SetOp::Intersect(cs) => {
                    let other: BTreeSet<Card> = cs.iter().copied().collect();
                    set = set.intersection(cs.into_iter().collect());
                    model = model.intersection(&other).copied().collect();
                }
                SetOp::Difference(cs) => {
                    let other: BTreeSet<Card> = cs.iter().copied().collect();
                    set = set.difference(cs.into_iter().collect());
                    model = model.difference(&other).copied().collect();
                }
            }
            prop_assert_eq!(set.len(), model.len());
            prop_assert_eq!(set.iter().collect::<Vec<_>>(), model.iter().copied().collect::<Vec<_>>());
            for (k, c) in model.iter().enumerate() {
                prop_assert_eq!(set.nth(k), Some(*c));
            }
            for s in Suit::ALL {
                prop_assert_eq!(set.of_suit(s).len(), model.iter().filter(|c| c.suit() == s).count());
            }
            for r in Rank::ALL {
                prop_assert_eq!(set.of_rank(r).len(), model.iter().filter(|c| c.rank() == r).count());
            }
            prop_assert_eq!(set.first(), model.first().copied());
            prop_assert_eq!(set.last(), model.last().copied());
        }
    }
}

// ---- sampling --------------------------------------------------------------

#[test]
fn below_is_uniform_over_small_ranges() {
    // 60,000 draws over 6 values, fixed seed: each count within 4% of 10,000.
    // The seed is fixed, so this cannot flake; the bound is far outside what a
    // biased sampler (e.g. plain modulo of a short range) would hit.
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let mut counts = [0u32; 6];
    for _ in 0..60_000 {
        counts[below(&mut rng, 6) as usize] += 1;
    }
    assert!(
        counts.iter().all(|&c| (9_600..=10_400).contains(&c)),
        "{counts:?}"
    );
}

#[test]
fn pick_weighted_follows_its_weights() {
    let weights = [1u32, 0, 3, 6];
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let mut counts = [0u32; 4];
    for _ in 0..100_000 {
        counts[pick_weighted(&mut rng, weights).unwrap()] += 1;
    }
    assert_eq!(counts[1], 0);
    for (i, &w) in weights.iter().enumerate() {
        let expected = 10_000 * w;
        assert!(counts[i].abs_diff(expected) <= expected / 20, "{counts:?}");
    }
}

#[test]
fn sampling_consumes_one_draw_per_pick_when_nothing_is_rejected() {
    // pick_weighted over a total of 10 makes exactly one below() call; the next
    // next_u64 of both RNGs must then agree.
    let mut a = ChaCha8Rng::seed_from_u64(3);
    let mut b = ChaCha8Rng::seed_from_u64(3);
    let i = pick_weighted(&mut a, [4u32, 6]).unwrap();
    let r = below(&mut b, 10);
    assert_eq!(i, usize::from(r >= 4));
    assert_eq!(a.next_u64(), b.next_u64());
}

// ---- the Table driver and the log -------------------------------------------

#[test]
fn a_seeded_game_is_pinned() {
    let mut table = Table::<Toy>::new(ToyRules::plain(), 2, 7).unwrap();
    let mut bots: Vec<Box<dyn Bot<Toy>>> = vec![Box::new(RandomBot), Box::new(RandomBot)];
    let outcome = table
        .play_bots(&mut bots, 100)
        .unwrap()
        .expect("the toy ends");
    let log: Vec<String> = table.log().iter().map(ToString::to_string).collect();
    assert_eq!(
        log.join(" | "),
        "chance: deal 3C | chance: deal 4C | seat 0: stand | seat 1: draw | chance: deal 4H | seat 1: stand",
    );
    assert_eq!(outcome.to_string(), "2 1", "seat 1 has 4 + 4 against 3");
}

#[test]
fn same_seed_same_game_other_seed_other_game() {
    let play = |seed| {
        let mut t = Table::<Toy>::new(ToyRules::plain(), 3, seed).unwrap();
        let mut bots: Vec<Box<dyn Bot<Toy>>> = (0..3)
            .map(|_| Box::new(RandomBot) as Box<dyn Bot<Toy>>)
            .collect();
        t.play_bots(&mut bots, 100).unwrap();
        t.log().to_vec()
    };
    assert_eq!(play(1), play(1));
    assert!((2..10).any(|s| play(s) != play(1)));
}

/// Picks like [`RandomBot`] but only through `choose`, so the table builds
/// its view: the slow path the two fast ones must match.
struct RandomWithView;
impl Bot<Toy> for RandomWithView {
    fn choose(&mut self, view: &toy::ToyView, legal: &[ToyAction], rng: &mut dyn Rng) -> ToyAction {
        assert!(view.me.is_some(), "a seat's view");
        Bot::<Toy>::choose(&mut RandomBot, view, legal, rng)
    }
}

/// Picks like [`RandomBot`] through `choose_without_view`, without declaring
/// itself uniform: the table asks it through the trait object.
struct RandomViewFree;
impl Bot<Toy> for RandomViewFree {
    fn choose(&mut self, _: &toy::ToyView, _: &[ToyAction], _: &mut dyn Rng) -> ToyAction {
        panic!("the table takes the view-free path first")
    }
    fn choose_without_view(&mut self, legal: &[ToyAction], rng: &mut dyn Rng) -> Option<ToyAction> {
        Bot::<Toy>::choose_without_view(&mut RandomBot, legal, rng)
    }
}

#[test]
fn uniform_view_free_and_view_reading_random_bots_play_the_same_games() {
    assert!(Bot::<Toy>::is_uniform_random(&RandomBot));
    assert!(!Bot::<Toy>::is_uniform_random(&RandomViewFree));
    assert!(!Bot::<Toy>::is_uniform_random(&RandomWithView));
    // Kind k at seat s: every path alone, and mixed tables, where the table
    // draws for the uniform seats only.
    let tables: [[u8; 3]; 5] = [[0, 0, 0], [1, 1, 1], [2, 2, 2], [0, 1, 2], [2, 0, 1]];
    for seed in 0..50 {
        let logs: Vec<_> = tables
            .iter()
            .map(|kinds| {
                let mut bots: Vec<Box<dyn Bot<Toy>>> = kinds
                    .iter()
                    .map(|k| match k {
                        0 => Box::new(RandomBot) as Box<dyn Bot<Toy>>,
                        1 => Box::new(RandomViewFree),
                        _ => Box::new(RandomWithView),
                    })
                    .collect();
                let mut t = Table::<Toy>::new(ToyRules::plain(), 3, seed).unwrap();
                t.play_bots(&mut bots, 100).unwrap();
                t.log().to_vec()
            })
            .collect();
        for (kinds, log) in tables.iter().zip(&logs) {
            assert_eq!(log, &logs[0], "seed {seed}, bots {kinds:?}");
        }
    }
}

#[test]
fn a_restarted_table_is_the_table_a_new_one_would_be() {
    let mut bots: Vec<Box<dyn Bot<Toy>>> = (0..3)
        .map(|_| Box::new(RandomBot) as Box<dyn Bot<Toy>>)
        .collect();
    let mut reused = Table::<Toy>::new(ToyRules::plain(), 3, 0).unwrap();
    for seed in 0..30 {
        // Two or three seats, so the start differs from the last game's.
        let seats = 2 + seed as usize % 2;
        let mut fresh = Table::<Toy>::new(ToyRules::plain(), seats, seed).unwrap();
        reused.restart(Toy::new(ToyRules::plain(), seats).unwrap(), seed);
        assert_eq!(reused.start(), fresh.start(), "seed {seed}");
        assert_eq!(reused.log(), fresh.log(), "seed {seed}: the deal");
        let a = reused.play_bots(&mut bots, 100).unwrap();
        let b = fresh.play_bots(&mut bots, 100).unwrap();
        assert_eq!((a, reused.log()), (b, fresh.log()), "seed {seed}");
        assert_eq!(
            replay(reused.start(), reused.log()).as_ref(),
            Ok(reused.state())
        );
    }
}

#[test]
fn the_log_replays_with_host_operations() {
    let mut t = Table::<Toy>::new(ToyRules::plain(), 3, 9).unwrap();
    assert!(
        matches!(t.actor(), Actor::Player(_)),
        "the table resolves the deal"
    );
    t.play(&ToyAction::Draw).unwrap();
    t.host(&Leave(cards_core::Seat(2))).unwrap();
    assert!(
        t.host(&Leave(cards_core::Seat(2))).is_err(),
        "cannot leave twice"
    );
    let before = t.state().clone();
    assert!(
        t.play(&ToyAction::Deal(Card::new(Rank::Ace, Suit::Spades)))
            .is_err()
    );
    assert_eq!(t.state(), &before, "a refused play changes nothing");
    assert!(t.log().iter().any(|s| matches!(s, Step::Host(_))));
    assert_eq!(replay(t.start(), t.log()).as_ref(), Ok(t.state()));
}

#[test]
fn events_since_show_each_seat_only_its_own_cards() {
    let t = Table::<Toy>::new(ToyRules::plain(), 2, 7).unwrap();
    // The deal: chance gave seat 0 the 3C and seat 1 the 4C.
    let seat0 = t.events_since(Viewer::Seat(cards_core::Seat(0)), 0);
    let seat1 = t.events_since(Viewer::Seat(cards_core::Seat(1)), 0);
    let crowd = t.events_since(Viewer::Spectator, 1);
    assert_eq!(seat0, ["you were dealt 3C", "seat 1 was dealt a card"]);
    assert_eq!(seat1, ["seat 0 was dealt a card", "you were dealt 4C"]);
    assert_eq!(crowd, ["seat 1 was dealt a card"]);
}

#[test]
fn play_as_refuses_a_seat_that_is_not_to_act_and_changes_nothing() {
    let mut t = Table::<Toy>::new(ToyRules::plain(), 2, 7).unwrap();
    assert_eq!(t.to_act(), Some(cards_core::Seat(0)));
    let before = t.state().clone();
    let err = t
        .play_as(cards_core::Seat(1), &ToyAction::Stand)
        .unwrap_err();
    assert_eq!(
        err,
        TableError::NotYourTurn {
            seat: cards_core::Seat(1),
            to_act: Some(cards_core::Seat(0))
        }
    );
    assert_eq!(
        err.to_string(),
        "seat 1 may not act now: it is seat 0's turn"
    );
    assert_eq!(t.state(), &before);
    assert!(matches!(
        t.play_as(
            cards_core::Seat(0),
            &ToyAction::Deal(Card::new(Rank::Ace, Suit::Spades))
        ),
        Err(TableError::Illegal(_))
    ));
    t.play_as(cards_core::Seat(0), &ToyAction::Stand).unwrap();
    t.play_as(cards_core::Seat(1), &ToyAction::Stand).unwrap();
    assert_eq!(t.to_act(), None);
    assert_eq!(
        t.play_as(cards_core::Seat(0), &ToyAction::Stand)
            .unwrap_err()
            .to_string(),
        "seat 0 may not act now: the game is over"
    );
}

#[test]
fn host_as_lets_a_seat_leave_only_for_itself() {
    let mut t = Table::<Toy>::new(ToyRules::plain(), 3, 7).unwrap();
    let before = t.log().len();
    let err = t
        .host_as(cards_core::Seat(0), &Leave(cards_core::Seat(2)))
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "seat 0 may not ask for leave 2: only the host or the seat it names may"
    );
    assert_eq!(t.log().len(), before, "nothing changed");
    t.host_as(cards_core::Seat(2), &Leave(cards_core::Seat(2)))
        .unwrap();
    assert!(matches!(
        t.host_as(cards_core::Seat(2), &Leave(cards_core::Seat(2))),
        Err(TableError::Illegal(_))
    ));
}

#[test]
fn play_bots_with_too_few_bots_is_an_error_not_a_panic() {
    let mut t = Table::<Toy>::new(ToyRules::plain(), 3, 7).unwrap();
    let mut bots: Vec<Box<dyn Bot<Toy>>> = vec![Box::new(RandomBot), Box::new(RandomBot)];
    let before = t.log().len();
    assert_eq!(
        t.play_bots(&mut bots, 100),
        Err(TableError::MissingBot { bots: 2, seats: 3 })
    );
    assert_eq!(t.log().len(), before, "nothing was played");
}

#[test]
fn a_cursor_streams_each_entry_once_as_its_viewer_sees_it() {
    let mut t = Table::<Toy>::new(ToyRules::plain(), 3, 11).unwrap();
    let viewers = [
        Viewer::Seat(cards_core::Seat(0)),
        Viewer::Seat(cards_core::Seat(2)),
        Viewer::Spectator,
    ];
    let mut cursors: Vec<_> = viewers.iter().map(|&v| t.cursor(v)).collect();
    let mut streamed: Vec<Vec<String>> = vec![Vec::new(); viewers.len()];
    let mut bot_rng = ChaCha8Rng::seed_from_u64(3);
    let mut host_done = false;
    while let Some(seat) = t.to_act() {
        for (c, out) in cursors.iter_mut().zip(&mut streamed) {
            out.extend(t.events(c).iter().map(ToString::to_string));
            assert_eq!(c.position(), t.log().len());
        }
        if !host_done && seat == cards_core::Seat(1) {
            t.host(&Leave(cards_core::Seat(1))).unwrap();
            host_done = true;
            continue;
        }
        let mut legal = Vec::new();
        t.state().legal_actions(&mut legal);
        let a = Bot::<Toy>::choose(&mut RandomBot, &t.view(seat), &legal, &mut bot_rng);
        t.play_as(seat, &a).unwrap();
    }
    for ((c, out), &v) in cursors.iter_mut().zip(&mut streamed).zip(&viewers) {
        out.extend(t.events(c).iter().map(ToString::to_string));
        assert!(t.events(c).is_empty(), "nothing new after the end");
        assert_eq!(*out, t.events_since(v, 0), "{v:?}");
    }
    assert!(streamed[2].contains(&"host: leave 1".to_string()));
    assert_eq!(t.spectator_view(), t.state().observe(Viewer::Spectator));
}

#[test]
fn replay_names_the_entry_that_does_not_fit() {
    let t = Table::<Toy>::new(ToyRules::plain(), 2, 4).unwrap();
    let mut log = t.log().to_vec();
    let start = t.start().clone();
    // A player step where chance is to act.
    log.insert(0, Step::Player(cards_core::Seat(0), ToyAction::Stand));
    assert!(matches!(
        replay(&start, &log),
        Err(ReplayError::WrongActor { index: 0, .. })
    ));
    // A chance outcome that is not in the stock any more.
    let mut log = t.log().to_vec();
    log[1] = log[0].clone();
    assert!(matches!(
        replay(&start, &log),
        Err(ReplayError::Refused { index: 1, .. })
    ));
}

// ---- perft, playout, bots -----------------------------------------------------

#[test]
fn perft_counts_chance_branches() {
    let start = toy(2, Bug::None);
    // Deal to seat 0: 8 cards; to seat 1: 7; seat 0 draws or stands: 2;
    // then after a draw 6 cards can come, after a stand seat 1 has 2 choices.
    assert_eq!(perft(&start, 0), 1);
    assert_eq!(perft(&start, 1), 8);
    assert_eq!(perft(&start, 2), 8 * 7);
    assert_eq!(perft(&start, 3), 8 * 7 * 2);
    assert_eq!(perft(&start, 4), 8 * 7 * (6 + 2));
}

#[test]
fn random_playout_ends_the_game_and_stops_at_its_budget() {
    let mut rng = ChaCha8Rng::seed_from_u64(2);
    let mut s = toy(3, Bug::None);
    let steps = random_playout(&mut s, &mut rng, 1_000);
    assert_eq!(s.actor(), Actor::Terminal);
    assert!(
        steps >= 3 + 3,
        "three deals and three stands at least, took {steps}"
    );
    let mut short = toy(3, Bug::None);
    assert_eq!(random_playout(&mut short, &mut rng, 2), 2);
    assert_eq!(short.actor(), Actor::Chance);
}

/// Stands on 7 or more, else draws: a bot that reads only its view.
struct Greedy;
impl Bot<Toy> for Greedy {
    fn choose(&mut self, view: &toy::ToyView, legal: &[ToyAction], _: &mut dyn Rng) -> ToyAction {
        let me = view.me.unwrap();
        let total: u8 = view.own_hidden.map_or(0, |c| c.rank().number())
            + view.open[me].iter().map(|c| c.rank().number()).sum::<u8>();
        if total < 7 && legal.contains(&ToyAction::Draw) {
            ToyAction::Draw
        } else {
            ToyAction::Stand
        }
    }
}

#[test]
fn a_sensible_bot_beats_a_random_one() {
    let mut wins = 0;
    for seed in 0..400 {
        let mut t = Table::<Toy>::new(ToyRules::plain(), 2, seed).unwrap();
        let mut bots: Vec<Box<dyn Bot<Toy>>> = vec![Box::new(Greedy), Box::new(RandomBot)];
        let o = t.play_bots(&mut bots, 100).unwrap().unwrap();
        wins += u32::from(o.place(cards_core::Seat(0)) == 1);
    }
    assert!(wins > 240, "greedy won {wins} of 400");
}

// ---- conformance -------------------------------------------------------------

proptest! {
    #[test]
    fn toy_keeps_the_contract_on_random_walks(seed in any::<u64>(), seats in 2usize..=3) {
        let w = check_walk(&toy(seats, Bug::None), seed, 200, &every_action());
        prop_assert!(w.is_ok(), "{}", w.unwrap_err());
    }

    #[test]
    fn toy_keeps_the_contract_with_players_leaving(seed in any::<u64>()) {
        let leaves: Vec<Leave> = (0..4).map(|s| Leave(cards_core::Seat(s))).collect();
        let w = check_walk_with_host(&toy(3, Bug::None), seed, 200, &every_action(), &leaves);
        prop_assert!(w.is_ok(), "{}", w.unwrap_err());
    }

    #[test]
    fn the_default_sampler_agrees_with_the_listed_one(seed in any::<u64>(), deals in 0usize..4) {
        let mut s = toy(3, Bug::None);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        random_playout(&mut s, &mut rng, deals);
        prop_assert!(check_sampler(&s, seed).is_ok());
    }

    #[test]
    fn toy_keeps_the_contract_on_chosen_walks(choices in prop::collection::vec(any::<u32>(), 0..40)) {
        let w = check_choices(&toy(3, Bug::None), &choices, &every_action());
        prop_assert!(w.is_ok(), "{}", w.unwrap_err());
    }
}

#[test]
fn the_checks_catch_each_kind_of_fault() {
    let cases = [
        (
            Bug::LeakyView,
            "a view does not change when hidden cards are re-dealt",
        ),
        (Bug::AcceptsUnlisted, "only legal actions are accepted"),
        (Bug::PanicsOnDraw, "no panics"),
        (Bug::Duplicates, "no duplicate actions"),
        (
            Bug::RefusesFinished,
            "every reachable state saves and loads back",
        ),
    ];
    for (bug, rule) in cases {
        let found =
            (0..20).find_map(|seed| check_walk(&toy(3, bug), seed, 200, &every_action()).err());
        assert_eq!(found.map(|v| v.rule), Some(rule), "{bug:?}");
    }
}

#[test]
fn walks_with_host_operations_log_them() {
    let leaves = [Leave(cards_core::Seat(1))];
    let left = (0..50).find_map(|seed| {
        let w =
            check_walk_with_host(&toy(3, Bug::None), seed, 200, &every_action(), &leaves).unwrap();
        w.log
            .iter()
            .any(|s| matches!(s, Step::Host(_)))
            .then_some(w)
    });
    let w = left.expect("some walk makes seat 1 leave");
    assert_eq!(
        w.outcome.unwrap().place(cards_core::Seat(1)),
        3,
        "the leaver ranks last"
    );
}

#[test]
fn the_reload_check_catches_a_save_that_forgets_host_operations() {
    let leaves = [Leave(cards_core::Seat(1))];
    let found = (0..50).find_map(|seed| {
        check_walk_with_host(
            &toy(3, Bug::ForgetsOnSave),
            seed,
            200,
            &every_action(),
            &leaves,
        )
        .err()
    });
    assert_eq!(
        found.map(|v| v.rule),
        Some("a state saves and loads back equal")
    );
}

#[test]
fn check_sampler_catches_a_sampler_that_ignores_the_rng() {
    let s = toy(2, Bug::WrongSampler);
    assert!((0..10).any(|seed| check_sampler(&s, seed).is_err()));
    assert!(check_sampler(&toy(2, Bug::None), 3).is_ok());
}

#[test]
fn check_state_refuses_a_view_that_lists_actions_for_the_wrong_seat() {
    // A state where seat 0 acts: seat 1's view must list nothing.
    let mut s = toy(2, Bug::None);
    for c in ["2C", "3C"] {
        s = s.apply(&ToyAction::Deal(c.parse().unwrap())).unwrap();
    }
    assert_eq!(s.actor(), Actor::Player(cards_core::Seat(0)));
    assert!(check_state(&s, &every_action(), 1, 0).is_ok());
    let v = s.observe(Viewer::Seat(cards_core::Seat(1)));
    let mut out = vec![];
    cards_core::SeatView::legal_actions(&v, &mut out);
    assert!(out.is_empty());
}

// ---- serde -------------------------------------------------------------------

#[cfg(feature = "serde")]
#[test]
fn serde_forms_round_trip_and_refuse_tampering() {
    use cards_core::{CardMultiset, Outcome, Seat};
    let c: Card = "TS".parse().unwrap();
    assert_eq!(serde_json::to_string(&c).unwrap(), "\"TS\"");
    assert_eq!(serde_json::from_str::<Card>("\"10♠\"").unwrap(), c);
    assert!(serde_json::from_str::<Card>("\"1S\"").is_err());

    assert_eq!(serde_json::to_string(&Rank::Ten).unwrap(), "\"T\"");
    assert_eq!(serde_json::from_str::<Suit>("\"♥\"").unwrap(), Suit::Hearts);
    assert!(serde_json::from_str::<Rank>("\"TT\"").is_err());
    assert!(serde_json::from_str::<Suit>("\"X\"").is_err());

    let set: CardSet = "AH 7S 2C".parse().unwrap();
    let json = serde_json::to_string(&set).unwrap();
    assert_eq!(json, r#"["2C","AH","7S"]"#, "suits in order C D H S");
    assert_eq!(serde_json::from_str::<CardSet>(&json).unwrap(), set);
    assert!(
        serde_json::from_str::<CardSet>(r#"["2C","2C"]"#).is_err(),
        "a set cannot hold a card twice"
    );

    let multi: CardMultiset = serde_json::from_str(r#"["2C","2C","AS"]"#).unwrap();
    assert_eq!(multi.count("2C".parse().unwrap()), 2);
    assert!(serde_json::from_str::<CardMultiset>(r#"["2C","2C","2C","2C"]"#).is_err());

    let o = Outcome::from_places(&[1, 2, 2, 4]).unwrap();
    let json = serde_json::to_string(&o).unwrap();
    assert_eq!(serde_json::from_str::<Outcome>(&json).unwrap(), o);
    assert!(serde_json::from_str::<Outcome>(r#"{"places":[1,1,3,3,9]}"#).is_err());

    let step: Step<ToyActionText, String> = Step::Player(Seat(1), ToyActionText("stand".into()));
    let json = serde_json::to_string(&step).unwrap();
    assert_eq!(json, r#"{"player":[1,"stand"]}"#);
    assert_eq!(
        serde_json::from_str::<Step<ToyActionText, String>>(&json).unwrap(),
        step
    );
}

/// A stand-in action with serde, for the log's JSON form.
#[cfg(feature = "serde")]
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(transparent)]
struct ToyActionText(String);

// ---- determinization and search ------------------------------------------------

proptest! {
    #[test]
    fn toy_views_determinize_into_valid_positions_with_the_same_view(
        seed in any::<u64>(), choices in prop::collection::vec(any::<u32>(), 0..30)
    ) {
        let w = check_choices(&toy(3, Bug::None), &choices, &every_action()).unwrap();
        let checked = check_determinize(&w.end, 8, seed, choices.len());
        prop_assert!(checked.is_ok(), "{}", checked.unwrap_err());
    }
}

#[test]
fn determinizing_deals_each_unseen_card_to_each_place_evenly() {
    // Seat 0 holds 3C and sees nothing else: the other 7 cards lie one each with
    // seats 1 and 2 and five in the stock, so each card is with seat 1 one time
    // in seven.
    let mut s = toy(3, Bug::None);
    for c in ["3C", "4C", "5H"] {
        s = s.apply(&ToyAction::Deal(c.parse().unwrap())).unwrap();
    }
    let view = s.observe(Viewer::Seat(cards_core::Seat(0)));
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let n = 7_000;
    let mut with_seat_1 = std::collections::BTreeMap::<Card, u32>::new();
    for _ in 0..n {
        let d = <Toy as cards_core::Determinize>::determinize(s.rules(), &view, &mut rng).unwrap();
        assert_eq!(d.observe(Viewer::Seat(cards_core::Seat(0))), view);
        let seat1 = d
            .observe(Viewer::Seat(cards_core::Seat(1)))
            .own_hidden
            .unwrap();
        *with_seat_1.entry(seat1).or_default() += 1;
    }
    assert_eq!(with_seat_1.len(), 7, "every unseen card can be with seat 1");
    // Chi-square with 6 degrees of freedom: 22.46 is the 0.1% critical value.
    let expected = f64::from(n) / 7.0;
    let chi2: f64 = with_seat_1
        .values()
        .map(|&k| (f64::from(k) - expected).powi(2) / expected)
        .sum();
    assert!(chi2 < 22.46, "chi-square {chi2}: {with_seat_1:?}");
}

#[test]
fn ismcts_samples_by_the_opponent_model() {
    // Seat 0 holds 3C; seat 1's hidden card is one of 7 unseen, a 5 (5C or 5H)
    // 2 times in 7 when dealt uniformly. The toy's model believes seat 1 holds
    // a 5, so the searcher's samples redraw every other deal.
    let mut s = toy(2, Bug::None);
    for c in ["3C", "4C"] {
        s = s.apply(&ToyAction::Deal(c.parse().unwrap())).unwrap();
    }
    let view = s.observe(Viewer::Seat(cards_core::Seat(0)));
    let fives = |believe_fives: bool| {
        let rules = ToyRules {
            believe_fives,
            ..ToyRules::plain()
        };
        let bot = Ismcts::<Toy>::new(rules, SearchBudget::iterations(1));
        let mut rng = ChaCha8Rng::seed_from_u64(9);
        (0..700)
            .filter(|_| {
                let d = bot.sample(&view, &mut rng).unwrap();
                assert_eq!(d.observe(Viewer::Seat(cards_core::Seat(0))), view);
                let c = d.observe(Viewer::Seat(cards_core::Seat(1))).own_hidden;
                c.unwrap().rank() == Rank::Five
            })
            .count()
    };
    // Uniform: 200 expected, 700 × (5/7)^16 ≈ 3 samples keep a non-5 after
    // 16 draws with the model.
    assert!((150..250).contains(&fives(false)), "{}", fives(false));
    assert!(fives(true) >= 690, "{}", fives(true));
}

#[test]
fn ismcts_leaves_modelled_opponents_out_of_its_tree() {
    // Seat 0 to act after the deal of a 2-seat toy: without the model the tree
    // holds seat 1's decisions too; with it, seat 1 acts by playout and the
    // tree branches on seat 0's decisions only.
    let mut s = toy(2, Bug::None);
    for c in ["3C", "4C"] {
        s = s.apply(&ToyAction::Deal(c.parse().unwrap())).unwrap();
    }
    let me = cards_core::Seat(0);
    let view = s.observe(Viewer::Seat(me));
    let mut legal = Vec::new();
    s.legal_actions(&mut legal);
    let nodes = |model_opponents: bool| {
        let rules = ToyRules {
            model_opponents,
            ..ToyRules::plain()
        };
        let mut bot = Ismcts::<Toy>::new(rules, SearchBudget::iterations(400));
        let counts = bot.search(&view, &legal, &mut ChaCha8Rng::seed_from_u64(2));
        assert_eq!(counts.iter().map(|(_, v)| v).sum::<u32>(), 400);
        (bot.nodes_of(me), bot.nodes_of(cards_core::Seat(1)))
    };
    let (mine, theirs) = nodes(false);
    assert!(mine > 0 && theirs > 0, "{mine} {theirs}");
    let (mine, theirs) = nodes(true);
    assert!(mine > 2 && theirs == 0, "{mine} {theirs}");
}

#[test]
fn a_spectator_view_does_not_determinize() {
    let s = Table::<Toy>::new(ToyRules::plain(), 2, 3).unwrap();
    let view = s.spectator_view();
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    assert!(
        <Toy as cards_core::Determinize>::determinize(s.state().rules(), &view, &mut rng).is_err()
    );
}

#[test]
fn ismcts_is_deterministic_for_a_seed() {
    let t = Table::<Toy>::new(ToyRules::plain(), 3, 21).unwrap();
    let seat = t.to_act().unwrap();
    let mut legal = Vec::new();
    t.state().legal_actions(&mut legal);
    let search = |seed| {
        let mut bot = Ismcts::<Toy>::new(ToyRules::plain(), SearchBudget::iterations(300));
        bot.search(&t.view(seat), &legal, &mut ChaCha8Rng::seed_from_u64(seed))
    };
    assert_eq!(search(4), search(4));
    let visits: u32 = search(4).iter().map(|(_, v)| v).sum();
    assert_eq!(visits, 300, "every iteration visits one root action");
}

#[test]
fn ismcts_stands_on_a_sure_win_and_draws_when_standing_loses() {
    // Seat 0 holds 5H, seat 1 holds 2C; two open cards at most. Seat 0 moves first.
    let deal = |cards: [&str; 2]| {
        let mut s = toy(2, Bug::None);
        for c in cards {
            s = s.apply(&ToyAction::Deal(c.parse().unwrap())).unwrap();
        }
        s
    };
    let choose = |s: &Toy, seed| {
        let seat = match s.actor() {
            Actor::Player(p) => p,
            a => panic!("{a:?}"),
        };
        let mut legal = Vec::new();
        s.legal_actions(&mut legal);
        let mut bot = Ismcts::<Toy>::new(ToyRules::plain(), SearchBudget::iterations(2_000));
        bot.choose(
            &s.observe(Viewer::Seat(seat)),
            &legal,
            &mut ChaCha8Rng::seed_from_u64(seed),
        )
    };
    // Seat 1 with 2C after seat 0 stood on 5H: standing loses for sure, drawing
    // (any card is 2 or more) ties or wins.
    let mut s = deal(["5H", "2C"]);
    s = s.apply(&ToyAction::Stand).unwrap();
    for seed in 0..5 {
        assert_eq!(choose(&s, seed), ToyAction::Draw, "seed {seed}");
    }
}

#[test]
fn ismcts_and_pimc_beat_random_play() {
    let mut wins = [0u32; 2];
    let games = 150;
    for seed in 0..games {
        for (k, wins) in wins.iter_mut().enumerate() {
            let mut t = Table::<Toy>::new(ToyRules::plain(), 2, seed).unwrap();
            let searcher: Box<dyn Bot<Toy>> = if k == 0 {
                Box::new(Ismcts::<Toy>::new(
                    ToyRules::plain(),
                    SearchBudget::iterations(200),
                ))
            } else {
                Box::new(Pimc::<Toy>::new(ToyRules::plain(), 10, 4))
            };
            let mut bots: Vec<Box<dyn Bot<Toy>>> = vec![searcher, Box::new(RandomBot)];
            let o = t.play_bots(&mut bots, 100).unwrap().unwrap();
            *wins +=
                u32::from(o.place(cards_core::Seat(0)) == 1 && o.place(cards_core::Seat(1)) == 2);
        }
    }
    // The greedy bot above wins 60 % of its games; search should do better.
    assert!(
        wins[0] * 100 > games as u32 * 62,
        "ISMCTS won {} of {games}",
        wins[0]
    );
    assert!(
        wins[1] * 100 > games as u32 * 62,
        "PIMC won {} of {games}",
        wins[1]
    );
}

impl cards_core::Opponents for Toy {
    fn heuristic(_: &ToyRules) -> Box<dyn Bot<Toy>> {
        Box::new(Greedy)
    }
}

#[test]
fn every_difficulty_plays_whole_games_and_hard_beats_easy() {
    let mut hard_wins = 0;
    for seed in 0..100 {
        for level in cards_core::Difficulty::ALL {
            let mut t = Table::<Toy>::new(ToyRules::plain(), 2, seed).unwrap();
            let mut bots = vec![
                level.bot::<Toy>(&ToyRules::plain()),
                Box::new(RandomBot) as Box<dyn Bot<Toy>>,
            ];
            assert!(t.play_bots(&mut bots, 100).unwrap().is_some(), "{level}");
        }
        let mut t = Table::<Toy>::new(ToyRules::plain(), 2, seed).unwrap();
        let mut bots = vec![
            cards_core::Difficulty::Hard.bot::<Toy>(&ToyRules::plain()),
            cards_core::Difficulty::Easy.bot::<Toy>(&ToyRules::plain()),
        ];
        let o = t.play_bots(&mut bots, 100).unwrap().unwrap();
        hard_wins += u32::from(o.place(cards_core::Seat(0)) < o.place(cards_core::Seat(1)));
    }
    assert!(hard_wins > 50, "hard won {hard_wins} of 100 against easy");
}

proptest! {
    #[test]
    fn toy_encodings_keep_their_promises_along_walks(
        seed in any::<u64>(), choices in prop::collection::vec(any::<u32>(), 0..30)
    ) {
        let mut g = toy(3, Bug::None);
        for (i, c) in choices.iter().enumerate() {
            let checked = check_encoding(&g, seed, i);
            prop_assert!(checked.is_ok(), "{}", checked.unwrap_err());
            let mut legal = Vec::new();
            g.legal_actions(&mut legal);
            if legal.is_empty() {
                break;
            }
            g = g.apply(&legal[*c as usize % legal.len()]).unwrap();
        }
    }
}

#[test]
fn the_encoding_checks_pass_along_games_logs_and_whole_id_spaces() {
    for seats in 2..=3 {
        assert_eq!(check_id_spaces::<Toy>(&ToyRules::plain(), seats), Ok(()));
        for seed in 0..20 {
            let start = toy(seats, Bug::None);
            let steps = check_encoding_along_random_game(&start, seed, 100);
            assert!(steps.as_ref().is_ok_and(|&n| n >= seats), "{steps:?}");
            let leaves: Vec<Leave> = (0..seats)
                .map(|s| Leave(cards_core::Seat(s as u8)))
                .collect();
            let walk = check_walk_with_host(&start, seed, 100, &[], &leaves).unwrap();
            assert_eq!(check_encoding_along_log(&start, &walk.log, seed), Ok(()));
        }
    }
}

#[test]
fn an_id_claimed_by_both_spaces_is_caught() {
    let shared = ToyRules {
        bug: Bug::SharedIds,
        ..ToyRules::plain()
    };
    assert_eq!(
        check_id_spaces::<Toy>(&shared, 2).map_err(|v| v.rule),
        Err("an id's action maps back to it, and only in its own space")
    );
    let dealing = toy(2, Bug::SharedIds);
    assert_eq!(
        check_encoding(&dealing, 1, 0).map_err(|v| v.rule),
        Err("an action has an id in one space only")
    );
    let steps = check_encoding_along_random_game(&dealing, 1, 100);
    assert_eq!(
        steps.map_err(|v| (v.step, v.rule)),
        Err((0, "an action has an id in one space only"))
    );
}

#[test]
fn the_legal_mask_marks_exactly_the_legal_ids() {
    let t = Table::<Toy>::new(ToyRules::plain(), 2, 7).unwrap();
    let mut mask = [true; 2];
    let mut buf = Vec::new();
    cards_core::legal_mask(t.state(), &mut buf, &mut mask);
    assert_eq!(mask, [true, true], "draw and stand");
    let mut s = t.state().clone();
    s.apply_mut(&ToyAction::Stand).unwrap();
    s.apply_mut(&ToyAction::Stand).unwrap();
    cards_core::legal_mask(&s, &mut buf, &mut mask);
    assert_eq!(mask, [false, false], "over");
}

#[test]
fn an_encoding_that_reads_hidden_cards_is_caught() {
    let mut g = toy(3, Bug::LeakyView);
    for c in ["3C", "4C", "5H"] {
        g = g.apply(&ToyAction::Deal(c.parse().unwrap())).unwrap();
    }
    let found = (0..20).find_map(|seed| check_encoding(&g, seed, 0).err());
    assert_eq!(
        found.map(|v| v.rule),
        Some("an observation does not change when hidden cards are re-dealt")
    );
    assert!(check_encoding(&toy(3, Bug::None), 1, 0).is_ok());
}
