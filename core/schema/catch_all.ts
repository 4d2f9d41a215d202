/**
 * The catch-all schema differ: an implementation independent of the structured walk that walks
 * two JSON Schemas by raw structure, reports every difference at a keyword it is not told is
 * modelled as BREAKING (`tool.<side>.keyword.unmodelled`), and grades the modelled keywords
 * itself, facet by facet, by their effect on the set of accepted values.
 *
 * The walk keeps an explicit work stack, so neither deep nesting nor long `$ref` chains can
 * overflow the call stack; nesting deeper than 1,000 levels stops with one `changed` delta at
 * that point.
 * @module
 */
import type { JsonValue } from "../json.ts";
import type { SchemaDelta, Side } from "./types.ts";
import { CatchAllWalk } from "./_catch_all_walk.ts";
import type { ProofBudget } from "./proof_budget.ts";

/** Options of {@link catchAllDiff}. */
export interface CatchAllOptions {
  /** `input` (contravariant) or `output` (covariant): decides the severity of each effect. */
  side: Side;
  /** Dotted path of the schema root, e.g. `search_issues.inputSchema`. */
  basePath: string;
  /** RFC 6901 pointer of the schema root in the snapshot, e.g. `/tools/3/inputSchema`. */
  basePointer: string;
  /** The same pointer in the old snapshot, where the tool stood at another index. */
  oldBasePointer?: string;
  /** Keywords the structured walk models; every other keyword is unmodelled. */
  known: ReadonlySet<string>;
  /** The proof steps this schema may take, shared with the structured walk. */
  proofs?: ProofBudget | undefined;
  /**
   * The old schema as written, when `old` reads some places that accept no value as `false`
   * (`_nothing_as_false.ts`): an unmodelled keyword written there is not new where the new
   * schema writes it with the same value.
   */
  oldWritten?: JsonValue | undefined;
}

/**
 * Compares two versions of a tool's JSON Schema by raw structure, independently of the
 * structured walk. A keyword not in `options.known` whose value differs is reported as
 * `tool.<side>.keyword.unmodelled`, BREAKING, with its old and new values, and its value is not
 * descended into. A known keyword gets this differ's own verdict per facet,
 * `tool.<side>.keyword.<widened|narrowed|changed>`, with the severity of the variance table;
 * known annotations produce nothing. `undefined` stands for an absent schema, which accepts
 * everything. Deltas come in document order with keys sorted; it never throws on JSON input.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { catchAllDiff } from "./catch_all.ts";
 * const deltas = catchAllDiff(
 *   { type: "object", "x-rank": 1 },
 *   { type: "object", "x-rank": 2, required: ["q"] },
 *   {
 *     side: "input",
 *     basePath: "search.inputSchema",
 *     basePointer: "/tools/0/inputSchema",
 *     known: new Set(["type", "required"]),
 *   },
 * );
 * assert.deepEqual(deltas.map((d) => [d.rule, d.severity, d.path]), [
 *   ["tool.input.keyword.narrowed", "BREAKING", "search.inputSchema.required"],
 *   ["tool.input.keyword.unmodelled", "BREAKING", "search.inputSchema.x-rank"],
 * ]);
 * ```
 */
export function catchAllDiff(
  old: JsonValue | undefined,
  next: JsonValue | undefined,
  options: CatchAllOptions,
): SchemaDelta[] {
  return new CatchAllWalk(old, next, options).run();
}
