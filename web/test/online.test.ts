// The online driver's message handling, against a fake server: HTTP answers
// from a table, and fake sockets the test feeds with the server's messages
// (docs/protocol.md, "The online server").

import { describe, expect, it } from "vitest";
import {
  type HttpAnswer,
  OnlineDriver,
  type ServerUpdate,
  type SocketLike,
  type TableSummary,
  type TokenStore,
  type Transport,
  JOIN_TRIES,
  joinLink,
  parseJoinLink,
  refusalFrom,
  seatSocketUrl,
  tokenKey,
} from "../src/online";

class FakeSocket implements SocketLike {
  onopen: ((ev: unknown) => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  onclose: ((ev: unknown) => void) | null = null;
  sent: unknown[] = [];
  closed = false;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.closed = true;
  }
  /** The server opens the connection. */
  open() {
    this.onopen?.({});
  }
  /** The server sends a message. */
  push(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  /** The connection drops. */
  drop() {
    this.onclose?.({});
  }
}

type Route = (body: unknown, url: URL) => { status: number; body: unknown };

class FakeServer implements Transport {
  sockets: FakeSocket[] = [];
  requests: { method: string; url: string; body: unknown }[] = [];
  timers: (() => void)[] = [];
  waits: number[] = [];
  constructor(readonly routes: Record<string, Route>) {}
  async fetch(url: string, init: { method: string; body?: string }): Promise<HttpAnswer> {
    const body = init.body === undefined ? undefined : JSON.parse(init.body);
    this.requests.push({ method: init.method, url, body });
    const where = new URL(url);
    const route = this.routes[`${init.method} ${where.pathname}`];
    const answer = route ? route(body, where) : { status: 404, body: { error: "no such table", kind: "not_found" } };
    // A string is sent as it is (a body that is not JSON).
    const text = typeof answer.body === "string" ? answer.body : JSON.stringify(answer.body);
    return { ok: answer.status < 300, status: answer.status, text: async () => text };
  }
  connect(url: string): SocketLike {
    const s = new FakeSocket(url);
    this.sockets.push(s);
    return s;
  }
  later(ms: number, f: () => void) {
    this.waits.push(ms);
    this.timers.push(f);
  }
  /** Runs the reconnect that waits. */
  tick() {
    this.timers.shift()?.();
  }
  get socket(): FakeSocket {
    return this.sockets[this.sockets.length - 1];
  }
}

function memoryTokens(): TokenStore & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return { map, get: (k) => map.get(k) ?? null, set: (k, t) => void map.set(k, t), remove: (k) => void map.delete(k) };
}

const SUMMARY: TableSummary = {
  id: "ab12",
  game: "crazy_eights",
  seats: 3,
  open_seats: [0, 1],
  bot_seats: [2],
  to_act: 0,
  log_len: 0,
  places: null,
  rules: { hand: 7, draw_until_playable: true },
};

function server(): FakeServer {
  let joins = 0;
  return new FakeServer({
    "POST /tables": () => ({ status: 201, body: { id: "ab12", host_token: "h", table: SUMMARY } }),
    "GET /tables/ab12": () => ({ status: 200, body: SUMMARY }),
    "POST /tables/ab12/seats/0": () =>
      joins > 0
        ? { status: 409, body: { error: "seat 0 is taken", kind: "conflict" } }
        : { status: 200, body: { token: `t0-${joins++}`, seat: 0, ws: "/x" } },
    // A plain GET of a seat's WebSocket path: what a handshake would be told.
    "GET /tables/ab12/seats/0/ws": (_, url) =>
      url.searchParams.get("token") === "t0-0"
        ? { status: 400, body: { error: "this path is a WebSocket: connect with a WebSocket handshake", kind: "bad_request" } }
        : { status: 401, body: { error: "the token is missing or is not seat 0's at this table", kind: "unauthorized" } },
    "POST /tables/ab12/seats/1": () => ({ status: 409, body: { error: "seat 1 is taken", kind: "conflict" } }),
    "GET /games": () => ({
      status: 200,
      body: [{ name: "crazy_eights", min_seats: 2, default_seats: 4, max_seats: 7, rules: { hand: 5 } }],
    }),
  });
}

/** Lets the fake server's answers (promises) come in. */
const settled = () => new Promise((r) => setTimeout(r, 0));

/** What `p` has settled to by now (its value, or its refusal), or "pending". */
const outcome = (p: Promise<unknown>) => Promise.race([p.then((v) => v, (e) => e), settled().then(() => "pending")]);

const ev = (index: number, text: string) => ({ index, event: { game: text }, text });

function update(next: number, events: ReturnType<typeof ev>[], to_act: number | null, moves?: string[]): ServerUpdate {
  return {
    events,
    view: { hand: ["7H", "AS"], viewer: { seat: 0 } },
    next,
    to_act,
    ...(moves ? { moves: moves.map((text, id) => ({ id, text })) } : {}),
    outcome: to_act === null ? { places: [1, 2, 3] } : null,
  };
}

/** A driver that has created the table and joined seat 0, its first update read. */
async function seated(fake = server(), tokens = memoryTokens()) {
  const d = new OnlineDriver("http://srv:8080", fake, tokens, async () => [], { crazy_eights: "Crazy Eights" });
  const started = d.start({ game: "crazy_eights", rules: {}, seats: 3, seed: 0, you: 0, bots: { 2: "hard" } });
  await new Promise((r) => setTimeout(r, 0));
  fake.socket.open();
  fake.socket.push(update(2, [ev(0, "deal"), ev(1, "you are dealt 7H AS")], 0, ["play 7H", "draw"]));
  const first = await started;
  return { d, fake, tokens, first };
}

describe("the online driver", () => {
  it("creates the table with its bots, joins, keeps the token, and draws the first update", async () => {
    const { fake, tokens, first } = await seated();
    expect(fake.requests[0]).toEqual({
      method: "POST",
      url: "http://srv:8080/tables",
      body: { game: "crazy_eights", rules: {}, seats: 3, bots: [{ seat: 2, difficulty: "hard" }] },
    });
    expect(fake.requests[1].url).toBe("http://srv:8080/tables/ab12/seats/0");
    expect(tokens.map.get(tokenKey("http://srv:8080", "ab12", 0))).toBe("t0-0");
    expect(fake.socket.url).toBe("ws://srv:8080/tables/ab12/seats/0/ws?token=t0-0&from=0");
    expect(first.events.map((e) => e.text)).toEqual(["deal", "you are dealt 7H AS"]);
    expect(first.legal.map((m) => m.text)).toEqual(["play 7H", "draw"]);
    expect(first.toAct).toBe(0);
    expect(first.online).toMatchObject({ table: "ab12", seat: 0, openSeats: [1], botSeats: [2] });
  });

  it("sends a listed move by its id, a typed one by its text, and resolves after the ack's update", async () => {
    const { d, fake } = await seated();
    const played = d.play("draw");
    expect(fake.socket.sent).toEqual([{ move: 1 }]);
    let done = false;
    played.then(() => (done = true));
    fake.socket.push({ ok: true, action: "draw", next: 3 });
    await Promise.resolve();
    expect(done).toBe(false); // the ack alone is not the table
    fake.socket.push(update(3, [ev(2, "you draw 9C")], 1));
    const s = await played;
    expect(s.events.map((e) => e.text)).toEqual(["you draw 9C"]);
    expect(s.toAct).toBe(1);
    expect(s.legal).toEqual([]);
    expect(s.moves).toBe(3);
  });

  it("shows a refusal with its kind and clause, and changes nothing", async () => {
    const { d, fake } = await seated();
    const played = d.play("play 2C");
    expect(fake.socket.sent).toEqual([{ action: "play 2C" }]);
    fake.socket.push({ error: "you do not hold 2C (C8.3)", kind: "illegal" });
    await expect(played).rejects.toEqual({ kind: "illegal", message: "you do not hold 2C (C8.3)" });
    expect(d.hasNews()).toBe(false);
    // One move at a time.
    const a = d.play("draw");
    await expect(d.play("draw")).rejects.toMatchObject({ kind: "bad_request" });
    fake.socket.push({ ok: true, action: "draw", next: 3 });
    fake.socket.push(update(3, [ev(2, "you draw 9C")], 1));
    await a;
  });

  it("waits for other seats' moves, and gives each event once", async () => {
    const { d, fake } = await seated();
    fake.socket.push({ ok: true, action: "draw", next: 3 }); // no action of ours: ignored
    const step = d.botStep();
    fake.socket.push(update(3, [ev(2, "seat 1 plays 8S")], 2));
    fake.socket.push(update(4, [ev(3, "seat 2 draws")], 0, ["play 7H"]));
    const s = await step;
    expect(s.bot.seat).toBe(0);
    expect(s.events.map((e) => e.text)).toEqual(["seat 1 plays 8S", "seat 2 draws"]);
    expect(s.legal.map((m) => m.text)).toEqual(["play 7H"]);
    expect(d.hasNews()).toBe(false);
    expect(d.snapshot().events).toEqual([]);
  });

  it("tells the page of an update only when nothing of its own waited for it", async () => {
    const { d, fake } = await seated();
    let told = 0;
    d.onUpdate = () => told++;
    const step = d.botStep();
    fake.socket.push(update(3, [ev(2, "seat 1 plays 8S")], 0, ["draw", "play 8C"]));
    await step;
    expect(told).toBe(0);
    // The page waits for its human; the server sends what the away-bot played.
    fake.socket.push(update(4, [ev(3, "you draw 2D")], 1));
    expect(told).toBe(1);
    expect(d.hasNews()).toBe(true);
    expect((await d.botStep()).events.map((e) => e.text)).toEqual(["you draw 2D"]);
  });

  it("reconnects from the last index seen, dropping repeated events, with a growing wait", async () => {
    const { d, fake } = await seated();
    const notices: string[] = [];
    d.onNotice = (r) => notices.push(r.message);
    const pending = d.play("draw");
    fake.socket.drop();
    await expect(pending).rejects.toMatchObject({ kind: "unavailable" });
    expect(notices[0]).toMatch(/reconnecting/);
    fake.tick();
    expect(fake.socket.url).toBe("ws://srv:8080/tables/ab12/seats/0/ws?token=t0-0&from=2");
    fake.socket.drop();
    fake.tick();
    expect(fake.waits).toEqual([250, 500]);
    expect(fake.sockets).toHaveLength(3);
    fake.socket.open();
    // The server answers from index 2; an event it repeats (index 1) is not shown twice.
    fake.socket.push(update(4, [ev(1, "you are dealt 7H AS"), ev(2, "you draw 9C"), ev(3, "seat 1 draws")], 2));
    expect(d.hasNews()).toBe(true);
    const s = d.snapshot();
    expect(s.events.map((e) => e.text)).toEqual(["you draw 9C", "seat 1 draws"]);
    // A later drop starts again from the shortest wait.
    fake.socket.drop();
    expect(fake.waits.at(-1)).toBe(250);
    fake.tick();
    expect(fake.socket.url).toMatch(/&from=4$/);
  });

  it("ends with the outcome, and stops reconnecting when closed", async () => {
    const { d, fake } = await seated();
    const step = d.botStep();
    fake.socket.push(update(5, [ev(2, "seat 1 goes out")], null));
    const s = await step;
    expect(s.outcome).toEqual({ places: [1, 2, 3] });
    expect(s.toAct).toBeNull();
    d.close();
    expect(fake.sockets[0].closed).toBe(true);
    fake.sockets[0].drop();
    expect(fake.timers).toHaveLength(0);
  });

  it("refuses a taken seat with the server's message, and joins afresh when a kept token is stale", async () => {
    const fake = server();
    const tokens = memoryTokens();
    const d = new OnlineDriver("http://srv:8080", fake, tokens, async () => []);
    await expect(d.join("ab12", 1)).rejects.toEqual({ kind: "conflict", message: "seat 1 is taken" });
    await expect(d.join("zz99", 0)).rejects.toMatchObject({ kind: "not_found" });
    // A kept token the server no longer takes: the socket closes before any update.
    tokens.set(tokenKey("http://srv:8080", "ab12", 0), "stale");
    const joined = d.join("ab12", 0);
    await new Promise((r) => setTimeout(r, 0));
    expect(fake.socket.url).toMatch(/token=stale/);
    fake.socket.drop();
    await new Promise((r) => setTimeout(r, 0));
    expect(fake.socket.url).toMatch(/token=t0-0/);
    fake.socket.open();
    fake.socket.push(update(1, [ev(0, "deal")], 1));
    const s = await joined;
    // Joined by a link, the setup carries the table's rules from its summary.
    expect(s.setup).toEqual({ game: "crazy_eights", rules: SUMMARY.rules, seats: 3, seed: 0, you: 0, bots: {} });
    expect(tokens.map.get(tokenKey("http://srv:8080", "ab12", 0))).toBe("t0-0");
  });

  it("keeps the seat's token when the first connection fails for another reason than the token", async () => {
    const fake = server();
    const tokens = memoryTokens();
    const key = tokenKey("http://srv:8080", "ab12", 0);
    const d = new OnlineDriver("http://srv:8080", fake, tokens, async () => []);
    const started = d.start({ game: "crazy_eights", rules: {}, seats: 3, seed: 0, you: 0, bots: { 2: "hard" } }).catch((e) => e);
    // The server is down for a moment: each connection closes unopened, and
    // the plain GET of the seat's path finds nothing wrong with the token.
    for (let i = 0; i < 3; i++) {
      await settled();
      fake.socket.drop();
      await settled();
      fake.tick();
    }
    const refused = await outcome(started);
    expect(tokens.map.get(key)).toBe("t0-0");
    expect(refused).toMatchObject({ kind: "unavailable", message: expect.stringMatching(/token is kept/) });
    expect(fake.sockets).toHaveLength(JOIN_TRIES);
    // Joining again takes the seat back with the kept token (a second POST
    // of the seat would be refused: the seat is taken, by this player).
    const again = d.join("ab12", 0);
    await settled();
    expect(fake.socket.url).toMatch(/token=t0-0/);
    fake.socket.open();
    fake.socket.push(update(1, [ev(0, "deal")], 1));
    expect(await outcome(again)).toMatchObject({ toAct: 1 });
    expect(fake.requests.filter((r) => r.method === "POST" && r.url.endsWith("/seats/0"))).toHaveLength(1);
  });

  it("tries a kept token again when the table is held by another server process for a moment", async () => {
    const fake = server();
    const tokens = memoryTokens();
    const key = tokenKey("http://srv:8080", "ab12", 0);
    tokens.set(key, "t0-0");
    let held = true;
    const probe = fake.routes["GET /tables/ab12/seats/0/ws"];
    fake.routes["GET /tables/ab12/seats/0/ws"] = (body, url) =>
      held ? { status: 503, body: { error: "another process holds the table", kind: "unavailable" } } : probe(body, url);
    const d = new OnlineDriver("http://srv:8080", fake, tokens, async () => []);
    const joined = d.join("ab12", 0);
    await settled();
    fake.socket.drop();
    await settled();
    expect(tokens.map.get(key)).toBe("t0-0");
    held = false;
    fake.tick();
    expect(fake.socket.url).toMatch(/token=t0-0/);
    fake.socket.open();
    fake.socket.push(update(1, [ev(0, "deal")], 1));
    expect(await outcome(joined)).toMatchObject({ toAct: 1 });
    expect(tokens.map.get(key)).toBe("t0-0");
    expect(fake.requests.some((r) => r.method === "POST")).toBe(false);
  });

  it("stops reconnecting when the table is gone or the token refused, and keeps trying otherwise", async () => {
    for (const [status, kind, said] of [
      [404, "not_found", /table ab12 is gone/],
      [401, "unauthorized", /no longer takes this page's token for seat 0/],
    ] as const) {
      const { d, fake, tokens } = await seated();
      const stops: { kind: string; message: string }[] = [];
      d.onStopped = (r) => stops.push(r);
      fake.routes["GET /tables/ab12/seats/0/ws"] = () => ({ status, body: { error: "refused", kind } });
      fake.socket.drop(); // a working connection drops: reconnect at once
      fake.tick();
      fake.socket.drop(); // the reconnect fails
      fake.tick();
      fake.socket.drop(); // and fails again: the driver asks why
      await settled();
      expect(stops).toEqual([{ kind, message: expect.stringMatching(said) }]);
      expect(fake.timers).toHaveLength(0);
      expect(fake.sockets).toHaveLength(3);
      // Only a refused token is forgotten.
      expect(tokens.map.has(tokenKey("http://srv:8080", "ab12", 0))).toBe(status === 404);
    }
    // A server that is down (the GET fails too) is tried again and again, at most 4 s apart.
    const { d, fake, tokens } = await seated();
    let stopped = false;
    d.onStopped = () => (stopped = true);
    fake.fetch = () => Promise.reject(new TypeError("failed to fetch"));
    for (let i = 0; i < 8; i++) {
      fake.socket.drop();
      await settled();
      fake.tick();
    }
    expect(stopped).toBe(false);
    expect(fake.sockets).toHaveLength(9);
    expect(fake.waits.at(-1)).toBe(4000);
    expect(tokens.map.get(tokenKey("http://srv:8080", "ab12", 0))).toBe("t0-0");
  });

  it("refuses a typed move longer than the server takes, without sending it", async () => {
    const { d, fake } = await seated();
    expect(await outcome(d.play(`play ${"7H ".repeat(1400)}`))).toEqual({
      kind: "too_large",
      message: expect.stringMatching(/^the move is too long: 4\d{3} bytes as sent, and the server takes at most 4096$/),
    });
    expect(fake.socket.sent).toEqual([]);
    // The connection is still there for the next move.
    d.play("draw");
    expect(fake.socket.sent).toEqual([{ move: 1 }]);
  });

  it("names a refusal without a body by its status", async () => {
    expect(refusalFrom(null, 429)).toEqual({ kind: "rate_limited", message: "the server answered 429" });
    expect(refusalFrom(null, 502)).toEqual({ kind: "unavailable", message: "the server answered 502" });
    expect(refusalFrom(null, 418)).toEqual({ kind: "bad_request", message: "the server answered 418" });
    const fake = server();
    fake.routes["GET /tables/gone"] = () => ({ status: 404, body: "Not Found" });
    const d = new OnlineDriver("http://srv:8080", fake, memoryTokens(), async () => []);
    await expect(d.join("gone", 0)).rejects.toEqual({ kind: "not_found", message: "the server answered 404" });
  });

  it("lists the server's games and refuses save, load and replay with a reason", async () => {
    const d = new OnlineDriver("http://srv:8080", server(), memoryTokens(), async () => [], { crazy_eights: "Crazy Eights" });
    expect(await d.games()).toEqual([
      { name: "crazy_eights", title: "Crazy Eights", minSeats: 2, defaultSeats: 4, maxSeats: 7, rules: { hand: 5 } },
    ]);
    await expect(d.save()).rejects.toMatchObject({ kind: "bad_request" });
    await expect(d.replay()).rejects.toMatchObject({ kind: "bad_request" });
    expect(await d.hardMs()).toEqual({});
  });

  it("reads and writes join links", () => {
    const link = joinLink("http://srv:8080/index.html?game=x#y", "http://srv:8080", "ab12", 2);
    expect(link).toBe("http://srv:8080/index.html?server=http%3A%2F%2Fsrv%3A8080&table=ab12&seat=2");
    expect(parseJoinLink(link)).toEqual({ server: "http://srv:8080", table: "ab12", seat: 2 });
    expect(parseJoinLink("/?table=ab12&seat=1", "https://cards.example/")).toEqual({
      server: "https://cards.example",
      table: "ab12",
      seat: 1,
    });
    for (const bad of ["", "not a link", "/?table=ab12", "/?table=ab12&seat=-1", "/?table=a/b&seat=1", "/?seat=1"]) {
      expect(parseJoinLink(bad, "http://srv/")).toBeNull();
    }
    expect(seatSocketUrl("https://x.org", "ab", 1, "t", 7)).toBe("wss://x.org/tables/ab/seats/1/ws?token=t&from=7");
  });
});
