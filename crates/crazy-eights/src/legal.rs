//! The legal actions (C3–C11) in OpenSpiel's order (C16), and the checks `apply` runs.

use cards_core::{Card, CardMultiset, Rank, Seat, Suit};

use crate::action::Action;
use crate::error::Illegal;
use crate::state::{CrazyEights, Phase};
use crate::stock::LANE_CARD;

/// Whether `card` may go on `top` with `suit` to follow: an eight always, else
/// the suit to follow or the top card's rank (C7).
#[inline]
pub(crate) fn matches(card: Card, top: Card, suit: Suit) -> bool {
    card.rank() == Rank::Eight || card.suit() == suit || card.rank() == top.rank()
}

/// What a turn offers, from the few facts a view also carries (C7, C9–C11).
#[derive(Clone, Copy, Debug)]
pub(crate) struct TurnFacts {
    pub hand: CardMultiset,
    pub top: Card,
    pub suit: Suit,
    pub owed: u8,
    pub stock_empty: bool,
    pub draws: u8,
    pub max_draw: u8,
}

impl TurnFacts {
    /// Lists the moves in OpenSpiel's id order: cards (rank by rank, suits
    /// clubs to spades), then draw, then pass (C16).
    ///
    /// The moves are written into a fixed array and copied into `out` at
    /// once, instead of one `Vec::push` each: at most 21 distinct cards fit
    /// (four of the top card's rank, four eights, thirteen of the suit), then
    /// draw or pass, so the first [`LISTED`] of the 32 entries (a power of two,
    /// so an index is masked rather than checked) hold every move.
    #[inline(always)]
    pub fn list(&self, out: &mut Vec<Action>) {
        // Every byte defined (unlike `Pass`), so the fill is a few wide stores.
        let mut buf = [Action::Nominate(Suit::Clubs); 32];
        let mut n = 0usize;
        let may_draw = if self.owed > 0 {
            // C11.3: a two of any suit stacks; otherwise draw what is owed.
            let mut m = u128::from(self.hand.rank_lanes(Rank::Two));
            m = (m | m >> 1) & LOW_BITS;
            n = write_plays(&mut buf, n, m);
            buf[n & 31] = Action::Draw;
            out.extend_from_slice(&buf[..LISTED]);
            out.truncate(n + 1);
            return;
        } else {
            self.may_draw()
        };
        // C7, all at once on the hand's lanes (2 bits a card, rank by rank,
        // OpenSpiel's id order): the top card's rank, the eights, the suit.
        // Each half on its own: a lane's high bit never reaches the next
        // lane's low bit, the only bit the fits keep.
        let l = self.hand.lanes();
        let (low, high) = (l as u64, (l >> 64) as u64);
        let (top, suit) = (self.top.index() & 63, self.suit as usize);
        let fits_low = TOP_FITS_HALVES[0][top] | SUIT_FITS_HALVES[0][suit];
        let fits_high = TOP_FITS_HALVES[1][top] | SUIT_FITS_HALVES[1][suit];
        n = write_half(&mut buf, n, (low | low >> 1) & fits_low, 0);
        n = write_half(&mut buf, n, (high | high >> 1) & fits_high, 32);
        // C9, C10: draw and pass exclude each other (one of them is offered).
        buf[n & 31] = if may_draw { Action::Draw } else { Action::Pass };
        debug_assert!(n < LISTED);
        out.extend_from_slice(&buf[..LISTED]);
        out.truncate(n + 1);
    }

    /// C9, C10: drawing needs a card in the stock and a draw left this turn.
    #[inline]
    pub fn may_draw(&self) -> bool {
        !self.stock_empty && self.draws < self.max_draw
    }

    /// C9.1, C10: passing needs the draws used up or an empty stock.
    #[inline]
    pub fn may_pass(&self) -> bool {
        self.stock_empty || self.draws >= self.max_draw
    }
}

/// The entries of a turn's list copied into the caller's `Vec`: room for 21
/// plays and a draw or pass, in three 16-byte moves.
const LISTED: usize = 24;

/// The low bit of each card's lane (52 cards).
const LOW_BITS: u128 = (1u128 << 104) / 3;
/// The low bit of every club's lane; shifted by 2 · suit, of that suit's.
const SUIT_CLUBS: u128 = 0x01_01_01_01_01_01_01_01_01_01_01_01_01;

/// Both bits of every lane of one rank (index: the rank).
const RANK_FITS: [u128; 13] = {
    let mut out = [0u128; 13];
    let mut r = 0;
    while r < 13 {
        out[r] = 0xFFu128 << (8 * r);
        r += 1;
    }
    out
};
/// The low bits of the lanes of the top card's rank and of the eights (index:
/// the top card's index, `suit · 13 + rank`; 64 entries so the lookup needs no
/// bounds check). Like [`SUIT_FITS`], only low bits: the fits mask needs no
/// further `& LOW_BITS`.
const TOP_FITS: [u128; 64] = {
    let mut out = [0u128; 64];
    let mut i = 0;
    while i < 52 {
        out[i] = (RANK_FITS[i % 13] | RANK_FITS[Rank::Eight as usize]) & LOW_BITS;
        i += 1;
    }
    out
};
/// [`TOP_FITS`] split into its 64-bit halves (ranks two to nine, ten to ace),
/// so the mask is built with word-wide loads and ors.
const TOP_FITS_HALVES: [[u64; 64]; 2] = {
    let mut out = [[0u64; 64]; 2];
    let mut i = 0;
    while i < 64 {
        out[0][i] = TOP_FITS[i] as u64;
        out[1][i] = (TOP_FITS[i] >> 64) as u64;
        i += 1;
    }
    out
};
/// The low bit of every lane of one suit (index: the suit).
const SUIT_FITS: [u128; 4] = [
    SUIT_CLUBS,
    SUIT_CLUBS << 2,
    SUIT_CLUBS << 4,
    SUIT_CLUBS << 6,
];
/// [`SUIT_FITS`] split into its 64-bit halves.
const SUIT_FITS_HALVES: [[u64; 4]; 2] = {
    let mut out = [[0u64; 4]; 2];
    let mut i = 0;
    while i < 4 {
        out[0][i] = SUIT_FITS[i] as u64;
        out[1][i] = (SUIT_FITS[i] >> 64) as u64;
        i += 1;
    }
    out
};

/// The play of the card of each 2-bit lane (`4 · rank + suit`); the rest unused.
const PLAY_AT_LANE: [Action; 64] = {
    let mut out = [Action::Pass; 64];
    let mut i = 0;
    while i < 52 {
        out[i] = Action::Play(LANE_CARD[i]);
        i += 1;
    }
    out
};

/// Writes a play for each set bit of `m` (low bits of card lanes, in lane
/// order) into `buf` from `n` on; returns the new length. The two halves go
/// one after the other, each a 64-bit loop.
#[inline(always)]
fn write_plays(buf: &mut [Action; 32], n: usize, m: u128) -> usize {
    let n = write_half(buf, n, m as u64, 0);
    write_half(buf, n, (m >> 64) as u64, 32)
}

/// [`write_plays`] for one half: `m`'s lane `i` is lane `first + i`.
#[inline(always)]
fn write_half(buf: &mut [Action; 32], mut n: usize, mut m: u64, first: usize) -> usize {
    while m != 0 {
        let lane = first + (m.trailing_zeros() / 2) as usize;
        buf[n & 31] = PLAY_AT_LANE[lane & 63];
        n += 1;
        m &= m - 1;
    }
    n
}

/// Lists the four suits to nominate (C8).
pub(crate) fn list_nominations(out: &mut Vec<Action>) {
    out.extend(Suit::ALL.map(Action::Nominate));
}

impl CrazyEights {
    pub(crate) fn turn_facts(&self) -> TurnFacts {
        TurnFacts {
            hand: self.hands[usize::from(self.to_act)],
            top: self.top.unwrap_or(Card::new(Rank::Two, Suit::Clubs)),
            suit: self.suit,
            owed: self.owed,
            stock_empty: self.stock.is_empty(),
            draws: self.draws,
            max_draw: self.rules.max_draw_cards,
        }
    }

    /// Fills `out` with the legal actions (chance outcomes at a chance step).
    #[inline(always)]
    pub(crate) fn list_legal(&self, out: &mut Vec<Action>) {
        out.clear();
        match self.phase {
            Phase::ChooseDealer => out.extend((0..self.n).map(|s| Action::Dealer(Seat(s)))),
            Phase::Deal | Phase::TurnUp | Phase::Draw => {
                out.extend(self.stock.iter().map(|(c, _)| Action::Deal(c)));
            }
            Phase::Turn => self.turn_facts().list(out),
            Phase::Nominate => list_nominations(out),
            Phase::Over => {}
        }
    }

    /// Fills `out` with the chance outcomes and their weights (C3, C4).
    pub(crate) fn list_chance(&self, out: &mut Vec<(Action, u32)>) {
        out.clear();
        match self.phase {
            Phase::ChooseDealer => out.extend((0..self.n).map(|s| (Action::Dealer(Seat(s)), 1))),
            Phase::Deal | Phase::TurnUp | Phase::Draw => {
                out.extend(
                    self.stock
                        .iter()
                        .map(|(c, k)| (Action::Deal(c), u32::from(k))),
                );
            }
            _ => {}
        }
    }

    /// Why `action` is refused now, or `Ok` (never changes the state).
    pub(crate) fn check(&self, action: &Action) -> Result<(), Illegal> {
        let chance = matches!(
            self.phase,
            Phase::ChooseDealer | Phase::Deal | Phase::TurnUp | Phase::Draw
        );
        match (self.phase, action) {
            (Phase::Over, _) => Err(Illegal::GameOver),
            (_, a) if chance && !a.is_chance() => Err(Illegal::ChanceFirst),
            (_, a) if !chance && a.is_chance() => Err(Illegal::NotChance),
            (Phase::ChooseDealer, Action::Dealer(s)) if s.0 < self.n => Ok(()),
            (Phase::ChooseDealer, Action::Dealer(s)) => Err(Illegal::NoSuchSeat(*s)),
            (Phase::ChooseDealer, _) => Err(Illegal::WrongChanceStep { due: "the dealer" }),
            (_, Action::Dealer(_)) => Err(Illegal::WrongChanceStep {
                due: "a card from the stock",
            }),
            (_, Action::Deal(c)) if self.stock.contains(*c) => Ok(()),
            (_, Action::Deal(_)) => Err(Illegal::NotInStock),
            (Phase::Nominate, Action::Nominate(_)) => Ok(()),
            (Phase::Nominate, _) => Err(Illegal::NominateFirst),
            (_, Action::Nominate(_)) => Err(Illegal::NoEight),
            (_, a) => self.check_turn(a),
        }
    }

    /// Whether `c` may go on the pile now, if held (C7, C11.3): with the hand
    /// test, what [`check`](Self::check) accepts for a play at a turn.
    #[inline]
    pub(crate) fn fits_now(&self, c: Card) -> bool {
        if self.owed > 0 {
            c.rank() == Rank::Two
        } else {
            match self.top {
                Some(top) => matches(c, top, self.suit),
                None => false,
            }
        }
    }

    fn check_turn(&self, action: &Action) -> Result<(), Illegal> {
        let f = self.turn_facts();
        match action {
            Action::Play(c) => {
                if !f.hand.contains(*c) {
                    Err(Illegal::NotInHand)
                } else if f.owed > 0 {
                    if c.rank() == Rank::Two {
                        Ok(())
                    } else {
                        Err(Illegal::TwosOwed)
                    }
                } else if matches(*c, f.top, f.suit) {
                    Ok(())
                } else {
                    Err(Illegal::NoMatch)
                }
            }
            Action::Draw if f.owed > 0 || f.may_draw() => Ok(()),
            Action::Draw if f.stock_empty => Err(Illegal::StockEmpty),
            Action::Draw => Err(Illegal::DrawLimit),
            Action::Pass if f.owed > 0 => Err(Illegal::TwosOwed),
            Action::Pass if f.may_pass() => Ok(()),
            Action::Pass => Err(Illegal::CannotPass),
            // Chance outcomes and nominations were answered by `check`.
            _ => Err(Illegal::NotChance),
        }
    }
}
