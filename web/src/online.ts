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

/** A refusal the server sent (`{"error", "kind"}`), or what an HTTP status means. */
export function refusalFrom(body: unknown, status: number): Refused {
  if (body && typeof body === "object" && "error" in body && "kind" in body) {
    const b = body as { error: unknown; kind: unknown };
    return { kind: String(b.kind), message: String(b.error) };
  }
  return { kind: status >= 500 ? "unavailable" : "bad_request", message: `the server answered ${status}` };
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

/** The WebSocket address of a seat, from an http(s) server address. */
export function seatSocketUrl(server: string, table: string, seat: number, token: string, from: number): string {
  const ws = server.replace(/^http(s?):/i, "ws$1:");
  return `${ws}/tables/${encodeURIComponent(table)}/seats/${seat}/ws?token=${encodeURIComponent(token)}&from=${from}`;
}

/** The longest wait between two reconnects, in ms. */
export const RECONNECT_MAX_MS = 4000;

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
    try {
      await new Promise<void>((resolve, reject) => {
        this.firstFailed = reject;
        this.waiters.push({ ready: () => this.version > 0, resolve });
        this.connect();
      });
    } catch (r) {
      // The server did not take the token: forget it; a token kept from an
      // earlier visit may be stale (say, a new database), so join afresh once.
      this.tokens.remove(key);
      this.place = null;
      this.waiters = [];
      if (kept) return this.join(table, seat, facts, setup);
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
    if (this.version === 0) {
      // The seat never opened: a wrong token, a gone table or no server. No retry.
      this.stopped = true;
      this.firstFailed?.({
        kind: "unavailable",
        message: `the server did not open seat ${this.place?.seat}'s connection (a wrong or old token, or the server is down)`,
      });
      return;
    }
    const wait = Math.min(RECONNECT_MAX_MS, 250 * 2 ** this.retries);
    this.retries++;
    this.onNotice?.({ kind: "unavailable", message: `connection lost; reconnecting in ${wait} ms` });
    this.transport.later(wait, () => this.connect());
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
    const message = listed ? { move: listed.id } : { action };
    return new Promise((resolve, reject) => {
      this.action = { resolve, reject, ackNext: null };
      this.socket?.send(JSON.stringify(message));
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
