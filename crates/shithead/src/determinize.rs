//! [`Determinize`]: a full position from one seat's view (H23.3), for
//! search bots that never see the state.

use cards_core::{
    Actor, Card, CardMultiset, Determinize, Rng, Seat, Viewer, chance::below, deck::CARDS_52,
};

use crate::action::Action;
use crate::error::{Illegal, SetupError};
use crate::observe::View;
use crate::rules::Rules;
use crate::setup::Setup;
use crate::state::{Conserved, Phase, Shithead, Stage, Status};

fn bad(why: &'static str) -> SetupError {
    SetupError::Position(why)
}

/// Takes `n` cards out of `pool`, lowest first (their places are shuffled later).
fn take(pool: &mut CardMultiset, n: usize) -> Result<CardMultiset, SetupError> {
    let mut out = CardMultiset::EMPTY;
    let from = *pool;
    for c in from.copies().take(n) {
        pool.remove(c);
        out.add(c).map_err(|_| SetupError::Cards)?;
    }
    if out.len() == n {
        Ok(out)
    } else {
        Err(bad(
            "the view's counts need more hidden cards than there are (H1)",
        ))
    }
}

impl Shithead {
    /// The deal step reached when the active seats hold `dealt` cards (H2),
    /// skipping the seats that left as the deal does.
    fn deal_progress(&self, dealt: usize) -> u8 {
        let total = 9 * self.n;
        let (mut i, mut c) = (0u8, 0usize);
        loop {
            while i < total && !self.active(self.deal_target(i).0) {
                i += 1;
            }
            if c == dealt || i >= total {
                return i;
            }
            c += 1;
            i += 1;
        }
    }

    /// A position showing `view`, with every card the viewer cannot place
    /// put anywhere it fits by count, and the one card the mover is known to
    /// hold (H4 opening card, H5 add stage) drawn from the cards it may be.
    fn skeleton<R: Rng + ?Sized>(
        rules: &Rules,
        view: &View,
        me: Seat,
        rng: &mut R,
    ) -> Result<Shithead, SetupError> {
        let n = view.status.len();
        let mut g = Shithead::with_dealer(*rules, n, view.dealer)?;
        let hand = view.hand.ok_or(bad("a seated viewer sees his own hand"))?;
        let mut pool = CardMultiset::decks(CARDS_52, g.decks)
            .map_err(|_| SetupError::Decks(g.decks.into()))?;
        let mut out = |cards: CardMultiset| {
            if pool.remove_all(cards) {
                Ok(())
            } else {
                Err(SetupError::Cards)
            }
        };
        out(hand)?;
        out(view.pile)?;
        out(view.burned)?;
        for s in 0..n {
            out(view.face_up.as_slice()[s])?;
            if s != me.index() {
                out(view.known.as_slice()[s])?;
            }
        }
        g.phase = view.phase;
        g.to_act = view.to_act;
        g.reversed = view.reversed;
        g.stage = view.stage;
        g.refill = view.phase == Phase::Playing
            && view.actor == Actor::Chance
            && !matches!(view.stage, Stage::Blind { .. });
        g.group = view.group;
        g.group_len = view.group_len;
        g.top = view.top;
        g.level = view.level;
        g.run = view.run;
        g.must_open = view.must_open;
        g.actions = view.actions;
        g.by_limit = view.phase == Phase::Over && view.actions >= rules.max_actions;
        g.pile = view.pile;
        g.burned = view.burned;
        for s in 0..n {
            let st = view.status.as_slice()[s];
            g.status[s] = st;
            match st {
                Status::Out(_) => g.outs += 1,
                Status::Left(_) => g.lefts += 1,
                Status::Active => {}
            }
            g.up[s] = view.face_up.as_slice()[s];
            g.known[s] = view.known.as_slice()[s];
        }
        // The one card the mover is known to hold beyond his known cards.
        let mover = view.to_act;
        let mut pinned = None;
        if mover != me && view.phase == Phase::Playing && !g.refill {
            let known = g.known[mover.index()];
            match (view.stage, view.group) {
                (Stage::Start, _) => {
                    pinned = view.must_open.filter(|c| !known.contains(*c));
                }
                // H5, H9: he adds from his hand while he holds one.
                (Stage::Add, Some(r))
                    if known.count_rank(r) == 0
                        && view.hand_counts.as_slice()[mover.index()] > 0 =>
                {
                    let of_rank: Vec<Card> = pool
                        .iter()
                        .map(|(c, _)| c)
                        .filter(|c| c.rank() == r)
                        .collect();
                    if of_rank.is_empty() {
                        return Err(bad("the mover holds a card of his group's rank (H5)"));
                    }
                    pinned = Some(of_rank[below(rng, of_rank.len() as u64) as usize]);
                }
                _ => {}
            }
        }
        if let Some(c) = pinned {
            if !pool.remove(c) {
                return Err(bad("the announced opening card is held by the opener (H4)"));
            }
            g.known[mover.index()]
                .add(c)
                .map_err(|_| SetupError::Cards)?;
        }
        // H3.1: picks that are not among his face-up cards are in his hand.
        let picked = if mover != me {
            g.picked_from_hand()
        } else {
            CardMultiset::EMPTY
        };
        if !pool.remove_all(picked) {
            return Err(bad(
                "the picked face-up cards are the arranging player's (H3.1)",
            ));
        }
        g.known[mover.index()]
            .add_all(picked)
            .map_err(|_| SetupError::Cards)?;
        for s in 0..n {
            let count = usize::from(view.hand_counts.as_slice()[s]);
            g.hand[s] = if s == me.index() {
                hand
            } else {
                let mut h = g.known[s];
                let rest = count
                    .checked_sub(h.len())
                    .ok_or(bad("a hand holds the cards known to be in it (H23.3)"))?;
                h.add_all(take(&mut pool, rest)?)
                    .map_err(|_| SetupError::Cards)?;
                h
            };
        }
        if let Some(c) = pinned {
            g.known[mover.index()].remove(c);
        }
        g.known[mover.index()].remove_all(picked);
        for s in 0..n {
            g.down[s] = take(&mut pool, usize::from(view.face_down_counts.as_slice()[s]))?;
        }
        g.stock = take(&mut pool, usize::from(view.stock_len))?;
        g.removed = take(&mut pool, usize::from(view.removed_len))?;
        if !pool.is_empty() {
            return Err(SetupError::Cards);
        }
        g.progress = match view.phase {
            Phase::Dealing => {
                let dealt = (0..n).map(|s| g.held(Seat(s as u8))).sum();
                g.deal_progress(dealt)
            }
            Phase::Arranging => (0..g.n)
                .find(|&k| g.arrange_seat(k) == view.to_act)
                .ok_or(bad(
                    "players arrange in turn from the player after the dealer",
                ))?,
            _ => 0,
        };
        Ok(g)
    }
}

impl Determinize for Shithead {
    /// Builds a position from the seat's view and deals every card the seat
    /// cannot place at random among the places that may hold it, keeping
    /// what it knows: the cards known to be in each hand (H23.3), the
    /// announced opening card in the opener's hand, no worse card in any
    /// hand and no copy of it before the opener (H4), and a card of the
    /// mover's group in his hand while he may add to it (H5). The dealing is
    /// the re-deal's own ([`Redeal`](cards_core::Redeal)), so both keep the
    /// same facts. The result loads through [`Shithead::from_setup`].
    fn determinize<R: Rng + ?Sized>(
        rules: &Rules,
        view: &View,
        rng: &mut R,
    ) -> Result<Shithead, SetupError> {
        let Viewer::Seat(me) = view.viewer else {
            return Err(bad(
                "only a seat's view can be determinized, not a spectator's",
            ));
        };
        view.validate_for(rules)?;
        let skeleton = Shithead::skeleton(rules, view, me, rng)?;
        let dealt = skeleton.shuffle_unknown(me, rng);
        Shithead::from_setup(Setup::from(dealt))
    }

    /// Playouts play exactly like the [`ShitheadBot`](crate::ShitheadBot)
    /// heuristic: face-up picks (H3.1) by the same choice of the best three
    /// of the arranging seat's six cards, and every other action from the
    /// public facts it reads (top rank, run, pile size). There is no random
    /// step, so a search meets opponents that play as the medium level does
    /// (a random step one time in three or ten won no more games for the
    /// hard level, and made its playouts longer).
    fn playout_action<R: Rng + ?Sized>(&self, legal: &[Action], _rng: &mut R) -> Option<Action> {
        if self.phase == Phase::Arranging {
            let p = self.to_act.index();
            let mut six = self.hand[p];
            six.merge(self.up[p]);
            let picked = match self.stage {
                Stage::Picking(m) => m,
                _ => CardMultiset::EMPTY,
            };
            if let Some(a) = crate::bot::arrange_pick(six, picked, legal) {
                return Some(a);
            }
        }
        Some(crate::ShitheadBot::pick(
            self.top,
            self.run,
            self.pile.len(),
            legal,
        ))
    }

    /// The heuristic's play read off the position where that is simple
    /// (most playout steps), as [`playout_action`](Determinize::playout_action)
    /// would choose it from the list.
    fn playout_shortcut(&self) -> Option<Action> {
        if self.chance_pool().is_some() {
            return None;
        }
        crate::ShitheadBot::pick_unlisted(&self.ctx(), self.top, self.run, self.pile.len())
    }

    /// The action is one the search listed or its playout policy chose, so
    /// only its effect is carried out, without `apply_mut`'s check of it (a
    /// tenth of the hard level's time went to that check).
    fn apply_legal(&mut self, action: &Action) -> Result<(), Illegal> {
        self.exec(action);
        Ok(())
    }

    /// Face-up picks (H3.1) get
    /// [`ARRANGE_SAMPLES_FACTOR`](crate::ARRANGE_SAMPLES_FACTOR) times the
    /// samples: three choices a game that decide which cards a seat plays
    /// from the table at the end.
    fn samples_factor(view: &View) -> u32 {
        if view.phase == Phase::Arranging {
            crate::ARRANGE_SAMPLES_FACTOR
        } else {
            1
        }
    }

    /// How many players are out (H20): a search scores a line as soon as the
    /// next player goes out, the place the deciding seat can still win.
    fn horizon(&self) -> u64 {
        u64::from(self.outs)
    }

    /// Past the horizon: 1 for the seat that went out last, and the others
    /// still holding cards share -1 equally; seats out or gone before score 0.
    fn horizon_reward(&self, seat: Seat) -> Option<f64> {
        let newest = self.outs.checked_sub(1)?;
        let holding = (0..usize::from(self.n))
            .filter(|&s| self.status[s] == Status::Active)
            .count();
        Some(match self.status[seat.index()] {
            Status::Out(k) if k == newest => 1.0,
            Status::Active if holding > 0 => -1.0 / holding as f64,
            _ => 0.0,
        })
    }

    /// A playout cut at its step limit
    /// ([`HARD_PLAYOUT_STEPS`](crate::HARD_PLAYOUT_STEPS)) is scored as the
    /// action limit would end the game there: by the places (H22).
    fn cutoff_reward(&self, seat: Seat) -> Option<f64> {
        Some(self.places().reward(seat))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cards_core::{ChaCha8Rng, Game, RandomBot, SeedableRng, Table};

    #[test]
    fn h20_the_horizon_credits_the_seat_that_goes_out() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        for seed in 0..20 {
            let mut t = Table::<Shithead>::new(Rules::default(), 4, seed).unwrap();
            let start = t.state().horizon();
            assert_eq!(t.state().horizon_reward(Seat(0)), None, "nobody out yet");
            while t.state().horizon() == start {
                let seat = t.to_act().expect("the game ends only once a seat is out");
                let mut legal = Vec::new();
                t.state().legal_actions(&mut legal);
                let a = cards_core::Bot::<Shithead>::choose(
                    &mut RandomBot,
                    &t.view(seat),
                    &legal,
                    &mut rng,
                );
                t.play_as(seat, &a).unwrap();
            }
            let g = t.state();
            let rewards: Vec<f64> = (0..4).map(|s| g.horizon_reward(Seat(s)).unwrap()).collect();
            let out = (0..4)
                .filter(|&s| matches!(g.status[s], Status::Out(0)))
                .count();
            assert_eq!(out, 1);
            for s in 0..4 {
                let expected = if g.status[s] == Status::Out(0) {
                    1.0
                } else {
                    -1.0 / 3.0
                };
                assert!(
                    (rewards[s] - expected).abs() < 1e-12,
                    "seed {seed}: {rewards:?}"
                );
            }
            // Heuristic playouts pick a listed action.
            let mut legal = Vec::new();
            g.legal_actions(&mut legal);
            if let Some(a) = g.playout_action(&legal, &mut rng) {
                assert!(legal.contains(&a));
            }
        }
    }

    #[test]
    fn h3_1_face_up_picks_get_more_samples_than_plays() {
        let search = cards_core::Rollout::<Shithead>::new(
            Rules::default(),
            cards_core::RolloutBudget::samples(10),
        );
        let mut t = Table::<Shithead>::new(Rules::default(), 3, 4).unwrap();
        let (mut picks, mut plays) = (0, 0);
        while let Some(seat) = t.to_act() {
            let view = t.view(seat);
            let expected = match view.phase {
                Phase::Arranging => {
                    picks += 1;
                    10 * crate::ARRANGE_SAMPLES_FACTOR
                }
                _ => {
                    plays += 1;
                    10
                }
            };
            assert_eq!(search.samples_for(&view), expected, "{:?}", view.phase);
            t.play_bot(&mut RandomBot as &mut dyn cards_core::Bot<Shithead>)
                .unwrap();
        }
        assert!(picks == 9 && plays > 0, "{picks} picks, {plays} plays");
    }

    #[test]
    fn h3_1_playouts_play_every_decision_as_the_heuristic_does() {
        // From the arranging (H3.1) to the end, the playout policy on the full
        // state and ShitheadBot on the seat's view choose the same action.
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let mut picks = 0;
        for seed in 0..12 {
            let mut t = Table::<Shithead>::new(Rules::default(), 4, seed).unwrap();
            while let Some(seat) = t.to_act() {
                let mut legal = Vec::new();
                t.state().legal_actions(&mut legal);
                let heuristic = cards_core::Bot::<Shithead>::choose(
                    &mut crate::ShitheadBot,
                    &t.view(seat),
                    &legal,
                    &mut rng,
                );
                let playout = t.state().playout_action(&legal, &mut rng);
                assert_eq!(playout, Some(heuristic), "seed {seed} (H3.1)");
                if t.state().phase() == Phase::Arranging && legal.len() > 1 {
                    picks += 1;
                }
                t.play_as(seat, &heuristic).unwrap();
            }
        }
        assert!(picks > 12 * 4, "face-up picks with a choice were compared");
    }
}
