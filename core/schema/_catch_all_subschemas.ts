/**
 * Handlers of the catch-all differ for the facets that hold subschemas: properties, pattern
 * properties, dependencies, items, combinators, `not`, `if`/`then`/`else` and `$ref`. Each
 * grades what it can decide at this level and queues the paired subschemas for the walk.
 * Private to `catch_all.ts`.
 * @module
 */
import { isObject, type JsonObject, type JsonValue, own } from "../json.ts";
import { type Effect, isAnnotationKeyword } from "./types.ts";
import { resolveLocal } from "./_catch_all_json.ts";
import {
  EMPTY,
  isTrivial,
  type Node,
  type Token,
  unionSorted,
  type Walker,
} from "./_catch_all_types.ts";
import { namesVerdict, q } from "./_catch_all_verdicts.ts";

/** A handler of one subschema facet. */
export type FacetHandler = (walk: Walker, node: Node, facet: string) => void;

/** Compares the subschemas at the facet's keyword; absent ≡ `true`. */
const single: FacetHandler = (walk, node, facet) => {
  walk.pair(node, facet, walk.read(node.o, facet), [facet], walk.read(node.n, facet), [facet]);
};

/** `not`: absent ≡ `not: false`; the inner schema is compared with flipped polarity. */
const not: FacetHandler = (walk, node) => {
  const a = walk.read(node.o, "not"), b = walk.read(node.n, "not");
  walk.pair(node, "not", a, ["not"], b, ["not"], { missing: false, neg: !node.neg });
};

/** Both sides of a name-keyed keyword (absent ≡ `{}`), or `undefined` after a delta. */
function containers(
  walk: Walker,
  node: Node,
  keyword: string,
): [JsonObject, JsonObject] | undefined {
  const a = walk.read(node.o, keyword), b = walk.read(node.n, keyword);
  if ((a === undefined || isObject(a)) && (b === undefined || isObject(b))) {
    return [a ?? EMPTY, b ?? EMPTY];
  }
  walk.facetDelta(node, keyword, "changed", `${keyword} must be an object`);
  return undefined;
}

/** Added property: widened on input, narrowed on output (NON_BREAKING both); removed: changed. */
const properties: FacetHandler = (walk, node) => {
  const sides = containers(walk, node, "properties");
  if (sides === undefined) return;
  const [a, b] = sides;
  const added: Effect = walk.side === "input" ? "widened" : "narrowed";
  for (const name of unionSorted(a, b)) {
    const x = own(a, name), y = own(b, name);
    const tail = ["properties", name];
    if (walk.same(x, y)) continue;
    if (x !== undefined && y !== undefined) walk.pair(node, "properties", x, tail, y, tail);
    else {
      const what = x === undefined ? "added" : "removed";
      walk.emit(node, node.neg, "properties", x === undefined ? added : "changed", x, y, {
        tail,
        detail: `property ${q(name)} ${what}`,
      });
    }
  }
};

/** A pattern added constrains the names it matches, unless additional properties were closed. */
const patternProperties: FacetHandler = (walk, node) => {
  const sides = containers(walk, node, "patternProperties");
  if (sides === undefined) return;
  const [a, b] = sides;
  const open = (s: JsonObject) =>
    [walk.read(s, "additionalProperties"), walk.read(s, "unevaluatedProperties")]
      .every((v) => v === undefined || isTrivial(v));
  const plain = open(node.o) && open(node.n);
  for (const name of unionSorted(a, b)) {
    const x = own(a, name), y = own(b, name);
    const tail = ["patternProperties", name];
    if (walk.same(x, y)) continue;
    if (x !== undefined && y !== undefined) walk.pair(node, "patternProperties", x, tail, y, tail);
    else {
      const effect = !plain ? "changed" : x === undefined ? "narrowed" : "widened";
      walk.emit(node, node.neg, "patternProperties", effect, x, y, {
        tail,
        detail: `pattern ${q(name)} ${x === undefined ? "added" : "removed"}`,
      });
    }
  }
};

/** An optional subschema: added narrows, removed widens, both present are compared. */
function optional(
  walk: Walker,
  node: Node,
  facet: string,
  [x, y]: [JsonValue | undefined, JsonValue | undefined],
  tail: readonly Token[],
  trueWhenMissing: boolean,
): void {
  if (walk.same(x, y)) return;
  if (x !== undefined && y !== undefined) return walk.pair(node, facet, x, tail, y, tail);
  if (trueWhenMissing && isTrivial(x === undefined ? y : x)) return;
  const name = tail.length > 1 ? ` entry ${q(tail[1])}` : "";
  walk.emit(node, node.neg, facet, x === undefined ? "narrowed" : "widened", x, y, {
    tail,
    detail: `${facet}${name} ${x === undefined ? "added" : "removed"}`,
  });
}

/** `contains` (absent is not `true`: it requires one matching item), `then`, `else`. */
const optionalSingle: FacetHandler = (walk, node, facet) => {
  const values: [JsonValue | undefined, JsonValue | undefined] = [
    walk.read(node.o, facet),
    walk.read(node.n, facet),
  ];
  optional(walk, node, facet, values, [facet], facet !== "contains");
};

const dependentSchemas: FacetHandler = (walk, node) => {
  const sides = containers(walk, node, "dependentSchemas");
  if (sides === undefined) return;
  const [a, b] = sides;
  for (const name of unionSorted(a, b)) {
    const values: [JsonValue | undefined, JsonValue | undefined] = [own(a, name), own(b, name)];
    optional(walk, node, "dependentSchemas", values, ["dependentSchemas", name], true);
  }
};

/** Draft-07 `dependencies`: each entry a list of names or a schema. */
const dependencies: FacetHandler = (walk, node) => {
  const sides = containers(walk, node, "dependencies");
  if (sides === undefined) return;
  const [a, b] = sides;
  const isSchema = (v: JsonValue | undefined) => isObject(v) || typeof v === "boolean";
  const isList = (v: JsonValue | undefined) => v === undefined || Array.isArray(v);
  for (const name of unionSorted(a, b)) {
    const x = own(a, name), y = own(b, name);
    const tail = ["dependencies", name];
    if (walk.same(x, y)) continue;
    if (isSchema(x) && isSchema(y)) walk.pair(node, "dependencies", x, tail, y, tail);
    else if (isList(x) && isList(y)) {
      const verdict = namesVerdict(x, y, `the dependencies of ${q(name)}`);
      if (verdict !== undefined) {
        walk.emit(node, node.neg, "dependencies", verdict.effect, x, y, { tail, ...verdict });
      }
    } else {
      const effect = x === undefined ? "narrowed" : y === undefined ? "widened" : "changed";
      walk.emit(node, node.neg, "dependencies", effect, x, y, {
        tail,
        detail: `the dependency of ${q(name)} changed`,
      });
    }
  }
};

const dependentRequired: FacetHandler = (walk, node) => {
  const sides = containers(walk, node, "dependentRequired");
  if (sides === undefined) return;
  const [a, b] = sides;
  for (const name of unionSorted(a, b)) {
    const x = own(a, name), y = own(b, name);
    if (walk.same(x, y)) continue;
    const verdict = namesVerdict(x, y, `the names required with ${q(name)}`);
    if (verdict !== undefined) {
      walk.emit(node, node.neg, "dependentRequired", verdict.effect, x, y, {
        tail: ["dependentRequired", name],
        ...verdict,
      });
    }
  }
};

interface Slot {
  v: JsonValue;
  tail: Token[];
}

/** Items as a tuple (a prefix of positional schemas and one for the rest), in either draft. */
function tuple(walk: Walker, schema: JsonObject): { prefix: Slot[]; rest?: Slot } | undefined {
  const prefixItems = walk.read(schema, "prefixItems"), items = walk.read(schema, "items");
  const slot = (v: JsonValue | undefined, tail: Token[]) =>
    v === undefined ? {} : { rest: { v, tail } };
  if (prefixItems !== undefined) {
    if (!Array.isArray(prefixItems) || Array.isArray(items)) return undefined;
    const prefix = prefixItems.map((v, i): Slot => ({ v, tail: ["prefixItems", i] }));
    return { prefix, ...slot(items, ["items"]) };
  }
  if (Array.isArray(items)) {
    const prefix = items.map((v, i): Slot => ({ v, tail: ["items", i] }));
    return { prefix, ...slot(walk.read(schema, "additionalItems"), ["additionalItems"]) };
  }
  return { prefix: [], ...slot(items, ["items"]) };
}

/** Pairs item schemas position by position, then the schemas for the rest. */
const items: FacetHandler = (walk, node) => {
  const a = tuple(walk, node.o), b = tuple(walk, node.n);
  if (a === undefined || b === undefined) {
    return walk.facetDelta(node, "items", "changed", "prefixItems and items disagree on one side");
  }
  const positions = Math.max(a.prefix.length, b.prefix.length);
  for (let i = 0; i <= positions; i++) {
    const x = i < positions ? a.prefix[i] ?? a.rest : a.rest;
    const y = i < positions ? b.prefix[i] ?? b.rest : b.rest;
    walk.pair(node, "items", x?.v, x?.tail ?? [], y?.v, y?.tail ?? []);
  }
};

/**
 * `anyOf`/`oneOf`: more branches with every old one kept widen, fewer with every new one kept
 * narrow; `allOf` the opposite. Equal counts pair branches by index; anything else is changed.
 */
const branches: FacetHandler = (walk, node, keyword) => {
  const a = walk.read(node.o, keyword), b = walk.read(node.n, keyword);
  const conjunction = keyword === "allOf";
  if (a === undefined || b === undefined) {
    // A lone schema that became one branch of a union (or a union that became one of its
    // branches) extends (or narrows) the union; otherwise adding anyOf constrains.
    const lone = loneBranch(walk, node, keyword, a === undefined);
    const effect = lone
      ? (a === undefined ? "widened" : "narrowed")
      : a === undefined
      ? "narrowed"
      : "widened";
    return walk.facetDelta(
      node,
      keyword,
      effect,
      `${keyword} ${a === undefined ? "added" : "removed"}${
        lone ? " around the former schema" : ""
      }`,
    );
  }
  if (!Array.isArray(a) || !Array.isArray(b)) {
    return walk.facetDelta(node, keyword, "changed", `${keyword} must be an array`);
  }
  const oldKept = a.every((x) => b.some((y) => walk.same(x, y)));
  const newKept = b.every((y) => a.some((x) => walk.same(x, y)));
  if (a.length === b.length) {
    if (oldKept && newKept) return;
    for (let i = 0; i < a.length; i++) {
      walk.pair(node, keyword, a[i], [keyword, i], b[i], [keyword, i]);
    }
    return;
  }
  let effect: Effect = "changed";
  if (b.length > a.length && oldKept) effect = conjunction ? "narrowed" : "widened";
  if (b.length < a.length && newKept) effect = conjunction ? "widened" : "narrowed";
  walk.facetDelta(
    node,
    keyword,
    effect,
    `${keyword} went from ${a.length} to ${b.length} branches`,
  );
};

/**
 * Whether one side is a lone schema equal to a branch of the other side's union, and the union
 * side has no constraint besides the union itself.
 */
function loneBranch(walk: Walker, node: Node, keyword: string, added: boolean): boolean {
  if (keyword === "allOf") return false;
  const single = added ? node.o : node.n;
  const union = added ? node.n : node.o;
  const list = walk.read(union, keyword);
  if (!Array.isArray(list)) return false;
  const constraints = (x: JsonObject) =>
    Object.fromEntries(Object.keys(x).filter((k) => !isAnnotationKeyword(k)).map((k) => [k, x[k]]));
  const others = Object.keys(constraints(union)).filter((k) => k !== keyword);
  const mine = constraints(single);
  if (others.length > 0 || Object.keys(mine).length === 0) return false;
  if (Array.isArray(single.anyOf) || Array.isArray(single.oneOf)) return false;
  return list.some((branch) => walk.same(mine, branch));
}

/** `if` is undecidable: any change is `changed`. */
const condition: FacetHandler = (walk, node) => {
  const a = walk.read(node.o, "if"), b = walk.read(node.n, "if");
  const what = a === undefined ? "added" : b === undefined ? "removed" : "changed";
  walk.facetDelta(node, "if", "changed", `the if condition was ${what}`);
};

/**
 * Differing `$ref`s (not only references, or the walk would have followed them): local targets
 * are resolved on their own side and compared; remote or unresolvable ones are `changed`.
 */
const ref: FacetHandler = (walk, node) => {
  const dynO = walk.read(node.o, "$dynamicRef"), dynN = walk.read(node.n, "$dynamicRef");
  if (!walk.same(dynO, dynN)) {
    walk.emit(node, node.neg, "$ref", "changed", dynO, dynN, {
      tail: ["$dynamicRef"],
      detail: `$dynamicRef ${q(dynO)} became ${q(dynN)}`,
    });
  }
  const a = walk.read(node.o, "$ref"), b = walk.read(node.n, "$ref");
  if (walk.same(a, b)) return;
  const ta = typeof a === "string" ? resolveLocal(walk.oldRoot, a) : undefined;
  const tb = typeof b === "string" ? resolveLocal(walk.newRoot, b) : undefined;
  if ((a !== undefined && ta === undefined) || (b !== undefined && tb === undefined)) {
    const remote = [a, b].some((r) => typeof r === "string" && !r.startsWith("#"));
    const why = remote ? "remote references are not fetched" : "the reference cannot be resolved";
    walk.emit(node, node.neg, "$ref", "changed", a, b, {
      tail: ["$ref"],
      detail: `$ref ${q(a)} became ${q(b)}; ${why}`,
    });
    return;
  }
  // Following a reference is not nesting: the depth stays, the visited pairs stop cycles.
  walk.descend({
    o: ta === undefined ? true : ta.value,
    n: tb === undefined ? true : tb.value,
    oPtr: ta?.pointer ?? null,
    nPtr: tb?.pointer ?? null,
    at: { loc: node.loc, tail: ["$ref"] },
    facet: "$ref",
    neg: node.neg,
    depth: node.depth,
  });
};

/** Handlers of the subschema facets, by facet. */
export const SUBSCHEMA_FACETS: ReadonlyMap<string, FacetHandler> = new Map([
  ["properties", properties],
  ["patternProperties", patternProperties],
  ["additionalProperties", single],
  ["unevaluatedProperties", single],
  ["unevaluatedItems", single],
  ["propertyNames", single],
  ["contentSchema", single],
  ["dependentSchemas", dependentSchemas],
  ["dependencies", dependencies],
  ["dependentRequired", dependentRequired],
  ["items", items],
  ["contains", optionalSingle],
  ["anyOf", branches],
  ["oneOf", branches],
  ["allOf", branches],
  ["not", not],
  ["if", condition],
  ["then", optionalSingle],
  ["else", optionalSingle],
  ["$ref", ref],
]);
