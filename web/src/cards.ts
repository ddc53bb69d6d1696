// Playing cards as SVG, drawn here (no image files): a face for "7H"-style
// cards (docs/notation.md), a plain numbered card for Trump 21's number
// cards, and a back for a hidden card. Every card carries an accessible name.

const RANKS: Record<string, string> = {
  "2": "two", "3": "three", "4": "four", "5": "five", "6": "six", "7": "seven",
  "8": "eight", "9": "nine", T: "ten", J: "jack", Q: "queen", K: "king", A: "ace",
};
const SUITS: Record<string, { name: string; symbol: string; red: boolean }> = {
  C: { name: "clubs", symbol: "\u2663", red: false },
  D: { name: "diamonds", symbol: "\u2666", red: true },
  H: { name: "hearts", symbol: "\u2665", red: true },
  S: { name: "spades", symbol: "\u2660", red: false },
};

/** A card's code ("7H", "TS") when `text` is one, else null. */
export function cardCode(text: unknown): string | null {
  if (typeof text !== "string" || text.length !== 2) return null;
  const [rank, suit] = [text[0], text[1]];
  return rank in RANKS && suit in SUITS ? text : null;
}

/** Every card code in `text`, in order (words such as "play 5C 5D"). */
export function cardsIn(text: string): string[] {
  return text.split(/[^0-9A-Z]+/).filter((w) => cardCode(w) !== null);
}

/** A card's name for people and screen readers: "seven of hearts". */
export function cardName(code: string): string {
  const card = cardCode(code);
  if (!card) return code;
  return `${RANKS[card[0]]} of ${SUITS[card[1]].name}`;
}

const NS = "http://www.w3.org/2000/svg";

function svg(label: string): SVGSVGElement {
  const el = document.createElementNS(NS, "svg");
  el.setAttribute("viewBox", "0 0 60 84");
  el.setAttribute("class", "card");
  el.setAttribute("role", "img");
  el.setAttribute("aria-label", label);
  const title = document.createElementNS(NS, "title");
  title.textContent = label;
  el.appendChild(title);
  const frame = document.createElementNS(NS, "rect");
  for (const [k, v] of Object.entries({ x: 1, y: 1, width: 58, height: 82, rx: 5 })) {
    frame.setAttribute(k, String(v));
  }
  frame.setAttribute("class", "card-frame");
  el.appendChild(frame);
  return el;
}

function text(el: SVGElement, x: number, y: number, size: number, content: string, anchor = "middle") {
  const t = document.createElementNS(NS, "text");
  t.setAttribute("x", String(x));
  t.setAttribute("y", String(y));
  t.setAttribute("font-size", String(size));
  t.setAttribute("text-anchor", anchor);
  t.textContent = content;
  el.appendChild(t);
}

/** The face of a playing card ("7H"). */
export function cardFace(code: string): SVGSVGElement {
  const card = cardCode(code);
  if (!card) return numberCard(code);
  const suit = SUITS[card[1]];
  const el = svg(cardName(card));
  el.dataset.card = card;
  el.classList.add(suit.red ? "red" : "black");
  const rank = card[0] === "T" ? "10" : card[0];
  text(el, 6, 16, 13, rank, "start");
  text(el, 6, 29, 12, suit.symbol, "start");
  text(el, 30, 56, 30, suit.symbol);
  text(el, 54, 78, 13, rank, "end");
  return el;
}

/** A number card (Trump 21's 1 to 11), or any short label on a card. */
export function numberCard(label: string | number): SVGSVGElement {
  const el = svg(`card ${label}`);
  el.dataset.number = String(label);
  el.classList.add("number");
  text(el, 30, 52, 26, String(label));
  return el;
}

/** A card lying face down. */
export function cardBack(): SVGSVGElement {
  const el = svg("a face-down card");
  el.classList.add("back");
  const inner = document.createElementNS(NS, "rect");
  for (const [k, v] of Object.entries({ x: 6, y: 6, width: 48, height: 72, rx: 3 })) {
    inner.setAttribute(k, String(v));
  }
  inner.setAttribute("class", "card-back");
  el.appendChild(inner);
  return el;
}
