// Nothing a page passes can panic the module: the fuzz checks' inputs
// (edited action texts and edited saves, written by the native fixtures
// example) and every odd JavaScript value, at every method. Each call must
// succeed or throw a CardsError with a protocol kind; a panic would surface as
// a WebAssembly.RuntimeError instead, and the table must stay usable. A
// freed table refuses every call as a bad request too (web/build-wasm.sh).

import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { Table, wasm } from "./wasm";

const KINDS = ["not_your_turn", "illegal", "bad_request"];
const path = process.env.WEB_FIXTURES ?? fileURLToPath(new URL("../../target/web-fixtures.json", import.meta.url));

/** Runs `f`; any throw must be a CardsError of a protocol kind. */
function typed(f: () => unknown): void {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(Error);
    expect((e as Error).name).toBe("CardsError");
    expect(KINDS).toContain((e as { kind: string }).kind);
    expect((e as Error).message.length).toBeGreaterThan(0);
  }
}

const ODD: unknown[] = [
  undefined, null, -1, 0.5, NaN, Infinity, -Infinity, 2 ** 53, 2 ** 64, 1e300, -0, 255, 256, 4294967296,
  "", "x", "0", "{}", "[]", "\u0000", "x".repeat(100_000), {}, [], [1], true, false, 10n, -1n, 2n ** 70n,
  Symbol("s"), () => 1, new Uint8Array(4),
];

describe("the JavaScript boundary", () => {
  it("types every odd value at every method", () => {
    const g = wasm.games()[0];
    for (const v of ODD) {
      const any = v as never;
      typed(() => new Table(any, undefined, g.defaultSeats, 1));
      typed(() => new Table(g.name, any, g.defaultSeats, 1));
      typed(() => new Table(g.name, undefined, any, 1));
      typed(() => new Table(g.name, undefined, g.defaultSeats, any));
      typed(() => Table.load(any));
      const t = new Table(g.name, undefined, g.defaultSeats, 3);
      const seat = t.toAct!;
      typed(() => t.legalActions(any));
      typed(() => t.play(any, "knock"));
      typed(() => t.play(seat, any));
      typed(() => t.playId(seat, any));
      typed(() => t.playId(any, 0));
      typed(() => t.host(any, "leave 1"));
      typed(() => t.host(undefined, any));
      typed(() => t.view(any));
      typed(() => t.events(any, undefined));
      typed(() => t.events(0, any));
      typed(() => t.botMove(any, "hard"));
      typed(() => t.botMove(seat, any));
      // Still a working table.
      expect(t.legalActions(t.toAct ?? 0)).toBeInstanceOf(Array);
      t.free();
    }
  });

  it("refuses every call on a freed table as a bad request", () => {
    const g = wasm.games()[0];
    const t = new Table(g.name, undefined, g.defaultSeats, 1);
    const other = new Table(g.name, undefined, g.defaultSeats, 1);
    const seat = t.toAct!;
    t.free();
    const freed = (name: string, f: () => unknown) => {
      let thrown: unknown;
      try {
        f();
      } catch (e) {
        thrown = e;
      }
      expect(thrown).toBeInstanceOf(Error);
      expect(thrown).toMatchObject({
        name: "CardsError",
        kind: "bad_request",
        message: `${name}: this table was freed (free() was called); start a new Table or Table.load a save`,
      });
    };
    freed("play", () => t.play(seat, "knock"));
    freed("playId", () => t.playId(seat, 0));
    freed("legalActions", () => t.legalActions(seat));
    freed("botMove", () => t.botMove(seat, "easy"));
    freed("host", () => t.host(undefined, "leave 1"));
    freed("view", () => t.view(undefined));
    freed("events", () => t.events(0, undefined));
    freed("save", () => t.save());
    freed("rules", () => t.rules());
    freed("outcome", () => t.outcome());
    freed("game", () => t.game);
    freed("seats", () => t.seats);
    freed("toAct", () => t.toAct);
    freed("logLength", () => t.logLength);
    freed("free", () => t.free());
    freed("free", () => t[Symbol.dispose]());
    // Another table is untouched.
    expect(other.legalActions(other.toAct!).length).toBeGreaterThan(0);
    other[Symbol.dispose]();
    freed("save", () => other.save());
  });

  it.runIf(existsSync(path))("refuses the fuzz checks' inputs with typed errors", () => {
    const fixtures = JSON.parse(readFileSync(path, "utf8")) as { bad: { kind: string; inputs: { game: string; text: string }[] }[] };
    let count = 0;
    for (const { inputs } of fixtures.bad) {
      for (const { game, text } of inputs) {
        const info = wasm.games().find((g) => g.name === game)!;
        const t = new Table(game, undefined, info.defaultSeats, count);
        const seat = t.toAct!;
        typed(() => t.play(seat, text));
        typed(() => t.host(undefined, text));
        typed(() => t.host(seat, text));
        typed(() => new Table(game, text, info.defaultSeats, 1).free());
        typed(() => Table.load(text).free());
        typed(() => Table.load(`{"game":${JSON.stringify(game)},"table":${text}}`).free());
        const save = t.save();
        typed(() => Table.load(save.slice(0, text.length % save.length)).free());
        expect(t.legalActions(t.toAct ?? 0)).toBeInstanceOf(Array);
        t.free();
        count++;
      }
    }
    expect(count).toBeGreaterThan(500);
  });
});
