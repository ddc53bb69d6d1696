//! [`Action`]: player decisions and chance outcomes, with their text forms; [`HostOp`].

use std::fmt;
use std::str::FromStr;

use cards_core::Seat;

use crate::error::ParseError;
use crate::rules::MAX_TRUMPS;
use crate::state::MAX_PLAYERS;
use crate::trump::Trump;

/// One of the opponent's trumps to take in an Exchange (T12.8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Take {
    /// An open trump lying at him, by kind (of several, the latest played).
    Open(Trump),
    /// One of his hidden trumps; which one is a chance step.
    Hidden,
}

/// One of your trumps to give in an Exchange (T12.8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Give {
    /// An open trump lying at you, by kind (of several, the latest played).
    Open(Trump),
    /// One of your hidden trumps, by kind.
    Hidden(Trump),
}

/// The terms of an Exchange: up to two takes and two gives, each list in
/// canonical order (present items first, ascending).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Exchange {
    /// The opponent.
    pub with: Seat,
    /// What you take from him.
    pub take: [Option<Take>; 2],
    /// What you give him.
    pub give: [Option<Give>; 2],
}

fn canonical<T: Ord + Copy>(items: &[Option<T>; 2]) -> bool {
    match items {
        [None, Some(_)] => false,
        [Some(a), Some(b)] => a <= b,
        _ => true,
    }
}

impl Exchange {
    /// An exchange with the items put in canonical order.
    pub fn new(with: Seat, take: &[Take], give: &[Give]) -> Exchange {
        fn pair<T: Ord + Copy>(v: &[T]) -> [Option<T>; 2] {
            let mut p = [v.first().copied(), v.get(1).copied()];
            if let [Some(a), Some(b)] = p
                && b < a
            {
                p = [Some(b), Some(a)];
            }
            p
        }
        Exchange {
            with,
            take: pair(take),
            give: pair(give),
        }
    }

    /// How many trumps are taken.
    pub fn takes(&self) -> usize {
        self.take.iter().flatten().count()
    }

    /// How many trumps are given.
    pub fn gives(&self) -> usize {
        self.give.iter().flatten().count()
    }

    /// Whether both lists are in canonical order.
    pub fn is_canonical(&self) -> bool {
        canonical(&self.take) && canonical(&self.give)
    }
}

/// What Destroy destroys (T12.7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum DestroyTarget {
    /// An open trump at a player (yourself included), by kind: the latest played.
    Open(Seat, Trump),
    /// One of your own hidden trumps, by kind.
    Mine(Trump),
    /// A hidden trump of an opponent; which one is a chance step.
    Hidden(Seat),
    /// Nothing: only when no trump can be destroyed (the card is still used up).
    Nothing,
}

/// Playing one hidden trump, with its targets (T12).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Play {
    /// A trump with no target: Draw x, Go for x, Harvest, Perfect Draw, Shield, Return.
    Simple(Trump),
    /// Damage+1 or Damage+2 laid at a player (T12.2).
    Damage(Trump, Seat),
    /// Love your enemy at an opponent (T12.6).
    Love(Seat),
    /// Destroy (T12.7).
    Destroy(DestroyTarget),
    /// Exchange (T12.8).
    Exchange(Exchange),
    /// Trump Switch setting aside x trumps (T12.11).
    Switch(u8),
}

impl Play {
    /// The kind of trump played.
    pub fn kind(&self) -> Trump {
        match *self {
            Play::Simple(k) | Play::Damage(k, _) => k,
            Play::Love(_) => Trump::Love,
            Play::Destroy(_) => Trump::Destroy,
            Play::Exchange(_) => Trump::Exchange,
            Play::Switch(_) => Trump::Switch,
        }
    }
}

/// A player decision or a chance outcome.
///
/// Text forms (see the crate's rules document, "Notation"): `draw`, `close`,
/// `reveal`, `end`, `play shield`, `play damage+2 @1`, `play destroy @1 go-for-17`,
/// `play exchange @1 take hidden give open:exchange`, `play trump-switch 2`;
/// chance: `card 7`, `trump shield`, `gamble win`, `gamble lose`.
///
/// ```
/// use trump21::Action;
/// let a: Action = "play exchange @1 take hidden give hidden:shield,open:exchange".parse()?;
/// assert_eq!(a.to_string(), "play exchange @1 take hidden give open:exchange,hidden:shield");
/// # Ok::<(), trump21::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(into = "String", try_from = "String"))]
pub enum Action {
    /// Round action: draw a number card face up (T7.3).
    Draw,
    /// Round action: close (T7.3, T8).
    Close,
    /// Reveal the hidden card while the total equals the target (T11.1).
    Reveal,
    /// End the turn at the closing step after a card taken in one's own turn (T11.1).
    End,
    /// Play a hidden trump (T7.2, T12).
    Play(Play),
    /// Chance: a number card of this value comes from the deck.
    Card(u8),
    /// Chance: a trump of this kind is drawn, topped up or chosen.
    Trump(Trump),
    /// Chance: the gamble is won (`true`) or lost (T7.1).
    Gamble(bool),
}

/// A host operation beside `apply` (T16).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(into = "String", try_from = "String"))]
pub enum HostOp {
    /// The seat leaves the game.
    Leave(Seat),
}

impl fmt::Display for Take {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Take::Open(k) => write!(f, "open:{k}"),
            Take::Hidden => f.write_str("hidden"),
        }
    }
}

impl fmt::Display for Give {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Give::Open(k) => write!(f, "open:{k}"),
            Give::Hidden(k) => write!(f, "hidden:{k}"),
        }
    }
}

fn write_list<T: fmt::Display>(f: &mut fmt::Formatter<'_>, items: &[Option<T>; 2]) -> fmt::Result {
    let mut first = true;
    for i in items.iter().flatten() {
        if !first {
            f.write_str(",")?;
        }
        first = false;
        write!(f, "{i}")?;
    }
    if first {
        f.write_str("-")?;
    }
    Ok(())
}

impl fmt::Display for Play {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Play::Simple(k) => write!(f, "{k}"),
            Play::Damage(k, s) => write!(f, "{k} @{}", s.0),
            Play::Love(s) => write!(f, "love-your-enemy @{}", s.0),
            Play::Destroy(t) => match t {
                DestroyTarget::Open(s, k) => write!(f, "destroy @{} {k}", s.0),
                DestroyTarget::Mine(k) => write!(f, "destroy mine {k}"),
                DestroyTarget::Hidden(s) => write!(f, "destroy @{} hidden", s.0),
                DestroyTarget::Nothing => f.write_str("destroy none"),
            },
            Play::Exchange(e) => {
                write!(f, "exchange @{} take ", e.with.0)?;
                write_list(f, &e.take)?;
                f.write_str(" give ")?;
                write_list(f, &e.give)
            }
            Play::Switch(x) => write!(f, "trump-switch {x}"),
        }
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Draw => f.write_str("draw"),
            Action::Close => f.write_str("close"),
            Action::Reveal => f.write_str("reveal"),
            Action::End => f.write_str("end"),
            Action::Play(p) => write!(f, "play {p}"),
            Action::Card(v) => write!(f, "card {v}"),
            Action::Trump(k) => write!(f, "trump {k}"),
            Action::Gamble(true) => f.write_str("gamble win"),
            Action::Gamble(false) => f.write_str("gamble lose"),
        }
    }
}

impl fmt::Display for HostOp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HostOp::Leave(s) => write!(f, "leave {}", s.0),
        }
    }
}

/// A plain decimal number (digits only: no sign, no spaces, at most 3 digits) within
/// `range`; anything else is `None`.
fn number(tok: &str, range: std::ops::RangeInclusive<u32>) -> Option<u32> {
    if tok.is_empty() || tok.len() > 3 || !tok.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    tok.parse().ok().filter(|n| range.contains(n))
}

/// Seats are 0 to 7 (T4), so no seat number outside that range is ever legal.
const SEAT_RANGE: std::ops::RangeInclusive<u32> = 0..=(MAX_PLAYERS as u32 - 1);

/// A seat number `N` in 0–7 (T4).
fn seat_number(tok: &str) -> Option<Seat> {
    number(tok, SEAT_RANGE).map(|n| Seat(n as u8))
}

fn seat_at(tok: Option<&str>, text: &str) -> Result<Seat, ParseError> {
    tok.and_then(|t| t.strip_prefix('@'))
        .and_then(seat_number)
        .ok_or_else(|| ParseError::new("expected a seat written @0 to @7 (T4)", text))
}

fn parse_list<T>(
    tok: Option<&str>,
    text: &str,
    item: impl Fn(&str) -> Option<T>,
) -> Result<Vec<T>, ParseError> {
    let tok = tok.ok_or_else(|| ParseError::new("exchange list missing", text))?;
    if tok == "-" {
        return Ok(Vec::new());
    }
    let items: Option<Vec<T>> = tok.split(',').map(|i| item(i.trim())).collect();
    match items {
        Some(v) if v.len() <= 2 => Ok(v),
        _ => Err(ParseError::new(
            "an exchange list is - or up to 2 items: open:<kind>, hidden (takes), \
             hidden:<kind> (gives) (T12.8)",
            text,
        )),
    }
}

fn parse_play(words: &[&str], text: &str) -> Result<Play, ParseError> {
    let bad = || {
        ParseError::new(
            "not a trump play: play <kind>, with @N for damage+1, damage+2 and \
             love-your-enemy, a count for trump-switch, @N <kind>, @N hidden, mine <kind> or \
             none for destroy, @N take <list> give <list> for exchange (T12)",
            text,
        )
    };
    let kind: Trump = words.first().ok_or_else(bad)?.parse()?;
    let rest = &words[1..];
    let play = match kind {
        Trump::Damage1 | Trump::Damage2 => {
            Play::Damage(kind, seat_at(rest.first().copied(), text)?)
        }
        Trump::Love => Play::Love(seat_at(rest.first().copied(), text)?),
        Trump::Switch => {
            let x = rest
                .first()
                .and_then(|x| number(x, 0..=MAX_TRUMPS - 1))
                .ok_or_else(|| {
                    ParseError::new(
                        "trump switch sets aside 0 to 63 other hidden trumps (T12.11)",
                        text,
                    )
                })?;
            Play::Switch(x as u8)
        }
        Trump::Destroy => match rest {
            ["none"] => Play::Destroy(DestroyTarget::Nothing),
            ["mine", k] => Play::Destroy(DestroyTarget::Mine(k.parse()?)),
            [s, "hidden"] => Play::Destroy(DestroyTarget::Hidden(seat_at(Some(s), text)?)),
            [s, k] => Play::Destroy(DestroyTarget::Open(seat_at(Some(s), text)?, k.parse()?)),
            _ => return Err(bad()),
        },
        Trump::Exchange => {
            if rest.len() != 5 || rest[1] != "take" || rest[3] != "give" {
                return Err(bad());
            }
            let with = seat_at(Some(rest[0]), text)?;
            let take = parse_list(Some(rest[2]), text, |i| {
                if i == "hidden" {
                    Some(Take::Hidden)
                } else {
                    i.strip_prefix("open:")?.parse().ok().map(Take::Open)
                }
            })?;
            let give = parse_list(Some(rest[4]), text, |i| {
                if let Some(k) = i.strip_prefix("open:") {
                    k.parse().ok().map(Give::Open)
                } else {
                    i.strip_prefix("hidden:")?.parse().ok().map(Give::Hidden)
                }
            })?;
            return Ok(Play::Exchange(Exchange::new(with, &take, &give)));
        }
        _ => Play::Simple(kind),
    };
    let used = match play {
        Play::Simple(_) => 0,
        Play::Destroy(DestroyTarget::Nothing)
        | Play::Damage(..)
        | Play::Love(_)
        | Play::Switch(_) => 1,
        Play::Destroy(_) => 2,
        Play::Exchange(_) => 5,
    };
    if rest.len() != used {
        return Err(bad());
    }
    Ok(play)
}

impl FromStr for Action {
    type Err = ParseError;
    fn from_str(text: &str) -> Result<Action, ParseError> {
        let lower = text.trim().to_ascii_lowercase();
        let words: Vec<&str> = lower.split_whitespace().collect();
        let bad = || {
            ParseError::new(
                "not a trump 21 action: a player may type draw, close, reveal, end or \
                 play <trump> (T7, T11.1, T12)",
                text,
            )
        };
        Ok(match words.as_slice() {
            ["draw"] => Action::Draw,
            ["close"] => Action::Close,
            ["reveal"] => Action::Reveal,
            ["end"] => Action::End,
            ["gamble", "win"] => Action::Gamble(true),
            ["gamble", "lose"] => Action::Gamble(false),
            ["card", v] => Action::Card(
                number(v, 1..=11)
                    .ok_or_else(|| ParseError::new("number cards have values 1 to 11 (T1)", text))?
                    as u8,
            ),
            ["trump", k] => Action::Trump(k.parse()?),
            ["play", rest @ ..] => Action::Play(parse_play(rest, text)?),
            _ => return Err(bad()),
        })
    }
}

impl FromStr for HostOp {
    type Err = ParseError;
    fn from_str(text: &str) -> Result<HostOp, ParseError> {
        let lower = text.trim().to_ascii_lowercase();
        match lower.split_whitespace().collect::<Vec<_>>().as_slice() {
            ["leave", n] => seat_number(n)
                .map(HostOp::Leave)
                .ok_or_else(|| ParseError::new("leave takes a seat number 0 to 7 (T16, T4)", text)),
            _ => Err(ParseError::new(
                "not a host operation: the host may type leave <seat> (T16)",
                text,
            )),
        }
    }
}

macro_rules! string_serde {
    ($t:ty) => {
        impl From<$t> for String {
            fn from(a: $t) -> String {
                a.to_string()
            }
        }
        impl TryFrom<String> for $t {
            type Error = ParseError;
            fn try_from(s: String) -> Result<$t, ParseError> {
                s.parse()
            }
        }
    };
}
string_serde!(Action);
string_serde!(HostOp);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_round_trips() {
        for t in [
            "draw",
            "close",
            "reveal",
            "end",
            "card 11",
            "trump harvest",
            "gamble win",
            "gamble lose",
            "play draw-3",
            "play damage+1 @0",
            "play love-your-enemy @3",
            "play destroy @1 go-for-17",
            "play destroy mine shield",
            "play destroy @2 hidden",
            "play destroy none",
            "play exchange @1 take - give -",
            "play exchange @1 take open:shield,hidden give open:exchange,hidden:return",
            "play trump-switch 2",
        ] {
            let a: Action = t.parse().unwrap();
            assert_eq!(a.to_string(), t);
        }
        for bad in [
            "",
            "draw 2",
            "play",
            "play shield @1",
            "play destroy",
            "card x",
            "play exchange @1 take a,b,c give -",
        ] {
            assert!(bad.parse::<Action>().is_err(), "{bad}");
        }
        assert_eq!("leave 2".parse::<HostOp>(), Ok(HostOp::Leave(Seat(2))));
        assert_eq!("LEAVE 7".parse::<HostOp>(), Ok(HostOp::Leave(Seat(7))));
    }

    fn refused<T: FromStr<Err = ParseError> + fmt::Debug>(text: &str) -> String {
        match text.parse::<T>() {
            Ok(v) => panic!("{text:?} parsed as {v:?}"),
            Err(e) => e.to_string(),
        }
    }

    #[test]
    fn t1_card_values_outside_1_to_11_do_not_parse() {
        for t in [
            "card 0",
            "card 12",
            "card 255",
            "card 256",
            "card +3",
            "card -1",
            "card 1000",
        ] {
            let e = refused::<Action>(t);
            assert!(e.contains("1 to 11 (T1)"), "{t}: {e}");
        }
        for v in 1..=11u8 {
            assert_eq!(format!("card {v}").parse::<Action>(), Ok(Action::Card(v)));
        }
    }

    #[test]
    fn t16_leave_takes_a_plain_seat_number_0_to_7() {
        for t in [
            "leave 255",
            "leave 8",
            "leave +3",
            "leave -0",
            "leave 1e1",
            "leave 0x1",
        ] {
            let e = refused::<HostOp>(t);
            assert!(e.contains("0 to 7 (T16, T4)"), "{t}: {e}");
        }
        let e = refused::<HostOp>("stay 1");
        assert!(e.contains("leave <seat> (T16)"), "{e}");
    }

    #[test]
    fn t4_seats_in_actions_are_at_0_to_at_7() {
        for t in [
            "play damage+1 @8",
            "play damage+2 @255",
            "play love-your-enemy @+1",
            "play destroy @9 hidden",
            "play destroy @-1 shield",
            "play exchange @8 take - give -",
        ] {
            let e = refused::<Action>(t);
            assert!(e.contains("@0 to @7 (T4)"), "{t}: {e}");
        }
        assert!("play damage+1 @7".parse::<Action>().is_ok());
    }

    #[test]
    fn t12_11_trump_switch_counts_are_0_to_63() {
        assert_eq!(
            "play trump-switch 63".parse::<Action>(),
            Ok(Action::Play(Play::Switch(63)))
        );
        for t in [
            "play trump-switch 64",
            "play trump-switch 255",
            "play trump-switch +1",
        ] {
            let e = refused::<Action>(t);
            assert!(e.contains("0 to 63") && e.contains("(T12.11)"), "{t}: {e}");
        }
    }

    #[test]
    fn parse_errors_cap_the_echoed_input() {
        let huge = format!("draw {}", "x".repeat(1_000_000));
        let e = refused::<Action>(&huge);
        assert!(e.len() < 400, "{} bytes", e.len());
        assert!(e.contains('…'));
        let e = refused::<HostOp>(&format!("leave {}", "9".repeat(100_000)));
        assert!(e.len() < 400, "{} bytes", e.len());
        let e = refused::<Trump>(&"é".repeat(10_000));
        assert!(e.len() < 600, "{} bytes", e.len());
    }

    #[test]
    fn action_errors_suggest_only_player_forms() {
        for t in ["", "jump", "card", "gamble maybe", "leave 1"] {
            let e = refused::<Action>(t);
            assert!(
                e.contains("a player may type draw, close, reveal, end or play"),
                "{t}: {e}"
            );
            for chance_or_host in ["card", "gamble", "trump <", "leave"] {
                let said = e.split(": \"").next().unwrap_or("");
                assert!(!said.contains(chance_or_host), "{t}: {e}");
            }
        }
    }
}
