// The WebAssembly build against the native crates: 100 seeded games of every
// game, whose every legal-move list, move, bot move (the hard level's in the
// first three games, the medium level's after) and outcome the native build
// wrote (crates/cards-wasm/examples/fixtures.rs; set WEB_FIXTURES, or
// it is read from target/web-fixtures.json).

import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { Table, wasm } from "./wasm";

const path = process.env.WEB_FIXTURES ?? fileURLToPath(new URL("../../target/web-fixtures.json", import.meta.url));

interface Step { seat: number; legal: string; id?: number; played?: string; bot?: string; level?: "medium" | "hard" }
interface Game { game: string; seats: number; seed: number; steps: Step[]; places: number[] | null }

describe.runIf(existsSync(path))("wasm and native agree", () => {
  const fixtures: { games: Game[] } = existsSync(path) ? JSON.parse(readFileSync(path, "utf8")) : { games: [] };

  it("covers 100 games of every game of the list", () => {
    for (const g of wasm.games()) {
      expect(fixtures.games.filter((f) => f.game === g.name).length, g.name).toBe(100);
    }
  });

  for (const name of wasm.games().map((g) => g.name)) {
    it(`lists the same moves and reaches the same places: ${name}`, () => {
      let steps = 0;
      for (const f of fixtures.games.filter((x) => x.game === name)) {
        let t = new Table(f.game, "{}", f.seats, f.seed);
        f.steps.forEach((s, i) => {
          if (i === 37) {
            // A save taken mid-game continues exactly.
            const copy = Table.load(t.save());
            t.free();
            t = copy;
          }
          expect(t.toAct, `${name} seed ${f.seed} step ${i}`).toBe(s.seat);
          const legal = t.legalActions(s.seat).map((m) => m.text).join("|");
          expect(legal, `${name} seed ${f.seed} step ${i}`).toBe(s.legal);
          if (s.bot !== undefined) expect(t.botMove(s.seat, s.level!), `${name} seed ${f.seed} step ${i}`).toBe(s.bot);
          else expect(t.playId(s.seat, s.id!)).toBe(s.played);
          steps++;
        });
        expect(t.toAct).toBeUndefined();
        expect(t.outcome()?.places ?? null).toEqual(f.places);
        t.free();
      }
      expect(steps).toBeGreaterThan(100);
    });
  }
});
