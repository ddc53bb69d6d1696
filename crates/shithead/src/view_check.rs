//! Validating a [`View`] that comes from outside (a client deserializing what
//! a server sent): every count, seat and card must fit the rules and agree
//! with the rest of the view, so that an accepted view lists exactly the
//! actions of a position it can be a view of (H23).

use cards_core::{Actor, Card, CardMultiset, Rank, Seat, Viewer, deck::CARDS_52};

use crate::error::SetupError;
use crate::observe::View;
use crate::rules::{Decks, OPENING_RANKS, Rules, check_rules, opening_rank};
use crate::state::{Phase, Source, Stage, Status, source_of};

fn ensure(ok: bool, why: &'static str) -> Result<(), SetupError> {
    if ok {
        Ok(())
    } else {
        Err(SetupError::Position(why))
    }
}

impl View {
    /// Checks that this view is one a position of its rules can show: seats
    /// in range, counts that add up to the decks (H1), no more visible copies
    /// of a card than the decks hold, standings, the pile's top, level and run
    /// (H6, H8, H13), the mover's group and stage (H5, H17, H11.1), the
    /// opening card (H4), the phase and the action limit (H22). Views read
    /// from JSON are checked this way; a view built by [`observe`] always
    /// passes.
    ///
    /// [`observe`]: cards_core::Game::observe
    ///
    /// # Errors
    /// [`SetupError`] naming the first inconsistency.
    pub fn validate(&self) -> Result<(), SetupError> {
        let n = self.status.len();
        ensure(
            self.hand_counts.len() == n
                && self.known.len() == n
                && self.face_up.len() == n
                && self.face_down_counts.len() == n,
            "every seat has a status, a hand count, face-up cards and a face-down count",
        )?;
        let decks = check_rules(
            &Rules {
                decks: Decks::Fixed(self.decks),
                ..Rules::default()
            },
            n,
        )?;
        ensure(self.dealer.index() < n, "the dealer sits at the table")?;
        ensure(self.to_act.index() < n, "the seat to act sits at the table")?;
        if let Actor::Player(p) = self.actor {
            ensure(p == self.to_act, "the actor is the seat to act")?;
        }
        // H23.3: known cards are part of their hand.
        for (i, k) in self.known.as_slice().iter().enumerate() {
            ensure(
                k.len() <= usize::from(self.hand_counts.as_slice()[i]),
                "a hand holds the cards known to be in it (H23.3)",
            )?;
            if let (Viewer::Seat(s), Some(h)) = (self.viewer, self.hand)
                && s.index() == i
            {
                ensure(
                    h.includes(*k),
                    "a hand holds the cards known to be in it (H23.3)",
                )?;
            }
        }
        let seat_ok = |s: Seat| s.index() < n;
        let me = match self.viewer {
            Viewer::Seat(s) => {
                ensure(seat_ok(s), "the viewer sits at the table")?;
                let hand = self
                    .hand
                    .ok_or(SetupError::Position("a seated viewer sees his own hand"))?;
                ensure(
                    hand.len() == usize::from(self.hand_counts.as_slice()[s.index()]),
                    "the viewer's hand count is his hand's size",
                )?;
                Some((s, hand))
            }
            Viewer::Spectator => {
                ensure(self.hand.is_none(), "a spectator sees no hand")?;
                None
            }
        };
        // Cards: counts add up to the decks; visible copies fit in them.
        let held = |i: usize| {
            usize::from(self.hand_counts.as_slice()[i])
                + self.face_up.as_slice()[i].len()
                + usize::from(self.face_down_counts.as_slice()[i])
        };
        let total: usize = (0..n).map(held).sum::<usize>()
            + self.pile.len()
            + usize::from(self.stock_len)
            + self.burned.len()
            + usize::from(self.removed_len);
        ensure(
            total == 52 * usize::from(decks),
            "the counts add up to the decks in play (H1)",
        )?;
        let all =
            CardMultiset::decks(CARDS_52, decks).map_err(|_| SetupError::Decks(decks.into()))?;
        let mut seen = self
            .pile
            .checked_union(self.burned)
            .map_err(|_| SetupError::Cards)?;
        let others_known = self
            .known
            .as_slice()
            .iter()
            .enumerate()
            .filter(|(i, _)| self.viewer != Viewer::Seat(Seat(*i as u8)))
            .map(|(_, k)| k);
        for part in self
            .face_up
            .as_slice()
            .iter()
            .chain(self.hand.as_slice())
            .chain(others_known)
        {
            seen = seen.checked_union(*part).map_err(|_| SetupError::Cards)?;
        }
        ensure(
            all.includes(seen),
            "no card is seen more often than the decks hold it",
        )?;
        // Standings.
        let (mut outs, mut lefts) = ([false; 10], [false; 10]);
        for (i, st) in self.status.as_slice().iter().enumerate() {
            match *st {
                Status::Active => {}
                Status::Out(k) | Status::Left(k) => {
                    ensure(held(i) == 0, "a player who is out or left holds no cards")?;
                    let slot = if matches!(st, Status::Out(_)) {
                        &mut outs
                    } else {
                        &mut lefts
                    };
                    ensure(
                        usize::from(k) < n,
                        "finishing orders are below the seat count",
                    )?;
                    ensure(
                        !std::mem::replace(&mut slot[usize::from(k)], true),
                        "two players share a finishing or leaving order",
                    )?;
                }
            }
        }
        let gapless = |v: &[bool]| v.iter().skip_while(|b| **b).all(|b| !*b);
        ensure(
            gapless(&outs) && gapless(&lefts),
            "finishing and leaving orders count 0, 1, 2, … without gaps",
        )?;
        let active = |s: Seat| seat_ok(s) && self.status.as_slice()[s.index()] == Status::Active;
        let n_active = (0..n).filter(|&i| active(Seat(i as u8))).count();
        ensure(
            self.removed_len == 0 || lefts[0],
            "only players who left have removed cards (H21)",
        )?;
        self.check_pile()?;
        // Phase, actor and stage.
        ensure(
            self.actions <= Rules::MAX_ACTIONS
                && (self.phase == Phase::Over || self.actions < Rules::MAX_ACTIONS),
            "the action limit ends the game (H22)",
        )?;
        let picking = match self.stage {
            Stage::Picking(m) => {
                ensure(
                    self.phase == Phase::Arranging,
                    "face-up cards are picked only while arranging (H3.1)",
                )?;
                self.check_picks(m)?;
                true
            }
            _ => false,
        };
        let quiet = (self.stage == Stage::Start || picking)
            && self.group.is_none()
            && self.must_open.is_none();
        match self.phase {
            Phase::Over => {
                ensure(
                    self.actor == Actor::Terminal,
                    "nobody acts in a finished game",
                )?;
                ensure(quiet, "a finished game has no turn in progress (H22.1)")?;
            }
            Phase::Dealing | Phase::Arranging => {
                ensure(
                    quiet && self.pile.is_empty() && self.burned.is_empty() && !outs[0],
                    "nothing is played before the arranging ends",
                )?;
                ensure(n_active >= 2, "play goes on while two players hold cards")?;
                if self.phase == Phase::Dealing {
                    ensure(self.actor == Actor::Chance, "chance deals")?;
                } else {
                    let Actor::Player(p) = self.actor else {
                        return Err(SetupError::Position("a player arranges"));
                    };
                    ensure(active(p), "the arranging player is at the table")?;
                    for i in (0..n).filter(|&i| active(Seat(i as u8))) {
                        ensure(
                            self.hand_counts.as_slice()[i] == 3
                                && self.face_up.as_slice()[i].len() == 3
                                && self.face_down_counts.as_slice()[i] == 3,
                            "every player holds three hand, three face-up and three face-down cards",
                        )?;
                    }
                }
            }
            Phase::Playing => {
                ensure(n_active >= 2, "play goes on while two players hold cards")?;
                for i in (0..n).filter(|&i| active(Seat(i as u8))) {
                    let (up, down) = (
                        self.face_up.as_slice()[i].len(),
                        self.face_down_counts.as_slice()[i],
                    );
                    ensure(held(i) > 0, "a player without cards is out")?;
                    ensure(
                        up <= 3 && down <= 3,
                        "at most three face-up and three face-down cards",
                    )?;
                    ensure(
                        self.stock_len == 0 || (up == 3 && down == 3),
                        "table cards are played only once the stock is empty (H9)",
                    )?;
                }
                ensure(
                    self.stock_len == 0 || !outs[0],
                    "a player goes out only once the stock is empty (H9, H19)",
                )?;
                // H5.3: hands are refilled to three while the stock lasts; only
                // the mover's may be short, while chance refills it.
                let short = (0..n)
                    .filter(|&i| active(Seat(i as u8)) && self.hand_counts.as_slice()[i] < 3)
                    .count();
                let refilling =
                    self.actor == Actor::Chance && !matches!(self.stage, Stage::Blind { .. });
                ensure(
                    self.stock_len == 0 || short <= usize::from(refilling),
                    "hands are refilled to three while the stock lasts (H5.3)",
                )?;
                match self.actor {
                    Actor::Player(p) => {
                        ensure(active(p), "the mover holds cards")?;
                        ensure(
                            !matches!(self.stage, Stage::Blind { .. }),
                            "chance turns the blind card (H11.1)",
                        )?;
                    }
                    Actor::Chance => ensure(
                        matches!(self.stage, Stage::Blind { .. }) || self.stock_len > 0,
                        "chance acts in play only to refill or to turn a blind card",
                    )?,
                    Actor::Terminal => {
                        return Err(SetupError::Position("a game in play has an actor"));
                    }
                }
                // A refill (chance acts, not blind) follows a play within a
                // turn: the stage of that turn is kept as it was.
                let refill =
                    self.actor == Actor::Chance && !matches!(self.stage, Stage::Blind { .. });
                match self.stage {
                    _ if refill => {}
                    Stage::Start => ensure(self.group.is_none(), "a turn starts without a group")?,
                    Stage::Picking(_) => {}
                    Stage::Cover => ensure(
                        self.group == Some(Rank::Queen),
                        "only the mover's queen needs a cover (H17)",
                    )?,
                    Stage::Add => ensure(
                        self.group.is_some_and(|r| r != Rank::Queen),
                        "cards are added only to the mover's group (H5)",
                    )?,
                    Stage::Blind { cover } => ensure(
                        cover == (self.group == Some(Rank::Queen)) && self.actor == Actor::Chance,
                        "a blind cover needs the mover's queen (H11.1)",
                    )?,
                }
                if let Some(c) = self.must_open {
                    ensure(
                        self.stage == Stage::Start
                            && self.pile.is_empty()
                            && self.burned.is_empty()
                            && !outs[0]
                            && OPENING_RANKS.contains(&c.rank())
                            && matches!(self.actor, Actor::Player(_)),
                        "an opening card is announced only before the first play (H4)",
                    )?;
                }
            }
        }
        // H4: the announced card is the worst hand card, so no hand card the
        // viewer sees is of a worse rank (within its rank, the suit order
        // decides: see `validate_for`), and of several holders of it the
        // first after the dealer opens.
        if let (Some(c), Actor::Player(opener)) = (self.must_open, self.actor) {
            ensure(
                self.sees_none_worse(c, |h| opening_rank(h.rank())),
                "the announced card is the worst hand card (H4)",
            )?;
            let from_first = |x: usize| (x + n - self.dealer.index() - 1) % n;
            for (s, seen) in self.seen_hands().enumerate() {
                ensure(
                    from_first(s) >= from_first(opener.index()) || !seen.contains(c),
                    "the first holder of the worst card after the dealer opens (H4)",
                )?;
            }
        }
        // What the viewer himself can check about his own turn.
        if let (Some((s, hand)), Actor::Player(p)) = (me, self.actor)
            && s == p
            && self.phase == Phase::Playing
        {
            let up = self.face_up.as_slice()[s.index()];
            let down = usize::from(self.face_down_counts.as_slice()[s.index()]);
            if let Some(c) = self.must_open {
                ensure(hand.contains(c), "the opener holds his announced card (H4)")?;
            }
            if let (Stage::Add, Some(r)) = (self.stage, self.group) {
                let from = match source_of(hand, up, down) {
                    Source::Hand => hand,
                    Source::FaceUp => up,
                    _ => CardMultiset::EMPTY,
                };
                ensure(
                    from.count_rank(r) > 0,
                    "cards are added only to the mover's group from his source (H5)",
                )?;
            }
            let mut legal = Vec::new();
            self.legal_actions(&mut legal);
            ensure(!legal.is_empty(), "the player to act has a move")?;
        }
        Ok(())
    }

    /// [`validate`](View::validate), and what only the rules in play can
    /// tell: the deck count (H1), the pick-up rule (H7), the action limit
    /// (H22) and, with the rules' suit order, that no hand card the viewer
    /// sees is worse than the announced opening card (H4).
    ///
    /// # Errors
    /// [`SetupError`] naming the first inconsistency.
    pub fn validate_for(&self, rules: &Rules) -> Result<(), SetupError> {
        self.validate()?;
        let n = self.status.len();
        ensure(
            check_rules(rules, n)? == self.decks,
            "the view's deck count is the rules' (H1)",
        )?;
        ensure(
            rules.pick_up == self.pick_up,
            "the view's pick-up rule is the rules' (H7)",
        )?;
        ensure(
            self.actions <= rules.max_actions
                && (self.phase == Phase::Over || self.actions < rules.max_actions),
            "the action limit ends the game (H22)",
        )?;
        // H4: the announced card is the worst hand card, so no hand card the
        // viewer sees is worse (a copy of it, with several decks, is fine).
        if let Some(c) = self.must_open {
            ensure(
                self.sees_none_worse(c, |h| rules.opening_key(h)),
                "the announced card is the worst hand card (H4)",
            )?;
        }
        Ok(())
    }

    /// H4: whether no hand card the viewer sees comes before `c` in the
    /// order `key` gives (a card without a key is never worst).
    fn sees_none_worse<K: Ord>(&self, c: Card, key: impl Fn(Card) -> Option<K>) -> bool {
        let worst = key(c);
        self.seen_hands().all(|seen| {
            seen.iter()
                .all(|(h, _)| key(h).is_none_or(|k| Some(k) >= worst))
        })
    }

    /// The hand cards the viewer sees, by seat: his own hand, and the cards
    /// known to be in each other hand (H23.3).
    fn seen_hands(&self) -> impl Iterator<Item = CardMultiset> + '_ {
        let own = match self.viewer {
            Viewer::Seat(s) => Some(s.index()),
            Viewer::Spectator => None,
        };
        self.known
            .as_slice()
            .iter()
            .enumerate()
            .map(move |(s, &k)| match (own == Some(s), self.hand) {
                (true, Some(hand)) => hand,
                _ => k,
            })
    }

    /// H6, H8, H13, H5.2: the pile's top, level and run, and the mover's group.
    /// H3.1: one or two picks of the arranging player's six cards; the
    /// arranging player's own view shows all six, others' only that the
    /// picks not among his face-up cards can be hand cards.
    fn check_picks(&self, picked: CardMultiset) -> Result<(), SetupError> {
        let Actor::Player(p) = self.actor else {
            return Err(SetupError::Position("a player arranges"));
        };
        let up = self.face_up.get(p).copied().unwrap_or_default();
        match (self.viewer, self.hand) {
            (Viewer::Seat(me), Some(hand)) if me == p => {
                let mut six = hand;
                six.add_all(up).map_err(|_| SetupError::Cards)?;
                ensure(
                    crate::group::picks_reachable(six, picked),
                    "the arranging player picked one or two of his six cards (H3.1)",
                )
            }
            _ => {
                let mut from_hand = picked;
                for c in up.copies() {
                    from_hand.remove(c);
                }
                ensure(
                    (1..=2).contains(&picked.len())
                        && from_hand.len()
                            <= usize::from(self.hand_counts.get(p).copied().unwrap_or(0)),
                    "the arranging player picked one or two of his six cards (H3.1)",
                )
            }
        }
    }

    fn check_pile(&self) -> Result<(), SetupError> {
        match self.top {
            None => ensure(
                self.pile.is_empty() && self.level.is_none() && self.run == 0,
                "an empty pile has no top, level or run",
            )?,
            Some(t) => {
                ensure(
                    self.run >= 1
                        && usize::from(self.run) <= self.pile.count_rank(t)
                        && self.run < 4,
                    "the run counts top cards in a row, fewer than four (H8)",
                )?;
                ensure(
                    t != Rank::Ten,
                    "a ten burns the pile, so it never lies on top (H8)",
                )?;
                if t != Rank::Three {
                    ensure(
                        self.level == Some(t),
                        "the level is the top card unless it is a 3 (H6)",
                    )?;
                }
                match self.level {
                    Some(l) => ensure(
                        l != Rank::Three && self.pile.count_rank(l) > 0,
                        "the level is a card of the pile that is not a 3 (H13)",
                    )?,
                    None => ensure(
                        self.pile.ranks() == cards_core::RankSet::EMPTY.with(Rank::Three),
                        "a pile without a level holds only 3s (H13)",
                    )?,
                }
            }
        }
        match self.group {
            Some(r) => ensure(
                self.top == Some(r) && self.group_len >= 1 && self.group_len <= self.run,
                "the mover's group lies on top of the pile (H5.2)",
            ),
            None => ensure(self.group_len == 0, "no group, no group length"),
        }
    }
}

/// The JSON form of a [`View`], checked by [`View::validate`] on the way in.
#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct ViewData {
    viewer: Viewer,
    decks: u8,
    pick_up: crate::rules::PickUp,
    dealer: Seat,
    phase: Phase,
    stage: Stage,
    actor: Actor,
    to_act: Seat,
    hand: Option<CardMultiset>,
    hand_counts: cards_core::PerSeat<u8>,
    face_up: cards_core::PerSeat<CardMultiset>,
    known: cards_core::PerSeat<CardMultiset>,
    face_down_counts: cards_core::PerSeat<u8>,
    status: cards_core::PerSeat<Status>,
    pile: CardMultiset,
    #[serde(with = "crate::serde_util::rank_opt")]
    top: Option<Rank>,
    #[serde(with = "crate::serde_util::rank_opt")]
    level: Option<Rank>,
    run: u8,
    #[serde(with = "crate::serde_util::rank_opt")]
    group: Option<Rank>,
    group_len: u8,
    must_open: Option<cards_core::Card>,
    reversed: bool,
    stock_len: u16,
    burned: CardMultiset,
    removed_len: u16,
    actions: u32,
}

#[cfg(feature = "serde")]
impl TryFrom<ViewData> for View {
    type Error = SetupError;
    fn try_from(d: ViewData) -> Result<View, SetupError> {
        let v = View {
            viewer: d.viewer,
            decks: d.decks,
            pick_up: d.pick_up,
            dealer: d.dealer,
            phase: d.phase,
            stage: d.stage,
            actor: d.actor,
            to_act: d.to_act,
            hand: d.hand,
            hand_counts: d.hand_counts,
            face_up: d.face_up,
            known: d.known,
            face_down_counts: d.face_down_counts,
            status: d.status,
            pile: d.pile,
            top: d.top,
            level: d.level,
            run: d.run,
            group: d.group,
            group_len: d.group_len,
            must_open: d.must_open,
            reversed: d.reversed,
            stock_len: d.stock_len,
            burned: d.burned,
            removed_len: d.removed_len,
            actions: d.actions,
        };
        v.validate()?;
        Ok(v)
    }
}
