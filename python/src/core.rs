//! [`Core`]: one game and its chance stream, addressed by action ids, written
//! once for every game that implements [`PyGame`].

use cards_core::{
    Actor, ChaCha8Rng, Determinize, Encode, Game, Save, Seat, SeedableRng, Shape, Viewer,
    legal_mask,
};
use serde::Serialize;
use serde::de::DeserializeOwned;

/// OpenSpiel's player id for chance.
pub const CHANCE: i64 = -1;
/// OpenSpiel's player id once the game is over.
pub const TERMINAL: i64 = -4;

/// What the bindings need of a game: its encoding, its determinization and
/// its serde forms.
pub trait PyGame:
    Encode + Save + Determinize + Serialize + DeserializeOwned + Send + Sync + 'static
{
    /// Rules from JSON (the game's serde form of its `Rules`).
    fn rules_from_json(json: &str) -> Result<Self::Rules, String>;
    /// Rules as JSON.
    fn rules_to_json(rules: &Self::Rules) -> String;
    /// A view as JSON.
    fn view_to_json(view: &Self::View) -> String;
}

impl<G> PyGame for G
where
    G: Encode + Save + Determinize + Serialize + DeserializeOwned + Send + Sync + 'static,
    G::Rules: Serialize + DeserializeOwned,
    G::View: Serialize,
{
    fn rules_from_json(json: &str) -> Result<G::Rules, String> {
        serde_json::from_str(json).map_err(|e| e.to_string())
    }
    fn rules_to_json(rules: &G::Rules) -> String {
        serde_json::to_string(rules).unwrap_or_default()
    }
    fn view_to_json(view: &G::View) -> String {
        serde_json::to_string(view).unwrap_or_default()
    }
}

/// The seeded random stream of game `index` of a batch seeded with `seed`
/// (game 0's is the seed's own).
pub fn stream(seed: u64, index: u64) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(seed ^ index.wrapping_mul(0x9e37_79b9_7f4a_7c15))
}

/// A game, its chance stream and reusable buffers.
#[derive(Clone, Debug)]
pub struct Core<G: Game> {
    /// The position.
    pub game: G,
    /// The stream chance outcomes are drawn from.
    pub rng: ChaCha8Rng,
    legal: Vec<G::Action>,
    scratch: Vec<(G::Action, u32)>,
}

impl<G: PyGame> Core<G> {
    /// A new game; `rules` is JSON (`None` for the default rules).
    pub fn new(seats: usize, rules: Option<&str>, seed: u64) -> Result<Core<G>, String> {
        let rules = match rules {
            Some(json) => G::rules_from_json(json)?,
            None => G::Rules::default(),
        };
        let game = G::new(rules, seats).map_err(|e| e.to_string())?;
        Ok(Core::of(game, ChaCha8Rng::seed_from_u64(seed)))
    }

    /// A core around a position.
    pub fn of(game: G, rng: ChaCha8Rng) -> Core<G> {
        Core {
            game,
            rng,
            legal: Vec::with_capacity(64),
            scratch: Vec::with_capacity(64),
        }
    }

    /// The sizes of this game's encoding.
    pub fn shape(&self) -> Shape {
        G::shape(self.game.rules(), self.game.seats())
    }

    /// The acting seat, [`CHANCE`] or [`TERMINAL`].
    pub fn current_player(&self) -> i64 {
        match self.game.actor() {
            Actor::Player(s) => i64::from(s.0),
            Actor::Chance => CHANCE,
            Actor::Terminal => TERMINAL,
        }
    }

    fn is_chance(&self) -> bool {
        self.game.actor() == Actor::Chance
    }

    /// The legal ids: chance ids at a chance node, player ids otherwise.
    pub fn legal_ids(&mut self) -> Vec<usize> {
        let chance = self.is_chance();
        self.game.legal_actions(&mut self.legal);
        let (rules, seats) = (self.game.rules(), self.game.seats());
        self.legal
            .iter()
            .filter_map(|a| G::action_id(rules, seats, a, chance))
            .collect()
    }

    /// Fills `mask` (the player space) with the legal player ids.
    pub fn mask_into(&mut self, mask: &mut [bool]) {
        legal_mask(&self.game, &mut self.legal, mask);
    }

    /// The action with id `id` in the space of the node (chance or player).
    pub fn action(&self, id: usize) -> Result<G::Action, String> {
        let chance = self.is_chance();
        G::action_from_id(self.game.rules(), self.game.seats(), id, chance).ok_or_else(|| {
            let space = if chance { "chance" } else { "player" };
            format!("{id} is not an id of the {space} action space")
        })
    }

    /// Applies the action with id `id`; on error the state is unchanged and
    /// the message names the rule.
    pub fn apply_id(&mut self, id: usize) -> Result<(), String> {
        let a = self.action(id)?;
        self.game.apply_mut(&a).map_err(|e| e.to_string())
    }

    /// At a chance node, draws an outcome from the stream and applies it; its id.
    pub fn chance_step(&mut self) -> Option<usize> {
        let a = self.game.sample_chance(&mut self.rng, &mut self.scratch)?;
        let id = G::action_id(self.game.rules(), self.game.seats(), &a, true);
        self.game.apply_mut(&a).ok()?;
        id
    }

    /// Resolves chance nodes until a player acts or the game ends; how many.
    pub fn resolve_chance(&mut self) -> usize {
        let mut n = 0;
        while self.is_chance() && self.chance_step().is_some() {
            n += 1;
        }
        n
    }

    /// The chance outcomes with their probabilities (empty outside chance nodes).
    pub fn chance_outcomes(&mut self) -> Vec<(usize, f64)> {
        self.game.chance_outcomes(&mut self.scratch);
        let total: u64 = self.scratch.iter().map(|&(_, w)| u64::from(w)).sum();
        let (rules, seats) = (self.game.rules(), self.game.seats());
        self.scratch
            .iter()
            .filter_map(|(a, w)| {
                let id = G::action_id(rules, seats, a, true)?;
                Some((id, f64::from(*w) / total as f64))
            })
            .collect()
    }

    /// Writes `seat`'s observation tensor into `out`.
    pub fn observation_into(&self, seat: usize, out: &mut [f32]) -> Result<(), String> {
        let seats = self.game.seats();
        if seat >= seats {
            return Err(format!("seat {seat} is not at this {seats}-seat table"));
        }
        let view = self.game.observe(Viewer::Seat(Seat(seat as u8)));
        G::encode_view(self.game.rules(), seats, &view, out);
        Ok(())
    }

    /// `seat`'s view as JSON.
    pub fn view_json(&self, seat: Option<usize>) -> String {
        let viewer = seat.map_or(Viewer::Spectator, |s| Viewer::Seat(Seat(s as u8)));
        G::view_to_json(&self.game.observe(viewer))
    }

    /// Each seat's return: its reward for its place at the end, 0 before.
    pub fn returns(&self) -> Vec<f64> {
        let seats = self.game.seats();
        match self.game.outcome() {
            Some(o) => (0..seats).map(|s| o.reward(Seat(s as u8))).collect(),
            None => vec![0.0; seats],
        }
    }

    /// The places (1 = first) at the end.
    pub fn places(&self) -> Option<Vec<u8>> {
        self.game.outcome().map(|o| o.places().to_vec())
    }

    /// The text of id `id` in the player space, or the chance space.
    pub fn action_text(&self, id: usize, chance: bool) -> Option<String> {
        G::action_from_id(self.game.rules(), self.game.seats(), id, chance).map(|a| a.to_string())
    }

    /// The id of an action written as text, in the space of the node.
    pub fn id_of_text(&self, text: &str) -> Result<usize, String> {
        let a: G::Action = text
            .parse()
            .map_err(|e: <G::Action as std::str::FromStr>::Err| e.to_string())?;
        G::action_id(self.game.rules(), self.game.seats(), &a, self.is_chance())
            .ok_or_else(|| format!("{a} has no id in the space of this node"))
    }

    /// What applying `id` shows `seat` (or a spectator), in words.
    pub fn event_text(&self, id: usize, seat: Option<usize>) -> Result<String, String> {
        let a = self.action(id)?;
        let viewer = seat.map_or(Viewer::Spectator, |s| Viewer::Seat(Seat(s as u8)));
        self.game
            .event(&a, viewer)
            .map(|e| e.to_string())
            .map_err(|e| e.to_string())
    }

    /// A full position `seat` cannot tell from this one: its view kept, every
    /// card it cannot see dealt again at random (the game's `Determinize`,
    /// from the view alone), with a chance stream seeded by `seed`.
    pub fn resample(&self, seat: usize, seed: u64) -> Result<Core<G>, String> {
        let seats = self.game.seats();
        if seat >= seats {
            return Err(format!("seat {seat} is not at this {seats}-seat table"));
        }
        let view = self.game.observe(Viewer::Seat(Seat(seat as u8)));
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let game = G::determinize(self.game.rules(), &view, &mut rng).map_err(|e| e.to_string())?;
        Ok(Core::of(game, rng))
    }

    /// The state as JSON (its validated setup).
    pub fn to_json(&self) -> Result<String, String> {
        serde_json::to_string(&self.game).map_err(|e| e.to_string())
    }

    /// A state from JSON, checked like any setup.
    pub fn from_json(json: &str, seed: u64) -> Result<Core<G>, String> {
        let game: G = serde_json::from_str(json).map_err(|e| e.to_string())?;
        Ok(Core::of(game, ChaCha8Rng::seed_from_u64(seed)))
    }
}
