//! [`Checked`] for Crazy Eights: every copy of the one or two decks (C1) in
//! the hands, the stock, the discards and the top card.

use cards_core::Seat;
use cards_core::{CardMultiset, Game, deck};
use cards_games::crazy_eights::{CrazyEights, Rules, Scoring};

use crate::{Checked, Pick};

impl Checked for CrazyEights {
    fn variant(p: &mut impl Pick) -> (Rules, usize) {
        // 5 players (OpenSpiel's default) first, then 6..=10, 2, 3, 4.
        let seats = 2 + (p.pick(9) + 3) % 9;
        let rules = Rules {
            max_draw_cards: [5, 1, 2, 10][p.pick(4)],
            max_turns: [100, 1, 10, 1000][p.pick(4)],
            use_special_cards: p.pick(2) == 1,
            reshuffle: p.pick(2) == 1,
            scoring: [Scoring::CardIndex, Scoring::FaceValue][p.pick(2)],
        };
        (rules, seats)
    }

    fn conservation(&self) -> Result<(), String> {
        let mut all = self.stock();
        let mut add = |what: &str, cards: CardMultiset| {
            all.add_all(cards)
                .map_err(|e| format!("{what} ({cards}) on top of the rest: {e}"))
        };
        add("the discards", self.discards())?;
        if let Some(top) = self.top() {
            add("the top card", CardMultiset::from_set(top.into()))?;
        }
        for s in 0..self.seats() {
            let seat = Seat(s as u8);
            add("a hand", self.hand(seat).unwrap_or_default())?;
        }
        let decks = Rules::decks(self.seats());
        let want = CardMultiset::decks(deck::CARDS_52, decks).map_err(|e| e.to_string())?;
        if all != want {
            return Err(format!(
                "the places hold {} cards, {decks} decks have {}",
                all.len(),
                want.len()
            ));
        }
        Ok(())
    }
}
