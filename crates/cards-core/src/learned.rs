//! [`Learned`]: the learned level, a network over the seat's observation
//! tensor that picks the legal action with the highest logit.
//!
//! A game ships its networks as a weights file ([`Networks`], format in
//! [`mlp`](crate::mlp)) through [`Opponents::learned_weights`]. The bot
//! encodes its view ([`Encode::encode_view`]), runs the network for the
//! view's seat count, and plays the legal action whose id has the highest
//! logit (the first in legal order on a tie): illegal ids are never chosen,
//! and the choice draws nothing from the random stream, so a learned seat
//! plays the same game for the same seed.
//!
//! Where the file has no network for the seat count, or the view does not
//! tell its seat count ([`Encode::view_seats`]), the bot plays its fallback,
//! the game's heuristic (the medium level) for [`Difficulty::Learned`].

use std::sync::{Arc, Mutex};

use rand_core::Rng;

use crate::bot::Bot;
use crate::encode::Encode;
use crate::mlp::{Networks, Scratch, WeightsError};
use crate::opponents::Opponents;

#[cfg(doc)]
use crate::Difficulty;

/// The most bytes a game's shipped weights file may take
/// ([`Opponents::learned_weights`]): 1 MB, so the learned level adds little
/// to a crate or to a WebAssembly download.
pub const MAX_SHIPPED_BYTES: usize = 1_000_000;

/// The learned level's bot.
pub struct Learned<G: Encode> {
    rules: G::Rules,
    nets: Arc<Networks>,
    fallback: Box<dyn Bot<G>>,
    observation: Vec<f32>,
    scratch: Scratch,
    logits: Vec<Option<f32>>,
}

/// Weights files already read, by the address and length of their
/// `'static` bytes: a bot is built for every decision in some hosts, and a
/// file is read once.
static READ: Mutex<Vec<(usize, usize, Arc<Networks>)>> = Mutex::new(Vec::new());

/// The networks of `G`'s shipped weights file, read once per process.
fn shipped<G: Opponents>(rules: &G::Rules) -> Result<Arc<Networks>, WeightsError> {
    let bytes = G::learned_weights();
    let key = (bytes.as_ptr() as usize, bytes.len());
    let mut read = READ.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    let nets = match read.iter().find(|(p, l, _)| (*p, *l) == key) {
        Some((_, _, nets)) => nets.clone(),
        None => {
            let nets = Arc::new(Networks::from_bytes(bytes)?);
            read.push((key.0, key.1, nets.clone()));
            nets
        }
    };
    nets.check_shapes(|seats| G::shape(rules, seats))?;
    Ok(nets)
}

impl<G: Encode> Learned<G> {
    /// A bot playing `nets` under `rules`, and `fallback` at seat counts
    /// `nets` has no network for. Refused when a network's widths do not
    /// fit the game's encoding under `rules`.
    pub fn new(
        rules: G::Rules,
        nets: Arc<Networks>,
        fallback: Box<dyn Bot<G>>,
    ) -> Result<Learned<G>, WeightsError> {
        nets.check_shapes(|seats| G::shape(&rules, seats))?;
        Ok(Learned {
            rules,
            nets,
            fallback,
            observation: Vec::new(),
            scratch: Scratch::default(),
            logits: Vec::new(),
        })
    }

    /// The logits of `legal` (in its order; `None` for an action without an
    /// id) from the network for `view`'s seat count, or `None` where the
    /// bot would play its fallback.
    pub fn logits(&mut self, view: &G::View, legal: &[G::Action]) -> Option<&[Option<f32>]> {
        let seats = G::view_seats(view)?;
        let net = self.nets.for_seats(seats)?;
        // Cleared and resized to zeros, so the tensor is written once.
        self.observation.clear();
        self.observation.resize(net.inputs(), 0.0);
        G::write_view(&self.rules, seats, view, &mut self.observation);
        let rules = &self.rules;
        let ids = legal
            .iter()
            .map(|a| G::action_id(rules, seats, a, false).unwrap_or(usize::MAX));
        net.logits_of(&self.observation, &mut self.scratch, ids, &mut self.logits);
        Some(&self.logits)
    }
}

impl<G: Opponents> Learned<G> {
    /// The game's shipped networks ([`Opponents::learned_weights`]) under
    /// `rules`, falling back to the game's heuristic. A typed error when the
    /// file does not read or does not fit the encoding under `rules`.
    pub fn shipped(rules: &G::Rules) -> Result<Learned<G>, WeightsError> {
        Learned::new(rules.clone(), shipped::<G>(rules)?, G::heuristic(rules))
    }
}

impl<G: Encode> Bot<G> for Learned<G> {
    fn choose(&mut self, view: &G::View, legal: &[G::Action], rng: &mut dyn Rng) -> G::Action {
        let best = self.logits(view, legal).and_then(|logits| {
            logits
                .iter()
                .enumerate()
                .filter_map(|(k, l)| Some((k, (*l)?)))
                .fold(None, |best: Option<(usize, f32)>, (k, l)| match best {
                    Some((_, b)) if b >= l => best,
                    _ => Some((k, l)),
                })
        });
        match best {
            Some((k, _)) => legal[k].clone(),
            None => self.fallback.choose(view, legal, rng),
        }
    }
}
