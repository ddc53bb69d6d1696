//! H1: a position holds every card of its decks exactly once per deck; when
//! it does not, the error names the card and the places.

use cards_core::{CardMultiset, deck::CARDS_52};

use crate::error::{SetupError, Spot};

/// Checks that the places of a position (each with its cards) hold each card
/// of `decks` decks exactly `decks` times.
///
/// # Errors
/// [`SetupError::Twice`] for the first card with a copy too many, naming
/// an earlier place of it and the place of the extra copy, or
/// [`SetupError::Missing`] for the first card with a copy missing.
pub(crate) fn check_cards(places: &[(Spot, CardMultiset)], decks: u8) -> Result<(), SetupError> {
    // The common case at a few instructions a place (searches load every
    // sample through here); the card-by-card pass below finds what to name.
    let mut all = CardMultiset::EMPTY;
    if places.iter().all(|&(_, cards)| all.add_all(cards).is_ok())
        && CardMultiset::decks(CARDS_52, decks) == Ok(all)
    {
        return Ok(());
    }
    let mut seen = [0u8; 52];
    let mut first: [Option<Spot>; 52] = [None; 52];
    for &(spot, cards) in places {
        for (card, n) in cards.iter() {
            let k = card.index();
            seen[k] += n;
            let earlier = *first[k].get_or_insert(spot);
            if seen[k] > decks {
                return Err(SetupError::Twice {
                    card,
                    first: earlier,
                    second: spot,
                });
            }
        }
    }
    for card in CARDS_52 {
        if seen[card.index()] < decks {
            return Err(SetupError::Missing(card));
        }
    }
    debug_assert!(CardMultiset::decks(CARDS_52, decks).is_ok());
    Ok(())
}
