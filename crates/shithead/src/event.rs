//! Applied actions as one viewer sees them: [`Event`], in plain words, with
//! what followed from them (burns, skips, reversals, players going out).

use std::fmt;

use cards_core::{Card, Game, Rank, Seat, Viewer, Who};

use crate::action::Action;
use crate::group::{Group, Trio};
use crate::playable::playable;
use crate::rules::Eights;
use crate::state::{Conserved, Phase, Place, Shithead, Stage, Status};

/// What an action did, as one viewer may see it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(rename_all = "snake_case", deny_unknown_fields)
)]
pub enum What {
    /// H2: a card was dealt; `card` only when the viewer may see it.
    Dealt {
        /// To whom.
        seat: Who,
        /// Where it lies.
        place: Place,
        /// The card, if visible to the viewer.
        card: Option<Card>,
    },
    /// H5.3: a refill from the stock; `card` only for the drawer.
    Drew {
        /// Who drew.
        seat: Who,
        /// The card, if visible to the viewer.
        card: Option<Card>,
    },
    /// H3.1: a player picked one of his face-up cards (the first or second).
    Picked {
        /// Who.
        seat: Who,
        /// The card.
        card: Card,
    },
    /// H3: a player chose his face-up cards (with his third pick).
    Arranged {
        /// Who.
        seat: Who,
        /// The face-up cards.
        face_up: Trio,
    },
    /// H5: a play onto the pile.
    Played {
        /// Who.
        seat: Who,
        /// The cards.
        cards: Group,
        /// From the hand or the face-up cards.
        from: Place,
    },
    /// H11: a player plays a face-down card blind.
    Blind {
        /// Who.
        seat: Who,
    },
    /// H11: the face-down card turned; `played` when it was playable, else
    /// the player took it with the pile of `pile` cards.
    Turned {
        /// Whose card.
        seat: Who,
        /// The card.
        card: Card,
        /// Whether it was played.
        played: bool,
        /// How many pile cards he took with it when it was not played.
        pile: u16,
    },
    /// H7, H10: a player took the pile.
    PickedUp {
        /// Who.
        seat: Who,
        /// How many pile cards.
        cards: u16,
        /// The face-up cards taken with it (H10).
        with: Option<Group>,
    },
    /// H5: a player ended his turn.
    Ended {
        /// Who.
        seat: Who,
    },
}

/// What followed from an action, in the order it happened.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(rename_all = "snake_case", deny_unknown_fields)
)]
pub enum Then {
    /// H8: a ten or four of a kind burned the pile; the player goes again.
    Burned {
        /// Who burned it (and goes again).
        seat: Who,
        /// How many cards burned.
        cards: u16,
    },
    /// H19: a player has no cards left; `place` counts from 1.
    Out {
        /// Who.
        seat: Who,
        /// His finishing place.
        place: u8,
    },
    /// H15: an eight skipped this player.
    Skipped {
        /// Who.
        seat: Who,
    },
    /// H18: kings turned the direction of play.
    Reversed,
    /// H20, H22: the game is over.
    GameOver {
        /// The shithead, when one player is left holding cards.
        shithead: Option<Who>,
        /// Whether the action limit ended it (H22).
        by_limit: bool,
    },
}

/// An applied action as one viewer may see it, and what followed from it:
/// "seat 2 plays 8H; seat 3 is skipped", "you pick up the pile (4 cards)".
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct Event {
    /// What the action did.
    pub what: What,
    /// What followed from it.
    pub then: Vec<Then>,
}

/// The group lying on top when the mover's turn ends after `action` (H15, H18).
fn group_at_end(g: &Shithead, action: &Action) -> Option<(Rank, u8)> {
    let laid = match *action {
        Action::Play(cards) => Some((cards.rank(), cards.len() as u8)),
        Action::Turn(c) => Some((c.rank(), 1)),
        Action::Done | Action::Draw(_) => None,
        _ => return None,
    };
    match (laid, g.group) {
        (Some((r, n)), Some(old)) if r == old => Some((r, g.group_len + n)),
        (Some(l), _) => Some(l),
        (None, Some(old)) => Some((old, g.group_len)),
        (None, None) => None,
    }
}

impl Event {
    /// The event of a legal `action` on `g` (before) reaching `next` (after).
    pub(crate) fn of(g: &Shithead, next: &Shithead, action: &Action, viewer: Viewer) -> Event {
        let who = |s: Seat| Who::of(s, viewer);
        let sees = |s: Seat| viewer == Viewer::Seat(s);
        let p = g.to_act;
        let what = match *action {
            Action::Draw(c) if g.phase == Phase::Dealing => {
                let (seat, place) = g.deal_target(g.progress);
                let visible = match place {
                    Place::FaceUp => true,
                    Place::Hand => sees(seat),
                    Place::FaceDown => false,
                };
                What::Dealt {
                    seat: who(seat),
                    place,
                    card: visible.then_some(c),
                }
            }
            Action::Draw(c) => What::Drew {
                seat: who(p),
                card: sees(p).then_some(c),
            },
            Action::Turn(c) => {
                let played =
                    matches!(g.stage, Stage::Blind { cover: true }) || playable(c.rank(), g.level);
                What::Turned {
                    seat: who(p),
                    card: c,
                    played,
                    pile: if played { 0 } else { g.pile.len() as u16 },
                }
            }
            Action::FaceUp(card) => match (g.stage, next.stage) {
                (_, Stage::Picking(_)) => What::Picked { seat: who(p), card },
                (Stage::Picking(m), _) => {
                    let mut all = m;
                    all.merge(Group::single(card).cards());
                    match Trio::from_cards(all) {
                        Some(face_up) => What::Arranged {
                            seat: who(p),
                            face_up,
                        },
                        None => What::Picked { seat: who(p), card },
                    }
                }
                _ => What::Picked { seat: who(p), card },
            },
            Action::Play(cards) => What::Played {
                seat: who(p),
                cards,
                from: if g.hand[p.index()].is_empty() {
                    Place::FaceUp
                } else {
                    Place::Hand
                },
            },
            Action::Blind => What::Blind { seat: who(p) },
            Action::PickUp => What::PickedUp {
                seat: who(p),
                cards: g.pile.len() as u16,
                with: None,
            },
            Action::PickUpWith(w) => What::PickedUp {
                seat: who(p),
                cards: g.pile.len() as u16,
                with: Some(w),
            },
            Action::Done => What::Ended { seat: who(p) },
        };
        Event {
            what,
            then: consequences(g, next, action, viewer),
        }
    }
}

/// Burns, players going out, skips, reversals and the game's end, read off
/// the states before and after a legal action.
fn consequences(g: &Shithead, next: &Shithead, action: &Action, viewer: Viewer) -> Vec<Then> {
    let mut then = Vec::new();
    if g.phase != Phase::Playing {
        if next.phase == Phase::Over {
            then.push(game_over(next, viewer));
        }
        return then;
    }
    let burned = next.burned.len() - g.burned.len();
    if burned > 0 {
        then.push(Then::Burned {
            seat: Who::of(g.to_act, viewer),
            cards: burned as u16,
        });
    }
    let p = g.to_act;
    if let (Status::Active, Status::Out(k)) = (g.status[p.index()], next.status[p.index()]) {
        then.push(Then::Out {
            seat: Who::of(p, viewer),
            place: k + 1,
        });
    }
    // The turn ended with its group's effects: the group is gone without a
    // burn, and no pick-up took it.
    let picked = match *action {
        Action::PickUp | Action::PickUpWith(_) => true,
        Action::Turn(c) => {
            !(matches!(g.stage, Stage::Blind { cover: true }) || playable(c.rank(), g.level))
        }
        _ => false,
    };
    let ended = burned == 0
        && !picked
        && next.group.is_none()
        && next.stage == Stage::Start
        && !next.refill;
    if ended && next.phase == Phase::Playing {
        match group_at_end(g, action) {
            Some((Rank::Eight, len)) => {
                let skips = match g.rules.eights {
                    Eights::SkipPerEight => len,
                    Eights::OneSkip => 1,
                };
                for j in 1..=skips {
                    then.push(Then::Skipped {
                        seat: Who::of(next.nth_active_after(p, j), viewer),
                    });
                }
            }
            Some((Rank::King, _)) if next.reversed != g.reversed => then.push(Then::Reversed),
            _ => {}
        }
    }
    if next.phase == Phase::Over {
        then.push(game_over(next, viewer));
    }
    then
}

fn game_over(next: &Shithead, viewer: Viewer) -> Then {
    Then::GameOver {
        shithead: next.shithead().map(|s| Who::of(s, viewer)),
        by_limit: next.by_limit,
    }
}

impl Shithead {
    /// The event of `action` for `viewer`, or the rule it breaks.
    pub(crate) fn event_of(
        &self,
        action: &Action,
        viewer: Viewer,
    ) -> Result<Event, crate::Illegal> {
        let next = self.apply(action)?;
        Ok(Event::of(self, &next, action, viewer))
    }
}

fn place_words(place: Place) -> &'static str {
    match place {
        Place::Hand => "into the hand",
        Place::FaceUp => "face up",
        Place::FaceDown => "face down",
    }
}

impl fmt::Display for What {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            What::Dealt { seat, place, card } => {
                let is = seat.verb("are", "is");
                match card {
                    Some(c) => write!(f, "{seat} {is} dealt {c} {}", place_words(place)),
                    None => write!(f, "{seat} {is} dealt a card {}", place_words(place)),
                }
            }
            What::Drew { seat, card } => {
                let draws = seat.verb("draw", "draws");
                match card {
                    Some(c) => write!(f, "{seat} {draws} {c}"),
                    None => write!(f, "{seat} {draws} a card"),
                }
            }
            What::Picked { seat, card } => {
                write!(f, "{seat} {} {card} face up", seat.verb("pick", "picks"))
            }
            What::Arranged { seat, face_up } => {
                write!(f, "{seat} {} {face_up} face up", seat.verb("put", "puts"))
            }
            What::Played { seat, cards, from } => {
                let plays = seat.verb("play", "plays");
                match from {
                    Place::FaceUp => write!(f, "{seat} {plays} {cards} from the face-up cards"),
                    _ => write!(f, "{seat} {plays} {cards}"),
                }
            }
            What::Blind { seat } => write!(
                f,
                "{seat} {} a face-down card blind",
                seat.verb("play", "plays")
            ),
            What::Turned {
                seat,
                card,
                played,
                pile,
            } => {
                let turns = seat.verb("turn", "turns");
                if played {
                    write!(
                        f,
                        "{seat} {turns} over {card}: it fits and lies on the pile"
                    )
                } else {
                    let takes = seat.verb("take", "takes");
                    write!(
                        f,
                        "{seat} {turns} over {card}: it does not fit, so {seat} {takes} it with the pile ({pile} {})",
                        cards_word(pile)
                    )
                }
            }
            What::PickedUp { seat, cards, with } => {
                let picks = seat.verb("pick", "picks");
                write!(
                    f,
                    "{seat} {picks} up the pile ({cards} {})",
                    cards_word(cards)
                )?;
                match with {
                    Some(w) => write!(f, " together with the face-up {w}"),
                    None => Ok(()),
                }
            }
            What::Ended { seat } => write!(f, "{seat} {} the turn", seat.verb("end", "ends")),
        }
    }
}

fn cards_word(n: u16) -> &'static str {
    if n == 1 { "card" } else { "cards" }
}

fn ordinal(n: u8) -> String {
    let suffix = match (n % 10, n % 100) {
        (1, 11) | (2, 12) | (3, 13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

impl fmt::Display for Then {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Then::Burned { seat, cards } => write!(
                f,
                "the pile burns ({cards} {}) and {seat} {} again",
                cards_word(cards),
                seat.verb("go", "goes")
            ),
            Then::Out { seat, place } => write!(
                f,
                "{seat} {} out of cards, finishing {}",
                seat.verb("are", "is"),
                ordinal(place)
            ),
            Then::Skipped { seat } => {
                write!(f, "{seat} {} skipped", seat.verb("are", "is"))
            }
            Then::Reversed => f.write_str("play now runs the other way round"),
            Then::GameOver { shithead, by_limit } => {
                f.write_str("the game is over")?;
                if by_limit {
                    f.write_str(" at the action limit")?;
                }
                match shithead {
                    Some(s) => write!(f, ": {s} {} the shithead", s.verb("are", "is")),
                    None => Ok(()),
                }
            }
        }
    }
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.what)?;
        for t in &self.then {
            write!(f, "; {t}")?;
        }
        Ok(())
    }
}
