//! [`TextSuite`]: the text-form tests a game instantiates, given the printed
//! forms of its actions and its host operations.

use std::fmt::{Debug, Display};
use std::str::FromStr;

use proptest::prelude::any;
use proptest::sample::Index;

use super::{fail, run};
use crate::conformance::{check_near_form, check_text_form};
use crate::game::Game;

/// What the text-form tests need to know about a game: the printed forms of
/// its actions (say, [`listed_texts`](crate::conformance::listed_texts) along
/// some games) and the host operations to print. Hand it to
/// [`text_form_tests!`](crate::text_form_tests).
pub struct TextSuite<G: Game> {
    regressions: &'static str,
    cases: Option<u32>,
    actions: fn() -> Vec<String>,
    host_ops: fn() -> Vec<G::HostOp>,
    at_least: usize,
}

impl<G: Game> Debug for TextSuite<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TextSuite")
            .field("regressions", &self.regressions)
            .field("cases", &self.cases)
            .field("at_least", &self.at_least)
            .finish_non_exhaustive()
    }
}

impl<G: Game> TextSuite<G> {
    /// A suite over the action texts `actions` returns, keeping failures in
    /// `regressions` (as for [`Suite::new`](super::Suite::new)). Defaults:
    /// proptest's case count, no host operations, at least 100 action texts.
    pub fn new(regressions: &'static str, actions: fn() -> Vec<String>) -> Self {
        TextSuite {
            regressions,
            cases: None,
            actions,
            host_ops: Vec::new,
            at_least: 100,
        }
    }

    /// Runs `cases` cases a property test instead of proptest's default.
    pub fn cases(mut self, cases: u32) -> Self {
        self.cases = Some(cases);
        self
    }

    /// The host operations whose printed forms are checked too.
    pub fn host_ops(mut self, host_ops: fn() -> Vec<G::HostOp>) -> Self {
        self.host_ops = host_ops;
        self
    }

    /// How many action texts the list must hold at least (so a list that
    /// came out short fails instead of checking little).
    pub fn at_least(mut self, at_least: usize) -> Self {
        self.at_least = at_least;
        self
    }

    /// The action texts, checked to be enough.
    fn action_texts(&self) -> Vec<String> {
        let texts = (self.actions)();
        assert!(
            texts.len() >= self.at_least,
            "text forms: {} action texts listed, at least {} expected",
            texts.len(),
            self.at_least
        );
        texts
    }

    /// The host operations' printed forms.
    fn host_texts(&self) -> Vec<String> {
        (self.host_ops)().iter().map(ToString::to_string).collect()
    }

    /// Every listed action text, and every host operation's, parses to a value
    /// printed as that same text ([`check_text_form`]).
    pub fn listed(&self) {
        every_printed::<G::Action>(&self.action_texts());
        every_printed::<G::HostOp>(&self.host_texts());
    }

    /// Texts near a listed action (a character changed, dropped, doubled or
    /// cased otherwise) parse only as printed, or not at all ([`check_near_form`]).
    pub fn near_actions(&self) {
        self.near::<G::Action>("text_forms_near_an_action", self.action_texts());
    }

    /// Texts near a listed host operation parse only as printed, or not at
    /// all; nothing to check for a game without host operations.
    pub fn near_host_ops(&self) {
        let texts = self.host_texts();
        if !texts.is_empty() {
            self.near::<G::HostOp>("text_forms_near_a_host_operation", texts);
        }
    }

    /// Every listed action and host operation goes to JSON as the string of
    /// its text form and comes back as itself; a string that is not a text
    /// form is refused in JSON with the message its parse gives, which names
    /// the rule ([`serde_via_text!`](crate::serde_via_text)).
    #[cfg(feature = "serde")]
    pub fn json(&self)
    where
        G::Action: serde::Serialize + serde::de::DeserializeOwned,
        G::HostOp: serde::Serialize + serde::de::DeserializeOwned,
    {
        json_forms::<G::Action>(&self.action_texts());
        json_forms::<G::HostOp>(&self.host_texts());
    }

    fn near<T>(&self, name: &'static str, texts: Vec<String>)
    where
        T: FromStr + Display + Debug + PartialEq,
    {
        let strategy = (any::<Index>(), any::<u64>());
        run(name, self.regressions, self.cases, strategy, |(i, seed)| {
            check_near_form::<T>(&texts[i.index(texts.len())], seed).map_err(fail)
        });
    }
}

/// Panics naming the first text of `texts` that does not parse back to itself.
fn every_printed<T>(texts: &[String])
where
    T: FromStr + Display + Debug + PartialEq,
{
    for text in texts {
        match check_text_form::<T>(text) {
            Ok(Some(_)) => {}
            Ok(None) => panic!("text forms: {text:?} is listed but does not parse"),
            Err(v) => panic!("text forms: {text:?}: {v}"),
        }
    }
}

/// Panics unless each of `texts` is its value's JSON form (a JSON string),
/// and unless a text that does not parse is refused in JSON with its parse
/// error's message.
#[cfg(feature = "serde")]
fn json_forms<T>(texts: &[String])
where
    T: FromStr<Err: Display> + Debug + PartialEq + serde::Serialize + serde::de::DeserializeOwned,
{
    for text in texts {
        let value: T = text
            .parse()
            .unwrap_or_else(|e| panic!("text forms: {text:?} does not parse: {e}"));
        let json = serde_json::to_string(&value).expect("a text form serializes");
        assert_eq!(
            json,
            serde_json::to_string(text).unwrap(),
            "JSON of {text:?}"
        );
        let back: T = serde_json::from_str(&json)
            .unwrap_or_else(|e| panic!("text forms: JSON {json} does not read: {e}"));
        assert_eq!(back, value, "JSON of {text:?} read back");
    }
    let bad = "no such move";
    let why = bad
        .parse::<T>()
        .err()
        .unwrap_or_else(|| panic!("text forms: {bad:?} parses"))
        .to_string();
    let refused = serde_json::from_str::<T>(&serde_json::to_string(bad).unwrap())
        .expect_err("a text that does not parse is refused in JSON too")
        .to_string();
    assert!(
        refused.contains(&why),
        "JSON {bad:?} refused with {refused:?}, not with the parse error {why:?}"
    );
}
