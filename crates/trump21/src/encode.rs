//! [`Encode`] for [`Trump21`]: fixed action ids, the observation tensor and
//! the rewards, for learning agents.
//!
//! Everything here is a pure function of an action or of a [`View`]; the rules
//! do not know it exists. `n` is the seat count and `T` the number of trump
//! cards in the rules (`rules.trumps.total()`, 32 by default, at most 64).
//!
//! # Player action ids
//!
//! Seats inside actions are absolute seat numbers (`@2` is seat 2 whoever
//! acts). Ranges, in order, with `k` a trump kind's index in [`Trump::ALL`]
//! (T2 order, `draw-2` = 0 … `harvest` = 18):
//!
//! | ids | actions |
//! |---|---|
//! | 0 – 4 | `draw`, `close`, `reveal`, `end`, `done` |
//! | 5 – 17 | `play <kind>` for the 13 kinds without a target, in T2 order ([`SIMPLE_KINDS`]) |
//! | 18 + s, 18 + n + s | `play damage+1 @s`, `play damage+2 @s` |
//! | 18 + 2n + s | `play love-your-enemy @s` |
//! | 18 + 3n + s | `play exchange @s` |
//! | 18 + 4n + 19s + k | `play destroy @s <kind k>` (an open trump) |
//! | 18 + 23n + k | `play destroy mine <kind k>` |
//! | 37 + 23n + s | `play destroy @s hidden` |
//! | 37 + 24n | `play destroy none` |
//! | 38 + 24n + x | `play trump-switch x`, x = 0 … T − 1 |
//! | 38 + 24n + T + k, + 19 | `take open:<kind k>`, `take hidden` |
//! | 58 + 24n + T + k, 77 + 24n + T + k | `give open:<kind k>`, `give hidden:<kind k>` |
//!
//! That is `96 + 24n + T` ids: 176 for 2 seats and the standard deck, 352 at
//! the largest rules (8 seats, a 64-trump deck). The Exchange is chosen item
//! by item (T12.8.1), so it needs no combined ids.
//!
//! # Chance outcome ids
//!
//! `card v` is `v − 1` (0 – 10), `trump <kind k>` is `11 + k` (11 – 29),
//! `gamble win` 30 and `gamble lose` 31: 32 ids for every rule set.
//!
//! # Observation tensor
//!
//! `106 + 69n` `f32`s (244 for 2 seats, 658 for 8), all 0 unless said: a
//! global block of `106 + 5n`, then one block of [`SEAT_BLOCK`] = 64 per seat,
//! seat 0 first. Every entry lies in [0, 1]: flags are 1.0 when true, and
//! every number is divided by the most it can be under the rules (written
//! `/ most` below; a count of trumps of kind k by `c_k`, the rules' copies of
//! that kind; a total by `S = 66 · copies`, every number card's value summed).
//!
//! Global block (offsets from 0):
//!
//! | offset | meaning |
//! |---|---|
//! | s | the viewer is seat s (all 0 for a spectator) |
//! | n + s | seat s is to act |
//! | 2n, 2n + 1 | chance is to act; the game is over |
//! | 2n + 2 + s | it is seat s's turn |
//! | 3n + 2 + s | seat s opened the round |
//! | 4n + 2 | the actor is at the closing step (`landed`, T11.1) |
//! | 4n + 3 … 4n + 6 | the target is 17, 21, 24, 27 (one-hot) |
//! | 4n + 7 | the target / 27 |
//! | 4n + 8 | the round / the round limit |
//! | 4n + 9 … 4n + 13 | number deck and discards / number cards; supply, draw pile, trumps in transit / T |
//! | 4n + 14 + k | the viewer's own hidden trumps of kind k / `c_k` |
//! | 4n + 33, 4n + 34 | a round was scored; its target / 27 |
//! | 4n + 35 | an Exchange is being chosen (T12.8.1) |
//! | 4n + 36 + s | … with seat s |
//! | 5n + 36 + k, 5n + 55 | its takes `open:<kind k>`, `hidden` / 2 (T12.8: at most two) |
//! | 5n + 56 + k, 5n + 75 | its gives `open:<kind k>`; its hidden gives / 2 |
//! | 5n + 76 + k | its hidden gives of kind k / 2 (only in the exchanging player's view) |
//! | 5n + 95 + v − 1 | discards of value v that every seat saw go there (T15.2) / copies |
//!
//! Seat block of seat s, at `106 + 5n + 64s`:
//!
//! | offset | meaning |
//! |---|---|
//! | 0, 1, 2 | active; out of lives; left |
//! | 3 | lives / the rules' starting lives |
//! | 4 | holds a hidden number card |
//! | 5 + v − 1 | the hidden card is v (only for its owner, or once revealed) |
//! | 16, 17 | revealed (T11); closed |
//! | 18 + v − 1 | his open number cards of value v / copies |
//! | 29 + v − 1 | his top open card is v (what Return discards, T12.10) |
//! | 40 | the total the viewer sees (open cards, plus the hidden card when known) / S |
//! | 41 | his hidden trumps / T |
//! | 42 + k | open trumps of kind k lying at him / `c_k` |
//! | 61, 62, 63 | last scored round: his total / S, his damage / the starting lives, whether he won |
//!
//! The tensor is computed from the view and nothing else: like the view it
//! holds no memories (T15), so a trump given away hidden or a discarded card
//! is not remembered here, and it never depends on a card the viewer cannot
//! see because a view cannot hold one. It is not the whole view: two orders
//! the view keeps are cut to what matters now. A seat's open number cards
//! are counts and the top card, not the stack below it (which card a second
//! Return would discard, T12.10), and the open trumps are counts by kind and
//! seat, not the order played (which Go-for would rule once the latest is
//! gone, T12.3, T12.7).
//!
//! # Rewards
//!
//! 0 after every step; at the end each seat gets
//! [`Outcome::reward`](cards_core::Outcome::reward) of the game's
//! [`outcome`](cards_core::Game::outcome): 1 for first place down to −1 for
//! last, evenly spread, seats that share a place sharing the average (so the
//! rewards sum to 0). Lives lost are not rewarded on the way; the places
//! already follow them (T13).

use cards_core::{Actor, Encode, Seat, Shape, Viewer, ratio};

use crate::action::{Action, DestroyTarget, Give, Play, Take};
use crate::observe::View;
use crate::rules::{MAX_SEATS, Rules};
use crate::state::{Status, Trump21};
use crate::trump::{KINDS, Trump};

/// The 13 kinds played without a target (`play <kind>`), in T2 order: their
/// ids are 5 to 17.
pub const SIMPLE_KINDS: [Trump; 13] = [
    Trump::Draw2,
    Trump::Draw3,
    Trump::Draw4,
    Trump::Draw5,
    Trump::Draw6,
    Trump::Draw7,
    Trump::GoFor17,
    Trump::GoFor24,
    Trump::GoFor27,
    Trump::Shield,
    Trump::PerfectDraw,
    Trump::Return,
    Trump::Harvest,
];

/// Length of each seat's block in the observation tensor.
pub const SEAT_BLOCK: usize = 64;

/// Chance outcome ids: 11 card values, 19 trump kinds, win and lose.
const CHANCE_IDS: usize = 11 + KINDS + 2;

/// The targets a round can have (21, or a Go for, T12.3), in tensor order.
const TARGETS: [u8; 4] = [17, 21, 24, 27];

/// Where each range of player ids starts, for `n` seats and `t` trumps.
#[derive(Clone, Copy)]
struct Ids {
    n: usize,
    t: usize,
}

impl Ids {
    const SIMPLE: usize = 5;
    const DAMAGE: usize = 18;

    fn new(rules: &Rules, seats: usize) -> Ids {
        Ids {
            n: seats,
            t: rules.trumps.total() as usize,
        }
    }
    fn love(self) -> usize {
        Self::DAMAGE + 2 * self.n
    }
    fn exchange(self) -> usize {
        Self::DAMAGE + 3 * self.n
    }
    fn destroy_open(self) -> usize {
        Self::DAMAGE + 4 * self.n
    }
    fn destroy_mine(self) -> usize {
        self.destroy_open() + KINDS * self.n
    }
    fn destroy_hidden(self) -> usize {
        self.destroy_mine() + KINDS
    }
    fn destroy_none(self) -> usize {
        self.destroy_hidden() + self.n
    }
    fn switch(self) -> usize {
        self.destroy_none() + 1
    }
    fn take(self) -> usize {
        self.switch() + self.t
    }
    fn give(self) -> usize {
        self.take() + KINDS + 1
    }
    fn total(self) -> usize {
        self.give() + 2 * KINDS
    }

    /// `seat`'s index when it is at this table.
    fn seat(self, seat: Seat) -> Option<usize> {
        (seat.index() < self.n).then_some(seat.index())
    }

    fn id(self, a: &Action) -> Option<usize> {
        Some(match *a {
            Action::Draw => 0,
            Action::Close => 1,
            Action::Reveal => 2,
            Action::End => 3,
            Action::Done => 4,
            Action::Play(p) => match p {
                Play::Simple(k) => Self::SIMPLE + SIMPLE_KINDS.iter().position(|&s| s == k)?,
                Play::Damage(Trump::Damage1, s) => Self::DAMAGE + self.seat(s)?,
                Play::Damage(Trump::Damage2, s) => Self::DAMAGE + self.n + self.seat(s)?,
                Play::Damage(..) => return None,
                Play::Love(s) => self.love() + self.seat(s)?,
                Play::Exchange(s) => self.exchange() + self.seat(s)?,
                Play::Destroy(DestroyTarget::Open(s, k)) => {
                    self.destroy_open() + KINDS * self.seat(s)? + k.index()
                }
                Play::Destroy(DestroyTarget::Mine(k)) => self.destroy_mine() + k.index(),
                Play::Destroy(DestroyTarget::Hidden(s)) => self.destroy_hidden() + self.seat(s)?,
                Play::Destroy(DestroyTarget::Nothing) => self.destroy_none(),
                Play::Switch(x) => {
                    let x = usize::from(x);
                    (x < self.t).then_some(self.switch() + x)?
                }
            },
            Action::Take(Take::Open(k)) => self.take() + k.index(),
            Action::Take(Take::Hidden) => self.take() + KINDS,
            Action::Give(Give::Open(k)) => self.give() + k.index(),
            Action::Give(Give::Hidden(k)) => self.give() + KINDS + k.index(),
            Action::Card(_) | Action::Trump(_) | Action::Gamble(_) => return None,
        })
    }

    fn action(self, id: usize) -> Option<Action> {
        let seat = |i: usize| Seat(i as u8);
        let kind = |i: usize| Trump::from_index(i);
        let n = self.n;
        Some(if id < Self::SIMPLE {
            [
                Action::Draw,
                Action::Close,
                Action::Reveal,
                Action::End,
                Action::Done,
            ][id]
        } else if id < Self::DAMAGE {
            Action::Play(Play::Simple(SIMPLE_KINDS[id - Self::SIMPLE]))
        } else if id < self.love() {
            let i = id - Self::DAMAGE;
            let k = if i < n {
                Trump::Damage1
            } else {
                Trump::Damage2
            };
            Action::Play(Play::Damage(k, seat(i % n)))
        } else if id < self.exchange() {
            Action::Play(Play::Love(seat(id - self.love())))
        } else if id < self.destroy_open() {
            Action::Play(Play::Exchange(seat(id - self.exchange())))
        } else if id < self.destroy_mine() {
            let i = id - self.destroy_open();
            Action::Play(Play::Destroy(DestroyTarget::Open(
                seat(i / KINDS),
                kind(i % KINDS)?,
            )))
        } else if id < self.destroy_hidden() {
            Action::Play(Play::Destroy(DestroyTarget::Mine(kind(
                id - self.destroy_mine(),
            )?)))
        } else if id < self.destroy_none() {
            Action::Play(Play::Destroy(DestroyTarget::Hidden(seat(
                id - self.destroy_hidden(),
            ))))
        } else if id < self.switch() {
            Action::Play(Play::Destroy(DestroyTarget::Nothing))
        } else if id < self.take() {
            Action::Play(Play::Switch(u8::try_from(id - self.switch()).ok()?))
        } else if id < self.give() {
            match id - self.take() {
                KINDS => Action::Take(Take::Hidden),
                i => Action::Take(Take::Open(kind(i)?)),
            }
        } else if id < self.total() {
            let i = id - self.give();
            if i < KINDS {
                Action::Give(Give::Open(kind(i)?))
            } else {
                Action::Give(Give::Hidden(kind(i - KINDS)?))
            }
        } else {
            return None;
        })
    }
}

fn chance_id(a: &Action) -> Option<usize> {
    match *a {
        Action::Card(v @ 1..=11) => Some(usize::from(v) - 1),
        Action::Trump(k) => Some(11 + k.index()),
        Action::Gamble(true) => Some(11 + KINDS),
        Action::Gamble(false) => Some(12 + KINDS),
        _ => None,
    }
}

fn chance_action(id: usize) -> Option<Action> {
    match id {
        0..=10 => Some(Action::Card(id as u8 + 1)),
        _ if id < 11 + KINDS => Trump::from_index(id - 11).map(Action::Trump),
        _ if id == 11 + KINDS => Some(Action::Gamble(true)),
        _ if id == 12 + KINDS => Some(Action::Gamble(false)),
        _ => None,
    }
}

/// Length of the global block for `n` seats.
const fn global_len(n: usize) -> usize {
    106 + 5 * n
}

/// The most a total can be: every number card's value summed (T1).
fn most_total(rules: &Rules) -> u32 {
    66 * u32::from(rules.copies)
}

/// `count / c_k`, the count of trumps of `kind` over the rules' copies of it.
fn of_kind(rules: &Rules, kind: Trump, count: u32) -> f32 {
    ratio(count, u32::from(rules.trumps.get(kind)))
}

/// Sets `out[i]` to 1.0 when `i` is inside it (a hand-built view may hold
/// numbers no position has; they are left out rather than panicking).
#[inline]
fn flag(out: &mut [f32], i: usize, on: bool) {
    if on && let Some(x) = out.get_mut(i) {
        *x = 1.0;
    }
}

/// Adds a half to `out[i]`, at most up to 1 (one of at most two exchange
/// items, T12.8).
#[inline]
fn half(out: &mut [f32], i: usize) {
    out[i] = (out[i] + 0.5).min(1.0);
}

fn encode_global(rules: &Rules, n: usize, v: &View, out: &mut [f32]) {
    if let Viewer::Seat(s) = v.viewer {
        flag(out, s.index(), s.index() < n);
    }
    match v.actor {
        Actor::Player(s) => flag(out, n + s.index(), s.index() < n),
        Actor::Chance => out[2 * n] = 1.0,
        Actor::Terminal => out[2 * n + 1] = 1.0,
    }
    flag(out, 2 * n + 2 + v.turn.index(), v.turn.index() < n);
    flag(out, 3 * n + 2 + v.opener.index(), v.opener.index() < n);
    let g = 4 * n + 2;
    out[g] = f32::from(u8::from(v.landed));
    if let Some(i) = TARGETS.iter().position(|&t| t == v.target) {
        out[g + 1 + i] = 1.0;
    }
    out[g + 5] = f32::from(v.target) / 27.0;
    out[g + 6] = ratio(v.round, rules.round_limit);
    let trumps = rules.trumps.total();
    out[g + 7] = ratio(v.deck, rules.number_cards());
    out[g + 8] = ratio(v.discards, rules.number_cards());
    out[g + 9] = ratio(v.supply, trumps);
    out[g + 10] = ratio(v.draw_pile, trumps);
    out[g + 11] = ratio(v.in_transit, trumps);
    for (k, c) in v.my_trumps.iter() {
        out[g + 12 + k.index()] = of_kind(rules, k, u32::from(c));
    }
    let g = g + 12 + KINDS;
    if let Some(last) = &v.last_round {
        out[g] = 1.0;
        out[g + 1] = f32::from(last.target) / 27.0;
    }
    if let Some(x) = &v.exchange {
        let g = g + 2;
        out[g] = 1.0;
        flag(out, g + 1 + x.with.index(), x.with.index() < n);
        // At most two takes and two gives (T12.8): each counts a half.
        let g = g + 1 + n;
        for t in &x.take {
            let i = match t {
                Take::Open(k) => k.index(),
                Take::Hidden => KINDS,
            };
            half(out, g + i);
        }
        let g = g + KINDS + 1;
        for k in &x.open_gives {
            half(out, g + k.index());
        }
        out[g + KINDS] = ratio(u32::from(x.hidden_gives), 2);
        let g = g + KINDS + 1;
        for k in &x.my_hidden_gives {
            half(out, g + k.index());
        }
    }
    let g = 5 * n + 76 + KINDS;
    for (value, count) in v.seen_discards.iter() {
        out[g + usize::from(value) - 1] = ratio(u32::from(count), u32::from(rules.copies));
    }
}

fn encode_seat(rules: &Rules, v: &View, s: usize, out: &mut [f32]) {
    let copy = 1.0 / f32::from(rules.copies.max(1));
    let info = &v.seats[s];
    let status = match info.status {
        Status::Active => 0,
        Status::Out(_) => 1,
        Status::Left(_) => 2,
    };
    out[status] = 1.0;
    out[3] = ratio(u32::from(info.lives), u32::from(rules.lives));
    out[4] = f32::from(u8::from(info.has_hidden));
    let value = |c: u8| (1..=11).contains(&c).then(|| usize::from(c) - 1);
    if let Some(i) = info.hidden.and_then(value) {
        out[5 + i] = 1.0;
    }
    out[16] = f32::from(u8::from(info.revealed));
    out[17] = f32::from(u8::from(info.closed));
    for &c in &info.open_cards {
        if let Some(i) = value(c) {
            out[18 + i] = (out[18 + i] + copy).min(1.0);
        }
    }
    if let Some(i) = info.open_cards.last().copied().and_then(value) {
        out[29 + i] = 1.0;
    }
    out[40] = ratio(u32::from(info.visible_total()), most_total(rules));
    out[41] = ratio(u32::from(info.hidden_trumps), rules.trumps.total());
    for o in &v.open_trumps {
        if o.holder.index() == s {
            let i = 42 + o.kind.index();
            out[i] = (out[i] + of_kind(rules, o.kind, 1)).min(1.0);
        }
    }
    if let Some(last) = &v.last_round
        && s < MAX_SEATS
    {
        out[61] = ratio(u32::from(last.totals[s]), most_total(rules));
        out[62] = ratio(u32::from(last.damage[s]), u32::from(rules.lives));
        out[63] = f32::from(u8::from((last.winners >> s) & 1 == 1));
    }
}

impl Encode for Trump21 {
    fn shape(rules: &Rules, seats: usize) -> Shape {
        Shape {
            actions: Ids::new(rules, seats).total(),
            chance_outcomes: CHANCE_IDS,
            observation: global_len(seats) + SEAT_BLOCK * seats,
        }
    }

    fn action_id(rules: &Rules, seats: usize, action: &Action, chance: bool) -> Option<usize> {
        if chance {
            chance_id(action)
        } else {
            Ids::new(rules, seats).id(action)
        }
    }

    fn action_from_id(rules: &Rules, seats: usize, id: usize, chance: bool) -> Option<Action> {
        if chance {
            chance_action(id)
        } else {
            Ids::new(rules, seats).action(id)
        }
    }

    /// `Rules::game_step_bound` (T13.3), which counts chance steps too.
    fn max_game_length(rules: &Rules, seats: usize) -> Option<u64> {
        Some(rules.game_step_bound(seats))
    }

    /// The round limit (T13.2) ended the game with more than one player in.
    fn ended_by_limit(&self) -> bool {
        cards_core::Game::outcome(self).is_some() && self.active_count() > 1
    }

    fn view_seats(view: &View) -> Option<usize> {
        Some(view.seats.len())
    }

    /// Writes the tensor laid out in the module docs, every entry in [0, 1].
    ///
    /// # Panics
    /// When `out` is shorter than [`Shape::observation`].
    fn write_view(rules: &Rules, seats: usize, view: &View, out: &mut [f32]) {
        let len = global_len(seats) + SEAT_BLOCK * seats;
        let out = &mut out[..len];
        let (global, blocks) = out.split_at_mut(global_len(seats));
        encode_global(rules, seats, view, global);
        for (s, block) in blocks
            .chunks_exact_mut(SEAT_BLOCK)
            .enumerate()
            .take(view.seats.len())
        {
            encode_seat(rules, view, s, block);
        }
    }
}
