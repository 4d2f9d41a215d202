/**
 * Response shapes: what Proxar records about a tool's `tools/call` results. Content item types,
 * the JSON type tree of `structuredContent` and of text content that parses as JSON, how many
 * calls answered with `isError`, which calls failed and why (a category, never the message),
 * and where `structuredContent` broke the tool's own `outputSchema` (schema paths, never
 * values). Pure; several results of one tool merge into one shape.
 * @module
 */
import { boundNodes, mergeNodes, type ShapeNode, shapeOf } from "./node.ts";

/** The kinds of content item recorded; `text/json` is text that parses as an object or array. */
export const CONTENT_KINDS = [
  "audio",
  "image",
  "other",
  "resource",
  "resource_link",
  "text",
  "text/json",
] as const;

/** A content item kind. */
export type ContentKind = (typeof CONTENT_KINDS)[number];

/** Why a sample call produced no result. */
export const FAILURE_REASONS = ["error", "notReadOnly", "timeout", "unknownTool"] as const;

/** A failure category. */
export type FailureReason = (typeof FAILURE_REASONS)[number];

/** One way `structuredContent` failed the tool's `outputSchema`. */
export interface Violation {
  /** The JSON Schema keyword that failed (`type`, `required` …). */
  keyword: string;
  /** Where in the output schema, as ajv names it: `#/properties/items/items/required`. */
  schemaPath: string;
  /** Where in the result: a pointer with array indexes and unrecorded keys written `*`. */
  at: string;
}

/** Everything recorded about one tool's results. */
export interface ToolResponseShape {
  /** Calls that returned a result (error results included). */
  calls: number;
  /** Results with `isError: true`; their content is not recorded. */
  errors: number;
  /** Calls without a result, by reason. */
  failures?: Partial<Record<FailureReason, number>>;
  /** Content item kinds of the successful results, sorted. */
  content: ContentKind[];
  /** The type tree of `structuredContent`. */
  structured?: ShapeNode;
  /** The type tree of text content that parses as JSON (an object or an array). */
  text?: ShapeNode;
  /** `outputSchema` violations, sorted and without duplicates. */
  violations?: Violation[];
}

/** Violations kept per tool. */
export const MAX_VIOLATIONS = 20;

const KNOWN_KINDS = new Set<string>(["audio", "image", "resource", "resource_link", "text"]);

/**
 * The shape of one `tools/call` result. `violations` come from checking `structuredContent`
 * against the tool's `outputSchema` (see `outputViolations`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { responseShapeOf } from "./result.ts";
 * const shape = responseShapeOf({
 *   content: [{ type: "text", text: '{"id": 7, "title": "private"}' }],
 * });
 * assert.deepEqual(shape.content, ["text/json"]);
 * assert.deepEqual(Object.keys(shape.text?.properties ?? {}), ["id", "title"]);
 * assert.ok(!JSON.stringify(shape).includes("private"));
 * ```
 */
export function responseShapeOf(
  result: unknown,
  violations: readonly Violation[] = [],
): ToolResponseShape {
  const r = (typeof result === "object" && result !== null ? result : {}) as Record<
    string,
    unknown
  >;
  if (r.isError === true) return { calls: 1, errors: 1, content: [] };
  const shape: ToolResponseShape = { calls: 1, errors: 0, content: [] };
  const kinds = new Set<ContentKind>();
  const items = Array.isArray(r.content) ? r.content : [];
  for (const item of items) {
    const type = (item as { type?: unknown } | null)?.type;
    if (typeof type !== "string" || !KNOWN_KINDS.has(type)) {
      kinds.add("other");
      continue;
    }
    if (type !== "text") {
      kinds.add(type as ContentKind);
      continue;
    }
    const parsed = parseJson((item as { text?: unknown }).text);
    if (parsed === undefined) {
      kinds.add("text");
      continue;
    }
    kinds.add("text/json");
    const node = shapeOf(parsed);
    shape.text = shape.text ? mergeNodes(shape.text, node) : node;
  }
  shape.content = CONTENT_KINDS.filter((k) => kinds.has(k));
  if (r.structuredContent !== undefined) shape.structured = shapeOf(r.structuredContent);
  const v = sortViolations(violations);
  if (v.length > 0) shape.violations = v;
  bound(shape);
  return shape;
}

/** Text that parses as a JSON object or array; anything else is plain text. */
function parseJson(text: unknown): unknown {
  if (typeof text !== "string") return undefined;
  const trimmed = text.trim();
  if (!trimmed.startsWith("{") && !trimmed.startsWith("[")) return undefined;
  try {
    return JSON.parse(trimmed);
  } catch {
    return undefined;
  }
}

/** The shape of a call that produced no result. */
export function failedCall(reason: FailureReason): ToolResponseShape {
  return { calls: 0, errors: 0, failures: { [reason]: 1 }, content: [] };
}

/**
 * Merges the shapes of several calls of one tool.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { mergeResponses, responseShapeOf } from "./result.ts";
 * const a = responseShapeOf({ content: [], structuredContent: { name: "x" } });
 * const b = responseShapeOf({ content: [], structuredContent: { name: null } });
 * assert.deepEqual(mergeResponses(a, b).structured?.properties?.name?.types, ["null", "string"]);
 * ```
 */
export function mergeResponses(a: ToolResponseShape, b: ToolResponseShape): ToolResponseShape {
  const out: ToolResponseShape = {
    calls: a.calls + b.calls,
    errors: a.errors + b.errors,
    content: CONTENT_KINDS.filter((k) => a.content.includes(k) || b.content.includes(k)),
  };
  const failures: Partial<Record<FailureReason, number>> = {};
  for (const reason of FAILURE_REASONS) {
    const n = (a.failures?.[reason] ?? 0) + (b.failures?.[reason] ?? 0);
    if (n > 0) failures[reason] = n;
  }
  if (Object.keys(failures).length > 0) out.failures = failures;
  const structured = a.structured && b.structured
    ? mergeNodes(a.structured, b.structured)
    : a.structured ?? b.structured;
  if (structured) out.structured = structured;
  const text = a.text && b.text ? mergeNodes(a.text, b.text) : a.text ?? b.text;
  if (text) out.text = text;
  const violations = sortViolations([...(a.violations ?? []), ...(b.violations ?? [])]);
  if (violations.length > 0) out.violations = violations;
  bound(out);
  return out;
}

function bound(shape: ToolResponseShape): void {
  const roots = [shape.structured, shape.text].filter((n): n is ShapeNode => n !== undefined);
  boundNodes(roots);
}

function sortViolations(list: readonly Violation[]): Violation[] {
  const byKey = new Map<string, Violation>();
  for (const v of list) {
    byKey.set(JSON.stringify([v.at, v.schemaPath, v.keyword]), {
      keyword: v.keyword,
      schemaPath: v.schemaPath,
      at: v.at,
    });
  }
  return [...byKey].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, v]) => v)
    .slice(0, MAX_VIOLATIONS);
}
