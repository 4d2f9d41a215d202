/**
 * Compares the input and output schemas of every paired tool once per diff: the structured walk
 * and the independent catch-all differ both run, and a catch-all verdict is kept where the walk
 * is silent or milder at that place and below it ("the stricter one always wins").
 * @module
 */
import { isObject, jsonEqual, type JsonValue, pointerOf, pointerTokens } from "../json.ts";
import { type EntityPairs, isEqualPair } from "../pairing.ts";
import type { ProseVerdict } from "../prose.ts";
import { severityRank } from "../severity.ts";
import { catchAllDiff } from "./catch_all.ts";
import { withoutNameTypes } from "./_property_names.ts";
import { nothingAsFalse, type NothingRead } from "./_nothing_as_false.ts";
import { notesOfNothings, proseOfNothings } from "./_unreached_prose.ts";
import { mergedConjuncts, type MergedRead } from "./_merged_conjuncts.ts";
import type { Token } from "./_schema_paths.ts";
import { show } from "./_walk_messages.ts";
import { declaresObjectRoot, withoutRootTypeChange } from "./_root_object.ts";
import { oncePerDefinition } from "./_shared_definitions.ts";
import { quotedAsWritten } from "./_quoted_as_written.ts";
import { hintPropertyRenames, PROSE_RUN_BUDGET, type ProseRuns } from "./renames.ts";
import { ProofBudget } from "./proof_budget.ts";
import { COMBINATORS, type SchemaDelta, type Side } from "./types.ts";
import { STRUCTURED_VOCABULARY, walkSchemas } from "./walk.ts";

/** A schema delta with the tool it belongs to. */
export interface ToolSchemaDelta extends SchemaDelta {
  tool: string;
}

/** Whether the schema at `location` inside `schema` (a pointer, "" for the root) is a union. */
function unionAt(schema: JsonValue | undefined, location: string): boolean {
  let node = schema;
  for (const token of pointerTokens(location)) {
    if (Array.isArray(node)) node = node[Number(token)];
    else if (isObject(node) && Object.hasOwn(node, token)) node = node[token];
    else return false;
  }
  return isObject(node) && (Object.hasOwn(node, "anyOf") || Object.hasOwn(node, "oneOf"));
}

/** Whether `pointer` is `at` or lies below it. */
const within = (pointer: string, at: string): boolean =>
  pointer === at || pointer.startsWith(`${at}/`);

/** Whether `loc` is `at` followed by combinator branches only (`/anyOf/0/allOf/1`). */
const inBranchOf = (loc: string, at: string): boolean =>
  within(loc, at) && /^(\/(anyOf|oneOf|allOf)\/[0-9]+)*$/.test(loc.slice(at.length));

/**
 * The strictest rank the structured walk gave below a catch-all delta: at or under the place it
 * names (a combinator, tuple or reference the catch-all graded as a whole, whose branch the walk
 * named), or at the same facet in a branch of its location (a lone schema that faced a union:
 * the walk names the branch it compared it with, the catch-all the lone schema), or below its
 * path (a union's branch that faced a lone schema, whose pointer is the lone schema's), or at a
 * union the catch-all graded inside a branch of the union the walk graded.
 */
function rankBelow(
  d: SchemaDelta,
  structured: readonly SchemaDelta[],
  loneFacing: (s: SchemaDelta) => boolean,
): number | undefined {
  let best: number | undefined;
  for (const s of structured) {
    const below = within(s.pointer, d.pointer) ||
      // A union a lone schema reached through a `$ref` faced, reported where the `$ref` is
      // written: the catch-all graded that schema at the `$ref`'s target, and what lies in it.
      (s.newPointer !== undefined && COMBINATORS.includes(s.facet) &&
        within(s.newPointer, d.pointer)) ||
      (s.facet === d.facet && inBranchOf(s.location, d.location)) ||
      // A union's branch that faced a lone schema: the walk's path names the branch, its pointer
      // the lone schema, where the union is not.
      (/\.(anyOf|oneOf|allOf)$/.test(d.path) &&
        /^\.[0-9]+(\.|$)/.test(s.path.slice(d.path.length)) &&
        s.path.startsWith(d.path)) ||
      // A type list facing a union: the walk meets it as one branch per type and names the
      // branches added and removed at the union; the catch-all compared it with one branch's
      // type, at the list's place or in that branch, and saw part of the same change.
      (d.facet === "type" && loneFacing(s) && inBranchOf(d.location, s.location)) ||
      // A union nested in a branch of the union the walk graded: the walk reads the branches of
      // both as one list (_union_lift.ts flatAnyOf) and names a branch added to or removed from
      // the inner one at the outer; the catch-all graded the inner union as a whole.
      ((d.facet === "anyOf" || d.facet === "oneOf") && s.facet === d.facet &&
        d.location !== s.location && inBranchOf(d.location, s.location)) ||
      // A keyword of a union's branch that the walk read as the branch removed and another
      // added (a type swapped in a flat anyOf: string → integer beside null), graded at the
      // union: the catch-all compared the branches at one index and saw the same change.
      ((s.facet === "anyOf" || s.facet === "oneOf") && /\.(widened|narrowed)$/.test(s.rule) &&
        !["anyOf", "oneOf", "allOf"].includes(d.facet) &&
        d.location !== s.location && inBranchOf(d.location, s.location) &&
        /^\/(anyOf|oneOf)\/[0-9]+$/.test(d.location.slice(s.location.length)));
    const rank = severityRank(s.severity);
    if (below && (best === undefined || rank < best)) best = rank;
  }
  return best;
}

/**
 * Keeps every structured delta, plus catch-all deltas that are unmodelled, or stricter than
 * what the walk reported at that facet and place and below it. `schemas` (the two schemas the
 * deltas are about) tell where a lone schema faced a union, which the walk grades at the union.
 */
export function mergeDeltas(
  structured: readonly SchemaDelta[],
  catchAll: readonly SchemaDelta[],
  schemas?: { old: JsonValue | undefined; new: JsonValue | undefined },
): SchemaDelta[] {
  const loneFacing = (s: SchemaDelta) =>
    (s.facet === "anyOf" || s.facet === "oneOf") && schemas !== undefined &&
    unionAt(schemas.old, s.location) !== unionAt(schemas.new, s.location);
  const strongest = new Map<string, number>();
  for (const d of structured) {
    // A required property added is reported as required.added alone; it covers "properties".
    // A property removed covers its name's removal from required, which the walk reports with it.
    const facets = d.facet === "required"
      ? ["required", "properties"]
      : d.rule.endsWith(".property.removed")
      ? ["properties", "required"]
      : [d.facet];
    for (const facet of facets) {
      const key = `${d.location}\u0000${facet}`;
      const rank = severityRank(d.severity);
      if (!strongest.has(key) || rank < strongest.get(key)!) strongest.set(key, rank);
    }
  }
  const kept: SchemaDelta[] = [];
  for (const d of catchAll) {
    if (d.rule.endsWith(".keyword.unmodelled")) {
      kept.push(d);
      continue;
    }
    const ranks = [
      strongest.get(`${d.location}\u0000${d.facet}`),
      rankBelow(d, structured, loneFacing),
    ]
      .filter((r) => r !== undefined);
    const rank = ranks.length === 0 ? undefined : Math.min(...ranks);
    if (rank !== undefined && severityRank(d.severity) >= rank) continue;
    const effect = d.rule.slice(d.rule.lastIndexOf(".") + 1);
    kept.push({
      ...d,
      rule: d.rule.replace(/\.keyword\.[a-z]+$/, ".keyword.changed"),
      message: `${d.message} (catch-all differ: ${effect}${
        rank === undefined
          ? "; the structured walk reported nothing here"
          : ", stricter than the structured walk"
      })`,
    });
  }
  return [...structured, ...kept];
}

type Classify = (a: string | undefined, b: string | undefined) => ProseVerdict;

/** Compares one side of one tool. */
export function compareSchemaSide(
  oldSchema: JsonValue | undefined,
  newSchema: JsonValue | undefined,
  where: {
    side: Side;
    basePath: string;
    basePointer: string;
    oldBasePointer?: string;
    /** The proof steps both differs may take (default: a new budget of the usual size). */
    proofs?: ProofBudget;
    /** Classifier runs left to rename hints in the diff (default: a new budget, this side's). */
    proseRuns?: ProseRuns;
  },
  classifyProse: Classify,
): SchemaDelta[] {
  // Both differs compare name schemas without a type that admits every name, and read a schema
  // that accepts no value in so many words as the `false` it is (_nothing_as_false.ts).
  // Conjuncts written apart (an allOf branch, a `not` of `not`) beside other keywords are read
  // merged into them where the sides write them otherwise (_merged_conjuncts.ts).
  const named = [withoutNameTypes(oldSchema), withoutNameTypes(newSchema)] as const;
  const conjoined = mergedConjuncts(named[0], named[1]);
  const read = nothingAsFalse(conjoined.old, conjoined.new);
  const [a, b] = [read.old, read.new];
  const proofs = where.proofs ?? new ProofBudget();
  const structured = [
    ...walkSchemas(a, b, { ...where, classifyProse, proofs }),
    // Prose inside a schema that accepts nothing on both sides, which the walk reads as false.
    ...proseOfNothings(read.both, where, classifyProse),
    // The other annotations there, which check no value either (a default, examples …), and
    // the keywords no draft defines, which no differ sees there: nothing unmodelled is silent.
    ...notesOfNothings(read.both, where, { old: conjoined.old, new: conjoined.new }),
  ];
  const catchAll = catchAllDiff(a, b, {
    ...where,
    known: STRUCTURED_VOCABULARY,
    proofs,
    ...read.written.old.size > 0 && { oldWritten: conjoined.old },
  });
  // A root meets objects only: a change of its type that keeps objects is none (_root_object.ts).
  const merged = withoutRootTypeChange(
    oncePerDefinition(mergeDeltas(structured, catchAll, { old: a, new: b }), where),
    oldSchema,
    newSchema,
    where.basePath,
  );
  const hinted = hintPropertyRenames(merged, {
    old: oldSchema,
    new: newSchema,
    classify: classifyProse,
    ...where.proseRuns && { proseRuns: where.proseRuns },
  });
  const asWritten = read.written.old.size + read.written.new.size === 0
    ? hinted
    : hinted.map((d) => namedAsWritten(d, read.written, where.basePath));
  const placed = conjoined.moved.old.size + conjoined.moved.new.size === 0
    ? asWritten
    : asWritten.map((d) => placedAsWritten(d, conjoined.moved, where, newSchema));
  // Values quoted as the file writes them, not as the differs read them.
  const sides = [oldSchema, newSchema].map((written, i) => ({
    written,
    read: [named[i], i === 0 ? conjoined.old : conjoined.new, i === 0 ? read.old : read.new],
  }));
  return sides.every((s) => s.read.every((r) => r === s.written))
    ? placed
    : placed.map((d) => quotedAsWritten(d, sides[0]!, sides[1]!, where));
}

/** Whether RFC 6901 pointer `rel` names a value inside `schema`. */
function holds(schema: JsonValue | undefined, rel: string): boolean {
  let at = schema;
  for (const token of pointerTokens(rel)) {
    if (Array.isArray(at)) at = at[Number(token)];
    else if (isObject(at) && Object.hasOwn(at, token)) at = at[token];
    else return false;
  }
  return at !== undefined;
}

/**
 * A finding on a keyword that `mergedConjuncts` moved out of a conjunct: its pointer and path at
 * the place the new file writes it (the old file's, when only the old file writes it), and its old
 * pointer at the old file's, when they differ.
 */
function placedAsWritten(
  d: SchemaDelta,
  moved: MergedRead<unknown>["moved"],
  where: { basePath: string; basePointer: string; oldBasePointer?: string },
  newSchema: JsonValue | undefined,
): SchemaDelta {
  if (!d.pointer.startsWith(where.basePointer)) return d;
  const rel = d.pointer.slice(where.basePointer.length);
  const find = (map: Map<string, Token[]>) => {
    for (const [at, tokens] of map) {
      if (rel === at || rel.startsWith(`${at}/`)) return { at, tokens };
    }
    return undefined;
  };
  const out = { ...d };
  const dotted = (p: string) => pointerTokens(p).join(".");
  /** `out` named at `place` (a moved keyword and where the file writes it). */
  const placeAt = (place: { at: string; tokens: Token[] }) => {
    out.pointer = where.basePointer + pointerOf(place.tokens.map(String)) +
      rel.slice(place.at.length);
    const from = `${where.basePath}.${dotted(place.at)}`;
    if (d.path === from || d.path.startsWith(`${from}.`)) {
      out.path = `${where.basePath}.${place.tokens.join(".")}${d.path.slice(from.length)}`;
    }
  };
  const now = find(moved.new);
  const old = find(moved.old);
  if (now !== undefined) placeAt(now);
  else if (old !== undefined && (d.new === undefined || !holds(newSchema, rel))) {
    // Only the old file writes it (it was removed, though the new file may write another
    // keyword at that place): named where the old file does, and in the new file at the list
    // its conjunct stood in, not at the conjunct that holds that index now.
    placeAt(old);
    const list = old.tokens.findLastIndex((t) => typeof t === "number");
    if (list >= 0) {
      out.newPointer = where.basePointer + pointerOf(old.tokens.slice(0, list).map(String));
    }
    return out;
  }
  // A text added: the old file writes none, at the place the merge gave it or elsewhere.
  if (d.oldPointer !== undefined || (d.prose !== undefined && d.old === undefined)) return out;
  // The old file writes it in its conjunct, or where the merged schema has it.
  const oldRel = old === undefined
    ? rel
    : pointerOf(old.tokens.map(String)) + rel.slice(old.at.length);
  if (oldRel !== out.pointer.slice(where.basePointer.length)) {
    out.oldPointer = (where.oldBasePointer ?? where.basePointer) + oldRel;
  }
  return out;
}

/**
 * A finding whose old or new schema is a `false` that `nothingAsFalse` wrote in place of what the
 * file writes (`{not: {}}`, `{anyOf: [false]}`): that schema shown instead, and named in the
 * message, which said `false`.
 */
function namedAsWritten(
  d: SchemaDelta,
  written: NothingRead<unknown>["written"],
  basePath: string,
): SchemaDelta {
  if (!d.path.startsWith(`${basePath}.`)) return d;
  const at = d.path.slice(basePath.length + 1);
  const old = d.old === false ? written.old.get(at) : undefined;
  const now = d.new === false ? written.new.get(at) : undefined;
  if (old === undefined && now === undefined) return d;
  let message = d.message;
  if (now !== undefined) {
    message = message
      .replace("accepts nothing (false)", `accepts nothing (${show(now)}, as false)`)
      .replace(" is now false:", ` is now ${show(now)}, as false:`);
  }
  if (old !== undefined) {
    message = message
      .replace("accepted nothing and", `accepted nothing (${show(old)}, as false) and`)
      .replace(" is no longer false:", ` is no longer ${show(old)}, as false:`);
  }
  return {
    ...d,
    ...old !== undefined && { old },
    ...now !== undefined && { new: now },
    message,
  };
}

/** Schema deltas of every paired tool, grouped by rule id. */
export function toolSchemaDeltas(
  pairs: EntityPairs,
  classifyProse: Classify,
): Map<string, ToolSchemaDelta[]> {
  const byRule = new Map<string, ToolSchemaDelta[]>();
  // Rename hints weigh reworded prose within one budget for all tools (renames.ts).
  const proseRuns: ProseRuns = { left: PROSE_RUN_BUDGET };
  const add = (tool: string, deltas: readonly SchemaDelta[]) => {
    for (const d of deltas) {
      const list = byRule.get(d.rule);
      const entry = { ...d, tool };
      if (list) list.push(entry);
      else byRule.set(d.rule, [entry]);
    }
  };
  for (const p of pairs.tools.paired) {
    // Most tools of a large contract are unchanged; one walk over both entries says which.
    if (isEqualPair(pairs, p)) continue;
    if (!jsonEqual(p.old.inputSchema, p.new.inputSchema)) {
      add(
        p.id,
        compareSchemaSide(p.old.inputSchema, p.new.inputSchema, {
          side: "input",
          basePath: `${p.id}.inputSchema`,
          basePointer: `/tools/${p.newIndex}/inputSchema`,
          oldBasePointer: `/tools/${p.oldIndex}/inputSchema`,
          proseRuns,
        }, classifyProse),
      );
    }
    const before = p.old.outputSchema;
    const after = p.new.outputSchema;
    if (jsonEqual(before, after)) continue;
    const basePath = `${p.id}.outputSchema`;
    const basePointer = `/tools/${p.newIndex}/outputSchema`;
    if (before === undefined || after === undefined) {
      const delta: SchemaDelta = {
        facet: "outputSchema",
        location: "",
        path: basePath,
        pointer: before === undefined ? basePointer : `/tools/${p.newIndex}`,
        rule: before === undefined ? "tool.output.schema.added" : "tool.output.schema.removed",
        severity: before === undefined ? "NON_BREAKING" : "BREAKING",
        message: before === undefined
          ? `"${p.id}" now declares an outputSchema`
          : `"${p.id}" no longer declares an outputSchema; consumers that validate or generate types from it break${
            declaresObjectRoot(before)
              ? ""
              : `; it had no type "object" at its root, for which clients that validate tools/list rejected the whole list: they accept it again once every tool's schemas have it`
          }`,
      };
      if (before !== undefined) delta.old = before;
      if (after !== undefined) delta.new = after;
      add(p.id, [delta]);
      continue;
    }
    add(
      p.id,
      compareSchemaSide(before, after, {
        side: "output",
        basePath,
        basePointer,
        oldBasePointer: `/tools/${p.oldIndex}/outputSchema`,
        proseRuns,
      }, classifyProse),
    );
  }
  return byRule;
}
