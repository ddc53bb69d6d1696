//! Saves changed the way a hostile or buggy client changes them, and the
//! promise checked on each one the game accepts: it plays on and stays
//! saveable ([`check_play_on`]).
//!
//! A mutation works on the JSON form of a save, so one piece of code serves
//! every game: a number changed, a flag flipped, a text (a card, a phase) swapped
//! for another of the same save, a count or a list item (a card) moved from one
//! place to another, doubled or dropped, a field emptied, or a seat added or
//! removed (every list as long as the seat count grows or shrinks together, and
//! a top-level number equal to it with them).

use std::fmt;

use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

use super::play_on::{check_play_on, play_random};
use super::{Violation, guarded, violation};
use crate::chance::below;
use crate::save::Save;

/// One way a client changes a save ([`mutate`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mutation {
    /// A number set to another (one more or less, zero, double, a small random one).
    Number,
    /// A flag flipped.
    Flag,
    /// A text (a card, a phase, a status) replaced by another text of the same save.
    Text,
    /// One unit moved from one number to another (a count moved between piles).
    MoveCount,
    /// A list item (a card) moved to another list.
    MoveItem,
    /// A list item (a card) doubled into a list.
    DoubleItem,
    /// A list item (a card) dropped.
    DropItem,
    /// A field set to `null`.
    Null,
    /// A seat added: every list as long as the chosen one gets a copy of one of
    /// its items, and a top-level number equal to that length grows by one.
    AddSeat,
    /// A seat removed, the same way.
    RemoveSeat,
}

impl Mutation {
    /// Every mutation, in the order [`mutate`] picks from.
    pub const ALL: [Mutation; 10] = [
        Mutation::Number,
        Mutation::Flag,
        Mutation::Text,
        Mutation::MoveCount,
        Mutation::MoveItem,
        Mutation::DoubleItem,
        Mutation::DropItem,
        Mutation::Null,
        Mutation::AddSeat,
        Mutation::RemoveSeat,
    ];
}

/// A step into a JSON document.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Key {
    Index(usize),
    Field(String),
}

type Path = Vec<Key>;

fn at<'a>(doc: &'a mut Value, path: &[Key]) -> Option<&'a mut Value> {
    path.iter().try_fold(doc, |v, k| match (v, k) {
        (Value::Array(a), Key::Index(i)) => a.get_mut(*i),
        (Value::Object(o), Key::Field(f)) => o.get_mut(f),
        _ => None,
    })
}

/// Every value below the root, with its path (pre-order).
fn paths(v: &Value, path: &mut Path, out: &mut Vec<(Path, Value)>) {
    let visit = |k: Key, x: &Value, path: &mut Path, out: &mut Vec<(Path, Value)>| {
        path.push(k);
        out.push((path.clone(), x.clone()));
        paths(x, path, out);
        path.pop();
    };
    match v {
        Value::Array(a) => {
            for (i, x) in a.iter().enumerate() {
                visit(Key::Index(i), x, path, out);
            }
        }
        Value::Object(o) => {
            for (k, x) in o {
                visit(Key::Field(k.clone()), x, path, out);
            }
        }
        _ => {}
    }
}

fn pick<'a, T, R: Rng + ?Sized>(rng: &mut R, items: &'a [T]) -> Option<&'a T> {
    (!items.is_empty()).then(|| &items[below(rng, items.len() as u64) as usize])
}

/// Changes `doc` by one `kind` of mutation chosen at random with `rng`.
/// Returns whether anything changed (a save may have nothing of that kind).
pub fn mutate_as<R: Rng + ?Sized>(doc: &mut Value, kind: Mutation, rng: &mut R) -> bool {
    let before = doc.clone();
    let mut all = Vec::new();
    paths(doc, &mut Vec::new(), &mut all);
    let numbers: Vec<&(Path, Value)> = all.iter().filter(|(_, v)| v.is_u64()).collect();
    let items: Vec<&(Path, Value)> = all
        .iter()
        .filter(|(p, v)| matches!(p.last(), Some(Key::Index(_))) && !v.is_array())
        .collect();
    let lists: Vec<&(Path, Value)> = all.iter().filter(|(_, v)| v.is_array()).collect();
    let set = |doc: &mut Value, path: &Path, new: Value| {
        if let Some(v) = at(doc, path) {
            *v = new;
        }
    };
    match kind {
        Mutation::Number => {
            if let Some((p, v)) = pick(rng, &numbers) {
                let n = v.as_u64().unwrap_or(0);
                let new = match below(rng, 6) {
                    0 => n.saturating_add(1),
                    1 => n.saturating_sub(1),
                    2 => 0,
                    3 => n.saturating_mul(2).saturating_add(1),
                    4 => below(rng, 16),
                    _ => u64::from(u8::MAX) + below(rng, 2),
                };
                set(doc, p, Value::from(new));
            }
        }
        Mutation::Flag => {
            let flags: Vec<_> = all.iter().filter(|(_, v)| v.is_boolean()).collect();
            if let Some((p, v)) = pick(rng, &flags) {
                set(doc, p, Value::Bool(!v.as_bool().unwrap_or(false)));
            }
        }
        Mutation::Text => {
            let texts: Vec<_> = all.iter().filter(|(_, v)| v.is_string()).collect();
            if let (Some((p, _)), Some((_, new))) = (pick(rng, &texts), pick(rng, &texts)) {
                set(doc, p, new.clone());
            }
        }
        Mutation::MoveCount => {
            let positive: Vec<_> = numbers
                .iter()
                .filter(|(_, v)| v.as_u64() > Some(0))
                .collect();
            if let (Some((from, v)), Some((to, w))) = (pick(rng, &positive), pick(rng, &numbers))
                && from != to
            {
                let (v, w) = (v.as_u64().unwrap_or(1), w.as_u64().unwrap_or(0));
                set(doc, from, Value::from(v - 1));
                set(doc, to, Value::from(w.saturating_add(1)));
            }
        }
        Mutation::MoveItem | Mutation::DoubleItem => {
            if let (Some((from, item)), Some((to, _))) = (pick(rng, &items), pick(rng, &lists)) {
                if kind == Mutation::MoveItem {
                    remove_item(doc, from);
                }
                // Moving within one list may shift the target's path: look it up again.
                if let Some(Value::Array(a)) = at(doc, to) {
                    let i = below(rng, a.len() as u64 + 1) as usize;
                    a.insert(i, item.clone());
                }
            }
        }
        Mutation::DropItem => {
            if let Some((from, _)) = pick(rng, &items) {
                remove_item(doc, from);
            }
        }
        Mutation::Null => {
            if let Some((p, _)) = pick(rng, &all) {
                set(doc, p, Value::Null);
            }
        }
        Mutation::AddSeat | Mutation::RemoveSeat => {
            let seat_lists: Vec<_> = lists
                .iter()
                .filter(|(_, v)| v.as_array().is_some_and(|a| a.len() >= 2))
                .collect();
            if let Some((_, list)) = pick(rng, &seat_lists) {
                let len = list.as_array().map_or(0, Vec::len);
                let i = below(rng, len as u64) as usize;
                resize_seats(doc, len, i, kind == Mutation::AddSeat);
            }
        }
    }
    *doc != before
}

fn remove_item(doc: &mut Value, path: &[Key]) {
    if let Some((Key::Index(i), parent)) = path.split_last()
        && let Some(Value::Array(a)) = at(doc, parent)
        && *i < a.len()
    {
        a.remove(*i);
    }
}

/// Every list of length `len` gets a copy of its item `i` (or loses it), and every
/// top-level number equal to `len` follows.
fn resize_seats(doc: &mut Value, len: usize, i: usize, add: bool) {
    fn walk(v: &mut Value, len: usize, i: usize, add: bool) {
        match v {
            Value::Array(a) => {
                for x in a.iter_mut() {
                    walk(x, len, i, add);
                }
                if a.len() == len {
                    if add {
                        let copy = a[i].clone();
                        a.insert(i, copy);
                    } else {
                        a.remove(i);
                    }
                }
            }
            Value::Object(o) => {
                for x in o.values_mut() {
                    walk(x, len, i, add);
                }
            }
            _ => {}
        }
    }
    walk(doc, len, i, add);
    if let Value::Object(o) = doc {
        for v in o.values_mut() {
            if v.as_u64() == Some(len as u64) {
                let new = if add { len + 1 } else { len - 1 };
                *v = Value::from(new as u64);
            }
        }
    }
}

/// Changes `doc` by one to three mutations of kinds chosen at random; returns
/// the kinds applied (empty when none changed anything).
pub fn mutate<R: Rng + ?Sized>(doc: &mut Value, rng: &mut R) -> Vec<Mutation> {
    let mut done = Vec::new();
    let times = 1 + below(rng, 3);
    for _ in 0..times {
        for _ in 0..8 {
            let kind = Mutation::ALL[below(rng, Mutation::ALL.len() as u64) as usize];
            if mutate_as(doc, kind, rng) {
                done.push(kind);
                break;
            }
        }
    }
    done
}

/// Mutates the JSON save of `base` from `seed` ([`mutate`]) and, when the game
/// accepts the result, plays it on for at most `max_steps` steps saving and
/// reloading at every step ([`check_play_on`]).
///
/// Returns `None` when the game refuses the mutated save (or no mutation
/// applied), or the number of steps played on.
///
/// # Errors
/// A [`Violation`] when the save does not serialize, loading panics, or a
/// position the game accepted breaks the promise while played on; its detail
/// carries the mutated save.
pub fn check_mutated_save<G>(
    base: &G,
    seed: u64,
    max_steps: usize,
    host_ops: &[G::HostOp],
) -> Result<Option<usize>, Violation>
where
    G: Save + Serialize + DeserializeOwned,
{
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut doc = serde_json::to_value(base)
        .map_err(|e| violation(0, "every reachable state saves as JSON", e.to_string()))?;
    let kinds = mutate(&mut doc, &mut rng);
    if kinds.is_empty() {
        return Ok(None);
    }
    let text = doc.to_string();
    let loaded = guarded(0, "load", || serde_json::from_value::<G>(doc))?;
    let Ok(state) = loaded else {
        return Ok(None);
    };
    check_play_on(&state, rng.next_u64(), max_steps, host_ops)
        .map(Some)
        .map_err(|v| Violation {
            detail: format!("{} (mutated by {kinds:?} into {text})", v.detail),
            ..v
        })
}

/// Plays `start` at random for `base_steps` steps from `seed` (host operations
/// mixed in) and runs [`check_mutated_save`] on `mutations` mutations of the
/// state reached: the body of a game's mutated-save property test.
///
/// # Errors
/// The first [`Violation`], with the mutation seed that repeats it.
pub fn check_mutated_saves_after<G>(
    start: &G,
    seed: u64,
    base_steps: usize,
    mutations: usize,
    play_steps: usize,
    host_ops: &[G::HostOp],
) -> Result<(), Violation>
where
    G: Save + Serialize + DeserializeOwned,
{
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let (base, _) = play_random(start, &mut rng, base_steps, host_ops, |_, _| Ok(()))?;
    for _ in 0..mutations {
        let m = rng.next_u64();
        check_mutated_save(&base, m, play_steps, host_ops).map_err(|v| Violation {
            detail: format!("mutation seed {m}: {}", v.detail),
            ..v
        })?;
    }
    Ok(())
}

/// What [`mutated_save_census`] found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Census {
    /// Mutated saves tried.
    pub tried: u64,
    /// Refused by the game (or left unchanged by the mutation).
    pub refused: u64,
    /// Accepted by the game.
    pub accepted: u64,
    /// Accepted, then a save or reload failed (or something panicked) while
    /// playing on: the number that must be 0.
    pub unsaveable: u64,
    /// The first few failures, each with the seed that repeats it.
    pub failures: Vec<(u64, Violation)>,
}

impl fmt::Display for Census {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "tried {}, refused {}, accepted {}, accepted-then-unsaveable {}",
            self.tried, self.refused, self.accepted, self.unsaveable
        )
    }
}

/// The most failures a [`Census`] keeps in full.
const KEPT_FAILURES: usize = 5;

/// Mutated saves a base state is used for before a new one is played.
const SAVES_PER_BASE: u64 = 8;

/// Tries `saves` mutated saves ([`check_mutated_save`]) from `seed`. The saves
/// are taken from reachable states: `new_game` makes a starting position
/// (any seat count or rules the caller likes), which is played at random for
/// up to `base_steps` steps with `host_ops` mixed in; every accepted save is
/// played on for at most `play_steps` steps.
pub fn mutated_save_census<G>(
    mut new_game: impl FnMut(&mut ChaCha8Rng) -> G,
    host_ops: &[G::HostOp],
    saves: u64,
    seed: u64,
    base_steps: usize,
    play_steps: usize,
) -> Census
where
    G: Save + Serialize + DeserializeOwned,
{
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut census = Census::default();
    let mut base = None;
    for k in 0..saves {
        if k % SAVES_PER_BASE == 0 || base.is_none() {
            let start = new_game(&mut rng);
            let steps = below(&mut rng, base_steps as u64 + 1) as usize;
            base = play_random(&start, &mut rng, steps, host_ops, |_, _| Ok(()))
                .ok()
                .map(|(g, _)| g);
        }
        let Some(b) = &base else { continue };
        let mutation_seed = rng.next_u64();
        census.tried += 1;
        match check_mutated_save(b, mutation_seed, play_steps, host_ops) {
            Ok(None) => census.refused += 1,
            Ok(Some(_)) => census.accepted += 1,
            Err(v) => {
                census.accepted += 1;
                census.unsaveable += 1;
                if census.failures.len() < KEPT_FAILURES {
                    census.failures.push((mutation_seed, v));
                }
            }
        }
    }
    census
}
