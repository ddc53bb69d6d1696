// Draws a seat's view (the protocol's view JSON of any game) as HTML: card
// lists as SVG cards, per-seat lists as rows naming "you" and "seat N",
// everything else as labelled values. It reads only the view it is given,
// so the page can show no card the seat may not see.

import { cardBack, cardCode, cardFace, numberCard } from "./cards";

/** A field name for people: "face_down_discards" -> "face down discards". */
export function label(key: string): string {
  return key.replace(/_/g, " ");
}

/** How the page names a seat: "you" for the human's, else "seat N". */
export function seatName(seat: number, you: number | null): string {
  return seat === you ? "you" : `seat ${seat}`;
}

function isCardList(value: unknown): value is string[] {
  return Array.isArray(value) && value.length > 0 && value.every((v) => cardCode(v) !== null);
}

function isPerSeat(value: unknown, seats: number): value is unknown[] {
  return Array.isArray(value) && value.length === seats && seats > 1;
}

function el<K extends keyof HTMLElementTagNameMap>(tag: K, cls?: string, text?: string) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

/** A row of cards; numbers (Trump 21) as number cards. */
function cards(values: unknown[]): HTMLElement {
  const row = el("span", "cards");
  for (const v of values) {
    if (cardCode(v)) row.appendChild(cardFace(v as string));
    else if (typeof v === "number") row.appendChild(numberCard(v));
    else row.appendChild(document.createTextNode(String(v)));
  }
  return row;
}

/** Does a key hold cards when its value is a number list (Trump 21)? */
function numberCards(key: string, value: unknown): boolean {
  return /cards?$/.test(key) && Array.isArray(value) && value.every((v) => typeof v === "number");
}

/** One value, drawn by its shape. */
function value(key: string, v: unknown, seats: number, you: number | null): HTMLElement {
  if (isCardList(v) || numberCards(key, v)) return cards(v as unknown[]);
  if (cardCode(v) !== null) return cards([v]);
  if (isPerSeat(v, seats) && key !== "moved" && key !== "passed") {
    const list = el("ul", "per-seat");
    (v as unknown[]).forEach((item, seat) => {
      const li = el("li");
      li.appendChild(el("span", "seat-name", `${seatName(seat, you)}: `));
      li.appendChild(value(key, item, seats, you));
      list.appendChild(li);
    });
    return list;
  }
  if (Array.isArray(v)) {
    if (v.length === 0) return el("span", "empty", "none");
    return el("span", "plain", v.map((x) => (typeof x === "object" ? JSON.stringify(x) : String(x))).join(", "));
  }
  if (v !== null && typeof v === "object") {
    const dl = el("dl", "nested");
    for (const [k, inner] of Object.entries(v as Record<string, unknown>)) {
      dl.appendChild(el("dt", undefined, label(k)));
      const dd = el("dd");
      dd.appendChild(value(k, inner, seats, you));
      dl.appendChild(dd);
    }
    return dl;
  }
  if (key === "hidden" && typeof v === "number") return cards([v]);
  if (key === "hidden" && v === null) {
    const row = el("span", "cards");
    row.appendChild(cardBack());
    return row;
  }
  return el("span", "plain", v === null ? "none" : String(v));
}

/** How many seats a view describes (the longest per-seat list). */
export function seatsOf(view: Record<string, unknown>): number {
  for (const key of ["hand_sizes", "hand_counts", "lives", "seats", "status", "fates", "scores", "points"]) {
    const v = view[key];
    if (Array.isArray(v)) return v.length;
  }
  return 0;
}

/** The view, drawn: one labelled row per field (the viewer field left out). */
export function renderView(view: Record<string, unknown>, you: number | null, seats: number): HTMLElement {
  const dl = el("dl", "view");
  // The seat's own hand first, then whatever holds cards, then the rest.
  const rank = ([key, v]: [string, unknown]) => (key === "hand" ? 0 : cardsInJson(v).size > 0 ? 1 : 2);
  const entries = Object.entries(view).sort((a, b) => rank(a) - rank(b));
  for (const [key, v] of entries) {
    if (key === "viewer") continue;
    const dt = el("dt", undefined, label(key));
    const dd = el("dd");
    dd.dataset.field = key;
    dd.appendChild(value(key, v, seats, you));
    dl.append(dt, dd);
  }
  return dl;
}

/** Every card code anywhere in a JSON value (what a seat may see). */
export function cardsInJson(v: unknown, out: Set<string> = new Set()): Set<string> {
  if (typeof v === "string" && cardCode(v)) out.add(v);
  else if (Array.isArray(v)) v.forEach((x) => cardsInJson(x, out));
  else if (v !== null && typeof v === "object") Object.values(v).forEach((x) => cardsInJson(x, out));
  return out;
}
