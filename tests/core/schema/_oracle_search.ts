/**
 * A search for a witness the oracle's values miss, for the survey (`ORACLE_SEARCH=1`): starting
 * from the values one side accepts, each place of a value (a property, an item, the value
 * itself) is replaced by the edge values of every subschema of either root, a declared name is
 * added, an item appended or dropped, for up to three rounds, keeping what the side still
 * accepts. Deep in a chain of definitions the likely valid value of each level is often not
 * valid (a sibling property that accepts nothing), and a union's branch's bounds fall past the
 * caps: a third of the chains' "BREAKING without a witness" had one that this finds.
 * @module
 */
import { isObject, type JsonValue } from "../../../core/json.ts";
import { typeUnseen } from "../../../core/schema/_root_object.ts";
import { addedNames, type Side, usesName } from "./_oracle.ts";
import { checkOf, dialectsOf } from "./_oracle_ajv.ts";
import { candidates } from "./_oracle_values.ts";
import { deepValues } from "./_oracle_deep_values.ts";
import { getAt, subschemaPaths } from "./_oracle_schemas.ts";

/** Values tried per search, replacement values, values kept per round, longest value. */
const BUDGET = 100_000;
const POOL = 120;
const KEPT = 400;
const LONGEST = 400;

/** Every property name a schema declares, at any depth. */
function names(s: JsonValue, into = new Set<string>()): Set<string> {
  if (Array.isArray(s)) { for (const x of s) names(x, into); }
  else if (isObject(s)) {
    for (const [k, x] of Object.entries(s)) {
      if (k === "properties" && isObject(x)) { for (const n of Object.keys(x)) into.add(n); }
      names(x, into);
    }
  }
  return into;
}

/** `v` with one place replaced by a value of `pool`, a name of `keys` added, or an item. */
function* mutants(v: JsonValue, pool: JsonValue[], keys: string[]): Generator<JsonValue> {
  yield* pool;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) {
      for (const m of mutants(v[i]!, pool, keys)) yield v.map((x, j) => j === i ? m : x);
    }
    for (const p of pool) yield [...v, p];
    if (v.length > 0) yield v.slice(1);
  } else if (isObject(v)) {
    for (const k of Object.keys(v)) {
      for (const m of mutants(v[k]!, pool, keys)) yield { ...v, [k]: m };
      const { [k]: _, ...rest } = v;
      yield rest;
    }
    for (const k of keys) if (!(k in v)) { for (const p of pool) yield { ...v, [k]: p }; }
  }
}

/** The edge values of every subschema of the roots, short ones, and a value of each kind. */
function replacements(roots: JsonValue[]): JsonValue[] {
  const pool = new Map<string, JsonValue>();
  for (const root of roots) {
    for (const path of subschemaPaths(root)) {
      for (const c of candidates(getAt(root, path), root, 1).slice(0, 12)) {
        pool.set(JSON.stringify(c), c);
      }
    }
  }
  for (const x of [null, 0, 1, 2, 2.5, "a", "", true, false, [], {}]) {
    pool.set(JSON.stringify(x), x);
  }
  return [...pool.values()].filter((x) => JSON.stringify(x).length < 60).slice(0, POOL);
}

/**
 * A value that breaks `side` (on input valid under `old` and not under `next`, on output the
 * reverse), as the oracle counts witnesses, or undefined when none is found within the budget.
 */
export function searchWitness(old: JsonValue, next: JsonValue, side: Side): JsonValue | undefined {
  const [dOld, dNew] = dialectsOf(old, next);
  const [co, cn] = [checkOf(old, dOld), checkOf(next, dNew)];
  if (!co || !cn) return undefined;
  const [accepts, rejects] = side === "input" ? [co, cn] : [cn, co];
  const objectsOnly = typeUnseen(old, next);
  const exempt = side === "input" ? addedNames(old, next) : new Set<string>();
  const pool = replacements([old, next]);
  const keys = [...new Set([...names(old), ...names(next)])];
  const valid = (v: JsonValue) => {
    try {
      return accepts.valid(v);
    } catch {
      return false;
    }
  };
  const start = [old, next].flatMap((root) => [
    ...candidates(root, root),
    ...deepValues(root, root),
  ]);
  const seen = new Set<string>();
  let frontier = start.filter((v) => {
    const key = JSON.stringify(v);
    return !seen.has(key) && seen.add(key) && valid(v);
  });
  let tried = 0;
  for (let round = 0; round < 3 && frontier.length > 0; round++) {
    const kept: JsonValue[] = [];
    for (const v of frontier) {
      for (const m of mutants(v, pool, keys)) {
        if (++tried > BUDGET) return undefined;
        const key = JSON.stringify(m);
        if (key.length > LONGEST || seen.has(key)) continue;
        seen.add(key);
        if (objectsOnly && !isObject(m)) continue;
        if (!valid(m)) continue;
        let rejected: boolean;
        try {
          rejected = !rejects.valid(m);
        } catch {
          continue;
        }
        if (rejected && !usesName(m, exempt)) return m;
        if (kept.length < KEPT) kept.push(m);
      }
    }
    frontier = kept;
  }
  return undefined;
}
