//! A table held in memory: its [`AnyTable`], its stored record, the number of
//! actions taken, and which seats are connected. Every change goes through
//! [`Live::apply`], which returns the record to store; a reload replays the
//! stored records through the same function and checks each hash.

use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use cards_core::Difficulty;
use cards_games::{AnyTable, Refusal};

use crate::config::Config;
use crate::store::{ActionKind, ActionRecord, Loaded, TableRecord, fnv64};

/// A request to change the table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `seat` plays the action with this text.
    Play(usize, String),
    /// `seat` plays its legal move with this id.
    Move(usize, u32),
    /// A host operation, for `seat` (which may ask only for itself) or from the host.
    Host(Option<usize>, String),
    /// A bot of this difficulty plays for `seat`.
    Bot(usize, Difficulty),
    /// A bot's move as the store holds it, replayed for `seat`, then the bot
    /// stream set to the position stored with it ([`Live::replay`]). With no
    /// position stored (an older server's record) the stream is left where
    /// it stands: the replay asked the bot again first, which moved it.
    Replayed(usize, Difficulty, String, Option<u64>),
}

/// Whether a human seat is connected, or since when it has been away.
#[derive(Clone, Copy, Debug)]
pub struct Presence {
    /// Open connections for the seat.
    pub connections: u32,
    /// When the last one closed (or the server started), while none is open.
    pub away_since: Option<Instant>,
}

/// A table in memory.
#[derive(Debug)]
pub struct Live {
    /// What the store holds about it.
    pub record: TableRecord,
    /// The game.
    pub table: AnyTable,
    /// How many actions it has taken (the next action's `seq`).
    pub seq: u64,
    /// Each seat's connections.
    pub presence: Vec<Presence>,
    /// How many stored bot moves the replay that rebuilt this table asked
    /// the bot for again: those stored without the bot stream's position
    /// (by a server before it was kept). 0 for a new table.
    pub bots_asked_in_replay: usize,
    /// How old the table was when this process rebuilt it from the store
    /// (from its stored creation time): a seat nobody has joined has waited
    /// that long already. Zero for a new table, and for one stored without
    /// its creation time.
    pub age_at_load: Duration,
}

/// Now, in milliseconds since the Unix epoch (0 on a clock set before it).
pub fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

impl Live {
    /// A new table from `record` (not yet stored).
    ///
    /// # Errors
    /// The game's refusal of the game, rules or seat count.
    pub fn create(record: TableRecord) -> Result<Live, Refusal> {
        let table = AnyTable::new(&record.game, &record.rules, record.seats, record.seed)?;
        let away = Presence {
            connections: 0,
            away_since: Some(Instant::now()),
        };
        Ok(Live {
            presence: vec![away; record.seats],
            record,
            table,
            seq: 0,
            bots_asked_in_replay: 0,
            age_at_load: Duration::ZERO,
        })
    }

    /// Applies `command`; on success returns the record to store. A refused
    /// command changes nothing.
    ///
    /// # Errors
    /// The table's refusal.
    pub fn apply(&mut self, command: &Command) -> Result<ActionRecord, Refusal> {
        let (seat, kind, text) = match command {
            Command::Play(seat, text) => {
                (Some(*seat), ActionKind::Play, self.table.play(*seat, text)?)
            }
            Command::Move(seat, id) => (Some(*seat), ActionKind::Play, {
                self.table.play_id(*seat, *id)?;
                self.table.last_played().expect("a move was just played")
            }),
            Command::Host(seat, op) => {
                self.table.host(*seat, op)?;
                (*seat, ActionKind::Host, op.trim().to_string())
            }
            Command::Bot(seat, d) => (
                Some(*seat),
                ActionKind::Bot(*d),
                self.table.play_bot(*seat, *d)?,
            ),
            Command::Replayed(seat, d, text, at) => {
                let text = self.table.play(*seat, text)?;
                if let Some(at) = at {
                    self.table.set_bot_stream_position(u128::from(*at));
                }
                (Some(*seat), ActionKind::Bot(*d), text)
            }
        };
        // Only a bot's move moves the bot stream (the server offers no
        // hints), so only a bot's move needs its position kept. A position
        // past `u64` (2^64 words drawn: never in practice) is not stored,
        // and that move would be replayed by asking the bot again.
        let bot_stream = match kind {
            ActionKind::Bot(_) => u64::try_from(self.table.bot_stream_position()).ok(),
            ActionKind::Play | ActionKind::Host => None,
        };
        let record = ActionRecord {
            table: self.record.id.clone(),
            seq: self.seq,
            seat,
            kind,
            text,
            hash: fnv64(&self.table.state_json()),
            bot_stream,
        };
        self.seq += 1;
        Ok(record)
    }

    /// The stored table, rebuilt by replaying its actions from its seed, each
    /// checked against the stored text and state hash.
    ///
    /// A bot's move is played as stored, and the bot stream is set to the
    /// position stored with it, so the bots' next choices are those the
    /// table would have made had it never stopped, and no bot is asked (a
    /// hard bot's search takes up to a second). The move stored stands even
    /// where the bot would now choose another (its code or its network
    /// changed since): a server upgraded with a different bot still reloads
    /// every table.
    ///
    /// A bot's move stored without the position (by a server before it was
    /// kept) is asked of the bot again, so the bot stream moves as it did,
    /// and the move stored is played; a different choice is logged.
    ///
    /// # Errors
    /// Which action does not replay, and why.
    pub fn replay(loaded: Loaded) -> Result<Live, String> {
        let id = loaded.table.id.clone();
        let mut live = Live::create(loaded.table).map_err(|e| format!("table {id}: {e}"))?;
        // A clock that went back since counts as no age.
        let age_ms = live
            .record
            .created_ms
            .map_or(0, |t| now_ms().saturating_sub(t));
        live.age_at_load = Duration::from_millis(u64::try_from(age_ms).unwrap_or(0));
        for stored in &loaded.actions {
            let fails = |e: Refusal| format!("table {id} action {}: {e}", stored.seq);
            let command = match (stored.kind, stored.seat) {
                (ActionKind::Play, Some(seat)) => Command::Play(seat, stored.text.clone()),
                (ActionKind::Bot(d), Some(seat)) if stored.bot_stream.is_some() => {
                    Command::Replayed(seat, d, stored.text.clone(), stored.bot_stream)
                }
                (ActionKind::Bot(d), Some(seat)) => {
                    live.bots_asked_in_replay += 1;
                    let now = live.table.bot_choice(seat, d).map_err(fails)?;
                    if now != stored.text {
                        eprintln!(
                            "cards-server: table {id} action {}: the {d:?} bot now chooses {now:?}; the stored {:?} is played",
                            stored.seq, stored.text
                        );
                    }
                    Command::Replayed(seat, d, stored.text.clone(), None)
                }
                (ActionKind::Host, seat) => Command::Host(seat, stored.text.clone()),
                (_, None) => return Err(format!("table {id} action {}: no seat", stored.seq)),
            };
            let mut again = live.apply(&command).map_err(fails)?;
            if again.hash != stored.hash && legacy_hash(&live) == stored.hash {
                again.hash = stored.hash;
            }
            // An older server's record has no position to compare.
            if stored.bot_stream.is_none() {
                again.bot_stream = None;
            }
            if again != *stored {
                return Err(format!(
                    "table {id} action {}: the replay gives {:?} where the store holds {:?}",
                    stored.seq, again, stored
                ));
            }
        }
        Ok(live)
    }

    /// The bot that should act now, if the seat to act is a bot's, a joined
    /// seat away for at least `config.away_after`, or a seat nobody has
    /// joined since the table was made `config.empty_seat_after` ago (its
    /// age at a reload counted in, [`Live::age_at_load`]); the last two
    /// played at `config.away_difficulty`.
    pub fn bot_to_act(&self, config: &Config) -> Option<Command> {
        let seat = self.table.to_act()?;
        if let Some(d) = self.record.bots.get(seat).copied().flatten() {
            return Some(Command::Bot(seat, d));
        }
        let joined = self.record.tokens.get(seat)?.is_some();
        let after = if joined {
            config.away_after
        } else {
            config.empty_seat_after.saturating_sub(self.age_at_load)
        };
        let p = self.presence.get(seat)?;
        let away = p.connections == 0 && p.away_since.is_some_and(|t| t.elapsed() >= after);
        away.then_some(Command::Bot(seat, config.away_difficulty))
    }

    /// Whether a bot may have to play here: a bot seat, or a seat with no
    /// open connection (joined and away, or empty).
    pub fn may_need_bot(&self) -> bool {
        (0..self.record.seats)
            .any(|s| self.record.bots[s].is_some() || self.presence[s].connections == 0)
    }

    /// The seats no one has joined and no bot plays.
    pub fn open_seats(&self) -> Vec<usize> {
        (0..self.record.seats)
            .filter(|&s| self.record.tokens[s].is_none() && self.record.bots[s].is_none())
            .collect()
    }
}

/// The state hash that stores written before 2026-11-26 hold: the state's
/// JSON with its keys sorted (it went through `serde_json::Value`). Their
/// tables still reload; new records hash the JSON as the state writes it.
fn legacy_hash(live: &Live) -> u64 {
    let state: serde_json::Value =
        serde_json::from_str(&live.table.state_json()).expect("a state's JSON reads back");
    fnv64(&state.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use cards_games::Kind;

    fn record(game: &str, seats: usize, bots: Vec<Option<Difficulty>>) -> TableRecord {
        TableRecord {
            id: "t".into(),
            game: game.into(),
            rules: "{}".into(),
            seats,
            seed: 11,
            bots,
            tokens: vec![None; seats],
            host_token: "h".into(),
            finished: false,
            created_ms: None,
        }
    }

    #[test]
    fn an_empty_seat_waits_from_the_table_s_making_across_a_reload() {
        let mut config = Config::new("127.0.0.1:0".parse().unwrap(), "unused.db".into());
        config.empty_seat_after = Duration::from_secs(3_600);
        let reloaded = |age_ms: Option<i64>| {
            let mut table = record("trump21", 2, vec![None, None]);
            table.created_ms = age_ms.map(|a| now_ms() - a);
            Live::replay(Loaded {
                table,
                actions: Vec::new(),
            })
            .unwrap()
        };
        let seat = |live: &Live| live.table.to_act().expect("a seat to act");
        // Made two hours ago: its empty seat has waited long enough already.
        let old = reloaded(Some(7_200_000));
        assert!(old.age_at_load >= Duration::from_secs(7_200));
        assert_eq!(
            old.bot_to_act(&config),
            Some(Command::Bot(seat(&old), config.away_difficulty))
        );
        // Ten minutes ago, a time from the future (a clock set back), or no
        // time stored (an older server's table): it waits on.
        for age in [Some(600_000), Some(-600_000), None] {
            let live = reloaded(age);
            assert!(live.age_at_load <= Duration::from_secs(600), "{age:?}");
            assert_eq!(live.bot_to_act(&config), None, "{age:?}");
        }
        // A joined seat's wait starts at the reload, whatever the table's age.
        let mut joined = record("trump21", 2, vec![None, None]);
        joined.tokens = vec![Some("a".into()), Some("b".into())];
        joined.created_ms = Some(now_ms() - 7_200_000);
        config.away_after = Duration::from_secs(60);
        let live = Live::replay(Loaded {
            table: joined,
            actions: Vec::new(),
        })
        .unwrap();
        assert_eq!(live.bot_to_act(&config), None);
    }

    #[test]
    fn a_replayed_log_reaches_the_same_table_and_a_tampered_one_is_refused() {
        let mut live =
            Live::create(record("trump21", 2, vec![None, Some(Difficulty::Easy)])).unwrap();
        let mut actions = Vec::new();
        let mut legacy = Vec::new();
        while let Some(seat) = live.table.to_act() {
            let command = if seat == 0 {
                Command::Move(0, 0)
            } else {
                Command::Bot(1, Difficulty::Easy)
            };
            actions.push(live.apply(&command).unwrap());
            legacy.push(legacy_hash(&live));
        }
        let loaded = Loaded {
            table: live.record.clone(),
            actions: actions.clone(),
        };
        let again = Live::replay(loaded.clone()).unwrap();
        assert_eq!(again.table.state_json(), live.table.state_json());
        assert_eq!(again.table.save(), live.table.save());
        assert_eq!(again.bots_asked_in_replay, 0);
        // A store written with the sorted-key hash still reloads.
        let mut old = loaded.clone();
        for (a, h) in old.actions.iter_mut().zip(&legacy) {
            assert_ne!(a.hash, *h, "the two hashes differ");
            a.hash = *h;
        }
        assert_eq!(Live::replay(old).unwrap().table.save(), live.table.save());
        let mut tampered = loaded;
        tampered.actions[0].hash ^= 1;
        assert!(Live::replay(tampered).unwrap_err().contains("action 0"));
    }

    #[test]
    fn a_bot_move_the_bot_would_no_longer_choose_still_replays_as_stored() {
        // A log written by another bot: at each of its moves that bot took
        // the last legal move where this one takes its own choice.
        let bots = vec![None, Some(Difficulty::Medium)];
        let mut live = Live::create(record("trump21", 2, bots)).unwrap();
        let mut actions = Vec::new();
        let mut changed = 0;
        while let Some(seat) = live.table.to_act() {
            let command = if seat == 0 {
                Command::Move(0, 0)
            } else {
                let ours = live.table.bot_choice(1, Difficulty::Medium).unwrap();
                let theirs = live.table.legal_moves(1).unwrap().pop().unwrap().text;
                changed += usize::from(ours != theirs);
                Command::Replayed(1, Difficulty::Medium, theirs, None)
            };
            actions.push(live.apply(&command).unwrap());
        }
        assert!(changed > 0, "the two bots never differ");
        let loaded = Loaded {
            table: live.record.clone(),
            actions,
        };
        // Replayed as stored, with the stream set where it stood: this bot
        // is never asked, so it never disagrees.
        let again = Live::replay(loaded.clone()).unwrap();
        assert_eq!(again.table.save(), live.table.save());
        assert_eq!(again.bots_asked_in_replay, 0);
        // An older server's records (no position): this bot is asked at
        // each of them, which moves the stream as it moved then.
        let mut old = loaded;
        let bot_moves = old.actions.iter().filter(|a| a.seat == Some(1)).count();
        for a in &mut old.actions {
            a.bot_stream = None;
        }
        let again = Live::replay(old).unwrap();
        assert_eq!(again.table.save(), live.table.save());
        assert_eq!(again.bots_asked_in_replay, bot_moves);
    }

    #[test]
    fn a_replay_sets_the_bot_stream_to_the_stored_position_and_asks_no_bot() {
        let bots = vec![Some(Difficulty::Easy), None, Some(Difficulty::Hard)];
        let mut live = Live::create(record("crazy-eights", 3, bots)).unwrap();
        let mut actions = Vec::new();
        while actions.len() < 12
            && let Some(seat) = live.table.to_act()
        {
            let command = match live.record.bots[seat] {
                Some(d) => Command::Bot(seat, d),
                None => Command::Move(seat, 0),
            };
            actions.push(live.apply(&command).unwrap());
        }
        // Only the bots' moves carry the stream's position, and it moved.
        for a in &actions {
            assert_eq!(a.bot_stream.is_some(), a.kind != ActionKind::Play, "{a:?}");
        }
        let last = actions
            .iter()
            .rposition(|a| a.bot_stream.is_some())
            .unwrap();
        assert!(actions[last].bot_stream > Some(0));
        let loaded = Loaded {
            table: live.record.clone(),
            actions,
        };
        let again = Live::replay(loaded.clone()).unwrap();
        assert_eq!(again.table.save(), live.table.save());
        // The stream stands where the store says, not where asking a bot
        // would have moved it (the hashes cover the game, not the stream).
        let mut moved = loaded;
        let at = moved.actions[last].bot_stream.unwrap() + 5;
        moved.actions[last].bot_stream = Some(at);
        let again = Live::replay(moved).unwrap();
        assert_eq!(again.table.bot_stream_position(), u128::from(at));
        assert_eq!(again.table.state_json(), live.table.state_json());
        assert_eq!(again.bots_asked_in_replay, 0);
    }

    #[test]
    fn leaving_a_seat_past_the_table_is_refused_by_the_game() {
        let mut live = Live::create(record("trump21", 2, vec![None, None])).unwrap();
        for (op, kind, says) in [
            ("leave 5", Kind::Illegal, "the table has 2 seats (T4, T16)"),
            ("leave 2", Kind::Illegal, "the table has 2 seats (T4, T16)"),
            ("leave 99", Kind::BadRequest, "0 to 7 (T16, T4)"),
            ("leave 99999999999999999999999", Kind::BadRequest, "0 to 7"),
        ] {
            let e = live.apply(&Command::Host(None, op.into())).unwrap_err();
            assert_eq!(e.kind, kind, "{op}: {e}");
            assert!(e.to_string().contains(says), "{op}: {e}");
        }
        assert_eq!(live.seq, 0);
        assert!(live.apply(&Command::Host(None, "leave 1".into())).is_ok());
    }

    #[test]
    fn a_refused_command_changes_nothing() {
        let mut live = Live::create(record("hearts", 4, vec![None; 4])).unwrap();
        let before = live.table.save();
        let seat = live.table.to_act().unwrap();
        let other = (seat + 1) % 4;
        assert!(live.apply(&Command::Move(other, 0)).is_err());
        assert!(live.apply(&Command::Play(seat, "dance".into())).is_err());
        assert!(live.apply(&Command::Move(seat, 9999)).is_err());
        assert_eq!(live.table.save(), before);
        assert_eq!(live.seq, 0);
    }
}
