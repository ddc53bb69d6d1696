//! [`Event`]: an applied step as one viewer may see it (T15), told in plain words
//! ("you draw a 5", "seat 1 wins the gamble", "round 3 ends: ...").

use std::fmt;

use cards_core::{Seat, Viewer, Who};

use crate::action::{Action, DestroyTarget, Give, Play, Take};
use crate::state::{LastRound, Phase, Trump21};
use crate::trump::Trump;

/// How a number card came to a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum CardFrom {
    /// Dealt face down (shown only to its owner, T5, T15).
    DealtHidden,
    /// Dealt face up (T5).
    DealtOpen,
    /// Drawn face up in his turn, his round action (T7).
    Drawn,
    /// Given by Love your enemy's random card (T12.6).
    Love,
}

/// What a viewer saw of one step.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(rename_all = "snake_case", deny_unknown_fields)
)]
pub enum Seen {
    /// A number card the viewer may see came to `seat`.
    Card {
        /// Who got it.
        seat: Seat,
        /// Its value.
        value: u8,
        /// How.
        from: CardFrom,
    },
    /// Another seat was dealt its hidden card (T15).
    HiddenCard {
        /// Who.
        seat: Seat,
    },
    /// A trump went from the supply to the draw pile (T3); its kind is hidden.
    ToPile,
    /// The gamble's roll, the first step of a turn (T7).
    Gamble {
        /// Who gambled.
        seat: Seat,
        /// Whether he won a trump.
        won: bool,
    },
    /// A trump drawn from the pile (gamble, Trump Switch, Harvest); the kind only for
    /// the drawer (T15).
    TrumpDrawn {
        /// Who drew it.
        seat: Seat,
        /// The kind, if the viewer may see it.
        kind: Option<Trump>,
    },
    /// A hidden trump taken in an Exchange; the kind only for the two players (T12.8).
    TrumpTaken {
        /// Who took it.
        by: Seat,
        /// From whom.
        from: Seat,
        /// The kind, if the viewer may see it.
        kind: Option<Trump>,
    },
    /// A hidden trump set aside by Trump Switch; the kind only for its owner (T12.11).
    SetAside {
        /// Whose trump.
        seat: Seat,
        /// The kind, if the viewer may see it.
        kind: Option<Trump>,
    },
    /// Destroy hit a hidden trump; its kind is shown to all (T12.7).
    Destroyed {
        /// Whose trump.
        seat: Seat,
        /// The kind.
        kind: Trump,
    },
    /// A player's action, seen in full.
    Played {
        /// Who acted.
        seat: Seat,
        /// What he did.
        action: Action,
        /// The open number card the action put on a stack: what Draw x or Perfect
        /// Draw took for the player (T12.1, T12.5), or Love your enemy for its
        /// target when the rules give the best card (T12.6). `None` when nothing
        /// was taken (no such card left) or the action takes no card.
        #[cfg_attr(
            feature = "serde",
            serde(default, skip_serializing_if = "Option::is_none")
        )]
        took: Option<u8>,
    },
    /// A player revealed his hidden card on the target (T11.1).
    Revealed {
        /// Who.
        seat: Seat,
        /// The card.
        card: u8,
    },
    /// A player chose one of his hidden trumps to give in an Exchange; the kind is
    /// only his to see (T12.8, T15).
    HiddenGive {
        /// Who.
        seat: Seat,
    },
    /// An Exchange completed (`done`), as the two players see it: the kinds of the
    /// hidden trumps given (T12.8).
    ExchangeDone {
        /// Who played it.
        seat: Seat,
        /// With whom.
        with: Seat,
        /// The hidden trumps given, by kind.
        hidden_gives: [Option<Trump>; 2],
    },
}

/// An applied step as one viewer may see it (T15), with the round's result when the
/// step ended a round. Its `Display` tells it in plain words, saying "you" for the
/// viewer's own seat.
///
/// ```
/// use cards_core::{Game, Seat, Viewer};
/// use trump21::{Action, Rules, Trump, Trump21};
/// let g = Trump21::new(Rules::default(), 2)?;
/// let e = g.event(&Action::Trump(Trump::Shield), Viewer::Seat(Seat(0)))?;
/// assert_eq!(e.to_string(), "a trump goes to the draw pile");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct Event {
    /// Whose eyes: "you" in the text is this seat.
    pub viewer: Viewer,
    /// What the viewer saw.
    pub seen: Seen,
    /// When the step ended a round: how it was scored (every total shown, T15).
    pub round_end: Option<LastRound>,
}

impl Event {
    /// The seat the step concerns most (who acted, drew or was dealt), if any.
    pub fn seat(&self) -> Option<Seat> {
        match self.seen {
            Seen::Card { seat, .. }
            | Seen::HiddenCard { seat }
            | Seen::Gamble { seat, .. }
            | Seen::TrumpDrawn { seat, .. }
            | Seen::SetAside { seat, .. }
            | Seen::Destroyed { seat, .. }
            | Seen::Played { seat, .. }
            | Seen::Revealed { seat, .. }
            | Seen::HiddenGive { seat }
            | Seen::ExchangeDone { seat, .. } => Some(seat),
            Seen::TrumpTaken { by, .. } => Some(by),
            Seen::ToPile => None,
        }
    }

    /// The step `action` from `g` to `after`, as `viewer` sees it.
    pub(crate) fn of(g: &Trump21, after: &Trump21, action: &Action, viewer: Viewer) -> Event {
        let sees = |s: Seat| viewer == Viewer::Seat(s);
        let turn = g.turn;
        let played = || Seen::Played {
            seat: turn,
            action: *action,
            took: match action {
                Action::Play(Play::Love(at)) => taken(g, after, *at),
                Action::Play(Play::Simple(k))
                    if k.draw_value().is_some() || *k == Trump::PerfectDraw =>
                {
                    taken(g, after, turn)
                }
                _ => None,
            },
        };
        let seen = match (g.phase, *action) {
            (Phase::Exchanging(_), Action::Give(Give::Hidden(_))) if !sees(turn) => {
                Seen::HiddenGive { seat: turn }
            }
            (Phase::Exchanging(e), Action::Done)
                if (sees(turn) || sees(e.with))
                    && e.give
                        .iter()
                        .flatten()
                        .any(|x| matches!(x, Give::Hidden(_))) =>
            {
                let mut hidden_gives = [None, None];
                let kinds = e.give.iter().flatten().filter_map(|x| match x {
                    Give::Hidden(k) => Some(*k),
                    Give::Open(_) => None,
                });
                for (slot, k) in hidden_gives.iter_mut().zip(kinds) {
                    *slot = Some(k);
                }
                Seen::ExchangeDone {
                    seat: turn,
                    with: e.with,
                    hidden_gives,
                }
            }
            (_, Action::Reveal) => Seen::Revealed {
                seat: turn,
                card: g.cur().hidden,
            },
            (Phase::TopUp, _) => Seen::ToPile,
            (Phase::Deal(i), Action::Card(value)) => {
                let seat = g.deal_seat(usize::from(i));
                let hidden = usize::from(i) < g.active_count();
                if hidden && !sees(seat) {
                    Seen::HiddenCard { seat }
                } else {
                    let from = if hidden {
                        CardFrom::DealtHidden
                    } else {
                        CardFrom::DealtOpen
                    };
                    Seen::Card { seat, value, from }
                }
            }
            (Phase::Draw { to, love }, Action::Card(value)) => Seen::Card {
                seat: to,
                value,
                from: if love {
                    CardFrom::Love
                } else {
                    CardFrom::Drawn
                },
            },
            (Phase::Gamble, Action::Gamble(won)) => Seen::Gamble { seat: turn, won },
            (Phase::DestroyPick(seat), Action::Trump(kind)) => Seen::Destroyed { seat, kind },
            (
                Phase::GambleDraw(_) | Phase::SwitchDraw { .. } | Phase::SwitchBonus(_),
                Action::Trump(k),
            ) => Seen::TrumpDrawn {
                seat: turn,
                kind: sees(turn).then_some(k),
            },
            (Phase::ExchangePick { with, .. }, Action::Trump(k)) => Seen::TrumpTaken {
                by: turn,
                from: with,
                kind: (sees(turn) || sees(with)).then_some(k),
            },
            (Phase::SwitchAside { .. }, Action::Trump(k)) => Seen::SetAside {
                seat: turn,
                kind: sees(turn).then_some(k),
            },
            _ => played(),
        };
        let round_end = if after.scored > g.scored {
            after.last
        } else {
            None
        };
        Event {
            viewer,
            seen,
            round_end,
        }
    }

    fn who(&self, s: Seat) -> Who {
        Who::of(s, self.viewer)
    }

    /// "you draw" / "seat 1 draws".
    fn says(&self, s: Seat, verb_you: &str, verb_other: &str) -> String {
        let who = self.who(s);
        format!("{who} {}", who.verb(verb_you, verb_other))
    }

    fn whose(&self, s: Seat) -> String {
        self.who(s).possessive()
    }

    fn play_words(&self, seat: Seat, p: &Play) -> String {
        let plays = self.says(seat, "play", "plays");
        match *p {
            Play::Simple(k) => format!("{plays} {}", k.title()),
            Play::Damage(k, at) => format!("{plays} {} on {}", k.title(), self.who(at)),
            Play::Love(at) => format!("{plays} Love your enemy on {}", self.who(at)),
            Play::Switch(x) => format!("{plays} Trump Switch, setting aside {x}"),
            Play::Exchange(with) => format!("{plays} Exchange with {}", self.who(with)),
            Play::Destroy(t) => match t {
                DestroyTarget::Open(at, k) => {
                    format!("{plays} Destroy on {} open {}", self.whose(at), k.title())
                }
                DestroyTarget::Mine(k) => {
                    format!("{plays} Destroy on a hidden {} of {} own", k.title(), {
                        if self.viewer == Viewer::Seat(seat) {
                            "your"
                        } else {
                            "his"
                        }
                    })
                }
                DestroyTarget::Hidden(at) => {
                    format!("{plays} Destroy on a hidden trump of {}", self.who(at))
                }
                DestroyTarget::Nothing => format!("{plays} Destroy with nothing to destroy"),
            },
        }
    }

    fn action_words(&self, seat: Seat, a: &Action) -> String {
        match a {
            Action::Draw => self.says(seat, "take a card", "takes a card"),
            Action::Close => self.says(seat, "close", "closes"),
            Action::Reveal => self.says(seat, "reveal", "reveals"),
            Action::End => self.says(seat, "end your turn", "ends the turn"),
            Action::Play(p) => self.play_words(seat, p),
            Action::Take(Take::Open(k)) => {
                format!("{} an open {}", self.says(seat, "take", "takes"), k.title())
            }
            Action::Take(Take::Hidden) => {
                format!("{} a hidden trump", self.says(seat, "take", "takes"))
            }
            Action::Give(Give::Open(k)) => {
                format!("{} an open {}", self.says(seat, "give", "gives"), k.title())
            }
            Action::Give(Give::Hidden(k)) => format!(
                "{} a hidden {}",
                self.says(seat, "give", "gives"),
                k.title()
            ),
            Action::Done => self.says(seat, "complete the exchange", "completes the exchange"),
            // Chance outcomes are told by what they did (`Seen`), never as actions.
            Action::Card(v) => format!("{} comes from the deck", a_value(*v)),
            Action::Trump(k) => format!("a {} comes up", k.title()),
            Action::Gamble(won) => {
                format!("the gamble is {}", if *won { "won" } else { "lost" })
            }
        }
    }

    fn round_words(&self, l: &LastRound) -> String {
        let mut s = format!("round {} ends (target {}):", l.round, l.target);
        let mut first = true;
        for i in 0..crate::rules::MAX_SEATS {
            let won = l.winners & (1 << i) != 0;
            if l.totals[i] == 0 && !won {
                continue;
            }
            let seat = Seat(i as u8);
            s += if first { " " } else { "; " };
            first = false;
            let result = if won {
                self.says(seat, "win", "wins")
            } else if l.damage[i] == 0 {
                self.says(seat, "lose no life", "loses no life")
            } else {
                let lives = if l.damage[i] == 1 { "life" } else { "lives" };
                format!(
                    "{} {} {lives}",
                    self.says(seat, "lose", "loses"),
                    l.damage[i]
                )
            };
            s += &format!("{result} with {}", l.totals[i]);
        }
        s
    }
}

/// The card `seat`'s open stack gained from `g` to `after`, if it gained one
/// (a round ending in the same step clears the stacks: then `None`).
fn taken(g: &Trump21, after: &Trump21, seat: Seat) -> Option<u8> {
    let (before, now) = (g.open_cards(seat)?, after.open_cards(seat)?);
    (now.len() == before.len() + 1 && now.starts_with(before)).then(|| now[before.len()])
}

/// "a 5", "an 8", "an 11".
fn a_value(v: u8) -> String {
    if v == 8 || v == 11 {
        format!("an {v}")
    } else {
        format!("a {v}")
    }
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match &self.seen {
            Seen::Card { seat, value, from } => match from {
                CardFrom::DealtHidden => format!(
                    "{} a hidden {value}",
                    self.says(*seat, "are dealt", "is dealt")
                ),
                CardFrom::DealtOpen => {
                    format!(
                        "{} an open {value}",
                        self.says(*seat, "are dealt", "is dealt")
                    )
                }
                CardFrom::Drawn => {
                    format!("{} {}", self.says(*seat, "draw", "draws"), a_value(*value))
                }
                CardFrom::Love => format!(
                    "{} {} from Love your enemy",
                    self.says(*seat, "get", "gets"),
                    a_value(*value)
                ),
            },
            Seen::HiddenCard { seat } => {
                format!(
                    "{} a hidden card",
                    self.says(*seat, "are dealt", "is dealt")
                )
            }
            Seen::ToPile => "a trump goes to the draw pile".to_string(),
            Seen::Gamble { seat, won } => {
                let (you, other) = if *won {
                    ("win the gamble", "wins the gamble")
                } else {
                    ("lose the gamble", "loses the gamble")
                };
                self.says(*seat, you, other)
            }
            Seen::TrumpDrawn { seat, kind } => match kind {
                Some(k) => format!(
                    "{} the trump {}",
                    self.says(*seat, "draw", "draws"),
                    k.title()
                ),
                None => format!("{} a trump", self.says(*seat, "draw", "draws")),
            },
            Seen::TrumpTaken { by, from, kind } => {
                let what = kind.map_or("a hidden trump".to_string(), |k| k.title().to_string());
                format!(
                    "{} {what} from {}",
                    self.says(*by, "take", "takes"),
                    self.who(*from)
                )
            }
            Seen::SetAside { seat, kind } => {
                let what = kind.map_or("a hidden trump".to_string(), |k| k.title().to_string());
                format!("{} {what}", self.says(*seat, "set aside", "sets aside"))
            }
            Seen::Destroyed { seat, kind } => {
                format!("{} hidden {} is destroyed", self.whose(*seat), kind.title())
            }
            Seen::Played { seat, action, took } => {
                let words = self.action_words(*seat, action);
                match (action, took) {
                    (Action::Play(Play::Love(at)), Some(v)) => {
                        let who = self.who(*at);
                        format!("{words}: {who} {} {}", who.verb("get", "gets"), a_value(*v))
                    }
                    (_, Some(v)) => {
                        let who = self.who(*seat);
                        format!("{words} and {} {}", who.verb("take", "takes"), a_value(*v))
                    }
                    (Action::Play(Play::Simple(k)), None)
                        if self.round_end.is_none()
                            && (k.draw_value().is_some() || *k == Trump::PerfectDraw) =>
                    {
                        match k.draw_value() {
                            Some(x) => format!("{words}, but no {x} is left"),
                            None => format!("{words}, but the deck is empty"),
                        }
                    }
                    _ => words,
                }
            }
            Seen::Revealed { seat, card } => format!(
                "{} {} hidden {card}",
                self.says(*seat, "reveal", "reveals"),
                if self.viewer == Viewer::Seat(*seat) {
                    "your"
                } else {
                    "his"
                }
            ),
            Seen::HiddenGive { seat } => {
                format!("{} a hidden trump", self.says(*seat, "give", "gives"))
            }
            Seen::ExchangeDone {
                seat,
                with,
                hidden_gives,
            } => {
                let kinds: Vec<&str> = hidden_gives.iter().flatten().map(|k| k.title()).collect();
                format!(
                    "{} the exchange with {}, handing over hidden {}",
                    self.says(*seat, "complete", "completes"),
                    self.who(*with),
                    kinds.join(" and ")
                )
            }
        };
        f.write_str(&text)?;
        if let Some(l) = &self.round_end {
            write!(f, "; {}", self.round_words(l))?;
        }
        Ok(())
    }
}
