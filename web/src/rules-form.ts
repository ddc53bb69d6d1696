// The house-rules form, generated from a game's default rules (JSON): a
// checkbox per yes/no rule, a choice per named option, a bounded number
// field per number, and a JSON field for anything else. The choices and the
// bounds are not written down here: they are found by asking the engine
// which values it accepts (`Accepts`), so the form follows the rules crates.

/** One rule of the form. */
export type RuleField =
  | { key: string; kind: "boolean"; value: boolean }
  | { key: string; kind: "number"; value: number; min: number; max: number }
  | { key: string; kind: "choice"; value: string; options: string[] }
  | { key: string; kind: "json"; value: unknown };

/** Whether the engine accepts these rules: null if so, else its refusal. */
export type Accepts = (rules: Record<string, unknown>) => string | null;

/** The largest number a bound search goes to. */
export const NUMBER_CAP = 1_000_000_000;

/** The options a serde refusal lists ("expected one of `a`, `b`"). */
export function optionsIn(message: string): string[] {
  const at = message.indexOf("expected");
  if (at < 0) return [];
  return [...message.slice(at).matchAll(/`([^`]+)`/g)].map((m) => m[1]);
}

/** The smallest and largest whole number accepted for `key`, around its default. */
function bounds(defaults: Record<string, unknown>, key: string, value: number, accepts: Accepts) {
  const ok = (v: number) => accepts({ ...defaults, [key]: v }) === null;
  let min = value;
  if (ok(0)) min = 0;
  else {
    let [lo, hi] = [0, value]; // lo refused, hi accepted
    while (hi - lo > 1) {
      const mid = Math.floor((lo + hi) / 2);
      if (ok(mid)) hi = mid;
      else lo = mid;
    }
    min = hi;
  }
  let good = value;
  let bad = Math.max(1, value) * 2 + 1;
  while (bad <= NUMBER_CAP && ok(bad)) {
    good = bad;
    bad = bad * 2 + 1;
  }
  if (bad > NUMBER_CAP) return { min, max: good };
  while (bad - good > 1) {
    const mid = Math.floor((good + bad) / 2);
    if (ok(mid)) good = mid;
    else bad = mid;
  }
  return { min, max: good };
}

/** The form's fields for a game whose default rules are `defaults`. */
export function describeRules(defaults: Record<string, unknown>, accepts: Accepts): RuleField[] {
  return Object.entries(defaults).map(([key, value]): RuleField => {
    if (typeof value === "boolean") return { key, kind: "boolean", value };
    if (typeof value === "number" && Number.isInteger(value)) {
      return { key, kind: "number", value, ...bounds(defaults, key, value, accepts) };
    }
    if (typeof value === "string") {
      const refusal = accepts({ ...defaults, [key]: "\u0001" }) ?? "";
      const options = optionsIn(refusal);
      if (options.includes(value)) return { key, kind: "choice", value, options };
    }
    return { key, kind: "json", value };
  });
}

/** The rules a filled form stands for: each field's value by its kind. */
export function rulesFrom(fields: RuleField[], read: (key: string) => string | boolean): Record<string, unknown> {
  const rules: Record<string, unknown> = {};
  for (const f of fields) {
    const raw = read(f.key);
    switch (f.kind) {
      case "boolean":
        rules[f.key] = Boolean(raw);
        break;
      case "number":
        rules[f.key] = Number(raw);
        break;
      case "choice":
        rules[f.key] = String(raw);
        break;
      case "json":
        try {
          rules[f.key] = JSON.parse(String(raw));
        } catch {
          rules[f.key] = String(raw);
        }
    }
  }
  return rules;
}

/** The form's inputs, each labelled, for `fields`. */
export function renderRulesForm(fields: RuleField[]): HTMLElement {
  const box = document.createElement("div");
  box.className = "rules-form";
  for (const f of fields) {
    const id = `rule-${f.key}`;
    const row = document.createElement("div");
    row.className = "rule";
    const lab = document.createElement("label");
    lab.htmlFor = id;
    lab.textContent = f.key.replace(/_/g, " ");
    let input: HTMLInputElement | HTMLSelectElement;
    if (f.kind === "choice") {
      input = document.createElement("select");
      for (const o of f.options) input.appendChild(new Option(o.replace(/_/g, " "), o, false, o === f.value));
    } else {
      input = document.createElement("input");
      if (f.kind === "boolean") {
        input.type = "checkbox";
        input.checked = f.value;
      } else if (f.kind === "number") {
        input.type = "number";
        input.min = String(f.min);
        input.max = String(f.max);
        input.step = "1";
        input.value = String(f.value);
        lab.textContent += ` (${f.min} to ${f.max})`;
      } else {
        input.type = "text";
        input.value = JSON.stringify(f.value);
      }
    }
    input.id = id;
    input.name = f.key;
    row.append(lab, input);
    box.appendChild(row);
  }
  return box;
}

/** Reads a rendered form's value for `key`. */
export function readField(form: HTMLElement, key: string): string | boolean {
  const input = form.querySelector<HTMLInputElement | HTMLSelectElement>(`[name="${key}"]`);
  if (!input) return "";
  if (input instanceof HTMLInputElement && input.type === "checkbox") return input.checked;
  return input.value;
}
