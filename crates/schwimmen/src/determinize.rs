//! [`Determinize`]: a full position from a seat's view alone (what a
//! searching bot uses), dealt by the same sampler as [`Redeal`](cards_core::Redeal),
//! so it keeps what every seat knows (S23.2).

use cards_core::chance::below;
use cards_core::{CardSet, Determinize, Game, Rng, Seat, Viewer, deck};

use crate::action::Action;
use crate::error::SetupError;
use crate::observe::View;
use crate::redeal::Sizes;
use crate::rules::{MAX_SEATS, Rules};
use crate::state::{Fate, NO_ROUND, NO_SEAT, Phase, Schwimmen};

impl Determinize for Schwimmen {
    /// A full position from a seat's view: the public fields and the seat's
    /// memory copied (S23, S23.2), every card the seat cannot place dealt
    /// uniformly among the hidden places (other hands beyond what each took from
    /// the middle, the second pack, the unknown face-down discards, the stock),
    /// keeping their sizes and S7/S14 b, the same condition
    /// [`Redeal`](cards_core::Redeal) keeps.
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
                g.shown_middle = end.middle;
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

    /// The opponent model (the `opponents` room): a knocker holds a hand a
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
