//! [`Rules`]: OpenSpiel's eight parameters with their defaults (R2), and the
//! seat limits (R1).

/// The fewest seats: Hearts is played by exactly four (R1).
pub const MIN_SEATS: usize = 4;
/// The most seats: four (R1).
pub const MAX_SEATS: usize = 4;
/// The seat count of a game: four (R1).
pub const DEFAULT_SEATS: usize = 4;

/// The parameters of a game, with OpenSpiel's names and defaults (R2). Every
/// combination is valid.
///
/// ```
/// use hearts::Rules;
/// let r = Rules::default();
/// assert!(r.pass_cards && r.no_pts_on_first_trick && r.must_break_hearts && r.qs_breaks_hearts);
/// assert!(!r.can_lead_any_club && !r.jd_bonus && !r.avoid_all_tricks_bonus);
/// assert!(!r.can_lead_hearts_instead_of_qs);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields, default))]
pub struct Rules {
    /// Three cards are passed before play, in the direction chance picks (R3, R5).
    pub pass_cards: bool,
    /// No heart and no queen of spades in the first trick while another card can be played (R8).
    pub no_pts_on_first_trick: bool,
    /// The opening leader may lead any club, not only the two (R6.1).
    pub can_lead_any_club: bool,
    /// The jack of diamonds counts -10 points to whoever takes it (R12).
    pub jd_bonus: bool,
    /// A player who takes no trick gets -5 points, unless the moon was shot (R12.2).
    pub avoid_all_tricks_bonus: bool,
    /// Hearts may not be led before a heart has been played (R9).
    pub must_break_hearts: bool,
    /// Playing the queen of spades breaks hearts too (R9.1).
    pub qs_breaks_hearts: bool,
    /// A leader whose only other card is the queen of spades may lead hearts before they are broken (R9.2).
    pub can_lead_hearts_instead_of_qs: bool,
}

impl Default for Rules {
    fn default() -> Rules {
        Rules {
            pass_cards: true,
            no_pts_on_first_trick: true,
            can_lead_any_club: false,
            jd_bonus: false,
            avoid_all_tricks_bonus: false,
            must_break_hearts: true,
            qs_breaks_hearts: true,
            can_lead_hearts_instead_of_qs: false,
        }
    }
}
