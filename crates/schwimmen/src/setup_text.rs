//! The text form of a [`Setup`]: one `key: value` line per field, written and read.

use std::fmt;
use std::str::FromStr;

use cards_core::{Card, CardSet, Seat};

use crate::error::{SetupError, echo};
use crate::rules::{AcesDisplay, AllTie, Direction, KnockerRisk, MAX_SEATS, Refresh, Rules};
use crate::setup::Setup;
use crate::state::{Fate, Phase, Schwimmen};

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
        // The last round's losses and the public memory: written only when
        // there is something to say, so older texts read the same.
        if !self.lives_lost.is_empty() {
            let lost: Vec<String> = self.lives_lost.iter().map(ToString::to_string).collect();
            writeln!(f, "lives_lost: {}", lost.join(" "))?;
        }
        if let Some(r) = self.scored_round {
            writeln!(f, "scored_round: {r}")?;
        }
        if !self.taken.is_empty() {
            writeln!(f, "taken: {}", sets(&self.taken))?;
        }
        if !self.known_face_down.is_empty() {
            writeln!(f, "known_face_down: {}", self.known_face_down)?;
        }
        if !self.shown_middle.is_empty() {
            writeln!(f, "shown_middle: {}", self.shown_middle)?;
        }
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
    if v.trim().is_empty() {
        return Err(bad(&format!(
            "{key}: no seats is written -, not left blank (was the text cut off?)"
        )));
    }
    v.split_whitespace()
        .filter(|t| *t != "-")
        .map(|t| seat(t, key))
        .collect()
}

/// Cards separated by spaces; an empty set is written `-`, so a blank value (a
/// save cut off after a `|`, say) is refused.
fn card_set(v: &str, key: &str) -> Result<CardSet, SetupError> {
    if v.trim().is_empty() {
        return Err(bad(&format!(
            "{key}: an empty card set is written -, not left blank (was the text cut off?)"
        )));
    }
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

/// Reads the text form written by `Display`: every key once, in any order, each
/// line ending with a line break (the last one too); `rules` may leave out rules
/// at their default; empty card sets and seat lists are written `-`. The result is not yet
/// validated: [`Schwimmen::from_setup`] (or `Schwimmen`'s `FromStr`) does that.
impl FromStr for Setup {
    type Err = SetupError;

    fn from_str(s: &str) -> Result<Setup, SetupError> {
        // Every line ends with a line break, the last one too: text cut off in
        // its last line is refused rather than read as another position.
        if !s.ends_with('\n') {
            return Err(bad(
                "a position text ends with a line break; this one stops mid-line (was it cut off?)",
            ));
        }
        const KEYS: [&str; 23] = [
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
            "lives_lost",
            "scored_round",
            "taken",
            "known_face_down",
            "shown_middle",
        ];
        let mut values: [Option<&str>; 23] = [None; 23];
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
        let get = |i: usize| values[i].ok_or_else(|| bad(&format!("key {:?} is missing", KEYS[i])));
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
            lives_lost: values[18]
                .map(|v| {
                    v.split_whitespace()
                        .map(|t| number(t, "lives_lost", 0, 2))
                        .collect::<Result<Vec<u8>, _>>()
                })
                .transpose()?
                .unwrap_or_default(),
            scored_round: values[19]
                .map(|v| number(v, "scored_round", 0, u64::from(Rules::MAX_ROUND_LIMIT) - 1))
                .transpose()?,
            taken: values[20]
                .map(|v| set_list(v, "taken"))
                .transpose()?
                .unwrap_or_default(),
            known_face_down: values[21]
                .map(|v| card_set(v, "known_face_down"))
                .transpose()?
                .unwrap_or_default(),
            shown_middle: values[22]
                .map(|v| card_set(v, "shown_middle"))
                .transpose()?
                .unwrap_or_default(),
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
