//! What one viewer may know (T15): [`View`], and applied actions as [`Event`]s.

use cards_core::{Actor, Game, Seat, SeatView, Viewer};

use crate::action::{Action, Exchange, Give, Take};
use crate::legal::{Knowledge, Step, player_actions};
use crate::state::{LastRound, OpenTrump, Phase, Status, Trump21};
use crate::trump::{Trump, TrumpCounts};

/// One seat as a viewer sees it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct SeatInfo {
    /// Still in, out or left.
    pub status: Status,
    /// Lives left.
    pub lives: u8,
    /// Whether a hidden number card lies in front of him.
    pub has_hidden: bool,
    /// The hidden card, only for its owner or once revealed (T11).
    pub hidden: Option<u8>,
    /// Whether he revealed it.
    pub revealed: bool,
    /// Whether he closed this round.
    pub closed: bool,
    /// His open number cards, in the order received.
    pub open_cards: Vec<u8>,
    /// How many hidden trumps he holds.
    pub hidden_trumps: u8,
}

impl SeatInfo {
    /// The total the viewer can see: open cards, plus the hidden card when known.
    /// Saturating, so that a hand-built seat with absurd cards cannot overflow it.
    pub fn visible_total(&self) -> u16 {
        visible_total(self.hidden, &self.open_cards)
    }
}

/// The total of `open` cards and the `hidden` one where it is seen,
/// saturating: [`SeatInfo::visible_total`], and `OddsBot`'s reading of a
/// position without its view.
pub(crate) fn visible_total(hidden: Option<u8>, open: &[u8]) -> u16 {
    open.iter().fold(u16::from(hidden.unwrap_or(0)), |t, &v| {
        t.saturating_add(u16::from(v))
    })
}

/// An Exchange being chosen, as a viewer may see it (T12.8, T15): the takes and open
/// gives are public; the kinds of hidden gives only the exchanging player sees.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct ExchangeView {
    /// The opponent.
    pub with: Seat,
    /// The takes chosen so far, in order.
    pub take: Vec<Take>,
    /// The open trumps chosen to give so far, in order.
    pub open_gives: Vec<Trump>,
    /// How many hidden trumps were chosen to give.
    pub hidden_gives: u8,
    /// Their kinds: only in the exchanging player's own view, else empty.
    pub my_hidden_gives: Vec<Trump>,
}

impl ExchangeView {
    fn of(e: &Exchange, sees: bool) -> ExchangeView {
        let mut v = ExchangeView {
            with: e.with,
            take: e.take.iter().flatten().copied().collect(),
            open_gives: Vec::new(),
            hidden_gives: 0,
            my_hidden_gives: Vec::new(),
        };
        for g in e.give.iter().flatten() {
            match *g {
                Give::Open(k) => v.open_gives.push(k),
                Give::Hidden(k) => {
                    v.hidden_gives += 1;
                    if sees {
                        v.my_hidden_gives.push(k);
                    }
                }
            }
        }
        v
    }

    /// The pending record as the exchanging player knows it (others lack the hidden
    /// kinds, so for them it is not the real record).
    pub fn exchange(&self) -> Exchange {
        let take: Vec<Take> = self.take.iter().copied().take(2).collect();
        let give: Vec<Give> = self
            .open_gives
            .iter()
            .map(|&k| Give::Open(k))
            .chain(self.my_hidden_gives.iter().map(|&k| Give::Hidden(k)))
            .take(2)
            .collect();
        let mut e = Exchange::start(self.with);
        for t in take {
            e = e.with_take(t);
        }
        for g in give {
            e = e.with_give(g);
        }
        e
    }
}

/// What a viewer may know (T15): hidden cards of others, the decks' contents and
/// others' hidden trumps are not representable, only counts.
///
/// A view is what a server sends to a client, so a client reads it from untrusted
/// input: deserializing checks it with [`View::validate`] and refuses one that no
/// position could show (issue 13). The fields stay public for building views by
/// hand; [`SeatView::legal_actions`] is total on any field values (it never panics),
/// but it answers for a real position only on a view that validates.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(remote = "Self", deny_unknown_fields))]
pub struct View {
    /// Who looks.
    pub viewer: Viewer,
    /// Copies of each number value in this game (T1): the one rule value the view's
    /// card counts are checked against and a bot counts unseen cards with. The rules
    /// are public and sent once; a view does not repeat them (docs/protocol.md).
    pub copies: u8,
    /// Trump cards in this game (T2), for checking the view's trump counts.
    pub trump_cards: u32,
    /// Who acts.
    pub actor: Actor,
    /// Whether the actor is at the closing step after taking a card: `end`, or `reveal`
    /// when on the target (T11.1). Shown after every such card, landed or not (T15).
    pub landed: bool,
    /// The round number.
    pub round: u32,
    /// The round's target.
    pub target: u8,
    /// The seat whose turn it is.
    pub turn: Seat,
    /// The round's opener.
    pub opener: Seat,
    /// Every seat.
    pub seats: Vec<SeatInfo>,
    /// Open trumps in the order played.
    pub open_trumps: Vec<OpenTrump>,
    /// The viewer's own hidden trumps (none for a spectator).
    pub my_trumps: TrumpCounts,
    /// Cards in the number deck.
    pub deck: u32,
    /// Cards on the number discard pile.
    pub discards: u32,
    /// The discards by value, as far as every seat saw them go there (T15.2): all
    /// but a leaver's unrevealed hidden card. (The hidden cards of a scored round are
    /// shown by its totals.)
    #[cfg_attr(feature = "serde", serde(default))]
    pub seen_discards: crate::numbers::NumberCounts,
    /// Trumps in the supply.
    pub supply: u32,
    /// Trumps in the draw pile.
    pub draw_pile: u32,
    /// Trumps set aside or in transit during a trump effect.
    pub in_transit: u32,
    /// The hidden trumps an Exchange hands to the viewer, by kind, from its
    /// `done`, where the viewer learns them, until they arrive after the
    /// hidden takes (T12.8.1); empty otherwise.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "TrumpCounts::is_empty")
    )]
    pub incoming: TrumpCounts,
    /// The last scored round (every total shown).
    pub last_round: Option<LastRound>,
    /// The Exchange the acting player is choosing, if any (T12.8).
    pub exchange: Option<ExchangeView>,
}

impl View {
    pub(crate) fn of(g: &Trump21, viewer: Viewer) -> View {
        let me = match viewer {
            Viewer::Seat(s) => Some(s),
            Viewer::Spectator => None,
        };
        let seats = g
            .players()
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let own = me.is_some_and(|s| s.index() == i);
                SeatInfo {
                    status: p.status,
                    lives: p.lives,
                    has_hidden: p.hidden != 0,
                    hidden: (p.hidden != 0 && (own || p.revealed)).then_some(p.hidden),
                    revealed: p.revealed,
                    closed: p.closed,
                    open_cards: p.stack().to_vec(),
                    hidden_trumps: p.ntrumps,
                }
            })
            .collect();
        View {
            viewer,
            copies: g.rules.copies,
            trump_cards: g.rules.trumps.total(),
            actor: g.actor(),
            landed: g.phase == Phase::Landed,
            round: g.round,
            target: g.target,
            turn: g.turn,
            opener: g.opener,
            seats,
            open_trumps: g.open_trumps().to_vec(),
            my_trumps: me
                .and_then(|s| g.hidden_trumps(s))
                .unwrap_or(TrumpCounts::EMPTY),
            deck: crate::state::count(&g.deck),
            discards: crate::state::count(&g.discard),
            seen_discards: g.seen_discards(),
            supply: g.supply.total(),
            draw_pile: g.pile.total(),
            in_transit: g.limbo.total() + g.aside.total(),
            incoming: match g.phase {
                Phase::ExchangePick { with, .. } if me == Some(with) => g.limbo,
                _ => TrumpCounts::EMPTY,
            },
            last_round: g.last,
            exchange: match g.phase {
                Phase::Exchanging(e) => Some(ExchangeView::of(&e, me == Some(g.turn))),
                _ => None,
            },
        }
    }

    /// The viewer's legal actions (none unless the viewer is to act): the same list as
    /// [`SeatView::legal_actions`], with no trait to import.
    ///
    /// ```
    /// use cards_core::{Actor, Game, Table, Viewer};
    /// use trump21::{Rules, Trump21};
    /// let table = Table::<Trump21>::new(Rules::default(), 2, 7)?;
    /// let Actor::Player(seat) = table.actor() else { unreachable!() };
    /// let moves = table.state().observe(Viewer::Seat(seat)).legal_actions();
    /// assert!(moves.iter().any(|a| a.to_string() == "close"));
    /// # Ok::<(), trump21::SetupError>(())
    /// ```
    pub fn legal_actions(&self) -> Vec<Action> {
        let mut out = Vec::new();
        SeatView::legal_actions(self, &mut out);
        out
    }

    /// The viewer's seat, unless a spectator.
    pub fn seat(&self) -> Option<Seat> {
        match self.viewer {
            Viewer::Seat(s) => Some(s),
            Viewer::Spectator => None,
        }
    }

    /// The viewer's own total (hidden card included), if a seat.
    pub fn my_total(&self) -> Option<u16> {
        self.seat()
            .and_then(|s| self.seats.get(s.index()))
            .map(SeatInfo::visible_total)
    }

    /// Open trumps of `kind` lying at `seat`.
    pub fn open_at(&self, seat: Seat, kind: Trump) -> usize {
        self.open_trumps
            .iter()
            .filter(|o| o.holder == seat && o.kind == kind)
            .count()
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for View {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        View::serialize(self, s)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for View {
    /// Reads a view and refuses it unless [`View::validate`] accepts it.
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<View, D::Error> {
        let view = View::deserialize(d)?;
        view.validate().map_err(serde::de::Error::custom)?;
        Ok(view)
    }
}

impl Knowledge for View {
    fn seat_count(&self) -> usize {
        self.seats.len()
    }
    fn me(&self) -> Seat {
        self.seat().unwrap_or_default()
    }
    fn active(&self, s: usize) -> bool {
        self.seats
            .get(s)
            .is_some_and(|i| i.status == Status::Active)
    }
    fn hidden_trump_count(&self, s: usize) -> u8 {
        self.seats.get(s).map_or(0, |i| i.hidden_trumps)
    }
    fn my_trumps(&self) -> TrumpCounts {
        self.my_trumps
    }
    fn open_list(&self) -> &[OpenTrump] {
        &self.open_trumps
    }
    fn may_draw(&self) -> bool {
        // Not `deck + discards > 0`: that sum can overflow on a hand-built view.
        self.deck > 0 || self.discards > 0
    }
    fn may_reveal(&self) -> bool {
        self.seat()
            .and_then(|s| self.seats.get(s.index()))
            .is_some_and(|i| {
                i.hidden.is_some() && !i.revealed && i.visible_total() == u16::from(self.target)
            })
    }
}

impl SeatView for View {
    type Action = Action;
    fn legal_actions(&self, out: &mut Vec<Action>) {
        out.clear();
        match (self.actor, self.seat()) {
            (Actor::Player(p), Some(s)) if p == s => {
                let step = match &self.exchange {
                    Some(x) => Step::Exchanging(x.exchange()),
                    None if self.landed => Step::Landed,
                    None => Step::Play,
                };
                player_actions(self, step, out);
            }
            _ => {}
        }
    }
}
