//! Hidden cards dealt anew: [`Redeal`] from the true state (a test hook) and
//! [`Determinize`] from a seat's view alone (what a searching bot uses). Both
//! share one sampler, so both keep what every seat knows (S23.2): the cards a
//! seat took face up from the middle stay in its hand, and during turns and
//! refills no hand of a player still in is a 31 or three aces (S7, S14 b).

use cards_core::chance::below;
use cards_core::{CardSet, Determinize, Game, Redeal, Rng, Seat, Viewer, deck};

use crate::action::Action;
use crate::error::SetupError;
use crate::rules::Rules;
use crate::score::ends_round;
use crate::state::{Fate, MAX_SEATS, NO_ROUND, NO_SEAT, Phase, Schwimmen};
use crate::view::View;

/// How many deals the sampler draws before it gives up (never seen in
/// practice: at most about one draw in twenty is rejected).
const TRIES: usize = 1000;

/// How many cards each hidden place holds.
#[derive(Clone, Copy)]
struct Sizes {
    hands: [usize; MAX_SEATS],
    pack: usize,
    folded: usize,
}

impl Schwimmen {
    /// Whether the position could have been reached as far as hands go: during
    /// turns and refills no hand of a player still in is a 31 or three aces,
    /// which would have ended the round (S7, S14 b). The loader checks the same.
    pub(crate) fn hands_reachable(&self) -> bool {
        !matches!(self.phase, Phase::Turns | Phase::Refill)
            || (0..self.n).all(|s| !self.is_on(s) || !ends_round(self.hands[usize::from(s)]))
    }

    /// `self` with the known cards in place (every hand but `me`'s holds only its
    /// taken cards, the face-down discards only the known ones, pack and stock
    /// empty) filled from `pool` up to `sizes`, uniformly among the deals that
    /// keep the hands reachable (whole deals are drawn again when one is not:
    /// rejection sampling, no bias towards the first hands drawn).
    fn fill_hidden<R: Rng + ?Sized>(
        &self,
        me: Option<usize>,
        sizes: &Sizes,
        pool: CardSet,
        rng: &mut R,
    ) -> Option<Schwimmen> {
        for _ in 0..TRIES {
            let mut next = *self;
            let mut pool = pool;
            let mut draw = |k: usize, pool: &mut CardSet| {
                let mut out = CardSet::EMPTY;
                for _ in 0..k {
                    if pool.is_empty() {
                        break;
                    }
                    let j = below(rng, pool.len() as u64) as usize;
                    if let Some(c) = pool.nth(j) {
                        pool.remove(c);
                        out.insert(c);
                    }
                }
                out
            };
            for i in 0..usize::from(self.n) {
                if Some(i) != me {
                    let k = sizes.hands[i].saturating_sub(next.hands[i].len());
                    next.hands[i] |= draw(k, &mut pool);
                }
            }
            next.pack = draw(sizes.pack, &mut pool);
            let k = sizes.folded.saturating_sub(next.folded.len());
            next.folded |= draw(k, &mut pool);
            next.stock = pool;
            if next.hands_reachable() {
                return Some(next);
            }
        }
        None
    }
}

impl Redeal for Schwimmen {
    /// Shuffles the cards `seat` cannot place (the other hands but for what each
    /// took face up from the middle, the dealer's face-down second pack, the stock
    /// and the unknown face-down discards) among those places, keeping every
    /// pile's size, uniformly over the re-deals the seat cannot tell apart from
    /// the real one. If 1,000 draws in a row break S7/S14 b (never seen) the
    /// real position is returned, which is always consistent.
    fn redeal_hidden<R: Rng + ?Sized>(&self, seat: Seat, rng: &mut R) -> Schwimmen {
        let me = seat.index();
        let mut template = *self;
        let mut sizes = Sizes {
            hands: [0; MAX_SEATS],
            pack: self.pack.len(),
            folded: self.folded.len(),
        };
        let mut pool = self.stock | self.pack | (self.folded - self.known_down);
        for i in 0..usize::from(self.n) {
            sizes.hands[i] = self.hands[i].len();
            if i != me {
                let taken = self.taken & self.hands[i];
                pool |= self.hands[i] - taken;
                template.hands[i] = taken;
            }
        }
        template.folded = self.known_down;
        template
            .fill_hidden(Some(me), &sizes, pool, rng)
            .unwrap_or(*self)
    }
}

impl Determinize for Schwimmen {
    /// A full position from a seat's view: the public fields and the seat's
    /// memory copied (S23, S23.2), every card the seat cannot place dealt
    /// uniformly among the hidden places (other hands beyond what each took from
    /// the middle, the second pack, the unknown face-down discards, the stock),
    /// keeping their sizes and S7/S14 b, the same condition [`Redeal`] keeps.
    ///
    /// # Errors
    /// A spectator's view, a view that does not fit `rules`
    /// ([`View::validate_for`]), or one no deal fits.
    fn determinize<R: Rng + ?Sized>(
        rules: &Rules,
        view: &View,
        rng: &mut R,
    ) -> Result<Schwimmen, SetupError> {
        let Viewer::Seat(me) = view.viewer else {
            return Err(SetupError::Position(
                "only a seat's view determinizes; a spectator knows no hand (S23)",
            ));
        };
        view.validate_for(rules)?;
        let n = view.hand_sizes.len();
        let mask = |list: &[Seat]| list.iter().fold(0u16, |m, s| m | 1 << s.0);
        let mut g = Schwimmen::new(*rules, n)?;
        g.phase = view.phase;
        g.dealer = view.dealer.0;
        g.to_act = view.to_act.0;
        g.knocker = view.knocker.map_or(NO_SEAT, |k| k.0);
        g.passed = mask(&view.passed);
        g.moved = mask(&view.moved);
        g.turns = view.turns;
        g.round = view.round;
        g.active = 0;
        g.leavers = 0;
        for i in 0..n {
            let s = Seat(i as u8);
            g.lives[i] = view.lives[s];
            g.fate[i] = view.fates[s];
            match view.fates[s] {
                Fate::Active => g.active |= 1 << i,
                Fate::Left(_) => g.leavers += 1,
                Fate::Drowned(_) => {}
            }
            g.taken |= view.taken[s];
            g.hands[i] = view.taken[s];
        }
        g.hands[me.index()] = view.hand;
        g.middle = view.middle;
        g.discards = view.discards;
        g.folded = view.known_face_down;
        g.known_down = view.known_face_down;
        g.pack = CardSet::EMPTY;
        g.stock = CardSet::EMPTY;
        match &view.last_round {
            Some(end) => {
                g.scored = end.round;
                for (s, h) in end.shown.iter() {
                    g.shown[s.index()] = *h;
                    g.lost[s.index()] = end.lives_lost[s];
                }
            }
            None => g.scored = NO_ROUND,
        }
        let mut placed = view.hand | view.middle | view.discards | view.known_face_down;
        for t in view.taken.as_slice() {
            placed |= *t;
        }
        let mut sizes = Sizes {
            hands: [0; MAX_SEATS],
            pack: usize::from(view.second_pack),
            folded: usize::from(view.face_down_discards),
        };
        for (s, k) in view.hand_sizes.iter() {
            sizes.hands[s.index()] = usize::from(*k);
        }
        let pool = deck::CARDS_32 - placed;
        let g = g
            .fill_hidden(Some(me.index()), &sizes, pool, rng)
            .ok_or(SetupError::Position(
                "no deal of the hidden cards fits the view: a 31 or three aces would have ended the round (S14)",
            ))?;
        // The result goes through the loader's checks, as a save would.
        Schwimmen::from_setup(&g.to_setup())
    }

    /// Playouts play like [`StrongBot`](crate::StrongBot) three times in four
    /// and at random otherwise, so a search meets opponents that take their 31s.
    fn playout_action<R: Rng + ?Sized>(&self, legal: &[Action], rng: &mut R) -> Option<Action> {
        if below(rng, 16) == 0 {
            return None;
        }
        let hand = self.hands[usize::from(self.to_act)];
        Some(crate::StrongBot::default().pick_cards(hand, self.middle, legal))
    }

    /// The round number: a search scores a round when it ends (S14, S15).
    fn horizon(&self) -> u64 {
        u64::from(self.round)
    }

    /// After a scored round that did not end the game: -1 for a seat that lost
    /// a life or drowned, 1 for a seat that did not while another did, 0 when
    /// nobody lost (S15, S17). The game's end is scored by its outcome.
    fn horizon_reward(&self, seat: Seat) -> Option<f64> {
        if self.phase == Phase::Over || self.scored == NO_ROUND || self.scored + 1 != self.round {
            return None;
        }
        let lost = |i: usize| self.lost[i] > 0 || self.fate[i] == Fate::Drowned(self.scored);
        let me = seat.index();
        let others = (0..usize::from(self.n)).any(|i| i != me && lost(i));
        Some(if lost(me) {
            -1.0
        } else if others {
            1.0
        } else {
            0.0
        })
    }

    /// The opponent model (the private `model` module): a knocker holds a hand a
    /// [`StrongBot`](crate::StrongBot) knocks on, and a seat that passed on
    /// this middle found no swap worth taking; a position that contradicts
    /// either is kept a tenth as often per fact.
    fn plausibility(&self, view: &View) -> f64 {
        self.model_weight(view)
    }

    /// The other seats act like the playouts' [`StrongBot`](crate::StrongBot)
    /// inside the search tree too: they know their own (sampled) hands.
    fn opponents_by_playout(&self) -> bool {
        true
    }
}
