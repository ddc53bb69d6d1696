#!/usr/bin/env bash
# Builds crates/cards-wasm for the browser into web/pkg (an npm-installable
# folder: the .wasm, its JavaScript glue, the .d.ts types and a package.json).
# Needs the wasm32-unknown-unknown target and wasm-bindgen-cli at the version
# crates/cards-wasm pins (.ci/web-check installs both).
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build -p cards-wasm --target wasm32-unknown-unknown --profile wasm
wasm-bindgen --target web --out-dir web/pkg --out-name cards_wasm \
  "${CARGO_TARGET_DIR:-target}/wasm32-unknown-unknown/wasm/cards_wasm.wasm"
# A freed table refuses like any other call. After `free()` wasm-bindgen's
# glue zeroes the table's pointer and passes that 0 on, so wasm-bindgen's own
# check throws a plain Error ("null pointer passed to rust") with no kind.
# This wraps every method and getter of Table once, here, so that npm users of
# web/pkg get it too, and throws a CardsError of kind bad_request before the
# call reaches the module (free() again included). `__wbg_ptr` is the glue's
# own field; crates/cards-wasm pins wasm-bindgen exactly, and
# web/test/boundary.test.ts fails if the glue changes.
cat >> web/pkg/cards_wasm.js <<'JS'

// Added by web/build-wasm.sh: a freed table throws a CardsError (bad_request).
for (const key of Object.getOwnPropertyNames(Table.prototype)) {
    if (key === "constructor" || key.startsWith("__")) continue;
    const property = Object.getOwnPropertyDescriptor(Table.prototype, key);
    const live = (f) => function (...args) {
        if (this.__wbg_ptr === 0) {
            const error = new Error(`${key}: this table was freed (free() was called); start a new Table or Table.load a save`);
            error.name = "CardsError";
            error.kind = "bad_request";
            throw error;
        }
        return f.apply(this, args);
    };
    for (const part of ["value", "get", "set"]) {
        if (typeof property[part] === "function") property[part] = live(property[part]);
    }
    Object.defineProperty(Table.prototype, key, property);
}
if (Symbol.dispose) Table.prototype[Symbol.dispose] = Table.prototype.free;
JS
cat > web/pkg/package.json <<'JSON'
{
  "name": "cards-wasm",
  "version": "0.1.0",
  "description": "Every card-rules game as one WebAssembly table for JavaScript",
  "license": "MIT OR Apache-2.0",
  "type": "module",
  "main": "cards_wasm.js",
  "module": "cards_wasm.js",
  "types": "cards_wasm.d.ts",
  "files": ["cards_wasm.js", "cards_wasm.d.ts", "cards_wasm_bg.wasm", "cards_wasm_bg.wasm.d.ts"],
  "sideEffects": false
}
JSON
raw=$(wc -c < web/pkg/cards_wasm_bg.wasm)
gz=$(gzip -9 -c web/pkg/cards_wasm_bg.wasm | wc -c)
echo "cards_wasm_bg.wasm: $raw bytes raw, $gz bytes gzipped (-9)"
