//! The standard decks. Several decks at once are a
//! [`CardMultiset`](crate::multiset::CardMultiset).

use crate::card::Rank;
use crate::card_set::CardSet;

/// The 52-card French deck: 2 to ace in four suits.
pub const CARDS_52: CardSet = CardSet::ALL;

/// The 32-card piquet deck: 7, 8, 9, 10, J, Q, K, A in four suits.
pub const CARDS_32: CardSet = CardSet::from_bits(
    CardSet::rank(Rank::Seven).bits()
        | CardSet::rank(Rank::Eight).bits()
        | CardSet::rank(Rank::Nine).bits()
        | CardSet::rank(Rank::Ten).bits()
        | CardSet::rank(Rank::Jack).bits()
        | CardSet::rank(Rank::Queen).bits()
        | CardSet::rank(Rank::King).bits()
        | CardSet::rank(Rank::Ace).bits(),
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deck_sizes() {
        assert_eq!(CARDS_32.len(), 32);
        assert_eq!(CARDS_52.len(), 52);
        assert!(CARDS_32.iter().all(|c| c.rank() >= Rank::Seven));
    }
}
