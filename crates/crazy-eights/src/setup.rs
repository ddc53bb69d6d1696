//! [`Setup`]: a position written out field by field, and its validation (C15);
//! the serde form of a state.

use cards_core::{Card, CardMultiset, MAX_SEATS, Rank, Save, Seat, Suit};

use crate::error::SetupError;
use crate::rules::Rules;
use crate::state::{CrazyEights, Phase};

/// A position written out in full; loads only if the rules can reach it (C15).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct Setup {
    /// The rules.
    pub rules: Rules,
    /// The phase.
    pub phase: Phase,
    /// The dealer (seat 0 before one is chosen).
    pub dealer: Seat,
    /// The seat to act (the dealer's left before the starter).
    pub to_act: Seat,
    /// Play runs to lower seat numbers.
    pub reversed: bool,
    /// Cards drawn by choice this turn.
    pub draws: u8,
    /// Cards owed from twos.
    pub owed: u8,
    /// Consecutive passes counted toward the end.
    pub passes: u8,
    /// Cards played so far.
    pub plays: u16,
    /// The card to match.
    pub top: Option<Card>,
    /// The suit to follow.
    pub suit: Option<Suit>,
    /// The stock.
    pub stock: CardMultiset,
    /// Played cards under the top card.
    pub discards: CardMultiset,
    /// Each seat's hand; the seat count is their number.
    pub hands: Vec<CardMultiset>,
}

fn bad(why: &'static str) -> SetupError {
    SetupError::Inconsistent(why)
}

/// C11.3, C15: a debt of `s.owed` (above 0) cards, with `top` on the pile, is
/// one the rules reach. Each two owes two cards when played, or turned up
/// (C5.2), and lands on the discard pile; until the debt is drawn only twos
/// are played, the stock is not touched (so no reshuffle takes the pile), and
/// no draw by choice is made. A game ended by the last of those twos keeps
/// its debt. While the debt is drawn a reshuffle may take the twos into the
/// stock, but the debt only shrinks then.
fn check_owed(s: &Setup, n: usize, top: Card) -> Result<(), SetupError> {
    if s.stock.is_empty()
        || !matches!(s.phase, Phase::Turn | Phase::Draw | Phase::Over)
        || s.draws > 0
    {
        return Err(bad(
            "owed twos are drawn from a stock that holds cards, before any other draw (C11.3)",
        ));
    }
    if top.rank() != Rank::Two {
        return Err(bad(
            "cards are owed only for twos: until they are drawn a two lies on top (C11.3)",
        ));
    }
    // 4 twos per deck: 8 cards with one deck, 16 with two.
    if usize::from(s.owed) > 2 * 4 * usize::from(Rules::decks(n)) {
        return Err(bad(
            "each two in play owes two cards: at most 8 are owed with one deck, 16 with two (C1, C11.3)",
        ));
    }
    let on_pile = s.discards.count_rank(Rank::Two) + 1;
    if s.phase != Phase::Draw && usize::from(s.owed) > 2 * on_pile {
        return Err(bad(
            "each two owed for lies on the discard pile until the debt is drawn (C11.3)",
        ));
    }
    if s.plays == 0 && s.owed > 2 {
        return Err(bad(
            "before the first play only a two starter owes cards, two of them (C5.2, C11.3)",
        ));
    }
    Ok(())
}

impl Save for CrazyEights {
    type Setup = Setup;

    fn save(&self) -> Setup {
        Setup {
            rules: self.rules,
            phase: self.phase,
            dealer: Seat(self.dealer),
            to_act: Seat(self.to_act),
            reversed: self.reversed,
            draws: self.draws,
            owed: self.owed,
            passes: self.passes,
            plays: self.plays,
            top: self.top,
            suit: self.suit(),
            stock: self.stock,
            discards: self.discards,
            hands: self.hands[..self.seats_usize()].to_vec(),
        }
    }

    fn load(s: Setup) -> Result<CrazyEights, SetupError> {
        let n = s.hands.len();
        s.rules.validate_for(n)?;
        if n > MAX_SEATS {
            return Err(SetupError::HandCount);
        }
        if s.dealer.index() >= n || s.to_act.index() >= n {
            return Err(SetupError::SeatOutOfRange);
        }
        let mut g = CrazyEights::fresh(s.rules, n);
        let mut all = s.stock;
        all.add_all(s.discards)
            .map_err(|_| SetupError::NotConserved)?;
        for h in &s.hands {
            all.add_all(*h).map_err(|_| SetupError::NotConserved)?;
        }
        if let Some(t) = s.top {
            all.add(t).map_err(|_| SetupError::NotConserved)?;
        }
        if all != g.full_deck() {
            return Err(SetupError::NotConserved);
        }
        let k = usize::from(Rules::hand_size(n));
        let dealt: usize = s.hands.iter().map(|h| h.len()).sum();
        let special = s.rules.use_special_cards;
        let started = matches!(
            s.phase,
            Phase::Turn | Phase::Nominate | Phase::Draw | Phase::Over
        );
        if s.top.is_some() != started || s.suit.is_some() != started {
            return Err(bad(
                "a top card and a suit to follow exist exactly from the starter on (C5)",
            ));
        }
        if !started {
            if !s.discards.is_empty()
                || s.reversed
                || s.draws > 0
                || s.owed > 0
                || s.passes > 0
                || s.plays > 0
            {
                return Err(bad(
                    "nothing is played, drawn or owed before the starter (C4, C5)",
                ));
            }
            if s.phase == Phase::ChooseDealer
                && (dealt > 0 || s.dealer != Seat(0) || s.to_act != Seat(0))
            {
                return Err(bad(
                    "before the dealer is chosen nothing is dealt; dealer and turn are seat 0 (C3)",
                ));
            }
        }
        if s.phase != Phase::ChooseDealer && !matches!(s.phase, Phase::Over) && !started {
            // C4: the deal runs from the dealer's left, one card each in turn.
            if s.to_act.0 != (s.dealer.0 + 1) % n as u8 {
                return Err(bad("during the deal the turn is at the dealer's left (C4)"));
            }
            let full = n * k;
            if (s.phase == Phase::Deal && dealt >= full)
                || (s.phase == Phase::TurnUp && dealt != full)
            {
                return Err(bad(
                    "the deal gives each player his cards before the starter (C4)",
                ));
            }
            for (i, h) in s.hands.iter().enumerate() {
                let pos = (i + n - usize::from(s.dealer.0) - 1) % n;
                let want = dealt / n + usize::from(pos < dealt % n);
                if h.len() != want {
                    return Err(bad(
                        "cards are dealt one at a time from the dealer's left (C4)",
                    ));
                }
            }
        }
        if started {
            let (top, suit) = (
                s.top.unwrap_or(Card::new(Rank::Two, Suit::Clubs)),
                s.suit.unwrap_or(Suit::Clubs),
            );
            if suit != top.suit() && top.rank() != Rank::Eight {
                return Err(bad("only an eight changes the suit to follow (C8)"));
            }
            if s.phase == Phase::Nominate && (top.rank() != Rank::Eight || suit != top.suit()) {
                return Err(bad("a suit is named right after an eight is played (C8)"));
            }
            // Playing the eight ended the turn's draws; naming the suit does not
            // reset them, so the next player would inherit any written here.
            if s.phase == Phase::Nominate && s.draws > 0 {
                return Err(bad(
                    "playing an eight ends the turn's draws: none are counted while its suit is named (C8, C9)",
                ));
            }
            if (s.reversed || s.owed > 0) && !special {
                return Err(bad("reversing and owed twos need use_special_cards (C11)"));
            }
            // Before the first play only the starter lies (an eight went back, C5.1),
            // and only an ace starter has reversed the direction (C5.2, C11.2). A
            // position with discards but no plays counted (a puzzle of a game in
            // progress) is held to the same: a reshuffle (C10.1) may empty its
            // discards without a play, and the position must still load then.
            if s.plays == 0
                && (top.rank() == Rank::Eight || s.reversed != (special && top.rank() == Rank::Ace))
            {
                return Err(bad(
                    "before the first play the starter is never an eight, and only an ace starter reverses (C5.1, C5.2, C11.2)",
                ));
            }
            if s.owed > 0 {
                check_owed(&s, n, top)?;
            }
            if s.phase == Phase::Turn && s.owed % 2 == 1 {
                return Err(bad("twos are owed two at a time (C11.3)"));
            }
            if s.draws > s.rules.max_draw_cards
                || (s.phase == Phase::Draw
                    && s.owed == 0
                    && (s.draws >= s.rules.max_draw_cards || s.stock.is_empty()))
            {
                return Err(bad(
                    "at most max_draw_cards cards are drawn in a turn, from a stock that holds cards (C9, C10)",
                ));
            }
            if s.rules.reshuffle && s.stock.is_empty() && !s.discards.is_empty() {
                return Err(bad(
                    "with reshuffle an empty stock takes the discards at once (C10.1)",
                ));
            }
            if s.plays > s.rules.max_turns
                || (s.plays == s.rules.max_turns && s.phase != Phase::Over)
            {
                return Err(bad("the game ends once max_turns cards are played (C12.2)"));
            }
            let over_passes = usize::from(s.passes) == n + 1;
            if usize::from(s.passes) > n + 1 || (over_passes && s.phase != Phase::Over) {
                return Err(bad(
                    "the game ends at the players' count plus one passes in a row (C12.3)",
                ));
            }
            if s.phase == Phase::Over
                && !(over_passes
                    || s.plays == s.rules.max_turns
                    || s.hands.iter().any(|h| h.is_empty()))
            {
                return Err(bad(
                    "the game ends only by an empty hand, max_turns plays or passes (C12)",
                ));
            }
            let empty_hands = s.hands.iter().filter(|h| h.is_empty()).count();
            if empty_hands > usize::from(s.phase == Phase::Over) {
                return Err(bad(
                    "a player who sheds his last card ends the game (C12.1)",
                ));
            }
            if dealt + s.stock.len() + s.discards.len() + 1 != g.full_deck().len() {
                return Err(SetupError::NotConserved);
            }
        }
        g.phase = s.phase;
        g.dealer = s.dealer.0;
        g.to_act = s.to_act.0;
        g.dealt = if started { (n * k) as u8 } else { dealt as u8 };
        g.reversed = s.reversed;
        g.draws = s.draws;
        g.owed = s.owed;
        g.passes = s.passes;
        g.plays = s.plays;
        g.top = s.top;
        g.suit = s.suit.unwrap_or(Suit::Clubs);
        g.stock = s.stock;
        g.discards = s.discards;
        g.hands[..n].copy_from_slice(&s.hands);
        Ok(g)
    }
}

impl From<CrazyEights> for Setup {
    fn from(g: CrazyEights) -> Setup {
        g.save()
    }
}

impl TryFrom<Setup> for CrazyEights {
    type Error = SetupError;
    fn try_from(s: Setup) -> Result<CrazyEights, SetupError> {
        CrazyEights::load(s)
    }
}
