//! [`ShitheadBot`]: a simple player worth playing against.

use cards_core::{Bot, CardMultiset, Rank, Rng, Viewer};

use crate::action::Action;
use crate::group::{Group, Trio, trios};
use crate::legal::Ctx;
use crate::observe::View;
use crate::playable::playable_ranks;
use crate::state::{Conserved, Phase, Shithead, Source, Stage};

/// A heuristic player: puts its best cards face up, plays its lowest ordinary
/// rank first (all copies at once), keeps 2, 3 and 10 for when nothing else
/// fits (a 10 first on a big pile), completes four of a kind to burn, adds more
/// of an ordinary rank when it can, and never picks up by choice.
///
/// It sees only its own view. See the crate's tests for its win rate against
/// random players.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ShitheadBot;

fn power(rank: Rank) -> bool {
    matches!(rank, Rank::Two | Rank::Three | Rank::Ten)
}

/// How much a card is worth on the table for the end game (higher is better).
fn table_value(rank: Rank) -> u32 {
    match rank {
        Rank::Ten => 17,
        Rank::Two => 16,
        Rank::Three => 15,
        r => r.number() as u32,
    }
}

/// A preference: lower is better.
type Key = (u8, u8, i8);

/// Lower is better.
fn play_key(top: Option<Rank>, run: u8, pile_len: usize, g: Group) -> Key {
    let rank = g.rank();
    let len = g.len() as i8;
    if !power(rank) && top == Some(rank) && run as usize + g.len() >= 4 {
        return (0, 0, 0);
    }
    if !power(rank) {
        return (1, rank as u8, -len);
    }
    let big_pile = pile_len >= 6;
    let order = match (rank, big_pile) {
        (Rank::Ten, true) => 0,
        (Rank::Two, _) => 1,
        (Rank::Three, _) => 2,
        _ => 3,
    };
    (2, order, len)
}

/// H3.1: the next pick towards the most valuable three face-up cards that
/// include the picks so far (of equal ones the last in card order), from
/// the six cards `six` (hand and face-up) of the seat that arranges and its
/// `picked` cards; `None` when no such pick is listed in `legal`.
pub(crate) fn arrange_pick(
    six: CardMultiset,
    picked: CardMultiset,
    legal: &[Action],
) -> Option<Action> {
    let mut best: Option<(u32, Trio)> = None;
    trios(six, &mut |t| {
        let v = t.cards().iter().map(|c| table_value(c.rank())).sum::<u32>();
        if t.to_cards().includes(picked) && best.is_none_or(|(b, _)| v >= b) {
            best = Some((v, t));
        }
    });
    let (_, trio) = best?;
    let mut rest = trio.to_cards();
    rest.remove_all(picked);
    let next = rest.copies().next()?;
    legal.iter().copied().find(|a| *a == Action::FaceUp(next))
}

/// [`arrange_pick`] from the arranging seat's view; `None` unless face-up
/// cards are being picked.
fn arrange(view: &View, legal: &[Action]) -> Option<Action> {
    if !matches!(legal.first(), Some(Action::FaceUp(_))) {
        return None;
    }
    let Viewer::Seat(me) = view.viewer else {
        return None;
    };
    let mut six = view.hand?;
    six.merge(view.face_up.get(me).copied().unwrap_or_default());
    let picked = match view.stage {
        Stage::Picking(m) => m,
        _ => CardMultiset::EMPTY,
    };
    arrange_pick(six, picked, legal)
}

impl Bot<Shithead> for ShitheadBot {
    fn choose(&mut self, view: &View, legal: &[Action], _rng: &mut dyn Rng) -> Action {
        // Arranging: the most valuable three cards face up, picked one by one.
        if let Some(a) = arrange(view, legal) {
            return a;
        }
        ShitheadBot::pick(view.top, view.run, view.pile.len(), legal)
    }
}

impl ShitheadBot {
    /// The bot's choice from the public facts it uses: the rank on top of the
    /// pile, how many of it lie there in a row, the pile's size, and the legal
    /// actions. Shared by [`Bot::choose`] and search playouts (no allocation);
    /// while face-up cards are being picked (H3.1) it takes the first pick
    /// listed: both callers choose the pick by [`arrange_pick`] first, from
    /// the seat's view or from the state.
    pub(crate) fn pick(top: Option<Rank>, run: u8, pile_len: usize, legal: &[Action]) -> Action {
        let best = |key: &dyn Fn(&Action) -> Option<Key>| {
            legal
                .iter()
                .filter_map(|a| key(a).map(|k| (k, *a)))
                .min_by_key(|(k, _)| *k)
                .map(|(_, a)| a)
        };
        // Adding: more of an ordinary rank, else end the turn.
        if legal.contains(&Action::Done) {
            let add = best(&|a| match a {
                Action::Play(g) if !power(g.rank()) => Some((0, 0, -(g.len() as i8))),
                _ => None,
            });
            return add.unwrap_or(Action::Done);
        }
        if let Some(a) = best(&|a| match a {
            Action::Play(g) => Some(play_key(top, run, pile_len, *g)),
            _ => None,
        }) {
            return a;
        }
        if let Some(a) = best(&|a| match a {
            Action::PickUpWith(g) => Some((0, g.rank() as u8, g.len() as i8)),
            _ => None,
        }) {
            return a;
        }
        if legal.contains(&Action::Blind) {
            return Action::Blind;
        }
        legal.first().copied().unwrap_or(Action::PickUp)
    }

    /// [`ShitheadBot::pick`]'s choice read off the mover's position `c`
    /// without listing the legal actions, where that is simple (search
    /// playouts take most of their steps here); `None` elsewhere: face-up
    /// picks, an opening card that must be played (H4), and several copies
    /// of a card among those it would choose between.
    pub(crate) fn pick_unlisted(
        c: &Ctx,
        top: Option<Rank>,
        run: u8,
        pile_len: usize,
    ) -> Option<Action> {
        if c.phase != Phase::Playing || c.must_open.is_some() {
            return None;
        }
        let src = c.source();
        let from = match src {
            Source::Hand => c.hand,
            Source::FaceUp => c.up,
            Source::FaceDown => {
                return matches!(c.stage, Stage::Start | Stage::Cover).then_some(Action::Blind);
            }
            Source::Nothing => return None,
        };
        // The first of a rank's listed groups of `n` or more cards (submasks
        // in increasing order); `None` when a card has several copies.
        let first_of = |rank: Rank, n: usize| {
            let of = from.rank_lanes(rank);
            if of & 0xAA != 0 {
                return None;
            }
            let mut s = 0u8;
            loop {
                s = (s | !of).wrapping_add(1) & of;
                let g = Group::new(rank, s)?;
                if g.len() >= n {
                    return Some(g);
                }
            }
        };
        let ranks = match c.stage {
            Stage::Add => {
                // More of an ordinary rank (all of it), else end the turn.
                return Some(
                    match c.group.and_then(|r| Group::new(r, from.rank_lanes(r))) {
                        Some(g) if !power(g.rank()) => Action::Play(g),
                        _ => Action::Done,
                    },
                );
            }
            Stage::Cover => from.ranks(),
            Stage::Start => {
                let ranks = from.ranks().and(playable_ranks(c.level));
                if ranks.is_empty() {
                    return match src {
                        Source::Hand => Some(Action::PickUp),
                        // H10: one card of the lowest rank along.
                        _ => first_of(from.ranks().iter().next()?, 1).map(Action::PickUpWith),
                    };
                }
                ranks
            }
            Stage::Blind { .. } | Stage::Picking(_) => return None,
        };
        // play_key's order: completing four of the top rank, then the lowest
        // ordinary rank (all of it), then a power card.
        let completes =
            |t: Rank| !power(t) && ranks.contains(t) && usize::from(run) + from.count_rank(t) >= 4;
        if let Some(t) = top.filter(|&t| completes(t)) {
            return first_of(t, 4 - usize::from(run).min(3)).map(Action::Play);
        }
        if let Some(r) = ranks.iter().find(|r| !power(*r)) {
            return Group::new(r, from.rank_lanes(r)).map(Action::Play);
        }
        // Only power cards are left: one card of the rank play_key puts first.
        let key = |g| play_key(top, run, pile_len, g);
        let mut best: Option<Group> = None;
        for r in ranks.iter() {
            let g = first_of(r, 1)?;
            if best.is_none_or(|b| key(g) < key(b)) {
                best = Some(g);
            }
        }
        best.map(Action::Play)
    }
}
