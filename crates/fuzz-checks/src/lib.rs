//! Invariant checks shared by the soak run (`examples/examples/soak.rs`), the
//! fuzz targets (`fuzz/`) and their bounded replay on stable
//! (`fuzz-checks/tests/replay.rs`).
//!
//! The checks are written once, generically over [`Checked`], a small extension
//! of [`Game`] that every game of the list (`cards_games`) has: where its cards
//! lie (for conservation), which host operations to try and which house-rule
//! variants to play. A game the list marks `counted` has its own impl here
//! (`src/<game>_impl.rs`); any other game gets the defaults (its default rules,
//! every seat count, `leave N` for every seat, no card count). A check returns a [`Failure`] instead of
//! panicking, so the soak can count failures and the fuzz targets can panic on
//! the ones that are not [known](Failure::known).
//!
//! The three fuzz entry points take raw bytes ([`check_target`] puts the game
//! in front: the first byte picks it by its place in the list):
//! - [`check_parse`]: the bytes as text, parsed as an action and a host operation;
//!   parsing must not panic and what parses must come back the same through `Display`.
//! - [`check_json`] (feature `serde`): the bytes as a saved state; loading must not
//!   panic, and a loaded state must be valid, save again and reload equal.
//! - [`check_play`]: the bytes as a walk: the first bytes pick the house rules and
//!   seat count, then each byte picks a legal action, a host operation or a reload.
#![forbid(unsafe_code)]

use std::fmt::{Debug, Display};
use std::str::FromStr;

use cards_core::{Actor, Game, Outcome, Save};

mod crazy_eights_impl;
mod hearts_impl;
pub mod inputs;
mod schwimmen_impl;
mod shithead_impl;
mod trump21_impl;

/// Why a check failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// `Some(defect)` when this is a known crate defect that is being fixed
    /// elsewhere (a game names it in `known_reload_defect`); `None` for a new
    /// failure. No defect is known at present.
    pub known: Option<&'static str>,
    /// What went wrong, with the values involved.
    pub what: String,
}

impl Failure {
    /// A new (not known) failure.
    pub fn new(what: impl Into<String>) -> Failure {
        Failure {
            known: None,
            what: what.into(),
        }
    }
}

impl Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.known {
            Some(k) => write!(f, "[known: {k}] {}", self.what),
            None => f.write_str(&self.what),
        }
    }
}

/// A source of small choices: fuzz bytes or a seeded RNG.
pub trait Pick {
    /// A number below `n` (`n > 0`).
    fn pick(&mut self, n: usize) -> usize;
}

/// Fuzz input read front to back; reads past the end give 0.
#[derive(Clone, Debug)]
pub struct Bytes<'a> {
    data: &'a [u8],
    pos: usize,
}

impl<'a> Bytes<'a> {
    /// Reads `data` from the start.
    pub fn new(data: &'a [u8]) -> Bytes<'a> {
        Bytes { data, pos: 0 }
    }

    /// The next byte, or `None` at the end.
    pub fn next_byte(&mut self) -> Option<u8> {
        let b = self.data.get(self.pos).copied();
        self.pos += usize::from(b.is_some());
        b
    }
}

impl Pick for Bytes<'_> {
    fn pick(&mut self, n: usize) -> usize {
        usize::from(self.next_byte().unwrap_or(0)) % n.max(1)
    }
}

/// Choices from a seeded RNG, with the library's own sampler.
#[derive(Debug)]
pub struct RngPick<'a, R: cards_core::Rng + ?Sized>(pub &'a mut R);

impl<R: cards_core::Rng + ?Sized> Pick for RngPick<'_, R> {
    fn pick(&mut self, n: usize) -> usize {
        cards_core::chance::below(self.0, n.max(1) as u64) as usize
    }
}

/// A game of the list: its name and place there.
pub trait Listed {
    /// The game's name in the list (`cards_games::NAMES`), for messages.
    const NAME: &'static str;
    /// Its place in the list: the first byte of a fuzz input that picks it.
    const INDEX: usize;
}

macro_rules! listed {
    ($($krate:ident::$game:ident, $name:literal, $title:literal;)*) => {
        $(impl Listed for cards_games::$krate::$game {
            const NAME: &'static str = $name;
            const INDEX: usize = match cards_games::position($name) {
                Some(i) => i,
                None => panic!("a listed name"),
            };
        })*
    };
}
cards_games::for_each_game!(listed);

/// What the JSON checks need: serde both ways (feature `serde`; without it,
/// every type qualifies and the JSON checks are left out).
#[cfg(feature = "serde")]
pub trait Json: serde::Serialize + serde::de::DeserializeOwned {}
#[cfg(feature = "serde")]
impl<T: serde::Serialize + serde::de::DeserializeOwned> Json for T {}
/// What the JSON checks need: serde both ways (feature `serde`; without it,
/// every type qualifies and the JSON checks are left out).
#[cfg(not(feature = "serde"))]
pub trait Json {}
#[cfg(not(feature = "serde"))]
impl<T> Json for T {}

/// What the checks need to know about a game beyond [`Game`] and [`Save`].
pub trait Checked: Save + Listed + Json {
    /// Picks a house-rule variant and a seat count that the game accepts.
    /// Choice 0 everywhere gives the default rules. By default: the default
    /// rules at a seat count the game accepts (its smallest first).
    fn variant(p: &mut impl Pick) -> (Self::Rules, usize) {
        default_variant::<Self>(p)
    }

    /// Checks that every card of the game is in exactly one place, counted from
    /// the state's public accessors (and its `Setup` where a place has no
    /// accessor). By default nothing is counted: a game the list does not
    /// mark `counted` has no accounting here yet.
    ///
    /// # Errors
    /// A message naming the card or the count that is off.
    fn conservation(&self) -> Result<(), String> {
        Ok(())
    }

    /// A cheaper conservation check for every step of a long run (the soak); by
    /// default the full [`conservation`](Checked::conservation).
    ///
    /// # Errors
    /// As [`conservation`](Checked::conservation).
    fn quick_conservation(&self) -> Result<(), String> {
        self.conservation()
    }

    /// Host operations worth trying now (whether or not they are allowed). By
    /// default every seat's `leave N`, where the game's host operations read it.
    fn host_ops(&self, out: &mut Vec<Self::HostOp>) {
        leave_ops(self, out);
    }

    /// Saves through the game's `Setup` ([`Save`]) and loads it back.
    ///
    /// # Errors
    /// The setup error's message.
    fn reload_setup(&self) -> Result<Self, String> {
        Self::load(self.save()).map_err(|e| e.to_string())
    }

    /// Names the known defect that explains a refused reload of `self`, if any.
    fn known_reload_defect(&self, _error: &str) -> Option<&'static str> {
        None
    }
}

/// [`Checked::variant`]'s default: the default rules at one of the seat
/// counts they accept (the smallest for choice 0).
pub fn default_variant<G: Game>(p: &mut impl Pick) -> (G::Rules, usize) {
    let rules = G::Rules::default();
    let seats: Vec<usize> = (1..=cards_core::MAX_SEATS)
        .filter(|&n| G::new(rules.clone(), n).is_ok())
        .collect();
    let n = if seats.is_empty() {
        0
    } else {
        seats[p.pick(seats.len())]
    };
    (rules, n)
}

/// [`Checked::host_ops`]' default: `leave N` for every seat, where the
/// game's host operations read that text (none where they do not).
pub fn leave_ops<G: Game>(g: &G, out: &mut Vec<G::HostOp>) {
    out.clear();
    out.extend((0..g.seats()).filter_map(|s| format!("leave {s}").parse().ok()));
}

/// The games the list does not mark `counted`: the default checks.
macro_rules! uncounted {
    ($($krate:ident::$game:ident, $name:literal, $title:literal;)*) => {
        $(impl Checked for cards_games::$krate::$game {})*
    };
}
cards_games::for_each_game!(uncounted, uncounted);

/// Checks one state: conservation; the legal list is empty exactly when the
/// actor is [`Actor::Terminal`]; a finished game has a valid [`Outcome`] with a
/// place for every seat, and an unfinished one has none. Leaves the legal
/// actions in `legal`.
///
/// # Errors
/// The first property that does not hold.
pub fn check_state<G: Checked>(g: &G, legal: &mut Vec<G::Action>) -> Result<(), Failure> {
    g.conservation()
        .map_err(|e| Failure::new(format!("{}: cards not conserved: {e}", G::NAME)))?;
    g.legal_actions(legal);
    let terminal = g.actor() == Actor::Terminal;
    if terminal != legal.is_empty() {
        return Err(Failure::new(format!(
            "{}: actor {:?} with {} legal actions",
            G::NAME,
            g.actor(),
            legal.len()
        )));
    }
    match (terminal, g.outcome()) {
        (true, Some(o)) => check_outcome::<G>(g, &o),
        (true, None) => Err(Failure::new(format!(
            "{}: a finished game without an outcome",
            G::NAME
        ))),
        (false, Some(o)) => Err(Failure::new(format!(
            "{}: an unfinished game (actor {:?}) with outcome {o}",
            G::NAME,
            g.actor()
        ))),
        (false, None) => Ok(()),
    }
}

/// Checks that `o` gives every seat of `g` a place, ranked competition style.
///
/// # Errors
/// When a seat has no place or the places are not a ranking.
pub fn check_outcome<G: Game>(g: &G, o: &Outcome) -> Result<(), Failure> {
    if o.len() != g.seats() {
        return Err(Failure::new(format!(
            "outcome {o} has {} places for {} seats",
            o.len(),
            g.seats()
        )));
    }
    Outcome::from_places(o.places())
        .map(drop)
        .map_err(|e| Failure::new(format!("outcome {o}: {e}")))
}

/// Saves `g` and loads it back through its `Setup` (and, with feature `serde`,
/// through JSON); both must give a state equal to `g`. Returns the reloaded state.
///
/// # Errors
/// A refused or unequal reload; [`Failure::known`] is set when a known defect
/// explains it.
pub fn check_reload<G: Checked>(g: &G) -> Result<G, Failure> {
    let refused = |how: &str, e: String| Failure {
        known: g.known_reload_defect(&e),
        what: format!(
            "{}: reload through {how} refused: {e}; state {g:?}",
            G::NAME
        ),
    };
    let back = g.reload_setup().map_err(|e| refused("Setup", e))?;
    if &back != g {
        return Err(Failure::new(format!(
            "{}: reload through Setup differs: {g:?} became {back:?}",
            G::NAME
        )));
    }
    #[cfg(feature = "serde")]
    {
        let json = serde_json::to_vec(g)
            .map_err(|e| Failure::new(format!("{}: save as JSON failed: {e}", G::NAME)))?;
        let back =
            serde_json::from_slice::<G>(&json).map_err(|e| refused("JSON", e.to_string()))?;
        if &back != g {
            return Err(Failure::new(format!(
                "{}: reload through JSON differs: {}",
                G::NAME,
                String::from_utf8_lossy(&json)
            )));
        }
    }
    Ok(back)
}

/// Checks that `text` either does not parse as `T`, or parses to a value whose
/// `Display` parses back to the same value and displays the same.
///
/// # Errors
/// When the round trip changes the value.
pub fn check_text<T>(what: &str, text: &str) -> Result<(), Failure>
where
    T: FromStr + Display + PartialEq + Debug,
{
    let Ok(a) = text.parse::<T>() else {
        return Ok(());
    };
    let shown = a.to_string();
    match shown.parse::<T>() {
        Ok(b) if b == a && b.to_string() == shown => Ok(()),
        Ok(b) => Err(Failure::new(format!(
            "{what} {text:?} parsed as {a:?}, shown as {shown:?}, which parsed as {b:?}"
        ))),
        Err(_) => Err(Failure::new(format!(
            "{what} {text:?} parsed as {a:?}, but its text {shown:?} does not parse"
        ))),
    }
}

/// Fuzz entry (a): the bytes as text (lossy UTF-8), as an action and as a host
/// operation of `G`, whole and line by line.
///
/// # Errors
/// A failed round trip.
pub fn check_parse<G: Game>(data: &[u8]) -> Result<(), Failure> {
    let text = String::from_utf8_lossy(data);
    for t in std::iter::once(text.as_ref()).chain(text.lines()) {
        check_text::<G::Action>("action", t)?;
        check_text::<G::HostOp>("host operation", t)?;
    }
    Ok(())
}

/// Fuzz entry (b): the bytes as a JSON save. A refused save is fine; an
/// accepted one must pass [`check_state`], save and reload equal, accept every
/// legal action, and each next state must pass [`check_state`] too.
///
/// # Errors
/// The first property that does not hold.
#[cfg(feature = "serde")]
pub fn check_json<G: Checked>(data: &[u8]) -> Result<(), Failure> {
    let Ok(g) = serde_json::from_slice::<G>(data) else {
        return Ok(());
    };
    let mut legal = Vec::new();
    let mut next_legal = Vec::new();
    check_state(&g, &mut legal).map_err(|f| loaded(f, data))?;
    check_reload(&g).map_err(|f| loaded(f, data))?;
    for a in &legal {
        let next = g.apply(a).map_err(|e| {
            loaded(
                Failure::new(format!("{}: legal action {a} refused: {e}", G::NAME)),
                data,
            )
        })?;
        check_state(&next, &mut next_legal).map_err(|f| {
            loaded(
                Failure {
                    what: format!("after {a}: {}", f.what),
                    ..f
                },
                data,
            )
        })?;
    }
    Ok(())
}

#[cfg(feature = "serde")]
fn loaded(f: Failure, data: &[u8]) -> Failure {
    Failure {
        what: format!("{} (loaded from {})", f.what, String::from_utf8_lossy(data)),
        ..f
    }
}

/// Byte of a walk that applies a host operation (the next byte picks which).
pub const HOST_BYTE: u8 = 0xFF;
/// Byte of a walk that saves and reloads the state (and goes on from the reloaded one).
pub const RELOAD_BYTE: u8 = 0xFE;

/// How many actions seen earlier in a walk are kept to be tried (and refused)
/// where they are not legal.
const POOL: usize = 32;
/// How many of them are tried at each step.
const PER_STEP: usize = 2;

/// What a walk did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WalkStats {
    /// Actions applied.
    pub actions: usize,
    /// Host operations accepted.
    pub host_ops: usize,
    /// Reloads done.
    pub reloads: usize,
    /// Whether the game ended.
    pub ended: bool,
}

/// Fuzz entry (c): the bytes as a walk. The first bytes pick the rules variant
/// and seat count ([`Checked::variant`]); then each byte is [`HOST_BYTE`]
/// (the next byte picks a host operation), [`RELOAD_BYTE`] (save and reload,
/// going on from the reloaded state) or an index into the legal list (modulo
/// its length). At every state [`check_state`] holds; every listed action is
/// accepted (`apply` and `apply_mut` agree), and actions seen earlier in the
/// walk that are not listed now are refused without changing the state (the
/// last 32 distinct ones are kept, two tried at each step, in turn).
/// Actions and host operations come back the same through their text.
/// The final state is reloaded too.
///
/// A known defect ends the walk with its [`Failure`] ([`fuzz_assert`] lets it pass).
///
/// # Errors
/// The first property that does not hold.
pub fn check_play<G: Checked>(data: &[u8]) -> Result<WalkStats, Failure> {
    let mut bytes = Bytes::new(data);
    let (rules, seats) = G::variant(&mut bytes);
    let mut g = G::new(rules.clone(), seats).map_err(|e| {
        Failure::new(format!(
            "{}: variant {rules:?} with {seats} seats refused: {e}",
            G::NAME
        ))
    })?;
    let mut stats = WalkStats::default();
    let mut legal = Vec::new();
    let mut ops = Vec::new();
    let mut pool: Vec<G::Action> = Vec::new();
    loop {
        check_state(&g, &mut legal)?;
        let Some(b) = bytes.next_byte() else {
            break;
        };
        if b == HOST_BYTE {
            g.host_ops(&mut ops);
            if ops.is_empty() {
                continue;
            }
            let op = ops[bytes.pick(ops.len())].clone();
            check_text::<G::HostOp>("host operation", &op.to_string())?;
            if let Ok(next) = g.host(&op) {
                stats.host_ops += 1;
                g = next;
            }
            continue;
        }
        if b == RELOAD_BYTE {
            g = check_reload(&g)?;
            stats.reloads += 1;
            continue;
        }
        if legal.is_empty() {
            stats.ended = true;
            break;
        }
        // Two of the pooled actions per step, in turn: a long walk tries each
        // of them at many states, without the cost of trying all at every step.
        for k in 0..pool.len().min(PER_STEP) {
            let a = &pool[(stats.actions * PER_STEP + k) % pool.len()];
            if legal.contains(a) {
                continue;
            }
            if g.apply(a).is_ok() {
                return Err(Failure::new(format!(
                    "{}: unlisted action {a} accepted; legal were {}; state {g:?}",
                    G::NAME,
                    list(&legal)
                )));
            }
            let mut copy = g.clone();
            if copy.apply_mut(a).is_ok() || copy != g {
                return Err(Failure::new(format!(
                    "{}: apply_mut of unlisted action {a} did not refuse cleanly; state {g:?}",
                    G::NAME
                )));
            }
        }
        let a = legal[usize::from(b) % legal.len()].clone();
        check_text::<G::Action>("action", &a.to_string())?;
        let next = g.apply(&a).map_err(|e| {
            Failure::new(format!(
                "{}: listed action {a} refused: {e}; state {g:?}",
                G::NAME
            ))
        })?;
        let mut copy = g.clone();
        if copy.apply_mut(&a).is_err() || copy != next {
            return Err(Failure::new(format!(
                "{}: apply_mut and apply disagree on {a}; state {g:?}",
                G::NAME
            )));
        }
        if !pool.contains(&a) {
            if pool.len() == POOL {
                pool.remove(0);
            }
            pool.push(a);
        }
        g = next;
        stats.actions += 1;
    }
    stats.ended |= g.actor() == Actor::Terminal;
    check_reload(&g)?;
    Ok(stats)
}

fn list<T: Display>(items: &[T]) -> String {
    items
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

/// Panics on a failure that is not known: the fuzz targets' way to report.
///
/// # Panics
/// On `Err` with [`Failure::known`] `None`.
pub fn fuzz_assert<T>(result: Result<T, Failure>) {
    if let Err(f) = result
        && f.known.is_none()
    {
        panic!("{f}");
    }
}

/// Every fuzz target's name: one target a check, for every game. The first
/// byte of an input picks the game by its place in the list
/// (`cards_games::GAMES`, modulo their number; see [`game_of`]), the rest is
/// the check's input. The fuzz target files and the corpus directories under
/// `fuzz/` carry these names.
pub const TARGETS: [&str; 3] = ["parse", "json", "play"];

/// The game an input of a fuzz target is for, and the rest of the input: the
/// first byte picks the game by its place in the list, modulo the number of
/// games (so every byte picks one, and the games already listed keep their
/// bytes below that number when one is added at the end). `None` for an
/// empty input.
pub fn game_of(data: &[u8]) -> Option<(&'static cards_games::Listed, &[u8])> {
    let (&first, rest) = data.split_first()?;
    Some((
        &cards_games::GAMES[usize::from(first) % cards_games::GAMES.len()],
        rest,
    ))
}

/// Runs the check of the fuzz target `target` on `data` (a game byte, then
/// the check's input; an empty input checks nothing); `None` for an unknown
/// target name, or a `json` target without the `serde` feature. Walks stop
/// at a known defect with its failure.
pub fn check_target(target: &str, data: &[u8]) -> Option<Result<(), Failure>> {
    fn run<G: Checked>(check: &str, data: &[u8]) -> Option<Result<(), Failure>> {
        match check {
            "parse" => Some(check_parse::<G>(data)),
            #[cfg(feature = "serde")]
            "json" => Some(check_json::<G>(data)),
            "play" => Some(check_play::<G>(data).map(drop)),
            _ => None,
        }
    }
    let known = match target {
        "json" => cfg!(feature = "serde"),
        _ => TARGETS.contains(&target),
    };
    if !known {
        return None;
    }
    let Some((game, input)) = game_of(data) else {
        return Some(Ok(()));
    };
    macro_rules! by_name {
        ($($krate:ident::$game:ident, $name:literal, $title:literal;)*) => {
            match game.name {
                $($name => run::<cards_games::$krate::$game>(target, input),)*
                _ => None,
            }
        };
    }
    cards_games::for_each_game!(by_name)
}

#[cfg(test)]
mod tests {
    use super::*;
    use cards_core::SeedableRng;
    use cards_games::crazy_eights::CrazyEights;
    use cards_games::schwimmen::{self, Schwimmen};
    use cards_games::shithead::{self, Shithead};
    use cards_games::trump21::{self, Trump21};

    /// A text form that loses information: "n" parses to n, but shows as n / 2.
    #[derive(Debug, PartialEq)]
    struct Lossy(u8);

    impl FromStr for Lossy {
        type Err = std::num::ParseIntError;
        fn from_str(s: &str) -> Result<Lossy, Self::Err> {
            s.parse().map(Lossy)
        }
    }

    impl Display for Lossy {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            write!(f, "{}", self.0 / 2)
        }
    }

    #[test]
    fn check_text_catches_a_lossy_round_trip_and_passes_a_faithful_one() {
        assert!(check_text::<Lossy>("x", "0").is_ok());
        assert!(check_text::<Lossy>("x", "not a number").is_ok());
        let f = check_text::<Lossy>("x", "6").unwrap_err();
        assert!(f.what.contains("shown as \"3\""), "{f}");
        assert_eq!(f.known, None);
        assert!(check_text::<u32>("n", "17").is_ok());
    }

    #[test]
    fn the_first_byte_picks_the_game_by_its_place_in_the_list() {
        let n = cards_games::GAMES.len();
        assert_eq!(game_of(&[]), None);
        for (i, g) in cards_games::GAMES.iter().enumerate() {
            let byte = i as u8;
            assert_eq!(game_of(&[byte, 9, 8]), Some((g, &[9u8, 8][..])));
            assert_eq!(game_of(&[byte + n as u8]).unwrap().0, g);
        }
        assert_eq!(CrazyEights::INDEX, 3);
        assert_eq!(<Schwimmen as Listed>::NAME, "schwimmen");
        // An empty input checks nothing; an unknown target is refused.
        assert_eq!(check_target("play", b""), Some(Ok(())));
        assert_eq!(check_target("walk", b"\x00"), None);
    }

    #[test]
    fn the_defaults_for_an_uncounted_game_pick_accepted_tables_and_leaves() {
        let mut rng = cards_core::ChaCha8Rng::seed_from_u64(2);
        let mut seen = Vec::new();
        for _ in 0..200 {
            let (rules, n) = default_variant::<Trump21>(&mut RngPick(&mut rng));
            assert_eq!(rules, trump21::Rules::default());
            assert!(Trump21::new(rules, n).is_ok(), "{n}");
            seen.push(n);
        }
        seen.sort_unstable();
        seen.dedup();
        assert_eq!(
            seen,
            (2..=8).collect::<Vec<_>>(),
            "every table Trump 21 accepts"
        );
        assert_eq!(default_variant::<Shithead>(&mut Bytes::new(&[])).1, 2);
        let g = Schwimmen::new(schwimmen::Rules::default(), 3).unwrap();
        let mut ops = Vec::new();
        leave_ops(&g, &mut ops);
        assert_eq!(
            ops.iter().map(ToString::to_string).collect::<Vec<_>>(),
            ["leave 0", "leave 1", "leave 2"]
        );
        // Crazy Eights has no host operations at all (C17).
        let g = CrazyEights::new(cards_games::crazy_eights::Rules::default(), 3).unwrap();
        let mut none = Vec::new();
        leave_ops(&g, &mut none);
        assert!(none.is_empty());
    }

    #[test]
    fn check_outcome_needs_a_place_for_every_seat() {
        let g = Schwimmen::new(schwimmen::Rules::default(), 3).unwrap();
        assert!(check_outcome(&g, &Outcome::from_places(&[1, 2, 2]).unwrap()).is_ok());
        assert!(check_outcome(&g, &Outcome::from_places(&[1, 2]).unwrap()).is_err());
    }

    #[test]
    fn bytes_read_zero_past_the_end_and_zero_picks_the_default_rules() {
        let mut b = Bytes::new(&[7, 255]);
        assert_eq!(b.pick(5), 2);
        assert_eq!(b.next_byte(), Some(255));
        assert_eq!(b.next_byte(), None);
        assert_eq!(b.pick(5), 0);
        let none = &mut Bytes::new(&[]);
        assert_eq!(Schwimmen::variant(none), (schwimmen::Rules::default(), 4));
        assert_eq!(Trump21::variant(none), (trump21::Rules::default(), 2));
        assert_eq!(Shithead::variant(none), (shithead::Rules::default(), 4));
        assert_eq!(
            cards_games::hearts::Hearts::variant(none),
            (cards_games::hearts::Rules::default(), 4)
        );
        assert_eq!(
            CrazyEights::variant(none),
            (cards_games::crazy_eights::Rules::default(), 5)
        );
    }

    #[test]
    fn fresh_and_finished_games_pass_every_check() {
        fn both<G: Checked>() {
            // No bytes: the fresh default game only.
            let stats = check_play::<G>(&[]).unwrap();
            assert_eq!(stats, WalkStats::default());
            // A long random walk with default rules: plays to the end. (Not
            // always index 0: Crazy Eights' chance would turn up an eight,
            // which goes back into the stock, forever, C5.1.)
            let mut rng = cards_core::ChaCha8Rng::seed_from_u64(1);
            let mut walk = vec![0u8; 12];
            walk.extend((0..200_000).map(|_| cards_core::chance::below(&mut rng, 254) as u8));
            match check_play::<G>(&walk) {
                Ok(stats) => assert!(stats.ended && stats.actions > 10, "{}: {stats:?}", G::NAME),
                Err(f) => assert!(f.known.is_some(), "{f}"),
            }
        }
        macro_rules! every {
            ($($krate:ident::$game:ident, $name:literal, $title:literal;)*) => {
                $(both::<cards_games::$krate::$game>();)*
            };
        }
        cards_games::for_each_game!(every);
    }

    #[test]
    fn every_variant_is_accepted_and_conserves_its_cards() {
        fn all<G: Checked>() {
            let mut rng = cards_core::ChaCha8Rng::seed_from_u64(3);
            for _ in 0..300 {
                let (rules, seats) = G::variant(&mut RngPick(&mut rng));
                let g = G::new(rules.clone(), seats)
                    .unwrap_or_else(|e| panic!("{rules:?}, {seats} seats: {e}"));
                check_state(&g, &mut Vec::new()).unwrap();
                check_reload(&g).unwrap();
            }
        }
        macro_rules! every {
            ($($krate:ident::$game:ident, $name:literal, $title:literal;)*) => {
                $(all::<cards_games::$krate::$game>();)*
            };
        }
        cards_games::for_each_game!(every);
    }
}
