// The page: the setup form, the table, the log, the end screen and the
// replay, all driven through a TableDriver (here the engine in a Web Worker).

import type { Difficulty, GameInfo } from "../pkg/cards_wasm";
import { LocalDriver, type TableDriver } from "./driver";
import { type Refused, type Setup, type Snapshot, livesOf } from "./engine";
import { renderView, seatName } from "./render";
import { type RuleField, readField, renderRulesForm, rulesFrom } from "./rules-form";

const $ = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;
const params = new URLSearchParams(location.search);
/** Milliseconds between bot moves (?speed=0 plays them at once). */
const pause = Number(params.get("speed") ?? 350);
const LEVELS: Difficulty[] = ["easy", "medium", "hard"];

const driver: TableDriver = new LocalDriver(new Worker(new URL("./worker.ts", import.meta.url), { type: "module" }));
let games: GameInfo[] = [];
let fields: RuleField[] = [];
let current: Snapshot | null = null;
/** Bumped by every new game, so a running bot loop of an old one stops. */
let generation = 0;

function title(game: string) {
  return games.find((g) => g.name === game)?.title ?? game;
}

function say(refused: Refused | null) {
  $("refusal").textContent = refused ? `Not allowed (${refused.kind.replace(/_/g, " ")}): ${refused.message}` : "";
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
  $("seed-shown").textContent = `${title(s.setup.game)} · seed ${s.setup.seed} · you are seat ${you} · ${
    s.toAct === null ? "game over" : s.toAct === you ? "your turn" : `${seatName(s.toAct, you)} to act`
  }`;
  $("view").replaceChildren(renderView(s.view, you, s.setup.seats));
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

async function advance(s: Snapshot, gen: number) {
  render(s);
  let snap = s;
  while (gen === generation && snap.toAct !== null && !snap.outcome) {
    if (snap.toAct !== snap.setup.you) {
      if (pause > 0) await new Promise((r) => setTimeout(r, pause));
      if (gen !== generation) return;
      $("status").textContent = `${seatName(snap.toAct, snap.setup.you)} is thinking…`;
      snap = await driver.botStep();
      if (gen !== generation) return;
      render(snap);
    } else if (snap.legal.length === 1) {
      // A forced move is played without asking.
      snap = await driver.play(snap.legal[0].text);
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
  if (!current || current.toAct !== current.setup.you) return;
  const gen = generation;
  try {
    const s = await driver.play(action);
    say(null);
    $<HTMLInputElement>("move-text").value = "";
    await advance(s, gen);
  } catch (e) {
    say(e as Refused);
  }
}

async function begin(promise: Promise<Snapshot>) {
  const gen = ++generation;
  $("log").replaceChildren();
  $("end").hidden = true;
  $("replay").hidden = true;
  say(null);
  try {
    const s = await promise;
    $("setup-error").textContent = "";
    fillSetup(s.setup);
    await advance(s, gen);
  } catch (e) {
    $("setup-error").textContent = (e as Refused).message ?? String(e);
  }
}

function botLevels(seats: number, you: number, given: Record<number, Difficulty> = {}) {
  const box = $("bots");
  const old: Record<number, Difficulty> = { ...given };
  box.querySelectorAll<HTMLSelectElement>("select").forEach((s) => (old[Number(s.dataset.seat)] ??= s.value as Difficulty));
  box.replaceChildren(Object.assign(document.createElement("legend"), { textContent: "Bots" }));
  for (let seat = 0; seat < seats; seat++) {
    if (seat === you) continue;
    const row = document.createElement("div");
    row.className = "rule";
    const id = `bot-${seat}`;
    const lab = Object.assign(document.createElement("label"), { htmlFor: id, textContent: `Seat ${seat}` });
    const sel = document.createElement("select");
    sel.id = id;
    sel.dataset.seat = String(seat);
    for (const l of LEVELS) sel.appendChild(new Option(l, l, false, l === (old[seat] ?? "medium")));
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
  const f = await driver.rulesForm(info.name, Number(seatsInput.value));
  if ($<HTMLSelectElement>("game").value !== asked) return;
  fields = f;
  $("rules").replaceChildren(renderRulesForm(fields));
}

function fillSetup(setup: Setup) {
  $<HTMLSelectElement>("game").value = setup.game;
  $<HTMLInputElement>("seats").value = String(setup.seats);
  $<HTMLInputElement>("you").value = String(setup.you);
  $<HTMLInputElement>("seed").value = String(setup.seed);
  botLevels(setup.seats, setup.you, setup.bots);
}

function readSetup(): Setup {
  const game = $<HTMLSelectElement>("game").value;
  const seats = Number($<HTMLInputElement>("seats").value);
  const you = Number($<HTMLInputElement>("you").value);
  const bots: Record<number, Difficulty> = {};
  $("bots").querySelectorAll<HTMLSelectElement>("select").forEach((s) => (bots[Number(s.dataset.seat)] = s.value as Difficulty));
  const form = $("rules");
  const rules = fields.length ? rulesFrom(fields, (k) => readField(form, k)) : {};
  return { game, rules, seats, seed: Number($<HTMLInputElement>("seed").value), you, bots };
}

function freshSeed() {
  return Math.floor(Math.random() * 1_000_000);
}

async function showReplay(step: number) {
  const frame = await driver.replay(step);
  $("replay").hidden = false;
  $("replay-step").textContent = `after move ${frame.step} of ${frame.total}${
    frame.last ? ` (${seatName(frame.last.seat, current?.setup.you ?? null)}: ${frame.last.action})` : ""
  }`;
  $("replay").dataset.step = String(frame.step);
  const view = renderView(frame.view, current?.setup.you ?? null, current?.setup.seats ?? 0);
  const log = document.createElement("p");
  log.textContent = frame.log.at(-1) ?? "";
  $("replay-view").replaceChildren(log, view);
}

function wire() {
  $("setup-form").addEventListener("submit", (e) => {
    e.preventDefault();
    begin(driver.start(readSetup()));
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
    const text = await driver.save();
    const a = document.createElement("a");
    a.href = URL.createObjectURL(new Blob([text], { type: "application/json" }));
    a.download = `card-rules-${current?.setup.game}-seed-${current?.setup.seed}.json`;
    a.click();
    URL.revokeObjectURL(a.href);
  });
  $<HTMLInputElement>("load").addEventListener("change", async () => {
    const file = $<HTMLInputElement>("load").files?.[0];
    if (file) await begin(driver.load(await file.text()));
  });
  $("replay-start").addEventListener("click", () => showReplay(0));
  $("replay-prev").addEventListener("click", () => showReplay(Number($("replay").dataset.step) - 1));
  $("replay-next").addEventListener("click", () => showReplay(Number($("replay").dataset.step) + 1));
  $("replay-close").addEventListener("click", () => ($("replay").hidden = true));
}

async function main() {
  wire();
  games = await driver.games();
  const select = $<HTMLSelectElement>("game");
  for (const g of games) select.appendChild(new Option(g.title, g.name));
  const game = games.find((g) => g.name === params.get("game")) ?? games[0];
  select.value = game.name;
  const seats = Number(params.get("seats") ?? game.defaultSeats);
  const seed = params.has("seed") ? Number(params.get("seed")) : freshSeed();
  const level = (params.get("bots") as Difficulty) ?? "medium";
  const bots: Record<number, Difficulty> = {};
  for (let s = 1; s < seats; s++) bots[s] = LEVELS.includes(level) ? level : "medium";
  const started = begin(driver.start({ game: game.name, rules: {}, seats, seed, you: 0, bots }));
  const form = chooseGame(game.name, seats);
  await Promise.all([started, form]);
}

/** What the browser test reads: the driver's save and the bots' timings. */
(window as unknown as { cardsPage: unknown }).cardsPage = {
  save: () => driver.save(),
  hardMs: () => driver.hardMs(),
  snapshot: () => current,
};

main();
