//! [`Checked`] for Schwimmen: 32 cards in hands, the second pack, the middle,
//! the discards (face up and face down) and the stock.

use cards_core::{Game, Seat, deck};
use cards_games::schwimmen::{
    AcesDisplay, AllTie, Direction, HostOp, KnockerRisk, Refresh, Rules, Schwimmen,
};

use crate::{Checked, Pick};

impl Checked for Schwimmen {
    fn variant(p: &mut impl Pick) -> (Rules, usize) {
        let seats = 2 + (p.pick(8) + 2) % 8; // 4 players first, then 5..=9, 2, 3
        let rules = Rules {
            lives: [3, 1, 2, 4, 7][p.pick(5)],
            direction: [Direction::Clockwise, Direction::CounterClockwise][p.pick(2)],
            passing: p.pick(4) != 3,
            refresh: [Refresh::EndRound, Refresh::Reshuffle][p.pick(2)],
            knock_first_turn: p.pick(2) == 1,
            aces_display: [
                AcesDisplay::ThreeAces,
                AcesDisplay::ThirtyTwo,
                AcesDisplay::ThirtyThree,
            ][p.pick(3)],
            all_tie: [AllTie::NobodyLoses, AllTie::AllLose][p.pick(2)],
            knocker_risk: [
                KnockerRisk::Normal,
                KnockerRisk::DoubleLoss,
                KnockerRisk::LosesTies,
            ][p.pick(3)],
            turn_limit: [100, 1, 5, 30][p.pick(4)],
            round_limit: [1000, 1, 3, 20][p.pick(4)],
            first_dealer: p.pick(seats) as u8,
        };
        (rules, seats)
    }

    fn conservation(&self) -> Result<(), String> {
        let mut places = vec![
            ("second pack", self.second_pack()),
            ("middle", self.middle()),
            ("discards", self.discards()),
            ("face-down discards", self.face_down_discards()),
            ("stock", self.stock()),
        ];
        for s in 0..self.seats() {
            places.push((
                "a hand",
                self.hand(Seat(s as u8)).expect("a seat at the table"),
            ));
        }
        let mut all = cards_core::CardSet::EMPTY;
        let mut count = 0;
        for (name, set) in &places {
            if !(all & *set).is_empty() {
                return Err(format!("{} in {name} and elsewhere", all & *set));
            }
            all |= *set;
            count += set.len();
        }
        if all != deck::CARDS_32 || count != 32 {
            return Err(format!(
                "{count} cards in the places, missing {}, extra {}",
                deck::CARDS_32 - all,
                all - deck::CARDS_32
            ));
        }
        Ok(())
    }

    fn host_ops(&self, out: &mut Vec<HostOp>) {
        out.clear();
        out.extend((0..self.seats()).map(|s| HostOp::Leave(Seat(s as u8))));
        out.push(HostOp::Misdeal);
    }
}
