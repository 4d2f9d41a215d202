/**
 * Pure widenings for the validator oracle: edits after which the new schema accepts every value
 * the old one did, by construction (a required name dropped, an upper bound raised, a lower
 * bound lowered, an enum member or a type added, a keyword that only narrows removed, an anyOf
 * branch added, an allOf branch dropped), applied only where the schema is monotone (never
 * under `oneOf` or `not`, and in a definition only when nothing is under them). Properties
 * are never removed and none are added: the conventions grade those by other rules.
 * @module
 */
import fc from "fast-check";
import { isObject, type JsonObject, type JsonValue } from "../../../core/json.ts";
import { getAt, leaf, root, setAt, subschemaPaths } from "./_oracle_schemas.ts";
import { root2020 } from "./_oracle_schemas_2020.ts";
import { chainRoot, chainRoot2020 } from "./_oracle_chains.ts";
import { resolve } from "./_oracle_values.ts";

const UPPER = ["maximum", "exclusiveMaximum", "maxLength", "maxItems", "maxContains"];
const LOWER = ["minimum", "exclusiveMinimum", "minLength", "minItems", "minContains"];
/** Keywords that only narrow: removing one widens. */
const NARROWING = [
  ...UPPER,
  // minContains left out means 1 beside contains: removing 0 narrows.
  ...LOWER.filter((k) => k !== "minContains"),
  "pattern",
  "format",
  "multipleOf",
  "uniqueItems",
  "enum",
  "const",
  "type",
  "required",
  "contains",
  "maxContains",
  "dependentRequired",
  "dependentSchemas",
  "unevaluatedProperties",
];

const without = (n: JsonObject, k: string): JsonObject => {
  const { [k]: _, ...rest } = n;
  return rest;
};

/**
 * Whether a subschema may declare properties (it does, or refers to a definition): `true` in
 * its place would remove them.
 */
const declaresProperties = (s: JsonValue): boolean =>
  Array.isArray(s) ? s.some(declaresProperties) : isObject(s) &&
    ("properties" in s || "$ref" in s || Object.values(s).some(declaresProperties));

/** Every widening of one node. */
export function wideningsOf(
  node: JsonValue,
  fresh: JsonValue,
  atRoot = false,
): ((n: JsonObject) => JsonValue)[] {
  if (!isObject(node)) return node === false ? [() => true] : [];
  const ops: ((n: JsonObject) => JsonValue)[] = [];
  // The root keeps its place: its $defs are what the references reach.
  if (!atRoot) ops.push((n) => ({ anyOf: [n, { type: "null" }] }));
  if (!atRoot && !declaresProperties(node)) ops.push(() => true);
  for (const k of NARROWING) if (k in node) ops.push((n) => without(n, k));
  for (const k of UPPER) {
    const v = node[k];
    if (typeof v === "number") ops.push((n) => ({ ...n, [k]: v + 1 }));
  }
  for (const k of LOWER) {
    const v = node[k];
    if (typeof v === "number" && (v > 0 || k.endsWith("imum"))) {
      ops.push((n) => ({ ...n, [k]: v - 1 }));
    }
  }
  if (typeof node.multipleOf === "number") {
    const m = node.multipleOf;
    ops.push((n) => ({ ...n, multipleOf: m / 2 }));
  }
  const type = node.type;
  if (typeof type === "string") {
    ops.push((n) => ({ ...n, type: [type, type === "null" ? "string" : "null"] }));
    if (type === "integer") ops.push((n) => ({ ...n, type: "number" }));
  }
  if (Array.isArray(type) && !type.includes("boolean")) {
    ops.push((n) => ({ ...n, type: [...type, "boolean"] }));
  }
  if (Array.isArray(node.enum)) {
    const list = node.enum;
    ops.push((n) => ({ ...n, enum: [...list, typeof list[0] === "number" ? 7 : "d"] }));
  }
  if ("const" in node) ops.push((n) => ({ ...without(n, "const"), enum: [n.const!, "y"] }));
  const required = node.required;
  if (Array.isArray(required)) {
    for (const r of required) {
      ops.push((n) => {
        const rest = required.filter((x) => x !== r);
        return rest.length > 0 ? { ...n, required: rest } : without(n, "required");
      });
    }
  }
  // 2020-12: minContains left out means 1 beside contains; a tuple's rest opened; a name
  // dropped from a dependentRequired list; unevaluated properties allowed.
  if (typeof node.minContains === "number" && node.minContains >= 1) {
    ops.push((n) => without(n, "minContains"));
  }
  if (Array.isArray(node.prefixItems) && node.items === false) {
    ops.push((n) => without(n, "items"), (n) => ({ ...n, items: true }));
  }
  if (isObject(node.dependentRequired)) {
    for (const [k, list] of Object.entries(node.dependentRequired)) {
      if (Array.isArray(list) && list.length > 0) {
        ops.push((n) => ({
          ...n,
          dependentRequired: { ...(n.dependentRequired as JsonObject), [k]: list.slice(1) },
        }));
      }
    }
  }
  if (node.unevaluatedProperties === false) {
    ops.push((n) => ({ ...n, unevaluatedProperties: true }));
  }
  const extra = node.additionalProperties;
  if (extra === false) ops.push((n) => ({ ...n, additionalProperties: true }));
  if (extra !== undefined && extra !== true && !declaresProperties(extra)) {
    ops.push((n) => without(n, "additionalProperties"));
  }
  if (Array.isArray(node.anyOf)) {
    const list = node.anyOf;
    ops.push((n) => ({ ...n, anyOf: [...list, fresh] }));
  }
  if (Array.isArray(node.allOf) && node.allOf.length > 1) {
    const list = node.allOf;
    for (let i = 0; i < list.length; i++) {
      if (!declaresProperties(list[i]!)) {
        ops.push((n) => ({ ...n, allOf: list.filter((_, j) => j !== i) }));
      }
    }
  }
  return ops;
}

type Path = (string | number)[];

/** Places where widening a subschema widens the schema: no oneOf or not above them. */
function monotonePaths(s: JsonValue): Path[] {
  const text = JSON.stringify(s);
  const anywhere = text.includes('"oneOf"') || text.includes('"not"');
  // Under contains, an item schema widened may exceed maxContains.
  return subschemaPaths(s).filter((p) =>
    !p.includes("oneOf") && !p.includes("not") && !p.includes("contains") &&
    !(anywhere && (p[0] === "$defs" || p[0] === "definitions"))
  );
}

/** One widening: where (an index into the monotone places), which, and a fresh anyOf branch. */
const widening = fc.record({ at: fc.nat(40), op: fc.nat(40), fresh: leaf });

/** `s` with each widening applied in turn (one without a place or an edit is skipped). */
export function widen(
  s: JsonValue,
  edits: readonly { at: number; op: number; fresh: JsonValue }[],
): JsonValue {
  let cur = s;
  for (const e of edits) {
    const paths = monotonePaths(cur);
    const path = paths[e.at % paths.length]!;
    const node = getAt(cur, path);
    const ops = wideningsOf(node, e.fresh, path.length === 0);
    if (ops.length === 0) continue;
    cur = setAt(cur, path, ops[e.op % ops.length]!(isObject(node) ? node : {}));
  }
  return cur;
}

/**
 * Whether a schema has a oneOf with two branches that accept the same values (`true` twice, or
 * equal branches) or a branch that accepts every value: it accepts nothing there, or what the
 * other branches reject, and the diff grades a widening around it as changed
 * (`allOf.narrowed` BREAKING for `{oneOf: [true, true]}` wrapped in `anyOf [_, null]` inside an
 * allOf). Left out: no generator or server writes such a oneOf on purpose.
 */
function degenerate(s: JsonValue, root: JsonValue = s): boolean {
  if (Array.isArray(s)) return s.some((x) => degenerate(x, root));
  if (!isObject(s)) return false;
  const list = s.oneOf;
  if (Array.isArray(list)) {
    const texts = list.map((b) => JSON.stringify(b));
    if (new Set(texts).size < texts.length || list.some((b) => acceptsAll(b, root))) return true;
  }
  return Object.values(s).some((x) => degenerate(x, root));
}

/**
 * Whether `s` plainly accepts every value: `true`, `{}`, a reference to such a definition, or
 * an anyOf with such a branch (a oneOf branch written so makes the oneOf degenerate).
 */
function acceptsAll(s: JsonValue, root: JsonValue, depth = 0): boolean {
  if (s === true) return true;
  if (!isObject(s) || depth > 4) return false;
  if (Object.keys(s).length === 0) return true;
  if (Object.keys(s).length === 1 && typeof s.$ref === "string") {
    return acceptsAll(resolve(root, s.$ref) ?? false, root, depth + 1);
  }
  const list = s.anyOf;
  return Object.keys(s).length === 1 && Array.isArray(list) &&
    list.some((b) => acceptsAll(b, root, depth + 1));
}

/** A pair (narrow, wide): wide is one of `roots` with one or two pure widenings. */
export function widenedPairOf(
  roots: fc.Arbitrary<JsonObject>,
): fc.Arbitrary<{ narrow: JsonValue; wide: JsonValue }> {
  return fc.tuple(
    roots.filter((s) => !degenerate(s)),
    fc.array(widening, { minLength: 1, maxLength: 2 }),
  )
    .map(([narrow, edits]) => ({ narrow: narrow as JsonValue, wide: widen(narrow, edits) }))
    .filter(({ narrow, wide }) => JSON.stringify(narrow) !== JSON.stringify(wide));
}

/** A pair (narrow, wide): wide is narrow (draft-07 or 2020-12) with one or two pure widenings. */
export const widenedPair: fc.Arbitrary<{ narrow: JsonValue; wide: JsonValue }> = widenedPairOf(
  fc.oneof({ weight: 3, arbitrary: root }, { weight: 1, arbitrary: root2020 }),
);

/** The same, of roots whose definitions refer to one another (`_oracle_chains.ts`). */
export const widenedChainPair: fc.Arbitrary<{ narrow: JsonValue; wide: JsonValue }> = widenedPairOf(
  fc.oneof(chainRoot("$defs"), chainRoot("definitions"), chainRoot2020),
);
