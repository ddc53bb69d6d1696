// What the page's local game must not tell the human: a bot's hidden move
// in the replay's header, and the seed (which fixes every hand) during play.

import { describe, expect, it } from "vitest";
import { cardsIn } from "../src/cards";
import { Engine, type Played, type Setup, type Snapshot, freshSeed, shownSeed } from "../src/engine";
import { wasm } from "./wasm";

/** Plays `setup` for up to `moves` moves (the human picks its `pick(k)`th
 * legal move at its k-th turn, wrapping); gives the engine, the moves played,
 * and each move's own entry of the human's log as it came during play (by
 * move number). */
function played(setup: Setup, moves: number, pick = (_k: number) => 0) {
  const engine = new Engine(wasm);
  let snap: Snapshot = engine.start(setup);
  const seen: string[] = [];
  let k = 0;
  while (snap.moves < moves && !snap.outcome) {
    snap = snap.toAct === setup.you ? engine.play(snap.legal[pick(k++) % snap.legal.length].text) : engine.botStep();
    // The first entry after a move is the move's own (chance may follow).
    seen[snap.moves] = snap.events[0]?.text;
  }
  const history: Played[] = JSON.parse(engine.save()).history;
  return { engine, history, seen };
}

const botsBut = (seats: number, you: number) =>
  Object.fromEntries(Array.from({ length: seats }, (_, s) => [s, "medium" as const]).filter(([s]) => s !== you));

describe("the replay", () => {
  it("tells a bot's Hearts pass as the human's seat saw it, naming no card the seat could not see", () => {
    const { engine, history, seen } = played({ game: "hearts", rules: {}, seats: 4, seed: 3, you: 0, bots: botsBut(4, 0) }, 30);
    let hiddenPasses = 0;
    let own = 0;
    const frames = history.map((_, i) => engine.replay(i + 1));
    history.forEach((p, i) => {
      const frame = frames[i];
      // Nothing in a frame names a card the seat had not seen by then.
      const may = new Set([...cardsIn(JSON.stringify(frame.view)), ...frame.log.flatMap(cardsIn)]);
      for (const c of cardsIn(JSON.stringify(frame))) expect(may.has(c), `move ${i + 1} (seat ${p.seat}) names ${c}`).toBe(true);
      // The step's header is the seat's own log entry for that move, word for word.
      expect(frame.last, `move ${i + 1}`).toEqual({ seat: p.seat, text: seen[i + 1] });
      if (p.seat === 0) {
        // The human's own move still reads as theirs, with its cards.
        own++;
        expect(frame.last?.text, `move ${i + 1}`).toMatch(/\byou\b/i);
        for (const c of cardsIn(p.action)) expect(frame.last?.text, `move ${i + 1}`).toContain(c);
      } else if (/^pass/.test(p.action) && cardsIn(p.action).some((c) => !may.has(c))) {
        // A bot's pass whose cards the seat had not seen: the header names none of them.
        hiddenPasses++;
        for (const c of cardsIn(p.action)) expect(frame.last?.text).not.toContain(c);
      }
    });
    expect(hiddenPasses).toBeGreaterThan(0);
    expect(own).toBeGreaterThan(0);
  });

  it("keeps the kind of a bot's hidden Trump 21 give hidden", () => {
    // Eight seats of easy bots, seed 0: seat 4 gives a hidden trump at move 68.
    const seats = 8;
    const bots = Object.fromEntries(Array.from({ length: seats - 1 }, (_, s) => [s + 1, "easy" as const]));
    const { engine, history, seen } = played({ game: "trump21", rules: {}, seats, seed: 0, you: 0, bots }, 80, (k) => k * 7);
    const gives = history.flatMap((p, i) => (p.seat !== 0 && /^give hidden:/.test(p.action) ? [i + 1] : []));
    expect(gives.length).toBeGreaterThan(0);
    for (const step of gives) {
      const kind = history[step - 1].action.slice("give hidden:".length);
      const frame = engine.replay(step);
      expect(JSON.stringify(frame), `move ${step} names the hidden ${kind}`).not.toContain(`hidden:${kind}`);
      expect(frame.last?.text, `move ${step}`).not.toContain(kind);
      expect(frame.last, `move ${step}`).toEqual({ seat: history[step - 1].seat, text: seen[step] });
    }
  });

  it("gives every game's steps in the human's words", () => {
    for (const g of wasm.games()) {
      const { engine, history, seen } = played(
        { game: g.name, rules: {}, seats: g.defaultSeats, seed: 21, you: 1, bots: botsBut(g.defaultSeats, 1) },
        60,
      );
      expect(engine.replay(0).last).toBeNull();
      history.forEach((p, i) => {
        expect(engine.replay(i + 1).last, `${g.name} move ${i + 1}`).toEqual({ seat: p.seat, text: seen[i + 1] });
      });
    }
  });

  it("hands the page a bot's move as the human's log entry, not the bot's action", () => {
    const engine = new Engine(wasm);
    let snap = engine.start({ game: "hearts", rules: {}, seats: 4, seed: 3, you: 0, bots: botsBut(4, 0) });
    let bots = 0;
    while (snap.moves < 30 && !snap.outcome) {
      if (snap.toAct === 0) {
        snap = engine.play(snap.legal[0].text);
        continue;
      }
      const step = engine.botStep();
      expect(step.bot.action).toBe(step.events[0].text);
      expect(step.bot.action).not.toBe(engine["history"].at(-1)?.action);
      bots++;
      snap = step;
    }
    expect(bots).toBeGreaterThan(0);
  });
});

describe("seeds", () => {
  it("are drawn from crypto, uniform over 0 ..= 2^53 - 1, far past the old 10^6", () => {
    expect(freshSeed((w) => w.fill(0))).toBe(0);
    expect(freshSeed((w) => w.fill(0xffff_ffff))).toBe(Number.MAX_SAFE_INTEGER);
    expect(freshSeed((w) => w.fill(1))).toBe(2 ** 32 + 1);
    const seeds = Array.from({ length: 2000 }, () => freshSeed());
    for (const s of seeds) {
      expect(Number.isSafeInteger(s) && s >= 0).toBe(true);
    }
    expect(new Set(seeds).size).toBe(seeds.length);
    // Below 10^6 (the old range, searched in a second): about 2000 in 9e9 would be.
    expect(seeds.filter((s) => s < 1_000_000)).toEqual([]);
    // The top bit is used (half of them: 1000, give or take 22 per standard deviation).
    expect(seeds.filter((s) => s >= 2 ** 52).length).toBeGreaterThan(850);
    expect(seeds.filter((s) => s >= 2 ** 52).length).toBeLessThan(1150);
  });

  it("above 2^32 reach the wasm table exactly and survive the save file", () => {
    const deal = (seed: number | bigint) => {
      const t = new wasm.Table("hearts", undefined, 4, seed);
      const view = JSON.stringify(t.view(0));
      t.free();
      return view;
    };
    const big = Number.MAX_SAFE_INTEGER;
    // The number is the same u64 as the bigint, and no neighbour or 32-bit cut of it.
    expect(deal(big)).toBe(deal(BigInt(big)));
    expect(deal(big)).not.toBe(deal(big - 1));
    expect(deal(big)).not.toBe(deal(big % 2 ** 32));
    expect(deal(2 ** 32 + 5)).not.toBe(deal(5));

    for (const seed of [big, 2 ** 32 + 5, 2 ** 40 + 3]) {
      const engine = new Engine(wasm);
      const first = engine.start({ game: "hearts", rules: {}, seats: 4, seed, seedDrawn: true, you: 0, bots: botsBut(4, 0) });
      let snap = first;
      while (snap.moves < 12) snap = snap.toAct === 0 ? engine.play(snap.legal[0].text) : engine.botStep();
      const text = engine.save();
      expect(JSON.parse(text).setup).toMatchObject({ seed, seedDrawn: true });
      // Loading checks the moves replay from a fresh table of the file's seed.
      const again = new Engine(wasm);
      expect(again.load(text).setup).toMatchObject({ seed, seedDrawn: true });
      expect(again.replay(0).view).toEqual(first.view);
      expect(again.replay(12).view).toEqual(snap.view);
    }
  });

  it("the page drew are shown only once the game is over; one the player chose always", () => {
    const setup: Setup = { game: "hearts", rules: {}, seats: 4, seed: 2 ** 50 + 7, seedDrawn: true, you: 0, bots: botsBut(4, 0) };
    expect(shownSeed(setup, false)).toBeNull();
    expect(shownSeed(setup, true)).toBe(2 ** 50 + 7);
    const chosen = { ...setup, seedDrawn: undefined };
    expect(shownSeed(chosen, false)).toBe(2 ** 50 + 7);
    expect(shownSeed(chosen, true)).toBe(2 ** 50 + 7);
  });
});
