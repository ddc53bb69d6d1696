//! [`Table`]: the JavaScript class, one [`AnyTable`] behind it.

use cards_games::{AnyTable, Refusal};
use wasm_bindgen::prelude::*;

use crate::args::{self, Arg};
use crate::error::{parsed, to_js};

#[wasm_bindgen(typescript_custom_section)]
const TYPES: &'static str = r#"
/** A legal move: its number in this position's list, and its text form. */
export interface Move { id: number; text: string }
/** A log entry as one viewer may see it: the protocol's event and the same in words. */
export interface CardsEvent { index: number; event: unknown; text: string }
/** Places by seat, competition style (1, 2, 2, 4). */
export interface Outcome { places: number[] }
/** A game of the list, its seat limits and its default rules. */
export interface GameInfo {
  name: string; title: string;
  minSeats: number; defaultSeats: number; maxSeats: number;
  rules: Record<string, unknown>;
}
/** Bot levels. */
export type Difficulty = "easy" | "medium" | "hard" | "learned";
/**
 * What every method throws: a JavaScript Error with the protocol's kind.
 * Every method and getter of a table after its `free()` (`free()` again too)
 * throws one of kind `bad_request`.
 */
export interface CardsError extends Error {
  name: "CardsError"; kind: "not_your_turn" | "illegal" | "bad_request";
}
"#;

/// Any value to JSON text, then to a JavaScript value.
fn js<T: serde::Serialize>(value: &T) -> Result<JsValue, JsValue> {
    let json = serde_json::to_string(value)
        .map_err(|e| to_js(Refusal::bad_request(format!("not JSON: {e}"))))?;
    parsed(&json)
}

/// A seeded table of any game of the list, driven with text and JSON.
/// Every method checks its arguments; a refusal throws a `CardsError` and
/// changes nothing. After `free()` (or `[Symbol.dispose]()`) every method
/// and getter, `free()` included, throws a `CardsError` of kind
/// `bad_request` (`web/build-wasm.sh` adds that check to the glue).
#[wasm_bindgen]
pub struct Table {
    inner: AnyTable,
}

#[wasm_bindgen]
impl Table {
    /// A new table of `game` (a name from `games()`) under `rules` (JSON
    /// text; `""`, `"{}"` or nothing for the defaults, and a field left out
    /// keeps its default), for `seats` players, dealt from `seed` (a whole
    /// number or a bigint).
    ///
    /// # Errors
    /// `bad_request`: no such game, rules that do not load, a seat count or
    /// rule the game refuses (the message names the rule).
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "string")] game: JsValue,
        #[wasm_bindgen(unchecked_param_type = "string | undefined")] rules: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] seats: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number | bigint")] seed: JsValue,
    ) -> Result<Table, JsValue> {
        let build = || -> Result<Table, Refusal> {
            let game = args::text(&Arg::from_js(&game), "a game's name")?;
            let rules = args::rules(&Arg::from_js(&rules))?;
            let seats = args::seats(&Arg::from_js(&seats))?;
            let seed = args::seed(&Arg::from_js(&seed))?;
            Ok(Table {
                inner: AnyTable::new(&game, &rules, seats, seed)?,
            })
        };
        build().map_err(to_js)
    }

    /// The table that `save()` wrote, continuing exactly where it stood.
    ///
    /// # Errors
    /// `bad_request` when the text is not a save or does not replay.
    pub fn load(
        #[wasm_bindgen(unchecked_param_type = "string")] save: JsValue,
    ) -> Result<Table, JsValue> {
        let save = args::text(&Arg::from_js(&save), "a save").map_err(to_js)?;
        AnyTable::load(&save)
            .map(|inner| Table { inner })
            .map_err(to_js)
    }

    /// The whole table as JSON text, for `Table.load`.
    pub fn save(&self) -> String {
        self.inner.save()
    }

    /// The game's name.
    #[wasm_bindgen(getter)]
    pub fn game(&self) -> String {
        self.inner.game().to_string()
    }

    /// How many seats the table has.
    #[wasm_bindgen(getter)]
    pub fn seats(&self) -> u32 {
        self.inner.seats() as u32
    }

    /// The seat to act, or `undefined` once the game is over.
    #[wasm_bindgen(getter, js_name = toAct)]
    pub fn to_act(&self) -> Option<u32> {
        self.inner.to_act().map(|s| s as u32)
    }

    /// The table's rules (JSON).
    #[wasm_bindgen(unchecked_return_type = "Record<string, unknown>")]
    pub fn rules(&self) -> Result<JsValue, JsValue> {
        parsed(&self.inner.rules_json())
    }

    /// `seat`'s legal moves (`[{id, text}]`); empty unless `seat` is to act.
    ///
    /// # Errors
    /// `bad_request` for a value that is no seat of this table.
    #[wasm_bindgen(js_name = legalActions, unchecked_return_type = "Move[]")]
    pub fn legal_actions(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] seat: JsValue,
    ) -> Result<JsValue, JsValue> {
        let seat = args::seat(&Arg::from_js(&seat)).map_err(to_js)?;
        js(&self.inner.legal_moves(seat).map_err(to_js)?)
    }

    /// Plays `action` (its text form) for `seat`; returns it as the table
    /// wrote it.
    ///
    /// # Errors
    /// `bad_request` (no such seat, not an action), `not_your_turn`, or
    /// `illegal` with the rule's clause.
    pub fn play(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] seat: JsValue,
        #[wasm_bindgen(unchecked_param_type = "string")] action: JsValue,
    ) -> Result<String, JsValue> {
        let mut go = || -> Result<String, Refusal> {
            let seat = self.seat(&seat)?;
            let action = args::text(&Arg::from_js(&action), "an action")?;
            self.inner.play(seat, &action)
        };
        go().map_err(to_js)
    }

    /// Plays move `id` of `legalActions(seat)`; returns its text.
    ///
    /// # Errors
    /// As `play`; an id past the list is a bad request.
    #[wasm_bindgen(js_name = playId)]
    pub fn play_id(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] seat: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] id: JsValue,
    ) -> Result<String, JsValue> {
        let mut go = || -> Result<String, Refusal> {
            let seat = self.seat(&seat)?;
            let id = args::move_id(&Arg::from_js(&id))?;
            self.inner.play_id(seat, id)?;
            Ok(self.inner.last_played().expect("a move was just played"))
        };
        go().map_err(to_js)
    }

    /// A host operation (its text form, such as `leave 2`), for `seat` (which
    /// may ask only for itself), or as the host when `seat` is `undefined`.
    ///
    /// # Errors
    /// `bad_request`, `not_your_turn` or `illegal`, as for `play`.
    pub fn host(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number | undefined")] seat: JsValue,
        #[wasm_bindgen(unchecked_param_type = "string")] op: JsValue,
    ) -> Result<(), JsValue> {
        let mut go = || -> Result<(), Refusal> {
            let seat = args::viewer(&Arg::from_js(&seat))?;
            let op = args::text(&Arg::from_js(&op), "a host operation")?;
            self.inner.host(seat, &op)
        };
        go().map_err(to_js)
    }

    /// What `seat` (or a spectator, for `undefined`) sees now: the protocol's
    /// view JSON.
    ///
    /// # Errors
    /// `bad_request` for a value that is no seat of this table.
    #[wasm_bindgen(unchecked_return_type = "Record<string, unknown>")]
    pub fn view(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number | undefined")] seat: JsValue,
    ) -> Result<JsValue, JsValue> {
        let seat = args::viewer(&Arg::from_js(&seat)).map_err(to_js)?;
        parsed(&self.inner.view_json(seat).map_err(to_js)?)
    }

    /// The log entries from index `cursor` on, as `seat` (or a spectator,
    /// for `undefined`) may see them: `[{index, event, text}]`. Ask again
    /// from the last index + 1 for the new ones only.
    ///
    /// # Errors
    /// `bad_request` for a cursor that is no whole number or no seat.
    #[wasm_bindgen(unchecked_return_type = "CardsEvent[]")]
    pub fn events(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] cursor: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number | undefined")] seat: JsValue,
    ) -> Result<JsValue, JsValue> {
        let cursor = args::cursor(&Arg::from_js(&cursor)).map_err(to_js)?;
        let seat = args::viewer(&Arg::from_js(&seat)).map_err(to_js)?;
        js(&self.inner.events(seat, cursor).map_err(to_js)?)
    }

    /// How many entries the log has.
    #[wasm_bindgen(getter, js_name = logLength)]
    pub fn log_length(&self) -> u32 {
        self.inner.log_len() as u32
    }

    /// Lets a bot of `difficulty` (`easy`, `medium`, `hard`, `learned`) play for
    /// `seat`; returns what it played.
    ///
    /// # Errors
    /// `bad_request` (no such seat or level), `not_your_turn`.
    #[wasm_bindgen(js_name = botMove)]
    pub fn bot_move(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] seat: JsValue,
        #[wasm_bindgen(unchecked_param_type = "Difficulty")] difficulty: JsValue,
    ) -> Result<String, JsValue> {
        let mut go = || -> Result<String, Refusal> {
            let seat = self.seat(&seat)?;
            let level = args::difficulty(&Arg::from_js(&difficulty))?;
            self.inner.play_bot(seat, level)
        };
        go().map_err(to_js)
    }

    /// The places once the game is over (`{places}`), else `null`.
    #[wasm_bindgen(unchecked_return_type = "Outcome | null")]
    pub fn outcome(&self) -> Result<JsValue, JsValue> {
        js(&self.inner.outcome())
    }
}

impl Table {
    /// A seat of this table, checked before a move's other arguments (the
    /// reads leave a seat past the table to the table, which refuses it in
    /// the same words).
    fn seat(&self, value: &JsValue) -> Result<usize, Refusal> {
        let seat = args::seat(&Arg::from_js(value))?;
        Ok(self.inner.seat(seat)?.index())
    }
}
