//! [`View`]: what one seat, or a spectator, may know (R13).

use cards_core::{Card, CardSet, Seat, SeatView, Viewer};

use crate::action::Action;
use crate::legal::PlayFacts;
use crate::rules::{MAX_SEATS, Rules};
use crate::state::{Hearts, PassDir, Phase};

/// What one viewer may know (R13): its own hand, the cards it passed and,
/// once the passing is over, the cards it received; of the other seats only
/// how many cards they hold and have passed. Tricks are public: the current
/// one in play order, and the cards each seat has taken.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct View {
    /// Who looks.
    pub viewer: Viewer,
    /// The rules (public), so the view can list its moves.
    pub rules: Rules,
    /// The phase.
    pub phase: Phase,
    /// The pass direction, once picked.
    pub pass_dir: Option<PassDir>,
    /// The seat to pass or play.
    pub turn: Option<Seat>,
    /// The viewer's own hand (`None` for a spectator).
    pub hand: Option<CardSet>,
    /// Every seat's number of cards in hand.
    pub hand_sizes: [u8; MAX_SEATS],
    /// The cards the viewer passed (`None` for a spectator).
    pub passed: Option<CardSet>,
    /// How many cards each seat has passed.
    pub passed_sizes: [u8; MAX_SEATS],
    /// The cards the viewer received, once every seat has passed.
    pub received: Option<CardSet>,
    /// The seat that leads or led the current trick, during the play.
    pub leader: Option<Seat>,
    /// The current trick in play order.
    pub trick: Vec<Card>,
    /// The cards of the tricks each seat has taken.
    pub won: [CardSet; MAX_SEATS],
    /// Whether hearts may be led.
    pub hearts_broken: bool,
    /// Cards played so far.
    pub played: u8,
}

impl View {
    pub(crate) fn of(g: &Hearts, viewer: Viewer) -> View {
        let me = match viewer {
            Viewer::Seat(s) if s.index() < MAX_SEATS => Some(s.index()),
            _ => None,
        };
        let passing_done = matches!(g.phase, Phase::Play | Phase::Over);
        View {
            viewer,
            rules: g.rules,
            phase: g.phase,
            pass_dir: g.pass_dir(),
            turn: g.turn(),
            hand: me.map(|s| g.hands[s]),
            hand_sizes: g.hands.map(|h| h.len() as u8),
            passed: me.map(|s| g.passed[s]),
            passed_sizes: g.passed.map(|p| p.len() as u8),
            received: me
                .filter(|_| passing_done && g.dir != PassDir::NoPass)
                .map(|s| g.passed[g.dir.source(Seat(s as u8)).index()]),
            leader: g.leader(),
            trick: g.trick().to_vec(),
            won: g.won,
            hearts_broken: g.broken,
            played: g.played,
        }
    }
}

impl SeatView for View {
    type Action = Action;

    fn legal_actions(&self, out: &mut Vec<Action>) {
        out.clear();
        let (Viewer::Seat(me), Some(turn), Some(hand)) = (self.viewer, self.turn, self.hand) else {
            return;
        };
        if me != turn {
            return;
        }
        match self.phase {
            Phase::Pass => out.extend(hand.iter().map(Action::Pass)),
            Phase::Play => {
                let facts = PlayFacts {
                    hand,
                    led: self.trick.first().map(|c| c.suit()),
                    played: self.played,
                    broken: self.hearts_broken,
                    rules: self.rules,
                };
                out.extend(facts.playable().iter().map(Action::Play));
            }
            _ => {}
        }
    }
}
