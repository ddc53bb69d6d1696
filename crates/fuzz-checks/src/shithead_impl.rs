//! [`Checked`] for Shithead: every copy of every card of the game's decks in
//! the hands, face-up and face-down cards, the stock, the pile, the burned
//! cards and the cards of players who left.

use cards_core::CardMultiset as Cards;
use cards_core::{Card, Game, Seat, Suit};
use cards_games::shithead::{Decks, Eights, Kings, Leave, PickUp, Rules, Shithead};

use crate::{Checked, Pick};

impl Checked for Shithead {
    fn variant(p: &mut impl Pick) -> (Rules, usize) {
        let seats = 2 + (p.pick(9) + 2) % 9; // 4 players first
        let mut decks = [
            Decks::Auto,
            Decks::Fixed(1),
            Decks::Fixed(2),
            Decks::Fixed(3),
        ][p.pick(4)];
        if let Decks::Fixed(d) = decks
            && 9 * seats > 52 * usize::from(d)
        {
            decks = Decks::Auto;
        }
        let mut suit_order = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades];
        // One of the 24 orders (0 keeps the standard one).
        let mut k = p.pick(24);
        for i in 0..4 {
            suit_order[i..].rotate_left(k % (4 - i));
            k /= 4 - i;
        }
        let rules = Rules {
            decks,
            suit_order,
            pick_up: [PickUp::WhenStuck, PickUp::Voluntary][p.pick(2)],
            eights: [Eights::SkipPerEight, Eights::OneSkip][p.pick(2)],
            kings: [Kings::ReverseOnce, Kings::EachReverses][p.pick(2)],
            max_actions: [10_000, 30, 100, 500][p.pick(4)],
        };
        (rules, seats)
    }

    fn conservation(&self) -> Result<(), String> {
        let Some(decks) = self.rules().decks_for(self.seats()) else {
            return Err("the rules allow no deck count for this table".to_string());
        };
        if decks != self.decks() {
            return Err(format!("{} decks, the rules say {decks}", self.decks()));
        }
        let mut counts = [0u32; Card::COUNT];
        let mut add = |cards: Cards| {
            for (card, n) in cards.iter() {
                counts[card.index()] += u32::from(n);
            }
        };
        add(self.stock());
        add(self.pile());
        add(self.burned());
        add(self.removed());
        for s in 0..self.seats() {
            let seat = Seat(s as u8);
            add(self.hand(seat).unwrap_or_default());
            add(self.face_up(seat).unwrap_or_default());
            add(self.face_down(seat).unwrap_or_default());
        }
        for (i, &n) in counts.iter().enumerate() {
            if n != u32::from(decks) {
                let card = Card::from_index(i).expect("below 52");
                return Err(format!("{n} copies of {card} with {decks} decks"));
            }
        }
        Ok(())
    }

    /// The number of cards only (copies counted), not which cards.
    fn quick_conservation(&self) -> Result<(), String> {
        let mut n =
            self.stock().len() + self.pile().len() + self.burned().len() + self.removed().len();
        for s in 0..self.seats() {
            let seat = Seat(s as u8);
            n += self.held(seat);
        }
        let want = 52 * usize::from(self.decks());
        if n == want {
            Ok(())
        } else {
            Err(format!("{n} cards in the places, {want} in the decks"))
        }
    }

    fn host_ops(&self, out: &mut Vec<Leave>) {
        out.clear();
        out.extend((0..self.seats()).map(|s| Leave(Seat(s as u8))));
    }
}
