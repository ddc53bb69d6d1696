//! The conformance checks every game runs, as plain functions returning
//! `Result<(), Violation>` so that each game's proptest suite can call them
//! (in the manner of OpenSpiel's random simulation test).
//!
//! What they check, at every state of a walk:
//! - legal actions have no duplicates, are listed in a stable order, and are
//!   empty exactly when the game is over (then there is an outcome for every seat,
//!   and [`Game::game_over`] the refusal every action gets);
//! - at a chance node the outcomes match the legal actions with weights > 0;
//! - every legal action is accepted and every other action (all actions seen in
//!   the walk plus the caller's nonsense) refused, never with a panic, and
//!   neither `apply` nor a failed `apply_mut` changes the input;
//! - `apply_mut` agrees with `apply`; events render for every viewer;
//! - the acting seat's view lists the same legal actions, other views none;
//! - re-dealing what a seat cannot see leaves its view (and the spectator's)
//!   unchanged, and, for the seat to act, why each of its actions is refused,
//!   and (one seat a step, drawn) what the seat and the spectator are told
//!   of each action;
//! - the state, and every re-dealt state, saves and loads back equal ([`Save`]);
//!
//! and over a whole walk: the game ends within the step budget, and its log
//! replays to the same state. Under the `serde` feature, `check_json_reloads`
//! replays a walk's log and saves and loads every state (re-dealt ones too) as JSON.
//! For games with an [`Encode`](crate::Encode), [`check_encoding`] checks ids,
//! the legal mask and the tensors at one state, [`check_id_spaces`] whole id
//! spaces, and [`check_encoding_along_random_game`] and
//! [`check_encoding_along_log`] run it at every state of a game. For games
//! that search ([`Determinize`]), [`check_determinize`] checks a seat's view
//! against the positions it determinizes into, [`check_playout_shortcut`]
//! a playout policy's fast path against its listed choice, and
//! [`check_apply_legal`] the searches' unchecked apply against the checked one.

use std::collections::BTreeSet;
use std::fmt;
use std::panic::{AssertUnwindSafe, catch_unwind};

use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

use crate::chance::below;
use crate::determinize::Determinize;
use crate::game::{Actor, Game, Redeal, SeatView, Viewer};
use crate::log::{Step, StepOf, replay};
use crate::outcome::Outcome;
use crate::save::Save;
use crate::seat::Seat;

mod encoding;
#[cfg(feature = "serde")]
pub mod mutate;
mod play_on;
mod text_forms;

pub use encoding::{
    check_encoding, check_encoding_along_log, check_encoding_along_random_game, check_id_spaces,
};
pub use play_on::{check_load_and_play_on, check_play_on, check_play_on_after, play_random};
pub use text_forms::{
    card_spellings, check_near_form, check_text_form, is_spelling_of, listed_texts, near_form,
};

/// A broken promise of the [`Game`] contract, with where it happened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation {
    /// Steps into the walk (0 = the start state).
    pub step: usize,
    /// Which promise: a short fixed phrase.
    pub rule: &'static str,
    /// The specifics, with the state's debug form where it helps.
    pub detail: String,
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "step {}: {}: {}", self.step, self.rule, self.detail)
    }
}

impl std::error::Error for Violation {}

/// How a walk went.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Walk<G: Game> {
    /// The final state.
    pub end: G,
    /// Every step taken.
    pub log: Vec<StepOf<G>>,
    /// The outcome, if the game ended.
    pub outcome: Option<Outcome>,
}

/// A walk with host operations tries one at about one state in this many.
const HOST_ONE_IN: u64 = 12;

/// How many of the seen actions are tried as nonsense at each state (besides the extras).
const NONSENSE_PER_STATE: usize = 24;

fn violation(step: usize, rule: &'static str, detail: String) -> Violation {
    Violation { step, rule, detail }
}

fn guarded<T>(step: usize, what: &str, f: impl FnOnce() -> T) -> Result<T, Violation> {
    catch_unwind(AssertUnwindSafe(f)).map_err(|p| {
        let msg = p
            .downcast_ref::<String>()
            .cloned()
            .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
            .unwrap_or_default();
        violation(step, "no panics", format!("{what} panicked: {msg}"))
    })
}

/// Checks one state: everything listed in the module docs except the walk-wide promises.
///
/// `nonsense` are actions to try that may or may not be legal here; those that
/// are not must be refused. `rng_seed` drives the re-deals.
///
/// # Errors
/// The first [`Violation`] found.
pub fn check_state<G: Redeal + Save>(
    state: &G,
    nonsense: &[G::Action],
    rng_seed: u64,
    step: usize,
) -> Result<(), Violation> {
    let v = |rule, detail| Err(violation(step, rule, detail));
    let mut legal = Vec::new();
    guarded(step, "legal_actions", || state.legal_actions(&mut legal))?;
    let mut again = vec![];
    state.legal_actions(&mut again);
    if again != legal {
        return v(
            "stable legal order",
            format!("two calls differ: {legal:?} vs {again:?}"),
        );
    }
    let distinct: BTreeSet<_> = legal.iter().collect();
    if distinct.len() != legal.len() {
        return v("no duplicate actions", format!("{legal:?}"));
    }
    let actor = guarded(step, "actor", || state.actor())?;
    let outcome = guarded(step, "outcome", || state.outcome())?;
    match (actor, legal.is_empty(), &outcome) {
        (Actor::Terminal, true, Some(o)) if o.len() == state.seats() => {}
        (Actor::Terminal, _, _) => {
            return v(
                "terminal has no actions and an outcome per seat",
                format!("legal {legal:?}, outcome {outcome:?}"),
            );
        }
        (_, false, None) => {}
        (_, _, _) => {
            return v(
                "only a terminal state has no actions",
                format!("actor {actor:?}, legal {legal:?}, outcome {outcome:?}"),
            );
        }
    }
    let mut chance = Vec::new();
    guarded(step, "chance_outcomes", || {
        state.chance_outcomes(&mut chance)
    })?;
    if actor == Actor::Chance {
        let listed: Vec<_> = chance.iter().map(|(a, _)| a.clone()).collect();
        if listed != legal || chance.iter().any(|(_, w)| *w == 0) {
            return v(
                "chance outcomes are the legal actions, weights > 0",
                format!("{chance:?} vs {legal:?}"),
            );
        }
    } else if !chance.is_empty() {
        return v(
            "chance outcomes only at a chance node",
            format!("{chance:?}"),
        );
    }

    let viewers: Vec<Viewer> = (0..state.seats())
        .map(|s| Viewer::Seat(Seat(s as u8)))
        .chain([Viewer::Spectator])
        .collect();
    for &viewer in &viewers {
        let view = guarded(step, "observe", || state.observe(viewer))?;
        let mut from_view = Vec::new();
        guarded(step, "view legal_actions", || {
            view.legal_actions(&mut from_view)
        })?;
        let expected: &[G::Action] = match (actor, viewer) {
            (Actor::Player(p), Viewer::Seat(s)) if p == s => &legal,
            _ => &[],
        };
        if from_view != expected {
            return v(
                "a seat's view lists its legal actions",
                format!("{viewer:?} lists {from_view:?}, expected {expected:?}"),
            );
        }
    }

    for a in &legal {
        let next = guarded(step, "apply", || state.apply(a))?;
        let Ok(next) = next else {
            return v(
                "legal actions are accepted",
                format!("{a} refused: {:?}", next.err()),
            );
        };
        let mut in_place = state.clone();
        guarded(step, "apply_mut", || in_place.apply_mut(a))?.map_err(|e| {
            violation(
                step,
                "apply_mut agrees with apply",
                format!("{a} refused: {e}"),
            )
        })?;
        if in_place != next {
            return v("apply_mut agrees with apply", format!("after {a}"));
        }
        for &viewer in &viewers {
            if let Err(e) = guarded(step, "event", || {
                state.event(a, viewer).map(|e| e.to_string())
            })? {
                return v(
                    "a legal action has an event",
                    format!("{a} for {viewer:?}: {e}"),
                );
            }
        }
    }
    let over = guarded(step, "game_over", || state.game_over())?;
    if over.is_some() != (actor == Actor::Terminal) {
        return v(
            "game_over gives a reason exactly at the end",
            format!("actor {actor:?}, game_over {over:?}"),
        );
    }
    let legal_set: BTreeSet<_> = legal.iter().collect();
    let before = state.clone();
    for a in nonsense.iter().filter(|a| !legal_set.contains(a)) {
        let result = guarded(step, "apply of an illegal action", || state.apply(a))?;
        if let (Err(e), Some(why)) = (&result, &over)
            && e != why
        {
            return v(
                "after the end every action gets game_over's refusal",
                format!("{a} refused with {e:?}, game_over {why:?}"),
            );
        }
        if result.is_ok() {
            return v(
                "only legal actions are accepted",
                format!("{a} was accepted but not listed in {legal:?}"),
            );
        }
        if guarded(step, "event of an illegal action", || {
            state.event(a, Viewer::Spectator)
        })?
        .is_ok()
        {
            return v("an illegal action has no event", format!("{a}"));
        }
        let mut in_place = state.clone();
        let result = guarded(step, "apply_mut of an illegal action", || {
            in_place.apply_mut(a)
        })?;
        if result.is_ok() || in_place != before {
            return v(
                "a refused apply_mut leaves the state as it was",
                format!("{a}"),
            );
        }
    }
    if *state != before {
        return v("apply leaves its input untouched", String::new());
    }

    check_reload(state, step)?;
    let mut rng = ChaCha8Rng::seed_from_u64(rng_seed);
    let spectator = state.observe(Viewer::Spectator);
    // What a seat is told is checked for one seat a step, drawn (the check
    // plays every action of two positions); a walk covers every seat.
    let told = below(&mut rng, state.seats() as u64) as usize;
    for s in 0..state.seats() {
        let seat = Seat(s as u8);
        let other = guarded(step, "redeal_hidden", || {
            state.redeal_hidden(seat, &mut rng)
        })?;
        check_reload(&other, step).map_err(|e| Violation {
            detail: format!("re-dealt for {seat}: {}", e.detail),
            ..e
        })?;
        if other.observe(Viewer::Seat(seat)) != state.observe(Viewer::Seat(seat)) {
            return v(
                "a view does not change when hidden cards are re-dealt",
                format!("{seat}: {state:?} vs {other:?}"),
            );
        }
        if other.observe(Viewer::Spectator) != spectator {
            return v(
                "the spectator view does not change when hidden cards are re-dealt",
                format!("{seat}"),
            );
        }
        if actor == Actor::Player(seat) {
            check_refusals_see_only_the_view(state, &other, seat, &legal, nonsense, step)?;
        }
        if s == told {
            check_events_see_only_the_view(state, &other, seat, &legal, step)?;
        }
    }
    Ok(())
}

/// Checks that what `seat` and the spectator are told of an action depends
/// only on what they see, comparing every action of `state` with every
/// action of `other`, a position the seat cannot tell from it (`state`
/// re-dealt for `seat`, [`Redeal`]). Of two actions that leave the seat the
/// same view:
/// - if the spectator is told them the same way, so is the seat: a seat
///   learns what everyone learns and what its own view then shows, no more
///   (`seat 2 drew 7H` told to seat 1 while the spectator hears `seat 2 drew
///   a card` fails as soon as a re-deal puts another card there);
/// - if the seat is told them the same way, so is the spectator: the
///   spectator is told no more than each seat learns (`seat 2 drew 7H` told
///   to the spectator as if it saw every card, while seat 1 hears `seat 2
///   drew a card`).
///
/// Views alone are not the baseline because a view need not keep everything
/// public: a card turned up and shuffled back, the middle when a swap ends
/// the round, are told and then gone from every view. So a card told to
/// every seat and the spectator alike reads as public here, leaked or not;
/// each game's own tests of its events check those.
fn check_events_see_only_the_view<G: Game>(
    state: &G,
    other: &G,
    seat: Seat,
    legal: &[G::Action],
    step: usize,
) -> Result<(), Violation> {
    let told = |game: &G, actions: &[G::Action]| {
        guarded(step, "event", || {
            actions
                .iter()
                .filter_map(|a| {
                    let view = game.apply(a).ok()?.observe(Viewer::Seat(seat));
                    let [to_seat, to_all] = [Viewer::Seat(seat), Viewer::Spectator]
                        .map(|viewer| game.event(a, viewer).ok().map(|e| e.to_string()));
                    Some((a.clone(), view, to_seat?, to_all?))
                })
                .collect::<Vec<_>>()
        })
    };
    let mut legal_there = Vec::new();
    other.legal_actions(&mut legal_there);
    let (here, there) = (told(state, legal)?, told(other, &legal_there)?);
    for (a, view, to_seat, to_all) in &here {
        for (b, _, seat_there, all_there) in there.iter().filter(|t| t.1 == *view) {
            let (rule, here_told, there_told) = match (to_seat == seat_there, to_all == all_there) {
                (false, true) => (
                    "what a seat is told of an action depends only on what it sees",
                    to_seat,
                    seat_there,
                ),
                (true, false) => (
                    "what everyone is told of an action is no more than each seat learns",
                    to_all,
                    all_there,
                ),
                _ => continue,
            };
            return Err(violation(
                step,
                rule,
                format!("{seat}: {a} is told as {here_told:?}, {b} re-dealt as {there_told:?}"),
            ));
        }
    }
    Ok(())
}

/// Checks that why an action of `seat`, to act, is refused does not depend
/// on what it cannot see: every action of `nonsense` it may not play is
/// refused with the same error in `state` and in `other`, `state` with
/// those cards re-dealt ([`Redeal`]).
fn check_refusals_see_only_the_view<G: Game>(
    state: &G,
    other: &G,
    seat: Seat,
    legal: &[G::Action],
    nonsense: &[G::Action],
    step: usize,
) -> Result<(), Violation> {
    for a in nonsense.iter().filter(|a| !legal.contains(a)) {
        let (refused, refused_there) = (state.apply(a).err(), other.apply(a).err());
        if refused != refused_there {
            return Err(violation(
                step,
                "why a seat's action is refused depends only on what it sees",
                format!("{a} for {seat}: {refused:?}, re-dealt {refused_there:?}"),
            ));
        }
    }
    Ok(())
}

/// Checks that `state` saves and loads back equal through its [`Save::Setup`].
///
/// # Errors
/// A [`Violation`] when loading refuses the saved state, or gives another one.
pub fn check_reload<G: Save>(state: &G, step: usize) -> Result<(), Violation> {
    let setup = guarded(step, "save", || state.save())?;
    match guarded(step, "load", || G::load(setup.clone()))? {
        Ok(back) if back == *state => Ok(()),
        Ok(back) => Err(violation(
            step,
            "a state saves and loads back equal",
            format!("{state:?} loaded as {back:?}"),
        )),
        Err(e) => Err(violation(
            step,
            "every reachable state saves and loads back",
            format!("{e}: {setup:?}"),
        )),
    }
}

/// Checks that where `state`'s game finds its playout action without a legal
/// list ([`Determinize::playout_shortcut`]), it finds the one
/// [`Determinize::playout_action`] takes from the listed actions, and a legal
/// one.
///
/// # Errors
/// A [`Violation`] at `step`.
pub fn check_playout_shortcut<G: Determinize>(state: &G, step: usize) -> Result<(), Violation> {
    let Some(short) = guarded(step, "playout_shortcut", || state.playout_shortcut())? else {
        return Ok(());
    };
    let mut legal = Vec::new();
    state.legal_actions(&mut legal);
    let listed = state.playout_action(&legal, &mut ChaCha8Rng::seed_from_u64(0));
    if legal.contains(&short) && listed.as_ref() == Some(&short) {
        Ok(())
    } else {
        Err(violation(
            step,
            "a playout shortcut takes the action the playout policy takes from the legal list",
            format!("{short:?} against {listed:?} of {legal:?}: {state:?}"),
        ))
    }
}

/// Checks that [`Determinize::apply_legal`] agrees with [`Game::apply_mut`]
/// on every legal action of `state` (every chance outcome where chance
/// acts).
///
/// # Errors
/// A [`Violation`] at `step`.
pub fn check_apply_legal<G: Determinize>(state: &G, step: usize) -> Result<(), Violation> {
    let mut actions = Vec::new();
    if matches!(state.actor(), Actor::Chance) {
        let mut outcomes = Vec::new();
        state.chance_outcomes(&mut outcomes);
        actions.extend(outcomes.into_iter().map(|(a, _)| a));
    } else {
        state.legal_actions(&mut actions);
    }
    for a in &actions {
        let (mut checked, mut trusted) = (state.clone(), state.clone());
        let by_check = checked.apply_mut(a);
        let by_trust = guarded(step, "apply_legal", || trusted.apply_legal(a))?;
        if by_check != by_trust || checked != trusted {
            return Err(violation(
                step,
                "apply_legal agrees with apply_mut on a legal action",
                format!("{a:?} at {state:?}"),
            ));
        }
    }
    Ok(())
}

/// Checks that every seat's view of `state` determinizes ([`Determinize`]) into
/// positions that load ([`Save`]) and give that seat the same view, over
/// `samples` samples per seat from `seed`.
///
/// # Errors
/// The first [`Violation`].
pub fn check_determinize<G: Determinize + Save>(
    state: &G,
    samples: usize,
    seed: u64,
    step: usize,
) -> Result<(), Violation> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for s in 0..state.seats() {
        let viewer = Viewer::Seat(Seat(s as u8));
        let view = state.observe(viewer);
        for _ in 0..samples {
            let sample = guarded(step, "determinize", || {
                G::determinize(state.rules(), &view, &mut rng)
            })?
            .map_err(|e| {
                violation(
                    step,
                    "every seat's view determinizes",
                    format!("{viewer:?}: {e}: {state:?}"),
                )
            })?;
            if sample.observe(viewer) != view {
                return Err(violation(
                    step,
                    "a determinized position gives the seat its view",
                    format!("{viewer:?}: {state:?} vs {sample:?}"),
                ));
            }
            check_reload(&sample, step).map_err(|e| Violation {
                detail: format!("determinized for {viewer:?}: {}", e.detail),
                ..e
            })?;
        }
    }
    Ok(())
}

/// Replays `log` from `start` and checks that every state on the way, and a
/// re-deal of it for every seat, saves to JSON and loads back equal (through
/// the game's serde form, which goes through its validated setup).
///
/// Run it on the log of a [`check_walk`] so that JSON saves are checked at every
/// state of the walk, host operations included.
///
/// # Errors
/// The first [`Violation`]; `step` is the index into the log.
#[cfg(feature = "serde")]
pub fn check_json_reloads<G>(start: &G, log: &[StepOf<G>], seed: u64) -> Result<(), Violation>
where
    G: Redeal + serde::Serialize + serde::de::DeserializeOwned,
{
    fn reload<G: Game + serde::Serialize + serde::de::DeserializeOwned>(
        state: &G,
        step: usize,
    ) -> Result<(), Violation> {
        let json = serde_json::to_string(state)
            .map_err(|e| violation(step, "every reachable state saves as JSON", e.to_string()))?;
        match serde_json::from_str::<G>(&json) {
            Ok(back) if back == *state => Ok(()),
            Ok(_) => Err(violation(step, "a JSON save loads back equal", json)),
            Err(e) => Err(violation(
                step,
                "every reachable state loads back from JSON",
                format!("{e}: {json}"),
            )),
        }
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut state = start.clone();
    for step in 0..=log.len() {
        reload(&state, step)?;
        for s in 0..state.seats() {
            reload(&state.redeal_hidden(Seat(s as u8), &mut rng), step)?;
        }
        let Some(entry) = log.get(step) else { break };
        state = replay(&state, std::slice::from_ref(entry))
            .map_err(|e| violation(step, "a log replays", e.to_string()))?;
    }
    Ok(())
}

/// Walks from `start`, choosing with `choose(legal_count)` at every node, checking
/// every state; `None` from `choose` stops the walk.
fn walk<G: Redeal + Save>(
    start: &G,
    extras: &[G::Action],
    seed: u64,
    max_steps: usize,
    host_ops: &[G::HostOp],
    mut choose: impl FnMut(&G, &[G::Action], &mut ChaCha8Rng) -> Option<usize>,
) -> Result<Walk<G>, Violation> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut host_rng = ChaCha8Rng::seed_from_u64(seed ^ 0x0000_0a57_0b5e);
    let mut pool_rng = ChaCha8Rng::seed_from_u64(seed ^ 0x005e_ed0f_0dd5);
    let mut seen: BTreeSet<G::Action> = extras.iter().cloned().collect();
    let mut state = start.clone();
    let mut log = Vec::new();
    let mut legal = Vec::new();
    for step in 0..=max_steps {
        let pool: Vec<G::Action> = seen.iter().cloned().collect();
        let mut nonsense: Vec<G::Action> = extras.to_vec();
        for _ in 0..NONSENSE_PER_STATE.min(pool.len()) {
            nonsense.push(pool[below(&mut pool_rng, pool.len() as u64) as usize].clone());
        }
        check_state(&state, &nonsense, seed.wrapping_add(step as u64), step)?;
        state.legal_actions(&mut legal);
        seen.extend(legal.iter().cloned());
        if legal.is_empty() || step == max_steps {
            break;
        }
        if !host_ops.is_empty() && below(&mut host_rng, HOST_ONE_IN) == 0 {
            let op = &host_ops[below(&mut host_rng, host_ops.len() as u64) as usize];
            let before = state.clone();
            let result = guarded(step, "host", || state.host(op))?;
            if state != before {
                return Err(violation(
                    step,
                    "host leaves its input untouched",
                    format!("{op}"),
                ));
            }
            if let Ok(next) = result {
                log.push(Step::Host(op.clone()));
                state = next;
                continue;
            }
        }
        let Some(i) = choose(&state, &legal, &mut rng) else {
            break;
        };
        let action = legal[i % legal.len()].clone();
        log.push(Step::of(&state, action.clone()));
        state = state
            .apply(&action)
            .map_err(|e| violation(step, "legal actions are accepted", format!("{action}: {e}")))?;
    }
    let replayed =
        replay(start, &log).map_err(|e| violation(log.len(), "a log replays", e.to_string()))?;
    if replayed != state {
        return Err(violation(
            log.len(),
            "the same log gives the same state",
            String::new(),
        ));
    }
    let outcome = state.outcome();
    Ok(Walk {
        end: state,
        log,
        outcome,
    })
}

/// A random walk from `start` (chance by weight, players uniformly), checking
/// every state, that the game ends within `max_steps` steps (chance included),
/// and that its log replays to the same state.
///
/// `extras` are nonsense actions to try at every state besides those seen in the walk.
///
/// # Errors
/// The first [`Violation`].
pub fn check_walk<G: Redeal + Save>(
    start: &G,
    seed: u64,
    max_steps: usize,
    extras: &[G::Action],
) -> Result<Walk<G>, Violation> {
    check_walk_with_host(start, seed, max_steps, extras, &[])
}

/// [`check_walk`] with host operations mixed in: at about one state in twelve
/// one of `host_ops` (say, every seat leaving, a misdeal) is tried. Accepted ones
/// join the log and the walk goes on from their result, so every check also runs
/// on states that only host operations reach; refused ones must leave the state
/// as it was.
///
/// # Errors
/// The first [`Violation`].
pub fn check_walk_with_host<G: Redeal + Save>(
    start: &G,
    seed: u64,
    max_steps: usize,
    extras: &[G::Action],
    host_ops: &[G::HostOp],
) -> Result<Walk<G>, Violation> {
    let mut chance = Vec::new();
    let w = walk(
        start,
        extras,
        seed,
        max_steps,
        host_ops,
        |state, legal, rng| {
            Some(match state.actor() {
                Actor::Chance => {
                    state.chance_outcomes(&mut chance);
                    crate::chance::pick_weighted(rng, chance.iter().map(|(_, w)| *w)).unwrap_or(0)
                }
                _ => below(rng, legal.len() as u64) as usize,
            })
        },
    )?;
    if w.outcome.is_none() {
        return Err(violation(
            w.log.len(),
            "every game ends",
            format!("not over after {max_steps} steps: {:?}", w.end),
        ));
    }
    Ok(w)
}

/// A walk that takes `choices[i] % legal_count` at its `i`-th node (chance included)
/// and stops when the choices run out: proptest shrinks the choice list to a
/// minimal failing walk.
///
/// # Errors
/// The first [`Violation`].
pub fn check_choices<G: Redeal + Save>(
    start: &G,
    choices: &[u32],
    extras: &[G::Action],
) -> Result<Walk<G>, Violation> {
    let mut it = choices.iter();
    walk(
        start,
        extras,
        choices.len() as u64,
        choices.len(),
        &[],
        |_, _, _| it.next().map(|&c| c as usize),
    )
}

/// Checks that `state.sample_chance` (which a game may override for speed) returns
/// what the listed sampler ([`pick_outcome`](crate::chance::pick_outcome) over
/// [`Game::chance_outcomes`]) returns from the same seed, and leaves the RNG at the
/// same place (the next `next_u64` agrees). Passes trivially off chance nodes.
///
/// # Errors
/// A [`Violation`] naming the two answers.
pub fn check_sampler<G: Game>(state: &G, seed: u64) -> Result<(), Violation> {
    use rand_core::Rng;
    let mut fast_rng = ChaCha8Rng::seed_from_u64(seed);
    let mut listed_rng = ChaCha8Rng::seed_from_u64(seed);
    let fast = guarded(0, "sample_chance", || {
        state.sample_chance(&mut fast_rng, &mut Vec::new())
    })?;
    let listed = if state.actor() == Actor::Chance {
        let mut outcomes = Vec::new();
        state.chance_outcomes(&mut outcomes);
        crate::chance::pick_outcome(&mut listed_rng, &outcomes)
    } else {
        None
    };
    if fast != listed || fast_rng.next_u64() != listed_rng.next_u64() {
        return Err(violation(
            0,
            "sample_chance agrees with the listed sampler",
            format!("sampled {fast:?}, listed {listed:?}"),
        ));
    }
    Ok(())
}
