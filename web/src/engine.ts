// The page's game, wherever it runs (in the Web Worker, or in Node for the
// tests): one wasm Table, the human's seat, the bots' levels and the moves
// played so far, turned into the snapshots the page draws.

import type { CardsEvent, Difficulty, GameInfo, Move, Outcome, Table as WasmTable } from "../pkg/cards_wasm";
import type { OnlineSeat } from "./online";
import { type RuleField, describeRules } from "./rules-form";

/** What the wasm module offers (its exports, as the worker and the tests load them). */
export interface Wasm {
  Table: {
    new (game: string, rules: string | undefined, seats: number, seed: number | bigint): WasmTable;
    load(save: string): WasmTable;
  };
  games(): GameInfo[];
}

/** A table to start: the game, its rules, the seats, the seed, the human's seat and the bots' levels. */
export interface Setup {
  game: string;
  rules: Record<string, unknown>;
  seats: number;
  seed: number;
  /** The page drew the seed (none was asked for): it fixes every hand, so it
   * is not shown until the game is over (see `shownSeed`). */
  seedDrawn?: boolean;
  you: number;
  /** A level for every bot seat: in this page every seat but the human's;
   * online, the others wait for players. */
  bots: Record<number, Difficulty>;
}

/** One move played, by whom. */
export interface Played {
  seat: number;
  action: string;
}

/** What the page draws after every change. */
export interface Snapshot {
  setup: Setup;
  toAct: number | null;
  /** The human's view (the protocol's view JSON): nothing more is drawn. */
  view: Record<string, unknown>;
  /** The human's legal moves (empty unless the human is to act). */
  legal: Move[];
  /** The log entries the human has not been sent yet, in the human's words. */
  events: CardsEvent[];
  outcome: Outcome | null;
  /** Moves played so far (online: the table's log length). */
  moves: number;
  /** The seat held at a table on a server (absent for a table in this page). */
  online?: OnlineSeat;
}

/** One step of a replay: the human's view after `step` moves, and the log so far. */
export interface ReplayFrame {
  step: number;
  total: number;
  view: Record<string, unknown>;
  log: string[];
  /** The step's move as the human's seat saw it: who moved, and the move's
   * own entry of that seat's log (a bot's hidden pass or give stays hidden;
   * never the action's text, which names every card). */
  last: { seat: number; text: string } | null;
}

/** The file "save" writes: the setup, the table's own save, and the moves for replay. */
export interface SaveFile {
  format: "card-rules-web/1";
  setup: Setup;
  table: string;
  history: Played[];
}

/** A refusal as the page shows it. */
export interface Refused {
  kind: string;
  message: string;
}

/** The kind and message of a thrown CardsError (or anything else thrown). */
export function refusalOf(e: unknown): Refused {
  if (e && typeof e === "object" && "kind" in e && "message" in e) {
    return { kind: String((e as Refused).kind), message: String((e as Refused).message) };
  }
  return { kind: "bad_request", message: String(e) };
}

/** The game driven by one wasm Table. */
export class Engine {
  private table: WasmTable | null = null;
  private setup: Setup | null = null;
  private cursor = 0;
  private history: Played[] = [];
  /** Milliseconds per hard bot decision, by game. */
  readonly hardMs: Record<string, number[]> = {};

  constructor(private readonly wasm: Wasm) {}

  games(): GameInfo[] {
    return this.wasm.games();
  }

  /** The house-rules form of `game` at `seats` seats (bounds found by asking the engine). */
  rulesForm(game: string, seats: number): RuleField[] {
    const info = this.wasm.games().find((g) => g.name === game);
    if (!info) throw { kind: "bad_request", message: `there is no game ${game}` };
    return describeRules(info.rules, (rules) => {
      try {
        const t = new this.wasm.Table(game, JSON.stringify(rules), seats, 1);
        t.free();
        return null;
      } catch (e) {
        return refusalOf(e).message;
      }
    });
  }

  start(setup: Setup): Snapshot {
    const table = new this.wasm.Table(setup.game, JSON.stringify(setup.rules), setup.seats, setup.seed);
    if (!Number.isInteger(setup.you) || setup.you < 0 || setup.you >= setup.seats) {
      table.free();
      throw { kind: "bad_request", message: `there is no seat ${setup.you} for you` };
    }
    this.replace(table, setup, []);
    return this.snapshot();
  }

  private replace(table: WasmTable, setup: Setup, history: Played[]) {
    this.table?.free();
    this.table = table;
    this.setup = setup;
    this.cursor = 0;
    this.history = history;
  }

  private current(): { table: WasmTable; setup: Setup } {
    if (!this.table || !this.setup) throw { kind: "bad_request", message: "no table has started" };
    return { table: this.table, setup: this.setup };
  }

  /** The human plays `action` (its text form). */
  play(action: string): Snapshot {
    const { table, setup } = this.current();
    const played = table.play(setup.you, action);
    this.history.push({ seat: setup.you, action: played });
    return this.snapshot();
  }

  /** The bot whose turn it is plays; throws when it is nobody's or the human's.
   * `bot.action` is its move as the human's seat saw it (that seat's log
   * entry, as online), not the bot's action, which may name hidden cards. */
  botStep(): Snapshot & { bot: Played & { ms: number } } {
    const { table, setup } = this.current();
    const seat = table.toAct;
    if (seat === undefined || seat === setup.you) {
      throw { kind: "not_your_turn", message: "no bot is to act" };
    }
    const level = setup.bots[seat] ?? "medium";
    const at = table.logLength;
    const t0 = performance.now();
    const action = table.botMove(seat, level);
    const ms = performance.now() - t0;
    if (level === "hard") (this.hardMs[setup.game] ??= []).push(ms);
    this.history.push({ seat, action });
    const snap = this.snapshot();
    return { ...snap, bot: { seat, action: entryAt(snap.events, at), ms } };
  }

  snapshot(): Snapshot {
    const { table, setup } = this.current();
    const events = table.events(this.cursor, setup.you);
    this.cursor = table.logLength;
    const toAct = table.toAct ?? null;
    return {
      setup,
      toAct,
      view: table.view(setup.you),
      legal: toAct === setup.you ? table.legalActions(setup.you) : [],
      events,
      outcome: table.outcome(),
      moves: this.history.length,
    };
  }

  /** The whole game as a file's text. */
  save(): string {
    const { table, setup } = this.current();
    const file: SaveFile = { format: "card-rules-web/1", setup, table: table.save(), history: this.history };
    return JSON.stringify(file);
  }

  /** The game a file holds, where it stood; its whole log arrives as new events. */
  load(text: string): Snapshot {
    let file: SaveFile;
    try {
      file = JSON.parse(text);
    } catch (e) {
      throw { kind: "bad_request", message: `not a saved game: ${String(e)}` };
    }
    if (file?.format !== "card-rules-web/1" || !file.setup || !Array.isArray(file.history)) {
      throw { kind: "bad_request", message: "not a saved game of this page (card-rules-web/1)" };
    }
    const table = this.wasm.Table.load(file.table);
    try {
      this.check(file, table);
    } catch (e) {
      table.free();
      throw e;
    }
    this.replace(table, file.setup, file.history);
    return this.snapshot();
  }

  /** Throws a bad_request naming what in `file` does not fit `table` (its own
   * table): the setup, the bots, or a history that does not replay to it. */
  private check({ setup, history }: SaveFile, table: WasmTable) {
    const bad: (what: string) => never = (what) => {
      throw { kind: "bad_request", message: `not a saved game of this page: ${what}` };
    };
    if (typeof setup !== "object" || Array.isArray(setup)) bad("the setup is not an object");
    if (setup.game !== table.game) bad(`the setup's game ${JSON.stringify(setup.game)} is not the table's ${table.game}`);
    if (setup.seats !== table.seats) bad(`the setup's ${JSON.stringify(setup.seats)} seats are not the table's ${table.seats}`);
    if (!Number.isInteger(setup.you) || setup.you < 0 || setup.you >= table.seats) {
      bad(`there is no seat ${JSON.stringify(setup.you)} for you`);
    }
    const bots = setup.bots as unknown;
    if (!bots || typeof bots !== "object" || Array.isArray(bots)) bad("the bots are not an object of seats and levels");
    for (const [seat, level] of Object.entries(bots as object)) {
      if (!/^\d+$/.test(seat) || Number(seat) >= table.seats || !["easy", "medium", "hard", "learned"].includes(level)) {
        bad(`the bot ${JSON.stringify(seat)}: ${JSON.stringify(level)} is not a seat of the table and a level`);
      }
    }
    // The history must replay, from the setup's fresh table, to the table saved:
    // the same log length and every seat's view.
    let fresh: WasmTable;
    try {
      fresh = new this.wasm.Table(setup.game, JSON.stringify(setup.rules), setup.seats, setup.seed);
    } catch (e) {
      bad(`the setup's rules or seed: ${refusalOf(e).message}`);
    }
    try {
      history.forEach((p, i) => {
        if (!p || typeof p !== "object" || typeof p.action !== "string") bad(`history move ${i + 1} is not a seat and an action`);
        try {
          fresh.play(p.seat, p.action);
        } catch (e) {
          bad(`history move ${i + 1}: ${refusalOf(e).message}`);
        }
      });
      // Not the saves: a bot's own random stream differs between the two.
      const seen = (t: WasmTable) =>
        JSON.stringify([t.logLength, ...Array.from({ length: t.seats }, (_, s) => t.view(s))]);
      if (seen(fresh) !== seen(table)) bad("the history does not replay to the table saved");
    } finally {
      fresh.free();
    }
  }

  /** The game as it stood after `step` moves, from a fresh table of the same seed. */
  replay(step: number): ReplayFrame {
    const { setup } = this.current();
    const total = this.history.length;
    const upTo = Math.max(0, Math.min(total, Math.floor(step)));
    const t = new this.wasm.Table(setup.game, JSON.stringify(setup.rules), setup.seats, setup.seed);
    try {
      // Where the last move's own entry is in the log (chance may follow it).
      let at = 0;
      for (const p of this.history.slice(0, upTo)) {
        at = t.logLength;
        t.play(p.seat, p.action);
      }
      const events = t.events(0, setup.you);
      const last = upTo > 0 ? this.history[upTo - 1] : null;
      return {
        step: upTo,
        total,
        view: t.view(setup.you),
        log: events.map((e) => e.text),
        // In the human's words, bots' moves included: a bot's action text
        // names the cards it passed or gave, which its seat alone saw.
        last: last && { seat: last.seat, text: entryAt(events, at) },
      };
    } finally {
      t.free();
    }
  }
}

/** The text of the log entry at index `at` of `events` (a move's own entry,
 * in the words of the seat the events are for), or "" when there is none. */
function entryAt(events: CardsEvent[], at: number): string {
  return events.find((e) => e.index === at)?.text ?? "";
}

/** A seed for a new table: uniform over 0 ..= Number.MAX_SAFE_INTEGER (2^53
 * seeds, each exact as a JavaScript number, in the save file's JSON and at
 * the wasm boundary), from the platform's cryptographic random source. The
 * seed fixes every hand, so it must not be guessable: a player who could try
 * every seed would find the one that deals their hand, and so every other. */
export function freshSeed(fill: (words: Uint32Array<ArrayBuffer>) => void = (w) => crypto.getRandomValues(w)): number {
  const words = new Uint32Array(2);
  fill(words);
  const [high, low] = words;
  // 21 high bits and 32 low ones: 53 bits, every value equally likely.
  return (high & 0x1f_ffff) * 2 ** 32 + low;
}

/** The seed to show for `setup`, or null: a seed the player chose is theirs
 * to see, one the page drew only once the game is over (then it lets the
 * game be replayed or shared; during play it would tell every hand). */
export function shownSeed(setup: Setup, over: boolean): number | null {
  return !setup.seedDrawn || over ? setup.seed : null;
}

/** The lives per seat a view shows (Schwimmen's `lives`, Trump 21's seats), if any. */
export function livesOf(view: Record<string, unknown>): number[] | null {
  if (Array.isArray(view.lives) && view.lives.every((l) => typeof l === "number")) return view.lives as number[];
  if (Array.isArray(view.seats) && view.seats.every((s) => s && typeof s === "object" && "lives" in s)) {
    return (view.seats as { lives: number }[]).map((s) => s.lives);
  }
  return null;
}
