//! [`View`]: what one seat, or a spectator, may know (C14).

use cards_core::{Card, CardMultiset, PerSeat, Seat, SeatView, Suit, Viewer};

use crate::action::Action;
use crate::legal::{TurnFacts, list_nominations};
use crate::state::{CrazyEights, Phase};

/// What one viewer may know (C14). Other seats' hands appear as sizes and the
/// stock as a size until the game is over; then every hand is shown.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct View {
    /// Who looks.
    pub viewer: Viewer,
    /// The phase.
    pub phase: Phase,
    /// The dealer, once chosen.
    pub dealer: Option<Seat>,
    /// The seat to act (or to receive a drawn card).
    pub turn: Option<Seat>,
    /// The viewer's own hand (`None` for a spectator).
    pub hand: Option<CardMultiset>,
    /// Every seat's number of cards.
    pub hand_sizes: PerSeat<u8>,
    /// Cards in the stock.
    pub stock_size: u8,
    /// The played cards under the top card (public).
    pub discards: CardMultiset,
    /// The card to match.
    pub top: Option<Card>,
    /// The suit to follow.
    pub suit: Option<Suit>,
    /// Whether play runs to lower seat numbers.
    pub reversed: bool,
    /// Cards owed from twos.
    pub owed: u8,
    /// Cards drawn by choice this turn.
    pub draws: u8,
    /// The rules' `max_draw_cards` (public), so the view can list its moves.
    pub max_draw_cards: u8,
    /// Consecutive passes counted toward the end.
    pub passes: u8,
    /// Cards played so far.
    pub plays: u16,
    /// Every hand, once the game is over (C13, C14).
    pub shown: Option<PerSeat<CardMultiset>>,
}

impl View {
    pub(crate) fn of(g: &CrazyEights, viewer: Viewer) -> View {
        let n = g.seats_usize();
        let sizes = PerSeat::from_slice(
            &g.hands[..n]
                .iter()
                .map(|h| h.len() as u8)
                .collect::<Vec<_>>(),
        )
        .expect("at most MAX_SEATS");
        let hand = match viewer {
            Viewer::Seat(s) if s.0 < g.n => Some(g.hands[s.index()]),
            _ => None,
        };
        let over = g.phase == Phase::Over;
        View {
            viewer,
            phase: g.phase,
            dealer: g.dealer(),
            turn: g.turn(),
            hand,
            hand_sizes: sizes,
            stock_size: g.stock.len() as u8,
            discards: g.discards,
            top: g.top,
            suit: g.suit(),
            reversed: g.reversed,
            owed: g.owed,
            draws: g.draws,
            max_draw_cards: g.rules.max_draw_cards,
            passes: g.passes,
            plays: g.plays,
            shown: over.then(|| PerSeat::from_slice(&g.hands[..n]).expect("at most MAX_SEATS")),
        }
    }
}

impl SeatView for View {
    type Action = Action;

    fn legal_actions(&self, out: &mut Vec<Action>) {
        out.clear();
        let (Viewer::Seat(me), Some(turn)) = (self.viewer, self.turn) else {
            return;
        };
        if me != turn {
            return;
        }
        match self.phase {
            Phase::Nominate => list_nominations(out),
            Phase::Turn => {
                let (Some(top), Some(suit), Some(hand)) = (self.top, self.suit, self.hand) else {
                    return;
                };
                TurnFacts {
                    hand,
                    top,
                    suit,
                    owed: self.owed,
                    stock_empty: self.stock_size == 0,
                    draws: self.draws,
                    max_draw: self.max_draw_cards,
                }
                .list(out);
            }
            _ => {}
        }
    }
}
