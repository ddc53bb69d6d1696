//! [`Setup`]: any position written out field by field, loaded through validation.

use cards_core::{Card, CardMultiset, Game, MAX_SEATS, Rank, RankSet, Seat};

use crate::conserve::check_cards;
use crate::error::{SetupError, Spot};
use crate::rules::{Rules, check_rules};
use crate::state::{Phase, Place, Shithead, Source, Stage, Status};

/// A position as plain data: build one by hand (tests, puzzles, bug reports)
/// or from a [`Shithead`] with `From`, and load it with
/// [`Shithead::from_setup`], which refuses anything inconsistent. With the
/// `serde` feature, states serialize as a `Setup` and load through the same
/// validation, so a tampered save is refused.
///
/// ```
/// use cards_core::{Game, Table};
/// use shithead::{Rules, Setup, Shithead};
/// let table = Table::<Shithead>::new(Rules::default(), 3, 5)?;
/// let mut setup = Setup::from(*table.state());
/// assert_eq!(Shithead::from_setup(setup.clone())?, *table.state());
/// setup.stock = Default::default(); // cards vanish
/// assert!(Shithead::from_setup(setup).is_err());
/// # Ok::<(), shithead::SetupError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct Setup {
    /// The rules.
    pub rules: Rules,
    /// Seats at the table.
    pub seats: u8,
    /// The dealer.
    pub dealer: Seat,
    /// The phase.
    pub phase: Phase,
    /// Dealing: cards dealt so far; arranging: seats handled; otherwise 0.
    pub progress: u8,
    /// The seat to act (the mover or the arranging seat).
    pub to_act: Seat,
    /// Whether play runs to lower seat numbers.
    pub reversed: bool,
    /// The stage of the turn.
    pub stage: Stage,
    /// Whether the mover's hand is being refilled from the stock.
    pub refill: bool,
    /// The rank the mover laid this turn, while it lies on top.
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_util::rank_opt"))]
    pub group: Option<Rank>,
    /// How many cards of it he laid in a row.
    pub group_len: u8,
    /// The top card's rank.
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_util::rank_opt"))]
    pub top: Option<Rank>,
    /// The pile's level.
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_util::rank_opt"))]
    pub level: Option<Rank>,
    /// Cards of the top rank on top in a row.
    pub run: u8,
    /// The card the opening play must include.
    pub must_open: Option<Card>,
    /// Whether the game ended at the action limit.
    pub ended_by_limit: bool,
    /// Player actions so far.
    pub actions: u32,
    /// Each seat's standing.
    pub status: Vec<Status>,
    /// Each seat's hand.
    pub hands: Vec<CardMultiset>,
    /// Each seat's face-up cards.
    pub face_up: Vec<CardMultiset>,
    /// Each seat's face-down cards.
    pub face_down: Vec<CardMultiset>,
    /// The cards everyone knows to be in each seat's hand (H23.3): part of
    /// that hand. Empty for every seat when left out (no public memory).
    #[cfg_attr(feature = "serde", serde(default))]
    pub known: Vec<CardMultiset>,
    /// The stock.
    pub stock: CardMultiset,
    /// The pile.
    pub pile: CardMultiset,
    /// Burned cards.
    pub burned: CardMultiset,
    /// Cards of players who left.
    pub removed: CardMultiset,
}

impl From<Shithead> for Setup {
    fn from(g: Shithead) -> Setup {
        let n = g.n as usize;
        Setup {
            rules: g.rules,
            seats: g.n,
            dealer: g.dealer,
            phase: g.phase,
            progress: g.progress,
            to_act: g.to_act,
            reversed: g.reversed,
            stage: g.stage,
            refill: g.refill,
            group: g.group,
            group_len: g.group_len,
            top: g.top,
            level: g.level,
            run: g.run,
            must_open: g.must_open,
            ended_by_limit: g.by_limit,
            actions: g.actions,
            status: g.status[..n].to_vec(),
            hands: g.hand[..n].to_vec(),
            face_up: g.up[..n].to_vec(),
            face_down: g.down[..n].to_vec(),
            known: g.known[..n].to_vec(),
            stock: g.stock,
            pile: g.pile,
            burned: g.burned,
            removed: g.removed,
        }
    }
}

impl cards_core::Save for Shithead {
    type Setup = Setup;
    fn save(&self) -> Setup {
        Setup::from(*self)
    }
    fn load(setup: Setup) -> Result<Shithead, SetupError> {
        Shithead::from_setup(setup)
    }
}

impl TryFrom<Setup> for Shithead {
    type Error = SetupError;
    fn try_from(s: Setup) -> Result<Shithead, SetupError> {
        Shithead::from_setup(s)
    }
}

fn bad(why: &'static str) -> SetupError {
    SetupError::Position(why)
}

fn ensure(ok: bool, why: &'static str) -> Result<(), SetupError> {
    if ok { Ok(()) } else { Err(bad(why)) }
}

impl Shithead {
    /// Loads a position after checking it against the rules below. Every
    /// state the engine reaches (and every re-deal of its hidden cards) passes;
    /// the checks refuse what play can never reach whenever that is cheap to
    /// see, but they are not a full reachability proof.
    ///
    /// **Checked:**
    /// - the rules and table: 2–10 seats, 1–3 decks giving nine cards a seat
    ///   (H1), a suit order naming each suit once (H4), an action limit of 1
    ///   to `Rules::MAX_ACTIONS` (H22), the dealer and the seat to act at the
    ///   table, one status and three card lists per seat;
    /// - conservation: hands, table cards, stock, pile, burned and removed
    ///   cards hold every card of the decks exactly once per deck;
    /// - standings: out and left players hold nothing; finishing and leaving
    ///   orders count 0, 1, 2, … without gaps (H19, H21); removed cards only
    ///   when someone left (H21); nobody out while the stock lasts (H9, H19);
    /// - the pile: an empty pile has no top, level or run; otherwise the top
    ///   is never a ten and the run counts 1–3 of its copies (H8), the level
    ///   is the top unless it is a 3, a card of the pile other than a 3, or
    ///   absent only on a pile of 3s (H6, H13); the mover's group lies on top
    ///   and is no longer than the run (H5.2);
    /// - the limit: at most `max_actions` actions, `ended_by_limit` only on a
    ///   finished game at the limit, a game in progress below it (H22);
    /// - dealing and arranging: at least two players still at the table (a
    ///   leaver who leaves one player ends the game, H21);
    /// - dealing: the deal is unfinished, nothing played, the next card goes
    ///   to a seat at the table, and every seat's hand, face-up and face-down
    ///   counts match the deal order so far (H2);
    /// - arranging: nothing played, the arranging seat is the next one after
    ///   the dealer still at the table, every player holds 3 + 3 + 3 (H3);
    /// - playing: at least two players hold cards, the mover is one of them,
    ///   at most three face-up and three face-down cards, table cards all
    ///   still there while the stock lasts (H9), hands refilled to three while
    ///   the stock lasts (H5.3), a refill only after a short hand with a stock;
    ///   the stage: a start without a group, a cover only on the mover's queen
    ///   (H17), an add stage only with a card of the group's rank in his
    ///   source (H5), a blind stage only from face-down cards, covering iff his
    ///   queen is on top (H11.1); an opening card (H4) only at the start of
    ///   the first play, in the opener's hand, before any burn or anyone
    ///   going out, and the worst hand card: no hand holds a worse one and no
    ///   seat before the opener (from the dealer's left) a copy of it;
    /// - finished: no turn in progress (H22.1), and one player left holding
    ///   cards unless the limit ended it, never none: the last player holding
    ///   cards neither goes out nor leaves (H20, H21, H22);
    /// - the direction: reversed only in play, after the opening play, and with a
    ///   king where everyone sees a played king can be (the pile, the burned
    ///   cards, the cards known to be in a hand after a pick-up), or with cards
    ///   removed with a leaver, which may hold one (H5.0, H18, H23.3);
    /// - a game in progress leaves its actor at least one legal action.
    ///
    /// **Not checked** (accepted although play may not reach it): the order
    /// of the pile below its top run (only its multiset, top, level and run
    /// are kept); whether the burned cards split into burns (tens, runs of
    /// four); whether a player with fewer than three face-down cards has
    /// already played all his face-up cards; whether the action count, the
    /// direction and the seat to act agree with any history (how many king
    /// groups were played is not known). Such a position plays on by the rules:
    /// the direction is public, and every direction is one the rules can set.
    ///
    /// # Errors
    /// [`SetupError`] naming what is inconsistent.
    pub fn from_setup(s: Setup) -> Result<Shithead, SetupError> {
        let n = s.seats as usize;
        let decks = check_rules(&s.rules, n)?;
        if s.dealer.index() >= n {
            return Err(SetupError::Dealer(s.dealer));
        }
        ensure(s.to_act.index() < n, "the seat to act is not at the table")?;
        ensure(
            [
                s.status.len(),
                s.hands.len(),
                s.face_up.len(),
                s.face_down.len(),
            ]
            .iter()
            .all(|&l| l == n),
            "every seat needs a status, a hand, face-up and face-down cards",
        )?;
        let mut g = Shithead::with_dealer(s.rules, n, s.dealer)?;
        check_cards(&places(&s), decks)?;
        g.hand[..n].copy_from_slice(&s.hands);
        g.up[..n].copy_from_slice(&s.face_up);
        g.down[..n].copy_from_slice(&s.face_down);
        g.status[..n].copy_from_slice(&s.status);
        g.stock = s.stock;
        g.pile = s.pile;
        g.burned = s.burned;
        g.removed = s.removed;
        g.phase = s.phase;
        g.progress = s.progress;
        g.to_act = s.to_act;
        g.reversed = s.reversed;
        g.stage = s.stage;
        g.refill = s.refill;
        g.group = s.group;
        g.group_len = s.group_len;
        g.top = s.top;
        g.level = s.level;
        g.run = s.run;
        g.must_open = s.must_open;
        g.by_limit = s.ended_by_limit;
        g.actions = s.actions;

        // Standings: finishing and leaving orders are 0, 1, 2, … without gaps.
        let mut outs = [false; MAX_SEATS];
        let mut lefts = [false; MAX_SEATS];
        for (i, st) in s.status.iter().enumerate() {
            let held = g.held(Seat(i as u8));
            match *st {
                Status::Active => {}
                Status::Out(k) | Status::Left(k) => {
                    ensure(held == 0, "a player who is out or left holds no cards")?;
                    let slot = if matches!(st, Status::Out(_)) {
                        &mut outs
                    } else {
                        &mut lefts
                    };
                    ensure(
                        (k as usize) < n,
                        "finishing orders are below the seat count",
                    )?;
                    ensure(
                        !std::mem::replace(&mut slot[k as usize], true),
                        "two players share a finishing or leaving order",
                    )?;
                }
            }
        }
        g.outs = outs.iter().filter(|b| **b).count() as u8;
        g.lefts = lefts.iter().filter(|b| **b).count() as u8;
        ensure(
            outs[..g.outs as usize].iter().all(|b| *b)
                && lefts[..g.lefts as usize].iter().all(|b| *b),
            "finishing and leaving orders count 0, 1, 2, … without gaps",
        )?;
        let active: Vec<usize> = (0..n).filter(|&i| s.status[i] == Status::Active).collect();

        ensure(
            g.removed.is_empty() || g.lefts > 0,
            "only players who left have removed cards (H21)",
        )?;
        ensure(
            g.outs == 0 || g.stock.is_empty(),
            "a player goes out only once the stock is empty (H9, H19)",
        )?;

        // The pile.
        match g.top {
            None => ensure(
                g.pile.is_empty() && g.level.is_none() && g.run == 0,
                "an empty pile has no top, level or run",
            )?,
            Some(t) => {
                ensure(!g.pile.is_empty(), "a pile with a top holds cards")?;
                ensure(
                    g.run >= 1 && (g.run as usize) <= g.pile.count_rank(t) && g.run < 4,
                    "the run counts top cards in a row, fewer than four (four burn)",
                )?;
                ensure(
                    t != Rank::Ten,
                    "a ten burns the pile, so it never lies on top",
                )?;
                if t != Rank::Three {
                    ensure(
                        g.level == Some(t),
                        "the level is the top card unless it is a 3",
                    )?;
                }
                match g.level {
                    Some(l) => ensure(
                        l != Rank::Three && g.pile.count_rank(l) > 0,
                        "the level is a card of the pile that is not a 3",
                    )?,
                    None => ensure(
                        g.pile.ranks() == RankSet::EMPTY.with(Rank::Three),
                        "a pile without a level holds only 3s",
                    )?,
                }
            }
        }
        match g.group {
            Some(r) => ensure(
                g.top == Some(r) && g.group_len >= 1 && g.group_len <= g.run,
                "the mover's group lies on top of the pile",
            )?,
            None => ensure(g.group_len == 0, "no group, no group length")?,
        }
        ensure(
            g.actions <= g.rules.max_actions,
            "more actions than the limit",
        )?;
        ensure(
            !g.by_limit || (g.phase == Phase::Over && g.actions >= g.rules.max_actions),
            "only the action limit ends a game by the limit",
        )?;
        let quiet = !g.refill && g.stage == Stage::Start && g.group.is_none();
        ensure(
            g.phase == Phase::Arranging || !matches!(g.stage, Stage::Picking(_)),
            "face-up cards are picked only while arranging (H3.1)",
        )?;
        if matches!(g.phase, Phase::Dealing | Phase::Arranging) {
            // A leaver who leaves one player at the table ends the game (H21).
            ensure(
                active.len() >= 2,
                "the deal and the arranging go on only while two players are at the table (H21)",
            )?;
        }
        match g.phase {
            Phase::Dealing => {
                ensure(g.progress < 9 * g.n, "the deal is still going on")?;
                ensure(
                    quiet && g.must_open.is_none(),
                    "nothing is played during the deal",
                )?;
                ensure(
                    g.pile.is_empty() && g.burned.is_empty() && g.actions == 0 && g.outs == 0,
                    "nothing is played during the deal",
                )?;
                ensure(
                    g.active(g.deal_target(g.progress).0),
                    "the next card goes to a seat still at the table",
                )?;
                let mut want = [[0usize; 3]; MAX_SEATS];
                for i in 0..g.progress {
                    let (seat, place) = g.deal_target(i);
                    want[seat.index()][place as usize] += 1;
                }
                for &i in &active {
                    let have = [g.hand[i].len(), g.up[i].len(), g.down[i].len()];
                    let w = want[i];
                    ensure(
                        have == [
                            w[Place::Hand as usize],
                            w[Place::FaceUp as usize],
                            w[Place::FaceDown as usize],
                        ],
                        "dealt cards match the deal so far",
                    )?;
                }
            }
            Phase::Arranging => {
                let picking = match g.stage {
                    Stage::Picking(m) => {
                        let p = g.to_act.index();
                        let mut six = g.hand[p];
                        let _ = six.add_all(g.up[p]);
                        ensure(
                            crate::group::picks_reachable(six, m),
                            "the arranging player picked one or two of his six cards (H3.1)",
                        )?;
                        true
                    }
                    _ => false,
                };
                ensure(
                    (quiet || (picking && !g.refill && g.group.is_none())) && g.must_open.is_none(),
                    "nothing is played while arranging",
                )?;
                ensure(
                    g.pile.is_empty() && g.burned.is_empty() && g.outs == 0,
                    "nothing is played while arranging",
                )?;
                ensure(g.progress < g.n, "arranging is still going on")?;
                ensure(
                    g.to_act.index() == (g.dealer.index() + 1 + g.progress as usize) % n
                        && g.active(g.to_act),
                    "players arrange in turn from the player after the dealer",
                )?;
                for &i in &active {
                    ensure(
                        [g.hand[i].len(), g.up[i].len(), g.down[i].len()] == [3, 3, 3],
                        "every player holds three hand, three face-up and three face-down cards",
                    )?;
                }
            }
            Phase::Playing => {
                ensure(
                    g.progress == 0,
                    "progress counts only the deal and arranging",
                )?;
                ensure(
                    active.len() >= 2,
                    "play goes on while two players hold cards",
                )?;
                ensure(g.active(g.to_act), "the mover still holds cards")?;
                for &i in &active {
                    ensure(g.held(Seat(i as u8)) > 0, "a player without cards is out")?;
                    ensure(
                        g.up[i].len() <= 3 && g.down[i].len() <= 3,
                        "at most three face-up and three face-down cards",
                    )?;
                    ensure(
                        g.stock.is_empty() || (g.up[i].len() == 3 && g.down[i].len() == 3),
                        "table cards are played only once the stock is empty (H9)",
                    )?;
                    let refilling = g.refill && i == g.to_act.index();
                    ensure(
                        g.stock.is_empty() || g.hand[i].len() >= 3 || refilling,
                        "hands are refilled to three while the stock lasts",
                    )?;
                }
                let p = g.to_act.index();
                if g.refill {
                    ensure(
                        g.hand[p].len() < 3 && !g.stock.is_empty(),
                        "a refill needs a short hand and a stock",
                    )?;
                    ensure(
                        !matches!(g.stage, Stage::Blind { .. }),
                        "a refill follows a play from the hand",
                    )?;
                } else {
                    let src = g.source(g.to_act);
                    match g.stage {
                        Stage::Start => ensure(g.group.is_none(), "a turn starts without a group")?,
                        Stage::Picking(_) => {
                            return Err(SetupError::Position(
                                "face-up cards are picked only while arranging (H3.1)",
                            ));
                        }
                        Stage::Cover => ensure(
                            g.group == Some(Rank::Queen),
                            "only the mover's queen needs a cover",
                        )?,
                        Stage::Add => {
                            let from = match src {
                                Source::Hand => g.hand[p],
                                Source::FaceUp => g.up[p],
                                _ => CardMultiset::EMPTY,
                            };
                            ensure(
                                g.group
                                    .is_some_and(|r| from.count_rank(r) > 0 && r != Rank::Queen),
                                "cards are added only to the mover's group from his source",
                            )?;
                        }
                        Stage::Blind { cover } => {
                            ensure(
                                src == Source::FaceDown,
                                "blind play is from the face-down cards",
                            )?;
                            ensure(
                                cover == (g.group == Some(Rank::Queen)),
                                "a blind cover needs the mover's queen",
                            )?;
                        }
                    }
                }
                if let Some(c) = g.must_open {
                    ensure(
                        g.stage == Stage::Start
                            && !g.refill
                            && g.pile.is_empty()
                            && g.hand[p].contains(c),
                        "the opener holds the card his opening play must include",
                    )?;
                    ensure(
                        g.burned.is_empty() && g.outs == 0,
                        "the opening play comes before any burn or anyone going out (H4)",
                    )?;
                    let worst = g
                        .rules
                        .opening_key(c)
                        .ok_or(bad("the opening card is of a rank that can be worst (H4)"))?;
                    let from_first = |s: usize| (s + n - (g.dealer.index() + 1) % n) % n;
                    ensure(
                        active.iter().all(|&i| {
                            g.hand[i].iter().all(|(h, _)| {
                                g.rules.opening_key(h).is_none_or(|k| k > worst)
                                    || (h == c && from_first(i) >= from_first(p))
                            })
                        }),
                        "the announced card is the worst hand card, held by the first holder after the dealer (H4)",
                    )?;
                }
            }
            Phase::Over => {
                ensure(
                    quiet && g.must_open.is_none(),
                    "a finished game has no turn in progress",
                )?;
                ensure(
                    !active.is_empty(),
                    "the game is over while one player still holds cards: the last one can neither go out nor leave (H20, H21)",
                )?;
                ensure(
                    g.by_limit || active.len() <= 1,
                    "a game ends when one player holds cards, or at the limit",
                )?;
            }
        }
        // H5.0, H18: only a group of kings reverses the direction. A played king
        // stays on the pile, is burned, or is picked up with the pile into a hand,
        // where everyone knows it (H23.3), and may leave the game with a leaver's
        // cards; it never goes back to the stock or the table. Only what everyone
        // sees counts, so a re-deal of hidden cards keeps a position loadable.
        let king_seen = g.pile.count_rank(Rank::King)
            + g.burned.count_rank(Rank::King)
            + s.known
                .iter()
                .map(|k| k.count_rank(Rank::King))
                .sum::<usize>();
        ensure(
            !g.reversed
                || (matches!(g.phase, Phase::Playing | Phase::Over)
                    && g.must_open.is_none()
                    && (king_seen > 0 || !g.removed.is_empty())),
            "play runs reversed only after a group of kings was played (H5.0, H18)",
        )?;
        if !s.known.is_empty() {
            ensure(s.known.len() == n, "every seat needs its known cards")?;
            ensure(
                s.known.iter().zip(&s.hands).all(|(k, h)| h.includes(*k)),
                "the cards known to be in a hand are in it (H23.3)",
            )?;
            g.known[..n].copy_from_slice(&s.known);
        }
        if g.phase != Phase::Over {
            ensure(g.actions < g.rules.max_actions, "the limit ends the game")?;
            let mut legal = Vec::new();
            g.legal_actions(&mut legal);
            ensure(
                !legal.is_empty(),
                "the position leaves the actor without a move",
            )?;
        }
        Ok(g)
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Shithead {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        Setup::from(*self).serialize(s)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Shithead {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Shithead, D::Error> {
        let setup = Setup::deserialize(d)?;
        Shithead::from_setup(setup).map_err(serde::de::Error::custom)
    }
}

/// Every place of `s` with its cards, seats first.
fn places(s: &Setup) -> Vec<(Spot, CardMultiset)> {
    let mut v = Vec::new();
    for (i, h) in s.hands.iter().enumerate() {
        v.push((Spot::Hand(Seat(i as u8)), *h));
    }
    for (i, h) in s.face_up.iter().enumerate() {
        v.push((Spot::FaceUp(Seat(i as u8)), *h));
    }
    for (i, h) in s.face_down.iter().enumerate() {
        v.push((Spot::FaceDown(Seat(i as u8)), *h));
    }
    v.extend([
        (Spot::Stock, s.stock),
        (Spot::Pile, s.pile),
        (Spot::Burned, s.burned),
        (Spot::Removed, s.removed),
    ]);
    v
}
