//! A tiny test-only game that every generic tool and conformance check runs on.
//!
//! Two or three seats, an 8-card deck (2 to 5 of clubs and hearts). Chance deals
//! each seat one hidden card; then each seat in turn draws open cards (up to
//! `max_cards` in all) or stands. When every seat still in has stood, the highest
//! total of rank numbers wins. A seat may leave (a host operation) and ranks last.
//! `Bug` switches on deliberate faults, so tests show the checks can fail.

use std::fmt;
use std::str::FromStr;

use cards_core::{
    Actor, Card, CardSet, Game, Leave, Outcome, PerSeat, Rank, Redeal, Rng, Seat, SeatView, Suit,
    Viewer, chance::below,
};

/// The toy's deck: 2–5 of clubs and hearts.
pub fn deck() -> CardSet {
    [Suit::Clubs, Suit::Hearts]
        .into_iter()
        .flat_map(|s| [Rank::Two, Rank::Three, Rank::Four, Rank::Five].map(|r| Card::new(r, s)))
        .collect()
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Bug {
    #[default]
    None,
    /// Views show the other seats' hidden cards.
    LeakyView,
    /// Events tell the other seats which hidden card was dealt (the
    /// spectator hears only that a card was dealt).
    LeakyEvent,
    /// Events tell the spectator which hidden card was dealt, as if it
    /// saw every card (the seats hear only that a card was dealt).
    SpectatorSeesDeals,
    /// `apply` accepts `stand` out of turn.
    AcceptsUnlisted,
    /// `apply` panics on `draw` when the stock has fewer than 5 cards.
    PanicsOnDraw,
    /// `legal_actions` lists `stand` twice.
    Duplicates,
    /// `sample_chance` always takes the first outcome.
    WrongSampler,
    /// Saving forgets how many seats have left.
    ForgetsOnSave,
    /// Loading refuses a finished game.
    RefusesFinished,
    /// `action_id` gives a dealt card an id in the player space too.
    SharedIds,
    /// `apply_legal` (the searches' unchecked apply) does not pass the turn
    /// on after `stand`.
    UncheckedStandKeepsTurn,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct ToyRules {
    pub max_cards: u8,
    pub bug: Bug,
    /// An opponent model for the searches: a determinization whose other
    /// seats hold a hidden 5 is plausible, any other one is not.
    pub believe_fives: bool,
    /// The searches let the other seats act at random inside their trees.
    pub model_opponents: bool,
}

impl ToyRules {
    /// Three cards a hand, no planted bug, no opponent model.
    pub fn plain() -> ToyRules {
        ToyRules {
            max_cards: 3,
            bug: Bug::None,
            believe_fives: false,
            model_opponents: false,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum ToyAction {
    Deal(Card),
    Draw,
    Stand,
}

impl fmt::Display for ToyAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ToyAction::Deal(c) => write!(f, "deal {c}"),
            ToyAction::Draw => f.write_str("draw"),
            ToyAction::Stand => f.write_str("stand"),
        }
    }
}

#[derive(Debug, thiserror::Error, Clone, PartialEq, Eq)]
#[error("{0:?} is not a toy action")]
pub struct BadText(String);

impl FromStr for ToyAction {
    type Err = BadText;
    fn from_str(s: &str) -> Result<Self, BadText> {
        match s {
            "draw" => Ok(ToyAction::Draw),
            "stand" => Ok(ToyAction::Stand),
            _ => s
                .strip_prefix("deal ")
                .and_then(|c| c.parse().ok())
                .map(ToyAction::Deal)
                .ok_or_else(|| BadText(s.to_string())),
        }
    }
}

#[derive(Debug, thiserror::Error, Clone, PartialEq, Eq)]
pub enum ToyError {
    #[error("the toy game seats 2 or 3 players")]
    Seats,
    #[error("that action is not legal now")]
    Illegal,
    #[error("the toy game is over")]
    Over,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Toy {
    rules: ToyRules,
    stock: CardSet,
    hidden: PerSeat<Option<Card>>,
    open: PerSeat<CardSet>,
    stood: PerSeat<bool>,
    left: PerSeat<u8>,
    leavers: u8,
    to_act: Seat,
    drawing: bool,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ToyView {
    pub me: Option<Seat>,
    pub own_hidden: Option<Card>,
    pub leaked: Vec<Card>,
    pub open: PerSeat<CardSet>,
    pub stood: PerSeat<bool>,
    pub stock_len: usize,
    pub actor: Actor,
    pub can_draw: bool,
    pub left: PerSeat<u8>,
    pub to_act: Seat,
}

impl SeatView for ToyView {
    type Action = ToyAction;
    fn legal_actions(&self, out: &mut Vec<ToyAction>) {
        out.clear();
        if self.me.is_some() && self.actor == Actor::Player(self.me.unwrap()) {
            if self.can_draw {
                out.push(ToyAction::Draw);
            }
            out.push(ToyAction::Stand);
        }
    }
}

impl Toy {
    /// The position after `action` (the toy writes its transition on a copy).
    fn after(&self, action: &ToyAction) -> Result<Self, ToyError> {
        let mut next = self.clone();
        match (self.actor(), *action) {
            (Actor::Chance, ToyAction::Deal(c)) if self.stock.contains(c) => {
                next.stock.remove(c);
                match self.undealt() {
                    Some(s) => next.hidden[s] = Some(c),
                    None => {
                        next.open[self.to_act].insert(c);
                        next.drawing = false;
                        next.advance();
                    }
                }
            }
            (Actor::Player(s), ToyAction::Draw) if self.can_draw(s) => {
                if self.rules.bug == Bug::PanicsOnDraw && self.stock.len() < 5 {
                    panic!("deliberate toy bug");
                }
                next.drawing = true;
            }
            (Actor::Player(s), ToyAction::Stand) => {
                next.stood[s] = true;
                next.advance();
            }
            (Actor::Chance, ToyAction::Stand) if self.rules.bug == Bug::AcceptsUnlisted => {}
            (Actor::Terminal, _) => return Err(ToyError::Over),
            _ => return Err(ToyError::Illegal),
        }
        Ok(next)
    }

    fn in_game(&self, s: Seat) -> bool {
        self.left[s] == 0
    }

    fn total(&self, s: Seat) -> u32 {
        self.hidden[s].map_or(0, |c| c.rank().number() as u32)
            + self.open[s]
                .iter()
                .map(|c| c.rank().number() as u32)
                .sum::<u32>()
    }

    fn can_draw(&self, s: Seat) -> bool {
        !self.stock.is_empty() && 1 + self.open[s].len() < self.rules.max_cards as usize
    }

    fn undealt(&self) -> Option<Seat> {
        self.hidden
            .seats()
            .find(|&s| self.in_game(s) && self.hidden[s].is_none())
    }

    fn advance(&mut self) {
        let n = self.seats();
        for _ in 0..n {
            self.to_act = self.to_act.next(n);
            if self.in_game(self.to_act) && !self.stood[self.to_act] {
                return;
            }
        }
    }

    fn players_left(&self) -> usize {
        self.left.as_slice().iter().filter(|&&l| l == 0).count()
    }

    /// The places as the position stands: players still in rank by total;
    /// leavers behind them, later leavers better.
    fn standings(&self) -> Outcome {
        let scores: Vec<(u8, u32)> = self
            .left
            .iter()
            .map(|(s, &l)| {
                if l == 0 {
                    (u8::MAX, self.total(s))
                } else {
                    (l, 0)
                }
            })
            .collect();
        Outcome::from_scores(&scores)
    }
}

impl Game for Toy {
    type Rules = ToyRules;
    type Action = ToyAction;
    type HostOp = Leave;
    type Illegal = ToyError;
    type SetupError = ToyError;
    type View = ToyView;
    type Event = String;

    fn new(rules: ToyRules, seats: usize) -> Result<Self, ToyError> {
        if !(2..=3).contains(&seats) {
            return Err(ToyError::Seats);
        }
        let rules = ToyRules {
            max_cards: rules.max_cards.clamp(1, 3),
            ..rules
        };
        Ok(Toy {
            rules,
            stock: deck(),
            hidden: PerSeat::new(seats, None),
            open: PerSeat::new(seats, CardSet::EMPTY),
            stood: PerSeat::new(seats, false),
            left: PerSeat::new(seats, 0),
            leavers: 0,
            to_act: Seat(0),
            drawing: false,
        })
    }

    fn rules(&self) -> &ToyRules {
        &self.rules
    }

    fn seats(&self) -> usize {
        self.hidden.len()
    }

    fn actor(&self) -> Actor {
        if self.players_left() < 2 || self.stood.iter().all(|(s, &st)| st || !self.in_game(s)) {
            Actor::Terminal
        } else if self.undealt().is_some() || self.drawing {
            Actor::Chance
        } else {
            Actor::Player(self.to_act)
        }
    }

    fn legal_actions(&self, out: &mut Vec<ToyAction>) {
        out.clear();
        match self.actor() {
            Actor::Terminal => {}
            Actor::Chance => out.extend(self.stock.iter().map(ToyAction::Deal)),
            Actor::Player(s) => {
                if self.can_draw(s) {
                    out.push(ToyAction::Draw);
                }
                out.push(ToyAction::Stand);
                if self.rules.bug == Bug::Duplicates {
                    out.push(ToyAction::Stand);
                }
            }
        }
    }

    fn chance_outcomes(&self, out: &mut Vec<(ToyAction, u32)>) {
        out.clear();
        if self.actor() == Actor::Chance {
            out.extend(self.stock.iter().map(|c| (ToyAction::Deal(c), 1)));
        }
    }

    fn sample_chance<R: Rng + ?Sized>(
        &self,
        rng: &mut R,
        scratch: &mut Vec<(ToyAction, u32)>,
    ) -> Option<ToyAction> {
        self.chance_outcomes(scratch);
        if self.rules.bug == Bug::WrongSampler {
            return scratch.first().map(|(a, _)| *a);
        }
        cards_core::chance::pick_outcome(rng, scratch)
    }

    fn apply_mut(&mut self, action: &ToyAction) -> Result<(), ToyError> {
        *self = self.after(action)?;
        Ok(())
    }

    fn host(&self, op: &Leave) -> Result<Self, ToyError> {
        let Leave(s) = *op;
        if s.index() >= self.seats() || !self.in_game(s) || self.actor() == Actor::Terminal {
            return Err(ToyError::Illegal);
        }
        let mut next = self.clone();
        next.leavers += 1;
        next.left[s] = next.leavers;
        if let Some(c) = next.hidden[s].take() {
            next.stock.insert(c);
        }
        if next.to_act == s {
            next.drawing = false;
            next.advance();
        }
        Ok(next)
    }

    fn host_seat(op: &Leave) -> Option<Seat> {
        Some(op.0)
    }

    fn observe(&self, viewer: Viewer) -> ToyView {
        let me = match viewer {
            Viewer::Seat(s) => Some(s),
            Viewer::Spectator => None,
        };
        let leaked = if self.rules.bug == Bug::LeakyView {
            self.hidden.as_slice().iter().flatten().copied().collect()
        } else {
            Vec::new()
        };
        ToyView {
            me,
            own_hidden: me.and_then(|s| self.hidden[s]),
            leaked,
            open: self.open,
            stood: self.stood,
            stock_len: self.stock.len(),
            actor: self.actor(),
            can_draw: me.is_some_and(|s| self.can_draw(s)),
            left: self.left,
            to_act: self.to_act,
        }
    }

    fn event(&self, action: &ToyAction, viewer: Viewer) -> Result<String, ToyError> {
        self.apply(action)?;
        Ok(match (self.undealt(), action) {
            (Some(s), ToyAction::Deal(c))
                if viewer == Viewer::Seat(s)
                    || (self.rules.bug == Bug::LeakyEvent && viewer != Viewer::Spectator)
                    || (self.rules.bug == Bug::SpectatorSeesDeals
                        && viewer == Viewer::Spectator) =>
            {
                format!("you were dealt {c}")
            }
            (Some(s), ToyAction::Deal(_)) => format!("{s} was dealt a card"),
            (None, ToyAction::Deal(c)) => format!("{} drew {c}", self.to_act),
            (_, a) => format!("{} chose {a}", self.to_act),
        })
    }

    fn outcome(&self) -> Option<Outcome> {
        (self.actor() == Actor::Terminal).then(|| self.standings())
    }

    fn game_over(&self) -> Option<ToyError> {
        (self.actor() == Actor::Terminal).then_some(ToyError::Over)
    }
}

impl Redeal for Toy {
    fn redeal_hidden<R: Rng + ?Sized>(&self, seat: Seat, rng: &mut R) -> Self {
        let mut next = self.clone();
        let mut pool = self.stock;
        for s in self.hidden.seats().filter(|&s| s != seat) {
            if let Some(c) = self.hidden[s] {
                pool.insert(c);
            }
        }
        for s in self.hidden.seats().filter(|&s| s != seat) {
            if self.hidden[s].is_some() {
                let c = pool
                    .nth(below(rng, pool.len() as u64) as usize)
                    .expect("pool holds a card for every hidden one");
                pool.remove(c);
                next.hidden[s] = Some(c);
            }
        }
        next.stock = pool;
        next
    }
}

impl cards_core::Determinize for Toy {
    /// Deals the cards the seat has not seen (other seats' hidden cards and the
    /// stock) uniformly among the seats still holding a hidden card and the stock.
    fn determinize<R: Rng + ?Sized>(
        rules: &ToyRules,
        view: &ToyView,
        rng: &mut R,
    ) -> Result<Toy, ToyError> {
        let me = view.me.ok_or(ToyError::Illegal)?;
        let seats = view.open.len();
        let mut state = Toy::new(rules.clone(), seats)?;
        let mut pool = deck();
        for (s, open) in view.open.iter() {
            pool -= *open;
            state.open[s] = *open;
        }
        if let Some(c) = view.own_hidden {
            pool.remove(c);
            state.hidden[me] = Some(c);
        }
        state.stood = view.stood;
        state.left = view.left;
        state.leavers = view.left.as_slice().iter().copied().max().unwrap_or(0);
        state.to_act = view.to_act;
        // The deal goes to the seats still in, in seat order: the hidden cards
        // held now are on the first `held` of them.
        let open_cards: usize = view.open.as_slice().iter().map(|o| o.len()).sum();
        let held = deck()
            .len()
            .checked_sub(view.stock_len + open_cards)
            .ok_or(ToyError::Illegal)?;
        let holders: Vec<Seat> = state
            .hidden
            .seats()
            .filter(|&s| state.in_game(s))
            .take(held)
            .collect();
        if holders.len() != held || holders.contains(&me) != view.own_hidden.is_some() {
            return Err(ToyError::Illegal);
        }
        for s in holders.into_iter().filter(|&s| s != me) {
            let c = pool
                .nth(below(rng, pool.len() as u64) as usize)
                .ok_or(ToyError::Illegal)?;
            pool.remove(c);
            state.hidden[s] = Some(c);
        }
        state.drawing = view.actor == Actor::Chance && state.undealt().is_none();
        if pool.len() != view.stock_len {
            return Err(ToyError::Illegal);
        }
        state.stock = pool;
        Ok(state)
    }

    fn apply_legal(&mut self, action: &ToyAction) -> Result<(), ToyError> {
        if self.rules.bug == Bug::UncheckedStandKeepsTurn && *action == ToyAction::Stand {
            let mover = self.to_act;
            self.apply_mut(action)?;
            self.to_act = mover;
            return Ok(());
        }
        self.apply_mut(action)
    }

    fn opponents_by_playout(&self) -> bool {
        self.rules.model_opponents
    }

    /// A cut playout scores as if every seat still in stood now.
    fn cutoff_reward(&self, seat: Seat) -> Option<f64> {
        Some(self.standings().reward(seat))
    }

    fn plausibility(&self, view: &ToyView) -> f64 {
        let others_hold_fives = self
            .hidden
            .seats()
            .filter(|&s| Some(s) != view.me)
            .all(|s| self.hidden[s].is_none_or(|c| c.rank() == Rank::Five));
        if !self.rules.believe_fives || others_hold_fives {
            1.0
        } else {
            0.0
        }
    }
}

impl cards_core::Save for Toy {
    type Setup = Toy;
    fn save(&self) -> Toy {
        let mut setup = self.clone();
        if self.rules.bug == Bug::ForgetsOnSave {
            setup.leavers = 0;
        }
        setup
    }
    fn load(setup: Toy) -> Result<Toy, ToyError> {
        if setup.rules.bug == Bug::RefusesFinished && setup.actor() == Actor::Terminal {
            return Err(ToyError::Illegal);
        }
        Ok(setup)
    }
}

/// Action ids: draw 0, stand 1; chance ids: the dealt card's place in the toy
/// deck. Observation: the seat's own hidden card (8, one-hot), each seat's open
/// cards (8 per seat), each seat's stood and left flags, the stock size.
impl cards_core::Encode for Toy {
    fn shape(_: &ToyRules, seats: usize) -> cards_core::Shape {
        cards_core::Shape {
            actions: 2,
            chance_outcomes: 8,
            observation: 8 + 10 * seats + 1,
        }
    }

    fn action_id(rules: &ToyRules, _: usize, action: &ToyAction, chance: bool) -> Option<usize> {
        match (action, chance) {
            (ToyAction::Deal(_), false) if rules.bug == Bug::SharedIds => Some(1),
            (ToyAction::Draw, false) => Some(0),
            (ToyAction::Stand, false) => Some(1),
            (ToyAction::Deal(c), true) => deck().iter().position(|d| d == *c),
            _ => None,
        }
    }

    fn action_from_id(_: &ToyRules, _: usize, id: usize, chance: bool) -> Option<ToyAction> {
        match (id, chance) {
            (0, false) => Some(ToyAction::Draw),
            (1, false) => Some(ToyAction::Stand),
            (i, true) => deck().nth(i).map(ToyAction::Deal),
            _ => None,
        }
    }

    fn write_view(_: &ToyRules, seats: usize, view: &ToyView, out: &mut [f32]) {
        let index = |c: Card| deck().iter().position(|d| d == c).unwrap_or(0);
        if let Some(c) = view.own_hidden {
            out[index(c)] = 1.0;
        }
        // A leaky view (Bug::LeakyView) leaks into the tensor too (still in
        // [0, 1], so the check that catches it is the re-deal one).
        for &c in &view.leaked {
            out[index(c)] = 1.0;
        }
        for s in 0..seats {
            let seat = Seat(s as u8);
            let base = 8 + 10 * s;
            for c in view.open[seat].iter() {
                out[base + index(c)] = 1.0;
            }
            out[base + 8] = f32::from(u8::from(view.stood[seat]));
            out[base + 9] = f32::from(u8::from(view.left[seat] > 0));
        }
        out[8 + 10 * seats] = view.stock_len as f32 / 8.0;
    }
}
