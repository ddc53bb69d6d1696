//! [`OddsBot`]: a bot that draws by the odds of the number cards it has not seen
//! and plays Shield, Damage+, Perfect Draw, Return, Draw x and Go for sensibly.

use cards_core::{Bot, Rng, Seat};

use crate::action::{Action, DestroyTarget, Give, Play, Take};
use crate::observe::View;
use crate::state::Trump21;
use crate::trump::Trump;

/// A bot worth playing against; it sees only its own view.
///
/// ```
/// use cards_core::{Bot, RandomBot, Table};
/// use trump21::{OddsBot, Rules, Trump21};
/// let mut table = Table::<Trump21>::new(Rules::default(), 2, 3)?;
/// let mut bots: Vec<Box<dyn Bot<Trump21>>> = vec![Box::new(OddsBot::default()), Box::new(RandomBot)];
/// let outcome = table.play_bots(&mut bots, 100_000).unwrap();
/// assert!(outcome.is_some());
/// # Ok::<(), trump21::SetupError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct OddsBot {
    /// Draw while the chance of staying at or under the target is at least this.
    pub nerve: f64,
}

impl Default for OddsBot {
    fn default() -> OddsBot {
        OddsBot { nerve: 0.5 }
    }
}

impl OddsBot {
    /// How many of each value 1–11 the viewer has not seen (deck, discards or hidden elsewhere).
    pub fn unseen(view: &View) -> [u32; 12] {
        let mut left = [u32::from(view.copies); 12];
        left[0] = 0;
        for s in &view.seats {
            for &v in s.open_cards.iter().chain(s.hidden.iter()) {
                let c = &mut left[usize::from(v.min(11))];
                *c = c.saturating_sub(1);
            }
        }
        left
    }

    /// The chance that one more card keeps `total` at or under `target`.
    pub fn safe_odds(view: &View, total: u16) -> f64 {
        let left = OddsBot::unseen(view);
        let all: u32 = left.iter().sum();
        if all == 0 {
            return 0.0;
        }
        let safe: u32 = (1..=11)
            .filter(|&v| total + v as u16 <= u16::from(view.target))
            .map(|v| left[v])
            .sum();
        f64::from(safe) / f64::from(all)
    }
}

impl OddsBot {
    /// One step of an Exchange being chosen (T12.8): take an open Shield or Harvest of
    /// his, give the Damage+ lying at us and the Exchange card, then stop as soon as the
    /// choice is complete. Always one of `legal`.
    fn exchange_step(view: &View, me: Seat, legal: &[Action]) -> Action {
        let with = view.exchange.as_ref().map_or(me, |x| x.with);
        for k in [Trump::Shield, Trump::Harvest] {
            let a = Action::Take(Take::Open(k));
            if legal.contains(&a) && view.open_at(with, k) > 0 {
                return a;
            }
        }
        for k in [Trump::Damage1, Trump::Damage2, Trump::Exchange] {
            let a = Action::Give(Give::Open(k));
            if legal.contains(&a) {
                return a;
            }
        }
        if legal.contains(&Action::Done) {
            return Action::Done;
        }
        // A take needs a give: the first one listed is the cheapest in listing order.
        legal
            .iter()
            .find(|a| matches!(a, Action::Give(_)))
            .or(legal.first())
            .copied()
            .unwrap_or(Action::Done)
    }
}

impl Bot<Trump21> for OddsBot {
    fn choose(&mut self, view: &View, legal: &[Action], rng: &mut dyn Rng) -> Action {
        let _ = rng;
        self.decide(view, legal)
    }
}

impl OddsBot {
    /// The bot's choice among `legal` (a non-empty list of the view's actions): it
    /// uses no randomness, so search playouts can call it too.
    pub fn decide(&self, view: &View, legal: &[Action]) -> Action {
        let has = |a: &Action| legal.contains(a);
        let Some(me) = view.seat() else {
            return legal[0];
        };
        if has(&Action::Reveal) {
            return Action::Reveal;
        }
        if view.landed {
            return Action::End;
        }
        if view.exchange.is_some() {
            return OddsBot::exchange_step(view, me, legal);
        }
        let total = view.my_total().unwrap_or(0);
        let target = u16::from(view.target);
        let gap = i32::from(target) - i32::from(total);
        let best_other = OddsBot::best_other(view, me);
        let mine = view.my_trumps;
        let play = |p: Play| Action::Play(p);
        // Over the target: Return the last card if that brings us back.
        if total > target
            && has(&play(Play::Simple(Trump::Return)))
            && view
                .seats
                .get(me.index())
                .and_then(|s| s.open_cards.last())
                .is_some_and(|&v| total - u16::from(v) <= target)
        {
            return play(Play::Simple(Trump::Return));
        }
        // A Go for that puts us exactly on its target (then reveal), or back under it.
        for k in [Trump::GoFor17, Trump::GoFor24, Trump::GoFor27] {
            if let Some(x) = k.go_for()
                && has(&play(Play::Simple(k)))
                && u16::from(x) != target
                && (total == u16::from(x) || (total > target && total <= u16::from(x)))
            {
                return play(Play::Simple(k));
            }
        }
        // Shield once a round.
        if mine.get(Trump::Shield) > 0 && view.open_at(me, Trump::Shield) == 0 {
            return play(Play::Simple(Trump::Shield));
        }
        // Destroy damage laid at us.
        for k in [Trump::Damage2, Trump::Damage1] {
            let a = play(Play::Destroy(DestroyTarget::Open(me, k)));
            if has(&a) {
                return a;
            }
        }
        // Exchange: hand the Damage+ lying at us to an opponent and take his Shield.
        if view.open_at(me, Trump::Damage2) + view.open_at(me, Trump::Damage1) > 0
            && let Some(a) = legal
                .iter()
                .find(|a| matches!(a, Action::Play(Play::Exchange(_))))
        {
            return *a;
        }
        // Damage+ at the strongest-looking opponent while we stand well.
        if (0..=3).contains(&gap) {
            let victim = view
                .seats
                .iter()
                .enumerate()
                .filter(|(i, s)| *i != me.index() && s.status == crate::state::Status::Active)
                .max_by_key(|(_, s)| s.lives)
                .map(|(i, _)| Seat(i as u8));
            if let Some(v) = victim {
                for k in [Trump::Damage2, Trump::Damage1] {
                    let a = play(Play::Damage(k, v));
                    if has(&a) {
                        return a;
                    }
                }
            }
        }
        if mine.get(Trump::Harvest) > 0 {
            return play(Play::Simple(Trump::Harvest));
        }
        // Draw x that lands on or close under the target.
        for k in [
            Trump::Draw7,
            Trump::Draw6,
            Trump::Draw5,
            Trump::Draw4,
            Trump::Draw3,
            Trump::Draw2,
        ] {
            if let Some(x) = k.draw_value()
                && has(&play(Play::Simple(k)))
                && gap >= i32::from(x)
                && gap - i32::from(x) <= 1
                && OddsBot::unseen(view)[usize::from(x)] > 0
            {
                return play(Play::Simple(k));
            }
        }
        let odds = OddsBot::safe_odds(view, total);
        let want_more = gap > 0 && (total < best_other || gap >= 4);
        if want_more && odds < self.nerve && has(&play(Play::Simple(Trump::PerfectDraw))) {
            return play(Play::Simple(Trump::PerfectDraw));
        }
        if has(&Action::Draw) && self.draws_at(view, total, best_other) {
            return Action::Draw;
        }
        Action::Close
    }

    /// The best visible total at or under the target among the other active
    /// players of `view`: what `me` must beat (0 when there is none).
    pub(crate) fn best_other(view: &View, me: Seat) -> u16 {
        let target = u16::from(view.target);
        view.seats
            .iter()
            .enumerate()
            .filter(|(i, s)| *i != me.index() && s.status == crate::state::Status::Active)
            .map(|(_, s)| s.visible_total())
            .filter(|&t| t <= target)
            .max()
            .unwrap_or(0)
    }

    /// Whether the bot draws a number card at `total` when its round action
    /// comes (no trump played first, `draw` listed): while the odds of staying
    /// at or under the target are good, or when behind `best_other` and not
    /// hopeless.
    pub(crate) fn draws_at(&self, view: &View, total: u16, best_other: u16) -> bool {
        let gap = i32::from(view.target) - i32::from(total);
        let odds = OddsBot::safe_odds(view, total);
        let behind = total < best_other && odds >= 0.25;
        gap > 0 && (odds >= self.nerve || behind)
    }
}
