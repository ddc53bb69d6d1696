//! [`Status`]: where a seat stands in a game that seats leave one by one.

/// Where a seat stands: still playing, out of the game by its rules, or gone
/// because the player left. The number orders the exits as the game counts
/// them (say, the n-th seat to go out, or the n-th exit of either kind);
/// each game's rules file says which.
///
/// Under `serde` it is written `"active"`, `{"out": 0}` or `{"left": 1}`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(rename_all = "snake_case", deny_unknown_fields)
)]
pub enum Status {
    /// Still in the game.
    #[default]
    Active,
    /// Out of the game by its rules (went out, ran out of lives), the n-th exit.
    Out(u8),
    /// Left the game (a host operation), the n-th exit.
    Left(u8),
}

impl Status {
    /// Whether the seat still plays.
    pub fn is_active(self) -> bool {
        self == Status::Active
    }
}
