//! Legal actions per phase: the passing (R5) and the play rules (R6–R9) as a
//! function of what the seat to play knows, shared by the state and the view.

use cards_core::{CardSet, Suit};

use crate::action::Action;
use crate::rules::Rules;
use crate::state::{HEARTS, Hearts, N, Phase, QUEEN_SPADES, TWO_CLUBS};

/// What decides which cards a seat may play: its hand and public facts.
#[derive(Clone, Copy, Debug)]
pub(crate) struct PlayFacts {
    /// The hand of the seat to play.
    pub hand: CardSet,
    /// The suit led in the current trick, if a card is down.
    pub led: Option<Suit>,
    /// Cards played so far in the game, the current trick included.
    pub played: u8,
    /// Whether hearts may be led.
    pub broken: bool,
    /// The rules.
    pub rules: Rules,
}

impl PlayFacts {
    /// The cards that may be played, OpenSpiel's rule order (R6–R9): follow
    /// suit; the opening lead; the first trick's ban on points; the ban on
    /// leading unbroken hearts; else anything.
    #[inline(always)]
    pub(crate) fn playable(&self) -> CardSet {
        let hand = self.hand;
        if let Some(led) = self.led {
            let follow = hand.of_suit(led);
            if !follow.is_empty() {
                return follow; // R7
            }
        }
        if self.played == 0 {
            // R6, R6.1: the two of clubs (the leader holds it), or any club.
            return if self.rules.can_lead_any_club {
                hand.of_suit(Suit::Clubs)
            } else {
                hand.intersection(CardSet::single(TWO_CLUBS))
            };
        }
        if self.rules.no_pts_on_first_trick && self.played < N {
            let safe = hand - HEARTS - CardSet::single(QUEEN_SPADES);
            if !safe.is_empty() {
                return safe; // R8
            }
        }
        if self.led.is_none() {
            let mut lead = if self.broken { hand } else { hand - HEARTS };
            if self.rules.can_lead_hearts_instead_of_qs && lead == CardSet::single(QUEEN_SPADES) {
                lead = CardSet::EMPTY; // R9.2
            }
            if !lead.is_empty() {
                return lead; // R9
            }
        }
        hand
    }
}

impl Hearts {
    /// The facts of the seat to play.
    #[inline]
    pub(crate) fn play_facts(&self) -> PlayFacts {
        PlayFacts {
            hand: self.hands[usize::from(self.to_act)],
            led: (self.trick_len > 0).then(|| self.trick[0].suit()),
            played: self.played,
            broken: self.broken,
            rules: self.rules,
        }
    }

    /// The legal actions (chance outcomes at chance nodes), in a fixed order:
    /// directions by id, cards by `CardSet` order (suits, then ranks).
    #[inline(always)]
    pub(crate) fn list_legal(&self, out: &mut Vec<Action>) {
        out.clear();
        match self.phase {
            Phase::PassDir | Phase::Deal => {
                self.for_each_outcome(|a| out.push(a));
            }
            Phase::Pass => out.extend(
                self.hands[usize::from(self.to_act)]
                    .iter()
                    .map(Action::Pass),
            ),
            Phase::Play => out.extend(self.play_facts().playable().iter().map(Action::Play)),
            Phase::Over => {}
        }
    }
}
