//! Which ranks may be played on a pile (H6, H12–H17).

use cards_core::Rank;

use cards_core::RankSet;

const fn mask_for(level: Option<Rank>) -> u16 {
    let all = (1u16 << 13) - 1;
    let Some(level) = level else {
        return all;
    };
    let two = 1 << Rank::Two as u32;
    let three = 1 << Rank::Three as u32;
    let ten = 1 << Rank::Ten as u32;
    match level {
        Rank::Two | Rank::Three => all,
        Rank::Seven => (1 << (Rank::Seven as u32 + 1)) - 1,
        l => {
            let at_least = all & !((1u16 << l as u32) - 1);
            at_least | two | three | ten
        }
    }
}

const TABLE: [u16; 14] = {
    let mut t = [0u16; 14];
    t[0] = mask_for(None);
    let mut i = 0;
    while i < 13 {
        t[i + 1] = mask_for(Some(Rank::ALL[i]));
        i += 1;
    }
    t
};

/// The ranks playable on a pile whose level (its topmost card that is not a 3)
/// is `level`; `None` is an empty pile or one of only 3s.
///
/// ```
/// use cards_core::Rank;
/// use shithead::playable_ranks;
/// // On a 7: 2–7 playable; 8, 9, 10, J, Q, K, A not.
/// assert_eq!(playable_ranks(Some(Rank::Seven)).to_string(), "2 3 4 5 6 7");
/// // A 2 resets the level: anything may follow.
/// assert_eq!(playable_ranks(Some(Rank::Two)).len(), 13);
/// // On a queen: queen and up, and the always-playable 2, 3 and 10.
/// assert_eq!(playable_ranks(Some(Rank::Queen)).to_string(), "2 3 T Q K A");
/// ```
#[inline]
pub const fn playable_ranks(level: Option<Rank>) -> RankSet {
    RankSet::from_bits(match level {
        None => TABLE[0],
        Some(r) => TABLE[r as usize + 1],
    })
}

/// Whether `rank` may be played on a pile of level `level` (see [`playable_ranks`]).
#[inline]
pub const fn playable(rank: Rank, level: Option<Rank>) -> bool {
    playable_ranks(level).contains(rank)
}

/// The level of a pile given bottom to top: its topmost card that is not a 3
/// (H13: 3s are transparent), or `None` for an empty pile or one of only 3s.
///
/// ```
/// use cards_core::Rank::*;
/// use shithead::pile_level;
/// assert_eq!(pile_level(&[Nine, Three, Three]), Some(Nine));
/// assert_eq!(pile_level(&[Three]), None);
/// ```
pub fn pile_level(pile: &[Rank]) -> Option<Rank> {
    pile.iter().rev().copied().find(|&r| r != Rank::Three)
}

/// The ranks playable on a pile given bottom to top (the rules' test facts).
///
/// ```
/// use cards_core::Rank::*;
/// use shithead::playable_on;
/// // On 3 over 7: the same as on a 7.
/// assert_eq!(playable_on(&[Seven, Three]).to_string(), "2 3 4 5 6 7");
/// // On a lone 3: anything.
/// assert_eq!(playable_on(&[Three]).len(), 13);
/// // On 9-3-3: 9 and up, 2, 3, 10.
/// assert_eq!(playable_on(&[Nine, Three, Three]).to_string(), "2 3 9 T J Q K A");
/// // An empty pile takes anything.
/// assert_eq!(playable_on(&[]).len(), 13);
/// ```
pub fn playable_on(pile: &[Rank]) -> RankSet {
    playable_ranks(pile_level(pile))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// H6 written out case by case, against the table.
    fn slow(rank: Rank, level: Option<Rank>) -> bool {
        match level {
            None | Some(Rank::Two) | Some(Rank::Three) => true,
            Some(_) if matches!(rank, Rank::Two | Rank::Three) => true,
            Some(Rank::Seven) => rank <= Rank::Seven,
            Some(_) if rank == Rank::Ten => true,
            Some(l) => rank >= l,
        }
    }

    #[test]
    fn the_table_agrees_with_the_rule_text() {
        for level in std::iter::once(None).chain(Rank::ALL.map(Some)) {
            for rank in Rank::ALL {
                assert_eq!(
                    playable(rank, level),
                    slow(rank, level),
                    "{rank} on {level:?}"
                );
            }
        }
    }
}
