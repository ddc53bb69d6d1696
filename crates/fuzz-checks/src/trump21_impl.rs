//! [`Checked`] for Trump 21: `copies` number cards of each value 1–11 in the
//! deck, the discards, hidden cards and open cards; every trump of the rules'
//! trump deck in the supply, the draw pile, the players' hands, on the table,
//! in a pending Exchange or set aside by a Trump Switch.

use cards_core::{Game, Seat};
use cards_games::trump21::{
    HostOp, KINDS, LoveCard, Ranking, RoundDamage, Rules, Setup, Trump21, TrumpCounts,
};

use crate::{Checked, Pick};

impl Checked for Trump21 {
    fn variant(p: &mut impl Pick) -> (Rules, usize) {
        let seats = 2 + p.pick(7);
        let mut copies = [4, 1, 2, 3][p.pick(4)];
        if 11 * u32::from(copies) < 2 * seats as u32 {
            copies = 4;
        }
        let trumps = match p.pick(4) {
            0 | 1 => TrumpCounts::STANDARD,
            2 => TrumpCounts::EMPTY,
            _ => {
                let mut t = TrumpCounts::EMPTY;
                for c in &mut t.0 {
                    *c = p.pick(3) as u8;
                }
                t
            }
        };
        let (gamble_win, gamble_lose) = [(1, 1), (0, 1), (1, 0), (3, 1)][p.pick(4)];
        let rules = Rules {
            copies,
            trumps,
            gamble_win,
            gamble_lose,
            lives: [10, 1, 2, 3, 5][p.pick(5)],
            damage: [
                RoundDamage::Fixed(2),
                RoundDamage::Fixed(1),
                RoundDamage::Fixed(5),
                RoundDamage::Growing,
                RoundDamage::Fixed(0),
            ][p.pick(5)],
            round_limit: [1000, 1, 3, 20][p.pick(4)],
            ranking: [Ranking::UnderFirst, Ranking::Distance][p.pick(2)],
            love: [LoveCard::Best, LoveCard::Random][p.pick(2)],
        };
        (rules, seats)
    }

    fn conservation(&self) -> Result<(), String> {
        let rules = self.rules();
        let mut numbers = [0u32; 12];
        let mut trumps = [0u32; KINDS];
        let add = |trumps: &mut [u32; KINDS], t: TrumpCounts| {
            for (sum, c) in trumps.iter_mut().zip(t.0) {
                *sum += u32::from(c);
            }
        };
        add(&mut trumps, self.supply());
        add(&mut trumps, self.draw_pile());
        for s in 0..self.seats() {
            let seat = Seat(s as u8);
            let hidden = self.hidden_card(seat).flatten().unwrap_or(0);
            if hidden > 11 {
                return Err(format!("seat {s} hides a card of value {hidden}"));
            }
            if hidden != 0 {
                numbers[usize::from(hidden)] += 1;
            }
            for &v in self.open_cards(seat).unwrap_or(&[]) {
                if !(1..=11).contains(&v) {
                    return Err(format!("seat {s} shows a card of value {v}"));
                }
                numbers[usize::from(v)] += 1;
            }
            add(&mut trumps, self.hidden_trumps(seat).unwrap_or_default());
        }
        for o in self.open_trumps() {
            trumps[o.kind.index()] += 1;
        }
        // Trumps in a pending Exchange or set aside have no accessor: read the setup.
        let setup = Setup::from(self.clone());
        add(&mut trumps, setup.in_exchange);
        add(&mut trumps, setup.set_aside);
        // NumberCounts has no slot for a value outside 1 to 11 (T1).
        for (v, held) in numbers.iter().enumerate().skip(1) {
            let n = held + u32::from(self.deck()[v]) + u32::from(self.discards()[v]);
            if n != u32::from(rules.copies) {
                return Err(format!(
                    "{n} number cards of value {v}, the rules have {}",
                    rules.copies
                ));
            }
        }
        for (k, (&have, &want)) in trumps.iter().zip(&rules.trumps.0).enumerate() {
            if have != u32::from(want) {
                return Err(format!("{have} trumps of kind {k}, the rules have {want}"));
            }
        }
        Ok(())
    }

    fn host_ops(&self, out: &mut Vec<HostOp>) {
        out.clear();
        out.extend((0..self.seats()).map(|s| HostOp::Leave(Seat(s as u8))));
    }
}
