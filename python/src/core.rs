//! [`Core`]: one game and its chance stream, addressed by action ids, written
//! once for every game that implements [`PyGame`].

use cards_core::{
    Actor, Bot, ChaCha8Rng, Determinize, Difficulty, Encode, Game, Opponents, RandomBot, Save,
    Seat, SeedableRng, Shape, Viewer, legal_mask,
};
use serde::Serialize;
use serde::de::DeserializeOwned;

/// The entries after the view in an information-state tensor: the bits of
/// the fingerprint of everything the seat has seen.
pub const FINGERPRINT_BITS: usize = 64;

/// FNV-1a, 64 bits, of text fed piece by piece: the same number in every
/// process and on every platform (unlike a seeded hasher), so tensors
/// compare across runs.
#[derive(Clone, Copy, Debug)]
struct Fingerprint(u64);

impl Fingerprint {
    const START: Fingerprint = Fingerprint(0xcbf2_9ce4_8422_2325);
}

/// What a [`Recall`] keeps per viewer: the text itself, or its fingerprint.
trait Record: Clone {
    /// Takes the next piece of text.
    fn feed(&mut self, text: &str);
}

impl Record for Fingerprint {
    fn feed(&mut self, text: &str) {
        for b in text.bytes() {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    }
}

impl Record for String {
    fn feed(&mut self, text: &str) {
        self.push_str(text);
    }
}

/// The viewers of a table, in the order [`Recall`] keeps them: each seat,
/// then a spectator.
fn viewers(seats: usize) -> Vec<Viewer> {
    (0..seats)
        .map(|s| Viewer::Seat(Seat(s as u8)))
        .chain([Viewer::Spectator])
        .collect()
}

/// Feeds `sink(i, piece)` the start of what each viewer `viewers[i]` has
/// seen: the start position as it saw it.
fn feed_start<G: PyGame>(g: &G, viewers: &[Viewer], mut sink: impl FnMut(usize, &str)) {
    for (i, &v) in viewers.iter().enumerate() {
        sink(i, &G::view_to_json(&g.observe(v)));
    }
}

/// Applies `a` to `g`, feeding `sink(i, piece)` what it showed each viewer
/// (`Game::event`) and its view after it (who acts next, and whatever else
/// the rules make public, can depend on a card the viewer does not see).
fn feed_step<G: PyGame>(
    g: &mut G,
    a: &G::Action,
    viewers: &[Viewer],
    mut sink: impl FnMut(usize, &str),
) -> Result<(), String> {
    for (i, &v) in viewers.iter().enumerate() {
        let e = g.event(a, v).map_err(|e| e.to_string())?;
        sink(i, "\n");
        sink(i, &e.to_string());
        sink(i, " => ");
    }
    g.apply_mut(a).map_err(|e| e.to_string())?;
    feed_start(g, viewers, sink);
    Ok(())
}

/// What every viewer has seen (its text or the text's fingerprint),
/// extended step by step as the history grows, so asking at every step
/// costs a step each time, not the whole history.
#[derive(Clone, Debug)]
struct Recall<G, R> {
    /// The position after `steps` steps of the history.
    at: G,
    /// The steps fed so far.
    steps: usize,
    /// One record per viewer, in the order of [`viewers`].
    seen: Vec<R>,
}

impl<G: PyGame, R: Record> Recall<G, R> {
    /// The records of `start`, each begun from `empty`.
    fn new(start: &G, empty: R) -> Self {
        let all = viewers(start.seats());
        let mut seen = vec![empty; all.len()];
        feed_start(start, &all, |i, t| seen[i].feed(t));
        Recall {
            at: start.clone(),
            steps: 0,
            seen,
        }
    }

    /// Feeds the steps of `history` not fed yet; `viewer`'s record.
    fn after(&mut self, history: &[G::Action], viewer: Viewer) -> Result<&R, String> {
        let all = viewers(self.at.seats());
        while let Some(a) = history.get(self.steps) {
            let seen = &mut self.seen;
            feed_step(&mut self.at, a, &all, |i, t| seen[i].feed(t))?;
            self.steps += 1;
        }
        let i = all
            .iter()
            .position(|&v| v == viewer)
            .unwrap_or(all.len() - 1);
        Ok(&self.seen[i])
    }

    /// These records, with the one of viewer `index` replaced by `carried`.
    fn carrying(mut self, carried: Option<(usize, R)>) -> Self {
        if let Some((i, record)) = carried {
            self.seen[i] = record;
        }
        self
    }
}

/// What a seat had seen when its position was resampled: the record a
/// resample starts from for that seat, so that the seat's information state
/// is the same in the sample as in the game it came from.
#[derive(Clone, Debug)]
struct Carried {
    /// The seat.
    seat: usize,
    /// Its text ([`Core::seen_text`]).
    text: String,
    /// The text's fingerprint.
    fingerprint: Fingerprint,
}

/// A cache a clone starts without (the texts of a long game are large, and
/// search clones states often).
#[derive(Debug)]
struct Fresh<T>(Option<T>);

impl<T> Clone for Fresh<T> {
    fn clone(&self) -> Self {
        Fresh(None)
    }
}

/// OpenSpiel's player id for chance.
pub const CHANCE: i64 = -1;
/// OpenSpiel's player id once the game is over.
pub const TERMINAL: i64 = -4;

/// What the bindings need of a game: its encoding, its determinization and
/// its serde forms.
pub trait PyGame:
    Encode<Action: Send + Sync, Rules: Sync>
    + Save
    + Determinize
    + Opponents
    + Serialize
    + DeserializeOwned
    + Send
    + Sync
    + 'static
{
    /// Rules from JSON (the game's serde form of its `Rules`, over the
    /// defaults; a refusal names the rule).
    fn rules_from_json(json: &str) -> Result<Self::Rules, String>;
    /// Rules as JSON.
    fn rules_to_json(rules: &Self::Rules) -> String;
    /// A view as JSON.
    fn view_to_json(view: &Self::View) -> String;
}

impl<G> PyGame for G
where
    G: Encode<Action: Send + Sync, Rules: Sync>
        + Save
        + Determinize
        + Opponents
        + Serialize
        + DeserializeOwned
        + Send
        + Sync
        + 'static,
    G::Rules: Serialize + DeserializeOwned,
    G::View: Serialize,
{
    fn rules_from_json(json: &str) -> Result<G::Rules, String> {
        cards_games::rules_from_json(json)
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

/// A saved chance stream: its seed, stream number and word position.
pub type RngState = (Vec<u8>, u64, u128);

/// What pickling keeps of a state ([`Core::saved`]): the start as JSON, the
/// history as action texts, the chance stream, and the seat and text of a
/// resample's carried record.
pub type Saved = (String, Vec<String>, RngState, Option<(usize, String)>);

/// The position of `rng` in its stream, to restore it with [`rng_of`].
pub fn rng_state(rng: &ChaCha8Rng) -> RngState {
    (
        rng.get_seed().to_vec(),
        rng.get_stream(),
        rng.get_word_pos(),
    )
}

/// The chance stream saved by [`rng_state`].
pub fn rng_of((seed, stream, pos): RngState) -> Result<ChaCha8Rng, String> {
    let seed: [u8; 32] = seed
        .try_into()
        .map_err(|_| "a chance stream's seed has 32 bytes".to_string())?;
    let mut rng = ChaCha8Rng::from_seed(seed);
    rng.set_stream(stream);
    rng.set_word_pos(pos);
    Ok(rng)
}

/// A bot level: `random`, or one of `cards_core::Difficulty` (`easy`,
/// `medium`, `hard`, `learned`).
pub fn bot<G: Opponents>(level: &str, rules: &G::Rules) -> Result<Box<dyn Bot<G>>, String> {
    // Exactly the names `cardrules.bots.LEVELS` lists, as `Bot(game,
    // level)` takes them: `Difficulty`'s parser also reads "HARD" and
    // " hard", which `Bot` refuses.
    let refused = || format!("{level:?} is not a bot level: random, easy, medium, hard or learned");
    if !matches!(level, "random" | "easy" | "medium" | "hard" | "learned") {
        return Err(refused());
    }
    if level == "random" {
        return Ok(Box::new(RandomBot));
    }
    let d: Difficulty = level.parse().map_err(|_| refused())?;
    Ok(d.bot::<G>(rules))
}

/// A game, its chance stream, the steps since its start (for the
/// information-state strings and for pickling) and reusable buffers.
#[derive(Clone, Debug)]
pub struct Core<G: Game> {
    /// The position.
    pub game: G,
    /// The stream chance outcomes are drawn from.
    pub rng: ChaCha8Rng,
    /// The position the history starts from.
    pub start: G,
    /// Every action applied since `start`.
    pub history: Vec<G::Action>,
    legal: Vec<G::Action>,
    scratch: Vec<(G::Action, u32)>,
    recall: Option<Recall<G, Fingerprint>>,
    texts: Fresh<Recall<G, String>>,
    carried: Option<Carried>,
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
            start: game.clone(),
            game,
            rng,
            history: Vec::new(),
            legal: Vec::with_capacity(64),
            scratch: Vec::with_capacity(64),
            recall: None,
            texts: Fresh(None),
            carried: None,
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
        G::action_from_id(self.game.rules(), self.game.seats(), id, chance)
            .ok_or_else(|| self.not_an_id(id))
    }

    /// The refusal of `id` as an id of the space of the node (any number,
    /// a negative one included).
    pub fn not_an_id(&self, id: impl std::fmt::Display) -> String {
        let space = if self.is_chance() { "chance" } else { "player" };
        format!("{id} is not an id of the {space} action space")
    }

    /// The refusal of `seat` as a seat of this table (any number, a
    /// negative one included).
    pub fn not_a_seat(&self, seat: impl std::fmt::Display) -> String {
        let seats = self.game.seats();
        format!("seat {seat} is not at this {seats}-seat table")
    }

    /// Applies the action with id `id`; on error the state is unchanged and
    /// the message names the rule.
    pub fn apply_id(&mut self, id: usize) -> Result<(), String> {
        let a = self.action(id)?;
        self.apply_action(a)
    }

    /// Applies `a`, keeping it in the history; on error nothing changes.
    pub fn apply_action(&mut self, a: G::Action) -> Result<(), String> {
        self.game.apply_mut(&a).map_err(|e| e.to_string())?;
        self.history.push(a);
        Ok(())
    }

    /// At a chance node, draws an outcome from the stream and applies it; its id.
    pub fn chance_step(&mut self) -> Option<usize> {
        let a = self.game.sample_chance(&mut self.rng, &mut self.scratch)?;
        let id = G::action_id(self.game.rules(), self.game.seats(), &a, true);
        self.apply_action(a).ok()?;
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

    /// The viewer `seat` names (a spectator for `None`), checked against the table.
    pub fn viewer(&self, seat: Option<usize>) -> Result<Viewer, String> {
        let seats = self.game.seats();
        match seat {
            None => Ok(Viewer::Spectator),
            Some(s) if s < seats => Ok(Viewer::Seat(Seat(s as u8))),
            Some(s) => Err(self.not_a_seat(s)),
        }
    }

    /// Writes `seat`'s observation tensor (a spectator's, the public one, for
    /// `None`) into `out`.
    pub fn observation_into(&self, seat: Option<usize>, out: &mut [f32]) -> Result<(), String> {
        let view = self.game.observe(self.viewer(seat)?);
        G::encode_view(self.game.rules(), self.game.seats(), &view, out);
        Ok(())
    }

    /// `seat`'s information-state tensor (the public one for `None`) into
    /// `out` (the observation's length plus [`FINGERPRINT_BITS`]): the
    /// seat's view as [`Core::observation_into`] writes it, then the 64 bits
    /// (0 or 1) of the fingerprint of [`Core::seen_text`]. Two histories the
    /// seat cannot tell apart have the same text, so the same tensor; two it
    /// can tell apart differ in the text, so in the tensor unless 64-bit
    /// fingerprints collide (a chance of 2⁻⁶⁴ a pair). A fixed-size tensor
    /// cannot hold the history itself: the games' rules allow hundreds of
    /// thousands of steps.
    pub fn information_state_into(
        &mut self,
        seat: Option<usize>,
        out: &mut [f32],
    ) -> Result<(), String> {
        let (view, bits) = out.split_at_mut(self.shape().observation);
        self.observation_into(seat, view)?;
        let f = self.seen_fingerprint(seat)?;
        for (i, x) in bits.iter_mut().take(FINGERPRINT_BITS).enumerate() {
            *x = ((f >> i) & 1) as f32;
        }
        Ok(())
    }

    /// The fingerprint of [`Core::seen_text`] for `seat` (a spectator for
    /// `None`), from the record kept since the last call.
    fn seen_fingerprint(&mut self, seat: Option<usize>) -> Result<u64, String> {
        let viewer = self.viewer(seat)?;
        let carried = self.carried.as_ref().map(|c| (c.seat, c.fingerprint));
        let recall = self
            .recall
            .get_or_insert_with(|| Recall::new(&self.start, Fingerprint::START).carrying(carried));
        Ok(recall.after(&self.history, viewer)?.0)
    }

    /// Everything `seat` (a spectator for `None`: the public record) has
    /// seen since the start, in order: the start as it saw it, then for each
    /// step what the step showed it (`Game::event`) and its view after it
    /// (who acts next, and whatever else the rules make public, can depend
    /// on a card the seat does not see). Two histories give the same text
    /// exactly when the seat cannot tell them apart. Kept step by step for
    /// every viewer (a clone starts the record again).
    pub fn seen_text(&mut self, seat: Option<usize>) -> Result<String, String> {
        let viewer = self.viewer(seat)?;
        let carried = self.carried.as_ref().map(|c| (c.seat, c.text.clone()));
        let texts = self
            .texts
            .0
            .get_or_insert_with(|| Recall::new(&self.start, String::new()).carrying(carried));
        texts.after(&self.history, viewer).cloned()
    }

    /// The action the bot of `level` picks for the seat to act, its random
    /// draws from a stream seeded by `seed`; `None` unless a player acts.
    pub fn bot_action(&mut self, level: &str, seed: u64) -> Result<Option<usize>, String> {
        let Actor::Player(seat) = self.game.actor() else {
            return Ok(None);
        };
        let mut bot = bot::<G>(level, self.game.rules())?;
        self.game.legal_actions(&mut self.legal);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let a = match bot.choose_without_view(&self.legal, &mut rng) {
            Some(a) => a,
            None => bot.choose(
                &self.game.observe(Viewer::Seat(seat)),
                &self.legal,
                &mut rng,
            ),
        };
        Ok(G::action_id(
            self.game.rules(),
            self.game.seats(),
            &a,
            false,
        ))
    }

    /// What pickling keeps: the start as JSON, the history as action texts,
    /// the chance stream, and for a resampled state the seat and the text of
    /// the record it carried from the game it came from ([`Core::resample`];
    /// its fingerprint is the text's, so it is not kept).
    pub fn saved(&self) -> Result<Saved, String> {
        let start = serde_json::to_string(&self.start).map_err(|e| e.to_string())?;
        let history = self.history.iter().map(|a| a.to_string()).collect();
        let carried = self.carried.as_ref().map(|c| (c.seat, c.text.clone()));
        Ok((start, history, rng_state(&self.rng), carried))
    }

    /// A core from what [`Core::saved`] kept: the start loaded and checked
    /// like any setup, every step applied again by the rules, and the record
    /// a resample carried given back to its seat (a seat not at the table is
    /// refused by name).
    pub fn restored(
        start: &str,
        history: &[String],
        rng: RngState,
        carried: Option<(usize, String)>,
    ) -> Result<Core<G>, String> {
        let game: G = serde_json::from_str(start).map_err(|e| e.to_string())?;
        let mut core = Core::of(game, rng_of(rng)?);
        if let Some((seat, text)) = carried {
            core.viewer(Some(seat))
                .map_err(|e| format!("the carried record's {e}"))?;
            let mut fingerprint = Fingerprint::START;
            fingerprint.feed(&text);
            core.carried = Some(Carried {
                seat,
                text,
                fingerprint,
            });
        }
        for text in history {
            let a: G::Action = text
                .parse()
                .map_err(|e: <G::Action as std::str::FromStr>::Err| e.to_string())?;
            core.apply_action(a)?;
        }
        Ok(core)
    }

    /// `seat`'s view as JSON.
    pub fn view_json(&self, seat: Option<usize>) -> Result<String, String> {
        let viewer = self.viewer(seat)?;
        Ok(G::view_to_json(&self.game.observe(viewer)))
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
        let viewer = self.viewer(seat)?;
        let a = self.action(id)?;
        self.game
            .event(&a, viewer)
            .map(|e| e.to_string())
            .map_err(|e| e.to_string())
    }

    /// A full position `seat` cannot tell from this one: its view kept, every
    /// card it cannot see dealt again at random (the game's `Determinize`,
    /// from the view alone), with a chance stream seeded by `seed`. The
    /// sample starts from that position, and `seat`'s record of what it has
    /// seen comes along, so its information state is this one's.
    pub fn resample(&mut self, seat: usize, seed: u64) -> Result<Core<G>, String> {
        let seats = self.game.seats();
        if seat >= seats {
            return Err(self.not_a_seat(seat));
        }
        let view = self.game.observe(Viewer::Seat(Seat(seat as u8)));
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let game = G::determinize(self.game.rules(), &view, &mut rng).map_err(|e| e.to_string())?;
        let carried = Carried {
            seat,
            text: self.seen_text(Some(seat))?,
            fingerprint: Fingerprint(self.seen_fingerprint(Some(seat))?),
        };
        Ok(Core {
            carried: Some(carried),
            ..Core::of(game, rng)
        })
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
