// Loads the built wasm package in Node for the tests (bash build-wasm.sh first).

import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import * as pkg from "../pkg/cards_wasm.js";
import type { Wasm } from "../src/engine";

const bytes = readFileSync(fileURLToPath(new URL("../pkg/cards_wasm_bg.wasm", import.meta.url)));
pkg.initSync({ module: bytes });

/** The wasm module's exports, ready. */
export const wasm: Wasm = { Table: pkg.Table, games: pkg.games };
export const { Table } = pkg;
