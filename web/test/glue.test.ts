// The TypeScript glue: card names, the rules form's bounds and choices
// (found by asking the real engine), and the engine the worker runs.

import { describe, expect, it } from "vitest";
import { cardCode, cardName, cardsIn } from "../src/cards";
import { Engine, livesOf, refusalOf } from "../src/engine";
import { cardsInJson, label, seatName } from "../src/render";
import { describeRules, optionsIn, rulesFrom } from "../src/rules-form";
import { wasm } from "./wasm";

describe("cards", () => {
  it("reads card codes and names them", () => {
    expect(cardCode("7H")).toBe("7H");
    expect(cardCode("TS")).toBe("TS");
    expect(cardCode("1H")).toBeNull();
    expect(cardCode("7X")).toBeNull();
    expect(cardCode(7)).toBeNull();
    expect(cardName("QD")).toBe("queen of diamonds");
    expect(cardsIn("swap 7H AS")).toEqual(["7H", "AS"]);
    expect(cardsIn("knock")).toEqual([]);
  });
  it("finds every card in a view", () => {
    expect([...cardsInJson({ hand: ["7H", "AS"], x: [["KC"]], n: 3, s: "knock" })].sort()).toEqual(["7H", "AS", "KC"]);
  });
  it("names seats and fields", () => {
    expect(seatName(2, 0)).toBe("seat 2");
    expect(seatName(0, 0)).toBe("you");
    expect(label("face_down_discards")).toBe("face down discards");
  });
});

describe("rules form", () => {
  it("reads the options a serde refusal lists", () => {
    expect(optionsIn("unknown variant `x`, expected one of `clockwise`, `counterclockwise` at line 1")).toEqual([
      "clockwise",
      "counterclockwise",
    ]);
    expect(optionsIn("no options here")).toEqual([]);
  });

  it("finds bounds by bisection against a made-up rule", () => {
    const fields = describeRules({ lives: 3, fast: true, mode: "a" }, (r) =>
      (r.lives as number) >= 1 && (r.lives as number) <= 12 && ["a", "b"].includes(r.mode as string)
        ? null
        : "expected one of `a`, `b`",
    );
    expect(fields).toEqual([
      { key: "lives", kind: "number", value: 3, min: 1, max: 12 },
      { key: "fast", kind: "boolean", value: true },
      { key: "mode", kind: "choice", value: "a", options: ["a", "b"] },
    ]);
    expect(rulesFrom(fields, (k) => ({ lives: "5", fast: false, mode: "b" })[k] ?? "")).toEqual({
      lives: 5,
      fast: false,
      mode: "b",
    });
  });

  it("builds every game's form from the engine, and the defaults it shows start a table", () => {
    const engine = new Engine(wasm);
    for (const g of engine.games()) {
      const fields = engine.rulesForm(g.name, g.defaultSeats);
      expect(fields.map((f) => f.key)).toEqual(Object.keys(g.rules));
      for (const f of fields) {
        if (f.kind === "number") {
          expect(f.min).toBeLessThanOrEqual(f.value);
          expect(f.max).toBeGreaterThanOrEqual(f.value);
        }
        if (f.kind === "choice") expect(f.options).toContain(f.value);
      }
      const rules = rulesFrom(fields, (k) => {
        const f = fields.find((x) => x.key === k)!;
        return f.kind === "json" ? JSON.stringify(f.value) : (f.value as string | boolean);
      });
      expect(() => new wasm.Table(g.name, JSON.stringify(rules), g.defaultSeats, 1).free()).not.toThrow();
    }
  });

  it("offers Schwimmen's lives with their bounds and its direction as a choice", () => {
    const fields = new Engine(wasm).rulesForm("schwimmen", 3);
    const lives = fields.find((f) => f.key === "lives");
    expect(lives?.kind).toBe("number");
    if (lives?.kind === "number") {
      expect(lives.min).toBe(1);
      expect(lives.max).toBeGreaterThan(3);
      expect(() => new wasm.Table("schwimmen", JSON.stringify({ lives: lives.max + 1 }), 3, 1)).toThrow();
    }
    expect(fields.find((f) => f.key === "direction")?.kind).toBe("choice");
  });
});

describe("engine", () => {
  it("plays a whole game against bots, saves, loads and replays it", () => {
    for (const g of wasm.games()) {
      const engine = new Engine(wasm);
      const bots: Record<number, "easy" | "medium" | "hard"> = {};
      for (let s = 1; s < g.defaultSeats; s++) bots[s] = "medium";
      let snap = engine.start({ game: g.name, rules: {}, seats: g.defaultSeats, seed: 11, you: 0, bots });
      const log = [...snap.events.map((e) => e.text)];
      let halfway: string | null = null;
      while (!snap.outcome) {
        if (snap.toAct === 0) {
          expect(snap.legal.length).toBeGreaterThan(0);
          snap = engine.play(snap.legal[snap.legal.length - 1].text);
        } else {
          expect(snap.legal).toEqual([]);
          snap = engine.botStep();
        }
        log.push(...snap.events.map((e) => e.text));
        if (snap.moves === 10) halfway = engine.save();
      }
      expect(snap.toAct).toBeNull();
      expect([...snap.outcome.places].sort()).toContain(1);
      // The human's log speaks of "you" and of the other seats by number.
      expect(log.join("\n")).toMatch(/\byou\b|\bYou\b/);
      // A save made halfway continues to the same end when replayed with the same moves.
      const file = JSON.parse(engine.save());
      const again = new Engine(wasm);
      again.load(halfway!);
      const rest = file.history.slice(10);
      let s2 = again.snapshot();
      for (const p of rest) {
        s2 = p.seat === 0 ? again.play(p.action) : again.botStep();
        expect(again["history"].at(-1)).toEqual(p);
      }
      expect(s2.outcome).toEqual(snap.outcome);
      // The replay's last frame is the game's end, its first the deal.
      const end = engine.replay(1e9);
      expect(end.step).toBe(file.history.length);
      expect(end.view).toEqual(snap.view);
      expect(engine.replay(0).step).toBe(0);
    }
  });

  it("refuses with the protocol's kinds and changes nothing", () => {
    const engine = new Engine(wasm);
    const snap = engine.start({ game: "schwimmen", rules: {}, seats: 3, seed: 5, you: 0, bots: { 1: "easy", 2: "easy" } });
    const actor = snap.toAct;
    const tryIt = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        return refusalOf(e);
      }
      return null;
    };
    if (actor === 0) {
      expect(tryIt(() => engine.play("dance"))?.kind).toBe("bad_request");
      expect(tryIt(() => engine.botStep())?.kind).toBe("not_your_turn");
    } else {
      expect(tryIt(() => engine.play(snap.legal[0]?.text ?? "knock"))?.kind).toBe("not_your_turn");
    }
    expect(engine.snapshot().moves).toBe(0);
    expect(tryIt(() => engine.load("{}"))?.kind).toBe("bad_request");
    expect(tryIt(() => engine.start({ game: "chess", rules: {}, seats: 3, seed: 1, you: 0, bots: {} }))?.message).toMatch(
      /no game/,
    );
  });

  it("refuses a file whose setup, bots or history do not fit its table, and keeps the game as it was", () => {
    const started = (game: string, seats: number, level: "medium" | "hard" = "medium") => {
      const e = new Engine(wasm);
      const bots: Record<number, "medium" | "hard"> = {};
      for (let s = 1; s < seats; s++) bots[s] = level;
      let snap = e.start({ game, rules: {}, seats, seed: 7, you: 0, bots });
      while (snap.moves < 8 && !snap.outcome) snap = snap.toAct === 0 ? e.play(snap.legal[0].text) : e.botStep();
      return e;
    };
    const engine = started("schwimmen", 3);
    const good = JSON.parse(engine.save());
    const hearts = JSON.parse(started("hearts", 4).save());
    const before = { snap: engine.snapshot(), save: engine.save() };
    const edited = (edit: (f: typeof good) => void) => {
      const f = structuredClone(good);
      edit(f);
      return JSON.stringify(f);
    };
    const bad: [string, string, RegExp][] = [
      ["you 99", edited((f) => (f.setup.you = 99)), /no seat 99 for you/],
      ["you 1.5", edited((f) => (f.setup.you = 1.5)), /no seat 1.5 for you/],
      ["setup 1", edited((f) => (f.setup = 1)), /setup/],
      ["hearts setup", edited((f) => (f.setup = hearts.setup)), /game "hearts" is not the table's schwimmen/],
      ["4 seats", edited((f) => (f.setup.seats = 4)), /4 seats are not the table's 3/],
      ["bots null", edited((f) => (f.setup.bots = null)), /bots/],
      ["bot seat 5", edited((f) => (f.setup.bots = { 5: "easy" })), /bot "5"/],
      ["bot level", edited((f) => (f.setup.bots = { 1: "genius" })), /"genius"/],
      ["history garbage", edited((f) => (f.history = [1, "x"])), /history move 1/],
      ["history illegal", edited((f) => (f.history = [{ seat: 0, action: "dance" }])), /history move 1/],
      ["history short", edited((f) => f.history.pop()), /does not replay/],
      ["other seed", edited((f) => (f.setup.seed = 8)), /history|replay/],
      ["bad rules", edited((f) => (f.setup.rules = { lives: "many" })), /the setup's rules or seed/],
    ];
    for (const [name, text, message] of bad) {
      let refused: unknown = null;
      try {
        engine.load(text);
      } catch (e) {
        refused = e;
      }
      expect(refused, name).toMatchObject({ kind: "bad_request", message: expect.stringMatching(message) });
      expect(engine.snapshot(), name).toEqual(before.snap);
      expect(engine.save(), name).toBe(before.save);
    }
    // The file unedited still loads, and so does a save taken with hard bots.
    expect(engine.load(JSON.stringify(good)).moves).toBe(good.history.length);
    const hard = started("hearts", 4, "hard").save();
    expect(new Engine(wasm).load(hard).moves).toBe(JSON.parse(hard).history.length);
  });

  it("reads lives from Schwimmen's and Trump 21's views", () => {
    expect(livesOf({ lives: [3, 2, 0] })).toEqual([3, 2, 0]);
    expect(livesOf({ seats: [{ lives: 4 }, { lives: 0 }] })).toEqual([4, 0]);
    expect(livesOf({ hand: [] })).toBeNull();
  });
});

describe("bots", () => {
  it("decide at every level in WebAssembly, for every game", () => {
    for (const g of wasm.games()) {
      for (const level of ["easy", "medium", "hard"] as const) {
        const t = new wasm.Table(g.name, undefined, g.defaultSeats, 3);
        for (let i = 0; i < 3 && t.toAct !== undefined; i++) {
          const seat = t.toAct;
          const legal = t.legalActions(seat).map((m) => m.text);
          const played = t.botMove(seat, level);
          expect(legal, `${g.name} ${level}`).toContain(played);
        }
        t.free();
      }
    }
  });
});
