//! [`Encode`]: fixed action ids, the legal mask and an observation tensor of
//! a seat's view (R14), for learning agents.
//!
//! Player actions take ids 0–51 for a passed card and 52–103 for a played
//! card, chance outcomes 0–3 for the direction and 4–55 for a dealt card,
//! each card by OpenSpiel's id (4 × rank + suit). OpenSpiel gives a passed and
//! a played card the same id and tells them apart by the state; an id here
//! names one action by itself.

use cards_core::{Card, CardSet, Encode, Layout, Shape, Viewer, one_hot_seat};

use crate::action::{Action, card_id, card_of_id};
use crate::observe::View;
use crate::rules::{MAX_SEATS, Rules};
use crate::state::{PassDir, Phase};

/// Cards in the deck.
const CARDS: usize = Card::COUNT;
/// Directions.
const DIRS: usize = 4;
/// The tensor's parts, in order: the phase (5), the direction (4), the
/// viewer (4), the seat to act (4), the leader (4), the hand, the passed and
/// the received cards (52 each), the current trick by seat (4 × 52), the cards
/// each seat took (4 × 52), hand sizes / 13 (4), passed counts / 3 (4),
/// whether hearts are broken (1).
const OBSERVATION: usize =
    5 + DIRS + 3 * MAX_SEATS + 3 * CARDS + 2 * MAX_SEATS * CARDS + 2 * MAX_SEATS + 1;

/// Writes `set`'s cards as ones at their OpenSpiel ids.
fn put_cards(out: &mut [f32], set: CardSet) {
    for c in set {
        out[card_id(c) as usize] = 1.0;
    }
}

impl Encode for crate::state::Hearts {
    fn shape(_rules: &Rules, _seats: usize) -> Shape {
        Shape {
            actions: 2 * CARDS,
            chance_outcomes: DIRS + CARDS,
            observation: OBSERVATION,
        }
    }

    fn action_id(_rules: &Rules, _seats: usize, action: &Action, chance: bool) -> Option<usize> {
        match (*action, chance) {
            (Action::Pass(c), false) => Some(card_id(c) as usize),
            (Action::Play(c), false) => Some(CARDS + card_id(c) as usize),
            (Action::Direction(d), true) => Some(d as usize),
            (Action::Deal(c), true) => Some(DIRS + card_id(c) as usize),
            _ => None,
        }
    }

    fn action_from_id(_rules: &Rules, _seats: usize, id: usize, chance: bool) -> Option<Action> {
        // A checked conversion: an id past u32 names no card, it does not wrap (R14).
        let card = |i: usize| u32::try_from(i).ok().and_then(card_of_id);
        match (chance, id) {
            (false, 0..CARDS) => card(id).map(Action::Pass),
            (false, _) => card(id.checked_sub(CARDS)?).map(Action::Play),
            (true, 0..DIRS) => PassDir::from_index(id).map(Action::Direction),
            (true, _) => card(id - DIRS).map(Action::Deal),
        }
    }

    /// One deal: twelve passed cards with `pass_cards` (R5), 52 plays.
    fn max_game_length(rules: &Rules, _seats: usize) -> Option<u64> {
        Some(52 + if rules.pass_cards { 12 } else { 0 })
    }

    fn view_seats(_view: &View) -> Option<usize> {
        Some(crate::rules::MIN_SEATS)
    }

    fn write_view(_rules: &Rules, _seats: usize, view: &View, out: &mut [f32]) {
        let mut layout = Layout::default();
        let mut part = |len: usize| layout.part(len);
        let phase = match view.phase {
            Phase::PassDir => 0,
            Phase::Deal => 1,
            Phase::Pass => 2,
            Phase::Play => 3,
            Phase::Over => 4,
        };
        out[part(5)][phase] = 1.0;
        let dirs = part(DIRS);
        if let Some(d) = view.pass_dir {
            out[dirs][d as usize] = 1.0;
        }
        let me = match view.viewer {
            Viewer::Seat(s) => Some(s),
            Viewer::Spectator => None,
        };
        one_hot_seat(&mut out[part(MAX_SEATS)], me);
        one_hot_seat(&mut out[part(MAX_SEATS)], view.turn);
        one_hot_seat(&mut out[part(MAX_SEATS)], view.leader);
        put_cards(&mut out[part(CARDS)], view.hand.unwrap_or_default());
        put_cards(&mut out[part(CARDS)], view.passed.unwrap_or_default());
        put_cards(&mut out[part(CARDS)], view.received.unwrap_or_default());
        let trick = part(MAX_SEATS * CARDS);
        let lead = view.leader.map_or(0, |l| l.index());
        for (i, &c) in view.trick.iter().enumerate() {
            let seat = (lead + i) % MAX_SEATS;
            out[trick.start + seat * CARDS + card_id(c) as usize] = 1.0;
        }
        for w in view.won {
            put_cards(&mut out[part(CARDS)], w);
        }
        for &k in &view.hand_sizes {
            out[part(1).start] = f32::from(k) / 13.0;
        }
        for &k in &view.passed_sizes {
            out[part(1).start] = f32::from(k) / 3.0;
        }
        out[part(1).start] = f32::from(u8::from(view.hearts_broken));
        debug_assert_eq!(layout.at(), OBSERVATION, "every part written in its place");
    }
}
