//! Legal player actions, generated once for both the full state and a seat's view.

use cards_core::Seat;

use crate::action::{Action, DestroyTarget, Exchange, Give, Play, Take};
use crate::state::{MAX_PLAYERS, OpenTrump};
use crate::trump::{KINDS, Trump, TrumpCounts};

/// Which player step is being listed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Step {
    Play,
    Landed,
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

fn multisets<T: Copy>(cands: &[(T, u8)], size: usize, mut f: impl FnMut([Option<T>; 2])) {
    match size {
        0 => f([None, None]),
        1 => {
            for &(c, _) in cands {
                f([Some(c), None]);
            }
        }
        _ => {
            for (i, &(a, ma)) in cands.iter().enumerate() {
                if ma >= 2 {
                    f([Some(a), Some(a)]);
                }
                for &(b, _) in &cands[i + 1..] {
                    f([Some(a), Some(b)]);
                }
            }
        }
    }
}

/// Lists the acting seat's legal actions at a player step.
pub(crate) fn player_actions<K: Knowledge>(k: &K, step: Step, out: &mut Vec<Action>) {
    out.clear();
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
    let n = k.seat_count().min(MAX_PLAYERS);
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
            Trump::Exchange => exchange_actions(k, out),
            _ => out.push(Action::Play(Play::Simple(kind))),
        }
    }
}

fn open_counts<K: Knowledge>(k: &K) -> [[u8; KINDS]; MAX_PLAYERS] {
    let mut c = [[0u8; KINDS]; MAX_PLAYERS];
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
    let n = k.seat_count().min(MAX_PLAYERS);
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

fn exchange_actions<K: Knowledge>(k: &K, out: &mut Vec<Action>) {
    let counts = open_counts(k);
    let n = k.seat_count().min(MAX_PLAYERS);
    let me = k.me();
    let mine = k.my_trumps();
    // What I can give: my open trumps (the Exchange itself joins them), then my hidden ones.
    let mut gives: [(Give, u8); 2 * KINDS] = [(Give::Hidden(Trump::Draw2), 0); 2 * KINDS];
    let mut ng = 0;
    let my_open = counts.get(me.index()).copied().unwrap_or([0; KINDS]);
    for kind in Trump::ALL {
        let c = my_open[kind.index()] + u8::from(kind == Trump::Exchange);
        if c > 0 {
            gives[ng] = (Give::Open(kind), c);
            ng += 1;
        }
    }
    for (kind, c) in mine.iter() {
        let c = c - u8::from(kind == Trump::Exchange);
        if c > 0 {
            gives[ng] = (Give::Hidden(kind), c);
            ng += 1;
        }
    }
    let gives = &gives[..ng];
    for (s, row) in counts.iter().enumerate().take(n) {
        if s == me.index() || !k.active(s) {
            continue;
        }
        let with = Seat(s as u8);
        let mut takes: [(Take, u8); KINDS + 1] = [(Take::Hidden, 0); KINDS + 1];
        let mut nt = 0;
        for kind in Trump::ALL {
            let c = row[kind.index()];
            if c > 0 {
                takes[nt] = (Take::Open(kind), c);
                nt += 1;
            }
        }
        let h = k.hidden_trump_count(s);
        if h > 0 {
            takes[nt] = (Take::Hidden, h);
            nt += 1;
        }
        let takes = &takes[..nt];
        for t in 0..=2usize {
            for g in t..=2usize {
                multisets(takes, t, |take| {
                    multisets(gives, g, |give| {
                        out.push(Action::Play(Play::Exchange(Exchange { with, take, give })));
                    });
                });
            }
        }
    }
}
