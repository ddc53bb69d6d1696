// The page: the setup form, the table, the log, the end screen and the
// replay, all driven through a TableDriver: the engine in a Web Worker for a
// table in this page, or an OnlineDriver for a seat at a cards-server table.

import type { Difficulty, GameInfo } from "../pkg/cards_wasm";
import { LocalDriver, type TableDriver } from "./driver";
import { type Refused, type ReplayFrame, type Setup, type Snapshot, freshSeed, livesOf, shownSeed } from "./engine";
import { OnlineDriver, type TokenStore, browserTransport, joinLink, parseJoinLink, serverBase, tokenKey } from "./online";
import { renderView, seatName } from "./render";
import { type RuleField, readField, renderRulesForm, rulesFrom } from "./rules-form";

const $ = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;
const params = new URLSearchParams(location.search);
/** Milliseconds between bot moves (?speed=0 plays them at once). */
const pause = Number(params.get("speed") ?? 350);
const LEVELS: Difficulty[] = ["easy", "medium", "hard", "learned"];

const local = new LocalDriver(new Worker(new URL("./worker.ts", import.meta.url), { type: "module" }));
/** The table shown: the local one, or a seat online. */
let driver: TableDriver = local;
let online: OnlineDriver | null = null;
/** A "player" choice for a seat online: left open for a player with a join link. */
const PLAYER = "player";
/** Seat tokens survive a reload, so a player who reloads keeps the seat. */
const tokens: TokenStore = {
  get: (k) => localStorage.getItem(k),
  set: (k, t) => localStorage.setItem(k, t),
  remove: (k) => localStorage.removeItem(k),
};
/** The generation whose move or bot loop is under way (0: none); an online
 * update then needs no redraw of its own, and a click waits. */
let busyFor = 0;
const busy = () => busyFor !== 0 && busyFor === generation;
let games: GameInfo[] = [];
let fields: RuleField[] = [];
let current: Snapshot | null = null;
/** Bumped by every new game, so a running bot loop of an old one stops. */
let generation = 0;
/** A new table being opened (a start, a load or a join), until it is taken
 * or has failed: the game shown makes no move meanwhile, and goes on as it
 * was when the new table fails. */
let opening: Promise<void> | null = null;
/** The game and seat count the rules form was last asked for. */
let fieldsFor = "";

function title(game: string) {
  return games.find((g) => g.name === game)?.title ?? game;
}

function isOnline(): boolean {
  return $<HTMLInputElement>("mode-online").checked;
}

/** Shows the controls of the mode chosen (local or online) and hides the others. */
function showMode() {
  const on = isOnline();
  document.querySelectorAll<HTMLElement>(".online-only").forEach((e) => (e.hidden = !on));
  document.querySelectorAll<HTMLElement>(".local-only").forEach((e) => (e.hidden = on));
  $("start").textContent = on ? "Create table" : "Start";
  $("bots").querySelector("legend")!.textContent = on ? "Other seats" : "Bots";
  botLevels(Number($<HTMLInputElement>("seats").value), Number($<HTMLInputElement>("you").value));
}

function say(refused: Refused | null) {
  const text = !refused
    ? ""
    : refused.kind === "unavailable"
      ? `The server: ${refused.message}`
      : `Not allowed (${refused.kind.replace(/_/g, " ")}): ${refused.message}`;
  $("refusal").textContent = text;
}

function addLog(texts: string[], cls?: string) {
  const log = $("log");
  for (const t of texts) {
    const li = document.createElement("li");
    li.textContent = t;
    if (cls) li.className = cls;
    log.appendChild(li);
  }
  log.scrollTop = log.scrollHeight;
}

function renderMoves(s: Snapshot) {
  const box = $("moves");
  box.replaceChildren();
  s.legal.forEach((m, i) => {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = m.text;
    b.dataset.move = m.text;
    b.setAttribute("aria-label", `Play ${m.text}${i < 9 ? ` (key ${i + 1})` : ""}`);
    b.addEventListener("click", () => play(m.text));
    box.appendChild(b);
  });
  const typed = $<HTMLInputElement>("move-text");
  typed.disabled = s.toAct !== s.setup.you;
}

function render(s: Snapshot, forced = false) {
  current = s;
  // The first drawn table marks the page playable (the load-time figure).
  document.body.dataset.ready ??= String(Math.round(performance.now()));
  const you = s.setup.you;
  addLog(s.events.map((e) => e.text), forced ? "forced" : undefined);
  // A seed the page drew is shown only at the end: it would tell every hand.
  const seed = shownSeed(s.setup, Boolean(s.outcome));
  const where = s.online ? ` · table ${s.online.table}` : seed !== null ? ` · seed ${seed}` : "";
  $("seed-shown").textContent = `${title(s.setup.game)}${where} · you are seat ${you} · ${
    s.toAct === null ? "game over" : s.toAct === you ? "your turn" : `${seatName(s.toAct, you)} to act`
  }`;
  $("view").replaceChildren(renderView(s.view, you, s.setup.seats));
  showInvite(s);
  if (s.online && document.body.dataset.online !== "connected") {
    // Connected (again): the notice of a dropped connection is over.
    if (document.body.dataset.online === "reconnecting") say(null);
    document.body.dataset.online = "connected";
  }
  renderMoves(s);
  document.body.dataset.turn = s.toAct === null ? "over" : s.toAct === you ? "you" : "bot";
  document.body.dataset.moves = String(s.moves);
  document.body.dataset.wait = s.outcome ? "over" : "busy";
  if (s.outcome) showEnd(s);
}

function showEnd(s: Snapshot) {
  const places = s.outcome?.places ?? [];
  const lives = livesOf(s.view);
  const table = $<HTMLTableElement>("places");
  table.replaceChildren();
  const head = table.insertRow();
  for (const h of ["Place", "Seat", ...(lives ? ["Lives"] : [])]) {
    const th = document.createElement("th");
    th.textContent = h;
    head.appendChild(th);
  }
  const order = places.map((p, seat) => ({ p, seat })).sort((a, b) => a.p - b.p || a.seat - b.seat);
  for (const { p, seat } of order) {
    const row = table.insertRow();
    row.dataset.seat = String(seat);
    for (const c of [String(p), seatName(seat, s.setup.you), ...(lives ? [String(lives[seat])] : [])]) {
      row.insertCell().textContent = c;
    }
  }
  $("end").hidden = false;
  $("status").textContent = `Game over: you placed ${places[s.setup.you]} of ${places.length}.`;
}

/** The join links of the seats left open at this page's online table. */
function showInvite(s: Snapshot) {
  const open = s.online?.openSeats ?? [];
  $("invite").hidden = open.length === 0 || s.outcome !== null;
  const list = $("join-links");
  if (!s.online || list.dataset.table === s.online.table) return;
  list.dataset.table = s.online.table;
  list.replaceChildren();
  for (const seat of open) {
    const link = joinLink(location.href, s.online.server, s.online.table, seat);
    const li = document.createElement("li");
    const a = Object.assign(document.createElement("a"), { href: link, textContent: link, target: "_blank" });
    a.dataset.seat = String(seat);
    a.setAttribute("aria-label", `Join link for seat ${seat}`);
    li.append(`Seat ${seat}: `, a);
    list.appendChild(li);
  }
}

async function advance(s: Snapshot, gen: number) {
  busyFor = gen;
  try {
    await advanceLoop(s, gen);
  } finally {
    if (busyFor === gen) busyFor = 0;
  }
}

async function advanceLoop(s: Snapshot, gen: number) {
  render(s);
  let snap = s;
  while (gen === generation && snap.toAct !== null && !snap.outcome) {
    if (opening) {
      await opening;
      if (gen !== generation) return;
    }
    if (snap.toAct !== snap.setup.you || (online !== null && driver === online && online.hasNews())) {
      // Online, the wait is for the server's next update (another player's
      // move, a bot's, or a reconnect's catch-up).
      if (pause > 0 && driver === local) await new Promise((r) => setTimeout(r, pause));
      if (gen !== generation) return;
      $("status").textContent =
        driver === local ? `${seatName(snap.toAct, snap.setup.you)} is thinking…` : `Waiting for ${seatName(snap.toAct, snap.setup.you)}…`;
      snap = await driver.botStep();
      if (gen !== generation) return;
      render(snap);
    } else if (snap.legal.length === 1) {
      // A forced move is played without asking.
      try {
        snap = await driver.play(snap.legal[0].text);
      } catch (e) {
        // Online, a dropped connection: the reconnect's update draws the table again.
        say(e as Refused);
        return;
      }
      if (gen !== generation) return;
      render(snap, true);
    } else {
      $("status").textContent = "Your turn: pick a move.";
      document.body.dataset.wait = "you";
      $("moves").querySelector("button")?.focus();
      return;
    }
  }
}

async function play(action: string) {
  if (!current || current.toAct !== current.setup.you || busy() || opening) return;
  const gen = generation;
  let s: Snapshot;
  busyFor = gen;
  try {
    s = await driver.play(action);
  } catch (e) {
    if (busyFor === gen) busyFor = 0;
    say(e as Refused);
    return;
  }
  say(null);
  $<HTMLInputElement>("move-text").value = "";
  await advance(s, gen);
}

/** An online update that came while the page waited for the human: draw it. */
function onlineUpdate() {
  if (busy() || !online || driver !== online || !online.hasNews()) return;
  const gen = generation;
  busyFor = gen;
  online.botStep().then((s) => advance(s, gen));
}

/** Opens a new table: once `promise` gives its first snapshot, `take`
 * makes its driver the page's, and the old game is cleared away. Until then
 * the old game stays as it was, and stays if the promise fails. */
async function begin(promise: Promise<Snapshot>, take: () => void, errorBox = "setup-error") {
  let opened!: () => void;
  const mine = new Promise<void>((resolve) => (opened = resolve));
  opening = mine;
  let s: Snapshot | null = null;
  try {
    s = await promise;
  } catch (e) {
    const r = e as Refused;
    $(errorBox).textContent = r.kind && r.message ? `${r.kind.replace(/_/g, " ")}: ${r.message}` : String(e);
  }
  // The old game's loop, waiting on `opening`, stops once the generation moves on.
  const gen = s ? ++generation : 0;
  if (s) take();
  if (opening === mine) opening = null;
  opened();
  if (!s) return;
  // Which table the page shows (the browser tests wait for a new one).
  document.body.dataset.generation = String(gen);
  $("log").replaceChildren();
  $("end").hidden = true;
  $("replay").hidden = true;
  $("invite").hidden = true;
  say(null);
  $("setup-error").textContent = "";
  $("join-error").textContent = "";
  await Promise.all([s.online ? null : fillSetup(s.setup), advance(s, gen)]);
}

/** Makes the page's own table (in this page) the one driven. */
function takeLocal() {
  online?.close();
  online = null;
  driver = local;
  delete document.body.dataset.online;
}

/** A new online driver for `server`. It becomes the page's only once its
 * table is joined (`takeOnline`): a failed create or join leaves the game
 * shown as it was. */
function newOnline(server: string): OnlineDriver {
  const titles = Object.fromEntries(games.map((g) => [g.name, g.title]));
  const d = new OnlineDriver(serverBase(server), browserTransport, tokens, (g, n) => local.rulesForm(g, n), titles);
  d.onUpdate = onlineUpdate;
  d.onNotice = (r) => {
    if (r.kind === "unavailable" && d === online) document.body.dataset.online = "reconnecting";
    say(r);
  };
  d.onStopped = (r) => {
    if (d !== online) return;
    document.body.dataset.online = "stopped";
    say(null);
    $("status").textContent = `The connection is closed: ${r.message}. Start or join another table.`;
  };
  return d;
}

/** Makes `d` the page's driver (the previous table's connection closed),
 * with this seat's join link in the address bar: a reload takes the seat back. */
function takeOnline(d: OnlineDriver) {
  if (online !== d) online?.close();
  online = d;
  driver = d;
  const seat = d.seat();
  if (seat) history.replaceState(null, "", joinLink(location.href, seat.server, seat.table, seat.seat));
}

/** Opens an online table with a new driver for `server`; the driver is closed when that fails. */
function beginOnline(server: string, open: (d: OnlineDriver) => Promise<Snapshot>, errorBox?: string) {
  const d = newOnline(server);
  const opened = open(d);
  opened.catch(() => d.close());
  return begin(opened, () => takeOnline(d), errorBox);
}

/** Takes the seat a join link names, and puts the link in the address bar (a reload keeps the seat). */
function joinOnline(link: string) {
  const to = parseJoinLink(link, location.href);
  if (!to) {
    $("join-error").textContent = "not a join link (it names a table and a seat)";
    return;
  }
  $<HTMLInputElement>("mode-online").checked = true;
  $<HTMLInputElement>("server").value = to.server;
  showMode();
  beginOnline(to.server, (d) => d.join(to.table, to.seat), "join-error");
}

function botLevels(seats: number, you: number, given: Record<number, string> = {}) {
  const box = $("bots");
  const old: Record<number, string> = { ...given };
  box.querySelectorAll<HTMLSelectElement>("select").forEach((s) => (old[Number(s.dataset.seat)] ??= s.value));
  box.replaceChildren(Object.assign(document.createElement("legend"), { textContent: "Bots" }));
  const choices: string[] = isOnline() ? [PLAYER, ...LEVELS] : LEVELS;
  // A seat new to the list takes the choice of the seat listed before it,
  // so a table of bots grows by bots and one of players by an open seat.
  let before = isOnline() ? PLAYER : "medium";
  for (let seat = 0; seat < seats; seat++) {
    if (seat === you) continue;
    const row = document.createElement("div");
    row.className = "rule";
    const id = `bot-${seat}`;
    const lab = Object.assign(document.createElement("label"), { htmlFor: id, textContent: `Seat ${seat}` });
    const sel = document.createElement("select");
    sel.id = id;
    sel.dataset.seat = String(seat);
    const was = old[seat] && choices.includes(old[seat]) ? old[seat] : before;
    before = was;
    for (const l of choices) sel.appendChild(new Option(l, l, false, l === was));
    row.append(lab, sel);
    box.appendChild(row);
  }
}

async function chooseGame(name: string, seats?: number) {
  const info = games.find((g) => g.name === name) ?? games[0];
  const seatsInput = $<HTMLInputElement>("seats");
  seatsInput.min = String(info.minSeats);
  seatsInput.max = String(info.maxSeats);
  seatsInput.value = String(seats ?? info.defaultSeats);
  $<HTMLInputElement>("you").max = String(Number(seatsInput.value) - 1);
  botLevels(Number(seatsInput.value), Number($<HTMLInputElement>("you").value));
  $("rules").textContent = "Finding the rules' bounds…";
  const asked = info.name;
  fieldsFor = `${info.name}/${seatsInput.value}`;
  const f = await driver.rulesForm(info.name, Number(seatsInput.value));
  if ($<HTMLSelectElement>("game").value !== asked) return;
  fields = f;
  $("rules").replaceChildren(renderRulesForm(fields));
}

/** Shows a table's setup in the form (a loaded save's, say), so that Start
 * plays the same again. */
async function fillSetup(setup: Setup) {
  $<HTMLSelectElement>("game").value = setup.game;
  // Setting the game in code fires no change: the rules form of another
  // game (or seat count) is made here, with the setup's rules in it.
  if (fieldsFor !== `${setup.game}/${setup.seats}`) {
    await chooseGame(setup.game, setup.seats);
    if ($<HTMLSelectElement>("game").value !== setup.game) return;
    fields = fields.map((f) => (f.key in setup.rules ? ({ ...f, value: setup.rules[f.key] } as RuleField) : f));
    $("rules").replaceChildren(renderRulesForm(fields));
  }
  $<HTMLInputElement>("seats").value = String(setup.seats);
  $<HTMLInputElement>("you").value = String(setup.you);
  // Left empty for a seed the page drew (the next Start draws another).
  $<HTMLInputElement>("seed").value = setup.seedDrawn ? "" : String(setup.seed);
  // A seat the setup gives no bot is a player's (online; offline every
  // other seat has a bot).
  const given: Record<number, string> = {};
  for (let seat = 0; seat < setup.seats; seat++) given[seat] = setup.bots[seat] ?? PLAYER;
  botLevels(setup.seats, setup.you, given);
}

function readSetup(): Setup {
  const game = $<HTMLSelectElement>("game").value;
  const seats = Number($<HTMLInputElement>("seats").value);
  const you = Number($<HTMLInputElement>("you").value);
  const bots: Record<number, Difficulty> = {};
  $("bots")
    .querySelectorAll<HTMLSelectElement>("select")
    .forEach((s) => {
      if (s.value !== PLAYER) bots[Number(s.dataset.seat)] = s.value as Difficulty;
    });
  const form = $("rules");
  const rules = fields.length ? rulesFrom(fields, (k) => readField(form, k)) : {};
  // An empty seed field asks for a fresh seed, kept hidden until the game is over.
  const typed = $<HTMLInputElement>("seed").value.trim();
  const seed = typed === "" ? { seed: freshSeed(), seedDrawn: true } : { seed: Number(typed) };
  return { game, rules, seats, ...seed, you, bots };
}

async function showReplay(step: number) {
  let frame: ReplayFrame;
  try {
    frame = await driver.replay(step);
  } catch (e) {
    say(e as Refused);
    return;
  }
  $("replay").hidden = false;
  // The move as the human's seat saw it (its log entry), never a bot's action text.
  $("replay-step").textContent = `after move ${frame.step} of ${frame.total}${frame.last ? `: ${frame.last.text}` : ""}`;
  $("replay").dataset.step = String(frame.step);
  const view = renderView(frame.view, current?.setup.you ?? null, current?.setup.seats ?? 0);
  const log = document.createElement("p");
  log.textContent = frame.log.at(-1) ?? "";
  $("replay-view").replaceChildren(log, view);
}

function wire() {
  $("setup-form").addEventListener("submit", (e) => {
    e.preventDefault();
    if (isOnline()) {
      beginOnline($<HTMLInputElement>("server").value || location.origin, (d) => d.start(readSetup()));
    } else {
      begin(local.start(readSetup()), takeLocal);
    }
  });
  for (const id of ["mode-local", "mode-online"]) $(id).addEventListener("change", showMode);
  $("join-form").addEventListener("submit", (e) => {
    e.preventDefault();
    joinOnline($<HTMLInputElement>("join-link").value);
  });
  $("game").addEventListener("change", () => chooseGame($<HTMLSelectElement>("game").value));
  for (const id of ["seats", "you"]) {
    $(id).addEventListener("change", () =>
      botLevels(Number($<HTMLInputElement>("seats").value), Number($<HTMLInputElement>("you").value)),
    );
  }
  $("type-move").addEventListener("submit", (e) => {
    e.preventDefault();
    play($<HTMLInputElement>("move-text").value);
  });
  document.addEventListener("keydown", (e) => {
    if (e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement) return;
    const n = Number(e.key);
    if (n >= 1 && n <= 9) $("moves").querySelectorAll("button")[n - 1]?.click();
  });
  $("save").addEventListener("click", async () => {
    let text: string;
    try {
      text = await driver.save();
    } catch (e) {
      say(e as Refused);
      return;
    }
    const a = document.createElement("a");
    a.href = URL.createObjectURL(new Blob([text], { type: "application/json" }));
    const seed = current ? shownSeed(current.setup, Boolean(current.outcome)) : null;
    a.download = `card-rules-${current?.setup.game}${seed !== null ? `-seed-${seed}` : ""}.json`;
    a.click();
    URL.revokeObjectURL(a.href);
  });
  $<HTMLInputElement>("load").addEventListener("change", async () => {
    const input = $<HTMLInputElement>("load");
    const file = input.files?.[0];
    if (!file) return;
    const text = await file.text();
    // Emptied, so that choosing the same file again loads it again.
    input.value = "";
    // A save is played in this page, whichever mode was shown before.
    await begin(local.load(text), takeLocal);
  });
  $("replay-start").addEventListener("click", () => showReplay(0));
  $("replay-prev").addEventListener("click", () => showReplay(Number($("replay").dataset.step) - 1));
  $("replay-next").addEventListener("click", () => showReplay(Number($("replay").dataset.step) + 1));
  $("replay-close").addEventListener("click", () => ($("replay").hidden = true));
}

async function main() {
  wire();
  $<HTMLInputElement>("server").value = location.origin;
  games = await local.games();
  const select = $<HTMLSelectElement>("game");
  for (const g of games) select.appendChild(new Option(g.title, g.name));
  const game = games.find((g) => g.name === params.get("game")) ?? games[0];
  select.value = game.name;
  if (params.has("table")) {
    // A join link: take the seat it names.
    const form = chooseGame(game.name);
    joinOnline(location.href);
    await form;
    return;
  }
  if (params.get("mode") === "online") {
    $<HTMLInputElement>("mode-online").checked = true;
    showMode();
    await chooseGame(game.name, params.has("seats") ? Number(params.get("seats")) : undefined);
    document.body.dataset.wait = "setup";
    return;
  }
  const seats = Number(params.get("seats") ?? game.defaultSeats);
  // ?seed= is the player's own choice, shown; otherwise a fresh one, hidden until the end.
  const seed = params.has("seed") ? { seed: Number(params.get("seed")) } : { seed: freshSeed(), seedDrawn: true };
  const level = (params.get("bots") as Difficulty) ?? "medium";
  const bots: Record<number, Difficulty> = {};
  for (let s = 1; s < seats; s++) bots[s] = LEVELS.includes(level) ? level : "medium";
  const started = begin(local.start({ game: game.name, rules: {}, seats, ...seed, you: 0, bots }), takeLocal);
  const form = chooseGame(game.name, seats);
  await Promise.all([started, form]);
}

/** What the browser test reads: the driver's save and the bots' timings. */
(window as unknown as { cardsPage: unknown }).cardsPage = {
  save: () => driver.save(),
  hardMs: () => driver.hardMs(),
  snapshot: () => current,
  online: () => {
    const seat = online?.seat();
    return seat ? { ...seat, token: tokens.get(tokenKey(seat.server, seat.table, seat.seat)) } : null;
  },
};

main();
