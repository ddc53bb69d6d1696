//! Chance steps: which outcomes a pending step has, and what each one does (T3, T5.1,
//! T7, T12.6, T12.7, T12.8, T12.11, T12.12).

use crate::action::Action;
use crate::error::Illegal;
use crate::rules::MAX_TRUMPS;
use crate::state::{Phase, Trump21};
use crate::trump::TrumpCounts;

impl Phase {
    /// The step this phase waits for, in words, and the clause that calls for it: what
    /// a refusal names, so that it cites the step actually pending.
    pub(crate) fn step(self) -> (&'static str, &'static str) {
        match self {
            Phase::TopUp => ("the top-up of the trump draw pile", "T3"),
            Phase::Deal(_) => ("the deal", "T5.1"),
            Phase::Gamble => ("the gamble roll", "T7"),
            Phase::GambleDraw(_) => ("the trump the gamble brings", "T7"),
            Phase::Draw { love: false, .. } => ("the number card a draw brings", "T7"),
            Phase::Draw { love: true, .. } => ("love your enemy's random card", "T12.6"),
            Phase::DestroyPick(_) => ("destroy's pick of a hidden trump", "T12.7"),
            Phase::ExchangePick { .. } => ("an exchange's pick of a hidden trump", "T12.8"),
            Phase::SwitchAside { .. } => ("trump switch setting trumps aside", "T12.11"),
            Phase::SwitchDraw { .. } => ("trump switch's draws", "T12.11"),
            Phase::SwitchBonus(_) => ("harvest's bonus draws", "T12.12"),
            Phase::Play => ("the player's trumps or round action", "T7"),
            Phase::Landed => ("the closing step after a card taken", "T11.1"),
            Phase::Exchanging(_) => ("an exchange being chosen", "T12.8"),
            Phase::Over => ("the end of the game", "T13, T13.2, T16.1"),
        }
    }
}

impl Trump21 {
    /// Why an action is refused at the pending chance step.
    fn at_chance(&self, kind: fn(&'static str, &'static str) -> Illegal) -> Illegal {
        let (step, clause) = self.phase.step();
        kind(step, clause)
    }

    /// The trump counts a trump chance step draws from, if the phase has one.
    pub(crate) fn trump_source(&self) -> Option<&TrumpCounts> {
        Some(match self.phase {
            Phase::TopUp => &self.supply,
            Phase::GambleDraw(_) | Phase::SwitchDraw { .. } | Phase::SwitchBonus(_) => &self.pile,
            Phase::DestroyPick(s) | Phase::ExchangePick { with: s, .. } => &self.player(s)?.trumps,
            Phase::SwitchAside { .. } => &self.cur().trumps,
            _ => return None,
        })
    }

    pub(crate) fn check_chance(&self, action: &Action) -> Result<(), Illegal> {
        match (*action, self.phase) {
            (Action::Card(v), Phase::Deal(_) | Phase::Draw { .. }) => {
                if (1..=11).contains(&v) && self.deck[usize::from(v)] > 0 {
                    Ok(())
                } else {
                    Err(self.at_chance(impossible))
                }
            }
            (Action::Trump(k), _) => match self.trump_source() {
                Some(src) if src.get(k) > 0 => Ok(()),
                Some(_) => Err(self.at_chance(impossible)),
                None => Err(self.at_chance(wrong_step)),
            },
            (Action::Gamble(win), Phase::Gamble) => {
                let w = if win {
                    self.rules.gamble_win
                } else {
                    self.rules.gamble_lose
                };
                if w > 0 {
                    Ok(())
                } else {
                    Err(self.at_chance(impossible))
                }
            }
            (Action::Card(_) | Action::Gamble(_), _) => Err(self.at_chance(wrong_step)),
            _ => Err(self.at_chance(|step, clause| Illegal::ChancePending { step, clause })),
        }
    }

    pub(crate) fn apply_chance(&mut self, action: Action) {
        match (action, self.phase) {
            (Action::Trump(k), Phase::TopUp) => {
                self.supply.remove(k);
                self.pile.add(k);
                let want = self.active_count() as u32 + 1;
                if self.pile.total() >= want || self.supply.is_empty() {
                    self.ensure_deck();
                    self.phase = Phase::Deal(0);
                }
            }
            (Action::Card(v), Phase::Deal(i)) => {
                let a = self.active_count();
                let seat = self.deal_seat(usize::from(i));
                if usize::from(i) < a {
                    self.deck[usize::from(v)] -= 1;
                    self.p(seat).hidden = v;
                } else {
                    self.give_card(seat, v);
                }
                if usize::from(i) + 1 >= 2 * a {
                    let opener = self.opener;
                    self.turn = opener;
                    if self.round_over() {
                        self.score_round();
                    } else {
                        self.start_turn(opener);
                    }
                } else {
                    self.ensure_deck();
                    self.phase = Phase::Deal(i + 1);
                }
            }
            (Action::Gamble(win), Phase::Gamble) => {
                self.phase = if win {
                    Phase::GambleDraw(1 + self.harvests(self.turn))
                } else {
                    Phase::Play
                };
            }
            (Action::Trump(k), Phase::GambleDraw(left)) => {
                self.pile.remove(k);
                let t = self.turn;
                self.p(t).add_trump(k);
                self.phase = if left > 1 && !self.pile.is_empty() {
                    Phase::GambleDraw(left - 1)
                } else {
                    Phase::Play
                };
            }
            (Action::Card(v), Phase::Draw { to, love }) => {
                self.give_card(to, v);
                if love {
                    self.phase = Phase::Play;
                } else {
                    self.after_own_draw();
                }
            }
            (Action::Trump(k), Phase::DestroyPick(from)) => {
                self.p(from).remove_trump(k);
                self.supply.add(k);
                self.phase = Phase::Play;
            }
            (Action::Trump(k), Phase::ExchangePick { with, left }) => {
                self.p(with).remove_trump(k);
                let t = self.turn;
                self.p(t).add_trump(k);
                if left > 1 {
                    self.phase = Phase::ExchangePick {
                        with,
                        left: left - 1,
                    };
                } else {
                    self.deliver_limbo(with);
                    self.phase = Phase::Play;
                }
            }
            (Action::Trump(k), Phase::SwitchAside { left, draws }) => {
                let t = self.turn;
                self.p(t).remove_trump(k);
                self.aside.add(k);
                if left > 1 {
                    self.phase = Phase::SwitchAside {
                        left: left - 1,
                        draws,
                    };
                } else {
                    self.start_switch_draws(draws);
                }
            }
            (Action::Trump(k), Phase::SwitchDraw { left, drawn }) => {
                self.pile.remove(k);
                let t = self.turn;
                self.p(t).add_trump(k);
                let drawn = drawn + 1;
                if left > 1 && !self.pile.is_empty() {
                    self.phase = Phase::SwitchDraw {
                        left: left - 1,
                        drawn,
                    };
                } else {
                    let bonus = u32::from(drawn) * u32::from(self.harvests(t));
                    // Bonus draws stop when the pile is empty, and the pile holds fewer
                    // than MAX_TRUMPS cards, so this bound never cuts a draw short.
                    debug_assert!(self.pile.total() < MAX_TRUMPS);
                    self.switch_bonus(bonus.min(MAX_TRUMPS) as u8);
                }
            }
            (Action::Trump(k), Phase::SwitchBonus(left)) => {
                self.pile.remove(k);
                let t = self.turn;
                self.p(t).add_trump(k);
                self.switch_bonus(left - 1);
            }
            _ => {}
        }
    }

    /// Calls `f` with each chance outcome and its weight, in listing order.
    pub(crate) fn each_outcome(&self, mut f: impl FnMut(Action, u32)) {
        match self.phase {
            Phase::Deal(_) | Phase::Draw { .. } => {
                for v in 1..=11u8 {
                    let c = self.deck[usize::from(v)];
                    if c > 0 {
                        f(Action::Card(v), u32::from(c));
                    }
                }
            }
            Phase::Gamble => {
                if self.rules.gamble_win > 0 {
                    f(Action::Gamble(true), self.rules.gamble_win);
                }
                if self.rules.gamble_lose > 0 {
                    f(Action::Gamble(false), self.rules.gamble_lose);
                }
            }
            _ => {
                if let Some(src) = self.trump_source() {
                    for (k, c) in src.iter() {
                        f(Action::Trump(k), u32::from(c));
                    }
                }
            }
        }
    }
}

fn impossible(step: &'static str, clause: &'static str) -> Illegal {
    Illegal::ImpossibleOutcome { step, clause }
}

fn wrong_step(step: &'static str, clause: &'static str) -> Illegal {
    Illegal::WrongStep { step, clause }
}
