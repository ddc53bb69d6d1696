// The online browser test: starts cards-server (a new SQLite file, a free
// port) serving the built page (`--web dist`), and in headless Debian
// Chromium seats two players, each in a browser of its own, at one Crazy
// Eights table with a bot: player A creates the table in the page and sends
// the join link for seat 1 to player B. Both play to the end by clicking.
// Whenever a page is to act (so the table stands still), the test asks the
// server for both seats' views over their own WebSockets and checks that the
// page shows only cards its seat may see (none of the other seat's hidden
// hand) and that its log is its seat's events word for word. Once mid-game the
// server is killed with SIGKILL and started again on the same port and
// database; both pages reconnect by themselves. At the end both
// pages must show the places the server reports. Saves docs/screenshots/online.png
// (page A mid-game).
//
//   node --experimental-websocket e2e/online.mjs   (after `npx vite build` and
//   `cargo test --workspace --all-features --test server --no-run`, as .ci/web-check does; CARDS_SERVER names another binary)

import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const here = fileURLToPath(new URL(".", import.meta.url));
const dist = resolve(here, "../dist");
const shots = resolve(here, process.env.SHOTS ?? "../../docs/screenshots");
const binary = resolve(here, process.env.CARDS_SERVER ?? "../../target/debug/cards-server");
const executablePath = process.env.CHROMIUM ?? "/usr/bin/chromium";
const GAME = "crazy-eights";
const t0 = Date.now();

function check(ok, what) {
  if (!ok) throw new Error(what);
}

// The server, on a fresh database and any free port.
const work = mkdtempSync(join(tmpdir(), "cards-online-"));
/** Starts cards-server on `at` (port 0: any); resolves with the process and its address. */
function startServer(at) {
  const proc = spawn(binary, ["--db", join(work, "tables.db"), "--addr", at, "--web", dist, "--away-after", "600"], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((ok, fail) => {
    let out = "";
    proc.stdout.on("data", (d) => {
      out += d;
      const m = out.match(/listening on (\S+) \((.*)\)/);
      if (m) ok({ proc, addr: m[1], report: m[2] });
    });
    proc.on("exit", (code) => fail(new Error(`cards-server exited (${code}) before listening: ${out}`)));
  });
}
let server = await startServer("127.0.0.1:0");
const addr = server.addr;
const base = `http://${addr}`;
let browser;
try {
  browser = await chromium.launch({
    executablePath,
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  await play(browser);
} finally {
  await browser?.close();
  server.proc.kill();
  rmSync(work, { recursive: true, force: true });
}

function cardsIn(v, out = new Set()) {
  if (typeof v === "string" && /^[2-9TJQKA][CDHS]$/.test(v)) out.add(v);
  else if (Array.isArray(v)) v.forEach((x) => cardsIn(x, out));
  else if (v && typeof v === "object") Object.values(v).forEach((x) => cardsIn(x, out));
  return out;
}

/** The server's first update to a seat from event 0: its whole log and its view now. */
function seatNow(seat) {
  return new Promise((ok, fail) => {
    const url = `ws://${addr}/tables/${seat.table}/seats/${seat.seat}/ws?token=${seat.token}&from=0`;
    const ws = new WebSocket(url);
    const timer = setTimeout(() => fail(new Error(`no update for seat ${seat.seat}`)), 10_000);
    ws.onmessage = (m) => {
      const u = JSON.parse(m.data);
      if (!("view" in u)) return;
      clearTimeout(timer);
      ws.close();
      ok(u);
    };
    ws.onerror = () => fail(new Error(`seat ${seat.seat}'s socket failed`));
  });
}

async function summary(id) {
  const r = await fetch(`${base}/tables/${id}`);
  check(r.ok, `GET /tables/${id}: ${r.status}`);
  return r.json();
}

/** What page `p` shows against what its seat, and the other seat, may see. */
async function checkVisible(p, mine, other) {
  const [me, them] = await Promise.all([seatNow(mine), seatNow(other)]);
  const may = cardsIn(me.view);
  const shown = await p.page.$$eval("[data-card]", (els) => els.map((e) => e.dataset.card));
  const moveTexts = await p.page.$$eval("#moves button, #view", (els) => els.map((e) => e.textContent).join(" "));
  for (const c of moveTexts.match(/\b[2-9TJQKA][CDHS]\b/g) ?? []) shown.push(c);
  const hidden = [...cardsIn(them.view.hand ?? [])].filter((c) => !may.has(c));
  for (const c of shown) {
    check(may.has(c), `${p.name} (seat ${mine.seat}) shows ${c}, which its seat may not see`);
    check(!hidden.includes(c), `${p.name} shows ${c} from seat ${other.seat}'s hidden hand`);
  }
  const log = await p.page.$$eval("#log li", (els) => els.map((e) => e.textContent));
  const events = me.events.map((e) => e.text);
  check(JSON.stringify(log) === JSON.stringify(events), `${p.name}: the log differs from seat ${mine.seat}'s events:\n${log.join("\n")}\n--\n${events.join("\n")}`);
  check(me.to_act === mine.seat, `${p.name} waits for a move, the server has seat ${me.to_act} to act`);
  const listed = await p.page.$$eval("#moves button", (els) => els.map((e) => e.dataset.move));
  check(JSON.stringify(listed) === JSON.stringify(me.moves.map((m) => m.text)), `${p.name}: the moves differ from the server's`);
  return { shown: shown.length, hidden: hidden.length };
}

async function play(browser) {
  const newPage = async (name) => {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    page.on("pageerror", (e) => failures.push(`${name}: page error: ${e.message}`));
    return { name, page };
  };
  const failures = [];
  const a = await newPage("page A");
  const b = await newPage("page B");

  // A creates the table: seat 0 A's, seat 1 for a player, seat 2 a bot.
  await a.page.goto(`${base}/?mode=online&game=${GAME}&seats=3&speed=0`);
  await a.page.waitForSelector("body[data-wait='setup']");
  check((await a.page.inputValue("#server")) === base, "the server field is not the page's origin");
  await a.page.selectOption("#bot-1", "player");
  await a.page.selectOption("#bot-2", "medium");
  // A seat added to the table takes the choice of the seat before it, and
  // the seats there keep theirs.
  const seatsTo = async (n) => {
    await a.page.fill("#seats", String(n));
    await a.page.dispatchEvent("#seats", "change");
  };
  await seatsTo(4);
  const grown = await Promise.all(["#bot-1", "#bot-2", "#bot-3"].map((s) => a.page.inputValue(s)));
  check(JSON.stringify(grown) === '["player","medium","medium"]', `seats after growing the table: ${grown}`);
  await seatsTo(3);
  await a.page.click("#start");
  const link = await a.page.getAttribute("#join-links a[data-seat='1']", "href", { timeout: 15_000 });
  check(!(await a.page.$("#join-links a[data-seat='2']")), "the bot's seat got a join link");
  const seatA = await a.page.evaluate(() => window.cardsPage.online());
  const created = await summary(seatA.table);
  check(JSON.stringify(created.bot_seats) === "[2]" && created.seats === 3, `the table is ${JSON.stringify(created)}`);

  // B opens the link; a refused join (the same seat again) is shown with its message.
  await b.page.goto(link);
  await b.page.waitForSelector("body[data-wait='you'], body[data-wait='busy'], body[data-wait='over']");
  const seatB = await b.page.evaluate(() => window.cardsPage.online());
  check(seatB.seat === 1 && seatB.table === seatA.table && seatB.token && seatB.token !== seatA.token, "B did not take seat 1");
  const c = await newPage("page C");
  await c.page.goto(link);
  await c.page.waitForFunction(() => document.getElementById("join-error").textContent !== "");
  const said = await c.page.textContent("#join-error");
  check(/conflict: seat 1 is taken/.test(said), `a third player on seat 1: ${said}`);
  await c.page.context().close();

  const players = [
    { ...a, mine: seatA, other: seatB, moves: 0 },
    { ...b, mine: seatB, other: seatA, moves: 0 },
  ];
  let checked = 0, shownCards = 0, hiddenCards = 0, triedIllegal = false, shot = false, restarted = "";
  mkdirSync(shots, { recursive: true });
  const deadline = Date.now() + 240_000;
  for (;;) {
    const waits = await Promise.all(players.map((p) => p.page.evaluate(() => document.body.dataset.wait)));
    if (waits.every((w) => w === "over")) break;
    check(Date.now() < deadline, `no end within 4 minutes: ${waits}`);
    const i = waits.indexOf("you");
    if (i < 0) {
      await new Promise((r) => setTimeout(r, 30));
      continue;
    }
    const p = players[i];
    const seen = await checkVisible(p, p.mine, p.other);
    checked++;
    shownCards += seen.shown;
    hiddenCards += seen.hidden;
    if (!triedIllegal) {
      // An illegal move, typed: refused with the rule's words, nothing changes.
      const before = await p.page.evaluate(() => document.body.dataset.moves);
      const view = (await seatNow(p.mine)).view;
      const notHeld = [..."2345679TJQKA"].flatMap((r) => [..."CDHS"].map((s) => r + s)).find((x) => !cardsIn(view).has(x));
      await p.page.fill("#move-text", `play ${notHeld}`);
      await p.page.press("#move-text", "Enter");
      await p.page.waitForFunction(() => document.getElementById("refusal").textContent !== "");
      const refusal = await p.page.textContent("#refusal");
      check(/Not allowed \(illegal\): .*\(C[0-9]/.test(refusal), `${p.name}: the refusal shown: ${refusal}`);
      console.log(`${p.name}: "play ${notHeld}" -> ${refusal}`);
      check((await p.page.evaluate(() => document.body.dataset.moves)) === before, "a refused move changed the table");
      triedIllegal = true;
    }
    if (!shot && p === players[0] && checked >= 4) {
      // Mid-game, A's turn: the table, its moves, the log and B's join link.
      await a.page.screenshot({ path: join(shots, "online.png"), fullPage: true });
      shot = true;
    }
    const buttons = await p.page.$$("#moves button");
    check(buttons.length > 1, `${p.name} waits with ${buttons.length} moves`);
    const before = Number(await p.page.evaluate(() => document.body.dataset.moves));
    await buttons[(checked * 7) % buttons.length].click();
    p.moves++;
    // The update showing the move (the page may then wait for the other seats).
    await p.page.waitForFunction((m) => Number(document.body.dataset.moves) > m, before, { timeout: 20_000 });
    if (!restarted && checked >= 8) {
      // The server killed (SIGKILL) and started again on the same port and
      // database: both pages reconnect from the last event they saw, and the
      // log checks above find no event lost or shown twice.
      server.proc.kill("SIGKILL");
      for (const q of players) await q.page.waitForSelector("body[data-online='reconnecting']", { timeout: 10_000 });
      server = await startServer(addr);
      for (const q of players) await q.page.waitForSelector("body[data-online='connected']", { timeout: 20_000 });
      restarted = server.report;
      console.log(`server killed and restarted after ${checked} positions (${restarted}); both pages reconnected`);
    }
  }

  // Both end screens show the server's places.
  const final = await summary(seatA.table);
  check(Array.isArray(final.places) && final.to_act === null, `the server reports no end: ${JSON.stringify(final)}`);
  for (const p of players) {
    check(await p.page.isVisible("#end"), `${p.name}: no end screen`);
    const rows = await p.page.$$eval("#places tr[data-seat]", (els) => els.map((e) => [Number(e.dataset.seat), Number(e.cells[0].textContent)]));
    const places = [];
    for (const [seat, place] of rows) places[seat] = place;
    check(JSON.stringify(places) === JSON.stringify(final.places), `${p.name}: places ${JSON.stringify(places)}, the server's ${JSON.stringify(final.places)}`);
    const outcome = (await seatNow(p.mine)).outcome;
    check(JSON.stringify(outcome?.places) === JSON.stringify(final.places), `${p.name}'s seat was sent another outcome`);
    const status = await p.page.textContent("#status");
    check(status.includes(`you placed ${final.places[p.mine.seat]} of 3`), `${p.name}: ${status}`);
  }
  // Back to "In this page": a save loads into the page's own table, not the online one.
  const d = await newPage("page D");
  await d.page.goto(`${base}/?game=${GAME}&seed=9&speed=0&bots=easy`);
  await d.page.waitForSelector("body[data-wait='you']");
  const save = await d.page.evaluate(() => window.cardsPage.save());
  await d.page.context().close();
  const shownBefore = await a.page.evaluate(() => document.body.dataset.generation);
  await a.page.check("#mode-local");
  await a.page.setInputFiles("#load", { name: "local.json", mimeType: "application/json", buffer: Buffer.from(save) });
  await a.page.waitForFunction(
    (g) => document.body.dataset.generation !== g || document.getElementById("setup-error").textContent !== "",
    shownBefore,
  );
  const loadError = await a.page.textContent("#setup-error");
  const loaded = await a.page.evaluate(() => ({ online: window.cardsPage.online(), snap: window.cardsPage.snapshot() }));
  check(loadError === "" && loaded.online === null && !loaded.snap.online, `a save loaded after switching back to this page: "${loadError}"`);
  check(shot, "no screenshot taken");
  check(/1 open tables reloaded/.test(restarted), `the restart did not reload the table: ${restarted}`);
  if (failures.length) throw new Error(failures.join("\n"));
  console.log(
    `online: ${GAME}, two pages and a bot at table ${seatA.table}: ${players[0].moves} + ${players[1].moves} moves clicked, ` +
      `${checked} positions checked (${shownCards} cards shown, ${hiddenCards} of the other seat's hidden), ` +
      `places ${JSON.stringify(final.places)} on both pages and the server; one kill -9 and restart; ${((Date.now() - t0) / 1000).toFixed(1)} s`,
  );
}
