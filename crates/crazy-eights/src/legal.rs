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
    /// The moves are written straight into 32 entries appended to `out` at
    /// once (a power of two, so an index is masked rather than checked), then
    /// the list is cut after the last: at most 21 distinct cards fit (four of
    /// the top card's rank, four eights, thirteen of the suit), then draw or
    /// pass. Not into an array on the stack copied over afterwards: the wide
    /// loads of that copy waited for the narrow stores before them.
    #[inline(always)]
    pub fn list(&self, out: &mut Vec<Action>) {
        let start = out.len();
        out.extend_from_slice(&BLANK);
        let Ok(buf) = <&mut [Action; 32]>::try_from(&mut out[start..]) else {
            out.truncate(start);
            return;
        };
        let last = self.write_list(buf);
        out.truncate(start + last + 1);
    }

    /// Writes the moves into `buf` from its start; the index of the last.
    #[inline(always)]
    fn write_list(&self, buf: &mut [Action; 32]) -> usize {
        if self.owed > 0 {
            // C11.3: a two of any suit stacks; otherwise draw what is owed.
            // The twos are the low half's first four lanes: four plays at
            // most, written without a loop.
            let m = u64::from(self.hand.rank_lanes(Rank::Two));
            let (n, _) = write_first::<4>(buf, 0, (m | m >> 1) & LOW_BITS as u64, 0);
            buf[n & 31] = Action::Draw;
            return n;
        }
        // C7, all at once on the hand's lanes (2 bits a card, rank by rank,
        // OpenSpiel's id order): the top card's rank, the eights, the suit.
        // Each half on its own: a lane's high bit never reaches the next
        // lane's low bit, the only bit the fits keep.
        let l = self.hand.lanes();
        let (low, high) = (l as u64, (l >> 64) as u64);
        let (top, suit) = (self.top.index() & 63, self.suit as usize);
        let [fits_low, fits_high] = FITS[(top << 2 | suit) & 255];
        let (plays_low, plays_high) = ((low | low >> 1) & fits_low, (high | high >> 1) & fits_high);
        // Two plays from each half without a loop: 94% of the turns of
        // random play offer no more. A loop whose exit depends on the count
        // missed its exit on most fresh turns; the rest take it, once.
        let (n_low, rest_low) = write_first::<2>(buf, 0, plays_low, 0);
        let (n_all, rest_high) = write_first::<2>(buf, n_low, plays_high, 32);
        let n = if rest_low | rest_high == 0 {
            n_all
        } else {
            write_plays_cold(buf, plays_low, plays_high)
        };
        // C9, C10: draw and pass exclude each other (one of them is offered).
        buf[n & 31] = if self.may_draw() {
            Action::Draw
        } else {
            Action::Pass
        };
        debug_assert!(n < 22);
        n
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

/// The 32 entries a turn's list is written into, every byte defined (unlike
/// `Pass`), so appending them is a few wide copies.
const BLANK: [Action; 32] = [Action::Nominate(Suit::Clubs); 32];

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
/// The low bits of the twos' lanes: what may go on a two while cards are owed (C11.3).
const TWO_FITS: u128 = RANK_FITS[Rank::Two as usize] & LOW_BITS;
/// The low bit of each card's lane (index: the card's index, `suit · 13 + rank`).
const LOW_BIT_OF_CARD: [u128; 64] = {
    let mut out = [0u128; 64];
    let mut i = 0;
    while i < 52 {
        out[i] = 1u128 << (2 * (4 * (i % 13) + i / 13));
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
/// The low bits of the lanes that fit on a top card with a suit to follow
/// (C7), as [`TOP_FITS`] | [`SUIT_FITS`] in 64-bit halves (ranks two to
/// nine, ten to ace), at `[4 · top card's index + suit]`: one lookup, two
/// word-wide loads.
const FITS: [[u64; 2]; 256] = {
    let mut out = [[0u64; 2]; 256];
    let mut i = 0;
    while i < 256 {
        let fits = TOP_FITS[i >> 2] | SUIT_FITS[i & 3];
        out[i] = [fits as u64, (fits >> 64) as u64];
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

/// The play of the card whose lane's low bit is bit `b` of a half's mask, at
/// `[half][b]` (lower half: ranks two to nine; upper: ten to ace); the odd
/// bits and the lanes past the aces hold a stray entry.
const PLAY_AT_BIT: [[Action; 64]; 2] = {
    let mut out = [[Action::Pass; 64]; 2];
    let mut half = 0;
    while half < 2 {
        let mut b = 0;
        while b < 64 {
            out[half][b] = PLAY_AT_LANE[32 * half + b / 2];
            b += 1;
        }
        half += 1;
    }
    out
};

/// Writes the plays of the first `K` set bits of `m` (low bits of the lanes
/// `first..first + 32`, in lane order) into `buf` from `n` on, with no branch:
/// a slot past the last play gets a stray entry the next write or the
/// caller's truncation drops. Returns the new length and the bits not written.
#[inline(always)]
fn write_first<const K: usize>(
    buf: &mut [Action; 32],
    mut n: usize,
    mut m: u64,
    first: usize,
) -> (usize, u64) {
    let plays = &PLAY_AT_BIT[(first / 32) & 1];
    for _ in 0..K {
        // The mask's bit 63 is never set (the lanes' low bits are even and
        // the upper half's stop at 38): with it, an empty mask reads bit 63
        // (a stray entry) and the count needs no zero test.
        let bit = (m | 1 << 63).trailing_zeros() as usize;
        buf[n & 31] = plays[bit & 63];
        n += usize::from(m != 0);
        m &= m.wrapping_sub(1);
    }
    (n, m)
}

/// Every play of both halves' masks from the start of `buf`, by a loop over
/// the set bits: the rare turn with more than [`write_first`] takes.
#[cold]
#[inline(never)]
fn write_plays_cold(buf: &mut [Action; 32], low: u64, high: u64) -> usize {
    let n = write_half(buf, 0, low, 0);
    write_half(buf, n, high, 32)
}

/// Writes a play for each set bit of `m` (low bits of card lanes, in lane
/// order) into `buf` from `n` on; returns the new length. `m`'s lane `i` is
/// lane `first + i`.
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

    /// The step due now, in words, and the clause that calls for it: what a
    /// refusal names, so that it cites the step actually due.
    pub(crate) fn step_due(&self) -> (&'static str, &'static str) {
        match self.phase {
            Phase::ChooseDealer => ("the choice of the dealer", "C3"),
            Phase::Deal => ("the deal of a card", "C4"),
            Phase::TurnUp => ("the turn-up of the starter", "C5"),
            Phase::Draw if self.owed > 0 => ("the draw of an owed card", "C11.3"),
            Phase::Draw => ("the draw of a card", "C9"),
            Phase::Turn if self.owed > 0 => ("a two played or the owed cards drawn", "C11.3"),
            Phase::Turn => ("a play, a draw or a pass", "C7, C9, C9.1"),
            Phase::Nominate => ("the naming of a suit for the eight", "C8"),
            Phase::Over => ("the end of the game", "C12"),
        }
    }

    /// The refusal `kind` naming the step due and its clause.
    fn at_step(&self, kind: fn(&'static str, &'static str) -> Illegal) -> Illegal {
        let (step, clause) = self.step_due();
        kind(step, clause)
    }

    /// Why nothing more can happen once the game is over, naming the clause that
    /// ended it: an empty hand (C12.1, which a last play within the turn limit
    /// also meets first), else the turn limit (C12.2), else the passes (C12.3).
    pub(crate) fn why_over(&self) -> Illegal {
        let hands = &self.hands[..self.seats_usize()];
        let (why, clause) = if hands.iter().any(|h| h.is_empty()) {
            ("a player played his last card", "C12.1")
        } else if self.plays >= self.rules.max_turns {
            ("max_turns cards have been played", "C12.2")
        } else {
            ("the stock is empty and every player passed", "C12.3")
        };
        Illegal::GameOver { why, clause }
    }

    /// Why `action` is refused now, or `Ok` (never changes the state).
    pub(crate) fn check(&self, action: &Action) -> Result<(), Illegal> {
        let chance = matches!(
            self.phase,
            Phase::ChooseDealer | Phase::Deal | Phase::TurnUp | Phase::Draw
        );
        match (self.phase, action) {
            (Phase::Over, _) => Err(self.why_over()),
            (_, a) if chance && !a.is_chance() => Err(self.at_step(chance_first)),
            (_, a) if !chance && a.is_chance() => Err(self.at_step(not_chance)),
            (Phase::ChooseDealer, Action::Dealer(s)) => {
                s.at(self.n, "C1, C3")?;
                Ok(())
            }
            (Phase::ChooseDealer, _) | (_, Action::Dealer(_)) => {
                Err(self.at_step(wrong_chance_step))
            }
            (_, Action::Deal(c)) if self.stock.contains(*c) => Ok(()),
            (_, Action::Deal(_)) => Err(self.at_step(not_in_stock)),
            (Phase::Nominate, Action::Nominate(_)) => Ok(()),
            (Phase::Nominate, _) => Err(Illegal::NominateFirst),
            (_, Action::Nominate(_)) => Err(Illegal::NoEight),
            (_, a) => self.check_turn(a),
        }
    }

    /// Whether `hand` holds `c` and `c` may go on the pile now (C7, C11.3):
    /// what [`check`](Self::check) accepts for a play at a turn, by one test
    /// on the hand's lanes and the fits mask [`list`](TurnFacts::list) uses.
    #[inline(always)]
    pub(crate) fn may_play_now(&self, hand: CardMultiset, c: Card) -> bool {
        let open = match self.top {
            Some(top) => {
                let [low, high] = FITS[(top.index() << 2 | self.suit as usize) & 255];
                u128::from(high) << 64 | u128::from(low)
            }
            None => 0,
        };
        let fits = if self.owed > 0 { TWO_FITS } else { open };
        let held = hand.lanes();
        (held | held >> 1) & fits & LOW_BIT_OF_CARD[c.index() & 63] != 0
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
            _ => Err(self.at_step(not_chance)),
        }
    }
}

fn chance_first(step: &'static str, clause: &'static str) -> Illegal {
    Illegal::ChanceFirst { step, clause }
}

fn not_chance(step: &'static str, clause: &'static str) -> Illegal {
    Illegal::NotChance { step, clause }
}

fn wrong_chance_step(step: &'static str, clause: &'static str) -> Illegal {
    Illegal::WrongChanceStep { step, clause }
}

fn not_in_stock(step: &'static str, clause: &'static str) -> Illegal {
    Illegal::NotInStock { step, clause }
}
