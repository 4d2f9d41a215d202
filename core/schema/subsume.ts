/**
 * Subsumption of JSON Schemas where it is decidable: "every value valid under A is valid under
 * B". A proof succeeds only for the cases modelled here (type sets, numeric and length bounds,
 * enum/const, required, closed and partially open objects, prefixItems/items, unions and
 * conjunctions, annotation-only branches, if/then/else, patterns as languages); anything else
 * fails with the reason, so a caller never reads "unknown" as "holds". No I/O.
 * @module
 */
import { isObject, type JsonObject, type JsonValue } from "../json.ts";
import { resolveLocal, sameJson } from "./_catch_all_json.ts";
import { loneRefOf } from "./_lone_ref.ts";
import { sameValues } from "./_same_values.ts";
import { findRefs } from "./_catch_all_refs.ts";
import { targetIn } from "./resolve.ts";
import { FACET_OF, isAnnotationKeyword } from "./types.ts";
import { wellTyped } from "./_catch_all_verdicts.ts";
import { type Kinds, kindsOf, valuesOf } from "./_subsume_facts.ts";
import { disjoint, GROUP_CHECKS, groupOf, OUT_OF_STEPS, type Prover } from "./_subsume_groups.ts";
import type { ProofBudget } from "./proof_budget.ts";
import { unevaluatedItemsDecided } from "./_unevaluated_items.ts";
import { unevaluatedConjunct, unevaluatedDecided } from "./_unevaluated_proof.ts";

export { disjoint } from "./_subsume_groups.ts";

/** Options of {@link subsumes}. */
export interface SubsumeOptions {
  /** The roots local `$ref`s of A and of B resolve against. */
  rootA?: JsonValue | undefined;
  rootB?: JsonValue | undefined;
  /** Keywords understood; any other keyword in a part that differs makes the proof fail. */
  known: ReadonlySet<string>;
  /**
   * Which side is the older schema, for the seed's property conventions (a property removed is
   * BREAKING whatever the sets say; one added is graded on its own): unless `none` (pure set
   * inclusion), every object compared must name the same properties on both sides, so a proof
   * never hides a property added or removed. The condition is the same in both directions, so
   * input old→new and output new→old are graded alike.
   */
  old?: "a" | "b" | "none";
  /**
   * Read a bound of B at or beyond the safe-integer limit (±(2^53 − 1)) as none where A's
   * numbers are integers and A accepts some safe integer: the input-only exemption of
   * `_safe_integer.ts`, so that zod 4's `.int()` bounds inside a union or an allOf compare as
   * they do elsewhere. Off under a `not`, where the bound keeps its variance.
   */
  safeIntegers?: boolean;
  /**
   * Read a format of B that JSON Schema does not define as none when A is the old schema (the
   * question whether the new schema accepts every old value): the input-only grading of
   * `_formats.ts`, so that a nonstandard format a union or allOf branch gains compares as it does
   * elsewhere. Off under a `not`, where the format keeps its variance.
   */
  nonstandardFormats?: boolean;
  /**
   * The steps every question about one schema shares (one side of one tool): once they are
   * spent the proof is undecided, whatever budget this question has left.
   */
  budget?: ProofBudget | undefined;
}

/** `true` when proven, else the reason it could not be proven. */
export type Proof = true | string;

/**
 * Work allowed per question, in pairs compared. An alternative tried and failed (a union branch
 * that does not hold A) gives its steps back, so each branch is tried with the budget that was
 * left before it: branches that share the budget in order starved the later ones.
 */
const BUDGET = 5_000;
/** Work allowed per question in all, alternatives given back included. */
export const MAX_WORK = 100_000;
/** Nesting the proof follows before it gives up. */
const MAX_DEPTH = 64;

class Subsumption implements Prover {
  #steps = 0;
  #work = 0;
  #depth = 0;
  readonly #assumed = new Set<string>();
  readonly #ids = new WeakMap<object, number>();
  #nextId = 0;
  /** Whether the question at hand reads its left schema in B's root (see subReversed()). */
  #reversed = false;
  constructor(readonly options: SubsumeOptions) {}

  get safeIntegers(): boolean {
    return this.options.safeIntegers === true && !this.#reversed;
  }

  get nonstandardFormats(): boolean {
    return this.options.nonstandardFormats === true && !this.#reversed && this.old === "a";
  }

  get old(): "a" | "b" | "none" {
    const old = this.options.old ?? "none";
    if (!this.#reversed || old === "none") return old;
    return old === "a" ? "b" : "a";
  }

  /** What {@link targets} made for each root. */
  readonly #targets = new Map<JsonValue | undefined, (s: JsonValue) => JsonValue>();

  targets(side: "a" | "b"): (s: JsonValue) => JsonValue {
    const root = this.#root(side);
    let found = this.#targets.get(root);
    if (found === undefined) {
      found = this.options.known.has("$ref") ? targetIn(root ?? true) : (s) => s;
      this.#targets.set(root, found);
    }
    return found;
  }

  /** The root the references of the left (`a`) or right (`b`) schema of a question resolve in. */
  #root(side: "a" | "b"): JsonValue | undefined {
    return (side === "a") !== this.#reversed ? this.options.rootA : this.options.rootB;
  }

  #id(value: JsonValue): string {
    return isObject(value) ? String(this.#objectId(value)) : String(value);
  }

  #objectId(value: object): number {
    let id = this.#ids.get(value);
    if (id === undefined) this.#ids.set(value, id = ++this.#nextId);
    return id;
  }

  /** The conjuncts of a schema: `allOf` branches and local `$ref` targets flattened. */
  atoms(schema: JsonValue, root: JsonValue | undefined): JsonObject[] | false | string {
    const out: JsonObject[] = [];
    const stack: JsonValue[] = [schema];
    let guard = 0;
    while (stack.length > 0) {
      const s = stack.pop() as JsonValue;
      if (++guard > 200) return "the schema has too many nested conjuncts";
      if (s === true) continue;
      if (s === false) return false;
      if (!isObject(s)) return "a subschema is neither an object nor a boolean";
      const rest: JsonObject = {};
      for (const key of Object.keys(s)) {
        const value = s[key] as JsonValue;
        if (key === "allOf" && this.options.known.has("allOf")) {
          if (!Array.isArray(value)) return "allOf is not an array";
          stack.push(...value);
        } else if (key === "$ref" && typeof value === "string" && this.options.known.has("$ref")) {
          const target = resolveLocal(root, value);
          if (target === undefined) return `$ref ${JSON.stringify(value)} cannot be resolved`;
          stack.push(target.value);
        } else if (!isAnnotationKeyword(key) || key === "$defs" || key === "definitions") {
          if (key !== "$defs" && key !== "definitions") rest[key] = value;
        }
      }
      if (Object.keys(rest).length > 0) out.push(rest);
    }
    return out;
  }

  /**
   * What {@link atoms} found for each schema object, by the root it read references in: B's
   * conjuncts are read at every step of a question, twice. Shared, so never to be changed.
   */
  readonly #atomsFound = new Map<
    JsonValue | undefined,
    WeakMap<JsonObject, readonly JsonObject[] | false | string>
  >();

  /** {@link atoms}, kept for each schema object (see {@link #atomsFound}). */
  #atomsOf(schema: JsonValue, root: JsonValue | undefined): readonly JsonObject[] | false | string {
    if (!isObject(schema)) return this.atoms(schema, root);
    let memo = this.#atomsFound.get(root);
    if (memo === undefined) this.#atomsFound.set(root, memo = new WeakMap());
    let found = memo.get(schema);
    if (found === undefined) memo.set(schema, found = this.atoms(schema, root));
    return found;
  }

  /**
   * The schema a chain of lone local references (a `$ref` with only annotations beside it)
   * leads to: the same set of values, so the same question for the cycle check.
   */
  #target(schema: JsonValue, root: JsonValue | undefined): JsonValue {
    const seen = new Set<JsonValue>();
    let at = schema;
    for (let ref = loneRefOf(at); ref !== undefined; ref = loneRefOf(at)) {
      if (seen.has(at) || !this.options.known.has("$ref")) break;
      seen.add(at);
      const next = resolveLocal(root, ref);
      if (next === undefined) break;
      at = next.value;
    }
    return at;
  }

  /**
   * Each local reference reached: `false` when its targets differ in the two roots (or one does
   * not resolve), else the references its target holds. What the reference reaches beyond its
   * own target is not in it, so it answers no question alone (see {@link #refsAgree}).
   */
  readonly #refs = new Map<string, readonly string[] | false>();
  /** {@link #refsAgree} of each schema object (memo). */
  readonly #agreeing = new WeakMap<JsonObject, boolean>();

  /**
   * Whether two values equal but for their annotations ({@link sameValues}: A's conjuncts hold
   * none, B's may) also mean the same: every local `$ref` they reach, directly or through other
   * targets, points at equal targets in both roots.
   */
  #same(a: JsonValue, b: JsonValue): boolean {
    if (!sameJson(a, b) && !(isObject(b) && sameValues(a, b, this.options.known))) return false;
    if (!isObject(a)) return true;
    let agree = this.#agreeing.get(a);
    if (agree === undefined) this.#agreeing.set(a, agree = this.#refsAgree(a));
    return agree;
  }

  /**
   * Whether every local `$ref` `schema` reaches, however far, has equal targets in both roots,
   * with at most 200 of them: what a fresh walk answers, whatever was asked before. Only what
   * each reference's own target holds is kept ({@link #refs}): a reference kept as agreeing once
   * its own target was read let a later walk skip what it reaches, and answer "the same" below a
   * definition changed two references further on after an earlier walk had stopped there.
   */
  #refsAgree(schema: JsonObject): boolean {
    const pending = findRefs(schema, this.options.known).map((r) => r.ref);
    const seen = new Set<string>();
    while (pending.length > 0) {
      const ref = pending.pop() as string;
      // A remote reference is never fetched: the same address means the same schema here.
      if (seen.has(ref) || !ref.startsWith("#")) continue;
      seen.add(ref);
      const next = this.#refTargets(ref);
      if (next === false || seen.size > 200) return false;
      pending.push(...next);
    }
    return true;
  }

  /** What {@link #refs} holds for `ref`, read once. */
  #refTargets(ref: string): readonly string[] | false {
    let found = this.#refs.get(ref);
    if (found !== undefined) return found;
    const x = resolveLocal(this.options.rootA, ref), y = resolveLocal(this.options.rootB, ref);
    found = x !== undefined && y !== undefined && sameJson(x.value, y.value)
      ? findRefs(x.value, this.options.known).map((r) => r.ref)
      : false;
    this.#refs.set(ref, found);
    return found;
  }

  /** Times a pair assumed to hold answered a question (see sub()). */
  #assumptions = 0;
  #how: string | undefined;

  /** Whether A ⊆ B. */
  sub(a: JsonValue, b: JsonValue): Proof {
    if (this.#same(a, b)) return true;
    if (this.#inBranch(a, b)) return true;
    const [ra, rb] = [this.#root("a"), this.#root("b")];
    let evaluated = unevaluatedDecided(a, b, ra, rb);
    if (evaluated === true) evaluated = unevaluatedItemsDecided(a, b, ra, rb);
    if (evaluated !== true) return this.#byBranches(a, b) ? true : evaluated;
    // A proof that rested on no pair assumed to hold is true wherever it is asked again: kept
    // for the whole schema, it is not proven anew from every place that reaches it.
    const memo = isObject(a) && isObject(b) ? this.options.budget : undefined;
    const how = memo === undefined
      ? ""
      : `${this.#how ??= questionOptions(this.options)}${this.#reversed ? "|~" : ""}`;
    if (memo?.answer(a as JsonObject, b as JsonObject, how) === true) return true;
    // Keyed by what lone references lead to: a definition reached again through another `$ref`
    // object (each branch of a recursive union holds its own) is the same question, and proving
    // it again at each level ran a 10-branch union out of the step budget.
    const [ta, tb] = [this.#target(a, this.#root("a")), this.#target(b, this.#root("b"))];
    const key = `${this.#reversed ? "~" : ""}${this.#id(ta)}|${this.#id(tb)}`;
    // A pair already being compared holds unless shown otherwise (values are finite).
    if (this.#assumed.has(key)) {
      this.#assumptions++;
      return true;
    }
    const atoms = this.atoms(a, this.#root("a"));
    if (typeof atoms === "string") return atoms;
    if (atoms === false) return true;
    // A's unevaluatedProperties, read as the rule it sets for the names no keyword of A may
    // evaluate: flattened, the conjuncts showed it only beside B's own, written alike.
    const implied = this.options.known.has("unevaluatedProperties")
      ? unevaluatedConjunct(a, this.#root("a"))
      : undefined;
    if (implied !== undefined) atoms.push(implied);
    this.#assumed.add(key);
    const asking = this.#asking;
    this.#asking = new Set();
    const assumptions = this.#assumptions;
    try {
      const proof = this.subAtoms(atoms, b);
      if (proof === true && memo !== undefined && this.#assumptions === assumptions) {
        memo.keep(a as JsonObject, b as JsonObject, how, true);
      }
      return proof;
    } finally {
      this.#assumed.delete(key);
      this.#asking = asking;
    }
  }

  /**
   * Whether a bare union on either side settles `a` ⊆ `b` branch by branch, each question asked
   * whole (see sub()): every branch of A within B, or A within one branch of B (for a oneOf, one
   * the others cannot overlap A in). An unevaluatedProperties written in a branch governs the
   * names of that branch alone, which the flattened proof cannot read, so `X` → `anyOf [X',
   * null]` with X' closed by it was undecided, then graded keyword by keyword as X's keywords
   * removed (BREAKING on input, where it only widens).
   */
  #byBranches(a: JsonValue, b: JsonValue): boolean {
    const union = (s: JsonValue) => {
      if (!isObject(s)) return undefined;
      const key = ["anyOf", "oneOf"].find((k) => Array.isArray(s[k]) && this.options.known.has(k));
      if (key === undefined) return undefined;
      const bare = Object.keys(s).every((k) => k === key || isAnnotationKeyword(k));
      return bare ? { key, list: s[key] as JsonValue[] } : undefined;
    };
    const ua = union(a);
    if (ua !== undefined) return ua.list.every((x) => this.sub(x, b) === true);
    const ub = union(b);
    if (ub === undefined) return false;
    return ub.list.some((x, i) =>
      this.sub(a, x) === true &&
      (ub.key !== "oneOf" || ub.list.every((y, j) => i === j || disjoint(a, y)))
    );
  }

  /**
   * Whether `a` ⊆ `b` for a schema `a` of side B and a schema `b` of side A: the question a `not`
   * on side B asks (A ⊆ not(X) holds when X ⊆ A's own `not`), whose references must resolve in
   * the root each schema comes from.
   */
  subReversed(a: JsonValue, b: JsonValue): Proof {
    this.#reversed = !this.#reversed;
    try {
      return this.sub(a, b);
    } finally {
      this.#reversed = !this.#reversed;
    }
  }

  /**
   * Whether B is a bare union with a branch equal to A (for `oneOf`, one the other branches
   * cannot overlap): then A ⊆ B whatever A holds, unmodelled keywords included.
   */
  #inBranch(a: JsonValue, b: JsonValue, depth = 0): boolean {
    if (!isObject(b) || depth > 8) return false;
    for (const key of ["anyOf", "oneOf", "allOf"]) {
      let list = b[key];
      if (!Array.isArray(list) || !this.options.known.has(key)) continue;
      if (!Object.keys(b).every((k) => k === key || isAnnotationKeyword(k))) continue;
      // allOf counts only with one branch besides those that accept every value (true, a lone
      // reference to such): then it is that branch.
      if (key === "allOf") {
        list = list.filter((x) => !isAnnotationOnly(this.#target(x, this.#root("b"))));
        if (list.length !== 1) continue;
      }
      const at = list.findIndex((x) =>
        this.#same(a, x) || this.#sameUnwrapped(a, x) || this.#inBranch(a, x, depth + 1)
      );
      if (at < 0) continue;
      if (key !== "oneOf" || list.every((x, i) => i === at || disjoint(a, x))) return true;
    }
    return false;
  }

  /**
   * Whether the conjunction of `atoms` (side A) lies within `b` (side B) by how the two are
   * written: an atom is `b`, or a branch of it ({@link #inBranch}), or `b` is a bare anyOf with a
   * branch whose conjuncts are each one of the atoms or hold one as a branch. Asked before A's
   * own disjunction is taken apart, whose pieces no longer hold the conjunct they came from:
   * allOf [array, anyOf [X, Y]] within anyOf [allOf [anyOf [array, null], anyOf [X, Y]], null],
   * and allOf [B, A] within allOf [B, anyOf [A, null]] where A is itself allOf [B, C].
   */
  #held(atoms: readonly JsonObject[], b: JsonValue, depth = 0, left = { branches: 64 }): boolean {
    if (atoms.some((x) => this.#same(x, b) || this.#inBranch(x, b))) return true;
    // Two levels and 64 branches in all: a union of unions of references is not asked branch by
    // branch at every level.
    if (depth > 1 || left.branches <= 0) return false;
    const union = this.#target(b, this.#root("b"));
    if (!isObject(union) || !Array.isArray(union.anyOf) || !this.options.known.has("anyOf")) {
      return false;
    }
    if (!Object.keys(union).every((k) => k === "anyOf" || isAnnotationKeyword(k))) return false;
    // Flattened, a branch's unevaluated keywords would no longer see what its siblings evaluate.
    const apart = (t: JsonObject) =>
      t.unevaluatedProperties === undefined && t.unevaluatedItems === undefined;
    return union.anyOf.some((branch) => {
      if (--left.branches < 0) return false;
      const conjuncts = this.#atomsOf(branch, this.#root("b"));
      return Array.isArray(conjuncts) && conjuncts.every(apart) &&
        conjuncts.every((t) => this.#held(atoms, t, depth + 1, left));
    });
  }

  /**
   * Whether `a` (side A) and `x` (side B) are the same schema once each is unwrapped: a lone
   * local `$ref` followed in its own root, an allOf of one branch read as that branch (with only
   * annotations beside either). `allOf [$ref A]` → `anyOf [$ref A, null]` keeps every value
   * whatever A holds; compared through A's keywords, a oneOf whose branches the proof could not
   * show disjoint failed it, and the branch reads "added" (BREAKING on input).
   */
  #sameUnwrapped(a: JsonValue, x: JsonValue): boolean {
    const [ua, ux] = [this.#unwrap(a, this.#root("a")), this.#unwrap(x, this.#root("b"))];
    return (ua !== a || ux !== x) && this.#same(ua, ux);
  }

  /**
   * What {@link #unwrap} found for each schema, by the root it read references in: a union's
   * branches are unwrapped again for every conjunct and every step of a question.
   */
  readonly #unwrapped = new Map<JsonValue | undefined, WeakMap<JsonObject, JsonValue>>();

  /** `schema` past lone local references and one-branch allOfs (see {@link #sameUnwrapped}). */
  #unwrap(schema: JsonValue, root: JsonValue | undefined): JsonValue {
    if (!isObject(schema)) return schema;
    let memo = this.#unwrapped.get(root);
    if (memo === undefined) this.#unwrapped.set(root, memo = new WeakMap());
    let found = memo.get(schema);
    if (found === undefined) memo.set(schema, found = this.#unwrapOnce(schema, root));
    return found;
  }

  /** {@link #unwrap}, worked out. */
  #unwrapOnce(schema: JsonValue, root: JsonValue | undefined): JsonValue {
    let at = schema;
    for (let guard = 0; guard < 32 && isObject(at); guard++) {
      const s: JsonObject = at;
      const lone = (key: string) =>
        Object.keys(s).every((k) => k === key || isAnnotationKeyword(k));
      // An allOf branch that accepts every value (true, annotations only, a lone reference to
      // such) adds nothing: allOf [true, X] is X.
      const kept = Array.isArray(s.allOf)
        ? s.allOf.filter((x) => !isAnnotationOnly(this.#target(x as JsonValue, root)))
        : [];
      if (kept.length === 1 && this.options.known.has("allOf")) {
        if (!lone("allOf")) break;
        at = kept[0] as JsonValue;
      } else if (typeof s.$ref === "string" && this.options.known.has("$ref")) {
        if (!lone("$ref")) break;
        const next = resolveLocal(root, s.$ref);
        if (next === undefined) break;
        at = next.value;
      } else break;
    }
    return at;
  }

  /**
   * The questions being asked since the proof last went into a subschema (through sub()): a
   * union branch or an A-side branch that is a reference back to where the question began asks
   * it again unchanged, and answering that copy only repeats the search, deeper, until the depth
   * or the step budget ends it (each level tries every branch again: exponential). The copy is
   * answered "not proven" at once: a proof through it would also be a proof of the question it
   * repeats, which the search still finds by the other branches.
   */
  #asking = new Set<string>();

  /**
   * Whether the conjunction of `atoms` (side A) ⊆ B. `held` names the properties of conjuncts of
   * B already taken as held (equal to one of A's): B still names them.
   */
  subAtoms(atoms: readonly JsonObject[], b: JsonValue, held?: ReadonlySet<string>): Proof {
    if (++this.#work > MAX_WORK) return `${OUT_OF_STEPS} ${MAX_WORK} steps in all`;
    if (++this.#steps > BUDGET) return `${OUT_OF_STEPS} ${BUDGET} steps`;
    const shared = this.options.budget;
    if (shared !== undefined && !shared.take()) {
      return `${OUT_OF_STEPS} the ${shared.limit} steps allowed for the whole schema`;
    }
    if (this.#depth > MAX_DEPTH) return `the schemas nest deeper than ${MAX_DEPTH} levels`;
    const question = this.#question(atoms, b);
    if (this.#asking.has(question)) return "a reference leads back to the same question";
    this.#asking.add(question);
    this.#depth++;
    try {
      return this.#subAtoms(atoms, b, held);
    } finally {
      this.#depth--;
      this.#asking.delete(question);
    }
  }

  /**
   * A key for "`atoms` ⊆ `b`" as asked here: the set of conjuncts, each by its keywords and their
   * values (subschemas by identity: a conjunct is often a fresh copy of a written one), and B by
   * what lone references lead to.
   */
  #question(atoms: readonly JsonObject[], b: JsonValue): string {
    // Conjuncts by number, so the key stays short: it is looked up and dropped at every step.
    const ids = atoms.length === 1
      ? [this.#conjunct(atoms[0]!)]
      : [...new Set(atoms.map((atom) => this.#conjunct(atom)))].sort((x, y) => x - y);
    return `${this.#reversed ? "~" : ""}${ids.join("&")}|${
      this.#id(this.#target(b, this.#root("b")))
    }`;
  }

  readonly #conjuncts = new WeakMap<JsonObject, number>();
  /** Each conjunct's text (see {@link #conjunct}) and the number it is known by. */
  readonly #conjunctIds = new Map<string, number>();

  /**
   * A conjunct by its keywords and their values, subschemas and lists by identity (memo): the
   * number of that text, equal for conjuncts written alike.
   */
  #conjunct(atom: JsonObject): number {
    let id = this.#conjuncts.get(atom);
    if (id !== undefined) return id;
    const value = (v: JsonValue) =>
      typeof v === "object" && v !== null ? `#${this.#objectId(v)}` : JSON.stringify(v);
    const key = Object.keys(atom).map((k) => `${JSON.stringify(k)}:${value(atom[k] as JsonValue)}`)
      .join();
    id = this.#conjunctIds.get(key);
    if (id === undefined) this.#conjunctIds.set(key, id = this.#conjunctIds.size);
    this.#conjuncts.set(atom, id);
    return id;
  }

  /** {@link subAtoms} for one of several alternatives: a failed one gives its steps back. */
  alternative(atoms: readonly JsonObject[], b: JsonValue): Proof {
    const steps = this.#steps;
    const proof = this.subAtoms(atoms, b);
    if (proof !== true) this.#steps = steps;
    return proof;
  }

  #subAtoms(atoms: readonly JsonObject[], b: JsonValue, held?: ReadonlySet<string>): Proof {
    // A conjunct equal to B, or to a branch of it, holds the conjunction whatever it holds. Asked
    // before a disjunction is taken apart: allOf [oneOf [integer, enum [1, "a"]], string] is in
    // the oneOf as a whole, though "a" alone matches only one of its overlapping branches and
    // the branches compared alone cannot show it.
    if (this.#held(atoms, b)) return true;
    // So does each conjunct of B that a conjunct of A equals or is a branch of: only the others
    // need a proof (allOf [X, string] → allOf [X, anyOf [string, null]] with X such a oneOf).
    const conjuncts = this.#atomsOf(b, this.#root("b"));
    // B's one conjunct, written otherwise (a reference to `true` beside it, an allOf of one):
    // B is that conjunct.
    if (
      Array.isArray(conjuncts) && conjuncts.length === 1 && this.#held(atoms, conjuncts[0]!)
    ) return true;
    if (Array.isArray(conjuncts) && conjuncts.length > 1) {
      const rest = conjuncts.filter((t) => !this.#held(atoms, t));
      if (rest.length === 0) return true;
      if (rest.length < conjuncts.length) {
        // The names the conjuncts left aside declare are still named by B: a property A names
        // in one of those is on both sides (see `bNames`). Under the seed's conventions A and B
        // must then name the same properties in all, as the rest's checks see only some.
        const names = new Set(held);
        for (const t of conjuncts) {
          if (rest.includes(t) || !isObject(t.properties)) continue;
          for (const n of Object.keys(t.properties)) names.add(n);
        }
        if (this.old !== "none") {
          const refs = this.options.known.has("$ref");
          const [inA, inB] = [
            namedDeep(atoms, refs ? this.#root("a") : undefined),
            namedDeep(conjuncts, refs ? this.#root("b") : undefined),
          ];
          const gone = [...inA].find((n) => !inB.has(n)) ?? [...inB].find((n) => !inA.has(n));
          if (gone !== undefined) {
            return `property ${JSON.stringify(gone)} is named on one side only`;
          }
        }
        return this.subAtoms(atoms, { allOf: rest }, names);
      }
    }
    // A keyword of no JSON Schema draft (such as OpenAPI's xml, or "vndK") on side A is an
    // annotation to a validator, or at most one more constraint on A (a schema's keywords are
    // all asserted together), so A ⊆ B holds if A without it ⊆ B: anyOf [string, {type:
    // string, "vndK": 1}] → anyOf [string] loses no value. A keyword of a draft that the proof
    // does not model may interact with others (prefixItems with items), so it still fails.
    // Not beside unevaluatedProperties or unevaluatedItems, which a custom vocabulary may feed.
    const foreign = (atom: JsonObject) =>
      Object.keys(atom).filter((k) => !this.options.known.has(k) && !DRAFT_KEYWORDS.has(k));
    if (atoms.some((atom) => foreign(atom).length > 0)) {
      const evaluating = atoms.some((atom) =>
        atom.unevaluatedProperties !== undefined || atom.unevaluatedItems !== undefined
      );
      if (evaluating) {
        return `keyword ${JSON.stringify(atoms.flatMap(foreign)[0])} is not modelled`;
      }
      atoms = atoms.map((atom) => {
        const drop = new Set(foreign(atom));
        return drop.size === 0
          ? atom
          : Object.fromEntries(Object.entries(atom).filter(([k]) => !drop.has(k)));
      });
    }
    for (const atom of atoms) {
      for (const key of Object.keys(atom)) {
        if (!this.options.known.has(key)) return `keyword ${JSON.stringify(key)} is not modelled`;
        if (!wellTyped(key, atom[key] as JsonValue)) {
          return `keyword ${JSON.stringify(key)} has a value of the wrong type`;
        }
      }
    }
    // A disjunction on side A: every branch (with the other conjuncts) must be included.
    const at = atoms.findIndex((x) => Array.isArray(x.anyOf) || Array.isArray(x.oneOf));
    if (at >= 0) {
      const atom = atoms[at] as JsonObject;
      const keyword = Array.isArray(atom.anyOf) ? "anyOf" : "oneOf";
      const { [keyword]: list, ...restOfAtom } = atom;
      // Copies of the disjunction (a definition referred to twice) go with it: X ∧ X is X, and
      // a copy left among the others asked the same question again, which fails at once.
      const others = atoms.filter((x, i) => i !== at && this.#conjunct(x) !== this.#conjunct(atom));
      if (Object.keys(restOfAtom).length > 0) others.push(restOfAtom);
      // Without the disjunction A only grows: that may already be enough.
      if (others.length > 0 && this.subAtoms(others, b, held) === true) return true;
      for (const branch of list as JsonValue[]) {
        // A branch B holds as one of its own branches is included whatever it holds: taken
        // apart first, a oneOf branch whose own branches overlap (oneOf [[string, null], null]
        // accepts no null) had each part compared alone, and [string, null] is in no branch.
        if (others.length === 0 && this.#inBranch(branch, b)) continue;
        const more = this.#atomsOf(branch, this.#root("a"));
        if (typeof more === "string") return more;
        if (more === false) continue;
        // A conjunct already there adds nothing: a definition that is an allOf reaching itself
        // through a union added a copy of itself at each level.
        const have = new Set(others.map((x) => this.#conjunct(x)));
        const proof = this.subAtoms(
          [
            ...others,
            ...more.filter((x) => !have.has(this.#conjunct(x))),
          ],
          b,
          held,
        );
        if (proof !== true) return proof;
      }
      return true;
    }
    const kinds = atoms.reduce<Kinds>((k, x) => k.intersect(kindsOf(x)), kindsOf({}));
    const values = valuesOf(atoms, kinds);
    if (kinds.empty() || (values !== undefined && values.length === 0)) return true;
    // `not` of a schema that accepts everything accepts nothing.
    if (atoms.some((x) => Object.hasOwn(x, "not") && isAnnotationOnly(x.not as JsonValue))) {
      return true;
    }
    const targets = this.#atomsOf(b, this.#root("b"));
    if (typeof targets === "string") return targets;
    if (targets === false) return "the new schema accepts nothing";
    const bNames = targets.length < 2 && (held === undefined || held.size === 0)
      ? undefined
      : new Set([
        ...held ?? [],
        ...targets.flatMap((t) => isObject(t.properties) ? Object.keys(t.properties) : []),
      ]);
    for (const target of targets) {
      const groups = new Map<string, JsonObject>();
      for (const key of Object.keys(target)) {
        if (!this.options.known.has(key)) return `keyword ${JSON.stringify(key)} is not modelled`;
        if (!wellTyped(key, target[key] as JsonValue)) {
          return `keyword ${JSON.stringify(key)} has a value of the wrong type`;
        }
        const group = groupOf(key);
        if (group === undefined) return `keyword ${JSON.stringify(key)} is not decided`;
        const holder = groups.get(group) ?? {};
        holder[key] = target[key] as JsonValue;
        groups.set(group, holder);
      }
      for (const [group, part] of groups) {
        const check = GROUP_CHECKS.get(group);
        if (check === undefined) return `keyword group ${group} is not decided`;
        const proof = check(this, atoms, part, { kinds, values, bNames });
        if (proof !== true) return proof;
      }
    }
    return true;
  }
}

/**
 * The property names `list` declares (leaving out those it forbids with `false`), in the
 * schemas themselves and in their allOf, anyOf and oneOf branches, however deep. A local
 * reference met there, resolved in `root` (none without one), reads as its target with the
 * references and allOf branches of that target, as atoms() flattens a conjunct: `anyOf [{$ref
 * C}, null]` names what C names, where the conjunct C flattened on the other side names it. The
 * references in the union branches of a target are not followed: what they name is compared
 * where the proof meets it.
 */
function namedDeep(list: readonly JsonValue[], root?: JsonValue): Set<string> {
  const out = new Set<string>();
  // Each schema with where it was met: 0 in the list, 1 in a target, 2 in a target's union.
  const stack: [JsonValue, 0 | 1 | 2][] = list.map((s) => [s, 0]);
  const seen = new Set<JsonValue>();
  for (let guard = 0; stack.length > 0 && guard < 1000; guard++) {
    const [s, at] = stack.pop()!;
    if (!isObject(s)) continue;
    if (isObject(s.properties)) {
      for (const [n, x] of Object.entries(s.properties)) if (x !== false) out.add(n);
    }
    for (const key of ["allOf", "anyOf", "oneOf"]) {
      const branches = s[key];
      const next = key === "allOf" || at === 0 ? at : 2;
      if (Array.isArray(branches)) {
        stack.push(...branches.map((x): [JsonValue, 0 | 1 | 2] => [x, next]));
      }
    }
    const target = at === 2 || root === undefined || typeof s.$ref !== "string"
      ? undefined
      : resolveLocal(root, s.$ref);
    if (target !== undefined && !seen.has(target.value)) {
      seen.add(target.value);
      stack.push([target.value, 1]);
    }
  }
  return out;
}

/** The keywords of the JSON Schema drafts (draft-04 to 2020-12), modelled or not. */
const DRAFT_KEYWORDS: ReadonlySet<string> = new Set([
  ...Object.keys(FACET_OF),
  "id",
  "$recursiveRef",
  "$recursiveAnchor",
  "$vocabulary",
]);

/**
 * Decides, where it can, whether every value valid under `a` is valid under `b`; returns `true`
 * when proven and otherwise the reason the proof failed.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { subsumes } from "./subsume.ts";
 * import { FACET_OF } from "./types.ts";
 * const known = new Set(Object.keys(FACET_OF));
 * const old = { type: "string", maxLength: 3 };
 * const next = { oneOf: [{ type: "number" }, { type: "string" }] };
 * assert.equal(subsumes(old, next, { known }), true);
 * assert.equal(subsumes(next, old, { known }), "the accepted types are not contained");
 * ```
 */
export function subsumes(a: JsonValue, b: JsonValue, options: SubsumeOptions): Proof {
  const budget = options.budget;
  if (budget === undefined || !isObject(a) || !isObject(b)) {
    return new Subsumption(options).sub(a, b);
  }
  const how = questionOptions(options);
  const known = budget.answer(a, b, how);
  if (known !== undefined) return known;
  const proof = new Subsumption(options).sub(a, b);
  budget.keep(a, b, how, proof);
  return proof;
}

const optionIds = new WeakMap<object, number>();
let nextOptionId = 0;

/** The options that decide a question's answer, as a key: roots and vocabulary by identity. */
function questionOptions(options: SubsumeOptions): string {
  const id = (value: unknown) => {
    if (typeof value !== "object" || value === null) return String(value);
    let n = optionIds.get(value);
    if (n === undefined) optionIds.set(value, n = ++nextOptionId);
    return `#${n}`;
  };
  return [
    id(options.rootA),
    id(options.rootB),
    id(options.known),
    options.old ?? "none",
    options.safeIntegers === true,
    options.nonstandardFormats === true,
  ].join("|");
}

/** Whether a schema object holds annotations only (or nothing): it accepts every value. */
export function isAnnotationOnly(schema: JsonValue | undefined): boolean {
  if (schema === true || schema === undefined) return true;
  return isObject(schema) && Object.keys(schema).every((k) => isAnnotationKeyword(k));
}
