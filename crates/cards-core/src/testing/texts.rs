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
