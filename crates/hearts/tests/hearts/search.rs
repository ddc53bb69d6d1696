//! R17: the heuristic and the opponents of every difficulty.

use cards_core::{Actor, Bot, ChaCha8Rng, Difficulty, Game, SeedableRng, Table, Viewer};
use hearts::{Action, Hearts, HeartsBot, PassDir, Rules};

use crate::common::{card, dealt, legal, position};

fn choose(g: &Hearts) -> Action {
    let Actor::Player(me) = g.actor() else {
        panic!("a player acts")
    };
    let mut l = Vec::new();
    g.legal_actions(&mut l);
    HeartsBot.choose(
        &g.observe(Viewer::Seat(me)),
        &l,
        &mut ChaCha8Rng::seed_from_u64(1),
    )
}

#[test]
fn r17_the_heuristic_passes_the_queen_first_and_ducks() {
    let g = dealt(Rules::default(), PassDir::Left, ["QS AH 2C", "", "", ""]);
    assert_eq!(choose(&g), Action::Pass(card("QS")));
    let won = ["2C 3C 4C 5C", "", "", ""];
    let g = position(
        Rules::default(),
        [1, 0, 0, 0],
        won,
        ["", "3D 8D KD", "", ""],
        "9D",
        1,
    );
    assert_eq!(
        choose(&g),
        Action::Play(card("8D")),
        "the highest card under 9D"
    );
    let g = position(
        Rules::default(),
        [1, 0, 0, 0],
        won,
        ["", "QS 2S 3S 4S 5S 6S 7S 8S 9S TS JS KS", "", ""],
        "9D",
        1,
    );
    assert_eq!(choose(&g), Action::Play(card("QS")), "void: the queen goes");
    assert!(legal(&g).contains(&"play QS".to_string()));
}

#[test]
fn r17_every_difficulty_plays_legal_moves_to_the_end() {
    let rules = Rules::default();
    for d in [Difficulty::Easy, Difficulty::Medium] {
        let mut table = Table::<Hearts>::new(rules, 4, 3).expect("valid");
        let mut bots: Vec<Box<dyn Bot<Hearts>>> = (0..4).map(|_| d.bot::<Hearts>(&rules)).collect();
        let outcome = table
            .play_bots(&mut bots, 1_000)
            .expect("plays")
            .expect("ends");
        assert_eq!(outcome.len(), 4, "{d}");
    }
    // The hard search (ISMCTS over positions dealt from the view) on a few decisions.
    let mut hard = Difficulty::Hard.bot::<Hearts>(&rules);
    let mut g = dealt(rules, PassDir::Left, ["QS AH 2C", "", "", ""]);
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    let mut l = Vec::new();
    for _ in 0..14 {
        let Actor::Player(me) = g.actor() else { break };
        g.legal_actions(&mut l);
        let a = hard.choose(&g.observe(Viewer::Seat(me)), &l, &mut rng);
        assert!(l.contains(&a), "{a} is legal");
        g.apply_mut(&a).expect("legal");
    }
    assert_eq!(g.cards_played(), 2, "the passing and the first two plays");
}
