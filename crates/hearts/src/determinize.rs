//! [`Determinize`]: a whole position from a seat's view (R13, R17). The cards
//! the seat cannot place are dealt uniformly among the places they may be;
//! the passed cards of the seats it did not see pass are picked among the
//! cards their targets hold or the tricks hold. Voids a seat has shown are not
//! used, as in OpenSpiel's `ResampleFromInfostate`.

use cards_core::{CardSet, Determinize, Rng, Save, Seat};

use crate::action::Action;
use crate::bot::choose;
use crate::error::SetupError;
use crate::observe::View;
use crate::rules::{MAX_SEATS, Rules};
use crate::setup::Setup;
use crate::state::{Hearts, PASS_COUNT, PassDir, Phase, TWO_CLUBS};

/// `n` cards drawn uniformly from `pool` (and taken out of it).
fn draw<R: Rng + ?Sized>(pool: &mut CardSet, n: usize, rng: &mut R) -> Result<CardSet, SetupError> {
    let mut out = CardSet::EMPTY;
    for _ in 0..n {
        let c = pool.pick(rng).ok_or(SetupError::Inconsistent(
            "the view does not fit any position (R13)",
        ))?;
        pool.remove(c);
        out.insert(c);
    }
    Ok(out)
}

impl Determinize for Hearts {
    fn determinize<R: Rng + ?Sized>(
        rules: &Rules,
        view: &View,
        rng: &mut R,
    ) -> Result<Hearts, SetupError> {
        let me = view.check(rules)?;
        let i = me.index();
        let (hand, mine) = (
            view.hand.unwrap_or_default(),
            view.passed.unwrap_or_default(),
        );
        let trick: CardSet = view.trick.iter().copied().collect();
        let played = view.won.iter().fold(trick, |a, &w| a | w);
        let dir = view.pass_dir.unwrap_or(PassDir::NoPass);
        let started = matches!(view.phase, Phase::Play | Phase::Over);
        let mut hands = [CardSet::EMPTY; MAX_SEATS];
        let mut passed = [CardSet::EMPTY; MAX_SEATS];
        hands[i] = hand;
        passed[i] = mine;
        // Cards whose holder the seat knows: its passed cards (with their
        // target until played) and, before the first trick is taken, the two
        // of clubs with the first leader.
        let mut fixed = [CardSet::EMPTY; MAX_SEATS];
        if started && dir != PassDir::NoPass {
            fixed[dir.target(me).index()] |= mine - played;
            passed[dir.source(me).index()] = view.received.unwrap_or_default();
        }
        let leader = view.leader.or(view.turn).unwrap_or(me);
        if view.phase == Phase::Play
            && view.won.iter().all(|w| w.is_empty())
            && !hand.contains(TWO_CLUBS)
            && !played.contains(TWO_CLUBS)
        {
            fixed[leader.index()].insert(TWO_CLUBS);
        }
        let mut pool = CardSet::ALL - hand - mine - played;
        for f in fixed {
            pool -= f;
        }
        for x in (0..MAX_SEATS).filter(|&x| x != i) {
            let want = usize::from(view.hand_sizes[x])
                .checked_sub(fixed[x].len())
                .ok_or(SetupError::Inconsistent(
                    "the view does not fit any position (R13)",
                ))?;
            hands[x] = fixed[x] | draw(&mut pool, want, rng)?;
            if view.phase == Phase::Pass {
                passed[x] = draw(&mut pool, usize::from(view.passed_sizes[x]), rng)?;
            }
        }
        if started && dir != PassDir::NoPass {
            let mut taken = mine | passed[dir.source(me).index()];
            let all_won = view.won.iter().fold(CardSet::EMPTY, |a, &w| a | w);
            for y in (0..MAX_SEATS).filter(|&y| y != i && y != dir.source(me).index()) {
                let t = dir.target(Seat(y as u8));
                let lead = view.leader.map_or(0, |l| l.index());
                let by_target: CardSet = view
                    .trick
                    .iter()
                    .enumerate()
                    .filter(|(k, _)| (lead + k) % MAX_SEATS == t.index())
                    .map(|(_, &c)| c)
                    .collect();
                let mut candidates = (hands[t.index()] | all_won | by_target) - taken;
                passed[y] = draw(&mut candidates, PASS_COUNT, rng)?;
                taken |= passed[y];
            }
        }
        Hearts::load(Setup {
            rules: *rules,
            phase: view.phase,
            pass_dir: view.pass_dir,
            to_act: match view.phase {
                Phase::Pass | Phase::Play => view.turn.unwrap_or(Seat(0)),
                Phase::Over => leader,
                _ => Seat(0),
            },
            hands,
            passed,
            trick: view.trick.clone(),
            won: view.won,
        })
    }

    fn playout_action<R: Rng + ?Sized>(&self, legal: &[Action], _rng: &mut R) -> Option<Action> {
        Some(choose(self.trick(), legal))
    }
}
