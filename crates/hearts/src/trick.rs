//! Who takes a trick (R10): the highest card of the suit led.

use cards_core::Card;

/// The position (0 = the leader) of the card that takes a full trick: the
/// highest of the suit led (R10).
#[inline]
pub(crate) fn winner(trick: &[Card; 4]) -> u8 {
    let led = trick[0].suit();
    let mut best = 0;
    for (i, c) in trick.iter().enumerate().skip(1) {
        if c.suit() == led && c.rank() > trick[best].rank() {
            best = i;
        }
    }
    best as u8
}
