/**
 * Values aimed at the edges of a schema, for the validator oracle: each bound and the value on
 * either side of it, each enum member and const, strings that match and miss each pattern and
 * format, each required set, a property left out, an extra property, a wrong type. Not all are
 * valid: the oracle asks the validator which are.
 * @module
 */
import type { JsonObject, JsonValue } from "../../../core/json.ts";

/** Strings every string schema is tried with: they match and miss the patterns and formats. */
export const STRING_POOL = [
  "",
  "a",
  "abc",
  "ABC",
  "Abc",
  "123",
  "12",
  "1234",
  "a b",
  "xabcx",
  "a@b",
  "user@example.com",
  "2024-01-31",
  "2024-01-31T12:00:00Z",
  "https://example.com/a",
  "550e8400-e29b-41d4-a716-446655440000",
  "192.168.0.1",
  "d",
  "x",
  "y",
];

const WRONG_TYPES: JsonValue[] = [null, 0, "", false, [], {}];
const MAX_PER_NODE = 60;
export const MAX_DEPTH = 5;
export const REF_DEPTH = 0.25;

const isObject = (v: unknown): v is JsonObject =>
  typeof v === "object" && v !== null && !Array.isArray(v);

function dedupe(values: JsonValue[], cap = MAX_PER_NODE): JsonValue[] {
  const seen = new Set<string>();
  const out: JsonValue[] = [];
  for (const v of values) {
    const key = JSON.stringify(v);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(v);
    if (out.length >= cap) break;
  }
  return out;
}

/** The target of a local reference `ref` in `root`, if any. */
export function resolve(root: JsonValue, ref: string): JsonValue | undefined {
  if (ref === "#") return root;
  if (!ref.startsWith("#/")) return undefined;
  let cur: JsonValue | undefined = root;
  for (const part of ref.slice(2).split("/")) {
    const key = part.replace(/~1/g, "/").replace(/~0/g, "~");
    cur = isObject(cur) ? cur[key] : undefined;
  }
  return cur;
}

function numbers(s: JsonObject): JsonValue[] {
  const out: number[] = [];
  const lo = [s.minimum, s.exclusiveMinimum].filter((v) => typeof v === "number") as number[];
  const hi = [s.maximum, s.exclusiveMaximum].filter((v) => typeof v === "number") as number[];
  // A likely valid value first: inside both bounds, on the multiple when there is one.
  const from = lo.length ? Math.max(...lo) + 1 : 0;
  const m = typeof s.multipleOf === "number" && s.multipleOf > 0 ? s.multipleOf : 1;
  out.push(Math.ceil(from / m) * m, Math.ceil(from / m) * m + 0.5);
  for (const b of [...lo, ...hi]) {
    out.push(b - 1, b - 0.5, b, b + 0.5, b + 1);
    // The multiples on either side of the bound: what a bound or multipleOf change lets in.
    const below = Math.floor(b / m) * m, above = Math.ceil(b / m) * m;
    out.push(below, above, below - m, above + m);
  }
  if (typeof s.multipleOf === "number") out.push(m, 2 * m, m / 2, 1.5 * m, 3 * m);
  out.push(0, 1, -1, 1.5, 2, 3, 4, 5, 6, 10, 12, 2 ** 53);
  return out;
}

/** A sample each format accepts. */
const FORMAT_SAMPLES: Record<string, string> = {
  email: "user@example.com",
  "date-time": "2024-01-31T12:00:00Z",
  date: "2024-01-31",
  uri: "https://example.com/a",
  uuid: "550e8400-e29b-41d4-a716-446655440000",
  ipv4: "192.168.0.1",
};

function strings(s: JsonObject): JsonValue[] {
  const out: string[] = [];
  const min = typeof s.minLength === "number" ? s.minLength : 0;
  const max = typeof s.maxLength === "number" ? s.maxLength : undefined;
  let regex: RegExp | undefined;
  try {
    regex = typeof s.pattern === "string" ? new RegExp(s.pattern, "u") : undefined;
  } catch {
    regex = undefined;
  }
  const sample = typeof s.format === "string" ? FORMAT_SAMPLES[s.format] : undefined;
  // Strings that fit every keyword first, so the first candidate is likely valid; then those
  // that fit the length; then the rest.
  const fits = (x: string) => x.length >= min && (max === undefined || x.length <= max);
  const matches = (x: string) =>
    fits(x) && (!regex || regex.test(x)) && (sample === undefined || x === sample);
  const pool = sample === undefined ? STRING_POOL : [sample, ...STRING_POOL];
  const matching = pool.filter(matches);
  out.push(...matching.slice(0, 2));
  // The lengths on either side of each bound early, before the caps of enclosing values.
  for (const n of [min, max]) {
    if (n === undefined) continue;
    for (const len of [n - 1, n, n + 1]) {
      if (len >= 0 && len <= 64) out.push("a".repeat(len), "1".repeat(len));
    }
  }
  out.push(...matching.slice(2), ...pool.filter((x) => fits(x) && !matches(x)));
  out.push(...pool.filter((x) => !fits(x)));
  return out;
}

/** Properties and required names of an object schema, with those of its allOf branches. */
function objectParts(s: JsonObject, root: JsonValue): { props: JsonObject; required: string[] } {
  const props: JsonObject = {};
  const required: string[] = [];
  const visit = (node: JsonValue, depth: number) => {
    if (!isObject(node) || depth > 3) return;
    if (typeof node.$ref === "string") {
      const target = resolve(root, node.$ref);
      if (target !== undefined) visit(target, depth + 1);
    }
    if (isObject(node.properties)) {
      for (const [k, v] of Object.entries(node.properties)) if (!(k in props)) props[k] = v;
    }
    if (Array.isArray(node.required)) {
      for (const r of node.required) if (typeof r === "string") required.push(r);
    }
    if (Array.isArray(node.allOf)) { for (const b of node.allOf) visit(b, depth + 1); }
  };
  visit(s, 0);
  return { props, required: [...new Set(required)] };
}

function objects(s: JsonObject, root: JsonValue, depth: number): JsonValue[] {
  const { props, required } = objectParts(s, root);
  const names = Object.keys(props);
  const cands = new Map(names.map((k) => [k, candidates(props[k]!, root, depth + 1)]));
  const first = (k: string): JsonValue => cands.get(k)?.[0] ?? "a";
  const full: JsonObject = {};
  for (const k of [...new Set([...names, ...required])]) full[k] = first(k);
  const onlyRequired: JsonObject = {};
  for (const k of required) onlyRequired[k] = first(k);
  const out: JsonValue[] = [full, onlyRequired, {}];
  for (const k of Object.keys(full)) {
    const { [k]: _, ...rest } = full;
    out.push(rest);
  }
  // Each name that dependentRequired or dependentSchemas reads, alone beside the required ones.
  for (const key of ["dependentRequired", "dependentSchemas"]) {
    const map = s[key];
    if (isObject(map)) {
      for (const t of Object.keys(map)) out.push({ ...onlyRequired, [t]: first(t) });
    }
  }
  const extras = isObject(s.additionalProperties)
    ? candidates(s.additionalProperties, root, depth + 1).slice(0, 8)
    : [1, "x", {}];
  for (const v of extras) out.push({ ...full, zz: v }, { ...onlyRequired, zz: v });
  // One property varied at a time, the properties taken in turn, so that the caps of this and
  // the enclosing values keep some variants of each.
  for (let i = 1; i < 24; i++) {
    for (const base of [full, onlyRequired]) {
      for (const k of names) {
        const v = cands.get(k)![i];
        if (v !== undefined) out.push({ ...base, [k]: v });
      }
    }
  }
  return out;
}

/**
 * Arrays for the 2020-12 array keywords: a tuple's positions filled, cut short and run past
 * (`prefixItems`), and 0 to 4 items that match `contains` among ones that do not.
 */
function arrays2020(s: JsonObject, root: JsonValue, depth: number): JsonValue[] {
  const out: JsonValue[] = [];
  if (Array.isArray(s.prefixItems)) {
    const slots = s.prefixItems.map((x) => candidates(x, root, depth + 1).slice(0, 6));
    const firsts = slots.map((c) => c[0] ?? null);
    for (let n = 0; n <= firsts.length; n++) out.push(firsts.slice(0, n));
    for (const extra of ["a", 1, null]) out.push([...firsts, extra]);
    slots.forEach((c, i) => {
      for (const v of c.slice(1)) out.push(firsts.map((f, j) => j === i ? v : f));
    });
  }
  if (s.contains !== undefined) {
    const hits = candidates(s.contains, root, depth + 1);
    const hit = hits[0] ?? "a";
    const other = [null, 1, "a", true, {}].find((x) => !hits.includes(x) && x !== hit) ?? null;
    for (let n = 0; n <= 4; n++) {
      out.push(Array.from({ length: n }, () => hit));
      out.push([other, ...Array.from({ length: n }, () => hit)]);
    }
    for (const v of hits.slice(1, 8)) out.push([v], [other, v]);
  }
  return out;
}

function arrays(s: JsonObject, root: JsonValue, depth: number): JsonValue[] {
  const items = s.items !== undefined && !Array.isArray(s.items) && s.items !== false
    ? candidates(s.items, root, depth + 1)
    : [1, "a"];
  const [a, b] = [items[0] ?? 1, items[1] ?? items[0] ?? "a"];
  // A likely valid array first: as long as minItems asks, of distinct items when it must be.
  const least = Math.max(typeof s.minItems === "number" ? s.minItems : 0, 1);
  const first = Array.from(
    { length: Math.min(least, 8) },
    (_, i) => s.uniqueItems === true ? items[i % items.length] ?? i : a,
  );
  const out: JsonValue[] = [...arrays2020(s, root, depth), first, [a], [], [a, a], [a, b]];
  out.push([a, b, a]);
  for (const v of items.slice(1, 20)) out.push([v], [a, v]);
  for (const k of ["minItems", "maxItems"]) {
    const n = s[k];
    if (typeof n !== "number") continue;
    for (const len of [n - 1, n, n + 1]) {
      if (len >= 0 && len <= 8) {
        out.push(Array.from({ length: len }, () => a));
        out.push(Array.from({ length: len }, (_, i) => items[i % items.length] ?? i));
      }
    }
  }
  return out;
}

/** Edge values of `s` (a subschema of `root`), a likely valid one first. */
export function candidates(s: JsonValue, root: JsonValue, depth = 0): JsonValue[] {
  const found = edges(s, root, depth);
  // The root's list is the one the oracle validates: it may be longer.
  return depth === 0 ? dedupe(found, 4 * MAX_PER_NODE) : found;
}

function edges(s: JsonValue, root: JsonValue, depth: number): JsonValue[] {
  if (depth > MAX_DEPTH) return [null, "a", 1, {}];
  if (s === true || s === undefined) return ["a", 1, null, {}, [], true];
  if (!isObject(s)) return [null, "a", 1];
  const out: JsonValue[] = [];
  if ("const" in s) out.push(s.const!);
  if (Array.isArray(s.enum)) out.push(...s.enum);
  if ("default" in s) out.push(s.default!);
  if (typeof s.$ref === "string") {
    // A reference costs a quarter of a level: a chain of definitions is followed to its end,
    // and a loop of references that consumes no value still ends.
    const target = resolve(root, s.$ref);
    if (target !== undefined) out.push(...candidates(target, root, depth + REF_DEPTH));
  }
  // A not's values are those at the edges of what it negates, on both sides of them.
  if (s.not !== undefined) out.push(...candidates(s.not, root, depth + 1));
  for (const k of ["anyOf", "oneOf", "allOf"]) {
    const list = s[k];
    if (Array.isArray(list)) {
      // The branches taken in turn, so that the caps keep values of each.
      const each = list.map((b) => candidates(b, root, depth + 1).slice(0, 20));
      for (let i = 0; i < 20; i++) for (const c of each) if (i < c.length) out.push(c[i]!);
    }
  }
  const declared = Array.isArray(s.type) ? s.type : typeof s.type === "string" ? [s.type] : [];
  const types = new Set(declared as string[]);
  if (types.size === 0) {
    if (isObject(s.properties) || "required" in s || "additionalProperties" in s) {
      types.add("object");
    }
    if (["items", "minItems", "maxItems", "prefixItems", "contains"].some((k) => k in s)) {
      types.add("array");
    }
    if ("minLength" in s || "maxLength" in s || "pattern" in s || "format" in s) {
      types.add("string");
    }
    if (BOUND_KEYS.some((k) => k in s)) types.add("number");
    if (Array.isArray(s.allOf)) {
      if (objectParts(s, root).required.length > 0) types.add("object");
    }
  }
  for (const t of types) {
    if (t === "string") out.push(...strings(s));
    else if (t === "integer" || t === "number") out.push(...numbers(s));
    else if (t === "boolean") out.push(true, false);
    else if (t === "null") out.push(null);
    else if (t === "object") out.push(...objects(s, root, depth));
    else if (t === "array") out.push(...arrays(s, root, depth));
  }
  // null and a value of another type early, before the caps of enclosing values cut them.
  return dedupe(
    [...out.slice(0, 3), null, 1, "a", ...out.slice(3), ...WRONG_TYPES, 1.5, true],
    depth === 0 ? Infinity : MAX_PER_NODE,
  );
}

const BOUND_KEYS = ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"];
