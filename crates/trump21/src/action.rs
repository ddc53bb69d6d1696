//! [`Action`]: player decisions and chance outcomes, with their text forms; [`HostOp`].

use std::fmt;
use std::str::FromStr;

use cards_core::Seat;

use crate::error::ParseError;
use crate::rules::{MAX_SEATS, MAX_TRUMPS};
use crate::trump::Trump;

/// One of the opponent's trumps to take in an Exchange (T12.8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Take {
    /// An open trump lying at him, by kind (of several, the latest played).
    Open(Trump),
    /// One of his hidden trumps; which one is a chance step.
    Hidden,
}

/// One of your trumps to give in an Exchange (T12.8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Give {
    /// An open trump lying at you, by kind (of several, the latest played).
    Open(Trump),
    /// One of your hidden trumps, by kind.
    Hidden(Trump),
}

/// An Exchange being chosen (T12.8): the opponent and the takes and gives chosen so
/// far, up to two of each, each list in canonical order (present items first,
/// non-decreasing). Nothing moves until `done`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
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

    /// A fresh exchange with `with`: nothing chosen yet.
    pub fn start(with: Seat) -> Exchange {
        Exchange {
            with,
            take: [None; 2],
            give: [None; 2],
        }
    }

    /// The latest take chosen, if any.
    pub fn last_take(&self) -> Option<Take> {
        self.take.iter().flatten().last().copied()
    }

    /// The latest give chosen, if any.
    pub fn last_give(&self) -> Option<Give> {
        self.give.iter().flatten().last().copied()
    }

    /// The exchange with one more take (ignored when both slots are full).
    pub fn with_take(mut self, t: Take) -> Exchange {
        if let Some(slot) = self.take.iter_mut().find(|x| x.is_none()) {
            *slot = Some(t);
        }
        self
    }

    /// The exchange with one more give (ignored when both slots are full).
    pub fn with_give(mut self, g: Give) -> Exchange {
        if let Some(slot) = self.give.iter_mut().find(|x| x.is_none()) {
            *slot = Some(g);
        }
        self
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
    /// Exchange with an opponent (T12.8): the card goes open and the player chooses
    /// the items step by step ([`Action::Take`], [`Action::Give`], [`Action::Done`]).
    Exchange(Seat),
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
/// `play trump-switch 2`, `play exchange @1` and then, one at a time, `take open:shield`,
/// `take hidden`, `give open:exchange`, `give hidden:return` and `done`;
/// chance: `card 7`, `trump shield`, `gamble win`, `gamble lose`.
///
/// ```
/// use trump21::{Action, Give};
/// let a: Action = "give hidden:shield".parse()?;
/// assert_eq!(a, Action::Give(Give::Hidden(trump21::Trump::Shield)));
/// assert_eq!(a.to_string(), "give hidden:shield");
/// assert!("GIVE  hidden:shield".parse::<Action>().is_err()); // only as printed (T17)
/// # Ok::<(), trump21::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Action {
    /// Round action: draw a number card face up (T7).
    Draw,
    /// Round action: close (T7, T8).
    Close,
    /// Reveal the hidden card while the total equals the target (T11.1).
    Reveal,
    /// End the turn at the closing step after a card taken in one's own turn (T11.1).
    End,
    /// Play a hidden trump, in the trump step of a turn (T7, T12).
    Play(Play),
    /// During an Exchange: take one of the opponent's trumps (T12.8).
    Take(Take),
    /// During an Exchange: give one of your trumps (T12.8).
    Give(Give),
    /// During an Exchange: the choice is complete; the trumps change hands (T12.8).
    Done,
    /// Chance: a number card of this value comes from the deck.
    Card(u8),
    /// Chance: a trump of this kind is drawn, topped up or chosen.
    Trump(Trump),
    /// Chance: the gamble is won (`true`) or lost (T7).
    Gamble(bool),
}

/// A host operation beside `apply` (T16).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
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
            Play::Exchange(s) => write!(f, "exchange @{}", s.0),
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
            Action::Take(t) => write!(f, "take {t}"),
            Action::Give(g) => write!(f, "give {g}"),
            Action::Done => f.write_str("done"),
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
const SEAT_RANGE: std::ops::RangeInclusive<u32> = 0..=(MAX_SEATS as u32 - 1);

/// A seat number `N` in 0–7 (T4).
fn seat_number(tok: &str) -> Option<Seat> {
    number(tok, SEAT_RANGE).map(|n| Seat(n as u8))
}

fn seat_at(tok: Option<&str>, text: &str) -> Result<Seat, ParseError> {
    tok.and_then(|t| t.strip_prefix('@'))
        .and_then(seat_number)
        .ok_or_else(|| ParseError::new("expected a seat written @0 to @7 (T4)", text))
}

fn parse_play(words: &[&str], text: &str) -> Result<Play, ParseError> {
    let bad = || {
        ParseError::new(
            "not a trump play: play <kind>, with @N for damage+1, damage+2 and \
             love-your-enemy, a count for trump-switch, @N <kind>, @N hidden, mine <kind> or \
             none for destroy, @N for exchange (T12)",
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
        Trump::Exchange => Play::Exchange(seat_at(rest.first().copied(), text)?),
        _ => Play::Simple(kind),
    };
    let used = match play {
        Play::Simple(_) => 0,
        Play::Destroy(DestroyTarget::Nothing)
        | Play::Damage(..)
        | Play::Love(_)
        | Play::Switch(_)
        | Play::Exchange(_) => 1,
        Play::Destroy(_) => 2,
    };
    if rest.len() != used {
        return Err(bad());
    }
    Ok(play)
}

fn parse_take(tok: &str) -> Option<Take> {
    if tok == "hidden" {
        Some(Take::Hidden)
    } else {
        tok.strip_prefix("open:")?.parse().ok().map(Take::Open)
    }
}

fn parse_give(tok: &str) -> Option<Give> {
    if let Some(k) = tok.strip_prefix("open:") {
        k.parse().ok().map(Give::Open)
    } else {
        tok.strip_prefix("hidden:")?.parse().ok().map(Give::Hidden)
    }
}

/// `parsed` if `text` is exactly its printed form (T17), else an error naming it.
fn printed<T: fmt::Display>(text: &str, parsed: T) -> Result<T, ParseError> {
    cards_core::text::canonical(text, parsed).map_err(|_| {
        ParseError::new(
            "not written as printed: lower case, single spaces, numbers without a leading \
             zero (T17)",
            text,
        )
    })
}

impl FromStr for Action {
    type Err = ParseError;
    /// The printed form only (T17).
    fn from_str(text: &str) -> Result<Action, ParseError> {
        printed(text, Action::parse_words(text)?)
    }
}

impl Action {
    /// Reads the words of an action in any case and spacing; `from_str` keeps
    /// only the printed form.
    fn parse_words(text: &str) -> Result<Action, ParseError> {
        let lower = text.trim().to_ascii_lowercase();
        let words: Vec<&str> = lower.split_whitespace().collect();
        let bad = || {
            ParseError::new(
                "not a trump 21 action: a player may type draw, close, reveal, end or \
                 play <trump>, and during an exchange take, give or done (T7, T11.1, T12)",
                text,
            )
        };
        Ok(match words.as_slice() {
            ["draw"] => Action::Draw,
            ["close"] => Action::Close,
            ["reveal"] => Action::Reveal,
            ["end"] => Action::End,
            ["done"] => Action::Done,
            ["take", t] => {
                Action::Take(parse_take(t).ok_or_else(|| {
                    ParseError::new("take open:<kind> or take hidden (T12.8)", text)
                })?)
            }
            ["give", g] => Action::Give(parse_give(g).ok_or_else(|| {
                ParseError::new("give open:<kind> or give hidden:<kind> (T12.8)", text)
            })?),
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
    /// `leave N` exactly as printed (T16, T17).
    fn from_str(text: &str) -> Result<HostOp, ParseError> {
        let lower = text.trim().to_ascii_lowercase();
        let op = match lower.split_whitespace().collect::<Vec<_>>().as_slice() {
            ["leave", n] => seat_number(n)
                .map(HostOp::Leave)
                .ok_or_else(|| ParseError::new("leave takes a seat number 0 to 7 (T16, T4)", text)),
            _ => Err(ParseError::new(
                "not a host operation: the host may type leave <seat> (T16)",
                text,
            )),
        }?;
        printed(text, op)
    }
}

#[cfg(feature = "serde")]
cards_core::serde_via_text!(Action, HostOp);

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
            "play exchange @1",
            "take open:shield",
            "take hidden",
            "give open:exchange",
            "give hidden:return",
            "done",
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
            "play exchange @1 take - give -",
            "take hidden:shield",
            "give hidden",
            "done 1",
        ] {
            assert!(bad.parse::<Action>().is_err(), "{bad}");
        }
        assert_eq!("leave 2".parse::<HostOp>(), Ok(HostOp::Leave(Seat(2))));
        assert!(
            "LEAVE 7".parse::<HostOp>().is_err(),
            "only the printed form (T17)"
        );
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
            "play exchange @8",
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
