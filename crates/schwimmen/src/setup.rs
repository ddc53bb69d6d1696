//! [`Setup`]: any position, written out field by field and loaded through validation.

use cards_core::{CardSet, Seat, deck};

use crate::error::SetupError;
use crate::rules::{MAX_SEATS, Rules};
use crate::score::HandValue;
use crate::state::{Fate, MIDDLE_UNFIT, NO_ROUND, NO_SEAT, Phase, Schwimmen, middle_fits};

/// A position written out in full: what a save file or a bug report holds.
///
/// [`Schwimmen::from_setup`] (and serde, which goes through it) checks it, so a
/// tampered save is refused with a [`SetupError`] instead of giving a state
/// that breaks the rules. The per-seat lists have one entry per seat.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct Setup {
    /// The rules.
    pub rules: Rules,
    /// The phase.
    pub phase: Phase,
    /// The dealer.
    pub dealer: Seat,
    /// The card recipient (deal), the dealer (choice), the mover (turns) or the next mover (refill).
    pub to_act: Seat,
    /// Who knocked this round.
    pub knocker: Option<Seat>,
    /// Lives by seat.
    pub lives: Vec<u8>,
    /// Standing by seat.
    pub fates: Vec<Fate>,
    /// Hands by seat.
    pub hands: Vec<CardSet>,
    /// The dealer's face-down second pack.
    pub second_pack: CardSet,
    /// The face-up middle.
    pub middle: CardSet,
    /// The face-up discards.
    pub discards: CardSet,
    /// Face-down discards (leavers' hands).
    pub face_down_discards: CardSet,
    /// The stock.
    pub stock: CardSet,
    /// Seats that passed in a row since the last swap, knock, refresh or deal.
    pub passed: Vec<Seat>,
    /// Seats that have had a turn this round.
    pub moved: Vec<Seat>,
    /// Turns taken this round.
    pub turns: u16,
    /// Rounds finished so far.
    pub round: u16,
    /// Hands shown at the last round end, by seat.
    pub shown: Vec<CardSet>,
    /// The middle at the last round end (S14), empty when none lay there or
    /// no round has ended.
    #[cfg_attr(feature = "serde", serde(default))]
    pub shown_middle: CardSet,
    /// Lives lost at the last scored round end, by seat (empty: none lost).
    #[cfg_attr(feature = "serde", serde(default))]
    pub lives_lost: Vec<u8>,
    /// The round number of the last scored round end, if one was scored.
    #[cfg_attr(feature = "serde", serde(default))]
    pub scored_round: Option<u16>,
    /// Cards each seat took face up from the middle and still holds, by seat
    /// (empty: none) (S23.2).
    #[cfg_attr(feature = "serde", serde(default))]
    pub taken: Vec<CardSet>,
    /// Cards known to lie among the face-down discards (S21.1, S23.2).
    #[cfg_attr(feature = "serde", serde(default))]
    pub known_face_down: CardSet,
}

impl From<Schwimmen> for Setup {
    fn from(g: Schwimmen) -> Setup {
        let n = usize::from(g.n);
        let seats = |mask: u16| {
            (0..g.n)
                .filter(|&s| mask >> s & 1 == 1)
                .map(Seat)
                .collect::<Vec<_>>()
        };
        Setup {
            rules: g.rules,
            phase: g.phase,
            dealer: Seat(g.dealer),
            to_act: Seat(g.to_act),
            knocker: g.knocker(),
            lives: g.lives[..n].to_vec(),
            fates: g.fate[..n].to_vec(),
            hands: g.hands[..n].to_vec(),
            second_pack: g.pack,
            middle: g.middle,
            discards: g.discards,
            face_down_discards: g.folded,
            stock: g.stock,
            passed: seats(g.passed),
            moved: seats(g.moved),
            turns: g.turns,
            round: g.round,
            shown: g.shown[..n].to_vec(),
            shown_middle: g.shown_middle,
            lives_lost: if g.lost[..n].iter().all(|&l| l == 0) {
                Vec::new()
            } else {
                g.lost[..n].to_vec()
            },
            scored_round: (g.scored != NO_ROUND).then_some(g.scored),
            taken: if g.taken.is_empty() {
                Vec::new()
            } else {
                g.hands[..n].iter().map(|h| g.taken & *h).collect()
            },
            known_face_down: g.known_down,
        }
    }
}

impl cards_core::Save for Schwimmen {
    type Setup = Setup;
    fn save(&self) -> Setup {
        Setup::from(*self)
    }
    fn load(setup: Setup) -> Result<Schwimmen, SetupError> {
        Schwimmen::from_setup(&setup)
    }
}

impl TryFrom<Setup> for Schwimmen {
    type Error = SetupError;
    fn try_from(s: Setup) -> Result<Schwimmen, SetupError> {
        Schwimmen::from_setup(&s)
    }
}

fn mask_of(seats: &[Seat], n: usize) -> Result<u16, SetupError> {
    let mut m = 0u16;
    for s in seats {
        if s.index() >= n {
            return Err(SetupError::Position("a listed seat is not at the table"));
        }
        m |= 1 << s.0;
    }
    Ok(m)
}

/// A per-seat list as the state's fixed array, the seats beyond it filled with `fill`.
/// `list` is at most `MAX_SEATS` long: the seat count was checked first (S2).
fn padded<T: Copy>(list: &[T], fill: T) -> [T; MAX_SEATS] {
    debug_assert!(list.len() <= MAX_SEATS);
    let mut a = [fill; MAX_SEATS];
    a[..list.len()].copy_from_slice(list);
    a
}

impl Schwimmen {
    /// The position written out in full.
    pub fn to_setup(&self) -> Setup {
        Setup::from(*self)
    }

    /// Loads a position, refusing what the rules cannot reach as far as it can be
    /// told from the position alone.
    ///
    /// Checked, each by its rule:
    /// - the seat count and every rule value (S2, S3, S14.1, S18, S19.1), one entry
    ///   per seat in every per-seat list, seats named anywhere sitting at the table;
    /// - every one of the 32 cards in exactly one place (S1); a shown hand has three
    ///   cards or none, and the shown hands are disjoint (S14), and so is the
    ///   middle shown with them: three cards, or none;
    /// - lives at most the starting lives (S3), and none lost before the first
    ///   round end, since lives are lost only when a round ends (S3, S19.1); a drowned player has none and drowned in a past round
    ///   (S3); leavers are numbered 1, 2, … without gaps and
    ///   hold no cards (S21); no hand is shown before a round has ended (S14);
    /// - somebody is always still in: the last player cannot leave (the game is over
    ///   then) or drown (S17, S19, S21);
    /// - the game is over exactly when one player is left or the round limit is
    ///   reached, and then every card is gathered and the round's counters are clear
    ///   (S19, S19.1); otherwise at least two players are in, below the round and
    ///   turn limits (S14.1, S19.1);
    /// - the phase fits the table: during the deal the hands follow the deal order and
    ///   the stock can finish it (S5.1); at the dealer's choice every hand and the
    ///   second pack hold three (S6); during turns and refills every hand of a player
    ///   in holds three and none is a 31 or three aces (S7, S14 b), the mover is in
    ///   and is not the knocker, nobody knocks during a refill (S11), the middle holds
    ///   three during turns and fewer during a refill, with stock enough to fill it
    ///   (S10), and a completed all-pass has been refreshed (S10.1);
    /// - the round's counters agree: a pass and a knock are turns, so who passed and
    ///   the knocker are among who moved (S10.1, S11); at least one turn per seat that
    ///   moved, and turns only if someone moved (S14.1); the face-up discards come
    ///   three at a time (S10).
    ///
    /// Not checked, because the position alone cannot tell: whether the cards could
    /// have reached their places through the swaps played (any hands consistent with
    /// the checks above are accepted), whether the lives lost fit the rounds played
    /// once a round has ended (a puzzle may start a later round with any lives; how
    /// many were lost in which round, through ties, re-deals and doubled losses,
    /// the position cannot tell, and any lives are a position the rules play on
    /// from), the order
    /// in which lives were lost and players drowned or left across rounds, which
    /// hands were shown at which round end, and whether the seat to act fits the
    /// passes and turns of the current round.
    ///
    /// # Errors
    /// [`SetupError`] naming what does not fit.
    pub fn from_setup(s: &Setup) -> Result<Schwimmen, SetupError> {
        let n = s.hands.len();
        s.rules.validate_for(n)?;
        let listed = |k: usize| k == 0 || k == n;
        if s.lives.len() != n
            || s.fates.len() != n
            || s.shown.len() != n
            || !listed(s.lives_lost.len())
            || !listed(s.taken.len())
        {
            return Err(SetupError::Position(
                "lives, fates, hands and shown need one entry per seat, lives lost and taken cards one or none",
            ));
        }
        // S1: every card in exactly one place; an error names the card and its
        // places (the names are only written then: determinizing runs this).
        let others = [
            (s.second_pack, "the second pack"),
            (s.middle, "the middle"),
            (s.discards, "the discards"),
            (s.face_down_discards, "the face-down discards"),
            (s.stock, "the stock"),
        ];
        let pile = |k: usize| if k < n { s.hands[k] } else { others[k - n].0 };
        let name = |k: usize| {
            if k < n {
                format!("seat {k}'s hand")
            } else {
                others[k - n].1.to_string()
            }
        };
        let mut all = CardSet::EMPTY;
        for k in 0..n + others.len() {
            let p = pile(k);
            if let Some(c) = (p - deck::CARDS_32).first() {
                return Err(SetupError::Cards(format!(
                    "{c} in {} is not in the 32-card deck",
                    name(k)
                )));
            }
            if let Some(c) = (p & all).first() {
                let first = (0..k).find(|&j| pile(j).contains(c)).unwrap_or(k);
                return Err(SetupError::Cards(format!(
                    "{c} is both in {} and in {}",
                    name(first),
                    name(k)
                )));
            }
            all |= p;
        }
        if let Some(c) = (deck::CARDS_32 - all).first() {
            return Err(SetupError::Cards(format!("{c} is missing")));
        }
        for h in &s.shown {
            if !(h.is_empty() || h.len() == 3 && h.is_subset(deck::CARDS_32)) {
                return Err(SetupError::Position(
                    "a shown hand has three cards of the deck or none",
                ));
            }
        }
        for (i, t) in s.taken.iter().enumerate() {
            if !t.is_subset(s.hands[i]) {
                return Err(SetupError::SeatState {
                    seat: Seat(i as u8),
                    why: "the cards a player took from the middle are in that player's hand (S23.2)",
                });
            }
        }
        let n8 = n as u8;
        let mut active = 0u16;
        let mut leave_orders = 0u16;
        let mut leavers = 0u8;
        for i in 0..n {
            let seat = Seat(i as u8);
            let bad = |why| Err(SetupError::SeatState { seat, why });
            if s.lives[i] > s.rules.lives {
                return bad("more lives than the rules give");
            }
            match s.fates[i] {
                Fate::Active => active |= 1 << i,
                Fate::Drowned(r) => {
                    if s.lives[i] != 0 || r >= s.round {
                        return bad("a drowned player has no lives and drowned in a past round");
                    }
                }
                Fate::Left(k) => {
                    if k == 0 || usize::from(k) > n || leave_orders >> k & 1 == 1 {
                        return bad("leavers are numbered 1, 2, … in the order they left");
                    }
                    leave_orders |= 1 << k;
                    leavers += 1;
                }
            }
            if s.fates[i] != Fate::Active && !s.hands[i].is_empty() {
                return bad("a player who is out holds no cards");
            }
        }
        if leave_orders != ((1u32 << (leavers + 1)) - 2) as u16 {
            return Err(SetupError::Position(
                "leavers are numbered 1, 2, … without gaps",
            ));
        }
        let g = Schwimmen {
            rules: s.rules,
            n: n8,
            phase: s.phase,
            dealer: s.dealer.0,
            to_act: s.to_act.0,
            knocker: s.knocker.map_or(NO_SEAT, |k| k.0),
            leavers,
            active,
            passed: mask_of(&s.passed, n)?,
            moved: mask_of(&s.moved, n)?,
            turns: s.turns,
            round: s.round,
            lives: padded(&s.lives, 0),
            fate: padded(&s.fates, Fate::Active),
            hands: padded(&s.hands, CardSet::EMPTY),
            pack: s.second_pack,
            middle: s.middle,
            discards: s.discards,
            folded: s.face_down_discards,
            stock: s.stock,
            shown: padded(&s.shown, CardSet::EMPTY),
            shown_middle: s.shown_middle,
            lost: padded(&s.lives_lost, 0),
            scored: s.scored_round.unwrap_or(NO_ROUND),
            taken: s.taken.iter().fold(CardSet::EMPTY, |a, t| a | *t),
            known_down: s.known_face_down,
        };
        g.check_phase()?;
        g.check_counters()?;
        g.check_memory()?;
        Ok(g)
    }

    /// The round's counters and the lives against the rounds played (see `from_setup`).
    fn check_counters(&self) -> Result<(), SetupError> {
        let bad = |why| Err(SetupError::Position(why));
        if self.passed & !self.moved != 0 {
            return bad("a pass is a turn: who passed has moved (S10.1)");
        }
        if self.knocker != NO_SEAT && self.moved >> self.knocker & 1 == 0 {
            return bad("a knock is a turn: the knocker has moved (S11)");
        }
        if u32::from(self.turns) < self.moved.count_ones() || (self.turns > 0) != (self.moved != 0)
        {
            return bad("every seat that moved took a turn, and turns are taken by seats (S14.1)");
        }
        if !self.discards.len().is_multiple_of(3) {
            return bad("the middle goes to the discards three cards at a time (S10)");
        }
        if self.phase == Phase::Over
            && (self.turns != 0 || self.knocker != NO_SEAT || self.to_act != self.dealer)
        {
            return bad("once the game is over the round's counters are clear (S19)");
        }
        let mut shown = CardSet::EMPTY;
        for h in &self.shown[..usize::from(self.n)] {
            if !h.is_disjoint(shown) {
                return bad("the hands shown at a round end are disjoint (S14)");
            }
            shown |= *h;
        }
        if self.round == 0 && !shown.is_empty() {
            return bad("no hand is shown before a round has ended (S14)");
        }
        // A middle is kept only beside the hands shown with it.
        if !middle_fits(self.shown_middle, shown)
            || shown.is_empty() && !self.shown_middle.is_empty()
        {
            return bad(MIDDLE_UNFIT);
        }
        if self.round == 0
            && self.lives[..usize::from(self.n)]
                .iter()
                .any(|&l| l < self.rules.lives)
        {
            return bad(
                "lives are lost only when a round ends: none before the first round end (S3, S19.1)",
            );
        }
        Ok(())
    }

    /// The last round result and the public memory (S14, S23.2).
    fn check_memory(&self) -> Result<(), SetupError> {
        let bad = |why| Err(SetupError::Position(why));
        let n = usize::from(self.n);
        let start = self.rules.lives;
        if self.scored != NO_ROUND && self.scored >= self.round
            || self.scored == NO_ROUND && self.lost.iter().any(|&l| l > 0)
            || self.lost[..n].iter().any(|&l| l > 2 || l > start)
        {
            return bad("lives are lost at a round already scored, at most two at once (S15, S16)");
        }
        if !self.known_down.is_subset(self.folded) {
            return bad("cards known to be face down are among the face-down discards (S21.1)");
        }
        Ok(())
    }

    fn check_phase(&self) -> Result<(), SetupError> {
        let bad = |why| Err(SetupError::Position(why));
        let n = usize::from(self.n);
        if usize::from(self.dealer) >= n || usize::from(self.to_act) >= n {
            return bad("the dealer and the seat to act sit at the table");
        }
        if self.knocker != NO_SEAT && usize::from(self.knocker) >= n {
            return bad("the knocker sits at the table");
        }
        let on = |s: u8| self.active >> s & 1 == 1;
        let hands_of_active_are =
            |k: usize| (0..self.n).all(|s| !on(s) || self.hands[usize::from(s)].len() == k);
        if self.round > self.rules.round_limit {
            return bad("no game lasts more rounds than the round limit (S19.1)");
        }
        if self.active == 0 {
            return bad(
                "somebody is always left in the game: the last player still in cannot leave or drown (S17, S19, S21)",
            );
        }
        if self.phase == Phase::Over {
            if self.stock != deck::CARDS_32 {
                return bad("once the game is over every card is gathered in the stock");
            }
            if self.active.count_ones() > 1 && self.round < self.rules.round_limit {
                return bad("the game is over only with one player left or at the round limit");
            }
            return Ok(());
        }
        if self.active.count_ones() < 2 {
            return bad("a game in progress has at least two active players");
        }
        if self.round >= self.rules.round_limit {
            return bad("a game at the round limit is over");
        }
        if self.turns >= self.rules.turn_limit {
            return bad("a round at the turn limit is over");
        }
        let round_start = self.knocker == NO_SEAT
            && self.passed == 0
            && self.moved == 0
            && self.turns == 0
            && self.middle.is_empty()
            && self.discards.is_empty();
        match self.phase {
            Phase::Deal => {
                if !round_start || !on(self.dealer) || !on(self.to_act) {
                    return bad(
                        "during the deal the dealer and the receiver are active and no turn was taken",
                    );
                }
                // Walk the deal order: full packs before the receiver, none after.
                let mut s = self.next_active(self.dealer);
                let mut before = true;
                let mut need = 0;
                for _ in 0..n {
                    let len = self.hands[usize::from(s)].len();
                    let ok = if s == self.to_act {
                        before = false;
                        if s == self.dealer {
                            len < 3 && self.pack.is_empty() || len == 3 && self.pack.len() < 3
                        } else {
                            len < 3 && self.pack.is_empty()
                        }
                    } else if before {
                        len == 3
                    } else {
                        len == 0 && (s != self.dealer || self.pack.is_empty())
                    };
                    if !ok {
                        return bad("the hands do not fit the deal order (S5.1)");
                    }
                    need += 3 - len;
                    if s == self.dealer {
                        need += 3 - self.pack.len();
                        break;
                    }
                    s = self.next_active(s);
                }
                if self.stock.len() < need {
                    return bad("the stock is too small to finish the deal");
                }
            }
            Phase::DealerChoice => {
                if !round_start
                    || self.to_act != self.dealer
                    || !on(self.dealer)
                    || !hands_of_active_are(3)
                    || self.pack.len() != 3
                {
                    return bad(
                        "at the dealer's choice every hand and the second pack hold three cards",
                    );
                }
            }
            Phase::Turns | Phase::Refill => {
                if !self.pack.is_empty() || !hands_of_active_are(3) || !on(self.to_act) {
                    return bad(
                        "during turns every active hand holds three cards and the mover is active",
                    );
                }
                for s in 0..self.n {
                    if on(s) && HandValue::of_unchecked(self.hands[usize::from(s)]).ends_round() {
                        return bad("a 31 or three aces in a hand would have ended the round");
                    }
                }
                if self.knocker != NO_SEAT
                    && (self.knocker == self.to_act
                        || self.phase == Phase::Refill
                        || matches!(
                            self.fate[usize::from(self.knocker)],
                            crate::Fate::Drowned(_)
                        ))
                {
                    return bad("the knocker does not move again, and nobody drowns mid-round");
                }
                if self.phase == Phase::Turns {
                    if self.middle.len() != 3 {
                        return bad("during turns the middle holds three cards");
                    }
                    if self.knocker == NO_SEAT
                        && self.passed != 0
                        && self.active & !self.passed == 0
                    {
                        return bad("when everyone has passed the middle is replaced");
                    }
                } else if self.middle.len() >= 3
                    || self.stock.len() + self.middle.len() < 3
                    || self.passed != 0
                {
                    return bad("a refill needs a short middle and enough stock");
                }
            }
            Phase::Over => {}
        }
        Ok(())
    }
}
