//! [`AnyTable`]: a table of any game of the list, chosen by name, driven with
//! text and JSON only — what every binding (the browser, the C ABI, the game
//! server) wraps, so that none of them repeats a game's rules or its list.

use cards_core::{Difficulty, Outcome, Seat, Viewer};

use crate::erased::{Erased, Typed};
pub use crate::erased::{Event, Move};
use crate::refusal::Refusal;

/// A seeded table of any game of the list, driven with text and JSON.
///
/// Everything it takes is checked and refused with a [`Refusal`] of the
/// protocol's kinds (docs/protocol.md); a refused request changes nothing.
/// Everything it gives is text (actions, events in words) or JSON (views,
/// events, rules, saves).
///
/// ```
/// use cards_games::{AnyTable, Kind};
/// let mut table = AnyTable::new("trump21", "{}", 2, 7)?;
/// let seat = table.to_act().expect("a seat is to act after the deal");
/// let moves = table.legal_moves(seat)?;
/// table.play(seat, &moves[0].text)?;
/// // The seat that just acted may not act again at once in a two-seat game.
/// # let other = (seat + 1) % 2;
/// # if table.to_act() == Some(other) {
/// assert_eq!(table.play(seat, &moves[0].text).unwrap_err().kind, Kind::NotYourTurn);
/// # }
/// // A saved table continues exactly as this one will.
/// let copy = AnyTable::load(&table.save())?;
/// assert_eq!(copy.state_json(), table.state_json());
/// # Ok::<(), cards_games::Refusal>(())
/// ```
pub struct AnyTable {
    game: &'static crate::Listed,
    inner: Box<dyn Erased>,
}

impl Clone for AnyTable {
    fn clone(&self) -> Self {
        AnyTable {
            game: self.game,
            inner: self.inner.clone_box(),
        }
    }
}

impl std::fmt::Debug for AnyTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AnyTable")
            .field("game", &self.game.name)
            .field("log_len", &self.log_len())
            .finish_non_exhaustive()
    }
}

/// The game called `name`, or a refusal that lists the games.
fn listed(name: &str) -> Result<&'static crate::Listed, Refusal> {
    crate::find(name).ok_or_else(|| unknown(name))
}

/// The refusal for a name that is not in the list of games; it lists them.
fn unknown(name: &str) -> Refusal {
    Refusal::bad_request(format!(
        "there is no game {}: the games are {}",
        cards_core::text::echo(name),
        crate::names_in_words()
    ))
}

macro_rules! dispatch {
    ($($krate:ident::$game:ident, $name:literal, $title:literal;)*) => {
        /// A new table of `game` (under `rules`, JSON) for `seats`, dealt from `seed`.
        fn new_typed(
            game: &str,
            rules: &str,
            seats: usize,
            seed: u64,
        ) -> Result<Box<dyn Erased>, Refusal> {
            match game {
                $($name => Ok(Box::new(Typed::<$krate::$game>::new(rules, seats, seed)?)),)*
                _ => Err(unknown(game)),
            }
        }

        /// The table of `game` that `save` wrote.
        fn load_typed(game: &str, save: serde_json::Value) -> Result<Box<dyn Erased>, Refusal> {
            match game {
                $($name => Ok(Box::new(Typed::<$krate::$game>::load(save)?)),)*
                _ => Err(unknown(game)),
            }
        }

        /// Whether `game`, under its default rules, is played by `seats`
        /// players: its own refusal of the count when not.
        fn seats_typed(game: &str, seats: usize) -> Result<(), Refusal> {
            match game {
                $($name => <$krate::$game as cards_core::Game>::new(Default::default(), seats)
                    .map(drop)
                    .map_err(Refusal::bad_request),)*
                _ => Err(unknown(game)),
            }
        }

        /// `game`'s default rules as JSON, and its seat limits.
        fn facts(game: &str) -> Option<(serde_json::Value, [usize; 3])> {
            match game {
                $($name => Some((
                    serde_json::to_value(<$krate::$game as cards_core::Game>::Rules::default())
                        .expect("rules are JSON"),
                    [$krate::MIN_SEATS, $krate::DEFAULT_SEATS, $krate::MAX_SEATS],
                )),)*
                _ => None,
            }
        }
    };
}
crate::for_each_game!(dispatch);

/// The JSON of a whole table save: the game's name beside its table.
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct Saved {
    game: String,
    table: serde_json::Value,
}

impl AnyTable {
    /// A new table of the game called `game` (a name of [`crate::NAMES`]),
    /// under `rules` (the game's rules as JSON; `""` or `"{}"` for its
    /// defaults, and any field left out keeps its default), for `seats`
    /// players, dealt from `seed`.
    ///
    /// # Errors
    /// [`Kind::BadRequest`](crate::Kind::BadRequest): no such game, rules
    /// that do not load, or a seat count or rule the game refuses (the
    /// message names the rule).
    pub fn new(game: &str, rules: &str, seats: usize, seed: u64) -> Result<AnyTable, Refusal> {
        let listed = listed(game)?;
        Ok(AnyTable {
            game: listed,
            inner: new_typed(listed.name, rules, seats, seed)?,
        })
    }

    /// The table that [`AnyTable::save`] wrote, continuing exactly where
    /// it stood (chance and the bots' choices included).
    ///
    /// # Errors
    /// [`Kind::BadRequest`](crate::Kind::BadRequest) when the save is not
    /// JSON of this form, names no game, or does not replay (a start the
    /// game's setup refuses, a log entry the rules refuse).
    pub fn load(save: &str) -> Result<AnyTable, Refusal> {
        let saved: Saved = serde_json::from_str(save)
            .map_err(|e| Refusal::bad_request(format!("not a table save: {e}")))?;
        let listed = listed(&saved.game)?;
        Ok(AnyTable {
            game: listed,
            inner: load_typed(listed.name, saved.table)?,
        })
    }

    /// The game's default rules as JSON (the form [`AnyTable::new`] takes),
    /// or `None` when there is no such game.
    pub fn default_rules(game: &str) -> Option<String> {
        facts(game).map(|(rules, _)| rules.to_string())
    }

    /// The game's seat limits: fewest, default and most players, or `None`
    /// when there is no such game.
    pub fn seat_limits(game: &str) -> Option<[usize; 3]> {
        facts(game).map(|(_, limits)| limits)
    }

    /// Whether the game called `game` is played by `seats` players: `Ok`
    /// for a count within its [seat limits](AnyTable::seat_limits), else the
    /// game's own refusal of the count, naming its clause, word for word
    /// what [`AnyTable::new`] says of it. The one check of a seat count
    /// before a table is made (the server's, Python's); a house rule may
    /// still refuse a count within the limits when the table is made.
    ///
    /// ```
    /// # use cards_games::{AnyTable, Kind};
    /// assert_eq!(AnyTable::check_seats("hearts", 4), Ok(()));
    /// let refused = AnyTable::check_seats("hearts", 3).unwrap_err();
    /// assert_eq!(refused.kind, Kind::BadRequest);
    /// assert_eq!(refused.message, "hearts is played by exactly 4 players, not 3 (R1)");
    /// assert_eq!(refused, AnyTable::new("hearts", "{}", 3, 0).unwrap_err());
    /// ```
    ///
    /// # Errors
    /// [`Kind::BadRequest`](crate::Kind::BadRequest): no such game (the
    /// message lists the games), or a count the game refuses.
    pub fn check_seats(game: &str, seats: usize) -> Result<(), Refusal> {
        seats_typed(listed(game)?.name, seats)
    }

    /// The game's name ([`crate::NAMES`]).
    pub fn game(&self) -> &'static str {
        self.game.name
    }

    /// How many seats the table has.
    pub fn seats(&self) -> usize {
        self.inner.seats()
    }

    /// The seat to act, or `None` once the game is over.
    pub fn to_act(&self) -> Option<usize> {
        self.inner.to_act().map(Seat::index)
    }

    /// The seat numbered `seat_number`, or the refusal of a seat the table
    /// does not have: the one check of a seat number every binding and the
    /// server make.
    ///
    /// ```
    /// # use cards_games::{AnyTable, Kind};
    /// let table = AnyTable::new("hearts", "{}", 4, 7).unwrap();
    /// assert_eq!(table.seat(3).unwrap().index(), 3);
    /// let refused = table.seat(4).unwrap_err();
    /// assert_eq!(refused.kind, Kind::BadRequest);
    /// assert_eq!(refused.message, "there is no seat 4: the table has 4 seats");
    /// ```
    ///
    /// # Errors
    /// [`Kind::BadRequest`](crate::Kind::BadRequest) naming the seat and the
    /// table's seat count.
    pub fn seat(&self, seat_number: usize) -> Result<Seat, Refusal> {
        let seats = self.seats();
        match u8::try_from(seat_number) {
            Ok(n) if seat_number < seats => Ok(Seat(n)),
            _ => Err(Refusal::bad_request(format!(
                "there is no seat {seat_number}: the table has {seats} seats"
            ))),
        }
    }

    /// `seat`'s legal moves, numbered from 0 in the game's order; empty
    /// unless `seat` is to act.
    ///
    /// ```
    /// # use cards_games::{AnyTable, Kind};
    /// let table = AnyTable::new("hearts", "{}", 4, 7)?;
    /// let seat = table.to_act().expect("a seat is to act after the deal");
    /// assert!(!table.legal_moves(seat)?.is_empty());
    /// assert!(table.legal_moves((seat + 1) % 4)?.is_empty());
    /// // A seat past the table is refused, not taken for one with nothing to do.
    /// let refused = table.legal_moves(4).unwrap_err();
    /// assert_eq!(refused.kind, Kind::BadRequest);
    /// assert_eq!(refused.message, "there is no seat 4: the table has 4 seats");
    /// # Ok::<(), cards_games::Refusal>(())
    /// ```
    ///
    /// # Errors
    /// [`Kind::BadRequest`](crate::Kind::BadRequest) for no such seat, as
    /// [`AnyTable::seat`] refuses it.
    pub fn legal_moves(&self, seat_number: usize) -> Result<Vec<Move>, Refusal> {
        Ok(self.inner.legal_moves(self.seat(seat_number)?))
    }

    /// How many legal moves `seat` has (the length of
    /// [`AnyTable::legal_moves`], without writing their texts); 0 unless
    /// `seat` is to act.
    ///
    /// # Errors
    /// As [`AnyTable::legal_moves`].
    pub fn legal_count(&self, seat_number: usize) -> Result<usize, Refusal> {
        Ok(self.inner.legal_count(self.seat(seat_number)?))
    }

    /// Plays `action` (its text form) for `seat`. Returns the action as the
    /// table wrote it (the canonical text).
    ///
    /// # Errors
    /// [`Kind::BadRequest`](crate::Kind::BadRequest) for no such seat or text
    /// that is no action; [`Kind::NotYourTurn`](crate::Kind::NotYourTurn);
    /// [`Kind::Illegal`](crate::Kind::Illegal) with the rule's clause. The
    /// table is unchanged.
    pub fn play(&mut self, seat_number: usize, action: &str) -> Result<String, Refusal> {
        self.inner.play(self.seat(seat_number)?, action)
    }

    /// Plays move `id` of [`AnyTable::legal_moves`] for `seat`. The
    /// cheapest way to play: no text is parsed or written (ask
    /// [`AnyTable::last_played`] for the move's text when it is wanted).
    ///
    /// # Errors
    /// As [`AnyTable::play`]; an id past the list is a bad request.
    pub fn play_id(&mut self, seat_number: usize, id: u32) -> Result<(), Refusal> {
        self.inner.play_id(self.seat(seat_number)?, id)
    }

    /// The text of the last move a player made at this table (host
    /// operations and chance aside), or `None` before the first.
    pub fn last_played(&self) -> Option<String> {
        self.inner.last_played()
    }

    /// Applies a host operation (its text form, such as `leave 2`): for
    /// `seat` when given (which may ask only for itself), else as the host.
    ///
    /// # Errors
    /// [`Kind::BadRequest`](crate::Kind::BadRequest) for text that is no
    /// operation of this game; [`Kind::NotYourTurn`](crate::Kind::NotYourTurn)
    /// when a seat speaks for another; [`Kind::Illegal`](crate::Kind::Illegal)
    /// when the rules refuse it.
    pub fn host(&mut self, seat_number: Option<usize>, op: &str) -> Result<(), Refusal> {
        let seat = seat_number.map(|s| self.seat(s)).transpose()?;
        self.inner.host(seat, op)
    }

    /// The viewer for `seat_number`: `None` is a spectator; a seat past the
    /// table is refused by [`AnyTable::seat`].
    fn viewer(&self, seat_number: Option<usize>) -> Result<Viewer, Refusal> {
        Ok(match seat_number {
            Some(s) => Viewer::Seat(self.seat(s)?),
            None => Viewer::Spectator,
        })
    }

    /// What `seat` (or a spectator, for `None`) sees now, as the protocol's
    /// view JSON.
    ///
    /// # Errors
    /// [`Kind::BadRequest`](crate::Kind::BadRequest) for a seat past the
    /// table, as [`AnyTable::seat`] refuses it (a spectator is `None`).
    pub fn view_json(&self, seat_number: Option<usize>) -> Result<String, Refusal> {
        Ok(self.inner.view(self.viewer(seat_number)?))
    }

    /// The log entries from index `from` on, as `seat` (or a spectator) may
    /// see them. Asking again from where the last answer ended costs the new
    /// entries only.
    ///
    /// # Errors
    /// As [`AnyTable::view_json`]; the cursors are unchanged.
    pub fn events(
        &mut self,
        seat_number: Option<usize>,
        from: usize,
    ) -> Result<Vec<Event>, Refusal> {
        let viewer = self.viewer(seat_number)?;
        Ok(self.inner.events(viewer, from))
    }

    /// [`AnyTable::events`] as the JSON array the protocol sends, written
    /// straight to text (the cheaper of the two when the answer goes on the wire).
    ///
    /// # Errors
    /// As [`AnyTable::view_json`].
    pub fn events_json(
        &mut self,
        seat_number: Option<usize>,
        from: usize,
    ) -> Result<String, Refusal> {
        let viewer = self.viewer(seat_number)?;
        Ok(self.inner.events_json(viewer, from))
    }

    /// How many entries the log has (the index the next event will have).
    pub fn log_len(&self) -> usize {
        self.inner.log_len()
    }

    /// What a bot of `difficulty` would play for `seat`, without playing it.
    /// Play it with [`AnyTable::play`]. The choice is drawn from the table's
    /// bot stream (kept in its save), so the same table gives the same choice
    /// in every binding; asking moves that stream, so a hint that is not
    /// played changes the bots' later choices (never the cards).
    ///
    /// # Errors
    /// [`Kind::BadRequest`](crate::Kind::BadRequest) for no such seat,
    /// [`Kind::NotYourTurn`](crate::Kind::NotYourTurn) unless `seat` is to act.
    pub fn bot_choice(
        &mut self,
        seat_number: usize,
        difficulty: Difficulty,
    ) -> Result<String, Refusal> {
        self.inner.bot_choice(self.seat(seat_number)?, difficulty)
    }

    /// Lets a bot of `difficulty` play for `seat`; returns what it played.
    ///
    /// # Errors
    /// As [`AnyTable::bot_choice`].
    pub fn play_bot(
        &mut self,
        seat_number: usize,
        difficulty: Difficulty,
    ) -> Result<String, Refusal> {
        let action = self.bot_choice(seat_number, difficulty)?;
        self.play(seat_number, &action)
    }

    /// Where the table's bot stream stands: how many 32-bit words the bots
    /// have drawn from it since the table was made. Only asking a bot moves
    /// it ([`AnyTable::bot_choice`], [`AnyTable::play_bot`]); the cards
    /// come from another stream.
    ///
    /// Store it with a bot's move, and a table rebuilt from its seed and
    /// moves needs no bot asked again: play the stored moves, then
    /// [set the stream](AnyTable::set_bot_stream_position) where it stood.
    ///
    /// ```
    /// use cards_games::AnyTable;
    /// use cards_games::cards_core::Difficulty;
    /// let mut table = AnyTable::new("crazy-eights", "{}", 2, 7)?;
    /// let mut rebuilt = table.clone();
    /// assert_eq!(table.bot_stream_position(), 0);
    /// let seat = table.to_act().expect("a seat is to act after the deal");
    /// let played = table.play_bot(seat, Difficulty::Easy)?;
    /// assert!(table.bot_stream_position() > 0);
    /// // The stored move played, and the stream set: no bot is asked.
    /// rebuilt.play(seat, &played)?;
    /// rebuilt.set_bot_stream_position(table.bot_stream_position());
    /// assert_eq!(rebuilt.save(), table.save());
    /// let next = table.to_act().expect("the game goes on");
    /// assert_eq!(
    ///     rebuilt.bot_choice(next, Difficulty::Easy)?,
    ///     table.bot_choice(next, Difficulty::Easy)?,
    /// );
    /// # Ok::<(), cards_games::Refusal>(())
    /// ```
    pub fn bot_stream_position(&self) -> u128 {
        self.inner.bot_stream_position()
    }

    /// Moves the table's bot stream to `position` (a value of
    /// [`AnyTable::bot_stream_position`]), so that the bots choose next as
    /// a table whose stream stood there would. Nothing else changes: not
    /// the game, its log, nor the cards to come.
    pub fn set_bot_stream_position(&mut self, position: u128) {
        self.inner.set_bot_stream_position(position);
    }

    /// The places, once the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        self.inner.outcome()
    }

    /// The table's rules, every one, as a JSON value.
    pub fn rules(&self) -> serde_json::Value {
        self.inner.rules()
    }

    /// The table's rules as JSON.
    pub fn rules_json(&self) -> String {
        self.rules().to_string()
    }

    /// The whole position as JSON (every hidden card: for the host, never
    /// for a player).
    pub fn state_json(&self) -> String {
        self.inner.state()
    }

    /// The whole table as JSON, to continue later with [`AnyTable::load`].
    pub fn save(&self) -> String {
        serde_json::to_string(&Saved {
            game: self.game.name.to_string(),
            table: self.inner.save(),
        })
        .expect("saves are JSON")
    }
}
