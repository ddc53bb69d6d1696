//! The generic search on Crazy Eights: a game where the search tree can be
//! kept between moves. Every player action is public and a node of the tree;
//! the only chance step a seat sees is its own draw (another seat's drawn
//! card stays hidden, as in the tree's samples).

use cards_core::{
    Actor, Bot, ChaCha8Rng, Difficulty, Game, Ismcts, Learned, Opponents, SearchBudget, Seat,
    SeedableRng, Table,
};
use crazy_eights::{Action, CrazyEights, LEARNED_CHECK_STOCK, Rules, ShedBot};

use crate::common::{seat0, short_stock};

const ITERATIONS: u32 = 2_000;

/// Root actions with their visit counts, most visited first.
type Counts = Vec<(Action, u32)>;

/// The visits the root actions of a search got, in all.
fn total(counts: &Counts) -> u32 {
    counts.iter().map(|(_, v)| v).sum()
}

/// Seat 0's second decision of a game, searched with the kept tree and afresh.
#[derive(Debug, PartialEq)]
struct Second {
    /// The visits seat 0's first choice had in the first search.
    first_visits: u32,
    kept: Counts,
    fresh: Counts,
}

/// From each seeded 2-seat game: seat 0 searches, plays its choice, seat 1
/// answers with `ShedBot`'s play, and when no chance step came between, seat
/// 0 searches again with the tree `advance` kept. Returns, per game where
/// that happened, the second decision's searches.
fn kept_and_fresh(seeds: std::ops::Range<u64>) -> Vec<Second> {
    let rules = Rules::default();
    let me = Seat(0);
    let mut found = Vec::new();
    for seed in seeds {
        let mut t = Table::<CrazyEights>::new(rules, 2, seed).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut search = Ismcts::<CrazyEights>::new(rules, SearchBudget::iterations(ITERATIONS));
        let mut legal = Vec::new();
        // Seat 1 plays by ShedBot until seat 0 has a choice to make.
        while t.state().actor() == Actor::Player(Seat(1)) {
            t.play_bot(&mut ShedBot).unwrap();
        }
        t.state().legal_actions(&mut legal);
        if t.state().actor() != Actor::Player(me) || legal.len() < 2 {
            continue;
        }
        let first = search.search(&t.view(me), &legal, &mut rng);
        assert_eq!(
            total(&first),
            ITERATIONS,
            "a fresh tree: one root visit per iteration"
        );
        let (mine, first_visits) = first[0];
        let steps = t.log().len();
        t.play_as(me, &mine).unwrap();
        assert!(
            search.advance(me, &mine),
            "a searched root action has a node"
        );
        if t.log().len() != steps + 1 || t.state().actor() != Actor::Player(Seat(1)) {
            continue;
        }
        let theirs = t.play_bot(&mut ShedBot).unwrap().unwrap();
        if t.log().len() != steps + 2 || t.state().actor() != Actor::Player(me) {
            continue;
        }
        if !search.advance(Seat(1), &theirs) {
            continue;
        }
        t.state().legal_actions(&mut legal);
        let view = t.view(me);
        let kept = search.search(&view, &legal, &mut ChaCha8Rng::seed_from_u64(seed));
        let fresh = Ismcts::<CrazyEights>::new(rules, SearchBudget::iterations(ITERATIONS)).search(
            &view,
            &legal,
            &mut ChaCha8Rng::seed_from_u64(seed),
        );
        assert!(
            kept.iter().all(|(a, _)| legal.contains(a)),
            "only legal actions"
        );
        found.push(Second {
            first_visits,
            kept,
            fresh,
        });
    }
    found
}

#[test]
fn a_kept_tree_carries_its_visits_into_the_next_decision() {
    let found = kept_and_fresh(0..40);
    assert!(
        found.len() >= 5,
        "only {} games had play, answer, play",
        found.len()
    );
    for Second {
        first_visits: visits,
        kept,
        fresh,
    } in &found
    {
        assert_eq!(total(fresh), ITERATIONS);
        // The kept root's children were visited by some of the iterations
        // that went through seat 0's first choice, never by others.
        let before = total(kept) - ITERATIONS;
        assert!(
            before > 0 && before < *visits,
            "{before} of {visits}: {kept:?}"
        );
    }
}

#[test]
fn a_kept_tree_searches_deterministically() {
    assert_eq!(kept_and_fresh(0..12), kept_and_fresh(0..12));
}

#[test]
fn an_action_without_a_node_drops_the_tree() {
    let rules = Rules::default();
    let t = Table::<CrazyEights>::new(rules, 2, 3).unwrap();
    let Actor::Player(seat) = t.state().actor() else {
        panic!("a player acts after the deal");
    };
    let mut legal = Vec::new();
    t.state().legal_actions(&mut legal);
    let mut search = Ismcts::<CrazyEights>::new(rules, SearchBudget::iterations(300));
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    search.search(&t.view(seat), &legal, &mut rng);
    let other = Seat(1 - seat.0);
    assert!(
        !search.advance(other, &legal[0]),
        "seat {other} did not choose at the root"
    );
    let again = search.search(&t.view(seat), &legal, &mut rng);
    assert_eq!(total(&again), 300, "the next search starts afresh");
    search.forget();
    assert!(
        !search.advance(seat, &legal[0]),
        "a forgotten tree has no nodes"
    );
}

/// Heads-up with the stock empty and every other card discarded (C10, C14),
/// so seat 0 knows seat 1's last card, 9S. Playing KS (the heuristic's
/// choice: the two kings cost the same and it takes the last) lets seat 1
/// follow suit and go out; KH leaves seat 1 to pass, and KS then goes out on
/// the king (C7, C12.1). The hard level, which plays each choice out, wins.
#[test]
fn the_hard_level_plays_the_king_the_last_card_cannot_follow() {
    let rules = Rules::default();
    let (view, legal) = seat0(&short_stock(rules, ["KH KS", "9S"], "KC", ""));
    let (kh, ks): (Action, Action) = ("play KH".parse().unwrap(), "play KS".parse().unwrap());
    assert!(legal.contains(&kh) && legal.contains(&ks), "{legal:?}");
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    assert_eq!(
        Difficulty::Medium
            .bot::<CrazyEights>(&rules)
            .choose(&view, &legal, &mut rng),
        ks
    );
    for seed in 0..3 {
        let mut hard = Difficulty::Hard.bot::<CrazyEights>(&rules);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        assert_eq!(hard.choose(&view, &legal, &mut rng), kh, "seed {seed}");
    }
}

/// Heads-up with the stock empty, where the view hides nothing: seat 1
/// holds every card seat 0 has not seen (2C 3C TS). Playing KS on 2S lets
/// TS follow; passing wins (C10, C12), as the hard level finds. The shipped
/// network plays KS; the learned level's check
/// (`Opponents::learned_check`) plays each action out from the one position
/// there is, and passes.
#[test]
fn the_learned_level_checks_its_network_where_nothing_is_hidden() {
    let rules = Rules::default();
    let (view, legal) = seat0(&short_stock(rules, ["KD KS", "2C 3C TS"], "2S", ""));
    let (ks, pass): (Action, Action) = ("play KS".parse().unwrap(), "pass".parse().unwrap());
    assert!(CrazyEights::learned_check(&view).is_some());
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let network = Learned::<CrazyEights>::shipped(&rules)
        .expect("the shipped networks")
        .choose(&view, &legal, &mut rng);
    assert_eq!(
        network, ks,
        "the shipped network errs here (if a new one does not, find a position where it does)"
    );
    for level in [Difficulty::Hard, Difficulty::Learned] {
        let mut bot = level.bot::<CrazyEights>(&rules);
        assert_eq!(bot.choose(&view, &legal, &mut rng), pass, "{level}");
    }
    // The check reaches back to a stock of LEARNED_CHECK_STOCK cards, no
    // further; before that the network plays alone.
    let unseen = ["TS", "4H", "5H", "6H", "7H", "9H", "TH", "JH", "QH"];
    let last = usize::from(LEARNED_CHECK_STOCK);
    for n in [1, last, last + 1] {
        let stock = unseen[..n].join(" ");
        let (view, _) = seat0(&short_stock(rules, ["KD KS", "2C 3C"], "2S", &stock));
        let checked = CrazyEights::learned_check(&view).is_some();
        assert_eq!(checked, n <= last, "a stock of {n}");
    }
}
