/**
 * The walk of the catch-all differ: an explicit work stack of subschema pairs, visited in
 * document order. Each visit follows references that stand alone, settles boolean schemas, then
 * compares keywords: unmodelled ones become BREAKING deltas, modelled ones are graded per facet.
 * Private to `catch_all.ts`.
 * @module
 */
import {
  isObject,
  type JsonObject,
  type JsonValue,
  own,
  pointerOf,
  pointerTokens,
} from "../json.ts";
import {
  ANNOTATION_FACETS,
  type Effect,
  FACET_OF,
  flipEffect,
  type SchemaDelta,
  varianceSeverity,
} from "./types.ts";
import type { CatchAllOptions } from "./catch_all.ts";
import { JsonEquality, resolveLocal, sameJson } from "./_catch_all_json.ts";
import { findRefs } from "./_catch_all_refs.ts";
import { SUBSCHEMA_FACETS } from "./_catch_all_subschemas.ts";
import {
  type EmitOptions,
  EMPTY,
  type Node,
  type Pair,
  type Spot,
  type Token,
  unionSorted,
  type Walker,
} from "./_catch_all_types.ts";
import { q, VALUE_VERDICTS, wellTyped } from "./_catch_all_verdicts.ts";

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

const facetOf = (keyword: string): string | undefined =>
  Object.hasOwn(FACET_OF, keyword) ? FACET_OF[keyword] : undefined;

/** A schema as an object (`true` ≡ `{}`), `false`, or `undefined` when it is not a schema. */
function schemaOf(value: JsonValue): JsonObject | false | undefined {
  if (value === true) return EMPTY;
  if (value === false) return false;
  return isObject(value) ? value : undefined;
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
  readonly #stack: Pair[] = [];
  readonly #pending: Pair[] = [];
  readonly #visited = new Set<string>();
  readonly #equality = new JsonEquality();
  /** Locations of the `$ref`s already reported, so the dangling check adds no twin. */
  readonly #refsReported = new Set<string>();
  #definitionsChanged = false;

  constructor(old: JsonValue | undefined, next: JsonValue | undefined, options: CatchAllOptions) {
    this.side = options.side;
    this.oldRoot = old;
    this.newRoot = next;
    this.#options = options;
  }

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
    do {
      // The pairs a visit queued go on the stack in reverse, so they are visited in order.
      for (let p = this.#pending.pop(); p !== undefined; p = this.#pending.pop()) {
        this.#stack.push(p);
      }
      const pair = this.#stack.pop();
      if (pair !== undefined) this.#visit(pair);
    } while (this.#stack.length > 0 || this.#pending.length > 0);
    if (this.#definitionsChanged) this.#danglingRefs();
    return this.#deltas;
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
    { missing = true, neg = node.neg }: { missing?: boolean; neg?: boolean } = {},
  ): void {
    const child = (ptr: string | null, tail: readonly Token[]) =>
      ptr === null ? null : ptr + pointerOf(tail);
    this.descend({
      o: a === undefined ? missing : a,
      n: b === undefined ? missing : b,
      oPtr: a === undefined ? null : child(node.oPtr, aTail),
      nPtr: b === undefined ? null : child(node.nPtr, bTail),
      at: { loc: node.loc, tail: b === undefined ? aTail : bTail },
      facet,
      neg,
      depth: node.depth + 1,
    });
  }

  descend(pair: Pair): void {
    if (this.same(pair.o, pair.n)) return;
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
    if (facet === "$ref" && tail[0] === "$ref") this.#refsReported.add(at.loc);
    const delta = this.#delta(at.loc, tail, facet);
    delta.rule = `tool.${this.side}.keyword.${final}`;
    delta.severity = varianceSeverity(this.side, final);
    const under = neg ? " (under not)" : "";
    delta.message = `${capital(final)} ${q(facet)} at ${q(delta.path)}: ${detail}${under}`;
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

  // ---- one pair: follow lone references, then booleans, then keywords ------------------------

  #visit(pair: Pair): void {
    let { o, n, oPtr, nPtr } = pair;
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
      this.#visited.add(key);
      chain.add(key);
      // The same reference on both sides: the definitions walk compares the targets (and
      // #danglingRefs reports a target that is gone from one side).
      if (isObject(o) && isObject(n) && this.#options.known.has("$ref")) {
        const ref = own(o, "$ref");
        if (typeof ref === "string" && ref === own(n, "$ref")) break;
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
      this.#keywords({ o: a, n: b, oPtr, nPtr, loc, neg: pair.neg, depth: pair.depth });
    }
  }

  /** The `$ref` of a schema that holds nothing else but known annotations. */
  #loneRef(schema: JsonValue): string | undefined {
    const known = this.#options.known;
    if (!isObject(schema) || !known.has("$ref")) return undefined;
    const ref = own(schema, "$ref");
    if (typeof ref !== "string") return undefined;
    for (const key of Object.keys(schema)) {
      const facet = facetOf(key);
      if (key === "$ref") continue;
      if (!known.has(key) || facet === undefined || !ANNOTATION_FACETS.has(facet)) return undefined;
    }
    return ref;
  }

  #keywords(node: Node): void {
    const known = this.#options.known;
    const graded = new Set<string>();
    for (const keyword of unionSorted(node.o, node.n)) {
      const a = own(node.o, keyword), b = own(node.n, keyword);
      if (this.same(a, b)) continue;
      const facet = facetOf(keyword);
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

  #unmodelled(node: Node, keyword: string, a: JsonValue | undefined, b: JsonValue | undefined) {
    const what = a === undefined ? "added" : b === undefined ? "removed" : "changed";
    const delta = this.#delta(node.loc, [keyword], keyword);
    delta.rule = `tool.${this.side}.keyword.unmodelled`;
    delta.severity = "BREAKING";
    delta.message = `Unmodelled keyword ${q(keyword)} ${what} at ${q(delta.path)}: ` +
      "a keyword the engine does not model is BREAKING";
    if (a !== undefined) delta.old = a;
    if (b !== undefined) delta.new = b;
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
      const verdict = verdictOf(read(node.o), read(node.n));
      if (verdict !== undefined) this.facetDelta(node, facet, verdict.effect, verdict.detail);
      return;
    }
    const handler = SUBSCHEMA_FACETS.get(facet);
    if (handler !== undefined) return handler(this, node, facet);
    this.facetDelta(node, facet, "changed", "the catch-all differ has no verdict for this facet");
  }

  /** Pairs the `$defs`/`definitions` entries present on both sides; added or removed is silent. */
  #definitions(node: Node, keyword: string): void {
    const a = this.read(node.o, keyword), b = this.read(node.n, keyword);
    if (!isObject(a) || !isObject(b)) return;
    for (const name of unionSorted(a, b)) {
      const x = own(a, name), y = own(b, name);
      if (x !== undefined && y !== undefined) {
        this.pair(node, "$defs", x, [keyword, name], y, [keyword, name]);
      }
    }
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

  #delta(loc: string, tail: readonly Token[], facet: string): SchemaDelta {
    const { basePath, basePointer } = this.#options;
    const tokens = [...pointerTokens(loc), ...tail.map(String)];
    return {
      facet,
      location: loc,
      path: basePath === "" ? tokens.join(".") : [basePath, ...tokens].join("."),
      pointer: basePointer + loc + pointerOf(tail),
      rule: "",
      severity: "BREAKING",
      message: "",
    };
  }
}

const capital = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);
