/**
 * Handlers of the catch-all differ for the facets that hold subschemas: properties, pattern
 * properties, dependencies, items, combinators, `not`, `if`/`then`/`else` and `$ref`. Each
 * grades what it can decide at this level and queues the paired subschemas for the walk.
 * Private to `catch_all.ts`.
 * @module
 */
import { differentVariants, pairBranches } from "./branches.ts";
import { escapePointerToken, isObject, type JsonObject, type JsonValue, own } from "../json.ts";
import { type Effect, flipEffect, isAnnotationKeyword } from "./types.ts";
import { resolveLocal } from "./_catch_all_json.ts";
import {
  type Beside,
  EMPTY,
  isTrivial,
  type Node,
  type Token,
  unionSorted,
  type Walker,
} from "./_catch_all_types.ts";
import { namesVerdict, q } from "./_catch_all_verdicts.ts";
import { disjoint, isAnnotationOnly } from "./subsume.ts";
import { OUT_OF_STEPS } from "./_subsume_groups.ts";
import { nameKeywords, unevaluatedDecided } from "./_unevaluated_proof.ts";
import { branchChanges, branchCounts, exclusivity, unionSwap } from "./_union_keyword.ts";
import { patternHits } from "./_pattern_hits.ts";
import { acceptsEvery, rejectsEvery } from "./_accepts_every.ts";
import { holdsPosition, schemaItemLimit } from "./_array_length.ts";
import { declaredNames } from "./_declared_names.ts";
import { applicatorsOf, conjunctEvaluatesAll, mayEvaluate } from "./_unevaluated_rest.ts";
import { itemsGovernedBy } from "./_unevaluated_items.ts";
import { heldByBranches } from "./_property_schema.ts";
import { carriedNothing } from "./_sole_value.ts";
import { flatAnyOf } from "./_union_lift.ts";
import { withoutNotes } from "./_unreached_prose.ts";
import { targetsRewritten } from "./_same_through_refs.ts";
import {
  branchNeverApplies,
  conditionalBeside,
  constrainsNothing,
  containsPart,
  entryPart,
  loneConditionDecides,
  loneConditionsOnly,
  type Part,
  type Sides,
  uncountedContains,
} from "./_lone_condition.ts";
import {
  chainConjuncts,
  type Conjunct,
  governedBy,
  type Governing,
  meet,
  patternsOf,
  placesOf,
  rejectedBeside,
  removedMeeting,
} from "./_conjunct_governs.ts";

/** A handler of one subschema facet. */
export type FacetHandler = (walk: Walker, node: Node, facet: string) => void;

/** Compares the subschemas at the facet's keyword; absent ≡ `true`. */
const single: FacetHandler = (walk, node, facet) => {
  walk.pair(node, facet, walk.read(node.o, facet), [facet], walk.read(node.n, facet), [facet]);
};

/**
 * `not`: absent ≡ `not: false`, and so is a `not` of a schema that rejects every value
 * (`{not: {}}`: {@link rejectsEvery}); the inner schema is compared with flipped polarity.
 */
const not: FacetHandler = (walk, node) => {
  const read = (s: JsonObject, root: JsonValue | undefined) => {
    const v = walk.read(s, "not");
    return v !== undefined && rejectsEvery(v, root) ? undefined : v;
  };
  const a = read(node.o, walk.oldRoot), b = read(node.n, walk.newRoot);
  if (a === undefined && b === undefined) return;
  walk.pair(node, "not", a, ["not"], b, ["not"], { missing: false, neg: !node.neg });
  // A `not` added whole: no pair reads the keywords it holds.
  if (a === undefined) walk.unmodelledIn(node, ["not"], b);
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

/** Whether an allOf branch of `s` or a link its `$ref` leads to rejects every value of `name`. */
function refusedBy(s: JsonObject, name: string, root: JsonValue | undefined): boolean {
  const branches = Array.isArray(s.allOf) ? s.allOf : [];
  const conjuncts = [
    ...branches.map((v, i) => ({ v, loc: `/allOf/${i}` })),
    ...chainConjuncts(s, root),
  ];
  const found = governedBy(conjuncts, name, root);
  return typeof found !== "string" && found.some((g) => g.schema === false);
}

/** The schema that governs property `name` of `s` when `properties` does not name it. */
function modelOf(
  walk: Walker,
  s: JsonObject,
  name: string,
  root: JsonValue | undefined,
): { v: JsonValue; tail: Token[] } | undefined | string {
  const every = (v: JsonValue | undefined) => acceptsEvery(v, root);
  const patterns = walk.read(s, "patternProperties");
  if (isObject(patterns)) {
    const { hits, open, unknownOpen, unknown } = patternHits(patterns, name, every);
    if (unknown !== undefined) return `pattern ${q(unknown)} cannot be matched against it`;
    if (hits.length > 1) return "several patternProperties match it";
    if (hits.length === 1) {
      return { v: patterns[hits[0]!] as JsonValue, tail: ["patternProperties", hits[0]!] };
    }
    // A pattern that accepts every value matches it: the name is evaluated, and open.
    if (open) return undefined;
    if (unknownOpen !== undefined) {
      // Matched or not, the name is open when the schemas below leave it open.
      const rest: JsonObject = { ...s, patternProperties: {} };
      return modelOf(walk, rest, name, root) === undefined
        ? undefined
        : `pattern ${q(unknownOpen)} cannot be matched against it`;
    }
  }
  const additional = walk.read(s, "additionalProperties");
  if (additional !== undefined) {
    return every(additional) ? undefined : { v: additional, tail: ["additionalProperties"] };
  }
  const unevaluated = walk.read(s, "unevaluatedProperties");
  if (unevaluated === undefined || every(unevaluated)) return undefined;
  // A conjunct closed by its own (a deeper link of a $ref chain) evaluates every name, so this
  // one never applies: a name that conjunct refuses is refused, as beside additionalProperties
  // false; any other is left to the conjuncts, as where this one is absent.
  if (conjunctEvaluatesAll(s, root)) {
    return refusedBy(s, name, root) ? { v: false, tail: ["unevaluatedProperties"] } : undefined;
  }
  // Applicators beside it that never evaluate this name (a conditional about other names, an
  // allOf branch declaring others, through references too) leave it to unevaluatedProperties.
  const beside = mayEvaluate(applicatorsOf(s, (x, k) => walk.read(x, k)), name, root);
  if (beside !== false) {
    return `unevaluatedProperties depends on other applicators here${
      typeof beside === "string" ? ` (${beside})` : ""
    }`;
  }
  return { v: unevaluated, tail: ["unevaluatedProperties"] };
}

/**
 * The names the old side of `node` declares outside its own `properties` and allOf branches:
 * in dependentSchemas, dependencies, if/then/else or anyOf/oneOf branches (none when a reference
 * cannot be followed).
 */
function knownBefore(walk: Walker, node: Node): Set<string> {
  const names = declaredNames(node.o, walk.oldRoot ?? true, { dependent: true }) ?? new Set();
  const allOf = walk.read(node.o, "allOf");
  for (const branch of Array.isArray(allOf) ? allOf : []) {
    const props = isObject(branch) ? branch.properties : undefined;
    for (const n of isObject(props) ? Object.keys(props) : []) names.delete(n);
  }
  return names;
}

/**
 * Property `name` (`x` old, `y` new) that leaves `properties` while a schema still governs its
 * name (`removedMeeting`), or enters it where patterns of the object matched it before and
 * still do (patternProperties apply to declared names too): the effect on the values the name
 * may hold, each side's schemas meeting; null when they are the same; undefined otherwise.
 */
function meeting(
  walk: Walker,
  node: Node,
  name: string,
  x: JsonValue | undefined,
  y: JsonValue | undefined,
): { effect: Effect; tail: Token[]; detail: string } | null | undefined {
  let before: Governing[], after: Governing[];
  let detail: string;
  const [oldLoc, newLoc] = [node.oPtr ?? "", node.nPtr ?? ""];
  if (node.neg || x === false || y === false || (x === undefined) === (y === undefined)) {
    return undefined;
  }
  if (y === undefined) {
    const met = removedMeeting(node.o, node.n, name, {
      roots: [walk.oldRoot, walk.newRoot],
      locs: [oldLoc, newLoc],
      ...node.beside && { beside: node.beside },
    });
    if (met === undefined) return undefined;
    ({ before, after } = met);
    // The property's schema alone before, one schema of the object alone now: compared as
    // they stand, the mirror of a property added where that schema governed the name.
    const model = modelOf(walk, node.n, name, walk.newRoot);
    if (
      before.length === 1 &&
      before[0]!.loc === `${oldLoc}/properties/${escapePointerToken(name)}` &&
      after.length === 1 && isObject(model) && walk.same(model.v, after[0]!.schema)
    ) {
      walk.pair(node, "properties", x, ["properties", name], model.v, model.tail);
      return null;
    }
    detail = `property ${q(name)} removed; ${placesOf(after)} still governs its name`;
  } else {
    const next = patternsOf(node.n, newLoc, name);
    if (typeof next === "string" || next.length === 0) return undefined;
    const model = modelOf(walk, node.o, name, walk.oldRoot);
    const old = patternsOf(node.o, oldLoc, name);
    if (isObject(model) && model.v !== false) before = [{ schema: model.v, loc: oldLoc }];
    else if (typeof model === "string" && Array.isArray(old) && old.length > 1) before = old;
    else return undefined;
    after = [...next, { schema: y, loc: newLoc }];
    detail = `property ${q(name)} added; ${placesOf(next)} still governs its name`;
  }
  const [a, b] = [meet(before), meet(after)];
  const wide = walk.proves(a, b, "widened", false) === true;
  const narrow = walk.proves(b, a, "narrowed", false) === true;
  if (wide && narrow) return null;
  const effect = wide ? "widened" : narrow ? "narrowed" : "changed";
  return { effect, tail: ["properties", name], detail };
}

/**
 * Whether a schema beside `node` (one beside it, or a link its `$ref` leads to) rejects every
 * value of `name` old and new.
 */
function rejectedBothSides(walk: Walker, node: Node, name: string): boolean {
  const [oldRoot, newRoot] = [walk.oldRoot, walk.newRoot];
  const beside = {
    old: [...node.beside?.old ?? [], ...chainConjuncts(node.o, oldRoot)],
    new: [...node.beside?.new ?? [], ...chainConjuncts(node.n, newRoot)],
  };
  return rejectedBeside(beside, name, [oldRoot, newRoot]);
}

/**
 * Added property: widened on input, narrowed on output (NON_BREAKING both) when the object was
 * open for that name; compared with the schema that governed the name before when that was a
 * schema (a partially open object). Removed: changed, unless it was forbidden (`false`) and still
 * is.
 */
const properties: FacetHandler = (walk, node) => {
  const sides = containers(walk, node, "properties");
  if (sides === undefined) return;
  const [a, b] = sides;
  const added: Effect = walk.side === "input" ? "widened" : "narrowed";
  let known: Set<string> | undefined;
  for (const name of unionSorted(a, b)) {
    const x = own(a, name), y = own(b, name);
    if (walk.same(x, y)) continue;
    const tail = ["properties", name];
    if (x !== undefined && y !== undefined) {
      walk.pair(node, "properties", x, tail, y, tail);
      continue;
    }
    // Declared the same for every object elsewhere (each branch of a union beside it), on both
    // sides: the old schema accepts the same values without it, and the new one with it.
    if (y === undefined && walk.removalInert(node.o, node.n, name)) continue;
    // Refused on both sides by a schema beside it (a link closing the chain): nothing changes.
    if (y === undefined && !node.neg && rejectedBothSides(walk, node, name)) continue;
    // A name a schema still governs after its property went, or that a pattern governed before
    // and still matches when a property is added: graded by what applies to it on each side.
    const met = meeting(walk, node, name, x, y);
    if (met !== undefined) {
      if (met !== null) walk.emit(node, node.neg, "properties", met.effect, x, y, met);
      if (x === undefined) walk.unmodelledIn(node, tail, y);
      continue;
    }
    const model = x === undefined
      ? modelOf(walk, node.o, name, walk.oldRoot)
      : modelOf(walk, node.n, name, walk.newRoot);
    if (typeof model === "string") {
      walk.emit(node, node.neg, "properties", "changed", x, y, {
        tail,
        detail: `property ${q(name)} ${x === undefined ? "added" : "removed"}; ${model}`,
      });
      if (x === undefined) walk.unmodelledIn(node, tail, y);
    } else if (y === false) {
      // A name newly forbidden: the values it could hold before are now rejected.
      if (model !== undefined && model.v === false) continue;
      walk.pair(node, "properties", model?.v, model?.tail ?? tail, y, tail);
    } else if (x === undefined && model !== undefined && model.v !== false) {
      // Values this name could hold before came from the model; now from the new schema.
      walk.pair(node, "properties", model.v, model.tail, y, tail);
    } else if (x === undefined && (known ??= knownBefore(walk, node)).has(name)) {
      // Declared in branches of a union, each closed to the name or declaring it: what the name
      // held before is what those branches admit (a union of closed objects flattened).
      const held = model === undefined ? heldByBranches(node.o, name) : undefined;
      if (held?.length === 1) {
        walk.pair(node, "properties", held[0]!.schema, held[0]!.tail, y, tail);
        continue;
      }
      const union = { anyOf: held?.map((h) => h.schema) ?? [] };
      if (
        held !== undefined && held.length > 1 &&
        walk.proves(union, y!, "widened", false) === true &&
        walk.proves(y!, union, "narrowed", false) === true
      ) continue;
      // Declared before in a conditional place (dependentSchemas, then, an anyOf branch …), so
      // callers may send it, with any value where that does not apply: compared with `true`.
      walk.pair(node, "properties", undefined, tail, y, tail);
    } else if (x === false) {
      // A forbidden name stays forbidden when the new model is false too.
      if (model !== undefined && model.v === false) continue;
      walk.pair(node, "properties", x, tail, model?.v, model?.tail ?? tail);
    } else if (
      y === undefined && model === undefined && walk.side === "input" && !node.neg &&
      node.beside === undefined && carriedNothing(node.o, node.n, name, walk.oldRoot) !== undefined
    ) {
      // Required with one value it could hold, the object open to it now: the walk's
      // property.removed grades it (NON_BREAKING), nothing else changed here.
      continue;
    } else {
      const what = x === undefined ? "added" : "removed";
      walk.emit(node, node.neg, "properties", x === undefined ? added : "changed", x, y, {
        tail,
        detail: `property ${q(name)} ${what}`,
      });
      if (x === undefined) walk.unmodelledIn(node, tail, y);
    }
  }
};

/**
 * A pattern added or removed: graded by the subsumption proof on the object's property keywords
 * (a pattern constrains the names it matches, and frees them from additionalProperties).
 */
const patternProperties: FacetHandler = (walk, node) => {
  const sides = containers(walk, node, "patternProperties");
  if (sides === undefined) return;
  const [a, b] = sides;
  let whole: Effect | null | undefined;
  const verdict = (): Effect | null => {
    // The property keywords together, an unevaluatedProperties that is their rest included
    // (nameKeywords()). Pure set inclusion: a property removed or added beside is reported on its
    // own.
    const po = nameKeywords(node.o, walk.oldRoot, (k) => walk.read(node.o, k));
    const pn = nameKeywords(node.n, walk.newRoot, (k) => walk.read(node.n, k));
    if (po === undefined || pn === undefined) return "changed";
    const wide = walk.proves(po, pn, "widened", false) === true;
    const narrow = walk.proves(pn, po, "narrowed", false) === true;
    return wide && narrow ? null : wide ? "widened" : narrow ? "narrowed" : "changed";
  };
  for (const name of unionSorted(a, b)) {
    const x = own(a, name), y = own(b, name);
    const tail = ["patternProperties", name];
    if (walk.same(x, y)) continue;
    if (x !== undefined && y !== undefined) walk.pair(node, "patternProperties", x, tail, y, tail);
    else {
      if (whole === undefined) whole = verdict();
      if (whole === null) continue;
      walk.emit(node, node.neg, "patternProperties", whole, x, y, {
        tail,
        detail: `pattern ${q(name)} ${x === undefined ? "added" : "removed"}`,
      });
    }
    if (x === undefined) walk.unmodelledIn(node, tail, y);
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
  if (x === undefined) walk.unmodelledIn(node, tail, y);
}

/** `contains` (absent is not `true`: it requires one matching item), `then`, `else`. */
const optionalSingle: FacetHandler = (walk, node, facet) => {
  if (facet === "then" || facet === "else") {
    // Without an `if` on both sides they do nothing (an `if` added or removed is graded with
    // them as a whole by its own handler); under a changed `if` they are still compared, so a
    // change inside them is reported beside the undecidable condition.
    const [a, b] = [walk.read(node.o, facet), walk.read(node.n, facet)];
    // An `if` on one side only: the condition's handler reads them with it, as a whole.
    const ifs = [walk.read(node.o, "if"), walk.read(node.n, "if")];
    if ((ifs[0] === undefined) !== (ifs[1] === undefined)) return;
    // Without an `if`, or where the `if` of each side leads to it for no value (a then under `if:
    // false`): what they hold that the engine does not model is still reported, as in a
    // condition that decides nothing.
    const read = (s: JsonObject, k: string) => walk.read(s, k);
    const never = (s: JsonObject, root: JsonValue | undefined) =>
      branchNeverApplies(s, facet, root, read);
    if (never(node.o, walk.oldRoot) && never(node.n, walk.newRoot)) {
      walk.unmodelledIn(node, [facet], b);
      walk.unmodelledOut(node, [facet], a, b);
      return;
    }
    // On one side only, beside an unevaluated keyword that reads what it marks evaluated.
    if (partBeside(walk, node, facet, [facet], [facet], [a, b], facet)) return;
    // Elsewhere one that accepts every value constrains nothing: compared with nothing.
    if ((a === undefined) !== (b === undefined)) {
      const [x, root] = a === undefined ? [b, walk.newRoot] : [a, walk.oldRoot];
      if (acceptsEvery(x, root)) return walk.pair(node, facet, a, [facet], b, [facet]);
    }
  }
  const values: [JsonValue | undefined, JsonValue | undefined] = [
    walk.read(node.o, facet),
    walk.read(node.n, facet),
  ];
  // contains marks the items it matches evaluated (2020-12).
  const read = (s: JsonObject, k: string) => walk.read(s, k);
  const contains = containsPart(read);
  if (facet === "contains") {
    // One that requires no item only marks items evaluated: added, it widens where an
    // unevaluatedItems reads them, and elsewhere constrains nothing.
    const effect = uncountedContains(sidesAt(walk, node), read);
    if (effect === "widened" || effect === "narrowed") {
      walk.emit(node, node.neg, facet, effect, values[0], values[1], {
        tail: [facet],
        detail: `contains ${values[0] === undefined ? "added" : "removed"} beside minContains 0`,
      });
    }
    if (effect !== undefined) return walk.unmodelledIn(node, [facet], values[1]);
  }
  if (facet === "contains" && partBeside(walk, node, facet, [facet], contains, values, facet)) {
    return;
  }
  optional(walk, node, facet, values, [facet], facet !== "contains");
};

const dependentSchemas: FacetHandler = (walk, node) => {
  const sides = containers(walk, node, "dependentSchemas");
  if (sides === undefined) return;
  const [a, b] = sides;
  for (const name of unionSorted(a, b)) {
    const values: [JsonValue | undefined, JsonValue | undefined] = [own(a, name), own(b, name)];
    if (entryBeside(walk, node, "dependentSchemas", name, values)) continue;
    optional(walk, node, "dependentSchemas", values, ["dependentSchemas", name], true);
  }
};

/**
 * A part of the node (a then or else, a contains, a dependent schema) written on one side only
 * beside an unevaluated keyword that reads what it marks evaluated, graded as
 * {@link conditionalBeside} says; true when so graded (or no change), false where it is on both
 * sides or no such keyword reads it. `part` picks it from a schema object, `what` names it.
 */
function partBeside(
  walk: Walker,
  node: Node,
  facet: string,
  tail: Token[],
  part: Part,
  [x, y]: [JsonValue | undefined, JsonValue | undefined],
  what: string,
): boolean {
  const seen = conditionalBeside(sidesAt(walk, node), part, [x, y]);
  if (seen === undefined) return false;
  if (seen === "same") return true;
  walk.emit(node, node.neg, facet, seen, x, y, {
    tail,
    detail: `${what} ${x === undefined ? "added" : "removed"}${
      seen === "changed" ? " beside unevaluatedProperties or unevaluatedItems" : ""
    }`,
  });
  if (x === undefined) walk.unmodelledIn(node, tail, y);
  return true;
}

/** A dependent schema written on one side only ({@link partBeside}). */
function entryBeside(
  walk: Walker,
  node: Node,
  key: "dependentSchemas" | "dependencies",
  name: string,
  values: [JsonValue | undefined, JsonValue | undefined],
): boolean {
  const entry = entryPart(key, name, (s, k) => walk.read(s, k));
  return partBeside(walk, node, key, [key, name], entry, values, `${key} entry ${q(name)}`);
}

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
    } else if (!entryBeside(walk, node, "dependencies", name, [x, y])) {
      const effect = x === undefined ? "narrowed" : y === undefined ? "widened" : "changed";
      walk.emit(node, node.neg, "dependencies", effect, x, y, {
        tail,
        detail: `the dependency of ${q(name)} changed`,
      });
      if (isSchema(y)) walk.unmodelledIn(node, tail, y);
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

/** Items as a tuple: a prefix of positional schemas and one for the rest. */
interface Tuple {
  prefix: Slot[];
  rest?: Slot;
  /**
   * Where the schema writes unevaluatedItems (the slot) and no schema of its own for the items
   * past its positions, beside keywords that may evaluate them: what holds the item at a
   * position past them (itemsGovernedBy()).
   */
  past?: { slot: Slot; governed: (i: number) => string };
}

/** Items as a tuple (a prefix of positional schemas and one for the rest), in either draft. */
function tuple(walk: Walker, schema: JsonObject, root: JsonValue | undefined): Tuple | undefined {
  const prefixItems = walk.read(schema, "prefixItems"), items = walk.read(schema, "items");
  const slot = (v: JsonValue | undefined, tail: Token[]) =>
    v === undefined ? {} : { rest: { v, tail } };
  const unevaluated = walk.read(schema, "unevaluatedItems");
  // Past the positions, beside keywords that may evaluate items, without a rest of its own.
  const past = (rest: JsonValue | undefined) =>
    rest !== undefined || unevaluated === undefined ? {} : {
      past: {
        slot: { v: unevaluated, tail: ["unevaluatedItems"] },
        governed: itemsGovernedBy(schema, root),
      },
    };
  if (prefixItems !== undefined) {
    if (!Array.isArray(prefixItems) || Array.isArray(items)) return undefined;
    const prefix = prefixItems.map((v, i): Slot => ({ v, tail: ["prefixItems", i] }));
    // Without items, unevaluatedItems governs the positions past the prefix when nothing else
    // here evaluates items.
    const others = ["allOf", "anyOf", "oneOf", "$ref", "$dynamicRef", "if", "not", "contains"];
    if (
      items === undefined && unevaluated !== undefined &&
      walk.read(schema, "additionalItems") === undefined &&
      !others.some((k) => walk.read(schema, k) !== undefined)
    ) {
      return { prefix, ...slot(unevaluated, ["unevaluatedItems"]) };
    }
    return { prefix, ...slot(items, ["items"]), ...past(items) };
  }
  if (Array.isArray(items)) {
    const prefix = items.map((v, i): Slot => ({ v, tail: ["items", i] }));
    const additional = walk.read(schema, "additionalItems");
    return { prefix, ...slot(additional, ["additionalItems"]), ...past(additional) };
  }
  return { prefix: [], ...slot(items, ["items"]) };
}

/**
 * Whether tuple `t` holds the item at `i` under a schema it writes (a position, a rest), or under
 * nothing where it writes no unevaluatedItems: "evaluated"; else what holds it past its positions
 * (see {@link Tuple.past}).
 */
function heldAt(t: Tuple, i: number): string {
  return i < t.prefix.length || t.rest !== undefined || t.past === undefined
    ? "evaluated"
    : t.past.governed(i);
}

/**
 * Pairs item schemas position by position, then the schemas for the rest. Past the positions a
 * side lists, beside its unevaluatedItems and keywords that may evaluate items, where the other
 * side holds the item under a schema it writes, the item is that unevaluatedItems' when nothing
 * else evaluates it, as the structured walk reads it; where Proxar cannot tell, it is changed.
 */
const items: FacetHandler = (walk, node) => {
  const a = tuple(walk, node.o, walk.oldRoot), b = tuple(walk, node.n, walk.newRoot);
  if (a === undefined || b === undefined) {
    return walk.facetDelta(node, "items", "changed", "prefixItems and items disagree on one side");
  }
  const la = schemaItemLimit((k) => walk.read(node.o, k));
  const lb = schemaItemLimit((k) => walk.read(node.n, k));
  const positions = Math.max(a.prefix.length, b.prefix.length);
  for (let i = 0; i <= positions; i++) {
    // A position a side admits no item at holds `false` there (zod 4 writes a tuple's end as
    // items: false where zod 3 wrote maxItems); one neither side admits constrains nothing.
    if (!holdsPosition(la, i) && !holdsPosition(lb, i)) continue;
    let x = slotAt(a, la, i, positions), y = slotAt(b, lb, i, positions);
    const ga = holdsPosition(la, i) ? heldAt(a, i) : "evaluated";
    const gb = holdsPosition(lb, i) ? heldAt(b, i) : "evaluated";
    const unsure = ga !== "evaluated" && gb === "evaluated"
      ? ga
      : gb !== "evaluated" && ga === "evaluated"
      ? gb
      : "unevaluated";
    if (ga !== "evaluated" && gb === "evaluated") x = a.past!.slot;
    if (gb !== "evaluated" && ga === "evaluated") y = b.past!.slot;
    if (unsure !== "unevaluated") {
      // Held under unevaluatedItems or under nothing: changed unless both accept every value.
      const [held, other] = ga === "evaluated" ? [x, y!] : [y, x!];
      if (isTrivial(held?.v ?? true) && isTrivial(other.v)) continue;
      walk.emit(node, node.neg, "items", "changed", x?.v, y?.v, {
        tail: held?.tail ?? other.tail,
        detail:
          `the item at ${i}, past the positions listed beside unevaluatedItems, where ${unsure}`,
      });
      continue;
    }
    walk.pair(node, "items", x?.v, x?.tail ?? [], y?.v, y?.tail ?? []);
  }
};

/** What a position past a schema's item limit holds when its own schema is not `false`. */
const NO_ITEM: Slot = { v: false, tail: ["maxItems"] };

/** The schema for position `i` of a tuple (the rest from `positions` on), within `limit`. */
function slotAt(
  t: { prefix: Slot[]; rest?: Slot },
  limit: number | undefined,
  i: number,
  positions: number,
): Slot | undefined {
  const slot = i < positions ? t.prefix[i] ?? t.rest : t.rest;
  return holdsPosition(limit, i) || slot?.v === false ? slot : NO_ITEM;
}

/**
 * The old node's keywords that decide which names its unevaluatedProperties governs besides its
 * allOf (draft 2020-12), when it or the new node has one that constrains: an allOf branch that
 * declares a name more lets that name past `unevaluatedProperties: false`, which the branches
 * compared alone cannot show.
 */
function evaluatingContext(walk: Walker, node: Node): JsonObject | undefined {
  const constrains = (s: JsonObject) => {
    const u = walk.read(s, "unevaluatedProperties");
    return u !== undefined && u !== true && !(isObject(u) && Object.keys(u).length === 0);
  };
  if (!constrains(node.o) && !constrains(node.n)) return undefined;
  const keys = ["properties", "patternProperties", "additionalProperties", "unevaluatedProperties"];
  const out: JsonObject = {};
  for (const key of keys) {
    const v = walk.read(node.o, key);
    if (v !== undefined) out[key] = v;
  }
  return out;
}

/**
 * Whether the combinator written on one side only (`added`: the new side) evaluates a name that
 * the other side's unevaluatedProperties governs (draft 2020-12), or Proxar cannot tell: then
 * adding it lets that name in where it also constrains, so it neither only narrows nor only
 * widens.
 */
function freesEvaluated(walk: Walker, node: Node, added: boolean): boolean {
  const uneval = (s: JsonObject) => walk.read(s, "unevaluatedProperties") !== undefined;
  if (!uneval(node.o) && !uneval(node.n)) return false;
  const proof = added
    ? unevaluatedDecided(node.n, node.o, walk.newRoot, walk.oldRoot)
    : unevaluatedDecided(node.o, node.n, walk.oldRoot, walk.newRoot);
  return proof !== true;
}

/**
 * `anyOf`/`oneOf`/`allOf` on both sides. Equal branches pair first, wherever they stand (and
 * annotation-only `allOf` branches accept everything, so they count for nothing); then the
 * subsumption proof decides whether the rest widen or narrow the combination. Otherwise the rest
 * pair in order, and extra branches widen or narrow it (a `oneOf` whose branches may overlap is
 * `changed`: a value matching two branches is rejected).
 */
const branches: FacetHandler = (walk, node, keyword) => {
  const a = walk.read(node.o, keyword), b = walk.read(node.n, keyword);
  const conjunction = keyword === "allOf";
  // anyOf on one side, oneOf on the other, not proven either way (see #composition): one change
  // of the union, at the new keyword, not a union removed (widened) and another added.
  // Both keywords must be ones this differ models (`known`): an unmodelled one is reported as such.
  const swap = conjunction ? undefined : unionSwap(node.o, node.n, (s, k) => walk.read(s, k));
  if (swap !== undefined) {
    if (keyword === swap.from) return;
    const [xa, xb] = [walk.read(node.o, swap.from) as JsonValue[], b as JsonValue[]];
    // A keyword it does not model, new in a branch, is still reported.
    xb.forEach((branch, i) => walk.unmodelledIn(node, [keyword, i], branch));
    return walk.facetDelta(
      node,
      keyword,
      "changed",
      `${branchCounts(swap.from, xa.length, swap.to, xb.length)}: ${exclusivity(swap.to)}${
        branchChanges(swap.from, xa, swap.to, xb)
      }; neither side is proven to accept every value of the other`,
    );
  }
  if (a === undefined || b === undefined) {
    // A lone schema that became one branch of a union (or a union that became one of its
    // branches) extends (or narrows) the union; otherwise adding anyOf constrains.
    const lone = loneBranch(walk, node, keyword, a === undefined);
    // Beside unevaluatedProperties, branches that evaluate a name it governed on the other side
    // also let that name past it: the change has no direction.
    const frees = !lone && freesEvaluated(walk, node, a === undefined);
    // An allOf of ifs without then and else only marks names or items evaluated: added, it
    // widens, removed it narrows.
    const conditions = keyword === "allOf" && loneConditionsOnly(a ?? b);
    const effect = lone || conditions
      ? (a === undefined ? "widened" : "narrowed")
      : frees
      ? "changed"
      : a === undefined
      ? "narrowed"
      : "widened";
    walk.facetDelta(
      node,
      keyword,
      effect,
      `${keyword} ${a === undefined ? "added" : "removed"}${
        lone ? " around the former schema" : ""
      }${
        frees
          ? ": its branches evaluate names the object's unevaluatedProperties governs without it"
          : ""
      }`,
    );
    if (a === undefined && Array.isArray(b)) {
      // The former schema, now a branch, brings no keyword that was not there.
      const former = lone ? constraintsOf(node.o) : undefined;
      b.forEach((branch, i) => {
        if (!walk.same(former, branch)) walk.unmodelledIn(node, [keyword, i], branch);
      });
    }
    return;
  }
  if (!Array.isArray(a) || !Array.isArray(b)) {
    return walk.facetDelta(node, keyword, "changed", `${keyword} must be an array`);
  }
  const keep = (list: JsonValue[]) =>
    list.map((v, i) => ({ v, i })).filter((x) => !conjunction || !isAnnotationOnly(x.v));
  const rest = { a: keep(a), b: keep(b) };
  for (const x of [...rest.a]) {
    const j = rest.b.findIndex((y) => walk.same(x.v, y.v));
    if (j < 0) continue;
    rest.a.splice(rest.a.indexOf(x), 1);
    rest.b.splice(j, 1);
  }
  if (rest.a.length === 0 && rest.b.length === 0) return;
  // The branches left line up by what they are (type, properties, tags), not by where they
  // stand: anyOf [{string, vndFoo}, number] → [{number, vndFoo}, string] moved vndFoo from the
  // string branch to the number one; compared in order it read "types string became number".
  if (rest.a.length === rest.b.length && rest.a.length > 1) {
    const pairing = pairBranches(rest.a.map((x) => x.v), rest.b.map((y) => y.v));
    if (!pairing.ambiguous && pairing.pairs.length === rest.a.length) {
      const order = [...rest.b];
      for (const [i, j] of pairing.pairs) order[i] = rest.b[j]!;
      rest.b = order;
    }
  }
  // Each side's branches read through its references: a pydantic discriminated union's variants.
  const exclusive = keyword !== "oneOf" ||
    [a, b].every((list, side) =>
      list.every((x, i) => list.every((y, j) => i === j || disjoint(x, y, walk.targets[side])))
    );
  let wide: boolean, narrow: boolean;
  // Whether a proof ran out of steps: then neither direction is disproven, only undecided.
  let undecided = false;
  const holds = (proof: true | string) => {
    if (proof !== true && proof.includes(OUT_OF_STEPS)) undecided = true;
    return proof === true;
  };
  const beside = conjunction ? evaluatingContext(walk, node) : undefined;
  if (beside !== undefined) {
    // Beside an unevaluatedProperties that constrains, the names the branches evaluate decide
    // what it governs: the branches are compared within the object's evaluating keywords.
    wide = holds(walk.proves({ ...beside, allOf: a }, { ...beside, allOf: b }, "widened"));
    narrow = holds(walk.proves({ ...beside, allOf: b }, { ...beside, allOf: a }, "narrowed"));
  } else if (conjunction) {
    // Every new branch follows from the old conjunction, or every old one from the new.
    wide = rest.b.every((y) => holds(walk.proves({ allOf: a }, y.v, "widened")));
    narrow = rest.a.every((x) => holds(walk.proves({ allOf: b }, x.v, "narrowed")));
  } else {
    wide = exclusive && rest.a.every((x) => holds(walk.proves(x.v, { anyOf: b }, "widened")));
    narrow = exclusive && rest.b.every((y) => holds(walk.proves(y.v, { anyOf: a }, "narrowed")));
  }
  // No pair compares the new branches left: the unmodelled keywords they hold are reported
  // (a proof that needed them would have failed on them; one that holds without them, as a
  // branch added to anyOf, does not read them). A branch that is the former schema, as written
  // or as read, brings none.
  const formerly = [node.o, ...node.raw === undefined ? [] : [node.raw[0]]];
  const unpaired = () => {
    for (const y of rest.b) {
      if (formerly.some((x) => walk.same(x, y.v))) continue;
      walk.unmodelledIn(node, [keyword, y.i], y.v);
    }
  };
  // An anyOf that became a oneOf (or the reverse) is named with both keywords.
  const from = keyword === "allOf" ? keyword : node.unionFrom ?? keyword;
  const counts = branchCounts(from, a.length, keyword, b.length);
  const whole = (widened: boolean, bringsNothing = false) => {
    walk.facetDelta(
      node,
      keyword,
      widened ? "widened" : "narrowed",
      `${counts}; every value the ${widened ? "old" : "new"} schema accepts is accepted by the ${
        widened ? "new" : "old"
      } one`,
    );
    if (!bringsNothing) unpaired();
  };
  if ((!wide || !narrow) && node.raw !== undefined) {
    // The schemas as written (before references were followed) may show the old union as a
    // branch of the new one. Asked for each direction the branches left unproven: the new
    // union proven within the old one must not hide that the old one, as written, is a branch
    // of the new one, or a schema wrapped in anyOf reads as narrowed (fast-check seeds
    // -1171035830, -344114019).
    const before = wide || narrow;
    wide ||= walk.proves(node.raw[0], node.raw[1], "widened") === true;
    narrow ||= walk.proves(node.raw[1], node.raw[0], "narrowed") === true;
    if (!before && wide !== narrow) return whole(wide);
  }
  // Proven the same: the proof passes what a branch holds in a part that accepts nothing, so
  // the unmodelled keywords new in the branches left are still reported.
  if (wide && narrow) return unpaired();
  // Only allOf branches of an if without then and else came (or went), where the proof could
  // not settle it (a reference it cannot follow may apply the condition in place): each only
  // marks names or items evaluated, so the allOf widened (narrowed).
  const conditions = (list: Indexed[]) => loneConditionsOnly(list.map((x) => x.v));
  if (conjunction && rest.a.length === 0 && conditions(rest.b)) return whole(true);
  if (conjunction && rest.b.length === 0 && conditions(rest.a)) return whole(false, true);
  // The old schema is one branch of the new union, or the new schema one branch of the old: the
  // union was wrapped in another or unwrapped, a widening or narrowing as a whole. Compared in
  // place, the branches of the kept union against the others read keywords that stayed where
  // they were as added or removed (fast-check seed 644214400: anyOf [anyOf [C, {items:
  // {vndVendor}}], {items: true}] → anyOf [C, {items: {vndVendor}}] read vndVendor added,
  // BREAKING, on output). An unwrapped union brings no keyword that was not there.
  const latter = [node.n, ...node.raw === undefined ? [] : [node.raw[1]]];
  if (wide && !narrow && rest.b.some((y) => formerly.some((x) => walk.same(x, y.v)))) {
    return whole(true);
  }
  if (narrow && !wide && rest.a.some((x) => latter.some((y) => walk.same(x.v, y)))) {
    return whole(false, true);
  }
  const paired = Math.min(rest.a.length, rest.b.length);
  // Branches that line up in order, each within its counterpart and of the same keywords, are
  // compared in place: the deltas then name the keyword that changed.
  const keys = (v: JsonValue) => isObject(v) ? Object.keys(v).sort().join() : String(v);
  // A contained branch that accepts nothing is within anything: comparing it in place would
  // grade keywords that decide nothing (fast-check seed 2100790179: `{not: true}` paired with a
  // new `{not: {...}}` branch reported the properties under `not` as BREAKING).
  const within = (x: JsonValue, y: JsonValue) =>
    keys(x) === keys(y) &&
    (wide ? walk.proves(x, y, "widened") : walk.proves(y, x, "narrowed")) === true &&
    (wide ? walk.proves(x, false, "widened") : walk.proves(y, false, "narrowed")) !== true;
  const aligned = rest.a.length === rest.b.length &&
    rest.a.every((x, k) => within(x.v, rest.b[k]!.v));
  if ((wide || narrow) && !aligned) return whole(wide);
  // The proof asks for the same property names on both sides, so a branch that gained (or lost)
  // a property fails it while a branch is added (or removed) beside it, or the branches moved
  // into an anyOf nested bare beside one (zod's nullable union): each branch of the shorter list,
  // nested anyOfs read as one union, paired one to one with its counterpart as the walk pairs
  // them, is compared in place, and the branches left over were added or removed. anyOf [O] →
  // [O with an optional property, string] read "neither set of branches accepts every value of
  // the other", BREAKING on input, where the walk read the property added and the branch added
  // (@orq-ai/node 3.12.1 → 3.14.45, prompts-create's responseFormat); [string, array] → [[string,
  // array of items that gained a property], null] compared the array with null in place.
  const pa = placed(keyword, rest.a), pb = placed(keyword, rest.b);
  const nested = pa.length !== rest.a.length || pb.length !== rest.b.length;
  if ((rest.a.length !== rest.b.length || nested) && !wide && !narrow && !undecided) {
    const left = !conjunction && exclusive ? pairedApart(walk, node, keyword, pa, pb) : undefined;
    if (left !== undefined) {
      if (left.length === 0) return;
      const added = pb.length > pa.length;
      for (const x of left) if (added) walk.unmodelledIn(node, x.at, x.v);
      return walk.facetDelta(
        node,
        keyword,
        added ? "widened" : "narrowed",
        `${counts}: ${left.length === 1 ? "branch" : "branches"} ${
          left.map((x) => x.at.join("/")).join(", ")
        } ${added ? "added" : "removed"}, each other branch compared with its counterpart`,
      );
    }
  }
  if (rest.a.length !== rest.b.length) {
    unpaired();
    return walk.facetDelta(
      node,
      keyword,
      "changed",
      `${counts}, and ${
        undecided
          ? "Proxar could not decide within its step limit whether either set of branches accepts every value of the other"
          : "neither set of branches accepts every value of the other"
      }${exclusive ? "" : " (oneOf branches may overlap, so a value may match more than one)"}`,
    );
  }
  // A proven branch pair compared keyword by keyword may show effects its proof rules out: in
  // {not: {const: "x"}} → {not: {not: true}}, const removed and not added read as a narrowing
  // and a widening, where the whole is a widening (fast-check seeds -1205764934, -421173095).
  // Then the pair is one delta, graded by the proof.
  const proven: Effect = wide ? "widened" : "narrowed";
  const expected = node.neg ? flipEffect(proven) : proven;
  for (let k = 0; k < paired; k++) {
    const x = rest.a[k]!, y = rest.b[k]!;
    if (!conjunction && !wide && !narrow && differentVariants(a, b, x.v, y.v)) {
      // Variants of a discriminated union with other tags and other shapes: one went, one came
      // (compared keyword by keyword, the tag, a property removed and one required read as
      // three changes of one variant).
      const effect = (added: boolean) => !exclusive ? "changed" : added ? "widened" : "narrowed";
      walk.emit(node, node.neg, keyword, effect(false), x.v, undefined, {
        tail: [keyword, x.i],
        detail: `${from} branch ${x.i} removed: no branch of the new ${keyword} holds its tag`,
      });
      walk.emit(node, node.neg, keyword, effect(true), undefined, y.v, {
        tail: [keyword, y.i],
        detail: `${keyword} branch ${y.i} added: no branch of the old ${from} held its tag`,
      });
      walk.unmodelledIn(node, [keyword, y.i], y.v);
      continue;
    }
    const inPlace = () =>
      walk.pair(node, keyword, x.v, [keyword, x.i], y.v, [keyword, y.i], {
        ...conjunction && { beside: besideBranch(node, [a, b], [x.i, y.i]) },
      });
    if (!wide && !narrow) inPlace();
    else if (!walk.tentatively(inPlace, (effect) => effect === expected)) {
      const [from, to] = wide ? ["old", "new"] : ["new", "old"];
      walk.emit(node, node.neg, keyword, proven, x.v, y.v, {
        tail: [keyword, y.i],
        detail: `every value the ${from} branch accepts is accepted by the ${to} one`,
      });
    }
  }
};

/** A branch of a union and its index in the schema. */
type Indexed = { v: JsonValue; i: number };

/** A branch of a union and where it stands below the union's place. */
type Placed = { v: JsonValue; at: Token[] };

/** The branches of `list` where they stand, each anyOf nested bare in an anyOf read as its branches. */
function placed(keyword: string, list: Indexed[]): Placed[] {
  if (keyword !== "anyOf") return list.map((x) => ({ v: x.v, at: [keyword, x.i] }));
  return list.flatMap((x) =>
    flatAnyOf([x.v]).map((b) => ({
      v: b.v,
      at: [keyword, x.i, ...b.i.slice(1).flatMap((k) => [keyword, k])],
    }))
  );
}

/**
 * Compares two lists of union branches (anyOf, or oneOf of disjoint branches) one to one, as
 * {@link pairBranches} pairs them, when it pairs every branch of the shorter list unambiguously:
 * the pairs in place. Returns the branches of the longer list left over (added to or removed
 * from the union), or undefined when the lists do not pair so.
 */
function pairedApart(
  walk: Walker,
  node: Node,
  keyword: string,
  a: Placed[],
  b: Placed[],
): Placed[] | undefined {
  const pairing = pairBranches(a.map((x) => x.v), b.map((y) => y.v));
  if (pairing.ambiguous || pairing.pairs.length !== Math.min(a.length, b.length)) {
    return undefined;
  }
  for (const [i, j] of pairing.pairs) {
    walk.pair(node, keyword, a[i]!.v, a[i]!.at, b[j]!.v, b[j]!.at);
  }
  return pairing.added.map((j) => b[j]!).concat(pairing.removed.map((i) => a[i]!));
}

/**
 * What stands beside allOf branches `i` (old) and `j` (new) of `node`: the other branches, and
 * the object's own keywords but its allOf and unevaluatedProperties.
 */
function besideBranch(
  node: Node,
  [a, b]: [JsonValue[], JsonValue[]],
  [i, j]: [number, number],
): Beside {
  const side = (s: JsonObject, list: JsonValue[], ptr: string | null, k: number): Conjunct[] => {
    const { allOf: _, unevaluatedProperties: __, ...own } = s;
    const at = ptr ?? "";
    return [
      { v: own, loc: at },
      ...list.flatMap((v, m) => m === k ? [] : [{ v, loc: `${at}/allOf/${m}` }]),
    ];
  };
  return { old: side(node.o, a, node.oPtr, i), new: side(node.n, b, node.nPtr, j) };
}

/** The keywords of a schema object that are not annotations. */
const constraintsOf = (x: JsonObject): JsonObject =>
  Object.fromEntries(Object.keys(x).filter((k) => !isAnnotationKeyword(k)).map((k) => [k, x[k]!]));

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
  const others = Object.keys(constraintsOf(union)).filter((k) => k !== keyword);
  const mine = constraintsOf(single);
  if (others.length > 0 || Object.keys(mine).length === 0) return false;
  if (Array.isArray(single.anyOf) || Array.isArray(single.oneOf)) return false;
  return list.some((branch) => walk.same(mine, branch));
}

/** The node's two schema objects and the proof, for {@link conditionalBeside}. */
function sidesAt(walk: Walker, node: Node): Sides {
  return {
    old: { root: walk.oldRoot, loc: node.oPtr, schema: node.o },
    new: { root: walk.newRoot, loc: node.nPtr, schema: node.n },
    proves: (x, y, direction) => walk.proves(x, y, direction, false, true) === true,
  };
}

/**
 * `if` with its `then`/`else`: a conditional added as a whole narrows, removed as a whole widens
 * (an `if` with neither `then` nor `else` constrains nothing); a changed condition is undecidable.
 */
const condition: FacetHandler = (walk, node) => {
  // An if without then and else decides which names or items are evaluated where an
  // unevaluatedProperties or unevaluatedItems sees it (_lone_condition.ts).
  const lone = loneConditionDecides(
    { root: walk.oldRoot, loc: node.oPtr },
    { root: walk.newRoot, loc: node.nPtr },
  );
  const branchless = (s: JsonObject) =>
    walk.read(s, "then") === undefined && walk.read(s, "else") === undefined;
  const active = (s: JsonObject) => walk.read(s, "if") !== undefined && (lone || !branchless(s));
  const ao = active(node.o), an = active(node.n);
  if (!ao && !an) {
    // A condition without then and else, or a then or else without if, decides nothing: no
    // value finding. What it holds that the engine does not model is still reported (added or
    // changed where the new schema writes it, removed where the old one did), as in a part a
    // proof settles: nothing unmodelled passes silently.
    for (const key of ["if", "then", "else"]) {
      const [a, b] = [walk.read(node.o, key), walk.read(node.n, key)];
      if (walk.same(a, b)) continue;
      walk.unmodelledIn(node, [key], b);
      walk.unmodelledOut(node, [key], a, b);
    }
    return;
  }
  if (ao && an) {
    const a = walk.read(node.o, "if"), b = walk.read(node.n, "if");
    // A condition reworded, not changed: the same branch applies (the walk grades the prose and
    // the other annotations that check no value). Written alike, it means the same when every
    // reference it reaches holds values alike.
    const alike = (x: JsonValue, y: JsonValue) => walk.same(withoutNotes(x), withoutNotes(y));
    if (
      a !== undefined && b !== undefined && alike(a, b) &&
      targetsRewritten(a, walk.oldRoot, walk.newRoot, alike) !== undefined
    ) return;
    // Written otherwise, proven to accept the same values both ways (a `$ref` inlined or renamed
    // to an equal definition, `S` as `{allOf: [S]}`): the same branch applies to every value.
    if (
      a !== undefined && b !== undefined &&
      walk.proves(a, b, "widened", false, true) === true &&
      walk.proves(b, a, "narrowed", false, true) === true
    ) return;
    const what = a === undefined ? "added" : b === undefined ? "removed" : "changed";
    return walk.facetDelta(node, "if", "changed", `the if condition was ${what}`);
  }
  // An if alone rejects no value: added, it marks names or items evaluated (a widening).
  const alone = branchless(ao ? node.o : node.n);
  const seen = alone ? undefined : conditionalBeside(sidesAt(walk, node), ["if", "then", "else"]);
  if (seen === "same") return;
  // Where no unevaluated keyword reads it, one whose branches accept every value or apply to none
  // constrains nothing.
  const read = (s: JsonObject, k: string) => walk.read(s, k);
  const inert = !alone && seen === undefined &&
    constrainsNothing(ao ? node.o : node.n, ao ? walk.oldRoot : walk.newRoot, read);
  if (!inert) {
    walk.facetDelta(
      node,
      "if",
      seen ?? (ao !== alone ? "widened" : "narrowed"),
      alone
        ? `if without then and else ${
          ao ? "removed" : "added"
        } where unevaluatedProperties or unevaluatedItems sees it`
        : `if/then/else ${ao ? "removed" : "added"} as a whole`,
    );
  }
  if (an) {
    for (const key of ["if", "then", "else"]) {
      walk.unmodelledIn(node, [key], walk.read(node.n, key));
    }
  }
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

/**
 * unevaluatedItems: a tuple's rest where it is one (see tuple()), compared with the items as
 * the items facet compares them (it runs itself when prefixItems, items or additionalItems
 * differ); elsewhere a subschema like any other.
 */
const unevaluatedItems: FacetHandler = (walk, node, facet) => {
  const rest = (s: JsonObject, root: JsonValue | undefined) =>
    tuple(walk, s, root)?.rest?.tail[0] === "unevaluatedItems";
  const [ro, rn] = [rest(node.o, walk.oldRoot), rest(node.n, walk.newRoot)];
  const plain = (!ro && walk.read(node.o, facet) !== undefined) ||
    (!rn && walk.read(node.n, facet) !== undefined);
  if ((!ro && !rn) || plain) return single(walk, node, facet);
  const itemsDiffer = ["prefixItems", "items", "additionalItems"].some((k) =>
    !walk.same(walk.read(node.o, k), walk.read(node.n, k))
  );
  if (!itemsDiffer) items(walk, node, "items");
};

/**
 * additionalProperties written on one side only beside an unevaluatedProperties that
 * constrains: a name no property declares is governed by additionalProperties when it is
 * written (even `true`), else by unevaluatedProperties, so the two sides' rules for such names
 * are compared, or, when an applicator may evaluate names too, the facet is changed.
 */
const additionalProperties: FacetHandler = (walk, node, facet) => {
  const read = (s: JsonObject, k: string) => walk.read(s, k);
  const constrains = (s: JsonObject) => {
    const u = read(s, "unevaluatedProperties");
    return u !== undefined && !isTrivial(u);
  };
  const [ao, an] = [read(node.o, facet), read(node.n, facet)];
  if ((!constrains(node.o) && !constrains(node.n)) || (ao === undefined) === (an === undefined)) {
    return single(walk, node, facet);
  }
  const applicators = ["allOf", "anyOf", "oneOf", "$ref", "if", "dependentSchemas", "not"];
  if (applicators.some((k) => read(node.o, k) !== undefined || read(node.n, k) !== undefined)) {
    return walk.facetDelta(
      node,
      facet,
      "changed",
      `${facet} ${
        ao === undefined ? "added" : "removed"
      } beside unevaluatedProperties, which other keywords here also feed`,
    );
  }
  const rest = (s: JsonObject, own: JsonValue | undefined): [JsonValue, Token[]] =>
    own !== undefined
      ? [own, [facet]]
      : [read(s, "unevaluatedProperties") ?? true, ["unevaluatedProperties"]];
  const [[x, xt], [y, yt]] = [rest(node.o, ao), rest(node.n, an)];
  walk.pair(node, facet, x, xt, y, yt);
};

/** Handlers of the subschema facets, by facet. */
export const SUBSCHEMA_FACETS: ReadonlyMap<string, FacetHandler> = new Map([
  ["properties", properties],
  ["patternProperties", patternProperties],
  ["additionalProperties", additionalProperties],
  ["unevaluatedProperties", single],
  ["unevaluatedItems", unevaluatedItems],
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
