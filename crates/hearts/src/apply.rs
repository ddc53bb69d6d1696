//! Transitions per phase (R3–R11): every check comes before the first change,
//! so a refused action leaves the state as it was.

use cards_core::{Card, CardSet};

use crate::action::Action;
use crate::error::Illegal;
use crate::state::{HEARTS, Hearts, N, PASS_COUNT, PassDir, Phase, QUEEN_SPADES, TWO_CLUBS};
use crate::trick::winner;

impl Hearts {
    /// Applies `action` in place, or refuses it unchanged.
    #[inline(always)]
    pub(crate) fn apply_in_place(&mut self, action: &Action) -> Result<(), Illegal> {
        match *action {
            Action::Play(c) if self.phase == Phase::Play => self.play(c),
            Action::Deal(c) if self.phase == Phase::Deal => self.deal(c),
            Action::Pass(c) if self.phase == Phase::Pass => self.pass(c),
            Action::Direction(d) if self.phase == Phase::PassDir => self.pick_direction(d),
            _ => Err(self.misplaced(action)),
        }
    }

    /// Why an action of the wrong kind for the phase is refused.
    #[cold]
    fn misplaced(&self, action: &Action) -> Illegal {
        match (self.phase, *action) {
            (Phase::Over, _) => Illegal::GameOver,
            (Phase::PassDir, Action::Deal(_)) => Illegal::WrongChanceStep {
                due: "the pass direction",
            },
            (Phase::Deal, Action::Direction(_)) => Illegal::WrongChanceStep {
                due: "a card of the deal",
            },
            (Phase::PassDir | Phase::Deal, _) => Illegal::ChanceFirst,
            (_, Action::Direction(_) | Action::Deal(_)) => Illegal::NotChance,
            (Phase::Pass, _) => Illegal::WrongMove { due: "passed" },
            (Phase::Play, _) => Illegal::WrongMove { due: "played" },
        }
    }

    /// R3: chance picks where the passed cards go.
    fn pick_direction(&mut self, d: PassDir) -> Result<(), Illegal> {
        if !self.directions().contains(&d) {
            return Err(Illegal::NoPassing);
        }
        self.dir = d;
        self.phase = Phase::Deal;
        Ok(())
    }

    /// R4: the next card goes to seat `dealt mod 4`; after the last, the passing
    /// (R5) or, without it, the play from the two of clubs (R5.1, R6).
    #[inline]
    fn deal(&mut self, c: Card) -> Result<(), Illegal> {
        if !self.stock.remove(c) {
            return Err(Illegal::Dealt);
        }
        self.hands[usize::from(self.dealt % N)].insert(c);
        self.dealt += 1;
        if usize::from(self.dealt) == Card::COUNT {
            if self.dir == PassDir::NoPass {
                self.start_play();
            } else {
                self.phase = Phase::Pass;
                self.to_act = 0;
            }
        }
        Ok(())
    }

    /// R6: the holder of the two of clubs leads the first trick.
    fn start_play(&mut self) {
        let holder = (0..N)
            .find(|&s| self.hands[usize::from(s)].contains(TWO_CLUBS))
            .unwrap_or(0);
        self.phase = Phase::Play;
        self.to_act = holder;
        self.leader = holder;
    }

    /// R5: the seat to act sets a card aside; after its third the next seat
    /// passes, and after seat 3's third every seat receives its cards.
    fn pass(&mut self, c: Card) -> Result<(), Illegal> {
        let s = usize::from(self.to_act);
        if !self.hands[s].remove(c) {
            return Err(Illegal::NotInHand);
        }
        self.passed[s].insert(c);
        if self.passed[s].len() == PASS_COUNT {
            self.to_act += 1;
            if self.to_act == N {
                for from in 0..usize::from(N) {
                    let to = self.dir.target(cards_core::Seat(from as u8)).index();
                    self.hands[to] |= self.passed[from];
                }
                self.start_play();
            }
        }
        Ok(())
    }

    /// Why `c` may not be played, in the order of the play rules.
    fn why_not(&self, c: Card) -> Illegal {
        let f = self.play_facts();
        let points = HEARTS | CardSet::single(QUEEN_SPADES);
        if !f.hand.contains(c) {
            Illegal::NotInHand
        } else if f.led.is_some_and(|l| !f.hand.of_suit(l).is_empty()) {
            Illegal::MustFollow
        } else if f.played == 0 {
            Illegal::OpeningLead
        } else if f.rules.no_pts_on_first_trick && f.played < N && !(f.hand - points).is_empty() {
            Illegal::PointsOnFirstTrick
        } else {
            Illegal::HeartsNotBroken
        }
    }

    /// R6–R10: plays `c` to the trick; the fourth card gives the trick to the
    /// highest card of the suit led, whose seat leads next; R11 after 52 cards.
    #[inline]
    fn play(&mut self, c: Card) -> Result<(), Illegal> {
        let s = usize::from(self.to_act);
        // A card of the suit led, held, is always playable (R7); else the full rule.
        let follows = self.trick_len > 0 && self.trick[0].suit() == c.suit();
        let quick = follows && self.hands[s].contains(c);
        if !(quick || self.play_facts().playable().contains(c)) {
            return Err(self.why_not(c));
        }
        self.hands[s].remove(c);
        self.trick[usize::from(self.trick_len)] = c;
        self.trick_len += 1;
        self.played += 1;
        if c.suit() == cards_core::Suit::Hearts
            || (self.rules.qs_breaks_hearts && c == QUEEN_SPADES)
        {
            self.broken = true; // R9.1
        }
        if self.trick_len < N {
            self.to_act = (self.to_act + 1) % N;
            return Ok(());
        }
        let w = (self.leader + winner(&self.trick)) % N;
        let taken: CardSet = self.trick.iter().copied().collect();
        self.won[usize::from(w)] |= taken;
        self.trick = [TWO_CLUBS; 4];
        self.trick_len = 0;
        self.leader = w;
        self.to_act = w;
        if usize::from(self.played) == Card::COUNT {
            self.phase = Phase::Over;
        }
        Ok(())
    }
}
