//! Text forms are canonical: what parses is what `Display` writes, or that text
//! with a card in one of its documented spellings ([`Card`]).
//!
//! [`near_form`] changes a canonical text the way a person or a client might
//! (case, spacing, a leading zero, a sign, a suit symbol, `10` for `T`), and
//! [`check_text_form`] checks any text against the promise: if it parses, it
//! is the canonical text of what it parses to, or differs from it only in card
//! spellings, and that canonical text parses back to the same value.

use std::fmt::{Debug, Display};
use std::str::FromStr;

use rand_core::Rng;

use super::{Violation, guarded, violation};
use crate::card::{Card, Rank, Suit};
use crate::chance::below;

/// The documented spellings of a card: rank letter (either case, `10` for ten)
/// then suit letter (either case) or symbol (filled or outlined).
pub fn card_spellings(card: Card) -> Vec<String> {
    let r = card.rank().letter();
    let mut ranks = vec![r.to_string(), r.to_ascii_lowercase().to_string()];
    if card.rank() == Rank::Ten {
        ranks.push("10".into());
    }
    let s = card.suit();
    let outlined = match s {
        Suit::Clubs => '♧',
        Suit::Diamonds => '♢',
        Suit::Hearts => '♡',
        Suit::Spades => '♤',
    };
    let suits = [
        s.letter(),
        s.letter().to_ascii_lowercase(),
        s.symbol(),
        outlined,
    ];
    ranks
        .iter()
        .flat_map(|r| suits.iter().map(move |s| format!("{r}{s}")))
        .collect()
}

/// The canonical card a word is the printed form of (`7H`, `TS`), if any.
fn printed_card(word: &str) -> Option<Card> {
    (0..Card::COUNT)
        .filter_map(Card::from_index)
        .find(|c| c.to_string() == word)
}

/// Whether `input` is `canonical`, or `canonical` with some card words written
/// in another documented spelling ([`card_spellings`]). Written without the
/// card parser, so that it checks the parser rather than repeat it.
pub fn is_spelling_of(input: &str, canonical: &str) -> bool {
    let a: Vec<&str> = input.split(' ').collect();
    let b: Vec<&str> = canonical.split(' ').collect();
    a.len() == b.len()
        && a.iter().zip(&b).all(|(x, y)| {
            x == y || printed_card(y).is_some_and(|c| card_spellings(c).iter().any(|s| s == x))
        })
}

/// A text near `canonical`: one change a person or a client might make, chosen
/// with `rng` (a letter's case, a space doubled or added around, a leading zero
/// or a sign before a number, a character dropped or doubled, a card respelled
/// with a symbol or `10`, a tab for a space).
pub fn near_form<R: Rng + ?Sized>(canonical: &str, rng: &mut R) -> String {
    let chars: Vec<char> = canonical.chars().collect();
    if chars.is_empty() {
        return " ".into();
    }
    let at = below(rng, chars.len() as u64) as usize;
    let mut out = chars.clone();
    match below(rng, 10) {
        0 => {
            let c = out[at];
            out[at] = if c.is_ascii_lowercase() {
                c.to_ascii_uppercase()
            } else {
                c.to_ascii_lowercase()
            };
        }
        1 => {
            if let Some(i) = chars.iter().position(|&c| c == ' ') {
                out.insert(i, ' ');
            } else {
                out.push(' ');
            }
        }
        2 => {
            if below(rng, 2) == 0 {
                out.insert(0, ' ');
            } else {
                out.push(' ');
            }
        }
        3 | 4 => {
            // A zero or a sign before the first digit of a number.
            let start = (0..chars.len())
                .find(|&i| chars[i].is_ascii_digit() && (i == 0 || !chars[i - 1].is_ascii_digit()));
            let add = ['0', '+', '-', '0'][below(rng, 4) as usize];
            out.insert(start.unwrap_or(at), add);
        }
        5 => {
            out.remove(at);
        }
        6 => out.insert(at, chars[at]),
        7 | 8 => {
            let words: Vec<&str> = canonical.split(' ').collect();
            let cards: Vec<usize> = (0..words.len())
                .filter(|&i| printed_card(words[i]).is_some())
                .collect();
            if cards.is_empty() {
                out[at] = out[at].to_ascii_uppercase();
            } else {
                let i = cards[below(rng, cards.len() as u64) as usize];
                let spellings = printed_card(words[i])
                    .map(card_spellings)
                    .unwrap_or_default();
                let mut w: Vec<String> = words.iter().map(|s| s.to_string()).collect();
                w[i] = spellings[below(rng, spellings.len() as u64) as usize].clone();
                return w.join(" ");
            }
        }
        _ => {
            if let Some(i) = chars.iter().position(|&c| c == ' ') {
                out[i] = '\t';
            } else {
                out.insert(0, '\t');
            }
        }
    }
    out.into_iter().collect()
}

/// Checks the text-form promise on `input`: if it parses as `T`, the value
/// prints as a canonical text that `input` is ([`is_spelling_of`]), and that
/// text parses back to the same value. Returns the value, if `input` parsed.
///
/// # Errors
/// A [`Violation`] naming the input and what it parsed to; a panic is one too.
pub fn check_text_form<T>(input: &str) -> Result<Option<T>, Violation>
where
    T: FromStr + Display + Debug + PartialEq,
{
    let Ok(parsed) = guarded(0, "from_str", || input.parse::<T>())? else {
        return Ok(None);
    };
    let printed = parsed.to_string();
    if !is_spelling_of(input, &printed) {
        return Err(violation(
            0,
            "only the printed text form (or a card's spelling) parses",
            format!("{input:?} parsed as {parsed:?}, printed {printed:?}"),
        ));
    }
    match printed.parse::<T>() {
        Ok(again) if again == parsed => Ok(Some(parsed)),
        _ => Err(violation(
            0,
            "a printed text form parses back to the same value",
            format!("{printed:?} (from {input:?}) does not parse back to {parsed:?}"),
        )),
    }
}

/// The printed form of every action listed along random games from each of
/// `starts` (chance outcomes included), at most `max_steps` steps each, sorted
/// and without repeats: the canonical texts to check text forms near.
pub fn listed_texts<G: crate::game::Game>(
    starts: &[G],
    seed: u64,
    max_steps: usize,
) -> Vec<String> {
    use rand_core::SeedableRng;
    let mut out = std::collections::BTreeSet::new();
    let mut legal = Vec::new();
    for (k, g) in starts.iter().enumerate() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed.wrapping_add(k as u64));
        let _ = super::play_random(g, &mut rng, max_steps, &[], |s, _| {
            s.legal_actions(&mut legal);
            out.extend(legal.iter().map(ToString::to_string));
            Ok(())
        });
    }
    out.into_iter().collect()
}

/// [`check_text_form`] on a text [`near_form`] makes from `canonical` with the RNG
/// seeded by `seed`; `canonical` itself must parse, to a value that prints as it.
///
/// # Errors
/// A [`Violation`] naming both texts.
pub fn check_near_form<T>(canonical: &str, seed: u64) -> Result<(), Violation>
where
    T: FromStr + Display + Debug + PartialEq,
{
    use rand_core::SeedableRng;
    match check_text_form::<T>(canonical)? {
        Some(v) if v.to_string() == canonical => {}
        other => {
            return Err(violation(
                0,
                "a printed text form parses",
                format!("{canonical:?} parsed as {other:?}"),
            ));
        }
    }
    let near = near_form(canonical, &mut rand_chacha::ChaCha8Rng::seed_from_u64(seed));
    check_text_form::<T>(&near)
        .map(|_| ())
        .map_err(|v| Violation {
            detail: format!("near {canonical:?}: {}", v.detail),
            ..v
        })
}
