//! [`Encode`]: fixed action ids, the legal mask and an observation tensor of
//! a seat's view (C14, C16), for learning agents.
//!
//! The ids are OpenSpiel's `crazy_eights` ids (C16), so an agent trained on one
//! plays the other: player actions 0–51 play a card (4 × rank index + suit
//! index), 52 draws, 53 passes, 54–57 name clubs, diamonds, hearts or spades;
//! chance outcomes 0–51 deal a card and `52 + k` makes seat `k` the dealer.
//! The player space has 58 ids and the chance space `52 + seats`.
//!
//! The tensor's parts, in order, every entry in [0, 1]: the phase (7, one-hot),
//! the viewer, the seat to act and the dealer (10 each, one-hot by seat
//! number), the viewer's hand and the discards under the top card (52 each: a
//! card's copies / 2), the top card (52, one-hot), the suit to follow (4,
//! one-hot), whether play is reversed (1), cards owed / 16 (there are at most
//! eight twos), draws this turn / `max_draw_cards`, passes in a row /
//! (seats + 1), cards played / `max_turns`, each seat's hand size and the
//! stock's size / the cards in play (10 + 1). The hands shown at the end are
//! not in the tensor: the game is over then.

use cards_core::{Card, CardMultiset, Encode, Layout, MAX_SEATS, Shape, Viewer, one_hot_seat};

use crate::action::Action;
use crate::observe::View;
use crate::rules::Rules;
use crate::state::{CrazyEights, Phase};

/// Cards in one deck.
const CARDS: usize = Card::COUNT;
/// Player ids: 52 cards, draw, pass and four suits (C16).
const ACTIONS: usize = CARDS + 2 + 4;
/// Phases.
const PHASES: usize = 7;
/// Twos in two decks, each owing two cards (C11.3).
const MOST_OWED: f32 = 16.0;
/// The tensor's length (see the module docs).
const OBSERVATION: usize = PHASES + 3 * MAX_SEATS + 3 * CARDS + 4 + 1 + 4 + MAX_SEATS + 1;

/// Writes each card's copies / 2 at its id.
fn put_cards(out: &mut [f32], cards: CardMultiset) {
    for (c, k) in cards.iter() {
        out[Action::Play(c).spiel_id() as usize] = f32::from(k) / 2.0;
    }
}

/// `x / bound`, 0 for a zero bound.
fn scaled(x: f32, bound: f32) -> f32 {
    if bound > 0.0 {
        (x / bound).min(1.0)
    } else {
        0.0
    }
}

impl Encode for CrazyEights {
    fn shape(_rules: &Rules, seats: usize) -> Shape {
        Shape {
            actions: ACTIONS,
            chance_outcomes: CARDS + seats,
            observation: OBSERVATION,
        }
    }

    fn action_id(_rules: &Rules, seats: usize, action: &Action, chance: bool) -> Option<usize> {
        if action.is_chance() != chance {
            return None;
        }
        if let Action::Dealer(s) = action
            && s.index() >= seats
        {
            return None;
        }
        Some(action.spiel_id() as usize)
    }

    fn action_from_id(_rules: &Rules, seats: usize, id: usize, chance: bool) -> Option<Action> {
        let id = u32::try_from(id).ok()?;
        let a = Action::from_spiel_id(id, chance)?;
        match a {
            Action::Dealer(s) if s.index() >= seats => None,
            _ => Some(a),
        }
    }

    fn view_seats(view: &View) -> Option<usize> {
        Some(view.hand_sizes.as_slice().len())
    }

    fn write_view(rules: &Rules, seats: usize, view: &View, out: &mut [f32]) {
        let mut layout = Layout::default();
        let mut part = |len: usize| layout.part(len);
        let phase = match view.phase {
            Phase::ChooseDealer => 0,
            Phase::Deal => 1,
            Phase::TurnUp => 2,
            Phase::Turn => 3,
            Phase::Nominate => 4,
            Phase::Draw => 5,
            Phase::Over => 6,
        };
        out[part(PHASES)][phase] = 1.0;
        let me = match view.viewer {
            Viewer::Seat(s) => Some(s),
            Viewer::Spectator => None,
        };
        one_hot_seat(&mut out[part(MAX_SEATS)], me);
        one_hot_seat(&mut out[part(MAX_SEATS)], view.turn);
        one_hot_seat(&mut out[part(MAX_SEATS)], view.dealer);
        put_cards(&mut out[part(CARDS)], view.hand.unwrap_or_default());
        put_cards(&mut out[part(CARDS)], view.discards);
        let top = part(CARDS);
        if let Some(c) = view.top {
            out[top.start + Action::Play(c).spiel_id() as usize] = 1.0;
        }
        let suit = part(4);
        if let Some(s) = view.suit {
            out[suit.start + s as usize] = 1.0;
        }
        out[part(1).start] = f32::from(u8::from(view.reversed));
        out[part(1).start] = scaled(f32::from(view.owed), MOST_OWED);
        out[part(1).start] = scaled(f32::from(view.draws), f32::from(rules.max_draw_cards));
        out[part(1).start] = scaled(f32::from(view.passes), seats as f32 + 1.0);
        out[part(1).start] = scaled(f32::from(view.plays), f32::from(rules.max_turns));
        let in_play = f32::from(Rules::decks(seats)) * CARDS as f32;
        let sizes = part(MAX_SEATS);
        for (s, &k) in view.hand_sizes.iter() {
            out[sizes.start + s.index()] = scaled(f32::from(k), in_play);
        }
        out[part(1).start] = scaled(f32::from(view.stock_size), in_play);
        debug_assert_eq!(layout.at(), OBSERVATION, "every part written in its place");
    }

    fn max_game_length(rules: &Rules, seats: usize) -> Option<u64> {
        Some(rules.max_decisions(seats))
    }

    /// The turn limit (C12.2) ended the game: `max_turns` cards were played
    /// and nobody went out (C12.1) with the last of them; a blocked game
    /// (C12.3) ends by its play.
    fn ended_by_limit(&self) -> bool {
        self.phase == Phase::Over
            && self.plays >= self.rules.max_turns
            && self.hands[..self.seats_usize()]
                .iter()
                .all(|h| !h.is_empty())
    }
}
