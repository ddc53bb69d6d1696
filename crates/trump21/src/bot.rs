//! [`OddsBot`]: a bot that draws by the odds of the number cards it has not seen
//! and plays Shield, Damage+, Perfect Draw, Return, Draw x and Go for sensibly.

use cards_core::{Bot, Rng, Seat};

use crate::action::{Action, DestroyTarget, Give, Play, Take};
use crate::observe::{View, visible_total};
use crate::state::{Phase, Status, Trump21};
use crate::trump::{Trump, TrumpCounts};

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
        unseen_of(
            view.copies,
            view.seats
                .iter()
                .map(|s| (s.hidden, s.open_cards.as_slice())),
        )
    }

    /// The chance that one more card keeps `total` at or under `target`.
    pub fn safe_odds(view: &View, total: u16) -> f64 {
        odds(&OddsBot::unseen(view), view.target, total)
    }
}

/// How many of each value 1–11 are not among `seen`, each seat's visible
/// hidden card and open cards, with `copies` of each value in the game.
fn unseen_of<'a>(copies: u8, seen: impl Iterator<Item = (Option<u8>, &'a [u8])>) -> [u32; 12] {
    let mut left = [u32::from(copies); 12];
    left[0] = 0;
    for (hidden, open) in seen {
        for &v in open.iter().chain(hidden.iter()) {
            let c = &mut left[usize::from(v.min(11))];
            *c = c.saturating_sub(1);
        }
    }
    left
}

/// The chance that one more card from the `unseen` ones keeps `total` at or
/// under `target`.
fn odds(unseen: &[u32; 12], target: u8, total: u16) -> f64 {
    let all: u32 = unseen.iter().sum();
    if all == 0 {
        return 0.0;
    }
    let safe: u32 = (1..=11)
        .filter(|&v| total + v as u16 <= u16::from(target))
        .map(|v| unseen[v])
        .sum();
    f64::from(safe) / f64::from(all)
}

/// One seat as [`Facts`] reads it: standing, lives, the hidden card where
/// the looking seat sees it, the open cards.
struct SeatFacts<'a> {
    status: Status,
    lives: u8,
    hidden: Option<u8>,
    open: &'a [u8],
}

impl SeatFacts<'_> {
    /// The total the looking seat sees.
    fn total(&self) -> u16 {
        visible_total(self.hidden, self.open)
    }
}

/// Everything [`OddsBot`] reads of a position, from the side of the seat to
/// decide: built from its view ([`Facts::of_view`]), or in a search's
/// playouts straight from the position ([`Facts::of_state`]) without
/// building a view, which the tests hold to reading the same.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Facts {
    me: Seat,
    landed: bool,
    /// The opponent of the Exchange being chosen, if one is.
    exchange_with: Option<Seat>,
    target: u8,
    /// The seat's own total, hidden card included.
    total: u16,
    /// The seat's last open card.
    last_open: Option<u8>,
    /// The best visible total at or under the target among the other active seats (0 when none).
    best_other: u16,
    /// The other active seat with the most lives (the last of equals).
    strongest: Option<Seat>,
    unseen: [u32; 12],
    my_trumps: TrumpCounts,
    /// Open trumps lying at the seat, by kind.
    open_at_me: TrumpCounts,
    /// Open trumps lying at the Exchange's opponent (at the seat when none), by kind.
    open_at_with: TrumpCounts,
}

impl Facts {
    /// The facts of `view`; `None` for a spectator's.
    pub(crate) fn of_view(view: &View) -> Option<Facts> {
        let seats = view.seats.iter().map(|s| SeatFacts {
            status: s.status,
            lives: s.lives,
            hidden: s.hidden,
            open: &s.open_cards,
        });
        let open = view.open_trumps.iter().map(|o| (o.holder, o.kind));
        Some(Facts::gather(
            view.seat()?,
            (view.landed, view.exchange.as_ref().map(|x| x.with)),
            (view.target, view.copies),
            seats,
            view.my_trumps,
            open,
        ))
    }

    /// The facts of seat `me` at `g`: what [`Facts::of_view`] reads of
    /// `g.observe(Viewer::Seat(me))`, without building the view.
    pub(crate) fn of_state(g: &Trump21, me: Seat) -> Facts {
        let seats = g.players().iter().enumerate().map(|(i, p)| SeatFacts {
            status: p.status,
            lives: p.lives,
            hidden: (p.hidden != 0 && (i == me.index() || p.revealed)).then_some(p.hidden),
            open: p.stack(),
        });
        let exchange_with = match g.phase {
            Phase::Exchanging(e) => Some(e.with),
            _ => None,
        };
        let open = g.open_trumps().iter().map(|o| (o.holder, o.kind));
        Facts::gather(
            me,
            (g.phase == Phase::Landed, exchange_with),
            (g.target, g.rules.copies),
            seats,
            g.hidden_trumps(me).unwrap_or(TrumpCounts::EMPTY),
            open,
        )
    }

    /// The facts from what both sides read alike.
    fn gather<'a>(
        me: Seat,
        (landed, exchange_with): (bool, Option<Seat>),
        (target, copies): (u8, u8),
        seats: impl Iterator<Item = SeatFacts<'a>> + Clone,
        my_trumps: TrumpCounts,
        open: impl Iterator<Item = (Seat, Trump)>,
    ) -> Facts {
        let with = exchange_with.unwrap_or(me);
        let mut f = Facts {
            me,
            landed,
            exchange_with,
            target,
            total: 0,
            last_open: None,
            best_other: 0,
            strongest: None,
            unseen: unseen_of(copies, seats.clone().map(|s| (s.hidden, s.open))),
            my_trumps,
            open_at_me: TrumpCounts::EMPTY,
            open_at_with: TrumpCounts::EMPTY,
        };
        for (holder, kind) in open {
            if holder == me {
                f.open_at_me.add(kind);
            }
            if holder == with {
                f.open_at_with.add(kind);
            }
        }
        let mut most_lives = None;
        for (i, s) in seats.enumerate() {
            if i == me.index() {
                f.total = s.total();
                f.last_open = s.open.last().copied();
            } else if s.status == Status::Active {
                let t = s.total();
                if t <= u16::from(target) {
                    f.best_other = f.best_other.max(t);
                }
                if most_lives.is_none_or(|most| s.lives >= most) {
                    most_lives = Some(s.lives);
                    f.strongest = Some(Seat(i as u8));
                }
            }
        }
        f
    }

    /// The chance that one more card keeps `total` at or under the target.
    fn odds(&self, total: u16) -> f64 {
        odds(&self.unseen, self.target, total)
    }
}

/// What [`OddsBot::decide_on`] asks of the legal list most often, read in
/// one pass instead of a search of the list for each question.
struct Listed {
    /// Bit [`Trump::index`] set for each `Play::Simple` listed.
    simple: u32,
    /// [`Action::Reveal`] is listed.
    reveal: bool,
    /// [`Action::Draw`] is listed.
    draw: bool,
}

impl Listed {
    fn of(legal: &[Action]) -> Listed {
        let mut l = Listed {
            simple: 0,
            reveal: false,
            draw: false,
        };
        for a in legal {
            match a {
                Action::Play(Play::Simple(k)) => l.simple |= 1 << k.index(),
                Action::Reveal => l.reveal = true,
                Action::Draw => l.draw = true,
                _ => {}
            }
        }
        l
    }

    /// `Play::Simple(k)` is listed.
    fn simple(&self, k: Trump) -> bool {
        self.simple & 1 << k.index() != 0
    }
}

impl OddsBot {
    /// One step of an Exchange being chosen (T12.8): take an open Shield or Harvest of
    /// his, give the Damage+ lying at us and the Exchange card, then stop as soon as the
    /// choice is complete. Always one of `legal`.
    fn exchange_step(f: &Facts, legal: &[Action]) -> Action {
        for k in [Trump::Shield, Trump::Harvest] {
            let a = Action::Take(Take::Open(k));
            if legal.contains(&a) && f.open_at_with.get(k) > 0 {
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
        match Facts::of_view(view) {
            Some(f) => self.decide_on(&f, legal),
            None => legal[0],
        }
    }

    /// [`decide`](OddsBot::decide) from the facts it reads.
    pub(crate) fn decide_on(&self, f: &Facts, legal: &[Action]) -> Action {
        let has = |a: &Action| legal.contains(a);
        let listed = Listed::of(legal);
        let me = f.me;
        if listed.reveal {
            return Action::Reveal;
        }
        if f.landed {
            return Action::End;
        }
        if f.exchange_with.is_some() {
            return OddsBot::exchange_step(f, legal);
        }
        let total = f.total;
        let target = u16::from(f.target);
        let gap = i32::from(target) - i32::from(total);
        let mine = f.my_trumps;
        let play = |p: Play| Action::Play(p);
        // Over the target: Return the last card if that brings us back.
        if total > target
            && listed.simple(Trump::Return)
            && f.last_open.is_some_and(|v| total - u16::from(v) <= target)
        {
            return play(Play::Simple(Trump::Return));
        }
        // A Go for that puts us exactly on its target (then reveal), or back under it.
        for k in [Trump::GoFor17, Trump::GoFor24, Trump::GoFor27] {
            if let Some(x) = k.go_for()
                && listed.simple(k)
                && u16::from(x) != target
                && (total == u16::from(x) || (total > target && total <= u16::from(x)))
            {
                return play(Play::Simple(k));
            }
        }
        // Shield once a round.
        if mine.get(Trump::Shield) > 0 && f.open_at_me.get(Trump::Shield) == 0 {
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
        if f.open_at_me.get(Trump::Damage2) + f.open_at_me.get(Trump::Damage1) > 0
            && let Some(a) = legal
                .iter()
                .find(|a| matches!(a, Action::Play(Play::Exchange(_))))
        {
            return *a;
        }
        // Damage+ at the strongest-looking opponent while we stand well.
        if (0..=3).contains(&gap)
            && let Some(v) = f.strongest
        {
            for k in [Trump::Damage2, Trump::Damage1] {
                let a = play(Play::Damage(k, v));
                if has(&a) {
                    return a;
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
                && listed.simple(k)
                && gap >= i32::from(x)
                && gap - i32::from(x) <= 1
                && f.unseen[usize::from(x)] > 0
            {
                return play(Play::Simple(k));
            }
        }
        let odds = f.odds(total);
        let want_more = gap > 0 && (total < f.best_other || gap >= 4);
        if want_more && odds < self.nerve && listed.simple(Trump::PerfectDraw) {
            return play(Play::Simple(Trump::PerfectDraw));
        }
        if listed.draw && self.draws_at(f, total) {
            return Action::Draw;
        }
        Action::Close
    }

    /// Whether the bot draws a number card at `total` when its round action
    /// comes (no trump played first, `draw` listed): while the odds of staying
    /// at or under the target are good, or when behind the best other visible
    /// total and not hopeless.
    pub(crate) fn draws_at(&self, f: &Facts, total: u16) -> bool {
        let gap = i32::from(f.target) - i32::from(total);
        let odds = f.odds(total);
        let behind = total < f.best_other && odds >= 0.25;
        gap > 0 && (odds >= self.nerve || behind)
    }
}
