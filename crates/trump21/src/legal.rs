//! Legal player actions, generated once for both the full state and a seat's view.

use cards_core::Seat;

use crate::action::{Action, DestroyTarget, Exchange, Give, Play, Take};
use crate::rules::MAX_SEATS;
use crate::state::{OpenTrump, Trump21};
use crate::trump::{KINDS, Trump, TrumpCounts};

/// The most actions any legal list holds, under every rule set `Rules` accepts
/// (issue 13 item 6). A player step lists at most draw, close, reveal (3), Damage+1 and
/// Damage+2 at each of 8 seats (16), Love your enemy at 7 opponents (7), Trump Switch
/// 0–63 (64), Destroy at up to 64 open trumps, 19 own hidden kinds and 7 opponents (90),
/// Exchange with 7 opponents (7) and the 13 kinds without a target (13): 200. An
/// Exchange step lists at most 20 takes, 38 gives and `done` (59); a chance step at most
/// 19 kinds or 11 values.
pub const MAX_LEGAL_ACTIONS: usize = 200;

/// Which player step is being listed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Step {
    Play,
    Landed,
    Exchanging(Exchange),
}

/// What the acting seat knows, enough to list its actions (the state and a view both have it).
pub(crate) trait Knowledge {
    fn seat_count(&self) -> usize;
    fn me(&self) -> Seat;
    fn active(&self, s: usize) -> bool;
    fn hidden_trump_count(&self, s: usize) -> u8;
    fn my_trumps(&self) -> TrumpCounts;
    fn open_list(&self) -> &[OpenTrump];
    fn may_draw(&self) -> bool;
    fn may_reveal(&self) -> bool;
}

/// Lists the acting seat's legal actions at a player step.
pub(crate) fn player_actions<K: Knowledge>(k: &K, step: Step, out: &mut Vec<Action>) {
    out.clear();
    if let Step::Exchanging(e) = step {
        exchange_steps(k, &e, out);
        return;
    }
    if step == Step::Landed {
        if k.may_reveal() {
            out.push(Action::Reveal);
        }
        out.push(Action::End);
        return;
    }
    if k.may_draw() {
        out.push(Action::Draw);
    }
    out.push(Action::Close);
    if k.may_reveal() {
        out.push(Action::Reveal);
    }
    let mine = k.my_trumps();
    let n = k.seat_count().min(MAX_SEATS);
    let me = k.me();
    for (kind, have) in mine.iter() {
        match kind {
            Trump::Damage1 | Trump::Damage2 => {
                for s in 0..n {
                    if k.active(s) {
                        out.push(Action::Play(Play::Damage(kind, Seat(s as u8))));
                    }
                }
            }
            Trump::Love => {
                for s in 0..n {
                    if s != me.index() && k.active(s) {
                        out.push(Action::Play(Play::Love(Seat(s as u8))));
                    }
                }
            }
            Trump::Switch => {
                let others = mine.total().saturating_sub(1).min(255) as u8;
                for x in 0..=others {
                    out.push(Action::Play(Play::Switch(x)));
                }
            }
            Trump::Destroy => destroy_actions(k, have, out),
            Trump::Exchange => {
                for s in 0..n {
                    if s != me.index() && k.active(s) {
                        out.push(Action::Play(Play::Exchange(Seat(s as u8))));
                    }
                }
            }
            _ => out.push(Action::Play(Play::Simple(kind))),
        }
    }
}

fn open_counts<K: Knowledge>(k: &K) -> [[u8; KINDS]; MAX_SEATS] {
    let mut c = [[0u8; KINDS]; MAX_SEATS];
    for o in k.open_list() {
        if let Some(row) = c.get_mut(o.holder.index()) {
            row[o.kind.index()] = row[o.kind.index()].saturating_add(1);
        }
    }
    c
}

fn destroy_actions<K: Knowledge>(k: &K, _have: u8, out: &mut Vec<Action>) {
    let start = out.len();
    let counts = open_counts(k);
    let n = k.seat_count().min(MAX_SEATS);
    for (s, row) in counts.iter().enumerate().take(n) {
        for kind in Trump::ALL {
            if row[kind.index()] > 0 {
                out.push(Action::Play(Play::Destroy(DestroyTarget::Open(
                    Seat(s as u8),
                    kind,
                ))));
            }
        }
    }
    let mine = k.my_trumps();
    for (kind, c) in mine.iter() {
        if c > u8::from(kind == Trump::Destroy) {
            out.push(Action::Play(Play::Destroy(DestroyTarget::Mine(kind))));
        }
    }
    let me = k.me().index();
    for s in 0..n {
        if s != me && k.active(s) && k.hidden_trump_count(s) > 0 {
            out.push(Action::Play(Play::Destroy(DestroyTarget::Hidden(Seat(
                s as u8,
            )))));
        }
    }
    if out.len() == start {
        out.push(Action::Play(Play::Destroy(DestroyTarget::Nothing)));
    }
}

/// The next steps of an Exchange being chosen (T12.8). The Exchange card already lies
/// open at the player and has left his hand. Items come in canonical order: takes
/// before gives, each list non-decreasing, so each exchange has exactly one sequence;
/// an item is listed only if the choice can still be completed with `t <= g <= 2`,
/// so the list is never empty. At most 20 takes + 38 gives + `done`.
fn exchange_steps<K: Knowledge>(k: &K, e: &Exchange, out: &mut Vec<Action>) {
    let counts = open_counts(k);
    let me = k.me().index();
    let Some(his_open) = counts.get(e.with.index()) else {
        return;
    };
    let my_open = counts.get(me).copied().unwrap_or([0; KINDS]);
    let mine = k.my_trumps();
    let takes = e.takes();
    let gives = e.gives();
    let givable: u32 = my_open.iter().map(|&c| u32::from(c)).sum::<u32>() + mine.total();
    if gives == 0 && takes < 2 && (takes as u32) < givable {
        let last = e.last_take();
        let used = |t: Take| e.take.iter().flatten().filter(|x| **x == t).count() as u32;
        let mut cands: [(Take, u32); KINDS + 1] = [(Take::Hidden, 0); KINDS + 1];
        for kind in Trump::ALL {
            cands[kind.index()] = (Take::Open(kind), u32::from(his_open[kind.index()]));
        }
        cands[KINDS] = (
            Take::Hidden,
            u32::from(k.hidden_trump_count(e.with.index())),
        );
        for (t, have) in cands {
            if last.is_none_or(|l| t >= l) && used(t) < have {
                out.push(Action::Take(t));
            }
        }
    }
    if gives < 2 {
        let last = e.last_give();
        let used = |g: Give| e.give.iter().flatten().filter(|x| **x == g).count() as u32;
        let mut cands: [(Give, u32); 2 * KINDS] = [(Give::Hidden(Trump::Draw2), 0); 2 * KINDS];
        for kind in Trump::ALL {
            cands[kind.index()] = (Give::Open(kind), u32::from(my_open[kind.index()]));
            cands[KINDS + kind.index()] = (Give::Hidden(kind), u32::from(mine.get(kind)));
        }
        // Whether one more give is needed after this one (t <= g), and if so whether an
        // item at or after position `i` is still free once item `i` is used.
        let need_after = takes > gives + 1;
        let left = |i: usize| cands[i].1.saturating_sub(used(cands[i].0));
        for (i, &(g, _)) in cands.iter().enumerate() {
            if last.is_some_and(|l| g < l) || left(i) == 0 {
                continue;
            }
            let completable =
                !need_after || left(i) >= 2 || (i + 1..cands.len()).any(|j| left(j) > 0);
            if completable {
                out.push(Action::Give(g));
            }
        }
    }
    if takes <= gives {
        out.push(Action::Done);
    }
}

/// Whether `e` is a record the step-by-step listing reaches: each of its items, in
/// canonical order, was listed at its step (T12.8). Used to validate saves and views.
pub(crate) fn exchange_reachable<K: Knowledge>(k: &K, e: &Exchange) -> bool {
    if !e.is_canonical() {
        return false;
    }
    let mut at = Exchange::start(e.with);
    let mut out = Vec::new();
    let steps = e
        .take
        .iter()
        .flatten()
        .map(|t| Action::Take(*t))
        .chain(e.give.iter().flatten().map(|g| Action::Give(*g)));
    for a in steps {
        exchange_steps(k, &at, &mut out);
        if !out.contains(&a) {
            return false;
        }
        at = match a {
            Action::Take(t) => at.with_take(t),
            Action::Give(g) => at.with_give(g),
            _ => at,
        };
        out.clear();
    }
    at == *e
}

impl Knowledge for Trump21 {
    fn seat_count(&self) -> usize {
        usize::from(self.n)
    }
    fn me(&self) -> Seat {
        self.turn
    }
    fn active(&self, s: usize) -> bool {
        self.players().get(s).is_some_and(|p| p.active())
    }
    fn hidden_trump_count(&self, s: usize) -> u8 {
        self.players().get(s).map_or(0, |p| p.ntrumps)
    }
    fn my_trumps(&self) -> TrumpCounts {
        self.cur().trumps
    }
    fn open_list(&self) -> &[OpenTrump] {
        self.open_trumps()
    }
    fn may_draw(&self) -> bool {
        self.can_draw()
    }
    fn may_reveal(&self) -> bool {
        self.can_reveal()
    }
}
