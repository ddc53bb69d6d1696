// The messages between the page and its worker.

import type { Refused } from "./engine";

/** An engine call: its operation and arguments, numbered. */
export interface Request {
  id: number;
  op: string;
  args: unknown[];
}

/** The engine's answer to request `id`. */
export type Response = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: Refused };
