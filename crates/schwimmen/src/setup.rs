//! [`Setup`]: any position, written out field by field and loaded through validation.

use cards_core::{CardSet, Seat, deck};

use crate::error::SetupError;
use crate::rules::Rules;
use crate::score::HandValue;
use crate::state::{Fate, MAX_SEATS, NO_SEAT, Phase, Schwimmen};

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
fn padded<T: Copy>(list: &[T], fill: T) -> [T; MAX_SEATS] {
    let mut a = [fill; MAX_SEATS];
    a[..list.len()].copy_from_slice(list);
    a
}

impl Schwimmen {
    /// The position written out in full.
    pub fn to_setup(&self) -> Setup {
        Setup::from(*self)
    }

    /// Loads a position, checking that it is one the rules can reach.
    ///
    /// # Errors
    /// [`SetupError`] naming what does not fit: seat count, rules values, a card
    /// missing or in two places, a seat's lives and standing, or the phase.
    pub fn from_setup(s: &Setup) -> Result<Schwimmen, SetupError> {
        let n = s.hands.len();
        s.rules.validate_for(n)?;
        if s.lives.len() != n || s.fates.len() != n || s.shown.len() != n {
            return Err(SetupError::Position(
                "lives, fates, hands and shown need one entry per seat",
            ));
        }
        // S1: every card in exactly one place.
        let mut seen = CardSet::EMPTY;
        let mut total = 0;
        let piles = s.hands.iter().copied().chain([
            s.second_pack,
            s.middle,
            s.discards,
            s.face_down_discards,
            s.stock,
        ]);
        for p in piles {
            if !p.is_subset(deck::CARDS_32) {
                return Err(SetupError::Cards(format!(
                    "{} is not in the 32-card deck",
                    p - deck::CARDS_32
                )));
            }
            seen |= p;
            total += p.len();
        }
        if seen != deck::CARDS_32 || total != 32 {
            return Err(SetupError::Cards(format!(
                "missing {}, {} placed in all",
                deck::CARDS_32 - seen,
                total
            )));
        }
        for h in &s.shown {
            if !(h.is_empty() || h.len() == 3 && h.is_subset(deck::CARDS_32)) {
                return Err(SetupError::Position(
                    "a shown hand has three cards of the deck or none",
                ));
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
        };
        g.check_phase()?;
        Ok(g)
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

mod text {
    //! The text form of a [`Setup`]: one `key: value` line per field.

    use std::fmt;
    use std::str::FromStr;

    use cards_core::{Card, CardSet, Seat};

    use super::Setup;
    use crate::error::{SetupError, echo};
    use crate::rules::{AcesDisplay, AllTie, Direction, KnockerRisk, Refresh, Rules};
    use crate::state::{Fate, MAX_SEATS, Phase, Schwimmen};

    fn phase_name(p: Phase) -> &'static str {
        match p {
            Phase::Deal => "deal",
            Phase::DealerChoice => "dealer_choice",
            Phase::Turns => "turns",
            Phase::Refill => "refill",
            Phase::Over => "over",
        }
    }

    fn seats(list: &[Seat]) -> String {
        if list.is_empty() {
            return "-".to_string();
        }
        list.iter()
            .map(|s| s.0.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    }

    fn sets(list: &[CardSet]) -> String {
        list.iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(" | ")
    }

    fn rules_text(r: &Rules) -> String {
        let yes = |b: bool| if b { "yes" } else { "no" };
        format!(
            "lives={} direction={} passing={} refresh={} knock_first_turn={} aces={} all_tie={} knocker_risk={} turn_limit={} round_limit={} first_dealer={}",
            r.lives,
            match r.direction {
                Direction::Clockwise => "clockwise",
                Direction::CounterClockwise => "counter_clockwise",
            },
            yes(r.passing),
            match r.refresh {
                Refresh::EndRound => "end_round",
                Refresh::Reshuffle => "reshuffle",
            },
            yes(r.knock_first_turn),
            match r.aces_display {
                AcesDisplay::ThreeAces => "three_aces",
                AcesDisplay::ThirtyTwo => "32",
                AcesDisplay::ThirtyThree => "33",
            },
            match r.all_tie {
                AllTie::NobodyLoses => "nobody_loses",
                AllTie::AllLose => "all_lose",
            },
            match r.knocker_risk {
                KnockerRisk::Normal => "normal",
                KnockerRisk::DoubleLoss => "double_loss",
                KnockerRisk::LosesTies => "loses_ties",
            },
            r.turn_limit,
            r.round_limit,
            r.first_dealer
        )
    }

    /// The position as text, one `key: value` line per field:
    ///
    /// ```text
    /// rules: lives=3 direction=clockwise passing=yes refresh=end_round knock_first_turn=no aces=three_aces all_tie=nobody_loses knocker_risk=normal turn_limit=100 round_limit=1000 first_dealer=0
    /// phase: turns
    /// dealer: 0
    /// to_act: 1
    /// knocker: -
    /// lives: 3 3 3
    /// fates: active active active
    /// hands: 7C 8D 9S | QC KC 7H | 9C AD 8H
    /// second_pack: -
    /// middle: TH JH 7S
    /// …
    /// ```
    impl fmt::Display for Setup {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            writeln!(f, "rules: {}", rules_text(&self.rules))?;
            writeln!(f, "phase: {}", phase_name(self.phase))?;
            writeln!(f, "dealer: {}", self.dealer.0)?;
            writeln!(f, "to_act: {}", self.to_act.0)?;
            match self.knocker {
                Some(k) => writeln!(f, "knocker: {}", k.0)?,
                None => writeln!(f, "knocker: -")?,
            }
            let lives: Vec<String> = self.lives.iter().map(ToString::to_string).collect();
            writeln!(f, "lives: {}", lives.join(" "))?;
            let fates: Vec<String> = self
                .fates
                .iter()
                .map(|fate| match fate {
                    Fate::Active => "active".to_string(),
                    Fate::Drowned(r) => format!("drowned@{r}"),
                    Fate::Left(k) => format!("left#{k}"),
                })
                .collect();
            writeln!(f, "fates: {}", fates.join(" "))?;
            writeln!(f, "hands: {}", sets(&self.hands))?;
            writeln!(f, "second_pack: {}", self.second_pack)?;
            writeln!(f, "middle: {}", self.middle)?;
            writeln!(f, "discards: {}", self.discards)?;
            writeln!(f, "face_down_discards: {}", self.face_down_discards)?;
            writeln!(f, "stock: {}", self.stock)?;
            writeln!(f, "passed: {}", seats(&self.passed))?;
            writeln!(f, "moved: {}", seats(&self.moved))?;
            writeln!(f, "turns: {}", self.turns)?;
            writeln!(f, "round: {}", self.round)?;
            writeln!(f, "shown: {}", sets(&self.shown))
        }
    }

    fn bad(what: &str) -> SetupError {
        SetupError::Text(what.to_string())
    }

    /// A number from `lo` to `hi` written in plain digits (no sign, no spaces inside).
    fn number<T: TryFrom<u64>>(v: &str, key: &str, lo: u64, hi: u64) -> Result<T, SetupError> {
        let v = v.trim();
        let out = || {
            bad(&format!(
                "{key} is a number from {lo} to {hi}, not {}",
                echo(v)
            ))
        };
        if v.is_empty() || v.len() > 6 || !v.bytes().all(|b| b.is_ascii_digit()) {
            return Err(out());
        }
        let x: u64 = v.parse().map_err(|_| out())?;
        if !(lo..=hi).contains(&x) {
            return Err(out());
        }
        T::try_from(x).map_err(|_| out())
    }

    /// A seat number, 0 to 8 (S2).
    fn seat(v: &str, key: &str) -> Result<Seat, SetupError> {
        number(v, key, 0, MAX_SEATS as u64 - 1).map(Seat)
    }

    fn seat_list(v: &str, key: &str) -> Result<Vec<Seat>, SetupError> {
        v.split_whitespace()
            .filter(|t| *t != "-")
            .map(|t| seat(t, key))
            .collect()
    }

    fn card_set(v: &str, key: &str) -> Result<CardSet, SetupError> {
        v.split_whitespace()
            .filter(|t| *t != "-")
            .map(|t| {
                t.parse::<Card>()
                    .map_err(|_| bad(&format!("{key}: {} is not a card", echo(t))))
            })
            .collect()
    }

    fn set_list(v: &str, key: &str) -> Result<Vec<CardSet>, SetupError> {
        v.split('|').map(|t| card_set(t, key)).collect()
    }

    fn parse_rules(v: &str) -> Result<Rules, SetupError> {
        let mut r = Rules::default();
        for item in v.split_whitespace() {
            let (k, val) = item
                .split_once('=')
                .ok_or_else(|| bad(&format!("rules: {} is not key=value", echo(item))))?;
            let flag = |val: &str| match val {
                "yes" | "true" => Ok(true),
                "no" | "false" => Ok(false),
                _ => Err(bad(&format!(
                    "rules: {} is yes or no, not {}",
                    echo(k),
                    echo(val)
                ))),
            };
            let choice = || bad(&format!("rules: {} is not a value of {k}", echo(val)));
            match k {
                "lives" => r.lives = number(val, k, 1, u64::from(Rules::MAX_LIVES))?,
                "direction" => {
                    r.direction = match val {
                        "clockwise" => Direction::Clockwise,
                        "counter_clockwise" => Direction::CounterClockwise,
                        _ => return Err(choice()),
                    }
                }
                "passing" => r.passing = flag(val)?,
                "refresh" => {
                    r.refresh = match val {
                        "end_round" => Refresh::EndRound,
                        "reshuffle" => Refresh::Reshuffle,
                        _ => return Err(choice()),
                    }
                }
                "knock_first_turn" => r.knock_first_turn = flag(val)?,
                "aces" => {
                    r.aces_display = match val {
                        "three_aces" => AcesDisplay::ThreeAces,
                        "32" => AcesDisplay::ThirtyTwo,
                        "33" => AcesDisplay::ThirtyThree,
                        _ => return Err(choice()),
                    }
                }
                "all_tie" => {
                    r.all_tie = match val {
                        "nobody_loses" => AllTie::NobodyLoses,
                        "all_lose" => AllTie::AllLose,
                        _ => return Err(choice()),
                    }
                }
                "knocker_risk" => {
                    r.knocker_risk = match val {
                        "normal" => KnockerRisk::Normal,
                        "double_loss" => KnockerRisk::DoubleLoss,
                        "loses_ties" => KnockerRisk::LosesTies,
                        _ => return Err(choice()),
                    }
                }
                "turn_limit" => {
                    r.turn_limit = number(val, k, 1, u64::from(Rules::MAX_TURN_LIMIT))?;
                }
                "round_limit" => {
                    r.round_limit = number(val, k, 1, u64::from(Rules::MAX_ROUND_LIMIT))?;
                }
                "first_dealer" => r.first_dealer = seat(val, k)?.0,
                _ => return Err(bad(&format!("rules: unknown rule {}", echo(k)))),
            }
        }
        Ok(r)
    }

    /// Reads the text form written by `Display`: every key once, in any order;
    /// `rules` may leave out rules at their default. The result is not yet
    /// validated: [`Schwimmen::from_setup`] (or `Schwimmen`'s `FromStr`) does that.
    impl FromStr for Setup {
        type Err = SetupError;

        fn from_str(s: &str) -> Result<Setup, SetupError> {
            const KEYS: [&str; 18] = [
                "rules",
                "phase",
                "dealer",
                "to_act",
                "knocker",
                "lives",
                "fates",
                "hands",
                "second_pack",
                "middle",
                "discards",
                "face_down_discards",
                "stock",
                "passed",
                "moved",
                "turns",
                "round",
                "shown",
            ];
            let mut values: [Option<&str>; 18] = [None; 18];
            for line in s.lines().map(str::trim).filter(|l| !l.is_empty()) {
                let (k, v) = line
                    .split_once(':')
                    .ok_or_else(|| bad(&format!("{} is not a key: value line", echo(line))))?;
                let i = KEYS
                    .iter()
                    .position(|key| *key == k.trim())
                    .ok_or_else(|| bad(&format!("unknown key {}", echo(k.trim()))))?;
                if values[i].replace(v.trim()).is_some() {
                    return Err(bad(&format!("key {} is given twice", echo(k.trim()))));
                }
            }
            let get =
                |i: usize| values[i].ok_or_else(|| bad(&format!("key {:?} is missing", KEYS[i])));
            let phase = match get(1)? {
                "deal" => Phase::Deal,
                "dealer_choice" => Phase::DealerChoice,
                "turns" => Phase::Turns,
                "refill" => Phase::Refill,
                "over" => Phase::Over,
                other => return Err(bad(&format!("phase {} is unknown", echo(other)))),
            };
            let knocker = match get(4)? {
                "-" => None,
                k => Some(seat(k, "knocker")?),
            };
            let lives = get(5)?
                .split_whitespace()
                .map(|t| number(t, "lives", 0, u64::from(Rules::MAX_LIVES)))
                .collect::<Result<Vec<u8>, _>>()?;
            let fates = get(6)?
                .split_whitespace()
                .map(|t| {
                    if t == "active" {
                        Ok(Fate::Active)
                    } else if let Some(r) = t.strip_prefix("drowned@") {
                        Ok(Fate::Drowned(number(
                            r,
                            "fates: drowned@",
                            0,
                            u64::from(Rules::MAX_ROUND_LIMIT) - 1,
                        )?))
                    } else if let Some(k) = t.strip_prefix("left#") {
                        Ok(Fate::Left(number(k, "fates: left#", 1, MAX_SEATS as u64)?))
                    } else {
                        Err(bad(&format!(
                            "fate {} is not active, drowned@R or left#K",
                            echo(t)
                        )))
                    }
                })
                .collect::<Result<Vec<Fate>, _>>()?;
            Ok(Setup {
                rules: parse_rules(get(0)?)?,
                phase,
                dealer: seat(get(2)?, "dealer")?,
                to_act: seat(get(3)?, "to_act")?,
                knocker,
                lives,
                fates,
                hands: set_list(get(7)?, "hands")?,
                second_pack: card_set(get(8)?, "second_pack")?,
                middle: card_set(get(9)?, "middle")?,
                discards: card_set(get(10)?, "discards")?,
                face_down_discards: card_set(get(11)?, "face_down_discards")?,
                stock: card_set(get(12)?, "stock")?,
                passed: seat_list(get(13)?, "passed")?,
                moved: seat_list(get(14)?, "moved")?,
                turns: number(get(15)?, "turns", 0, u64::from(Rules::MAX_TURN_LIMIT) - 1)?,
                round: number(get(16)?, "round", 0, u64::from(Rules::MAX_ROUND_LIMIT))?,
                shown: set_list(get(17)?, "shown")?,
            })
        }
    }

    /// The position in the text form of [`Setup`].
    impl fmt::Display for Schwimmen {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            write!(f, "{}", self.to_setup())
        }
    }

    /// Reads the text form of [`Setup`] and validates it.
    ///
    /// ```
    /// use cards_core::Game;
    /// use schwimmen::{Rules, Schwimmen};
    /// let g = Schwimmen::new(Rules::default(), 3)?;
    /// let text = g.to_string();
    /// assert_eq!(text.parse::<Schwimmen>()?, g);
    /// assert!(text.replace("lives: 3 3 3", "lives: 3 3 9").parse::<Schwimmen>().is_err());
    /// # Ok::<(), schwimmen::SetupError>(())
    /// ```
    impl FromStr for Schwimmen {
        type Err = SetupError;
        fn from_str(s: &str) -> Result<Schwimmen, SetupError> {
            Schwimmen::from_setup(&s.parse()?)
        }
    }
}
