// How the page drives a game: one small interface, so that a table played
// against the bots in this page (LocalDriver, a Web Worker) and a table on a
// game server (a later online driver) look the same to the page.

import type { GameInfo } from "../pkg/cards_wasm";
import type { Played, ReplayFrame, Setup, Snapshot } from "./engine";
import type { Request, Response } from "./protocol";
import type { RuleField } from "./rules-form";

/** A game the page can drive. Every call rejects with a `Refused` ({kind, message}). */
export interface TableDriver {
  games(): Promise<GameInfo[]>;
  rulesForm(game: string, seats: number): Promise<RuleField[]>;
  start(setup: Setup): Promise<Snapshot>;
  /** The human plays an action (its text form). */
  play(action: string): Promise<Snapshot>;
  /** The seat to act, not the human's, plays (a bot here; another player online). */
  botStep(): Promise<Snapshot & { bot: Played & { ms: number } }>;
  save(): Promise<string>;
  load(file: string): Promise<Snapshot>;
  replay(step: number): Promise<ReplayFrame>;
  /** Milliseconds of each hard bot decision so far, by game. */
  hardMs(): Promise<Record<string, number[]>>;
}

/** The driver for a table in this page: the engine in a Web Worker. */
export class LocalDriver implements TableDriver {
  private next = 1;
  private waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: unknown) => void }>();

  constructor(private readonly worker: Worker) {
    worker.onmessage = (m: MessageEvent<Response>) => {
      const w = this.waiting.get(m.data.id);
      if (!w) return;
      this.waiting.delete(m.data.id);
      if (m.data.ok) w.resolve(m.data.value);
      else w.reject(m.data.error);
    };
  }

  private call<T>(op: string, ...args: unknown[]): Promise<T> {
    const id = this.next++;
    const request: Request = { id, op, args };
    return new Promise<T>((resolve, reject) => {
      this.waiting.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.worker.postMessage(request);
    });
  }

  games() { return this.call<GameInfo[]>("games"); }
  rulesForm(game: string, seats: number) { return this.call<RuleField[]>("rulesForm", game, seats); }
  start(setup: Setup) { return this.call<Snapshot>("start", setup); }
  play(action: string) { return this.call<Snapshot>("play", action); }
  botStep() { return this.call<Snapshot & { bot: Played & { ms: number } }>("botStep"); }
  save() { return this.call<string>("save"); }
  load(file: string) { return this.call<Snapshot>("load", file); }
  replay(step: number) { return this.call<ReplayFrame>("replay", step); }
  hardMs() { return this.call<Record<string, number[]>>("hardMs"); }
}
