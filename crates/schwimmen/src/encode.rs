//! [`Encode`] for Schwimmen (S24): fixed action ids, chance ids and an
//! observation tensor for learning agents.
//!
//! Cards are numbered `0..32` within the 32-card deck (S1): suit-major in the
//! order clubs, diamonds, hearts, spades, then rank 7, 8, 9, T, J, Q, K, A, so
//! `7C` is 0, `AC` 7, `7D` 8 and `AS` 31 ([`card_index`]).
//!
//! # Action space (1,029 ids, whatever the rules and seat count)
//!
//! | id | action |
//! |---|---|
//! | 0 | `keep` (S6) |
//! | 1 | `take other` (S6) |
//! | 2 | `swap all` (S9) |
//! | 3 | `pass` (S9, S10) |
//! | 4 | `knock` (S11) |
//! | 5 + 32·g + t | `swap G T`: give the card with index g, take the card with index t (S9) |
//!
//! # Chance space (64 ids)
//!
//! `deal C` is the card's index (0–31), `refill C` is 32 + the card's index.
//!
//! # Observation tensor (144 + 76·n `f32`s for n seats)
//!
//! Seats are written relative to the viewer: position k is the seat k places
//! after the viewer in seat-number order, `(viewer + k) mod n` (a spectator is
//! placed at seat 0). Card planes hold 1.0 for each card present.
//!
//! | offset | length | content |
//! |---|---|---|
//! | 0 | 32 | the viewer's hand (during the dealer's choice, the dealer's first pack, S23.1) |
//! | 32 | 32 | the face-up middle |
//! | 64 | 32 | the face-up discards |
//! | 96 | 32 | cards known to lie among the face-down discards (S21.1, S23.2) |
//! | 128 + 32k | 32 each | cards position k took face up this round and still holds (S23.2) |
//! | 128 + 32n + 32k | 32 each | the hand position k showed at the last scored round end (S23.3) |
//! | 128 + 64n + 12k | 12 each | position k's numbers, below |
//! | 128 + 76n | 16 | the table's numbers, below |
//!
//! Per position k (offset within its 12): 0 hand size / 3; 1 lives / `rules.lives`;
//! 2 still playing; 3 swimming (playing with no lives, S3); 4 drowned; 5 left (S21);
//! 6 dealer; 7 knocker; 8 the seat the next step concerns (S23.1); 9 passed in the
//! current run of passes (S10.1); 10 has moved this round (S11); 11 lives lost at
//! the last scored round end / 2 (S23.3).
//!
//! The table (offset within its 16): 0–4 the phase one-hot (deal, dealer's choice,
//! turns, refill, over); 5 the mover may knock; 6 passing is a move (S9.1);
//! 7 play runs counter-clockwise (S4); 8 cards in the second pack / 3; 9 face-down
//! discards / 32; 10 stock / 32; 11 turns / `rules.turn_limit`; 12 rounds /
//! `rules.round_limit`; 13 a round was scored (S23.3); 14 the viewer is to act;
//! 15 the viewer is a spectator.
//!
//! Every entry comes from the [`View`], so the tensor cannot depend on a card the
//! viewer may not see; it is written without allocating.
//!
//! # Rewards
//!
//! Returns are [`Outcome::reward`](cards_core::Outcome::reward) of the final
//! places (S19–S21): 1 for first down to -1 for last, spread evenly, seats
//! sharing a place sharing the average. Every step before the end rewards 0;
//! lives lost along the way are in the tensor (offsets 1 and 11 of each position),
//! not in the reward.

use cards_core::{Actor, Card, CardSet, Encode, Rank, Shape, Suit, Viewer};

use crate::action::Action;
use crate::observe::View;
use crate::rules::{Direction, Rules};
use crate::state::{Fate, Phase, Schwimmen};

/// Player action ids before the swaps.
const FIXED: usize = 5;
/// The size of the player action space (S24).
pub const NUM_ACTIONS: usize = FIXED + 32 * 32;
/// The size of the chance space (S24).
pub const NUM_CHANCE_OUTCOMES: usize = 64;
/// Numbers per seat position.
const PER_SEAT: usize = 12;
/// Numbers for the table.
const TABLE: usize = 16;

/// The observation tensor's length for `seats` seats: 144 + 76 · seats (S24).
pub const fn observation_len(seats: usize) -> usize {
    128 + 76 * seats + TABLE
}

/// A card's index in the 32-card deck (S1, S24): suit-major, 7 to ace; `None`
/// for a card outside the deck.
///
/// ```
/// use schwimmen::card_index;
/// assert_eq!(card_index("7C".parse()?), Some(0));
/// assert_eq!(card_index("AS".parse()?), Some(31));
/// assert_eq!(card_index("2H".parse()?), None);
/// # Ok::<(), cards_core::ParseCardError>(())
/// ```
pub const fn card_index(card: Card) -> Option<usize> {
    let rank = card.rank().index();
    if rank < Rank::Seven.index() {
        return None;
    }
    Some(card.suit().index() * 8 + rank - Rank::Seven.index())
}

/// The card with index `i` in the 32-card deck (S24), `None` from 32 on.
pub const fn card_at(i: usize) -> Option<Card> {
    if i >= 32 {
        return None;
    }
    Some(Card::new(
        Rank::from_index(Rank::Seven.index() + i % 8),
        Suit::from_index(i / 8),
    ))
}

/// The 32-card deck's cards of `set` as a 32-bit mask of card indices.
#[inline]
fn deck_bits(set: CardSet) -> u32 {
    let b = set.bits() >> Rank::Seven.index();
    let mut out = 0u32;
    for suit in 0..4 {
        out |= ((b >> (13 * suit) & 0xff) as u32) << (8 * suit);
    }
    out
}

/// Sets `plane[i]` to 1 for each card index `i` in `set`.
#[inline]
fn plane(set: CardSet, plane: &mut [f32]) {
    let mut bits = deck_bits(set);
    while bits != 0 {
        plane[bits.trailing_zeros() as usize] = 1.0;
        bits &= bits - 1;
    }
}

impl Encode for Schwimmen {
    fn shape(_: &Rules, seats: usize) -> Shape {
        Shape {
            actions: NUM_ACTIONS,
            chance_outcomes: NUM_CHANCE_OUTCOMES,
            observation: observation_len(seats),
        }
    }

    fn action_id(_: &Rules, _: usize, action: &Action, chance: bool) -> Option<usize> {
        match (action, chance) {
            (Action::Deal(c), true) => card_index(*c),
            (Action::Refill(c), true) => card_index(*c).map(|i| 32 + i),
            (Action::Keep, false) => Some(0),
            (Action::TakeOther, false) => Some(1),
            (Action::SwapAll, false) => Some(2),
            (Action::Pass, false) => Some(3),
            (Action::Knock, false) => Some(4),
            (Action::Swap { give, take }, false) => {
                Some(FIXED + 32 * card_index(*give)? + card_index(*take)?)
            }
            _ => None,
        }
    }

    fn action_from_id(_: &Rules, _: usize, id: usize, chance: bool) -> Option<Action> {
        if chance {
            return match id {
                0..32 => card_at(id).map(Action::Deal),
                32..64 => card_at(id - 32).map(Action::Refill),
                _ => None,
            };
        }
        match id {
            0 => Some(Action::Keep),
            1 => Some(Action::TakeOther),
            2 => Some(Action::SwapAll),
            3 => Some(Action::Pass),
            4 => Some(Action::Knock),
            FIXED..NUM_ACTIONS => Some(Action::Swap {
                give: card_at((id - FIXED) / 32)?,
                take: card_at((id - FIXED) % 32)?,
            }),
            _ => None,
        }
    }

    /// `Rules::max_steps`, which counts chance steps too.
    fn max_game_length(rules: &Rules, _seats: usize) -> Option<u64> {
        Some(rules.max_steps())
    }

    /// The round limit (S19.1) ended the game with more than one player in.
    fn ended_by_limit(&self) -> bool {
        cards_core::Game::outcome(self).is_some() && self.active.count_ones() > 1
    }

    fn view_seats(view: &View) -> Option<usize> {
        Some(view.lives.as_slice().len())
    }

    fn write_view(rules: &Rules, seats: usize, view: &View, out: &mut [f32]) {
        let n = seats;
        let out = &mut out[..observation_len(n)];
        let me = match view.viewer {
            Viewer::Seat(s) => s.index(),
            Viewer::Spectator => 0,
        };
        // Seats counted from the viewer, by one subtraction rather than a
        // division (`me < n`, `s < n`).
        let pos = |s: usize| if s >= me { s - me } else { s + n - me };
        plane(view.hand, &mut out[0..32]);
        plane(view.middle, &mut out[32..64]);
        plane(view.discards, &mut out[64..96]);
        plane(view.known_face_down, &mut out[96..128]);
        for (s, taken) in view.taken.iter() {
            let at = 128 + 32 * pos(s.index());
            plane(*taken, &mut out[at..at + 32]);
        }
        let seat_base = 128 + 64 * n;
        if let Some(end) = &view.last_round {
            for (s, shown) in end.shown.iter() {
                let at = 128 + 32 * (n + pos(s.index()));
                plane(*shown, &mut out[at..at + 32]);
            }
            for (s, &lost) in end.lives_lost.iter() {
                out[seat_base + PER_SEAT * pos(s.index()) + 11] = f32::from(lost) / 2.0;
            }
        }
        let lives_scale = f32::from(rules.lives.max(1));
        for s in 0..n {
            let x = &mut out[seat_base + PER_SEAT * pos(s)..][..PER_SEAT];
            let lives = view.lives.as_slice()[s];
            let fate = view.fates.as_slice()[s];
            x[0] = f32::from(view.hand_sizes.as_slice()[s]) / 3.0;
            x[1] = f32::from(lives) / lives_scale;
            x[2] = f32::from(u8::from(fate == Fate::Active));
            x[3] = f32::from(u8::from(fate == Fate::Active && lives == 0));
            x[4] = f32::from(u8::from(matches!(fate, Fate::Drowned(_))));
            x[5] = f32::from(u8::from(matches!(fate, Fate::Left(_))));
            x[6] = f32::from(u8::from(view.dealer.index() == s));
            x[7] = f32::from(u8::from(view.knocker.is_some_and(|k| k.index() == s)));
            x[8] = f32::from(u8::from(view.to_act.index() == s));
        }
        for p in &view.passed {
            out[seat_base + PER_SEAT * pos(p.index()) + 9] = 1.0;
        }
        for m in &view.moved {
            out[seat_base + PER_SEAT * pos(m.index()) + 10] = 1.0;
        }
        let t = &mut out[seat_base + PER_SEAT * n..];
        t[match view.phase {
            Phase::Deal => 0,
            Phase::DealerChoice => 1,
            Phase::Turns => 2,
            Phase::Refill => 3,
            Phase::Over => 4,
        }] = 1.0;
        t[5] = f32::from(u8::from(view.may_knock));
        t[6] = f32::from(u8::from(view.passing));
        t[7] = f32::from(u8::from(rules.direction == Direction::CounterClockwise));
        t[8] = f32::from(view.second_pack) / 3.0;
        t[9] = f32::from(view.face_down_discards) / 32.0;
        t[10] = f32::from(view.stock) / 32.0;
        t[11] = f32::from(view.turns) / f32::from(rules.turn_limit.max(1));
        t[12] = f32::from(view.round) / f32::from(rules.round_limit.max(1));
        t[13] = f32::from(u8::from(view.last_round.is_some()));
        t[14] = f32::from(u8::from(
            matches!((view.viewer, view.actor), (Viewer::Seat(v), Actor::Player(a)) if v == a),
        ));
        t[15] = f32::from(u8::from(view.viewer == Viewer::Spectator));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn s24_card_indices_cover_the_deck_once() {
        let mut seen = 0u32;
        for c in cards_core::deck::CARDS_32 {
            let i = card_index(c).expect("a deck card");
            assert_eq!(card_at(i), Some(c));
            seen |= 1 << i;
        }
        assert_eq!(seen, u32::MAX);
        assert_eq!(card_at(32), None);
        let all = deck_bits(cards_core::deck::CARDS_32 | "2C 6S".parse().expect("cards"));
        assert_eq!(all, u32::MAX, "cards outside the deck are dropped");
    }
}
