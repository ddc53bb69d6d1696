#!/usr/bin/env bash
# Builds crates/cards-wasm for the browser into web/pkg (an npm-installable
# folder: the .wasm, its JavaScript glue, the .d.ts types and a package.json).
# Needs the wasm32-unknown-unknown target and wasm-bindgen-cli at the version
# crates/cards-wasm pins (.ci/web-check installs both).
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build -p cards-wasm --target wasm32-unknown-unknown --profile wasm
wasm-bindgen --target web --out-dir web/pkg --out-name cards_wasm \
  target/wasm32-unknown-unknown/wasm/cards_wasm.wasm
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
