/**
 * The walk of the catch-all differ: an explicit work stack of subschema pairs, visited in
 * document order. Each visit follows references that stand alone, settles boolean schemas, then
 * compares keywords: unmodelled ones become BREAKING deltas, modelled ones are graded per facet.
 * Private to `catch_all.ts`.
 * @module
 */
import { loneRefOf } from "./_lone_ref.ts";
import { loneConditionDecides } from "./_lone_condition.ts";
import { removalInert } from "./_inert_removal.ts";
import {
  escapePointerToken,
  isObject,
  type JsonObject,
  type JsonValue,
  own,
  pointerOf,
  pointerTokens,
  stableStringify,
} from "../json.ts";
import {
  ANNOTATION_FACETS,
  COMBINATORS,
  type Effect,
  FACET_OF,
  facetOfKeyword,
  flipEffect,
  isAnnotationKeyword,
  type SchemaDelta,
  varianceSeverity,
} from "./types.ts";
import type { CatchAllOptions } from "./catch_all.ts";
import { JsonEquality, resolveLocal, sameJson } from "./_catch_all_json.ts";
import { findRefs, type FoundRef, SCHEMA_LISTS, SCHEMA_MAPS, SCHEMAS } from "./_catch_all_refs.ts";
import { branchBody, propertyBranches } from "./_property_branches.ts";
import { branchChanges, exclusivity, unionAsWritten, unionSwap } from "./_union_keyword.ts";
import { besideKept } from "./_union_lift.ts";
import { closestBranch } from "./_closest_branch.ts";
import { definitionReached, reachedPointers } from "./_reachable_definitions.ts";
import { SUBSCHEMA_FACETS } from "./_catch_all_subschemas.ts";
import { keywordsOfExcludedTypes } from "./_type_keywords.ts";
import {
  type Beside,
  type EmitOptions,
  EMPTY,
  type Found,
  type Node,
  type Pair,
  type Spot,
  type Token,
  unionSorted,
  type Walker,
} from "./_catch_all_types.ts";
import { q, VALUE_VERDICTS, wellTyped } from "./_catch_all_verdicts.ts";
import { disjoint, isAnnotationOnly, subsumes } from "./subsume.ts";
import { targetIn } from "./resolve.ts";
import { notsAsWritten } from "./_same_values.ts";
import { samePropertyPaths } from "./_property_paths.ts";
import { DRAFT07_AJV, readsApart } from "./_ref_siblings.ts";

/**
 * The most places referring to a changed definition that are each proven to mean the same old
 * and new (see `#usesAgree`); a definition used more often is compared as written.
 */
const MAX_USES_PROVEN = 64;

/** Nesting depth (subschema levels below the root) beyond which the walk stops descending. */
const MAX_DEPTH = 1000;

/** The keywords of each facet, sorted. */
const FACET_KEYWORDS: ReadonlyMap<string, readonly string[]> = (() => {
  const map = new Map<string, string[]>();
  for (const keyword of Object.keys(FACET_OF).sort()) {
    const facet = FACET_OF[keyword] as string;
    map.set(facet, [...(map.get(facet) ?? []), keyword]);
  }
  return map;
})();

const facetOf = facetOfKeyword;

/** A schema as an object (`true` ≡ `{}`), `false`, or `undefined` when it is not a schema. */
function schemaOf(value: JsonValue): JsonObject | false | undefined {
  if (value === true) return EMPTY;
  if (value === false) return false;
  return isObject(value) ? value : undefined;
}

/**
 * Whether `lone` and `branch` are both written as an allOf with no unevaluatedProperties or
 * unevaluatedItems beside it, and share a branch (see `#liftUnion`).
 */
function conjunctionsAlike(
  lone: JsonObject,
  branch: JsonValue | undefined,
  same: (a: JsonValue, b: JsonValue) => boolean,
): boolean {
  const conjuncts = (s: JsonValue | undefined) =>
    isObject(s) && Array.isArray(s.allOf) && !Object.hasOwn(s, "unevaluatedProperties") &&
      !Object.hasOwn(s, "unevaluatedItems")
      ? s.allOf
      : undefined;
  const [a, b] = [conjuncts(lone), conjuncts(branch)];
  return a !== undefined && b !== undefined && a.some((x) => b.some((y) => same(x, y)));
}

/** The values of a pair to show in a delta: none for a side that is absent. */
const shown = (
  o: JsonValue,
  oPtr: string | null,
  n: JsonValue,
  nPtr: string | null,
): [JsonValue | undefined, JsonValue | undefined] => [
  oPtr === null ? undefined : o,
  nPtr === null ? undefined : n,
];

/** One comparison of two schemas; {@link CatchAllWalk.run} returns its deltas. */
export class CatchAllWalk implements Walker {
  readonly side: CatchAllOptions["side"];
  readonly oldRoot: JsonValue | undefined;
  readonly newRoot: JsonValue | undefined;
  readonly #options: CatchAllOptions;
  readonly #deltas: SchemaDelta[] = [];
  #stack: (Pair | Found)[] = [];
  #pending: (Pair | Found)[] = [];
  readonly #visited = new Set<string>();
  /** The effect of each graded delta, which tentatively() checks. */
  readonly #effects = new WeakMap<SchemaDelta, Effect>();
  /** What the tentative walks under way added to the sets below, so it can be taken back. */
  #journal: [Set<string>, string][] | undefined;
  readonly #equality = new JsonEquality();
  /** Locations of the `$ref`s already reported, so the dangling check adds no twin. */
  readonly #refsReported = new Set<string>();
  #definitionsChanged = false;
  /** The nodes each side reaches, computed when a definition changed (null: not decidable). */
  readonly #reach: { old?: Set<string> | null; new?: Set<string> | null } = {};
  /** Whether the last composition graded was proven, not merely lifted. */
  #proven = false;
  /** Whether the node being graded is under an odd number of `not`s (see proves()). */
  #neg = false;

  constructor(old: JsonValue | undefined, next: JsonValue | undefined, options: CatchAllOptions) {
    this.side = options.side;
    this.oldRoot = old;
    this.newRoot = next;
    this.#options = options;
    const asWritten = (s: JsonValue) => s;
    this.targets = options.known.has("$ref")
      ? [targetIn(old ?? true), targetIn(next ?? true)]
      : [asWritten, asWritten];
  }

  /** Each side's references read as their targets, for disjoint() (see `Walker`). */
  readonly targets: readonly [(s: JsonValue) => JsonValue, (s: JsonValue) => JsonValue];

  /** Walks both schemas and returns the deltas, in document order. */
  run(): SchemaDelta[] {
    // Most schemas do not change: one plain comparison settles them without hashing.
    if (sameJson(this.oldRoot, this.newRoot)) return this.#deltas;
    const [old, next] = [this.oldRoot, this.newRoot];
    this.descend({
      o: old === undefined ? true : old,
      n: next === undefined ? true : next,
      oPtr: old === undefined ? null : "",
      nPtr: next === undefined ? null : "",
      at: { loc: "", tail: [] },
      facet: "type",
      neg: false,
      depth: 0,
    });
    this.#drain();
    if (this.#definitionsChanged) this.#danglingRefs();
    return this.#deltas;
  }

  /** Visits the queued pairs, and what they queue, until none is left. */
  #drain(): void {
    do {
      // The pairs a visit queued go on the stack in reverse, so they are visited in order.
      for (let p = this.#pending.pop(); p !== undefined; p = this.#pending.pop()) {
        this.#stack.push(p);
      }
      const entry = this.#stack.pop();
      if (entry === undefined) continue;
      if (!("deltas" in entry)) this.#visit(entry);
      else for (const delta of entry.deltas) this.#deltas.push(delta);
    } while (this.#stack.length > 0 || this.#pending.length > 0);
  }

  // ---- the Walker interface used by the facet handlers ---------------------------------------

  read(schema: JsonObject, keyword: string): JsonValue | undefined {
    return this.#options.known.has(keyword) ? own(schema, keyword) : undefined;
  }

  same(a: unknown, b: unknown): boolean {
    return this.#equality.same(a, b);
  }

  pair(
    node: Node,
    facet: string,
    a: JsonValue | undefined,
    aTail: readonly Token[],
    b: JsonValue | undefined,
    bTail: readonly Token[],
    { missing = true, neg = node.neg, beside }: {
      missing?: boolean;
      neg?: boolean;
      beside?: Beside;
    } = {},
  ): void {
    const o = a === undefined ? missing : a;
    const n = b === undefined ? missing : b;
    // Most pairs are equal: settled before their pointers are written (descend() would drop them).
    if (this.same(o, n)) return;
    const child = (ptr: string | null, tail: readonly Token[]) =>
      ptr === null ? null : ptr + pointerOf(tail);
    this.#queue({
      ...beside && { beside },
      o,
      n,
      oPtr: a === undefined ? null : child(node.oPtr, aTail),
      nPtr: b === undefined ? null : child(node.nPtr, bTail),
      at: { loc: node.loc, tail: b === undefined ? aTail : bTail, old: child(node.oPtr, aTail) },
      facet,
      neg,
      depth: node.depth + 1,
    });
  }

  descend(pair: Pair): void {
    if (this.same(pair.o, pair.n)) return;
    this.#queue(pair);
  }

  /** Queues a pair of schemas that differ, or reports where the depth limit stops the walk. */
  #queue(pair: Pair): void {
    if (pair.depth > MAX_DEPTH) {
      const [o, n] = shown(pair.o, pair.oPtr, pair.n, pair.nPtr);
      this.emit(pair.at, pair.neg, pair.facet, "changed", o, n, {
        detail: `the depth limit of ${MAX_DEPTH} nested schemas was reached; stopped comparing`,
        keepEffect: true,
      });
      return;
    }
    this.#pending.push(pair);
  }

  emit(
    at: Spot,
    neg: boolean,
    facet: string,
    effect: Effect,
    old: JsonValue | undefined,
    next: JsonValue | undefined,
    { tail = at.tail ?? [], detail, keepEffect = false }: EmitOptions,
  ): void {
    const final = neg && !keepEffect ? flipEffect(effect) : effect;
    if (facet === "$ref" && tail[0] === "$ref") this.#note(this.#refsReported, at.loc);
    // Where the keyword stood in the old schema: below the old node, or the spot's own.
    const before = "oPtr" in at
      ? ((at as Node).oPtr === null ? null : (at as Node).oPtr + pointerOf(tail))
      : at.old;
    const delta = this.#delta(at.loc, tail, facet, before);
    this.#effects.set(delta, final);
    delta.rule = `tool.${this.side}.keyword.${final}`;
    delta.severity = varianceSeverity(this.side, final);
    const under = neg ? " (under not)" : "";
    // A keyword beside a draft-07 $ref, which this differ applies as ajv 8 does.
    const node = "oPtr" in at ? at as Node : undefined;
    const draft07 = node !== undefined && facet !== "$ref" &&
        (readsApart(node.o, this.oldRoot) || readsApart(node.n, this.newRoot))
      ? ` (${DRAFT07_AJV})`
      : "";
    delta.message = `${capital(final)} ${q(facet)} at ${
      q(delta.path)
    }: ${detail}${under}${draft07}`;
    if (old !== undefined) delta.old = old;
    if (next !== undefined) delta.new = next;
    this.#deltas.push(delta);
  }

  facetDelta(node: Node, facet: string, effect: Effect, detail: string): void {
    const keywords = (FACET_KEYWORDS.get(facet) ?? [facet]).filter((k) =>
      this.#options.known.has(k) && (Object.hasOwn(node.o, k) || Object.hasOwn(node.n, k))
    );
    const differs = keywords.filter((k) => !this.same(own(node.o, k), own(node.n, k)));
    const keyword = differs.find((k) => Object.hasOwn(node.n, k)) ?? differs[0] ??
      keywords[0] ?? facet;
    // One keyword: its raw values; several (`minimum` + `exclusiveMinimum`): an object of them.
    const pick = (schema: JsonObject): JsonValue | undefined => {
      if (keywords.length === 1) return own(schema, keywords[0] as string);
      const present = keywords.filter((k) => Object.hasOwn(schema, k));
      if (present.length === 0) return undefined;
      return Object.fromEntries(present.map((k) => [k, schema[k] as JsonValue]));
    };
    this.emit(node, node.neg, facet, effect, pick(node.o), pick(node.n), {
      tail: [keyword],
      detail,
    });
  }

  tentatively(queue: () => void, agrees: (effect: Effect) => boolean): boolean {
    const [stack, pending, journal] = [this.#stack, this.#pending, this.#journal];
    const [mark, changed, neg] = [this.#deltas.length, this.#definitionsChanged, this.#neg];
    [this.#stack, this.#pending, this.#journal] = [[], [], []];
    queue();
    this.#drain();
    // The nested walk set #neg for its own nodes; the node that asked reads its own again.
    this.#neg = neg;
    let found = this.#deltas.splice(mark);
    const traces = this.#journal;
    [this.#stack, this.#pending, this.#journal] = [stack, pending, journal];
    const kept = found.every((d) => {
      const effect = this.#effects.get(d);
      return effect === undefined || agrees(effect);
    });
    if (!kept) {
      for (const [set, key] of traces) set.delete(key);
      this.#definitionsChanged = changed;
      // No proof speaks for a keyword the engine does not model: its finding stays.
      found = found.filter((d) => !this.#effects.has(d));
    } else if (this.#journal !== undefined) {
      // Inside another tentative walk, which may still take these back.
      for (const trace of traces) this.#journal.push(trace);
    }
    // In the place the pairs held in the queue, so the deltas keep document order.
    if (found.length > 0) this.#pending.push({ deltas: found });
    return kept;
  }

  /** Adds `key` to `set`, in the journal of the tentative walks under way. */
  #note(set: Set<string>, key: string): void {
    if (set.has(key)) return;
    set.add(key);
    this.#journal?.push([set, key]);
  }

  // ---- one pair: follow lone references, then booleans, then keywords ------------------------

  #visit(pair: Pair): void {
    let { o, n, oPtr, nPtr } = pair;
    const before = nPtr ?? oPtr ?? pair.at.loc;
    let unwrapped = false;
    const chain = new Set<string>();
    for (;;) {
      const key = `${pair.neg ? "-" : "+"}${oPtr ?? "!"}\u0000${nPtr ?? "!"}`;
      if (this.#visited.has(key)) {
        if (chain.has(key)) {
          const [a, b] = shown(pair.o, pair.oPtr, pair.n, pair.nPtr);
          this.emit(pair.at, pair.neg, "$ref", "changed", a, b, {
            detail: "the schema is a cycle of references that never reaches a schema",
          });
        }
        return;
      }
      this.#note(this.#visited, key);
      chain.add(key);
      // The same reference on both sides: the definitions walk compares the targets (and
      // #danglingRefs reports a target that is gone from one side).
      if (isObject(o) && isObject(n) && this.#options.known.has("$ref")) {
        const ref = own(o, "$ref");
        if (typeof ref === "string" && ref === own(n, "$ref")) break;
      }
      // {not: {not: X}}, nothing else at either level, accepts what X accepts; then a one-branch
      // anyOf/oneOf/allOf with nothing beside it but annotations is its branch.
      let no = this.#doubleNot(o, oPtr), nn = this.#doubleNot(n, nPtr);
      // A bare double not against one with annotations beside it: both compared as written.
      if (notsAsWritten(o, n, no, nn)) no = nn = undefined;
      const [wo, wn] = no !== undefined || nn !== undefined
        ? [no, nn]
        : [this.#soleBranch(o, oPtr, n), this.#soleBranch(n, nPtr, o)];
      if (wo !== undefined || wn !== undefined) {
        if (wo !== undefined) [o, oPtr] = wo;
        if (wn !== undefined) [n, nPtr] = wn;
        if (this.same(o, n)) return;
        unwrapped = true;
        continue;
      }
      // A schema that is only a reference is replaced by its target, link by link: a loop,
      // not recursion, so a chain of any length is safe.
      const ro = this.#loneRef(o), rn = this.#loneRef(n);
      const to = ro === undefined ? undefined : resolveLocal(this.oldRoot, ro);
      const tn = rn === undefined ? undefined : resolveLocal(this.newRoot, rn);
      if (to === undefined && tn === undefined) break;
      // The definitions next to a reference that is replaced are still paired.
      if (isObject(o) && isObject(n)) {
        const node = {
          o,
          n,
          oPtr,
          nPtr,
          loc: nPtr ?? oPtr ?? "",
          neg: pair.neg,
          depth: pair.depth,
        };
        for (const keyword of ["$defs", "definitions"]) this.#definitions(node, keyword);
      }
      if (to !== undefined) [o, oPtr] = [to.value, to.pointer];
      if (tn !== undefined) [n, nPtr] = [tn.value, tn.pointer];
      if (this.same(o, n)) return;
    }
    const a = schemaOf(o), b = schemaOf(n);
    const [oldValue, newValue] = shown(o, oPtr, n, nPtr);
    if (a === undefined || b === undefined) {
      this.emit(pair.at, pair.neg, pair.facet, "changed", oldValue, newValue, {
        detail: "a schema must be an object or a boolean",
      });
    } else if (a === false || b === false) {
      if (a === b) return;
      this.emit(
        pair.at,
        pair.neg,
        pair.facet,
        a === false ? "widened" : "narrowed",
        oldValue,
        newValue,
        {
          detail: a === false
            ? "a schema that accepted nothing now accepts values"
            : "the schema now accepts nothing",
        },
      );
    } else {
      const loc = nPtr ?? oPtr ?? pair.at.loc;
      const node: Node = { o: a, n: b, oPtr, nPtr, loc, neg: pair.neg, depth: pair.depth };
      if (pair.beside !== undefined) node.beside = pair.beside;
      if (unwrapped) node.outer = before;
      if (o !== pair.o || n !== pair.n) node.raw = [pair.o, pair.n];
      this.#keywords(node);
    }
  }

  /** X of `{not: {not: X}}` written with nothing else at either level, and where it is. */
  #doubleNot(schema: JsonValue, ptr: string | null): [JsonValue, string] | undefined {
    if (!isObject(schema) || ptr === null || !this.#options.known.has("not")) return undefined;
    const outer = own(schema, "not");
    if (Object.keys(schema).length !== 1 || !isObject(outer)) return undefined;
    const inner = own(outer, "not");
    if (Object.keys(outer).length !== 1 || inner === undefined) return undefined;
    return [inner, `${ptr}/not/not`];
  }

  /** The branch of a one-branch combinator that holds nothing else but annotations. */
  #soleBranch(
    schema: JsonValue,
    ptr: string | null,
    other: JsonValue,
  ): [JsonValue, string] | undefined {
    if (!isObject(schema) || ptr === null) return undefined;
    const known = this.#options.known;
    let found: [JsonValue, string] | undefined;
    for (const key of Object.keys(schema)) {
      const value = schema[key] as JsonValue;
      if (COMBINATORS.includes(key) && known.has(key)) {
        if (found !== undefined || !Array.isArray(value)) return undefined;
        // The same combinator on the other side: its branch lists are compared as such.
        if (isObject(other) && Object.hasOwn(other, key)) return undefined;
        const branches = value.map((v, i) => [v, i] as const)
          .filter(([v]) => key !== "allOf" || !isAnnotationOnly(v));
        if (branches.length !== 1) return undefined;
        const [branch, index] = branches[0]!;
        found = [branch, `${ptr}/${key}/${index}`];
      } else if (!known.has(key) || !isAnnotationKeyword(key) || facetOf(key) === "$defs") {
        return undefined;
      }
    }
    return found;
  }

  /** The `$ref` of a schema that holds nothing else but known annotations. */
  #loneRef(schema: JsonValue): string | undefined {
    const known = this.#options.known;
    if (!known.has("$ref")) return undefined;
    return loneRefOf(schema, (key) => {
      const facet = facetOf(key);
      return known.has(key) && facet !== undefined && ANNOTATION_FACETS.has(facet);
    });
  }

  #keywords(written: Node): void {
    const node = this.#withoutAnnotationAllOf(this.#withoutPropertyBranches(written));
    // anyOf on one side and oneOf on the other, each of disjoint branches: one union, whose
    // branches the oneOf/anyOf handler pairs (_union_keyword.ts).
    const renamed = unionAsWritten(node.o, node.n, (s, k) => this.read(s, k), this.targets);
    if (renamed) {
      node.o = renamed.schema;
      node.unionFrom = renamed.from;
    }
    this.#neg = node.neg;
    const known = this.#options.known;
    const graded = new Set<string>();
    const arrays = (s: JsonObject) =>
      COMBINATORS.every((k) => !known.has(k) || !Object.hasOwn(s, k) || Array.isArray(s[k]));
    // A combinator that appears or disappears moves keywords in or out of branches; one on
    // both sides is left to its handler, which pairs the branches.
    const composed = arrays(node.o) && arrays(node.n) &&
      COMBINATORS.some((k) =>
        known.has(k) && (own(node.o, k) === undefined) !== (own(node.n, k) === undefined)
      );
    if (composed && this.#composition(node)) {
      // The composition was graded as a whole. A proof passes unmodelled keywords inside parts
      // equal on both sides, and inside parts that accept nothing, whatever they hold: those new
      // to the new schema are reported as in a subschema added whole (one standing at the same
      // place with the same value, or moved, is not new).
      if (this.#proven) {
        this.unmodelledIn(node, [], node.n);
        this.unmodelledOut(node, [], node.o, node.n);
      }
      for (const keyword of unionSorted(node.o, node.n)) {
        const a = own(node.o, keyword), b = own(node.n, keyword);
        if (this.same(a, b)) continue;
        if (!known.has(keyword) && !this.#proven) this.#unmodelled(node, keyword, a, b);
        else if (facetOf(keyword) === "$defs") {
          this.#definitionsChanged = true;
          this.#definitions(node, keyword);
        }
      }
      return;
    }
    const proven = this.#sameThroughRef(node);
    // The proof passes unmodelled keywords in parts that accept nothing: those new are reported.
    if (proven) {
      this.unmodelledIn(node, [], node.n);
      this.unmodelledOut(node, [], node.o, node.n);
    }
    // Keywords of a type one side's `type` excludes constrain nothing both sides accept: the
    // type change says what changed for such values (_type_keywords.ts). The unmodelled
    // keywords inside a new subschema of theirs are still reported, as in one added whole.
    const excluded = keywordsOfExcludedTypes(node.o, node.n, (s, k) => this.read(s, k));
    for (const keyword of unionSorted(node.o, node.n)) {
      const a = own(node.o, keyword), b = own(node.n, keyword);
      if (this.same(a, b)) continue;
      const facet = facetOf(keyword);
      if (proven && facet !== "$defs") continue;
      if (excluded.has(keyword)) {
        if (b !== undefined) this.unmodelledIn(node, [], { [keyword]: b });
        continue;
      }
      if (!known.has(keyword)) this.#unmodelled(node, keyword, a, b);
      else if (facet === undefined) {
        this.emit(node, node.neg, keyword, "changed", a, b, {
          tail: [keyword],
          detail: "the catch-all differ has no verdict for this keyword",
        });
      } else if (ANNOTATION_FACETS.has(facet)) {
        if (facet === "$defs") {
          this.#definitionsChanged = true;
          this.#definitions(node, keyword);
        }
      } else if (!graded.has(facet)) {
        graded.add(facet);
        this.#facet(node, facet);
      }
    }
  }

  /**
   * The node with each new allOf branch that only declares optional properties new to an open
   * object (see {@link propertyBranches}) reported as those properties added, as `properties`
   * grades them, and taken out of the allOf: replaced by `true`, which keeps the other branches'
   * places and constrains nothing, or with the allOf itself when nothing else is left of a new one.
   */
  #withoutPropertyBranches(node: Node): Node {
    const b = this.read(node.n, "allOf");
    // Only branches of a new allOf can be such: most nodes have none, and need no copies below.
    if (!Array.isArray(b)) return node;
    // The keywords this differ knows, as it reads them.
    const known = (s: JsonObject): JsonObject =>
      Object.fromEntries(
        Object.keys(s).flatMap((k) => {
          const v = this.read(s, k);
          return v === undefined ? [] : [[k, v]];
        }),
      );
    const roots: [JsonValue, JsonValue] = [this.oldRoot ?? true, this.newRoot ?? true];
    const found = propertyBranches(known(node.o), known(node.n), roots);
    if (found.length === 0) return node;
    const added: Effect = this.side === "input" ? "widened" : "narrowed";
    for (const i of found) {
      // A branch that is a reference declares its definition's properties, found there.
      const { body, pointer } = branchBody(b[i] as JsonValue, this.newRoot)!;
      const props = (body as { properties: JsonObject }).properties;
      for (const name of Object.keys(props).sort()) {
        const tail = pointer === undefined
          ? ["allOf", i, "properties", name]
          : ["properties", name];
        const at = pointer === undefined ? node : { loc: pointer };
        this.emit(at, node.neg, "properties", added, undefined, props[name], {
          tail,
          detail: `property ${q(name)} added (declared in allOf branch ${i})`,
        });
        this.unmodelledIn(
          pointer === undefined ? node : { ...node, loc: pointer },
          tail,
          props[name],
        );
      }
    }
    const rest = b.map((x, i) => found.includes(i) ? true : x);
    const n: JsonObject = { ...node.n, allOf: rest };
    if (this.read(node.o, "allOf") === undefined && rest.every(isAnnotationOnly)) delete n.allOf;
    return { ...node, n };
  }

  /**
   * The node without an allOf of annotation-only branches on a side: it constrains no value, and
   * this differ grades no annotation (the walk compares them), so an allOf whose branches were
   * all annotations (the descriptions the conjunct merge keeps apart, _merged_conjuncts.ts) does
   * not take the grade of the keywords beside it that changed.
   */
  #withoutAnnotationAllOf(node: Node): Node {
    const inert = (s: JsonObject) => {
      const branches = this.read(s, "allOf");
      return Array.isArray(branches) && branches.every(isAnnotationOnly);
    };
    if (!inert(node.o) && !inert(node.n)) return node;
    const bare = (s: JsonObject) => {
      if (!inert(s)) return s;
      const { allOf: _, ...rest } = s;
      return rest as JsonObject;
    };
    return { ...node, o: bare(node.o), n: bare(node.n) };
  }

  /**
   * Whether a node with the same `$ref` on both sides, and other keywords beside it that differ,
   * is proven to accept the same values: a keyword moved between the reference's side and its
   * definition changes nothing, as both apply together (draft-07 and older ignore the side).
   * The proof fails on any keyword it does not model, so none passes unreported.
   */
  #sameThroughRef(node: Node): boolean {
    const ref = this.read(node.o, "$ref");
    if (typeof ref !== "string" || !this.same(ref, this.read(node.n, "$ref"))) return false;
    return this.proves(node.o, node.n, "widened") === true &&
      this.proves(node.n, node.o, "narrowed") === true;
  }

  /**
   * A change of anyOf/oneOf/allOf graded as a whole: one delta when subsumption proves the old
   * schema within the new one (widened) or the reverse (narrowed), nothing when both; else a
   * lone schema facing a union is compared with its closest branch. False when neither applies.
   */
  #composition(node: Node): boolean {
    const pairs: [JsonValue, JsonValue][] = [[node.o, node.n]];
    if (node.raw !== undefined) pairs.push(node.raw);
    let wide = pairs.some(([x, y]) => this.proves(x, y, "widened") === true);
    let narrow = pairs.some(([x, y]) => this.proves(y, x, "narrowed") === true);
    // Properties that moved between branches (a union of objects flattened into one) fail the
    // proof's same-names condition; with no property added or removed, plain sets decide.
    if (!wide && !narrow && samePropertyPaths(node.o, node.n)) {
      wide = this.proves(node.o, node.n, "widened", false) === true;
      narrow = this.proves(node.n, node.o, "narrowed", false) === true;
    }
    this.#proven = wide || narrow;
    if (wide && narrow) return true;
    let keyword = COMBINATORS.find((k) => !this.same(own(node.o, k), own(node.n, k))) as string;
    // anyOf on one side, oneOf on the other: the union became exclusive or stopped being so.
    const swap = unionSwap(node.o, node.n, (s, k) => this.read(s, k));
    if (swap !== undefined) keyword = swap.to;
    if (wide || narrow) {
      const at = { loc: node.outer ?? node.loc };
      const proof = wide
        ? "every value the old schema accepted is accepted by the new one"
        : "every value the new schema accepts was accepted by the old one";
      this.emit(
        at,
        node.neg,
        keyword,
        wide ? "widened" : "narrowed",
        own(node.o, swap?.from ?? keyword),
        own(node.n, keyword),
        {
          tail: [keyword],
          detail: swap === undefined
            ? proof
            : `${swap.from} became ${swap.to}: ${exclusivity(swap.to)}${
              branchChanges(
                swap.from,
                own(node.o, swap.from) as JsonValue[],
                swap.to,
                own(node.n, swap.to) as JsonValue[],
              )
            }; ${proof}`,
        },
      );
      return true;
    }
    return this.#liftUnion(node);
  }

  /** A lone schema on one side and a bare union on the other: paired with its closest branch. */
  #liftUnion(node: Node): boolean {
    const union = (s: JsonObject) => ["anyOf", "oneOf"].find((k) => Array.isArray(this.read(s, k)));
    const uo = union(node.o), un = union(node.n);
    if ((uo === undefined) === (un === undefined)) return false;
    const added = un !== undefined;
    // Keywords beside a union added that the old schema holds with the same value leave it as it
    // is when every branch declares its properties, as in the walk (besideKept(), _union_lift.ts).
    const bare = (s: JsonObject, k: string, lone: JsonObject) => {
      const rest = Object.keys(s).filter((key) => key !== k && !isAnnotationKeyword(key));
      return rest.length === 0 || (added && besideKept(lone, s, k, rest));
    };
    const keyword = (un ?? uo) as string;
    const [lone, holder] = added ? [node.o, node.n] : [node.n, node.o];
    if (
      !bare(holder, keyword, lone) || Object.keys(lone).every((k) => isAnnotationKeyword(k))
    ) {
      return false;
    }
    const branches = this.read(holder, keyword) as JsonValue[];
    // The branch the walk pairs it with (@orq-ai/node 3.12.1 → 3.14.45's knowledge-update: an
    // object became [external, internal], and compared with the first it read two properties
    // removed, BREAKING, where the second holds them).
    const same = (a: JsonValue | undefined, b: JsonValue | undefined) => this.same(a, b);
    const best = closestBranch(lone, branches, same);
    // A lone allOf is paired with a branch that is an allOf holding one of its branches as it
    // is (allOf [X, Y] → anyOf [allOf [X', Y], null]: compared as one allOf with another), unless
    // an unevaluatedProperties or unevaluatedItems beside either reads the names their branches
    // evaluate; else it is left to the proof (undecided there, it stays BREAKING).
    if (Array.isArray(lone.allOf) && !conjunctionsAlike(lone, branches[best], same)) return false;
    // Variants written as references are told apart by their definitions, as in the walk.
    const resolve = this.targets[added ? 1 : 0];
    const exclusive = keyword === "anyOf" ||
      branches.every((x, i) => branches.every((y, j) => i === j || disjoint(x, y, resolve)));
    branches.forEach((branch, i) => {
      if (i === best) return;
      const effect: Effect = !exclusive ? "changed" : added ? "widened" : "narrowed";
      const [o, n] = added ? [undefined, branch] : [branch, undefined];
      this.emit(node, node.neg, keyword, effect, o, n, {
        tail: [keyword, i],
        detail: `${keyword} branch ${i} ${
          added ? "added beside" : "removed from beside"
        } the former schema${
          exclusive ? "" : "; it may overlap the others, so a value may match more than one"
        }`,
      });
    });
    const tail = [keyword, best];
    if (added) this.pair(node, keyword, lone, [], branches[best], tail);
    else this.pair(node, keyword, branches[best], tail, lone, []);
    return true;
  }

  /**
   * Whether every value of `a` is valid under `b` ("widened": a old, b new; else the reverse).
   * On an input, outside `not`, a bound at the safe-integer limit holds for integers, as the
   * bound verdicts read it (`_safe_integer.ts`), unless `exact` (a condition, which has no side).
   */
  proves(
    a: JsonValue,
    b: JsonValue,
    direction: "widened" | "narrowed",
    names = true,
    exact = false,
  ): true | string {
    const wide = direction === "widened";
    const graded = !exact && this.side === "input" && !this.#neg;
    return subsumes(a, b, {
      rootA: wide ? this.oldRoot : this.newRoot,
      rootB: wide ? this.newRoot : this.oldRoot,
      known: this.#options.known,
      old: !names ? "none" : wide ? "a" : "b",
      safeIntegers: graded,
      nonstandardFormats: graded,
      budget: this.#options.proofs,
    });
  }

  removalInert(old: JsonObject, next: JsonObject, name: string): boolean {
    return removalInert(old, next, name, {
      oldRoot: this.oldRoot,
      newRoot: this.newRoot,
      known: this.#options.known,
      budget: this.#options.proofs,
    });
  }

  /**
   * The keywords outside `known` in a subschema only the new side has (a property or a branch
   * added), which no pair brings to {@link #keywords}: each is reported where it is written, as an
   * unmodelled keyword added, since one is reported on the day it appears in a schema. Walks the
   * subschema positions below it, and the local `$ref`s into definitions the old schema does not
   * hold as they are, each schema once.
   */
  unmodelledIn(node: Node, tail: readonly Token[], schema: JsonValue | undefined): void {
    const known = this.#options.known;
    this.#schemasBelow(schema, node.loc + pointerOf(tail), true, (s, loc) => {
      // Most subschemas hold no unmodelled keyword: the old schema is looked at only for one.
      if (Object.keys(s).every((keyword) => known.has(keyword))) return;
      // As the old schema wrote them: a place that accepts nothing, read as false on the old
      // side alone, held them too (fast-check seeds -1465304087, -939757977: anyOf [S, N] →
      // anyOf [X, anyOf [S, N]], N accepting nothing and holding one, read it added).
      const before = this.#oldUnmodelled ??= this.#unmodelledOf(
        this.#options.oldWritten ?? this.oldRoot,
      );
      // The same place in the old schema (a definition both sides hold, reached anew).
      const then = resolveLocal(this.oldRoot, `#${encodeURIComponent(loc)}`);
      const was = then !== undefined && isObject(then.value) ? then.value : undefined;
      for (const keyword of Object.keys(s).sort()) {
        if (known.has(keyword)) continue;
        // Written so at this very place in the old schema: it stands where it stood.
        if (
          was !== undefined && Object.hasOwn(was, keyword) && this.same(was[keyword], s[keyword])
        ) {
          continue;
        }
        // Written so in the old schema already at a place the new schema no longer holds it (the
        // former schema now a branch, a definition moved): it did not appear now. One the new
        // schema still holds where it was stays there: a copy elsewhere is new (review).
        if (before.get(keyword)?.some((v) => this.same(v, s[keyword]))) continue;
        // Written at this very place in the old schema with another value: changed, not added.
        if (was !== undefined && Object.hasOwn(was, keyword)) {
          this.#unmodelled({ ...node, loc, oPtr: loc }, keyword, was[keyword], s[keyword]);
        } else this.#unmodelled({ ...node, loc }, keyword, undefined, s[keyword]);
      }
    });
  }

  /**
   * The mirror of {@link unmodelledIn} for a part proven to accept the same values (a proof
   * passes parts that accept nothing, and branches it never needs, whatever they hold): the
   * keywords outside `known` the old schema wrote below `tail` of the old node that the new
   * schema no longer holds, at that place or (moved) anywhere else, are reported as removed,
   * where they stood. One the new part still writes somewhere with another value was reported
   * there by {@link unmodelledIn}, with that value. As for a subschema removed whole, keywords
   * of an old schema that is gone are not reported: only those of the part itself and of the
   * schemas in it that the new part still holds (the same known keywords, anywhere in it).
   */
  unmodelledOut(
    node: Node,
    tail: readonly Token[],
    schema: JsonValue | undefined,
    next: JsonValue | undefined,
  ): void {
    if (node.oPtr === null) return;
    const known = this.#options.known;
    // Made for the first unmodelled keyword met, as in unmodelledIn().
    const after = () => this.#newUnmodelled ??= this.#unmodelledOf(this.newRoot, this.oldRoot);
    const written = new Set<string>();
    const below: JsonObject[] = [];
    const modelled = (s: JsonObject) =>
      Object.fromEntries(Object.keys(s).filter((k) => known.has(k)).map((k) => [k, s[k]!]));
    this.#schemasBelow(next, node.loc + pointerOf(tail), true, (s) => {
      for (const keyword of Object.keys(s)) if (!known.has(keyword)) written.add(keyword);
      below.push(s);
    });
    // The new schemas' shapes (each one's text without its unmodelled keywords), written only
    // when an old schema holds an unmodelled keyword: most hold none, and the text of every
    // schema below a definition holds all those below it.
    let shapes: Set<string> | undefined;
    const start = node.oPtr + pointerOf(tail);
    this.#schemasBelow(schema, start, "old", (s, loc) => {
      if (Object.keys(s).every((keyword) => known.has(keyword))) return;
      shapes ??= new Set(below.map((x) => stableStringify(modelled(x))));
      if (loc !== start && !shapes.has(stableStringify(modelled(s)))) return;
      const now = resolveLocal(this.newRoot, `#${encodeURIComponent(loc)}`);
      const kept = now !== undefined && isObject(now.value) ? now.value : undefined;
      for (const keyword of Object.keys(s).sort()) {
        if (known.has(keyword)) continue;
        // Still written at this place (changed, it is reported as the new schema's).
        if (kept !== undefined && Object.hasOwn(kept, keyword)) continue;
        // Moved: the new schema holds it at a place the old one does not.
        if (after().get(keyword)?.some((v) => this.same(v, s[keyword]))) continue;
        if (written.has(keyword)) continue;
        this.#unmodelled({ ...node, loc, oPtr: loc }, keyword, s[keyword], undefined);
      }
    });
  }

  /**
   * The unmodelled keywords written in the old schema, with their values, by keyword, leaving
   * out those the new schema still holds with the same value at the same pointer.
   */
  #oldUnmodelled: Map<string, JsonValue[]> | undefined;
  /** The same of the new schema, against the old one. */
  #newUnmodelled: Map<string, JsonValue[]> | undefined;

  #unmodelledOf(
    root: JsonValue | undefined,
    other: JsonValue | undefined = this.newRoot,
  ): Map<string, JsonValue[]> {
    const out = new Map<string, JsonValue[]>();
    this.#schemasBelow(root, "", false, (s, loc) => {
      const now = resolveLocal(other, `#${encodeURIComponent(loc)}`);
      const kept = now !== undefined && isObject(now.value) ? now.value : undefined;
      for (const keyword of Object.keys(s)) {
        if (this.#options.known.has(keyword)) continue;
        if (kept !== undefined && Object.hasOwn(kept, keyword)) {
          if (this.same(kept[keyword], s[keyword])) continue;
        }
        out.set(keyword, [...out.get(keyword) ?? [], s[keyword]!]);
      }
    });
    return out;
  }

  /**
   * Calls `visit` with every schema object at or below `schema` (at `loc`), in document order,
   * each once; with `follow`, also with the targets of its local `$ref`s in the new schema that
   * the old schema does not hold as they are.
   */
  #schemasBelow(
    schema: JsonValue | undefined,
    loc: string,
    follow: boolean | "old",
    visit: (s: JsonObject, loc: string) => void,
  ): void {
    const [mine, theirs] = follow === "old"
      ? [this.oldRoot, this.newRoot]
      : [this.newRoot, this.oldRoot];
    const known = this.#options.known;
    const seen = new Set<JsonValue>();
    const stack: [JsonValue | undefined, string][] = [[schema, loc]];
    for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
      const [s, here] = top;
      if (!isObject(s) || seen.has(s)) continue;
      seen.add(s);
      visit(s, here);
      // Pushed in reverse, so the schemas come in document order.
      const below: [JsonValue | undefined, string][] = [];
      const at = (keyword: string) => known.has(keyword) ? own(s, keyword) : undefined;
      for (const keyword of Object.keys(s).sort()) {
        const value = at(keyword);
        const to = `${here}/${escapePointerToken(keyword)}`;
        if (SCHEMA_MAPS.includes(keyword) && isObject(value)) {
          for (const name of Object.keys(value).sort()) {
            below.push([value[name], `${to}/${escapePointerToken(name)}`]);
          }
        } else if (SCHEMA_LISTS.includes(keyword) && Array.isArray(value)) {
          value.forEach((item, i) => below.push([item, `${to}/${i}`]));
        } else if (SCHEMAS.includes(keyword)) below.push([value, to]);
      }
      const ref = follow ? at("$ref") : undefined;
      const target = typeof ref === "string" ? resolveLocal(mine, ref) : undefined;
      const old = typeof ref === "string" ? resolveLocal(theirs, ref) : undefined;
      if (target !== undefined && !(old !== undefined && this.same(old.value, target.value))) {
        below.push([target.value, target.pointer]);
      }
      stack.push(...below.reverse());
    }
  }

  /**
   * The unmodelled keywords reported, by pointer: one reached both through a proven composition
   * and as a definition both sides hold is reported once, with its old value when one pass has it.
   */
  readonly #unmodelledAt = new Map<string, SchemaDelta>();

  #unmodelled(node: Node, keyword: string, a: JsonValue | undefined, b: JsonValue | undefined) {
    const what = a === undefined ? "added" : b === undefined ? "removed" : "changed";
    const before = a === undefined || node.oPtr === null
      ? null
      : `${node.oPtr}/${escapePointerToken(keyword)}`;
    const delta = this.#delta(node.loc, [keyword], keyword, before);
    delta.rule = `tool.${this.side}.keyword.unmodelled`;
    delta.severity = "BREAKING";
    // Where it stood in the old schema, when that is another place (its branch moved).
    const basePath = this.#options.basePath;
    const was = before === null || delta.oldPointer === undefined
      ? ""
      : ` (at ${
        q([...basePath === "" ? [] : [basePath], ...pointerTokens(before)].join("."))
      } in the old schema)`;
    const where = delta.facet === keyword && !delta.path.endsWith(`.${keyword}`)
      ? `${what === "removed" ? "from" : what === "added" ? "to" : "in"} ${q(delta.path)}`
      : `at ${q(delta.path)}`;
    delta.message = `Unmodelled keyword ${q(keyword)} ${what} ${where}${was}: ` +
      "a keyword the engine does not model is BREAKING";
    if (a !== undefined) delta.old = a;
    if (b !== undefined) delta.new = b;
    // A twin a tentative walk took back is no longer among the deltas: this one stands.
    const twin = this.#unmodelledAt.get(delta.pointer);
    if (twin !== undefined && this.#deltas.includes(twin)) {
      if (twin.old === undefined && a !== undefined) Object.assign(twin, delta);
      return;
    }
    this.#unmodelledAt.set(delta.pointer, delta);
    this.#deltas.push(delta);
  }

  #facet(node: Node, facet: string): void {
    for (const keyword of FACET_KEYWORDS.get(facet) ?? []) {
      for (const value of [this.read(node.o, keyword), this.read(node.n, keyword)]) {
        if (value !== undefined && !wellTyped(keyword, value)) {
          const detail = `${keyword} has a value of the wrong type`;
          return this.facetDelta(node, facet, "changed", detail);
        }
      }
    }
    const verdictOf = VALUE_VERDICTS.get(facet);
    if (verdictOf !== undefined) {
      const read = (schema: JsonObject) => (keyword: string) => this.read(schema, keyword);
      const verdict = verdictOf(read(node.o), read(node.n), {
        side: this.side,
        neg: node.neg,
        newRoot: this.newRoot ?? true,
        referenced: (which) =>
          this.#referenced(which === "old" ? node.o : node.n, which === "old")?.map(read),
      });
      if (verdict !== undefined) this.facetDelta(node, facet, verdict.effect, verdict.detail);
      return;
    }
    const handler = SUBSCHEMA_FACETS.get(facet);
    if (handler !== undefined) return handler(this, node, facet);
    this.facetDelta(node, facet, "changed", "the catch-all differ has no verdict for this facet");
  }

  /**
   * The schemas that apply to a node's values beside it on one side: those its local `$ref`s
   * reach and its allOf branches, and theirs in turn, in the order found; `undefined` when one
   * is `false` or not a schema, or a reference cannot be resolved. A `type` or a bound in an
   * allOf branch holds for the node as one beside it does (zod 3's intersection writes
   * `allOf: [{type: "object", …}, …]` with no `type` of its own).
   */
  #referenced(schema: JsonObject, old: boolean): JsonObject[] | undefined {
    const found: JsonObject[] = [];
    const refs = new Set<string>();
    const seen = new Set<JsonObject>([schema]);
    for (let i = -1; i < found.length; i++) {
      const at = i < 0 ? schema : found[i]!;
      const next: JsonValue[] = [];
      const ref = this.read(at, "$ref");
      if (typeof ref === "string" && !refs.has(ref)) {
        refs.add(ref);
        const target = resolveLocal(old ? this.oldRoot : this.newRoot, ref)?.value;
        if (!isObject(target) && target !== true) return undefined;
        next.push(target);
      }
      const branches = this.read(at, "allOf");
      if (Array.isArray(branches)) next.push(...branches);
      for (const s of next) {
        if (s === true) continue;
        if (!isObject(s)) return undefined;
        if (seen.has(s)) continue;
        seen.add(s);
        found.push(s);
      }
    }
    return found;
  }

  /**
   * Pairs the `$defs`/`definitions` entries present on both sides; added or removed is silent.
   * An entry that no reference reaches on either side constrains no value: its change is one
   * DOCUMENTATION delta instead of a comparison.
   */
  #definitions(node: Node, keyword: string): void {
    const a = this.read(node.o, keyword), b = this.read(node.n, keyword);
    if (!isObject(a) || !isObject(b)) return;
    for (const name of unionSorted(a, b)) {
      const x = own(a, name), y = own(b, name);
      if (x === undefined || y === undefined) continue;
      const tail = [keyword, escapePointerToken(name)].join("/");
      const reached = node.oPtr !== null && node.nPtr !== null && !this.same(x, y)
        ? [
          this.#reached("old", `${node.oPtr}/${tail}`),
          this.#reached("new", `${node.nPtr}/${tail}`),
        ]
        : [true, true];
      // Reached on one side only, every reference of both sides followed: no place refers to it
      // on both, so each place that does is compared with what the other side writes there, and
      // the definition's own change checks no value on the side that leaves it unused. Compared
      // as written, {type: string} inline → a $ref to D, D {} → {type: string}, read "type
      // added" at D: BREAKING on input one way and on output the other, where both accept the
      // same values. A side with a reference not followed (remote, an anchor) keeps it compared.
      if (
        reached[0] !== reached[1] && this.#reachedOn("old") !== null &&
        this.#reachedOn("new") !== null
      ) continue;
      if (!reached[0] && !reached[1]) {
        const delta = this.#delta(node.loc, [keyword, name], "$defs");
        delta.rule = `tool.${this.side}.unusedDefinition.changed`;
        delta.severity = "DOCUMENTATION";
        delta.message =
          `${delta.path} changed, but no reference reaches it on either side, so it constrains no value`;
        delta.old = x;
        delta.new = y;
        this.#deltas.push(delta);
        continue;
      }
      // Written alike: nothing to compare here (a definition it refers to is compared itself).
      if (this.same(x, y)) continue;
      const around = node.oPtr !== null && node.nPtr !== null
        ? this.#usesAgree(`${node.oPtr}/${tail}`, `${node.nPtr}/${tail}`)
        : undefined;
      if (around === "widened" || around === "narrowed") {
        // Proven one way wherever it is used: one finding, graded by the proof, where its
        // keywords compared one by one may read the other way (C = string → [string, null] with
        // a lower maxLength, used only as anyOf [{$ref: C}, null], narrows, though its type
        // widened).
        this.emit(node, node.neg, "$defs", around, x, y, {
          tail: [keyword, name],
          detail: `every place that uses it accepts ${
            around === "widened" ? "every value it accepted, and more" : "fewer values, none new"
          }`,
        });
      }
      // Used only inside conditions that decide nothing (an `if` without then and else on both
      // sides): no value passes through it, so nothing it says of values is a change; the
      // unmodelled keywords changed in it are still reported (below).
      const inert = around === undefined && node.oPtr !== null && node.nPtr !== null &&
        this.#usedInLoneConditions(`${node.oPtr}/${tail}`, `${node.nPtr}/${tail}`);
      // Used only inside `if` conditions, the same places on both sides: which of then/else
      // applies changed, in no direction, one finding at each condition (as the walk's
      // if.changed), not its keywords graded as if values passed through them ({if: {$ref: d},
      // then: …} with d's minLength 2 → 3 read minLength narrowed at d, NON_BREAKING on output).
      const conditions = around === undefined && !inert && node.oPtr !== null &&
          node.nPtr !== null
        ? this.#conditionsUsing(`${node.oPtr}/${tail}`, `${node.nPtr}/${tail}`)
        : undefined;
      for (const use of conditions ?? []) {
        this.facetDelta(
          { ...use, depth: node.depth },
          "if",
          "changed",
          `the if condition reads ${keyword}/${name}, which changed`,
        );
      }
      if (around !== undefined || conditions !== undefined || inert) {
        // Proven where it is used: the unmodelled keywords new in it are still reported.
        this.unmodelledIn(node, [keyword, name], y);
        this.unmodelledOut(node, [keyword, name], x, y);
        continue;
      }
      this.pair(node, "$defs", x, [keyword, name], y, [keyword, name]);
    }
  }

  /**
   * The local references of each side, found and resolved once: where each is written and the
   * pointer of its target (undefined for one that resolves nowhere), those inside a definition
   * that nothing reaches from the root left out.
   */
  readonly #refs: { old?: ResolvedRef[]; new?: ResolvedRef[] } = {};
  /** What {@link #usesOf} answered for each pair of definitions asked about. */
  readonly #uses = new Map<string, string[] | undefined>();
  /** Whether either root holds a `$dynamicRef` (then where a definition is used is not followed). */
  #dynamic: boolean | undefined;

  /**
   * Whether a changed definition changes no value: the same places refer to it on both sides,
   * and the schema each place holds (the reference and the keywords beside it, which apply
   * together) is proven to accept the same values old and new. A bound moved from beside a
   * `$ref` into its definition is no change. Unknown (a reference that is not a local pointer,
   * one into the definition's inside, a `$dynamicRef`): no.
   */
  #usesAgree(oldDef: string, newDef: string): Around {
    const a = this.#usesOf(oldDef, newDef);
    if (a === undefined || a.length > MAX_USES_PROVEN) return undefined;
    let found: Around = "same";
    for (const location of a) {
      const here = this.#sameAround(location);
      if (here === undefined || (here !== "same" && found !== "same" && here !== found)) {
        return undefined;
      }
      if (here !== "same") found = here;
    }
    return found;
  }

  /**
   * The places that refer to a definition (`oldDef`, `newDef`), when they are the same on both
   * sides and each reference is a local pointer to it (not into it); else `undefined`. A place
   * inside a definition that nothing reaches from the root on its side is left out: no value
   * passes through it (an unused Venue referring to Address leaves Address graded by its uses).
   */
  #usesOf(oldDef: string, newDef: string): string[] | undefined {
    // Asked for each definition, by each of three readings: answered once.
    const key = `${oldDef}\u0000${newDef}`;
    if (this.#uses.has(key)) return this.#uses.get(key);
    const found = this.#findUses(oldDef, newDef);
    this.#uses.set(key, found);
    return found;
  }

  /** {@link #usesOf}, worked out. */
  #findUses(oldDef: string, newDef: string): string[] | undefined {
    const uses = (root: JsonValue | undefined, side: "old" | "new", def: string) => {
      // A place inside a definition nothing reaches from the root checks no value (each
      // definition asked once: a server may copy hundreds into every tool).
      const reached = new Map<string, boolean>();
      const counts = ({ location }: FoundRef) => {
        const inside = /^\/(\$defs|definitions)\/[^/]+/.exec(location)?.[0];
        if (inside === undefined) return true;
        if (!reached.has(inside)) reached.set(inside, this.#reached(side, inside));
        return reached.get(inside)!;
      };
      const refs = this.#refs[side] ??= findRefs(root, this.#options.known).filter(counts).map((
        { location, ref },
      ) => ({ location, pointer: resolveLocal(root, ref)?.pointer }));
      const at: string[] = [];
      for (const { location, pointer } of refs) {
        if (pointer === undefined) return undefined;
        if (pointer === def) at.push(location);
        else if (pointer.startsWith(`${def}/`)) return undefined;
      }
      return at;
    };
    const [oldRoot, newRoot] = [this.oldRoot, this.newRoot];
    // Serialised once per walk: this is asked once per definition level.
    this.#dynamic ??= [oldRoot, newRoot].some((root) =>
      JSON.stringify(root ?? null).includes('"$dynamicRef"')
    );
    if (this.#dynamic) return undefined;
    const a = uses(oldRoot, "old", oldDef), b = uses(newRoot, "new", newDef);
    if (
      a === undefined || b === undefined || a.length === 0 || a.join("\u0000") !== b.join("\u0000")
    ) {
      return undefined;
    }
    return a;
  }

  /**
   * The schemas whose `if` condition holds each place that refers to a definition (the outermost
   * on the way down), when every such place is inside one that decides between then and else
   * on both sides.
   */
  #conditionsUsing(oldDef: string, newDef: string): Omit<Node, "depth">[] | undefined {
    const uses = this.#usesOf(oldDef, newDef);
    if (uses === undefined) return undefined;
    const found = new Map<string, Omit<Node, "depth">>();
    // A condition without then and else on a side decides nothing there, unless an unevaluated
    // keyword sees it: left to the pairing.
    const decides = (s: JsonValue | undefined, at: string): s is JsonObject =>
      isObject(s) &&
      (own(s, "then") !== undefined || own(s, "else") !== undefined || this.#loneDecides(at));
    for (const use of uses) {
      const at = conditionOf(use);
      if (at === undefined) return undefined;
      const ref = `#${at.split("/").map(encodeURIComponent).join("/")}`;
      const [o, n] = [
        resolveLocal(this.oldRoot, ref)?.value,
        resolveLocal(this.newRoot, ref)?.value,
      ];
      if (!decides(o, at) || !decides(n, at)) return undefined;
      found.set(at, { o, n, oPtr: at, nPtr: at, loc: at, neg: false });
    }
    return [...found.values()];
  }

  /**
   * Whether every place that refers to a definition (`oldDef`, `newDef`; the same places on both
   * sides) lies inside the condition of an `if` that has neither then nor else on both sides:
   * such a condition decides nothing, so no value is checked against the definition from there.
   * Not where an unevaluatedProperties or unevaluatedItems sees the condition: from 2019-09 on
   * they read the annotations of a condition that holds (the JSON Schema Test Suite's
   * "unevaluatedProperties can see annotations from if without then and else"), so the condition
   * may decide there.
   */
  #usedInLoneConditions(oldDef: string, newDef: string): boolean {
    const uses = this.#usesOf(oldDef, newDef);
    if (uses === undefined) return false;
    const lone = (s: JsonValue | undefined) =>
      isObject(s) && own(s, "if") !== undefined && own(s, "then") === undefined &&
      own(s, "else") === undefined;
    return uses.every((use) =>
      conditionsOf(use).some((at) => {
        const ref = `#${at.split("/").map(encodeURIComponent).join("/")}`;
        return lone(resolveLocal(this.oldRoot, ref)?.value) &&
          lone(resolveLocal(this.newRoot, ref)?.value) && !this.#loneDecides(at);
      })
    );
  }

  /** Whether an if without then and else held at `at` on both sides may decide something. */
  #loneDecides(at: string): boolean {
    return loneConditionDecides({ root: this.oldRoot, loc: at }, { root: this.newRoot, loc: at });
  }

  /**
   * Whether the schema at `location` (a place that refers to a changed definition) accepts the
   * same values old and new, or else the union or allOf it is a branch of, outwards: a branch
   * {$ref: B} beside {type: null} changes nothing when B only stopped accepting null.
   */
  #sameAround(location: string): Around {
    // The first way a place is proven to go, when everything above it passes that way on.
    let way: Around;
    for (let at: string | undefined = location; at !== undefined;) {
      const ref = `#${at.split("/").map(encodeURIComponent).join("/")}`;
      const x = resolveLocal(this.oldRoot, ref)?.value;
      const y = resolveLocal(this.newRoot, ref)?.value;
      if (x === undefined || y === undefined) return way;
      const wide = this.proves(x, y, "widened") === true;
      const narrow = this.proves(y, x, "narrowed") === true;
      if (wide && narrow) return "same";
      const sign = way === undefined && wide !== narrow ? polarity(at) : 0;
      if (sign !== 0) way = wide === (sign > 0) ? "widened" : "narrowed";
      // A definition that refers to the changed one (B = {$ref: C}, or C further inside it): it
      // means the same wherever it is used if every place that uses it does, as a branch
      // {$ref: B} beside null, and what those places do is what it does, whatever it does
      // itself (B used only under a not widens where B narrows).
      if (/^\/(\$defs|definitions)\/[^/]+$/.test(at) && !this.#agreeing.has(at)) {
        this.#agreeing.add(at);
        try {
          return this.#usesAgree(at, at);
        } finally {
          this.#agreeing.delete(at);
        }
      }
      at = /\/(anyOf|oneOf|allOf)\/\d+$/.exec(at)
        ? at.replace(/\/[^/]+\/\d+$/, "")
        : /^\/(\$defs|definitions)\/[^/]+\//.exec(at)?.[0].slice(0, -1);
    }
    return way;
  }

  /** The definitions whose uses {@link #sameAround} is asking about, outermost first. */
  readonly #agreeing = new Set<string>();

  /** Whether a reference reaches the definition at `pointer` on one side (unknown: yes). */
  #reached(side: "old" | "new", pointer: string): boolean {
    const reached = this.#reachedOn(side);
    return reached === null || definitionReached(reached, pointer);
  }

  /** What references reach on one side, or null when one cannot be followed as a pointer. */
  #reachedOn(side: "old" | "new"): Set<string> | null {
    return this.#reach[side] ??= reachedPointers(side === "old" ? this.oldRoot : this.newRoot) ??
      null;
  }

  /**
   * After definitions changed: a local `$ref` that resolves on one side only. The walk does not
   * follow equal references, so a target that vanished would otherwise go unreported.
   */
  #danglingRefs(): void {
    const sides = [
      { root: this.newRoot, other: this.oldRoot, only: "old", isNew: true },
      { root: this.oldRoot, other: this.newRoot, only: "new", isNew: false },
    ];
    for (const { root, other, only, isNew } of sides) {
      for (const { location, ref } of findRefs(root, this.#options.known)) {
        if (!ref.startsWith("#") || this.#refsReported.has(location)) continue;
        if (resolveLocal(root, ref) !== undefined || resolveLocal(other, ref) === undefined) {
          continue;
        }
        const [old, next] = isNew ? [undefined, ref] : [ref, undefined];
        this.emit({ loc: location }, false, "$ref", "changed", old, next, {
          tail: ["$ref"],
          detail: `$ref ${
            q(ref)
          } resolves on one side only: its target exists only in the ${only} schema`,
        });
      }
    }
  }

  /**
   * A delta at `tail` below `loc`; `old` is where the element stood in the old schema, which
   * becomes the delta's `oldPointer` when that is another place.
   */
  #delta(
    loc: string,
    tail: readonly Token[],
    facet: string,
    old?: string | null,
  ): SchemaDelta {
    const { basePath, basePointer, oldBasePointer } = this.#options;
    let tokens = [...pointerTokens(loc), ...tail.map(String)];
    // A place that exists in neither schema (a keyword removed from a branch that moved, named
    // at the branch's new place): the nearest place above it that the new schema holds.
    const oldAt = typeof old === "string" ? old : old === undefined ? pointerOf(tokens) : null;
    if (
      !holds(this.newRoot, tokens) &&
      (oldAt === null || oldAt !== pointerOf(tokens) || !holds(this.oldRoot, tokens))
    ) {
      while (tokens.length > 0 && !holds(this.newRoot, tokens)) tokens = tokens.slice(0, -1);
    }
    const delta: SchemaDelta = {
      facet,
      location: loc,
      path: basePath === "" ? tokens.join(".") : [basePath, ...tokens].join("."),
      pointer: basePointer + pointerOf(tokens),
      rule: "",
      severity: "BREAKING",
      message: "",
    };
    if (typeof old === "string" && old !== pointerOf(tokens)) {
      delta.oldPointer = (oldBasePointer ?? basePointer) + old;
    }
    return delta;
  }
}

/**
 * What a changed definition does where it is used: the same values, more, fewer, or unknown
 * (see `#usesAgree`).
 */
type Around = "same" | "widened" | "narrowed" | undefined;

/** A local reference of a side: where it is written, and the pointer of its target if any. */
interface ResolvedRef {
  location: string;
  pointer: string | undefined;
}

/** Keywords below which a schema that accepts more may make the whole accept fewer or more. */
const NOT_MONOTONE = new Set(["if", "oneOf", "contains"]);
/** Keywords whose next token is a name or an index, not a keyword (`items` as a list only). */
const NAMED = new Set([...SCHEMA_MAPS, ...SCHEMA_LISTS]);

/**
 * How the place `location` passes a wider (narrower) schema on to the whole: 1 as a wider
 * (narrower) whole, -1 as a narrower (wider) one, below an odd number of not, 0 unknown: below
 * an if, oneOf or contains, where more values below may mean fewer or more above.
 */
function polarity(location: string): 1 | -1 | 0 {
  const tokens = pointerTokens(location);
  let sign: 1 | -1 = 1;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (NOT_MONOTONE.has(token)) return 0;
    if (token === "not") sign = sign === 1 ? -1 : 1;
    if (NAMED.has(token) && (token !== "items" || /^\d+$/.test(tokens[i + 1] ?? ""))) i++;
  }
  return sign;
}

/**
 * The place of the schema whose `if` condition holds `location`, the outermost on the way down;
 * `undefined` when there is none.
 */
function conditionOf(location: string): string | undefined {
  const tokens = pointerTokens(location);
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token === "if") return pointerOf(tokens.slice(0, i));
    if (NAMED.has(token) && (token !== "items" || /^\d+$/.test(tokens[i + 1] ?? ""))) i++;
  }
  return undefined;
}

/** The places of the schemas whose `if` condition holds `location`, outermost first. */
function conditionsOf(location: string): string[] {
  const tokens = pointerTokens(location);
  const found: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token === "if") found.push(pointerOf(tokens.slice(0, i)));
    if (NAMED.has(token) && (token !== "items" || /^\d+$/.test(tokens[i + 1] ?? ""))) i++;
  }
  return found;
}

/** Whether `root` holds a value at the place `tokens` name. */
function holds(root: JsonValue | undefined, tokens: readonly string[]): boolean {
  let at: JsonValue | undefined = root;
  for (const token of tokens) {
    if (Array.isArray(at)) at = /^(0|[1-9][0-9]*)$/.test(token) ? at[Number(token)] : undefined;
    else if (isObject(at) && Object.hasOwn(at, token)) at = at[token];
    else return false;
    if (at === undefined) return false;
  }
  return true;
}

const capital = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);
