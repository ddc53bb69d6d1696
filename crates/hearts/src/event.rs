//! [`Event`]: an applied action as one viewer may see it (R13).

use std::fmt;

use cards_core::{Card, CardSet, PerSeat, Seat, Viewer, Who};

use crate::action::Action;
use crate::score::card_points;
use crate::state::{Hearts, N, PassDir, Phase};

/// What a viewer saw happen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(rename_all = "snake_case", deny_unknown_fields)
)]
pub enum Seen {
    /// The pass direction was picked (R3).
    Direction(PassDir),
    /// A card was dealt; its face only for the seat that got it (R4).
    Dealt {
        /// Who got it.
        to: Seat,
        /// The card, for its receiver only.
        card: Option<Card>,
    },
    /// A card was set aside to pass; its face only for the passer (R5).
    Passed {
        /// Who passed it.
        seat: Seat,
        /// The card, for the passer only.
        card: Option<Card>,
    },
    /// A card was played to the trick (R6–R9).
    Played {
        /// Who played.
        seat: Seat,
        /// The card.
        card: Card,
    },
}

/// An applied action as one viewer may see it, with what followed from it.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct Event {
    /// Who it is told to.
    pub viewer: Viewer,
    /// What happened.
    pub seen: Seen,
    /// The cards the viewer received, when this step ended the passing (R5).
    pub received: Option<CardSet>,
    /// The seat that took the trick and the trick's points, when this step ended one (R10, R12).
    pub took: Option<(Seat, i32)>,
    /// Every seat's return, when this step ended the game (R12.3).
    pub end: Option<PerSeat<i32>>,
}

impl Event {
    pub(crate) fn of(before: &Hearts, after: &Hearts, action: &Action, viewer: Viewer) -> Event {
        let me = |s: Seat| viewer == Viewer::Seat(s);
        let actor = Seat(before.to_act);
        let seen = match *action {
            Action::Direction(d) => Seen::Direction(d),
            Action::Deal(c) => {
                let to = Seat(before.dealt % N);
                Seen::Dealt {
                    to,
                    card: me(to).then_some(c),
                }
            }
            Action::Pass(c) => Seen::Passed {
                seat: actor,
                card: me(actor).then_some(c),
            },
            Action::Play(card) => Seen::Played { seat: actor, card },
        };
        let received = match viewer {
            Viewer::Seat(s) if before.phase == Phase::Pass && after.phase == Phase::Play => {
                Some(after.passed[before.dir.source(s).index()])
            }
            _ => None,
        };
        let took = (matches!(action, Action::Play(_)) && after.trick_len == 0).then(|| {
            let mut trick: CardSet = before.trick().iter().copied().collect();
            if let Action::Play(c) = action {
                trick.insert(*c);
            }
            (Seat(after.leader), card_points(trick, &after.rules))
        });
        Event {
            viewer,
            seen,
            received,
            took,
            end: after.returns(),
        }
    }
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let who = |s: Seat| Who::of(s, self.viewer);
        match self.seen {
            Seen::Direction(PassDir::NoPass) => f.write_str("no cards are passed")?,
            Seen::Direction(d) => write!(f, "cards are passed {d}")?,
            Seen::Dealt { to, card: Some(c) } => write!(f, "{} get {c}", who(to))?,
            Seen::Dealt { to, card: None } => write!(f, "{} is dealt a card", who(to))?,
            Seen::Passed {
                seat,
                card: Some(c),
            } => write!(f, "{} pass {c}", who(seat))?,
            Seen::Passed { seat, card: None } => write!(f, "{} passes a card", who(seat))?,
            Seen::Played { seat, card } => {
                let w = who(seat);
                write!(f, "{w} {} {card}", w.verb("play", "plays"))?
            }
        }
        if let Some(r) = self.received {
            write!(f, "; you receive {r}")?;
        }
        if let Some((s, p)) = self.took {
            let w = who(s);
            write!(
                f,
                "; {w} {} the trick ({p} points)",
                w.verb("take", "takes")
            )?;
        }
        if let Some(r) = &self.end {
            f.write_str("; game over, returns:")?;
            for (i, (seat, v)) in r.iter().enumerate() {
                let sep = if i == 0 { " " } else { ", " };
                write!(f, "{sep}{} {v}", who(seat))?;
            }
        }
        Ok(())
    }
}
