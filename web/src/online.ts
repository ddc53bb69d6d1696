// The online driver: the same TableDriver as the page's own table, over a
// cards-server (docs/protocol.md, "The online server"). The server sends
// each seat its events, its view and, when it is to act, its legal moves, so
// this driver knows no rules: it creates a table, joins a seat (keeping its
// token), sends one action a message, and turns the server's updates into
// the snapshots the page draws. A dropped connection comes back by itself,
// asking for the events from the last index it saw, so none is lost or
// shown twice.

import type { CardsEvent, GameInfo, Move, Outcome } from "../pkg/cards_wasm";
import type { TableDriver } from "./driver";
import type { Played, ReplayFrame, Refused, Setup, Snapshot } from "./engine";
import type { RuleField } from "./rules-form";

/** An update from the server to one seat. */
export interface ServerUpdate {
  events: CardsEvent[];
  view: Record<string, unknown>;
  next: number;
  to_act: number | null;
  moves?: Move[];
  outcome: Outcome | null;
}

/** A table's public facts (`GET /tables/{id}`). */
export interface TableSummary {
  id: string;
  game: string;
  seats: number;
  open_seats: number[];
  bot_seats: number[];
  to_act: number | null;
  log_len: number;
  places: number[] | null;
  /** The table's rules, every one (the house rules it was made with over the
   * game's defaults), as a JSON object of rule names and values: the form
   * `POST /tables` takes and `GET /games` gives as a game's defaults. */
  rules: Record<string, unknown>;
}

/** The little of a WebSocket the driver uses (a fake one in the tests). */
export interface SocketLike {
  onopen: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onclose: ((ev: unknown) => void) | null;
  send(data: string): void;
  close(): void;
}

/** An HTTP answer, as much of it as the driver reads. */
export interface HttpAnswer {
  ok: boolean;
  status: number;
  text(): Promise<string>;
}

/** How the driver reaches the server: the browser's fetch and WebSocket, or fakes. */
export interface Transport {
  fetch(url: string, init: { method: string; body?: string; headers?: Record<string, string> }): Promise<HttpAnswer>;
  connect(url: string): SocketLike;
  /** Runs `f` after `ms` milliseconds (the reconnect's wait). */
  later(ms: number, f: () => void): void;
}

/** Where seat tokens are kept, so that a reloaded page takes its seat back. */
export interface TokenStore {
  get(key: string): string | null;
  set(key: string, token: string): void;
  remove(key: string): void;
}

/** The seat this page holds at an online table. */
export interface OnlineSeat {
  server: string;
  table: string;
  seat: number;
  /** Seats nobody had joined when this page sat down (each gets a join link). */
  openSeats: number[];
  botSeats: number[];
}

/** The browser's own fetch, WebSocket and timers. */
export const browserTransport: Transport = {
  fetch: (url, init) => fetch(url, init),
  connect: (url) => new WebSocket(url) as unknown as SocketLike,
  later: (ms, f) => void setTimeout(f, ms),
};

/** The kind of refusal each HTTP status stands for (docs/protocol.md). */
const STATUS_KINDS: Record<number, string> = {
  400: "bad_request",
  401: "unauthorized",
  404: "not_found",
  405: "method_not_allowed",
  409: "conflict",
  413: "too_large",
  422: "illegal",
  429: "rate_limited",
  503: "unavailable",
};

/** A refusal the server sent (`{"error", "kind"}`), or what an HTTP status means. */
export function refusalFrom(body: unknown, status: number): Refused {
  if (body && typeof body === "object" && "error" in body && "kind" in body) {
    const b = body as { error: unknown; kind: unknown };
    return { kind: String(b.kind), message: String(b.error) };
  }
  // No refusal of the server's own (a proxy's page, say): the status alone says what happened.
  const kind = STATUS_KINDS[status] ?? (status >= 500 ? "unavailable" : "bad_request");
  return { kind, message: `the server answered ${status}` };
}

/** The key a seat's token is kept under. */
export function tokenKey(server: string, table: string, seat: number): string {
  return `cards-online:${server}:${table}:${seat}`;
}

/** The page's address that joins `seat` of `table` on `server`. */
export function joinLink(page: string, server: string, table: string, seat: number): string {
  const url = new URL(page);
  url.search = "";
  url.hash = "";
  url.searchParams.set("server", server);
  url.searchParams.set("table", table);
  url.searchParams.set("seat", String(seat));
  return url.toString();
}

/** The server, table and seat a join link names (the server defaults to the link's origin). */
export function parseJoinLink(link: string, base?: string): { server: string; table: string; seat: number } | null {
  let url: URL;
  try {
    url = new URL(link.trim(), base);
  } catch {
    return null;
  }
  const table = url.searchParams.get("table");
  const seatText = url.searchParams.get("seat") ?? "";
  if (!table || !/^[0-9a-z]+$/i.test(table) || !/^[0-9]{1,4}$/.test(seatText)) return null;
  const seat = Number(seatText);
  return { server: serverBase(url.searchParams.get("server") ?? url.origin), table, seat };
}

/** A server address without its trailing slashes. */
export function serverBase(server: string): string {
  return server.trim().replace(/\/+$/, "");
}

/** The path of a seat's WebSocket. A plain GET of it is answered as a
 * handshake would be (404 for a table that is gone, 401 for a token the seat
 * does not take, 400 for the missing handshake when all else is right), so
 * the driver asks it when a connection fails, to learn why. */
export function seatSocketPath(table: string, seat: number, token: string, from: number): string {
  return `/tables/${encodeURIComponent(table)}/seats/${seat}/ws?token=${encodeURIComponent(token)}&from=${from}`;
}

/** The WebSocket address of a seat, from an http(s) server address. */
export function seatSocketUrl(server: string, table: string, seat: number, token: string, from: number): string {
  const ws = server.replace(/^http(s?):/i, "ws$1:");
  return `${ws}${seatSocketPath(table, seat, token, from)}`;
}

/** The longest wait between two reconnects, in ms. */
export const RECONNECT_MAX_MS = 4000;
/** Failed connections in a row (none brought an update) after which the
 * driver asks the server why, and stops when the table is gone or the
 * token refused. The first connection of a join is asked about at once. */
export const ASK_AFTER_FAILURES = 2;
/** Connections a join tries before it reports that the server is unreachable. */
export const JOIN_TRIES = 3;
/** The largest message the server takes (its `--max-message`, 4,096 bytes by default). */
export const MAX_MESSAGE_BYTES = 4096;

type Waiter = { ready: () => boolean; resolve: () => void };
type Pending = {
  resolve: (s: Snapshot) => void;
  reject: (r: Refused) => void;
  /** The log length the acknowledgement named, once it came. */
  ackNext: number | null;
};

/** A seat at a table on a cards-server, as a TableDriver. */
export class OnlineDriver implements TableDriver {
  private socket: SocketLike | null = null;
  private connected = false;
  private stopped = false;
  private retries = 0;
  /** Connections in a row that closed before bringing an update. */
  private failures = 0;
  /** Whether the connection now open (or last open) brought an update. */
  private heard = false;
  private place: OnlineSeat | null = null;
  private setup: Setup | null = null;
  private token = "";
  /** The index of the next event: `from` on a reconnect. */
  private next = 0;
  private state: ServerUpdate | null = null;
  /** Updates received, and how many of them the page has been given. */
  private version = 0;
  private given = 0;
  /** Events received and not yet given to the page. */
  private fresh: CardsEvent[] = [];
  private action: Pending | null = null;
  private waiters: Waiter[] = [];
  private firstFailed: ((r: Refused) => void) | null = null;
  /** Called after an update that nobody waited for (the page then draws it). */
  onUpdate: (() => void) | null = null;
  /** A refusal that answers no action of this page's (a rate limit), and connection news. */
  onNotice: ((r: Refused) => void) | null = null;
  /** Called once when the driver gives up on a table it had joined: the
   * table is gone from the server, or the server refuses the seat's token. */
  onStopped: ((r: Refused) => void) | null = null;

  constructor(
    readonly server: string,
    private readonly transport: Transport,
    private readonly tokens: TokenStore,
    /** The house-rules form (the server sends default rules, not their bounds). */
    private readonly forms: (game: string, seats: number) => Promise<RuleField[]>,
    /** Games' titles by name, where the page knows them. */
    private readonly titles: Record<string, string> = {},
  ) {}

  private async request<T>(method: string, path: string, body?: unknown): Promise<T> {
    let answer: HttpAnswer;
    try {
      answer = await this.transport.fetch(`${this.server}${path}`, {
        method,
        ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { "content-type": "application/json" } }),
      });
    } catch (e) {
      throw { kind: "unavailable", message: `cannot reach the server at ${this.server}: ${String(e)}` } satisfies Refused;
    }
    const text = await answer.text();
    let value: unknown = null;
    try {
      value = JSON.parse(text);
    } catch {
      // Not JSON: the status says what happened.
    }
    if (!answer.ok) throw refusalFrom(value, answer.status);
    return value as T;
  }

  async games(): Promise<GameInfo[]> {
    const list = await this.request<
      { name: string; min_seats: number; default_seats: number; max_seats: number; rules: Record<string, unknown> }[]
    >("GET", "/games");
    return list.map((g) => ({
      name: g.name,
      title: this.titles[g.name] ?? g.name,
      minSeats: g.min_seats,
      defaultSeats: g.default_seats,
      maxSeats: g.max_seats,
      rules: g.rules,
    }));
  }

  rulesForm(game: string, seats: number): Promise<RuleField[]> {
    return this.forms(game, seats);
  }

  /** Creates a table (`setup.bots` names the bot seats; every other seat but
   * `setup.you` waits for a player) and joins `setup.you`. */
  async start(setup: Setup): Promise<Snapshot> {
    const bots = Object.entries(setup.bots).map(([seat, difficulty]) => ({ seat: Number(seat), difficulty }));
    const created = await this.request<{ id: string; table: TableSummary }>("POST", "/tables", {
      game: setup.game,
      rules: setup.rules,
      seats: setup.seats,
      bots,
    });
    return this.join(created.id, setup.you, created.table, setup);
  }

  /** Joins `seat` of `table` (with the token kept from an earlier join, if any). */
  async join(table: string, seat: number, summary?: TableSummary, setup?: Setup): Promise<Snapshot> {
    if (this.socket || this.place) throw { kind: "bad_request", message: "this driver holds a seat already" } satisfies Refused;
    const facts = summary ?? (await this.request<TableSummary>("GET", `/tables/${encodeURIComponent(table)}`));
    const key = tokenKey(this.server, table, seat);
    const kept = this.tokens.get(key);
    this.token =
      kept ?? (await this.request<{ token: string }>("POST", `/tables/${encodeURIComponent(table)}/seats/${seat}`)).token;
    this.tokens.set(key, this.token);
    this.place = {
      server: this.server,
      table,
      seat,
      openSeats: facts.open_seats.filter((s) => s !== seat),
      botSeats: facts.bot_seats,
    };
    this.setup = setup ?? { game: facts.game, rules: facts.rules, seats: facts.seats, seed: 0, you: seat, bots: {} };
    this.stopped = false;
    this.failures = 0;
    this.retries = 0;
    try {
      await new Promise<void>((resolve, reject) => {
        this.firstFailed = reject;
        this.waiters.push({ ready: () => this.version > 0, resolve });
        this.connect();
      });
    } catch (r) {
      this.place = null;
      this.waiters = [];
      this.firstFailed = null;
      if ((r as Refused).kind === "unauthorized") {
        // The server refuses the token: forget it. A token kept from an
        // earlier visit may be stale (say, a new database), so join afresh
        // once. Any other failure keeps the token: the seat is still this
        // player's, and joining again takes it back.
        this.tokens.remove(key);
        if (kept) return this.join(table, seat, facts, setup);
      }
      throw r;
    }
    this.firstFailed = null;
    return this.snapshot();
  }

  /** The seat held (null before a join). */
  seat(): OnlineSeat | null {
    return this.place;
  }

  private connect() {
    const place = this.place;
    if (!place || this.stopped) return;
    const socket = this.transport.connect(seatSocketUrl(this.server, place.table, place.seat, this.token, this.next));
    this.socket = socket;
    this.heard = false;
    socket.onopen = () => {
      if (this.socket === socket) this.connected = true;
    };
    socket.onmessage = (m) => {
      if (this.socket === socket) this.receive(String(m.data));
    };
    socket.onclose = () => {
      if (this.socket === socket) this.dropped();
    };
  }

  private dropped() {
    this.socket = null;
    this.connected = false;
    if (this.action) {
      const a = this.action;
      this.action = null;
      a.reject({
        kind: "unavailable",
        message: "the connection dropped before the server answered; reconnecting (the table shows whether the move was taken)",
      });
    }
    if (this.stopped) return;
    if (!this.heard) this.failures++;
    // A connection that worked and dropped (a blip, a restart, or the 1013
    // of a table that moved to another server process) comes back at once,
    // from the next event. Failures in a row, and a join's first failure,
    // ask the server why first.
    if (this.version === 0 || this.failures >= ASK_AFTER_FAILURES) void this.failed();
    else this.retry();
  }

  /** Connects again after a wait that grows with each try. */
  private retry() {
    const wait = Math.min(RECONNECT_MAX_MS, 250 * 2 ** this.retries);
    this.retries++;
    const what = this.version === 0 ? "could not connect" : "connection lost";
    this.onNotice?.({ kind: "unavailable", message: `${what}; reconnecting in ${wait} ms` });
    this.transport.later(wait, () => this.connect());
  }

  /** After a connection that failed: stops when the server says the table
   * is gone or the token refused, or when a join has tried long enough;
   * otherwise tries again. The token is kept unless refused. */
  private async failed() {
    const why = await this.refusal();
    if (this.stopped || this.socket) return;
    const place = this.place;
    if (why && place) {
      this.stopped = true;
      const refused: Refused =
        why.kind === "unauthorized"
          ? { kind: why.kind, message: `the server no longer takes this page's token for seat ${place.seat} of table ${place.table} (${why.message})` }
          : { kind: why.kind, message: `table ${place.table} is gone from the server (${why.message})` };
      if (this.version === 0) {
        this.firstFailed?.(refused);
      } else {
        if (why.kind === "unauthorized") this.tokens.remove(tokenKey(this.server, place.table, place.seat));
        this.onStopped?.(refused);
      }
      return;
    }
    if (this.version === 0 && this.failures >= JOIN_TRIES) {
      this.stopped = true;
      this.firstFailed?.({
        kind: "unavailable",
        message: `the server did not open seat ${place?.seat}'s connection after ${JOIN_TRIES} tries (it may be down or restarting, or another server process holds the table); the seat's token is kept, so joining again takes the seat back`,
      });
      return;
    }
    this.retry();
  }

  /** Why the server refuses the seat's connection, by a plain GET of its
   * WebSocket path: a 404 (the table is gone) or a 401 (the token is
   * refused); null for anything else (the server down, another process
   * holding the table, or all right but for the handshake). */
  private async refusal(): Promise<Refused | null> {
    const place = this.place;
    if (!place) return null;
    try {
      await this.request("GET", seatSocketPath(place.table, place.seat, this.token, this.next));
    } catch (e) {
      const r = e as Refused;
      if (r.kind === "unauthorized" || r.kind === "not_found") return r;
    }
    return null;
  }

  /** One message from the server: an update, an acknowledgement or a refusal. */
  receive(text: string) {
    let m: Record<string, unknown>;
    try {
      m = JSON.parse(text);
    } catch {
      return;
    }
    if (!m || typeof m !== "object") return;
    if (Array.isArray(m.events) && "view" in m && typeof m.next === "number") this.update(m as unknown as ServerUpdate);
    else if (m.ok === true && typeof m.next === "number") this.acknowledged(m.next);
    else if (typeof m.error === "string") this.refused({ kind: String(m.kind), message: m.error });
  }

  private update(u: ServerUpdate) {
    // Only events past those already seen: a resumed feed repeats none.
    for (const e of u.events) if (e.index >= this.next) this.fresh.push(e);
    this.next = Math.max(this.next, u.next);
    this.state = u;
    this.version++;
    this.retries = 0;
    this.failures = 0;
    this.heard = true;
    if (!this.settle()) this.onUpdate?.();
  }

  private acknowledged(next: number) {
    if (!this.action) return;
    this.action.ackNext = next;
    this.settle();
  }

  private refused(r: Refused) {
    if (this.action && this.action.ackNext === null) {
      const a = this.action;
      this.action = null;
      a.reject(r);
    } else {
      this.onNotice?.(r);
    }
  }

  /** Answers whoever waits for what has now arrived, the pending action
   * first; false when nobody was answered. */
  private settle(): boolean {
    let answered = false;
    const a = this.action;
    if (a && a.ackNext !== null && this.next >= a.ackNext) {
      this.action = null;
      a.resolve(this.snapshot());
      answered = true;
    }
    for (const w of [...this.waiters]) {
      if (w.ready()) {
        this.waiters = this.waiters.filter((x) => x !== w);
        w.resolve();
        answered = true;
      }
    }
    return answered;
  }

  private until(ready: () => boolean): Promise<void> {
    if (ready()) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ ready, resolve }));
  }

  /** Whether an update has come that the page has not been given. */
  hasNews(): boolean {
    return this.version > this.given;
  }

  /** What the page draws now; the events in it are handed out once. */
  snapshot(): Snapshot {
    const state = this.state;
    const setup = this.setup;
    if (!state || !setup || !this.place) throw { kind: "bad_request", message: "no seat is joined" } satisfies Refused;
    this.given = this.version;
    const toAct = state.to_act ?? null;
    return {
      setup,
      toAct,
      view: state.view,
      legal: toAct === setup.you ? (state.moves ?? []) : [],
      events: this.fresh.splice(0),
      outcome: state.outcome ?? null,
      moves: state.next,
      online: this.place,
    };
  }

  /** Sends the seat's action: by its id when it is one of the listed moves. */
  play(action: string): Promise<Snapshot> {
    if (!this.state || !this.socket || !this.connected) {
      return Promise.reject({ kind: "unavailable", message: "not connected to the server (reconnecting)" } satisfies Refused);
    }
    if (this.action) {
      return Promise.reject({ kind: "bad_request", message: "the last move has not been answered yet" } satisfies Refused);
    }
    const listed = (this.state.moves ?? []).find((m) => m.text === action.trim());
    const message = JSON.stringify(listed ? { move: listed.id } : { action });
    // The server closes a connection that sends a longer message (1009).
    const bytes = new TextEncoder().encode(message).length;
    if (bytes > MAX_MESSAGE_BYTES) {
      return Promise.reject({
        kind: "too_large",
        message: `the move is too long: ${bytes} bytes as sent, and the server takes at most ${MAX_MESSAGE_BYTES}`,
      } satisfies Refused);
    }
    return new Promise((resolve, reject) => {
      this.action = { resolve, reject, ackNext: null };
      this.socket?.send(message);
    });
  }

  /** Waits for the table to change without this seat (another player, a bot,
   * or this seat's own away-bot), and gives the change. */
  async botStep(): Promise<Snapshot & { bot: Played & { ms: number } }> {
    const seat = this.state?.to_act ?? -1;
    const t0 = performance.now();
    await this.until(() => this.version > this.given);
    const snap = this.snapshot();
    return { ...snap, bot: { seat, action: snap.events.at(-1)?.text ?? "", ms: performance.now() - t0 } };
  }

  save(): Promise<string> {
    return Promise.reject({ kind: "bad_request", message: "an online table is kept by its server, not saved to a file" });
  }

  load(): Promise<Snapshot> {
    return Promise.reject({ kind: "bad_request", message: "a saved game is played in this page, not online" });
  }

  replay(): Promise<ReplayFrame> {
    return Promise.reject({ kind: "bad_request", message: "the server does not send past views, so an online game has no replay" });
  }

  hardMs(): Promise<Record<string, number[]>> {
    return Promise.resolve({});
  }

  /** Leaves the table (the seat stays the player's: its token is kept). */
  close() {
    this.stopped = true;
    const s = this.socket;
    this.socket = null;
    this.connected = false;
    s?.close();
  }
}
