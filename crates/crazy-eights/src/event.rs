//! [`Event`]: an applied action as one viewer may see it (C14).

use std::fmt;

use cards_core::{Card, PerSeat, Seat, Suit, Viewer, Who};

use crate::action::Action;
use crate::state::{CrazyEights, Phase};

/// What a viewer saw happen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(rename_all = "snake_case", deny_unknown_fields)
)]
pub enum Seen {
    /// The dealer was chosen (C3).
    Dealer(Seat),
    /// A card was dealt; its face only for the seat that got it (C4).
    Dealt {
        /// Who got it.
        to: Seat,
        /// The card, for its receiver only.
        card: Option<Card>,
    },
    /// An eight was turned up and went back into the stock (C5.1).
    EightBack(Card),
    /// The starter was turned up (C5).
    TurnedUp(Card),
    /// A card was drawn; its face only for the drawer (C9, C11.3).
    Drew {
        /// Who drew.
        seat: Seat,
        /// The card, for the drawer only.
        card: Option<Card>,
    },
    /// A player chose to draw (`owed` > 0: the owed cards, C11.3).
    Draws {
        /// Who draws.
        seat: Seat,
        /// Cards owed from twos, 0 for a voluntary draw.
        owed: u8,
    },
    /// A card was played (C7).
    Played {
        /// Who played.
        seat: Seat,
        /// The card.
        card: Card,
    },
    /// A suit was named after an eight (C8).
    Nominated {
        /// Who named it.
        seat: Seat,
        /// The suit.
        suit: Suit,
    },
    /// A player passed (C9.1, C10).
    Passed(Seat),
}

/// An applied action as one viewer may see it, with the returns when it ended the game.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct Event {
    /// Who it is told to.
    pub viewer: Viewer,
    /// What happened.
    pub seen: Seen,
    /// Every seat's return, when this step ended the game (C13).
    pub end: Option<PerSeat<i32>>,
}

impl Event {
    pub(crate) fn of(
        before: &CrazyEights,
        after: &CrazyEights,
        action: &Action,
        viewer: Viewer,
    ) -> Event {
        let me = |s: Seat| viewer == Viewer::Seat(s);
        let actor = Seat(before.to_act);
        let seen = match *action {
            Action::Dealer(s) => Seen::Dealer(s),
            Action::Deal(c) => match before.phase {
                Phase::Deal => {
                    let to = Seat((before.dealer + 1 + before.dealt % before.n) % before.n);
                    Seen::Dealt {
                        to,
                        card: me(to).then_some(c),
                    }
                }
                Phase::TurnUp if after.phase == Phase::TurnUp => Seen::EightBack(c),
                Phase::TurnUp => Seen::TurnedUp(c),
                _ => Seen::Drew {
                    seat: actor,
                    card: me(actor).then_some(c),
                },
            },
            Action::Play(card) => Seen::Played { seat: actor, card },
            Action::Draw => Seen::Draws {
                seat: actor,
                owed: before.owed,
            },
            Action::Pass => Seen::Passed(actor),
            Action::Nominate(suit) => Seen::Nominated { seat: actor, suit },
        };
        Event {
            viewer,
            seen,
            end: after.returns(),
        }
    }
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let who = |s: Seat| Who::of(s, self.viewer);
        match self.seen {
            Seen::Dealer(seat) => write!(f, "{} deal{}", who(seat), s(seat, self.viewer))?,
            Seen::Dealt { to, card: Some(c) } => write!(f, "{} get {c}", who(to))?,
            Seen::Dealt { to, card: None } => write!(f, "{} is dealt a card", who(to))?,
            Seen::EightBack(c) => write!(f, "{c} is turned up and goes back into the stock")?,
            Seen::TurnedUp(c) => write!(f, "{c} is turned up")?,
            Seen::Drew {
                seat,
                card: Some(c),
            } => write!(f, "{} draw {c}", who(seat))?,
            Seen::Drew { seat, card: None } => write!(f, "{} draws a card", who(seat))?,
            Seen::Draws { seat, owed: 0 } => {
                write!(f, "{} draw{}", who(seat), s(seat, self.viewer))?
            }
            Seen::Draws { seat, owed } => write!(
                f,
                "{} take{} the {owed} owed cards",
                who(seat),
                s(seat, self.viewer)
            )?,
            Seen::Played { seat, card } => {
                write!(f, "{} play{} {card}", who(seat), s(seat, self.viewer))?
            }
            Seen::Nominated { seat, suit } => {
                write!(f, "{} name{} {suit}", who(seat), s(seat, self.viewer))?
            }
            Seen::Passed(seat) => write!(
                f,
                "{} pass{}",
                who(seat),
                if self.viewer == Viewer::Seat(seat) {
                    ""
                } else {
                    "es"
                }
            )?,
        }
        if let Some(r) = &self.end {
            f.write_str("; game over:")?;
            for (seat, v) in r.iter() {
                write!(f, " {} {v}", who(seat))?;
            }
        }
        Ok(())
    }
}

fn s(seat: Seat, viewer: Viewer) -> &'static str {
    if viewer == Viewer::Seat(seat) {
        ""
    } else {
        "s"
    }
}
