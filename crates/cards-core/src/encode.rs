//! [`Encode`]: fixed-size numbers for learning agents — action ids, legal
//! masks and observation tensors.
//!
//! Encodings are data about a game, not a second engine: they are pure
//! functions of actions and views, and the rules code does not know they exist.
//! For one (rules, seat count) the action space and the tensor shape are fixed,
//! and every tensor entry lies in [0, 1].

use crate::game::Game;
use crate::seat::Seat;

/// The shape of one (rules, seat count): sizes that never change within a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Shape {
    /// Player action ids are `0..actions`.
    pub actions: usize,
    /// Chance outcome ids are `0..chance_outcomes` (a separate space, as in
    /// OpenSpiel).
    pub chance_outcomes: usize,
    /// The observation tensor's length (`f32`s).
    pub observation: usize,
}

/// A game's fixed action space and observation tensor.
///
/// The promises (checked by
/// [`conformance::check_encoding`](crate::conformance::check_encoding)):
/// every legal action has an id below its space's size and maps back to itself;
/// the tensor depends only on the view (so never on a card the seat cannot
/// see), has the shape's length, holds only numbers from 0 to 1 (flags,
/// one-hots, and counts divided by the most the rules allow, as each game's
/// `encode` module documents), and is written without allocating.
pub trait Encode: Game {
    /// The sizes for `rules` and `seats`.
    fn shape(rules: &Self::Rules, seats: usize) -> Shape;

    /// The id of a player action (below [`Shape::actions`]), or of a chance
    /// outcome (below [`Shape::chance_outcomes`]) when `chance` is true; `None`
    /// for a value outside the space.
    fn action_id(
        rules: &Self::Rules,
        seats: usize,
        action: &Self::Action,
        chance: bool,
    ) -> Option<usize>;

    /// The action with id `id` in the player space, or the chance space when
    /// `chance` is true; `None` for an id outside it.
    fn action_from_id(
        rules: &Self::Rules,
        seats: usize,
        id: usize,
        chance: bool,
    ) -> Option<Self::Action>;

    /// Writes the observation tensor of `view` into `out` (its length is
    /// [`Shape::observation`]), every entry in [0, 1]; the layout and the
    /// scaling are documented by each game. `out` may hold anything before:
    /// its first [`Shape::observation`] entries are zeroed, then
    /// [`Encode::write_view`] fills them in; entries past them stay as they
    /// were.
    fn encode_view(rules: &Self::Rules, seats: usize, view: &Self::View, out: &mut [f32]) {
        let len = Self::shape(rules, seats).observation.min(out.len());
        out[..len].fill(0.0);
        Self::write_view(rules, seats, view, out);
    }

    /// Writes the observation tensor of `view` into `out`, which must hold
    /// only zeros: entries the view leaves at 0 are not touched. A caller
    /// with freshly zeroed buffers (a batch of games) saves a second pass
    /// over memory; everyone else calls [`Encode::encode_view`].
    fn write_view(rules: &Self::Rules, seats: usize, view: &Self::View, out: &mut [f32]);

    /// The number of seats at the table `view` was taken from, or `None`
    /// (the default) for a game whose views do not tell it: a network over
    /// the tensor ([`Learned`](crate::Learned)) needs it to pick its
    /// network and lay out the tensor.
    fn view_seats(_view: &Self::View) -> Option<usize> {
        None
    }

    /// An upper bound on the player decisions of a game of `rules` and
    /// `seats` from its start (OpenSpiel's `max_game_length`, which does not
    /// count chance outcomes), as the game's rules file bounds it; `None` (the
    /// default) when the game states no bound.
    fn max_game_length(_rules: &Self::Rules, _seats: usize) -> Option<u64> {
        None
    }

    /// Whether this finished game was ended by a limit of its rules (a cap
    /// on turns or rounds) rather than by its play: learning agents treat
    /// such an end as a truncation. `false` by default and before the end.
    fn ended_by_limit(&self) -> bool {
        false
    }
}

/// Lays a tensor out part after part: each [`Layout::part`] is the range of
/// the next `len` entries, so an `encode_view` writes its parts in order
/// without counting offsets by hand.
///
/// ```
/// let mut layout = cards_core::Layout::default();
/// assert_eq!(layout.part(5), 0..5);
/// assert_eq!(layout.part(2), 5..7);
/// assert_eq!(layout.at(), 7);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Layout {
    at: usize,
}

impl Layout {
    /// The range of the next `len` entries.
    pub fn part(&mut self, len: usize) -> std::ops::Range<usize> {
        let range = self.at..self.at + len;
        self.at += len;
        range
    }

    /// The entries laid out so far.
    pub fn at(&self) -> usize {
        self.at
    }
}

/// A count as a tensor entry in 0..=1: `num / den`, at most 1, and 0 when
/// `den` is 0.
///
/// ```
/// assert_eq!(cards_core::ratio(3, 4), 0.75);
/// assert_eq!(cards_core::ratio(9, 4), 1.0);
/// assert_eq!(cards_core::ratio(1, 0), 0.0);
/// ```
pub fn ratio(num: u32, den: u32) -> f32 {
    if den == 0 {
        0.0
    } else {
        (num as f32 / den as f32).min(1.0)
    }
}

/// Marks `seat` in `out`, a one-hot block of one entry a seat: sets
/// `out[seat]` to 1, and leaves `out` as it is for `None` or a seat past its end.
///
/// ```
/// use cards_core::Seat;
/// let mut block = [0.0; 4];
/// cards_core::one_hot_seat(&mut block, Some(Seat(2)));
/// cards_core::one_hot_seat(&mut block, None);
/// assert_eq!(block, [0.0, 0.0, 1.0, 0.0]);
/// ```
pub fn one_hot_seat(out: &mut [f32], seat: Option<Seat>) {
    if let Some(x) = seat.and_then(|s| out.get_mut(s.index())) {
        *x = 1.0;
    }
}

/// Fills `mask` (one entry per player action id) with whether each id is legal
/// in `state`; `legal` is a reusable buffer. At a chance node or at the end the
/// mask is all false.
///
/// # Panics
/// When `mask` is shorter than the action space.
pub fn legal_mask<G: Encode>(state: &G, legal: &mut Vec<G::Action>, mask: &mut [bool]) {
    mask.fill(false);
    if !matches!(state.actor(), crate::Actor::Player(_)) {
        return;
    }
    state.legal_actions(legal);
    for a in legal.iter() {
        if let Some(id) = G::action_id(state.rules(), state.seats(), a, false) {
            mask[id] = true;
        }
    }
}
