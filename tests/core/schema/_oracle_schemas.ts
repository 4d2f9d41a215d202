/**
 * Schema pairs for the validator oracle: realistic tool schemas (objects with properties,
 * required and additionalProperties, enums, consts, bounds, string lengths, patterns and
 * formats, arrays, unions, `$ref` to `$defs`, nullable types) and an edited copy of each, made
 * by one or two small edits at a place fast-check picks (and shrinks).
 * @module
 */
import fc from "fast-check";
import type { JsonObject, JsonValue } from "../../../core/json.ts";

/** Patterns with the strings of {@link STRING_POOL} that tell them apart. */
export const PATTERNS = ["^[a-z]+$", "^[0-9]{3}$", "^[A-Z][a-z]*$", "^\\S+@\\S+$", "abc"];
/** Formats ajv-formats checks, and one it does not know. */
export const FORMATS = ["email", "date-time", "date", "uri", "uuid", "ipv4", "vndCustom"];

const isObject = (v: unknown): v is JsonObject =>
  typeof v === "object" && v !== null && !Array.isArray(v);

const names = fc.constantFrom("a", "b", "id", "limit", "query");
const small = fc.integer({ min: -2, max: 6 });

/** `record` without the `drop` keys: one of two conflicting keywords. */
function only<T extends Record<string, unknown>>(record: T, drop: (keyof T)[]): T {
  const out = { ...record };
  for (const k of drop) delete out[k];
  return out;
}

// Satisfiable and realistic: a pattern or a format (a uuid matching ^[a-z]+$ accepts nothing),
// one lower and one upper bound below it, required names the object declares.
const stringSchema = fc.tuple(
  fc.record({
    type: fc.constant("string"),
    minLength: fc.nat(3),
    maxLength: fc.integer({ min: 3, max: 12 }),
    pattern: fc.constantFrom(...PATTERNS),
    format: fc.constantFrom(...FORMATS),
  }, { requiredKeys: ["type"] }),
  fc.boolean(),
).map(([r, pattern]) => only(r, [pattern ? "format" : "pattern"]));

const numberSchema = fc.tuple(
  fc.record({
    type: fc.constantFrom("integer", "number"),
    minimum: small,
    maximum: fc.integer({ min: 4, max: 10 }),
    exclusiveMinimum: small,
    exclusiveMaximum: fc.integer({ min: 4, max: 10 }),
    multipleOf: fc.constantFrom(2, 0.5, 3),
  }, { requiredKeys: ["type"] }),
  fc.boolean(),
  fc.boolean(),
).map(([r, lo, hi]) =>
  only(r, [lo ? "exclusiveMinimum" : "minimum", hi ? "exclusiveMaximum" : "maximum"])
);

/** `required` cut to the names `properties` declares. */
function declaredOnly<T extends { properties: Record<string, unknown>; required?: string[] }>(
  o: T,
): T {
  if (!o.required) return o;
  const required = o.required.filter((n) => Object.hasOwn(o.properties, n));
  return required.length > 0 ? { ...o, required } : only(o, ["required"]);
}

const enumSchema = fc.oneof(
  fc.record({ enum: fc.uniqueArray(fc.constantFrom("a", "b", "c", 1, 2, null), { minLength: 1 }) }),
  fc.record({
    type: fc.constant("string"),
    enum: fc.uniqueArray(fc.constantFrom("a", "b", "c"), { minLength: 1 }),
  }),
);

export const leaf = fc.oneof(
  stringSchema,
  numberSchema,
  enumSchema,
  fc.record({ type: fc.constantFrom("boolean", "null", "string", "integer") }),
  fc.record({ const: fc.constantFrom("x", 2, true) }),
  fc.record({
    type: fc.constant(["string", "null"] as JsonValue),
    maxLength: fc.integer({ min: 1, max: 4 }),
  }, {
    requiredKeys: ["type"],
  }),
  fc.record({ $ref: fc.constantFrom("#/$defs/A", "#/$defs/B") }),
  fc.constant(true),
) as fc.Arbitrary<JsonValue>;

/** Realistic schemas built from `leaves`, depth-limited. */
const schemasOf = (leaves: fc.Arbitrary<JsonValue>) =>
  fc.letrec((tie) => ({
    schema: fc.oneof(
      { depthSize: "small", withCrossShrink: true, maxDepth: 3 },
      leaves,
      fc.record({
        type: fc.constant("object"),
        properties: fc.dictionary(names, tie("schema"), { maxKeys: 3 }),
        required: fc.uniqueArray(names, { maxLength: 2 }),
        additionalProperties: fc.oneof(fc.boolean(), tie("schema")),
      }, { requiredKeys: ["type", "properties"] }).map(declaredOnly),
      fc.record({
        type: fc.constant("array"),
        items: tie("schema"),
        minItems: fc.nat(2),
        maxItems: fc.integer({ min: 2, max: 4 }),
        uniqueItems: fc.boolean(),
      }, { requiredKeys: ["type"] }),
      fc.record({ anyOf: fc.array(tie("schema"), { minLength: 1, maxLength: 3 }) }),
      fc.record({ oneOf: fc.array(tie("schema"), { minLength: 1, maxLength: 3 }) }),
      fc.record({ allOf: fc.array(tie("schema"), { minLength: 1, maxLength: 2 }) }),
      fc.record({ anyOf: fc.tuple(tie("schema"), fc.constant({ type: "null" })) }),
    ),
  })).schema as fc.Arbitrary<JsonValue>;

/** Realistic schemas, depth-limited. */
export const schema = schemasOf(leaf);
/** Definitions refer to no definition: a loop that consumes no value overflows ajv's stack. */
const definition = schemasOf(leaf.filter((x) => !(isObject(x) && "$ref" in x)));

/** A tool's root: an object with properties, required names and sometimes `$defs`. */
export const root: fc.Arbitrary<JsonObject> = fc.record({
  properties: fc.dictionary(names, schema, { minKeys: 1, maxKeys: 3 }),
  required: fc.uniqueArray(names, { maxLength: 2 }),
  additionalProperties: fc.boolean(),
  defs: fc.option(fc.record({ A: definition, B: definition }), { nil: undefined }),
}, { requiredKeys: ["properties", "required"] }).map(
  ({ properties, required, additionalProperties, defs }) => {
    const out: JsonObject = { type: "object", properties };
    const declared = required.filter((n) => Object.hasOwn(properties, n));
    if (declared.length > 0) out.required = declared;
    if (additionalProperties !== undefined) out.additionalProperties = additionalProperties;
    out.$defs = defs ?? { A: { type: "string" }, B: { type: "integer", minimum: 0 } };
    return out;
  },
);

/** One edit: where (an index into the subschemas), which edit, and a fresh schema to use. */
export interface Edit {
  at: number;
  op: number;
  fresh: JsonValue;
}

export const edit: fc.Arbitrary<Edit> = fc.record({ at: fc.nat(40), op: fc.nat(60), fresh: leaf });

export type Path = (string | number)[];

/** Paths of every subschema (the root first). */
export function subschemaPaths(s: JsonValue, path: Path = []): Path[] {
  const out: Path[] = [path];
  if (!isObject(s)) return out;
  for (const key of ["properties", "$defs", "definitions", "dependentSchemas"]) {
    const map = s[key];
    if (isObject(map)) {
      for (const k of Object.keys(map)) out.push(...subschemaPaths(map[k]!, [...path, key, k]));
    }
  }
  for (const key of ["items", "additionalProperties", "not", "contains", "unevaluatedProperties"]) {
    if (isObject(s[key])) out.push(...subschemaPaths(s[key]!, [...path, key]));
  }
  for (const key of ["anyOf", "oneOf", "allOf", "prefixItems"]) {
    const list = s[key];
    if (Array.isArray(list)) {
      list.forEach((b, i) => out.push(...subschemaPaths(b, [...path, key, i])));
    }
  }
  return out;
}

export function getAt(s: JsonValue, path: Path): JsonValue {
  let cur: JsonValue = s;
  for (const k of path) cur = (cur as Record<string | number, JsonValue>)[k]!;
  return cur;
}

export function setAt(s: JsonValue, path: Path, value: JsonValue): JsonValue {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  if (Array.isArray(s)) {
    const copy = [...s];
    copy[head as number] = setAt(copy[head as number]!, rest, value);
    return copy;
  }
  const obj = s as JsonObject;
  return { ...obj, [head!]: setAt(obj[head as string]!, rest, value) };
}

const BOUNDS = [
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "minLength",
  "maxLength",
  "minItems",
  "maxItems",
  "multipleOf",
  "minContains",
  "maxContains",
];

/**
 * Every edit that applies to one node: each is a function from the node to its new form. A
 * reference is retargeted to the next of `defs` (the root's definitions); with `chains`, to
 * each other one, and an annotation may change alone.
 */
function editsOf(
  node: JsonValue,
  fresh: JsonValue,
  defs: readonly string[],
  chains: boolean,
): ((n: JsonObject) => JsonValue)[] {
  const ops: ((n: JsonObject) => JsonValue)[] = [
    () => fresh,
    (n) => ({ anyOf: [n, { type: "null" }] }),
    (n) => ({ ...n, description: "Changed" }),
  ];
  if (!isObject(node)) return [() => fresh, () => !node];
  const without = (n: JsonObject, k: string) => {
    const { [k]: _, ...rest } = n;
    return rest;
  };
  for (const k of BOUNDS) {
    const v = node[k];
    if (typeof v === "number") {
      ops.push((n) => ({ ...n, [k]: v + 1 }), (n) => ({ ...n, [k]: Math.max(0, v - 1) }));
      ops.push((n) => without(n, k));
    }
  }
  const type = node.type;
  if (type === "string") {
    ops.push((n) => ({ ...n, maxLength: 3 }), (n) => ({ ...n, minLength: 2 }));
    ops.push((n) => ({ ...n, pattern: "^[a-z]+$" }), (n) => ({ ...n, format: "email" }));
    ops.push((n) => ({ ...n, format: "vndCustom" }), (n) => ({ ...n, enum: ["a", "abc"] }));
  }
  if (type === "integer" || type === "number") {
    ops.push((n) => ({ ...n, minimum: 1 }), (n) => ({ ...n, maximum: 5 }));
    ops.push((n) => ({ ...n, exclusiveMaximum: 5 }), (n) => ({ ...n, multipleOf: 2 }));
    ops.push((n) => ({ ...n, type: type === "integer" ? "number" : "integer" }));
  }
  if (type === "array") {
    ops.push((n) => ({ ...n, maxItems: 2 }), (n) => ({ ...n, minItems: 1 }));
    ops.push((n) => ({ ...n, uniqueItems: !n.uniqueItems }));
  }
  if (typeof type === "string") {
    ops.push((n) => ({ ...n, type: [type, "null"] }), (n) => without(n, "type"));
    ops.push((n) => ({ ...n, type: type === "string" ? "integer" : "string" }));
  }
  if (Array.isArray(type) && type.length > 1) ops.push((n) => ({ ...n, type: type[0]! }));
  for (const k of ["pattern", "format", "uniqueItems", "default", "enum", "const"]) {
    if (k in node) ops.push((n) => without(n, k));
  }
  if (Array.isArray(node.enum)) {
    const list = node.enum;
    ops.push((n) => ({ ...n, enum: [...list, "d"] }));
    if (list.length > 1) ops.push((n) => ({ ...n, enum: list.slice(1) }));
  }
  if ("const" in node) {
    ops.push((n) => ({ ...without(n, "const"), enum: [n.const!, "y"] }));
    ops.push((n) => ({ ...n, const: "y" }));
  }
  if (type === "object" || isObject(node.properties)) {
    const props = isObject(node.properties) ? node.properties : {};
    const required = Array.isArray(node.required) ? node.required as string[] : [];
    for (const p of Object.keys(props)) {
      ops.push((n) => ({ ...n, properties: without(props, p) }));
      if (!required.includes(p)) ops.push((n) => ({ ...n, required: [...required, p] }));
      ops.push((n) => ({
        ...n,
        properties: { ...props, [p]: { ...(isObject(props[p]) ? props[p] : {}), default: "a" } },
      }));
    }
    for (const r of required) {
      ops.push((n) => ({ ...n, required: required.filter((x) => x !== r) }));
    }
    ops.push((n) => ({ ...n, properties: { ...props, extra: fresh } }));
    ops.push((n) => ({
      ...n,
      properties: { ...props, extra: fresh },
      required: [...required, "extra"],
    }));
    ops.push((n) => ({ ...n, additionalProperties: false }));
    ops.push(
      (n) => ({ ...n, additionalProperties: true }),
      (n) => without(n, "additionalProperties"),
    );
    ops.push((n) => ({ ...n, additionalProperties: fresh }));
  }
  for (const k of ["anyOf", "oneOf", "allOf"]) {
    const list = node[k];
    if (!Array.isArray(list)) continue;
    ops.push((n) => ({ ...n, [k]: [...list, fresh] }));
    if (list.length > 1) ops.push((n) => ({ ...n, [k]: list.slice(1) }));
    if (list.length === 1) ops.push(() => list[0]!);
    if (k !== "allOf") {
      ops.push((n) => ({ ...without(n, k), [k === "anyOf" ? "oneOf" : "anyOf"]: list }));
    }
  }
  ops.push(...edits2020(node, fresh));
  const ref = typeof node.$ref === "string" ? /^(#\/[^/]+\/)(.*)$/.exec(node.$ref) : null;
  if (ref) {
    const [, prefix, name] = ref;
    const at = defs.indexOf(name!);
    const others = defs.filter((d) => d !== name);
    const targets = chains ? others : [defs[(at + 1) % defs.length] ?? "A"];
    ops.push(() => ({ type: "string" }));
    for (const t of targets) ops.push((n) => ({ ...n, $ref: `${prefix}${t}` }));
  }
  if (chains) {
    ops.push((n) => ({ ...n, title: "Changed" }), (n) => ({ ...n, $comment: "Changed" }));
  }
  return ops;
}

/** Edits of the 2020-12 keywords a node uses (none when it uses none). */
function edits2020(node: JsonObject, fresh: JsonValue): ((n: JsonObject) => JsonValue)[] {
  const ops: ((n: JsonObject) => JsonValue)[] = [];
  const without = (n: JsonObject, k: string) => {
    const { [k]: _, ...rest } = n;
    return rest;
  };
  const present = ["prefixItems", "contains", "dependentRequired", "dependentSchemas"].concat(
    ["unevaluatedProperties", "$schema"],
  ).filter((k) => k in node);
  for (const k of present) ops.push((n) => without(n, k));
  const prefix = node.prefixItems;
  if (Array.isArray(prefix)) {
    ops.push((n) => ({ ...n, prefixItems: [...prefix, fresh] }));
    if (prefix.length > 1) ops.push((n) => ({ ...n, prefixItems: prefix.slice(0, -1) }));
    ops.push(
      (n) => ({ ...n, items: n.items === false ? true : false }),
      (n) => without(n, "items"),
    );
    ops.push((n) => ({ ...n, items: fresh }));
  }
  if ("contains" in node) {
    ops.push((n) => ({ ...n, minContains: 2 }), (n) => ({ ...n, maxContains: 1 }));
    ops.push((n) => ({ ...n, minContains: 0 }), (n) => ({ ...n, contains: fresh }));
  }
  const dependent = node.dependentRequired;
  if (isObject(dependent)) {
    ops.push((n) => ({ ...n, dependentRequired: { ...dependent, b: ["a"] } }));
    ops.push((n) => ({ ...n, dependentRequired: { ...dependent, a: ["b", "id"] } }));
  }
  if (isObject(node.dependentSchemas)) {
    ops.push((n) => ({ ...n, dependentSchemas: { a: { required: ["b", "id"] } } }));
  }
  if ("unevaluatedProperties" in node) {
    ops.push((n) => ({ ...n, unevaluatedProperties: true }));
    ops.push((n) => ({ ...n, unevaluatedProperties: fresh }));
  }
  if (typeof node.$schema === "string") {
    ops.push((n) => ({ ...n, $schema: "http://json-schema.org/draft-07/schema#" }));
  }
  return ops;
}

/**
 * `old` with the edits applied in turn; with `under` (a path into the root's definitions), at
 * places below it, with the edits of chained definitions (see {@link editsOf}).
 */
export function applyEdits(old: JsonValue, edits: readonly Edit[], under?: Path): JsonValue {
  let cur = old;
  const defsOf = (s: JsonValue) => {
    const map = isObject(s) ? s.$defs ?? s.definitions : undefined;
    return isObject(map) ? Object.keys(map) : ["A", "B"];
  };
  for (const e of edits) {
    const all = subschemaPaths(cur);
    const inside = under ? all.filter((p) => under.every((k, i) => p[i] === k)) : [];
    const paths = inside.length > 0 ? inside : all;
    const path = paths[e.at % paths.length]!;
    const node = getAt(cur, path);
    const ops = editsOf(node, e.fresh, defsOf(cur), under !== undefined);
    cur = setAt(cur, path, ops[e.op % ops.length]!(isObject(node) ? node : {}));
  }
  return cur;
}

/** A pair (old, new): new is old with one or two edits, or now and then an unrelated root. */
export const schemaPair: fc.Arbitrary<{ old: JsonValue; new: JsonValue }> = fc.oneof(
  {
    weight: 9,
    arbitrary: fc.tuple(root, fc.array(edit, { minLength: 1, maxLength: 2 })).map(
      ([old, edits]) => ({ old, new: applyEdits(old, edits) }),
    ),
  },
  { weight: 1, arbitrary: fc.tuple(root, root).map(([old, next]) => ({ old, new: next })) },
);
