//! Applied actions as one viewer sees them ([`Event`]), and a round's result
//! ([`RoundEnd`]), both told in plain words by `Display`.

use std::fmt;

use cards_core::{Actor, Card, CardSet, Game, PerSeat, Seat, Viewer, Who};

use crate::action::Action;
use crate::rules::AcesDisplay;
use crate::score::hand_value;
use crate::state::{Fate, NO_ROUND, Phase, Schwimmen};

/// A per-seat list of a state (at most [`MAX_SEATS`](crate::MAX_SEATS) long, so
/// it always fits) as a `PerSeat`.
pub(crate) fn per<T: Copy + Default>(v: &[T]) -> PerSeat<T> {
    debug_assert!(v.len() <= crate::rules::MAX_SEATS);
    PerSeat::from_slice(v).unwrap_or_else(|| PerSeat::new(0, T::default()))
}

/// What a viewer sees of one applied action.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(rename_all = "snake_case", deny_unknown_fields)
)]
pub enum Seen {
    /// A card was dealt to `to`; `card` only for the receiver (and never for the second pack).
    Dealt {
        /// The receiving seat.
        to: Seat,
        /// Whether it went to the dealer's face-down second pack.
        second_pack: bool,
        /// The card, if the viewer may see it.
        card: Option<Card>,
    },
    /// A card was turned up in the middle.
    Refilled(Card),
    /// The dealer kept his pack; the second pack is now the middle.
    Kept {
        /// The new middle.
        middle: CardSet,
    },
    /// The dealer took the other pack; his first pack is now the middle.
    TookOther {
        /// The new middle.
        middle: CardSet,
    },
    /// One card swapped.
    Swapped {
        /// Given to the middle.
        give: Card,
        /// Taken from the middle.
        take: Card,
    },
    /// All three cards swapped.
    SwappedAll {
        /// The hand given to the middle.
        gave: CardSet,
        /// The middle taken.
        took: CardSet,
    },
    /// Passed.
    Passed,
    /// Knocked.
    Knocked,
}

/// How a round ended, as everyone sees it (S14, S15): the last scored round of
/// a game ([`Schwimmen::last_round`]) or the end an [`Event`] brought.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct RoundEnd {
    /// The round's number, from 0.
    pub round: u16,
    /// The hands shown, by seat (empty for seats not in the round).
    pub shown: PerSeat<CardSet>,
    /// The middle the round ended with; empty when a refresh found the stock
    /// short and none was laid (S14 c).
    #[cfg_attr(feature = "serde", serde(default))]
    pub middle: CardSet,
    /// Lives lost by seat.
    pub lives_lost: PerSeat<u8>,
    /// Seats that drowned.
    pub drowned: Vec<Seat>,
    /// Whether the game is now over.
    pub game_over: bool,
    /// How three aces are written (the rules' option, S13).
    pub aces_display: AcesDisplay,
}

impl RoundEnd {
    /// The result of the last scored round of `g`, if one was scored and not
    /// cleared by the game ending early (S21.1).
    pub(crate) fn of(g: &Schwimmen) -> Option<RoundEnd> {
        if g.scored == NO_ROUND {
            return None;
        }
        let n = usize::from(g.n);
        let drowned = (0..n)
            .filter(|&i| g.fate[i] == Fate::Drowned(g.scored))
            .map(|i| Seat(i as u8))
            .collect();
        Some(RoundEnd {
            round: g.scored,
            shown: per(&g.shown[..n]),
            middle: g.shown_middle,
            lives_lost: per(&g.lost[..n]),
            drowned,
            game_over: g.phase == Phase::Over && g.round == g.scored + 1,
            aces_display: g.rules.aces_display,
        })
    }

    /// The result in plain words, with "you" for `viewer`'s seat: every hand
    /// shown with its value, the middle, the lives lost, who drowned, whether
    /// the game is over.
    pub fn describe(&self, viewer: Viewer) -> impl fmt::Display + '_ {
        struct D<'a>(&'a RoundEnd, Viewer);
        impl fmt::Display for D<'_> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                let (end, viewer) = (self.0, self.1);
                f.write_str("round over:")?;
                let mut first = true;
                for (s, hand) in end.shown.iter() {
                    if let Some(v) = hand_value(*hand) {
                        let sep = if first { " " } else { ", " };
                        first = false;
                        let who = Who::of(s, viewer);
                        write!(
                            f,
                            "{sep}{who} {} {hand} ({})",
                            who.verb("show", "shows"),
                            v.display(end.aces_display)
                        )?;
                    }
                }
                if !end.middle.is_empty() {
                    write!(f, "; the middle was {}", end.middle)?;
                }
                let mut any = false;
                for (s, lost) in end.lives_lost.iter() {
                    if *lost > 0 {
                        any = true;
                        let who = Who::of(s, viewer);
                        let lives = if *lost == 1 { "a life" } else { "two lives" };
                        write!(f, "; {who} {} {lives}", who.verb("lose", "loses"))?;
                    }
                }
                for &s in &end.drowned {
                    any = true;
                    let who = Who::of(s, viewer);
                    write!(f, "; {who} {}", who.verb("drown", "drowns"))?;
                }
                if !any {
                    f.write_str("; nobody loses a life")?;
                }
                if end.game_over {
                    f.write_str("; the game is over")?;
                }
                Ok(())
            }
        }
        D(self, viewer)
    }
}

impl fmt::Display for RoundEnd {
    /// [`RoundEnd::describe`] for a spectator ("seat 1 shows …").
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.describe(Viewer::Spectator))
    }
}

impl Schwimmen {
    /// The result of the last scored round (hands shown with their values,
    /// lives lost, who drowned), which the next deal does not erase; `None`
    /// before the first round is scored (S14, S23).
    ///
    /// ```
    /// use cards_core::{ChaCha8Rng, Game, Playout, SeedableRng};
    /// use schwimmen::{Rules, Schwimmen};
    /// let mut g = Schwimmen::new(Rules::default(), 3)?;
    /// assert!(g.last_round().is_none());
    /// let (mut rng, mut playout) = (ChaCha8Rng::seed_from_u64(1), Playout::new());
    /// while g.round() == 0 {
    ///     assert!(playout.step(&mut g, &mut rng));
    /// }
    /// let end = g.last_round().expect("round 0 was scored");
    /// assert_eq!(end.round, 0);
    /// assert_eq!(end.shown.len(), 3);
    /// # Ok::<(), schwimmen::SetupError>(())
    /// ```
    pub fn last_round(&self) -> Option<RoundEnd> {
        RoundEnd::of(self)
    }
}

/// An applied action as one viewer may see it ("seat 2 is dealt a card").
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct Event {
    /// Who sees it ("you" in the text for that seat).
    pub viewer: Viewer,
    /// Who acted.
    pub actor: Actor,
    /// What the viewer saw.
    pub seen: Seen,
    /// When the action ended the round: the showdown.
    pub round_end: Option<RoundEnd>,
}

impl Event {
    /// The event of `action` (legal at `g`) for `viewer`; `after` is `g` with it applied.
    pub(crate) fn of(g: &Schwimmen, after: &Schwimmen, action: &Action, viewer: Viewer) -> Event {
        let actor = g.actor();
        let seen = match *action {
            Action::Deal(c) => {
                // The deal was accepted, so there is a receiver.
                debug_assert!(g.next_receiver().is_some());
                let (to, second_pack) = g.next_receiver().unwrap_or((Seat(g.to_act), false));
                let card = (viewer == Viewer::Seat(to) && !second_pack).then_some(c);
                Seen::Dealt {
                    to,
                    second_pack,
                    card,
                }
            }
            Action::Refill(c) => Seen::Refilled(c),
            Action::Keep => Seen::Kept { middle: g.pack },
            Action::TakeOther => Seen::TookOther {
                middle: g.hands[usize::from(g.dealer)],
            },
            Action::Swap { give, take } => Seen::Swapped { give, take },
            Action::SwapAll => Seen::SwappedAll {
                gave: g.hands[usize::from(g.to_act)],
                took: g.middle,
            },
            Action::Pass => Seen::Passed,
            Action::Knock => Seen::Knocked,
        };
        let round_end = (after.scored != g.scored)
            .then(|| RoundEnd::of(after))
            .flatten();
        Event {
            viewer,
            actor,
            seen,
            round_end,
        }
    }
}

impl fmt::Display for Event {
    /// Plain words, "you" for the viewer: "you swap AC for 9C", "seat 1 knocks",
    /// "seat 2 is dealt a card", "9C is turned up in the middle".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let v = self.viewer;
        let mover = match self.actor {
            Actor::Player(s) => Who::of(s, v),
            // Only chance steps have no player; they name their receiver.
            Actor::Chance | Actor::Terminal => Who::of(Seat(0), Viewer::Spectator),
        };
        match &self.seen {
            Seen::Dealt {
                to,
                second_pack: true,
                ..
            } => write!(
                f,
                "a card goes face down to {} second pack",
                Who::of(*to, v).possessive()
            )?,
            Seen::Dealt { card: Some(c), .. } => write!(f, "you are dealt {c}")?,
            Seen::Dealt { to, .. } => {
                let who = Who::of(*to, v);
                write!(f, "{who} {} dealt a card", who.verb("are", "is"))?;
            }
            Seen::Refilled(c) => write!(f, "{c} is turned up in the middle")?,
            Seen::Kept { middle } => write!(
                f,
                "{mover} {} {} pack; the second pack goes face up: {middle}",
                mover.verb("keep", "keeps"),
                mover.possessive()
            )?,
            Seen::TookOther { middle } => write!(
                f,
                "{mover} {} the second pack; {} first pack goes face up: {middle}",
                mover.verb("take", "takes"),
                mover.possessive()
            )?,
            Seen::Swapped { give, take } => {
                write!(
                    f,
                    "{mover} {} {give} for {take}",
                    mover.verb("swap", "swaps")
                )?;
            }
            Seen::SwappedAll { gave, took } => write!(
                f,
                "{mover} {} all three cards, {gave} for {took}",
                mover.verb("swap", "swaps")
            )?,
            Seen::Passed => write!(f, "{mover} {}", mover.verb("pass", "passes"))?,
            Seen::Knocked => write!(f, "{mover} {}", mover.verb("knock", "knocks"))?,
        }
        if let Some(end) = &self.round_end {
            write!(f, "; {}", end.describe(v))?;
        }
        Ok(())
    }
}
