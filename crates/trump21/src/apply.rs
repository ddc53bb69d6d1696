//! Player actions and the entry point of `apply`: every check happens before the
//! first change (T7, T8, T11.1). Chance steps are in `chance`, trump effects in
//! `effects`, turns and rounds in `round`; the small steps they share are in `state`.

use crate::action::{Action, Exchange, Give};
use crate::error::Illegal;
use crate::legal::{Step, player_actions};
use crate::state::{Phase, Trump21};

impl Trump21 {
    /// Checks a player action without changing anything.
    pub(crate) fn check_player(&self, action: &Action) -> Result<(), Illegal> {
        match (self.phase, action) {
            (_, Action::Card(_) | Action::Trump(_) | Action::Gamble(_)) => {
                let (step, clause) = self.phase.step();
                Err(Illegal::NotChance { step, clause })
            }
            (Phase::Exchanging(e), _) => self.check_exchange_step(&e, action),
            (_, Action::Take(_) | Action::Give(_) | Action::Done) => Err(Illegal::NoExchange),
            (Phase::Landed, Action::Reveal) => {
                if self.can_reveal() {
                    Ok(())
                } else {
                    Err(Illegal::CannotReveal)
                }
            }
            (Phase::Landed, Action::End) => Ok(()),
            (Phase::Landed, _) => Err(Illegal::LandedChoice),
            (_, Action::Draw) => {
                if self.can_draw() {
                    Ok(())
                } else {
                    Err(Illegal::NothingToDraw)
                }
            }
            (_, Action::Close) => Ok(()),
            (_, Action::Reveal) => {
                if self.can_reveal() {
                    Ok(())
                } else {
                    Err(Illegal::CannotReveal)
                }
            }
            (_, Action::End) => Err(Illegal::EndNotAllowed),
            (_, Action::Play(p)) => self.check_play(p),
        }
    }

    /// Checks one step of an Exchange being chosen (T12.8): it must be one of the listed
    /// steps (canonical order, items held, the choice still completable).
    fn check_exchange_step(&self, e: &Exchange, action: &Action) -> Result<(), Illegal> {
        let mut legal = Vec::new();
        player_actions(self, Step::Exchanging(*e), &mut legal);
        if legal.contains(action) {
            return Ok(());
        }
        Err(match action {
            Action::Done => Illegal::ExchangeCounts,
            Action::Take(_) if e.takes() >= 2 || e.gives() > 0 => Illegal::ExchangeOrder,
            Action::Give(_) if e.gives() >= 2 => Illegal::ExchangeCounts,
            Action::Take(t) if e.last_take().is_some_and(|l| *t < l) => Illegal::ExchangeOrder,
            Action::Give(g) if e.last_give().is_some_and(|l| *g < l) => Illegal::ExchangeOrder,
            // A give that would fit after an earlier one (open before hidden, kinds in T2
            // order) is refused for its order, not for its items.
            Action::Give(g) if self.fits_after_earlier_give(e, *g, &legal) => {
                Illegal::ExchangeOrder
            }
            Action::Take(_) | Action::Give(_) => Illegal::ExchangeItems,
            _ => Illegal::ExchangePending,
        })
    }

    /// Whether the give `g`, not listed now, is listed after some listed give that
    /// comes before it in canonical order: then only the order keeps it out.
    fn fits_after_earlier_give(&self, e: &Exchange, g: Give, legal: &[Action]) -> bool {
        let mut next = Vec::new();
        legal.iter().any(|a| match a {
            Action::Give(first) if *first < g => {
                player_actions(self, Step::Exchanging(e.with_give(*first)), &mut next);
                next.contains(&Action::Give(g))
            }
            _ => false,
        })
    }

    pub(crate) fn apply_player(&mut self, action: Action) {
        match action {
            Action::Draw => {
                self.ensure_deck();
                self.phase = Phase::Draw {
                    to: self.turn,
                    love: false,
                };
            }
            Action::Close => {
                let t = self.turn;
                self.p(t).closed = true;
                self.end_turn();
            }
            Action::Reveal => {
                let t = self.turn;
                self.p(t).revealed = true;
                if self.phase == Phase::Landed {
                    self.end_turn();
                }
            }
            Action::End => self.end_turn(),
            Action::Play(p) => self.play(p),
            Action::Take(t) => {
                if let Phase::Exchanging(e) = self.phase {
                    self.phase = Phase::Exchanging(e.with_take(t));
                }
            }
            Action::Give(g) => {
                if let Phase::Exchanging(e) = self.phase {
                    self.phase = Phase::Exchanging(e.with_give(g));
                }
            }
            Action::Done => {
                if let Phase::Exchanging(e) = self.phase {
                    self.exchange(e);
                }
            }
            _ => {}
        }
    }

    pub(crate) fn apply_in_place(&mut self, action: &Action) -> Result<(), Illegal> {
        match self.phase {
            Phase::Over => Err(self.why_over()),
            Phase::Play | Phase::Landed | Phase::Exchanging(_) => {
                self.check_player(action)?;
                self.apply_player(*action);
                Ok(())
            }
            _ => {
                self.check_chance(action)?;
                self.apply_chance(*action);
                Ok(())
            }
        }
    }
}
