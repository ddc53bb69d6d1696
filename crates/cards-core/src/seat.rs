//! [`Seat`] and [`PerSeat`], a small fixed-capacity container with one entry per seat.

use std::fmt;
use std::ops::{Index, IndexMut};

/// The most seats any game in this library supports.
pub const MAX_SEATS: usize = 10;

/// A seat at the table, numbered from 0. Play "to the left" means to the next number.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(transparent))]
pub struct Seat(pub u8);

impl Seat {
    /// The seat's number as an index.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The next seat number around a table of `seats`, wrapping to 0.
    #[inline]
    pub const fn next(self, seats: usize) -> Seat {
        Seat(((self.0 as usize + 1) % seats) as u8)
    }

    /// The previous seat number around a table of `seats`.
    #[inline]
    pub const fn prev(self, seats: usize) -> Seat {
        Seat(((self.0 as usize + seats - 1) % seats) as u8)
    }

    /// The seat, if a table of `seats` seats has it; else the refusal, which
    /// cites `clause`, the game's rule that seats the players.
    ///
    /// ```
    /// use cards_core::Seat;
    /// assert_eq!(Seat(1).at(2, "H21"), Ok(Seat(1)));
    /// let refused = Seat(5).at(2, "H21").unwrap_err();
    /// assert_eq!(refused.to_string(), "there is no seat 5: the table has 2 seats (H21)");
    /// ```
    ///
    /// # Errors
    /// [`NoSuchSeat`] when the seat's number is `seats` or more.
    pub const fn at(self, seats: u8, clause: &'static str) -> Result<Seat, NoSuchSeat> {
        if self.0 < seats {
            Ok(self)
        } else {
            Err(NoSuchSeat {
                seat: self,
                seats,
                clause,
            })
        }
    }
}

/// A seat named (by a host operation, or a chance outcome that picks a seat)
/// that is not at the table. Each game's refusals wrap it, with the game's
/// own clause.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[error("there is no {seat}: the table has {seats} seats ({clause})")]
pub struct NoSuchSeat {
    /// The seat named.
    pub seat: Seat,
    /// How many seats the table has.
    pub seats: u8,
    /// The game's clause that seats the players, as the error cites it (`"H21"`).
    pub clause: &'static str,
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "seat {}", self.0)
    }
}

/// One `T` per seat for a table of up to [`MAX_SEATS`] seats, stored inline
/// (no heap), so game states that hold it stay cheap to clone.
///
/// ```
/// use cards_core::{PerSeat, Seat};
/// let mut lives = PerSeat::new(4, 3u8);
/// lives[Seat(2)] -= 1;
/// assert_eq!(lives.as_slice(), &[3, 3, 2, 3]);
/// assert_eq!(lives.seats().count(), 4);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PerSeat<T> {
    len: u8,
    items: [T; MAX_SEATS],
}

impl<T: Copy + Default> PerSeat<T> {
    /// `seats` entries, each `value`.
    ///
    /// # Panics
    /// When `seats > MAX_SEATS`; games check seat counts before building one.
    pub fn new(seats: usize, value: T) -> PerSeat<T> {
        assert!(
            seats <= MAX_SEATS,
            "at most {MAX_SEATS} seats are supported"
        );
        let mut items = [T::default(); MAX_SEATS];
        items[..seats].fill(value);
        PerSeat {
            len: seats as u8,
            items,
        }
    }

    /// The entries of a slice, or `None` when it is longer than `MAX_SEATS`.
    pub fn from_slice(values: &[T]) -> Option<PerSeat<T>> {
        if values.len() > MAX_SEATS {
            return None;
        }
        let mut items = [T::default(); MAX_SEATS];
        items[..values.len()].copy_from_slice(values);
        Some(PerSeat {
            len: values.len() as u8,
            items,
        })
    }

    /// Applies `f` to each entry.
    pub fn map<U: Copy + Default>(&self, mut f: impl FnMut(Seat, T) -> U) -> PerSeat<U> {
        let mut items = [U::default(); MAX_SEATS];
        for (i, v) in self.as_slice().iter().enumerate() {
            items[i] = f(Seat(i as u8), *v);
        }
        PerSeat {
            len: self.len,
            items,
        }
    }
}

impl<T> PerSeat<T> {
    /// Number of seats.
    #[inline]
    pub const fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether there are no seats.
    #[inline]
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The seats, in order.
    pub fn seats(&self) -> impl DoubleEndedIterator<Item = Seat> + ExactSizeIterator + use<T> {
        (0..self.len).map(Seat)
    }

    /// The entry of `seat`, or `None` when the seat is not at this table.
    #[inline]
    pub fn get(&self, seat: Seat) -> Option<&T> {
        self.as_slice().get(seat.index())
    }

    /// The entries as a slice.
    #[inline]
    pub fn as_slice(&self) -> &[T] {
        &self.items[..self.len as usize]
    }

    /// The entries as a mutable slice.
    #[inline]
    pub fn as_mut_slice(&mut self) -> &mut [T] {
        &mut self.items[..self.len as usize]
    }

    /// Each seat with its entry.
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = (Seat, &T)> + ExactSizeIterator {
        self.as_slice()
            .iter()
            .enumerate()
            .map(|(i, v)| (Seat(i as u8), v))
    }
}

impl<T> Index<Seat> for PerSeat<T> {
    type Output = T;
    /// # Panics
    /// When the seat is not at this table.
    #[inline]
    fn index(&self, seat: Seat) -> &T {
        &self.as_slice()[seat.index()]
    }
}

impl<T> IndexMut<Seat> for PerSeat<T> {
    #[inline]
    fn index_mut(&mut self, seat: Seat) -> &mut T {
        &mut self.as_mut_slice()[seat.index()]
    }
}

impl<T: fmt::Debug> fmt::Debug for PerSeat<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

#[cfg(feature = "serde")]
impl<T: serde::Serialize> serde::Serialize for PerSeat<T> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.as_slice())
    }
}

#[cfg(feature = "serde")]
impl<'de, T: serde::Deserialize<'de> + Copy + Default> serde::Deserialize<'de> for PerSeat<T> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<PerSeat<T>, D::Error> {
        let v = Vec::<T>::deserialize(d)?;
        PerSeat::from_slice(&v).ok_or_else(|| {
            serde::de::Error::custom(format_args!("at most {MAX_SEATS} seats are supported"))
        })
    }
}
