/**
 * Shapes shared by the parts of the catch-all differ: the pairs waiting on the work stack, the
 * schema objects being compared, and the walker interface the facet handlers call back into.
 * Private to `catch_all.ts`.
 * @module
 */
import { isObject, type JsonObject, type JsonValue } from "../json.ts";
import { type Effect, isAnnotationKeyword, type SchemaDelta, type Side } from "./types.ts";
import type { Conjunct } from "./_conjunct_governs.ts";

/**
 * Each side's schemas applied beside an allOf branch: the other branches, and the object's own
 * keywords but its allOf and unevaluatedProperties. A property the branch drops still meets
 * what they govern (see `removedMeeting`).
 */
export interface Beside {
  old: Conjunct[];
  new: Conjunct[];
}

/** One token of a JSON pointer, before escaping. */
export type Token = string | number;

/** Where a delta is reported: the location of the object holding the keyword, and the tokens to it. */
export interface Spot {
  loc: string;
  tail?: readonly Token[];
  /**
   * Where the element the spot names stood in the old schema (`loc` and `tail` are read in the
   * new one), when known; null when it was absent.
   */
  old?: string | null;
}

/** A pair of subschemas waiting to be compared. `null` pointers stand for absent schemas. */
export interface Pair {
  o: JsonValue;
  n: JsonValue;
  oPtr: string | null;
  nPtr: string | null;
  /** Where a delta about the pair as a whole (a boolean schema, the depth limit) goes. */
  at: Spot;
  /** The facet of the keyword that led here. */
  facet: string;
  /** Under an odd number of `not`: effects are flipped. */
  neg: boolean;
  depth: number;
  /** In an allOf branch: what stands beside it on each side. */
  beside?: Beside;
}

/** Deltas a tentative walk found and kept, recorded in their place in the work stack. */
export interface Found {
  deltas: SchemaDelta[];
}

/** Two schema objects being compared keyword by keyword; `loc` is where their deltas go. */
export interface Node {
  o: JsonObject;
  n: JsonObject;
  oPtr: string | null;
  nPtr: string | null;
  loc: string;
  /** Where the pair stood before one-branch wrappers were taken off, when they were. */
  outer?: string;
  /** The schemas as written at this position, before references and wrappers were followed. */
  raw?: [JsonValue, JsonValue];
  /** The union keyword the old side wrote, when it was renamed to the new side's (anyOf ↔ oneOf). */
  unionFrom?: "anyOf" | "oneOf";
  /** In an allOf branch: what stands beside it on each side. */
  beside?: Beside;
  neg: boolean;
  depth: number;
}

/** Options of {@link Walker.emit}. */
export interface EmitOptions {
  /** Tokens from the spot to the keyword; defaults to the spot's own tail. */
  tail?: readonly Token[];
  /** What changed, for the message. */
  detail: string;
  /** Report the effect as given, not flipped under `not` (for `changed`-only findings). */
  keepEffect?: boolean;
}

/** What the facet handlers may ask of the walk. */
export interface Walker {
  readonly side: Side;
  readonly oldRoot: JsonValue | undefined;
  readonly newRoot: JsonValue | undefined;
  /**
   * Per side (old, new): a schema that is a local reference read as its target in that side's
   * root, for disjoint() (see targetIn(), resolve.ts); as written when `$ref` is not known.
   */
  readonly targets: readonly [(s: JsonValue) => JsonValue, (s: JsonValue) => JsonValue];
  /** A keyword's value when it is known and present. */
  read(schema: JsonObject, keyword: string): JsonValue | undefined;
  /** JSON equality, cheap on repeated questions about nested values. */
  same(a: unknown, b: unknown): boolean;
  /** Queues a pair of subschemas unless equal; `missing` stands in for an absent side. */
  pair(
    node: Node,
    facet: string,
    a: JsonValue | undefined,
    aTail: readonly Token[],
    b: JsonValue | undefined,
    bTail: readonly Token[],
    options?: { missing?: boolean; neg?: boolean; beside?: Beside },
  ): void;
  /** Queues a prepared pair unless equal or too deep. */
  descend(pair: Pair): void;
  /** Records a graded delta. */
  emit(
    at: Spot,
    neg: boolean,
    facet: string,
    effect: Effect,
    old: JsonValue | undefined,
    next: JsonValue | undefined,
    options: EmitOptions,
  ): void;
  /**
   * Whether every value valid under `a` is valid under `b`, by the subsumption proof:
   * `widened` reads `a` as the old schema and `b` as the new one, `narrowed` the reverse;
   * `names: false` drops the convention that both name the same properties; `exact` the
   * safe-integer reading of bounds on an input (for a condition, which has no side).
   * `true` when proven, else the reason it is not.
   */
  proves(
    a: JsonValue,
    b: JsonValue,
    direction: "widened" | "narrowed",
    names?: boolean,
    exact?: boolean,
  ): true | string;
  /**
   * Whether the property `name` taken out of `old`'s `properties` is declared the same elsewhere
   * on both sides (`next` lacks it), so nothing was removed.
   */
  removalInert(old: JsonObject, next: JsonObject, name: string): boolean;
  /**
   * Reports the unmodelled keywords of a subschema only the new side has, at `tail` below the
   * node, where no pair compares it.
   */
  unmodelledIn(node: Node, tail: readonly Token[], schema: JsonValue | undefined): void;
  /**
   * The mirror of {@link unmodelledIn}: the unmodelled keywords the old subschema `schema` at
   * `tail` wrote that `next` (the new one there) no longer holds, reported as removed.
   */
  unmodelledOut(
    node: Node,
    tail: readonly Token[],
    schema: JsonValue | undefined,
    next: JsonValue | undefined,
  ): void;
  /** Records a delta for a whole facet, at its keyword that changed. */
  facetDelta(node: Node, facet: string, effect: Effect, detail: string): void;
  /**
   * Walks the pairs `queue` queues to the end at once, and keeps what that walk found when
   * `agrees` holds for the effect of every delta it graded. Otherwise the walk is undone (its
   * deltas, the pairs it visited, the references it reported) but for its findings that grade no
   * effect (unmodelled keywords), and the answer is false.
   */
  tentatively(queue: () => void, agrees: (effect: Effect) => boolean): boolean;
}

/** The empty schema, which `true` and an absent optional subschema stand for. */
export const EMPTY: JsonObject = Object.freeze({}) as JsonObject;

/** The keys of two objects, deduplicated and sorted. */
export function unionSorted(a: JsonObject, b: JsonObject): string[] {
  const keys = new Set(Object.keys(a));
  for (const key of Object.keys(b)) keys.add(key);
  return [...keys].sort();
}

/**
 * Whether a value is `true`, `{}` or an object of annotations only (`{description: "any"}`,
 * vendor extensions such as `{"x-k": 1}` too): a schema that accepts everything.
 */
export const isTrivial = (value: JsonValue | undefined): boolean =>
  value === true || (isObject(value) && Object.keys(value).every(isAnnotationKeyword));

/** Whether a keyword's subschema constrains nothing: absent, or {@link isTrivial}. */
export const acceptsAll = (value: JsonValue | undefined): boolean =>
  value === undefined || isTrivial(value);
