//! [`Encode`] for [`Shithead`]: fixed action ids, the observation tensor and
//! the rewards, for learning agents.
//!
//! Everything here is a pure function of an action or of a [`View`]; the rules
//! do not know it exists. `n` is the seat count and `d` the number of decks
//! for the rules and `n` (`Rules::decks_for`, H1: 1 for 2–4 seats by
//! default, 2 for 5–8, 3 for 9–10).
//!
//! Cards are numbered in card order, rank first: card `4·r + s` is rank `r`
//! (0 = two … 12 = ace) of suit `s` (0 clubs, 1 diamonds, 2 hearts, 3 spades),
//! so `2C` is 0, `2S` 3, `3C` 4 and `AS` 51 ([`card_index`]).
//!
//! # Player action ids
//!
//! A group (H5) is a rank and a copy count per suit, each from 0 to `d`, not
//! all 0: its place among them is `c♣ + c♦·(d+1) + c♥·(d+1)² + c♠·(d+1)³ − 1`,
//! below `G = (d+1)⁴ − 1` (15, 80 or 255). A face-up pick-up takes at most
//! the three face-up cards (H10), so its groups are those of at most three
//! cards, `P` of them a rank (14, 30 or 34), numbered in the same order.
//!
//! | ids | actions |
//! |---|---|
//! | 0, 1, 2 | `blind`, `pick up`, `done` |
//! | 3 + card | `up <card>` (a face-up pick, H3.1) |
//! | 55 + G·r + group | `play <group of rank r>` |
//! | 55 + 13·G + P·r + group | `pick up with <group of rank r>` |
//!
//! That is `55 + 13·(G + P)` ids: 432 with one deck, 1,485 with two and
//! 3,812 with three decks (the largest rules). Before H3.1 the arranging
//! choice of three specific cards alone needed 24,804 ids.
//!
//! # Chance outcome ids
//!
//! `draw <card>` is `card`, `turn <card>` is `52 + card`: 104 ids.
//!
//! # Observation tensor
//!
//! `318 + 113·n` `f32`s (544 for 2 seats, 770 for 4, 1,448 for 10), all 0
//! unless said: a global block of `318 + 4·n`, then one block of
//! [`SEAT_BLOCK`] = 109 per seat, seat 0 first. Every entry lies in [0, 1]:
//! a card plane is 52 entries, entry `card` holding how many copies of it are
//! there / `d`; a rank one-hot is 13 entries, entry `r` for rank `r`; every
//! other number is divided by the most it can be (written `/ most`).
//!
//! Global block (offsets from 0; `b = 4·n + 2`):
//!
//! | offset | meaning |
//! |---|---|
//! | s | the viewer is seat s (all 0 for a spectator) |
//! | n + s | seat s is to act |
//! | 2n, 2n + 1 | chance is to act; the game is over |
//! | 2n + 2 + s | it is seat s's turn (also while chance refills or turns for him) |
//! | 3n + 2 + s | seat s dealt |
//! | b … b + 3 | phase: dealing, arranging, playing, over |
//! | b + 4 … b + 9 | stage: start, add, cover, blind, blind covering a queen, picking face-up cards |
//! | b + 10 | play runs to lower seat numbers (H18) |
//! | b + 11 + r | the pile's top card has rank r |
//! | b + 24 + r | the pile's level is rank r (H6) |
//! | b + 37 | how many cards of the top rank lie on top in a row (H8) / (4·d) |
//! | b + 38 + r | the mover's group this turn is of rank r (H5.2) |
//! | b + 51 | how many cards his group holds / (4·d) |
//! | b + 52 + card | the announced opening card (H4) |
//! | b + 104 + card | the viewer's hand (plane; all 0 for a spectator) |
//! | b + 156 + card | the pile (plane) |
//! | b + 208 + card | the arranging player's face-up picks so far (plane, H3.1) |
//! | b + 260 … b + 262 | stock, burned, removed cards / (52·d) |
//! | b + 263 | player actions taken / the action limit (H22) |
//! | b + 264 + card | the burned cards (plane, H8; every seat saw them burn) |
//!
//! Seat block of seat s, at `318 + 4·n + 109·s`:
//!
//! | offset | meaning |
//! |---|---|
//! | 0, 1, 2 | active; out; left |
//! | 3 | how many hand cards he holds / (52·d) |
//! | 4 | how many face-down cards he has / 3 (H2) |
//! | 5 + card | his face-up cards (plane) |
//! | 57 + card | the cards known to be in his hand (plane, H23.3: seen going in, not played since) |
//!
//! The tensor is the view and nothing else, and the view carries the seat's
//! memory of known cards (H23.3), so it is the seat's information state up
//! to the pile's order, which the rules never use. It never depends on a
//! card the viewer cannot see because a view cannot hold one.
//!
//! # Rewards
//!
//! 0 after every step; at the end each seat gets
//! [`Outcome::reward`](cards_core::Outcome::reward) of the game's
//! [`outcome`](cards_core::Game::outcome): 1 for first place (the first out)
//! down to −1 for last (the shithead, or a leaver behind him), evenly
//! spread, seats that share a place (H22) sharing the average, so the
//! rewards sum to 0.

use cards_core::{Actor, Card, CardMultiset, Encode, PerSeat, Rank, Shape, Suit, Viewer, ratio};

use crate::action::Action;
use crate::group::Group;
use crate::observe::View;
use crate::rules::Rules;
use crate::state::{Phase, Shithead, Stage, Status};

/// Length of each seat's block in the observation tensor.
pub const SEAT_BLOCK: usize = 109;

/// Ids before the play groups: `blind`, `pick up`, `done` and 52 picks.
const PLAYS: usize = 55;

/// Chance ids: 52 draws and 52 turns.
const CHANCE_IDS: usize = 104;

/// A card's number in the encodings: `4·rank + suit` (`2C` = 0, `AS` = 51).
#[inline]
pub const fn card_index(card: Card) -> usize {
    4 * card.rank() as usize + card.suit() as usize
}

/// The card numbered `i` by [`card_index`].
#[inline]
fn card_at(i: usize) -> Option<Card> {
    (i < 52).then(|| Card::new(Rank::from_index(i / 4), Suit::from_index(i % 4)))
}

/// Lane values (2-bit copy counts per suit) of groups of at most three cards
/// with at most `d` copies of a card, in increasing order, for `d` = 1, 2, 3;
/// and each lane value's place among them (`u8::MAX` when not such a group).
const fn pick_lanes() -> ([[u8; 34]; 3], [[u8; 256]; 3]) {
    let mut order = [[0u8; 34]; 3];
    let mut index = [[u8::MAX; 256]; 3];
    let mut d = 1;
    while d <= 3 {
        let mut k = 0;
        let mut lanes = 1;
        while lanes < 256 {
            let mut len = 0;
            let mut fits = true;
            let mut s = 0;
            while s < 4 {
                let c = (lanes >> (2 * s)) & 3;
                len += c;
                fits = fits && c <= d;
                s += 1;
            }
            if fits && len <= 3 {
                order[d - 1][k] = lanes as u8;
                index[d - 1][lanes] = k as u8;
                k += 1;
            }
            lanes += 1;
        }
        d += 1;
    }
    (order, index)
}

const PICK_LANES: ([[u8; 34]; 3], [[u8; 256]; 3]) = pick_lanes();
/// Face-up pick-up groups a rank, for 1, 2, 3 decks.
const PICK_GROUPS: [usize; 3] = [14, 30, 34];

/// The id layout of one deck count.
#[derive(Clone, Copy)]
struct Ids {
    /// Decks, 1 to 3.
    d: usize,
}

impl Ids {
    fn new(rules: &Rules, seats: usize) -> Ids {
        Ids {
            d: usize::from(rules.decks_for(seats).unwrap_or(1).clamp(1, 3)),
        }
    }
    /// Play groups a rank.
    fn g(self) -> usize {
        (self.d + 1).pow(4) - 1
    }
    /// Pick-up groups a rank.
    fn p(self) -> usize {
        PICK_GROUPS[self.d - 1]
    }
    fn pick_ups(self) -> usize {
        PLAYS + 13 * self.g()
    }
    fn total(self) -> usize {
        self.pick_ups() + 13 * self.p()
    }

    /// A group's place among the play groups of its rank.
    fn play_index(self, lanes: u8) -> Option<usize> {
        let base = self.d + 1;
        let mut i = 0;
        for s in (0..4).rev() {
            let c = usize::from((lanes >> (2 * s)) & 3);
            if c > self.d {
                return None;
            }
            i = i * base + c;
        }
        i.checked_sub(1)
    }

    fn play_lanes(self, index: usize) -> u8 {
        let base = self.d + 1;
        let mut i = index + 1;
        let mut lanes = 0u8;
        for s in 0..4 {
            lanes |= ((i % base) as u8) << (2 * s);
            i /= base;
        }
        lanes
    }

    fn id(self, a: &Action) -> Option<usize> {
        Some(match *a {
            Action::Blind => 0,
            Action::PickUp => 1,
            Action::Done => 2,
            Action::FaceUp(c) => 3 + card_index(c),
            Action::Play(g) => PLAYS + self.g() * g.rank() as usize + self.play_index(g.suits())?,
            Action::PickUpWith(g) => {
                let i = PICK_LANES.1[self.d - 1][usize::from(g.suits())];
                if i == u8::MAX {
                    return None;
                }
                self.pick_ups() + self.p() * g.rank() as usize + usize::from(i)
            }
            Action::Draw(_) | Action::Turn(_) => return None,
        })
    }

    fn action(self, id: usize) -> Option<Action> {
        Some(match id {
            0 => Action::Blind,
            1 => Action::PickUp,
            2 => Action::Done,
            _ if id < PLAYS => Action::FaceUp(card_at(id - 3)?),
            _ if id < self.pick_ups() => {
                let i = id - PLAYS;
                let rank = Rank::from_index(i / self.g());
                Action::Play(Group::new(rank, self.play_lanes(i % self.g()))?)
            }
            _ if id < self.total() => {
                let i = id - self.pick_ups();
                let rank = Rank::from_index(i / self.p());
                let lanes = PICK_LANES.0[self.d - 1][i % self.p()];
                Action::PickUpWith(Group::new(rank, lanes)?)
            }
            _ => return None,
        })
    }
}

/// Length of the global block for `n` seats.
const fn global_len(n: usize) -> usize {
    318 + 4 * n
}

/// Face-down cards a seat is dealt (H2).
const FACE_DOWN: u32 = 3;

/// Writes `cards` as a plane of 52 copy counts / `d` into `out` (all 0
/// before).
#[inline]
fn plane(out: &mut [f32], cards: CardMultiset, d: u32) {
    let copy = 1.0 / d as f32;
    let mut ranks = cards.ranks().bits();
    while ranks != 0 {
        let r = ranks.trailing_zeros() as usize;
        ranks &= ranks - 1;
        let lanes = cards.rank_lanes(Rank::from_index(r));
        for s in 0..4 {
            out[4 * r + s] = (f32::from((lanes >> (2 * s)) & 3) * copy).min(1.0);
        }
    }
}

/// Sets `out[i]` to 1.0 when `i` is inside it (a hand-built view may name a
/// seat outside the table; it is left out rather than panicking).
#[inline]
fn flag(out: &mut [f32], i: usize) {
    if let Some(x) = out.get_mut(i) {
        *x = 1.0;
    }
}

fn encode_global(rules: &Rules, n: usize, d: u32, v: &View, out: &mut [f32]) {
    if let Viewer::Seat(s) = v.viewer
        && s.index() < n
    {
        out[s.index()] = 1.0;
    }
    match v.actor {
        Actor::Player(s) if s.index() < n => out[n + s.index()] = 1.0,
        Actor::Player(_) => {}
        Actor::Chance => out[2 * n] = 1.0,
        Actor::Terminal => out[2 * n + 1] = 1.0,
    }
    if v.to_act.index() < n {
        out[2 * n + 2 + v.to_act.index()] = 1.0;
    }
    if v.dealer.index() < n {
        out[3 * n + 2 + v.dealer.index()] = 1.0;
    }
    let b = 4 * n + 2;
    let out = &mut out[b..];
    out[match v.phase {
        Phase::Dealing => 0,
        Phase::Arranging => 1,
        Phase::Playing => 2,
        Phase::Over => 3,
    }] = 1.0;
    let stage = match v.stage {
        Stage::Start => 0,
        Stage::Add => 1,
        Stage::Cover => 2,
        Stage::Blind { cover: false } => 3,
        Stage::Blind { cover: true } => 4,
        Stage::Picking(m) => {
            plane(&mut out[208..260], m, d);
            5
        }
    };
    out[4 + stage] = 1.0;
    out[10] = f32::from(u8::from(v.reversed));
    if let Some(r) = v.top {
        out[11 + r as usize] = 1.0;
    }
    if let Some(r) = v.level {
        out[24 + r as usize] = 1.0;
    }
    out[37] = ratio(u32::from(v.run), 4 * d);
    if let Some(r) = v.group {
        out[38 + r as usize] = 1.0;
    }
    out[51] = ratio(u32::from(v.group_len), 4 * d);
    if let Some(c) = v.must_open {
        out[52 + card_index(c)] = 1.0;
    }
    if let Some(h) = v.hand {
        plane(&mut out[104..156], h, d);
    }
    plane(&mut out[156..208], v.pile, d);
    let cards = 52 * d;
    out[260] = ratio(u32::from(v.stock_len), cards);
    out[261] = ratio(v.burned.len() as u32, cards);
    out[262] = ratio(u32::from(v.removed_len), cards);
    out[263] = ratio(v.actions, rules.max_actions);
    plane(&mut out[264..316], v.burned, d);
}

fn encode_seat(v: &View, d: u32, s: usize, out: &mut [f32]) {
    let status = v.status.as_slice().get(s).copied().unwrap_or_default();
    flag(
        out,
        match status {
            Status::Active => 0,
            Status::Out(_) => 1,
            Status::Left(_) => 2,
        },
    );
    let count = |c: &PerSeat<u8>| u32::from(c.as_slice().get(s).copied().unwrap_or(0));
    out[3] = ratio(count(&v.hand_counts), 52 * d);
    out[4] = ratio(count(&v.face_down_counts), FACE_DOWN);
    if let Some(&up) = v.face_up.as_slice().get(s) {
        plane(&mut out[5..57], up, d);
    }
    if let Some(&known) = v.known.as_slice().get(s) {
        plane(&mut out[57..109], known, d);
    }
}

impl Encode for Shithead {
    fn shape(rules: &Rules, seats: usize) -> Shape {
        Shape {
            actions: Ids::new(rules, seats).total(),
            chance_outcomes: CHANCE_IDS,
            observation: global_len(seats) + SEAT_BLOCK * seats,
        }
    }

    fn action_id(rules: &Rules, seats: usize, action: &Action, chance: bool) -> Option<usize> {
        match (chance, *action) {
            (true, Action::Draw(c)) => Some(card_index(c)),
            (true, Action::Turn(c)) => Some(52 + card_index(c)),
            (true, _) => None,
            (false, _) => Ids::new(rules, seats).id(action),
        }
    }

    fn action_from_id(rules: &Rules, seats: usize, id: usize, chance: bool) -> Option<Action> {
        if chance {
            match id {
                0..52 => card_at(id).map(Action::Draw),
                52..CHANCE_IDS => card_at(id - 52).map(Action::Turn),
                _ => None,
            }
        } else {
            Ids::new(rules, seats).action(id)
        }
    }

    /// `Rules::max_steps` (H22), which counts chance steps too.
    fn max_game_length(rules: &Rules, seats: usize) -> Option<u64> {
        Some(rules.max_steps(seats))
    }

    /// `max_actions` ended the game (H22).
    fn ended_by_limit(&self) -> bool {
        Shithead::ended_by_limit(self)
    }

    fn view_seats(view: &View) -> Option<usize> {
        Some(view.hand_counts.as_slice().len())
    }

    /// Writes the tensor laid out in the module docs, every entry in [0, 1].
    ///
    /// # Panics
    /// When `out` is shorter than [`Shape::observation`].
    fn write_view(rules: &Rules, seats: usize, view: &View, out: &mut [f32]) {
        let len = global_len(seats) + SEAT_BLOCK * seats;
        let out = &mut out[..len];
        let (global, blocks) = out.split_at_mut(global_len(seats));
        let d = Ids::new(rules, seats).d as u32;
        encode_global(rules, seats, d, view, global);
        for (s, block) in blocks.chunks_exact_mut(SEAT_BLOCK).enumerate() {
            encode_seat(view, d, s, block);
        }
    }
}
