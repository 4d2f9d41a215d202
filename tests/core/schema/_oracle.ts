/**
 * The validator oracle: what a real validator accepts, against the grade the diff gives, for the
 * tool and for each finding. The validator is the MCP SDK's own (ajv 8 with ajv-formats,
 * configured by the SDK: strict off, formats validated), as MCP clients run it, or ajv's
 * 2020-12 class with the same options for schemas in that dialect (`_oracle_ajv.ts`).
 * @module
 */
import type { Change } from "../../../core/change.ts";
import type { JsonValue } from "../../../core/json.ts";
import { schemaChanges } from "./_schema_helpers.ts";
import { typeUnseen } from "../../../core/schema/_root_object.ts";
import { candidates } from "./_oracle_values.ts";
import { deepValues } from "./_oracle_deep_values.ts";
import { type Check, checkOf, dialectsOf, type Failure } from "./_oracle_ajv.ts";
import { localises } from "./_oracle_locate.ts";

export type Side = "input" | "output";

/** A value one side accepts that the other rejects, and where the rejecting side failed it. */
export interface Witness {
  value: JsonValue;
  failures: Failure[];
}

/** What the oracle found for one pair on one side. */
export interface Verdict {
  side: Side;
  /**
   * Whether the pair was judged the other way round (`next` → `old`, see {@link judge}'s
   * `reversed`): its witnesses come from the same values, its findings from the reversed diff.
   */
  reversed?: boolean;
  /**
   * The first witness of a break, if any value was one: on input a value the old schema accepts
   * and the new rejects, on output one the new accepts and the old rejects.
   */
  witness?: JsonValue;
  /** Up to {@link MAX_WITNESSES} witnesses that fail at different places, with those places. */
  witnesses: Witness[];
  /** Strongest severity the diff gave, or "none". */
  grade: string;
  changes: Change[];
  /** Witnesses no BREAKING or POTENTIALLY_BREAKING finding lies on (see `_oracle_locate.ts`). */
  unlocated: Witness[];
  /** BREAKING findings no witness lies under, when there is a witness. */
  unwitnessed: Change[];
}

/** How many witnesses per side are kept and located (of four times as many examined). */
export const MAX_WITNESSES = 8;

/** Every property name `s` declares, at any depth. */
function declared(s: JsonValue, into = new Set<string>()): Set<string> {
  if (Array.isArray(s)) { for (const x of s) declared(x, into); }
  else if (typeof s === "object" && s !== null) {
    for (const [k, x] of Object.entries(s)) {
      if (k === "properties" && typeof x === "object" && x !== null && !Array.isArray(x)) {
        for (const name of Object.keys(x)) into.add(name);
      }
      declared(x, into);
    }
  }
  return into;
}

/**
 * Names the new schema declares in an object where the old one, at the same place, declares
 * none of them and has no additionalProperties schema: an optional input property added to an
 * open object is NON_BREAKING by the engine spec's convention (DESIGN.md section 5), though a
 * call that sent that name with another value yesterday fails today. Values that use such a
 * name are no witness.
 */
export function addedNames(
  old: JsonValue,
  next: JsonValue,
  options: { declaredElsewhere?: boolean } = {},
): Set<string> {
  const out = new Set<string>();
  const visit = (o: JsonValue | undefined, n: JsonValue) => {
    if (Array.isArray(n)) {
      n.forEach((x, i) => visit(Array.isArray(o) ? o[i] : undefined, x));
      return;
    }
    if (typeof n !== "object" || n === null) return;
    const oo = typeof o === "object" && o !== null && !Array.isArray(o) ? o : undefined;
    const props = n.properties;
    if (typeof props === "object" && props !== null && !Array.isArray(props)) {
      const before = oo?.properties;
      const typed = typeof oo?.additionalProperties === "object";
      for (const name of Object.keys(props)) {
        const had = typeof before === "object" && before !== null && name in before;
        if (!had && !typed) out.add(name);
      }
    }
    for (const [k, x] of Object.entries(n)) visit(oo?.[k], x);
  };
  visit(old, next);
  // A name the old schema declares elsewhere may be a property that moved, or one the engine
  // compares with a conditional declaration: not exempt unless `declaredElsewhere` says so.
  // Definitions nothing refers to declare nothing.
  if (options.declaredElsewhere) return out;
  for (const name of declared(withoutUnusedDefinitions(old))) out.delete(name);
  return out;
}

function withoutUnusedDefinitions(s: JsonValue): JsonValue {
  if (typeof s !== "object" || s === null || Array.isArray(s)) return s;
  const key = "$defs" in s ? "$defs" : "definitions";
  const defs = s[key];
  if (typeof defs !== "object" || defs === null || Array.isArray(defs)) return s;
  const text = JSON.stringify(s);
  const used = Object.fromEntries(
    Object.entries(defs).filter(([k]) => text.includes(`"#/${key}/${k}"`)),
  );
  return { ...s, [key]: used };
}

/** Whether `v` uses one of `names` as a property name, at any depth. */
export function usesName(v: JsonValue, names: Set<string>): boolean {
  if (names.size === 0 || typeof v !== "object" || v === null) return false;
  if (Array.isArray(v)) return v.some((x) => usesName(x, names));
  return Object.entries(v).some(([k, x]) => names.has(k) || usesName(x, names));
}

/** The directions a pair is judged in: as written, and (with `reversed`) the other way round. */
export type Direction = Side | `${Side} reversed`;
const DIRECTIONS: Direction[] = ["input", "output", "input reversed", "output reversed"];

/** The direction of a verdict, as the survey names it. */
export const directionOf = (v: Verdict): Direction => v.reversed ? `${v.side} reversed` : v.side;

const RANK = ["BREAKING", "POTENTIALLY_BREAKING", "NON_BREAKING", "DOCUMENTATION"];

/** The oracle's verdicts on both sides, or undefined when ajv cannot compile or run one schema. */
/**
 * With `reversed`, also the verdicts of the pair read the other way round (`next` → `old`, input
 * and output), judged on the same values: what the one direction proves the other must not
 * contradict, and the values cost nothing more (the reversed diff does).
 */
export function judge(
  old: JsonValue,
  next: JsonValue,
  options: { reversed?: boolean } = {},
): { values: number; valid: [number, number]; verdicts: Verdict[] } | undefined {
  const [dOld, dNew] = dialectsOf(old, next);
  const [co, cn] = [checkOf(old, dOld), checkOf(next, dNew)];
  if (!co || !cn) return undefined;
  const seen = new Set<string>();
  const values: JsonValue[] = [];
  const found = [...candidates(old, old), ...candidates(next, next)];
  for (const v of [...found, ...deepValues(old, old), ...deepValues(next, next)]) {
    const key = JSON.stringify(v);
    if (!seen.has(key)) {
      seen.add(key);
      values.push(v);
    }
  }
  const exempt = addedNames(old, next);
  const reversed = options.reversed === true;
  // Reversed, the names added are the ones `old` declares and `next` does not.
  const exemptBack = reversed ? addedNames(next, old) : new Set<string>();
  const valid: [number, number] = [0, 0];
  const directions = reversed ? DIRECTIONS : DIRECTIONS.slice(0, 2);
  const witnesses = new Map(directions.map((d) => [d, [] as Witness[]]));
  // Witnesses that fail at other places first, so that each break has one when there are few.
  const examined = new Map(directions.map((d) => [d, 0]));
  const signatures = new Map(directions.map((d) => [d, new Set<string>()]));
  const keep = (direction: Direction, value: JsonValue, rejecting: Check) => {
    const found = witnesses.get(direction)!, count = examined.get(direction)!;
    if (found.length >= MAX_WITNESSES || count >= 4 * MAX_WITNESSES) return;
    examined.set(direction, count + 1);
    const failures = rejecting.failures(value);
    const signature = [...new Set(failures.map((f) => f.schemaPath))].sort().join(" ");
    if (found.length > 0 && signatures.get(direction)!.has(signature)) return;
    signatures.get(direction)!.add(signature);
    found.push({ value, failures });
  };
  // MCP carries only objects at the root: other values there are no witness when both roots
  // admit objects, which is when the engine sets a change of the root's type aside.
  const objectsOnly = typeUnseen(old, next);
  for (const v of values) {
    if (objectsOnly && (typeof v !== "object" || v === null || Array.isArray(v))) continue;
    let a: boolean, b: boolean;
    try {
      [a, b] = [co.valid(v), cn.valid(v)];
    } catch {
      // A reference that loops without consuming the value overflows ajv's stack.
      return undefined;
    }
    if (a) valid[0]++;
    if (b) valid[1]++;
    if (a && !b && !usesName(v, exempt)) keep("input", v, cn);
    if (b && !a) keep("output", v, co);
    if (!reversed) continue;
    if (b && !a && !usesName(v, exemptBack)) keep("input reversed", v, co);
    if (a && !b) keep("output reversed", v, cn);
  }
  const verdicts = directions.map((direction) => {
    const back = direction.endsWith(" reversed");
    const side: Side = direction.startsWith("input") ? "input" : "output";
    const roots = back ? [next, old] : [old, next];
    const changes = schemaChanges(side, roots[0]!, roots[1]!);
    const ranks = changes.map((c) => RANK.indexOf(c.severity));
    const grade = ranks.length === 0 ? "none" : RANK[Math.min(...ranks)]!;
    const found = witnesses.get(direction)!;
    const graded = changes.filter((c) => RANK.indexOf(c.severity) <= 1);
    const verdict: Verdict = {
      side,
      witnesses: found,
      grade,
      changes,
      unlocated: found.filter((w) => !graded.some((c) => localises(c, w.failures, roots))),
      unwitnessed: found.length === 0
        ? []
        : changes.filter((c) =>
          c.severity === "BREAKING" && !found.some((w) => localises(c, w.failures, roots))
        ),
    };
    if (back) verdict.reversed = true;
    if (found.length > 0) verdict.witness = found[0]!.value;
    return verdict;
  });
  return { values: values.length, valid, verdicts };
}

/** Whether a verdict is a missed break: a witness, and no BREAKING or POTENTIALLY_BREAKING. */
export const isMissed = (v: Verdict): boolean =>
  v.witness !== undefined && v.grade !== "BREAKING" && v.grade !== "POTENTIALLY_BREAKING";

/**
 * Whether a missed break on input is the convention of an optional property added to an open
 * object, its name declared elsewhere in the old root (which {@link addedNames} leaves out, as
 * a property that may have moved): the diff reports the property added, and every witness
 * uses a name added. Reversed pairs meet it where the pair as written removed a property.
 */
export function addedElsewhere(old: JsonValue, next: JsonValue, v: Verdict): boolean {
  if (v.side !== "input" || !v.changes.some((c) => c.rule === "tool.input.property.added")) {
    return false;
  }
  const names = v.reversed
    ? addedNames(next, old, { declaredElsewhere: true })
    : addedNames(old, next, { declaredElsewhere: true });
  return v.witnesses.every((w) => usesName(w.value, names));
}

/** A readable account of a missed break. */
export function describe(old: JsonValue, next: JsonValue, v: Verdict): string {
  if (v.reversed) [old, next] = [next, old];
  const rule = v.side === "input"
    ? "valid under old, invalid under new"
    : "valid under new, invalid under old";
  return [
    `MISSED BREAK on ${directionOf(v)} (graded ${v.grade}):`,
    `  old:     ${JSON.stringify(old)}`,
    `  new:     ${JSON.stringify(next)}`,
    `  witness: ${JSON.stringify(v.witness)} (${rule})`,
    `  findings: ${v.changes.map((c) => `${c.rule} ${c.path} ${c.severity}`).join("; ") || "none"}`,
  ].join("\n");
}
