//! [`Setup`]: a position written out field by field, and its validation (R15);
//! the serde form of a state.

use cards_core::{Card, CardSet, Save, Seat, Suit};

use crate::error::SetupError;
use crate::rules::{MAX_SEATS, Rules};
use crate::state::{HEARTS, Hearts, N, PASS_COUNT, PassDir, Phase, QUEEN_SPADES, TWO_CLUBS};

/// Cards in a full hand (R4).
const HAND: usize = 13;

/// A position written out in full; loads only if it holds together (R15).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct Setup {
    /// The rules.
    pub rules: Rules,
    /// The phase.
    pub phase: Phase,
    /// The pass direction, once picked (R3).
    pub pass_dir: Option<PassDir>,
    /// The seat to pass or play (seat 0 before the passing; at the end, the
    /// seat that took the last trick).
    pub to_act: Seat,
    /// Each seat's hand.
    pub hands: [CardSet; MAX_SEATS],
    /// The cards each seat passed (R5): set aside during the passing, a record after it.
    pub passed: [CardSet; MAX_SEATS],
    /// The current trick in play order, from its leader.
    pub trick: Vec<Card>,
    /// The cards of the tricks each seat has taken.
    pub won: [CardSet; MAX_SEATS],
}

fn bad(why: &'static str) -> SetupError {
    SetupError::Inconsistent(why)
}

/// The union of `sets`, or `NotConserved` when two of them share a card.
fn disjoint_union(sets: impl IntoIterator<Item = CardSet>) -> Result<CardSet, SetupError> {
    let mut all = CardSet::EMPTY;
    for s in sets {
        if !all.is_disjoint(s) {
            return Err(SetupError::NotConserved);
        }
        all |= s;
    }
    Ok(all)
}

impl Save for Hearts {
    type Setup = Setup;

    fn save(&self) -> Setup {
        Setup {
            rules: self.rules,
            phase: self.phase,
            pass_dir: self.pass_dir(),
            to_act: Seat(self.to_act),
            hands: self.hands,
            passed: self.passed,
            trick: self.trick().to_vec(),
            won: self.won,
        }
    }

    fn load(s: Setup) -> Result<Hearts, SetupError> {
        if s.to_act.index() >= MAX_SEATS {
            return Err(bad("the seat to act is not at the table (R1)"));
        }
        if s.trick.len() >= MAX_SEATS {
            return Err(bad(
                "a trick is taken as soon as its fourth card is played (R10)",
            ));
        }
        let trick: CardSet = s.trick.iter().copied().collect();
        if trick.len() != s.trick.len() {
            return Err(SetupError::NotConserved);
        }
        let limbo = if s.phase == Phase::Pass {
            s.passed
        } else {
            [CardSet::EMPTY; MAX_SEATS]
        };
        let all = disjoint_union(s.hands.into_iter().chain(limbo).chain(s.won).chain([trick]))?;
        let mut g = Hearts::fresh(s.rules);
        let started = matches!(s.phase, Phase::Play | Phase::Over);
        let quiet = s.trick.is_empty() && s.won.iter().all(|w| w.is_empty());
        if !started && !quiet {
            return Err(bad("no card is played before the passing is over (R5, R6)"));
        }
        match (s.phase, s.pass_dir) {
            (Phase::PassDir, None) => {}
            (Phase::PassDir, Some(_)) | (_, None) => {
                return Err(bad(
                    "the pass direction is picked first, and only then (R3)",
                ));
            }
            (_, Some(d)) if d != PassDir::NoPass && !s.rules.pass_cards => {
                return Err(bad("without pass_cards the only direction is none (R3)"));
            }
            (Phase::Pass, Some(PassDir::NoPass)) => {
                return Err(bad("without a direction nobody passes (R5.1)"));
            }
            _ => {}
        }
        let dir = s.pass_dir.unwrap_or(PassDir::NoPass);
        let passed_some = s.passed.iter().any(|p| !p.is_empty());
        if s.phase == Phase::Pass {
            if all != CardSet::ALL {
                return Err(SetupError::NotConserved);
            }
            let to = s.to_act.index();
            for (i, (p, h)) in s.passed.iter().zip(&s.hands).enumerate() {
                let ok = match i.cmp(&to) {
                    std::cmp::Ordering::Less => p.len() == PASS_COUNT,
                    std::cmp::Ordering::Equal => p.len() < PASS_COUNT,
                    std::cmp::Ordering::Greater => p.is_empty(),
                };
                if !ok || h.len() + p.len() != HAND {
                    return Err(bad(
                        "seats pass three cards each in seat order, from their thirteen (R5)",
                    ));
                }
            }
        } else if !started {
            let dealt: usize = s.hands.iter().map(|h| h.len()).sum();
            let in_order =
                s.hands.iter().enumerate().all(|(i, h)| {
                    h.len() == dealt / MAX_SEATS + usize::from(i < dealt % MAX_SEATS)
                });
            if passed_some || s.to_act != Seat(0) || !in_order || dealt >= Card::COUNT {
                return Err(bad(
                    "cards are dealt one at a time to seats 0, 1, 2, 3, before any is passed (R4)",
                ));
            }
            if s.phase == Phase::PassDir && dealt > 0 {
                return Err(bad("the deal comes after the pass direction (R3, R4)"));
            }
            g.dealt = dealt as u8;
        } else {
            Self::check_play(&s, dir, all, trick)?;
            g.dealt = Card::COUNT as u8;
        }
        if s.phase == Phase::Pass {
            g.dealt = Card::COUNT as u8;
        }
        let played: CardSet = s.won.iter().fold(trick, |a, &w| a | w);
        g.phase = s.phase;
        g.dir = dir;
        g.to_act = s.to_act.0;
        g.trick_len = s.trick.len() as u8;
        g.trick[..s.trick.len()].copy_from_slice(&s.trick);
        g.leader = if started {
            (s.to_act.0 + N - g.trick_len) % N
        } else {
            0
        };
        g.played = played.len() as u8;
        g.broken = !s.rules.must_break_hearts
            || !played.is_disjoint(HEARTS)
            || (s.rules.qs_breaks_hearts && played.contains(QUEEN_SPADES));
        g.stock = CardSet::ALL - all;
        g.hands = s.hands;
        g.passed = s.passed;
        g.won = s.won;
        Ok(g)
    }
}

impl Hearts {
    /// The checks of a position in the play or at the end (R5, R6, R10, R11).
    fn check_play(s: &Setup, dir: PassDir, all: CardSet, trick: CardSet) -> Result<(), SetupError> {
        if all != CardSet::ALL {
            return Err(SetupError::NotConserved);
        }
        let m = s.trick.len();
        let taken: usize = s.won.iter().map(|w| w.len()).sum();
        if s.won.iter().any(|w| w.len() % MAX_SEATS != 0) {
            return Err(bad("tricks are taken whole, four cards at a time (R10)"));
        }
        let k = taken / MAX_SEATS;
        if (s.phase == Phase::Over) != (k == HAND) {
            return Err(bad(
                "the game ends when all thirteen tricks are taken, not before (R11)",
            ));
        }
        let leader = (s.to_act.index() + MAX_SEATS - m) % MAX_SEATS;
        for (x, h) in s.hands.iter().enumerate() {
            let in_trick = usize::from((x + MAX_SEATS - leader) % MAX_SEATS < m);
            if h.len() + k + in_trick != HAND {
                return Err(bad(
                    "each seat plays one card a trick, in turn from the leader (R6, R10)",
                ));
            }
        }
        // R5: each seat passed three cards to its target, who holds them or played them.
        let played: CardSet = s.won.iter().fold(trick, |a, &w| a | w);
        disjoint_union(s.passed)?;
        for (y, p) in s.passed.iter().enumerate() {
            let size_ok = if dir == PassDir::NoPass {
                p.is_empty()
            } else {
                p.len() == PASS_COUNT
            };
            let t = dir.target(Seat(y as u8)).index();
            let by_target: CardSet = s
                .trick
                .iter()
                .enumerate()
                .filter(|(i, _)| (leader + i) % MAX_SEATS == t)
                .map(|(_, &c)| c)
                .collect();
            let trick_ok = p.intersection(trick).is_subset(by_target);
            if !size_ok || !p.is_subset(s.hands[t] | played) || !trick_ok {
                return Err(bad(
                    "each seat's three passed cards are held or were played by the seat they went to (R5)",
                ));
            }
        }
        // R6: the holder of the two of clubs leads the first trick with it
        // (or, keeping it, another club): in the first trick the two of clubs
        // is the lead or still in the leader's hand.
        if k == 0 {
            let lead_ok = match s.trick.first().copied() {
                None => s.hands[s.to_act.index()].contains(TWO_CLUBS),
                Some(c) => {
                    c == TWO_CLUBS
                        || (s.rules.can_lead_any_club
                            && c.suit() == Suit::Clubs
                            && s.hands[leader].contains(TWO_CLUBS))
                }
            };
            if !lead_ok {
                return Err(bad(
                    "the holder of the two of clubs leads it first, or any club with can_lead_any_club (R6, R6.1)",
                ));
            }
        } else {
            // R6, R10: the first trick is among those taken, so they hold its
            // lead: the two of clubs, or with can_lead_any_club a club.
            let taken = s.won.iter().fold(CardSet::EMPTY, |a, &w| a | w);
            let lead_taken = if s.rules.can_lead_any_club {
                !taken.of_suit(Suit::Clubs).is_empty()
            } else {
                taken.contains(TWO_CLUBS)
            };
            if !lead_taken {
                return Err(bad(
                    "the first trick, led with the two of clubs or with can_lead_any_club a club, is among the tricks taken (R6, R6.1, R10)",
                ));
            }
        }
        Ok(())
    }
}

impl From<Hearts> for Setup {
    fn from(g: Hearts) -> Setup {
        g.save()
    }
}

impl TryFrom<Setup> for Hearts {
    type Error = SetupError;
    fn try_from(s: Setup) -> Result<Hearts, SetupError> {
        Hearts::load(s)
    }
}
