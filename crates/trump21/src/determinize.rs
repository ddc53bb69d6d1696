//! [`Determinize`]: a full position from one seat's view (T15.2), for search bots
//! that never see the state.
//!
//! What the seat can place stays where it is: open cards and trumps, its own hidden
//! card and trumps, revealed hidden cards, the discards it watched (T15.2), the
//! trumps it knows an opponent holds (T15.2) and its own pending Exchange. Every
//! other number card is dealt uniformly among the places it may be (the deck, the
//! discards nobody saw, the opponents' unrevealed hidden cards), and every other
//! trump among the supply, the draw pile and the opponents' hidden trumps. The
//! kinds of an opponent's pending hidden gives (T12.8.1) are a uniform pick from his
//! sampled hand.

use cards_core::chance::below;
use cards_core::{Actor, Determinize, Rng, Seat, Viewer};

use crate::action::{Exchange, Give};
use crate::error::SetupError;
use crate::observe::View;
use crate::rules::Rules;
use crate::setup::Setup;
use crate::state::{Phase, Player, Status, Trump21};
use crate::trump::{Trump, TrumpCounts};

fn bad(why: &'static str) -> SetupError {
    SetupError::Inconsistent(why)
}

/// Shuffles `items` in place (Fisher–Yates over [`below`]).
pub(crate) fn shuffle<T, R: Rng + ?Sized>(items: &mut [T], rng: &mut R) {
    for i in (1..items.len()).rev() {
        let j = below(rng, i as u64 + 1) as usize;
        items.swap(i, j);
    }
}

/// Takes `counts` out of `pool`; `false` when the pool lacks one of them.
fn take_numbers(pool: &mut [u8; 12], value: u8, n: u8) -> bool {
    let slot = &mut pool[usize::from(value.min(11))];
    if *slot < n {
        return false;
    }
    *slot -= n;
    true
}

fn take_trumps(pool: &mut TrumpCounts, counts: &TrumpCounts) -> bool {
    for (k, c) in counts.iter() {
        if pool.get(k) < c {
            return false;
        }
        pool.0[k.index()] -= c;
    }
    true
}

/// `n` trumps picked uniformly (without replacement) from `hand`, as kinds.
pub(crate) fn pick_from<R: Rng + ?Sized>(hand: &TrumpCounts, n: usize, rng: &mut R) -> Vec<Trump> {
    let mut cards: Vec<Trump> = hand
        .iter()
        .flat_map(|(k, c)| std::iter::repeat_n(k, usize::from(c)))
        .collect();
    let mut out = Vec::with_capacity(n);
    for _ in 0..n.min(cards.len()) {
        let i = below(rng, cards.len() as u64) as usize;
        out.push(cards.swap_remove(i));
    }
    out
}

/// The pending exchange of `g` (whose exchanging player's hand is already
/// re-dealt) with its hidden gives replaced by a uniform pick of as many trumps
/// from that hand, among the picks the step-by-step listing can reach (T12.8.1):
/// a pick is drawn uniformly and drawn again while it is not reachable. After 64
/// unreachable draws, the smallest kinds of the hand (always reachable when the
/// original record was).
pub(crate) fn resample_hidden_gives<R: Rng + ?Sized>(
    g: &Trump21,
    e: &Exchange,
    rng: &mut R,
) -> Exchange {
    let hidden = e
        .give
        .iter()
        .flatten()
        .filter(|g| matches!(g, Give::Hidden(_)))
        .count();
    if hidden == 0 {
        return *e;
    }
    let hand = g.players[g.turn.index()].trumps;
    let open: Vec<Give> = e
        .give
        .iter()
        .flatten()
        .filter(|g| matches!(g, Give::Open(_)))
        .copied()
        .collect();
    let takes: Vec<_> = e.take.iter().flatten().copied().collect();
    let with_hidden = |kinds: Vec<Trump>| {
        let mut gives = open.clone();
        gives.extend(kinds.into_iter().map(Give::Hidden));
        Exchange::new(e.with, &takes, &gives)
    };
    for _ in 0..64 {
        let pick = with_hidden(pick_from(&hand, hidden, rng));
        if crate::legal::exchange_reachable(g, &pick) {
            return pick;
        }
    }
    let smallest: Vec<Trump> = hand
        .iter()
        .flat_map(|(k, c)| std::iter::repeat_n(k, usize::from(c)))
        .take(hidden)
        .collect();
    with_hidden(smallest)
}

impl Trump21 {
    /// The position `view` shows, every unknown card dealt at random (see the module).
    fn from_view<R: Rng + ?Sized>(
        rules: &Rules,
        view: &View,
        me: Seat,
        rng: &mut R,
    ) -> Result<Trump21, SetupError> {
        let Actor::Player(turn) = view.actor else {
            return Err(bad(
                "only a view at a player's step can be determinized: a chance step's kind is not in the view (T15.2)",
            ));
        };
        let n = view.seats.len();
        let mut g = <Trump21 as cards_core::Game>::new(*rules, n)?;
        // Number cards: what the viewer cannot place.
        let mut pool = [rules.copies; 12];
        pool[0] = 0;
        let mut hidden_slots = Vec::new();
        for (i, s) in view.seats.iter().enumerate() {
            for &v in &s.open_cards {
                if !take_numbers(&mut pool, v, 1) {
                    return Err(bad("number cards are not conserved (T1)"));
                }
            }
            match s.hidden {
                Some(v) if s.has_hidden && !take_numbers(&mut pool, v, 1) => {
                    return Err(bad("number cards are not conserved (T1)"));
                }
                Some(_) => {}
                None if s.has_hidden => hidden_slots.push(i),
                None => {}
            }
        }
        for (v, c) in view.seen_discards.iter() {
            if !take_numbers(&mut pool, v, c) {
                return Err(bad("number cards are not conserved (T1)"));
            }
        }
        let unseen_discards = view
            .discards
            .checked_sub(view.seen_discards.total())
            .ok_or(bad("the seen discards are part of the discards (T15.2)"))?;
        let mut cards: Vec<u8> = (1..=11u8)
            .flat_map(|v| std::iter::repeat_n(v, usize::from(pool[usize::from(v)])))
            .collect();
        if cards.len() as u64
            != hidden_slots.len() as u64 + u64::from(view.deck) + u64::from(unseen_discards)
        {
            return Err(bad("number cards are not conserved (T1)"));
        }
        shuffle(&mut cards, rng);
        let mut it = cards.into_iter();
        // Trumps: what the viewer cannot place.
        let mut tpool = rules.trumps;
        for o in &view.open_trumps {
            if !tpool.remove(o.kind) {
                return Err(bad("trumps are not conserved (T2)"));
            }
        }
        if !take_trumps(&mut tpool, &view.my_trumps) {
            return Err(bad("trumps are not conserved (T2)"));
        }
        let known = [TrumpCounts::EMPTY; crate::rules::MAX_SEATS];
        let mut trumps: Vec<Trump> = tpool
            .iter()
            .flat_map(|(k, c)| std::iter::repeat_n(k, usize::from(c)))
            .collect();
        shuffle(&mut trumps, rng);
        let mut tit = trumps.into_iter();
        let mut fill = |size: u32, base: TrumpCounts| -> Result<TrumpCounts, SetupError> {
            let mut c = base;
            for _ in base.total()..size {
                c.add(tit.next().ok_or(bad("trumps are not conserved (T2)"))?);
            }
            Ok(c)
        };
        for (i, s) in view.seats.iter().enumerate() {
            let p = &mut g.players[i];
            *p = Player {
                status: s.status,
                lives: s.lives,
                hidden: s.hidden.unwrap_or(0),
                revealed: s.revealed,
                closed: s.closed,
                ..Player::default()
            };
            for &v in &s.open_cards {
                p.push(v.min(11));
            }
            if i == me.index() {
                p.trumps = view.my_trumps;
            } else {
                if u32::from(s.hidden_trumps) < known[i].total() {
                    return Err(bad(
                        "an opponent holds fewer trumps than he is known to (T15.2)",
                    ));
                }
                p.trumps = fill(u32::from(s.hidden_trumps), known[i])?;
            }
            p.ntrumps = p.trumps.total() as u8;
        }
        for &i in &hidden_slots {
            g.players[i].hidden = it
                .next()
                .ok_or(bad("number cards are not conserved (T1)"))?;
        }
        g.deck = [0; 12];
        for _ in 0..view.deck {
            let v = it
                .next()
                .ok_or(bad("number cards are not conserved (T1)"))?;
            g.deck[usize::from(v)] += 1;
        }
        g.discard = view.seen_discards.slots();
        g.masked = [0; 12];
        for v in it {
            g.discard[usize::from(v)] += 1;
            g.masked[usize::from(v)] += 1;
        }
        g.supply = fill(view.supply, TrumpCounts::EMPTY)?;
        g.pile = fill(view.draw_pile, TrumpCounts::EMPTY)?;
        if view.in_transit != 0 || tit.next().is_some() {
            return Err(bad("trumps are not conserved (T2)"));
        }
        g.open_len = view.open_trumps.len().min(g.open.len()) as u8;
        for (slot, o) in g.open.iter_mut().zip(&view.open_trumps) {
            *slot = *o;
        }
        g.turn = turn;
        g.opener = view.opener;
        g.target = view.target;
        g.round = view.round;
        g.scored = view.round.saturating_sub(1);
        g.exits = view
            .seats
            .iter()
            .map(|s| match s.status {
                Status::Active => 0,
                Status::Out(e) | Status::Left(e) => e,
            })
            .max()
            .unwrap_or(0);
        g.last = view.last_round;
        g.phase = match &view.exchange {
            Some(x) if turn == me => Phase::Exchanging(x.exchange()),
            Some(x) => {
                // The others see how many hidden gives there are, not their kinds.
                let mut gives: Vec<Give> = x.open_gives.iter().map(|&k| Give::Open(k)).collect();
                let room = 2usize.saturating_sub(gives.len());
                gives.extend(
                    std::iter::repeat_n(Give::Hidden(Trump::Draw2), usize::from(x.hidden_gives))
                        .take(room),
                );
                let takes: Vec<_> = x.take.iter().take(2).copied().collect();
                let e = Exchange::new(x.with, &takes, &gives);
                Phase::Exchanging(resample_hidden_gives(&g, &e, rng))
            }
            None if view.landed => Phase::Landed,
            None => Phase::Play,
        };
        Trump21::from_setup(Setup::from(g))
    }
}

impl Determinize for Trump21 {
    /// A position consistent with a seat's view at a player's step (see the module):
    /// it loads through [`Setup`] and gives the seat the same view.
    fn determinize<R: Rng + ?Sized>(
        rules: &Rules,
        view: &View,
        rng: &mut R,
    ) -> Result<Trump21, SetupError> {
        let Viewer::Seat(me) = view.viewer else {
            return Err(bad(
                "only a seat's view can be determinized, not a spectator's (T15)",
            ));
        };
        view.validate_for(rules)?;
        Trump21::from_view(rules, view, me, rng)
    }

    /// Playouts play as [`OddsBot`](crate::OddsBot) instead of at random.
    fn playout_action<R: Rng + ?Sized>(
        &self,
        legal: &[crate::action::Action],
        _rng: &mut R,
    ) -> Option<crate::action::Action> {
        crate::opponents::playout_action(self, legal)
    }

    /// Rounds scored: a search looks one round ahead.
    fn horizon(&self) -> u64 {
        crate::opponents::horizon(self)
    }

    /// The round's damage against the others' (or the game's outcome).
    fn horizon_reward(&self, seat: Seat) -> Option<f64> {
        crate::opponents::horizon_reward(self, seat)
    }

    /// Weighted by whether the others' closes fit their sampled hidden cards
    /// under the [`OddsBot`](crate::OddsBot) model (in `opponents`).
    fn plausibility(&self, view: &View) -> f64 {
        crate::opponents::plausibility(self, view)
    }

    /// The other seats act as [`OddsBot`](crate::OddsBot) from their own view of
    /// the sample, in the tree as in playouts: the tree branches on the
    /// searching seat's decisions only, and an opponent's choice depends on his
    /// sampled hidden card, which a shared tree node cannot.
    fn opponents_by_playout(&self) -> bool {
        true
    }
}
