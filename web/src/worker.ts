// The Web Worker that holds the table: every engine call (and so every bot's
// search) runs here, off the page's thread, so the page never freezes.

import init, { Table, games } from "../pkg/cards_wasm";
import { Engine, refusalOf } from "./engine";
import type { Request, Response } from "./protocol";

const ready = init().then(() => new Engine({ Table, games }));

self.onmessage = async (message: MessageEvent<Request>) => {
  const { id, op, args } = message.data;
  const engine = await ready;
  let reply: Response;
  try {
    const value = (() => {
      switch (op) {
        case "games":
          return engine.games();
        case "rulesForm":
          return engine.rulesForm(args[0] as string, args[1] as number);
        case "start":
          return engine.start(args[0] as never);
        case "play":
          return engine.play(args[0] as string);
        case "botStep":
          return engine.botStep();
        case "save":
          return engine.save();
        case "load":
          return engine.load(args[0] as string);
        case "replay":
          return engine.replay(args[0] as number);
        case "hardMs":
          return engine.hardMs;
        default:
          throw { kind: "bad_request", message: `no operation ${String(op)}` };
      }
    })();
    reply = { id, ok: true, value };
  } catch (e) {
    reply = { id, ok: false, error: refusalOf(e) };
  }
  (self as unknown as Worker).postMessage(reply);
};
