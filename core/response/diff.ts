/**
 * Compares recorded response shapes of two contracts, tool by tool, once per diff; the
 * `tool.response.*` rules read the differences under their ids. Sampled evidence is weaker than
 * a declared schema, so absence is only concluded from what was observed: a field is removed
 * when objects were seen at its place but never with it, an order changed when arrays were seen
 * and none of the old sort keys held. Pure.
 * @module
 */
import type { Contract } from "../contract.ts";
import { escapePointerToken, type JsonValue } from "../json.ts";
import type { ShapeNode } from "./node.ts";
import type { ToolResponseShape } from "./result.ts";

/** One difference between recorded response shapes. */
export interface ResponseDelta {
  rule: string;
  tool: string;
  /** Dotted, as users read it: `list_items.response.structuredContent.items[].author`. */
  path: string;
  /** RFC 6901 pointer into the samples file: `/responses/list_items/structured/...`. */
  pointer: string;
  old?: JsonValue;
  new?: JsonValue;
  message: string;
}

/** Rule ids of the response family. */
export const RESPONSE_RULES = {
  removed: "tool.response.field.removed",
  added: "tool.response.field.added",
  type: "tool.response.type.changed",
  nullable: "tool.response.nullable",
  order: "tool.response.order.changed",
  content: "tool.response.contentType.changed",
  errorRate: "tool.response.error.rate",
  violated: "tool.response.outputSchema.violated",
  failed: "tool.response.call.failed",
} as const;

const cache = new WeakMap<Contract, WeakMap<Contract, Map<string, ResponseDelta[]>>>();

/**
 * The differences of recorded response shapes between two contracts, by rule id (computed once
 * per pair of contracts).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { emptyContract } from "../contract.ts";
 * import { responseShapeOf } from "./result.ts";
 * import { responseDeltas } from "./diff.ts";
 * const old = { ...emptyContract(), responses: { t: responseShapeOf({ content: [], structuredContent: { a: "x", b: "y" } }) } };
 * const next = { ...emptyContract(), responses: { t: responseShapeOf({ content: [], structuredContent: { a: "z" } }) } };
 * const removed = responseDeltas(old, next).get("tool.response.field.removed") ?? [];
 * assert.deepEqual(removed.map((d) => d.path), ["t.response.structuredContent.b"]);
 * ```
 */
export function responseDeltas(old: Contract, next: Contract): Map<string, ResponseDelta[]> {
  let inner = cache.get(old);
  if (!inner) cache.set(old, inner = new WeakMap());
  let result = inner.get(next);
  if (!result) inner.set(next, result = computeDeltas(old, next));
  return result;
}

function computeDeltas(old: Contract, next: Contract): Map<string, ResponseDelta[]> {
  const out = new Map<string, ResponseDelta[]>();
  const push = (delta: ResponseDelta) => {
    const list = out.get(delta.rule);
    if (list) list.push(delta);
    else out.set(delta.rule, [delta]);
  };
  const before = old.responses ?? {};
  const after = next.responses ?? {};
  for (const tool of Object.keys(after).sort()) {
    const n = after[tool]!;
    absolute(tool, n, push);
    if (Object.hasOwn(before, tool)) compareTool(tool, before[tool]!, n, push);
  }
  return out;
}

type Push = (delta: ResponseDelta) => void;

function base(tool: string): string {
  return `/responses/${escapePointerToken(tool)}`;
}

/** Findings that need no old shape: failed calls and output schema violations. */
function absolute(tool: string, shape: ToolResponseShape, push: Push): void {
  for (const [reason, count] of Object.entries(shape.failures ?? {}).sort()) {
    const total = shape.calls + Object.values(shape.failures ?? {}).reduce((a, b) => a + b, 0);
    push({
      rule: RESPONSE_RULES.failed,
      tool,
      path: `${tool}.response`,
      pointer: `${base(tool)}/failures/${reason}`,
      new: reason,
      message: `${count} of ${total} sample calls of tool "${tool}" ${
        FAILURE_TEXT[reason] ?? reason
      }`,
    });
  }
  for (const v of shape.violations ?? []) {
    const where = v.at === "" ? "" : v.at.slice(1).split("/").join(".").replaceAll(".*", "[]");
    push({
      rule: RESPONSE_RULES.violated,
      tool,
      path: `${tool}.response.structuredContent${where === "" ? "" : `.${where}`}`,
      pointer: `${base(tool)}/violations`,
      new: { keyword: v.keyword, schemaPath: v.schemaPath, at: v.at },
      message: v.keyword === "structuredContent"
        ? `Tool "${tool}" declares an outputSchema but returned no structuredContent`
        : `structuredContent of tool "${tool}" breaks its outputSchema at ${
          v.at === "" ? "the top level" : `"${v.at}"`
        } (${v.schemaPath})`,
    });
  }
}

const FAILURE_TEXT: Record<string, string> = {
  error: "failed (the server answered with a protocol error or closed the connection)",
  notReadOnly:
    "were not made: the tool is not annotated readOnlyHint: true and the entry does not allow side effects",
  timeout: "did not answer within the time limit",
  unknownTool: "were not made: the server no longer lists the tool",
};

const ERROR_CLASSES = ["none", "some", "all"] as const;

function errorClass(shape: ToolResponseShape): number {
  if (shape.calls === 0) return -1;
  return shape.errors === 0 ? 0 : shape.errors === shape.calls ? 2 : 1;
}

function compareTool(tool: string, o: ToolResponseShape, n: ToolResponseShape, push: Push): void {
  const at = base(tool);
  const oldOk = o.calls - o.errors;
  const newOk = n.calls - n.errors;
  const oc = errorClass(o);
  const nc = errorClass(n);
  if (oc >= 0 && nc > oc) {
    push({
      rule: RESPONSE_RULES.errorRate,
      tool,
      path: `${tool}.response.isError`,
      pointer: `${at}/errors`,
      old: ERROR_CLASSES[oc]!,
      new: ERROR_CLASSES[nc]!,
      message:
        `Tool "${tool}" answered ${n.errors} of ${n.calls} sample calls with isError, before ${o.errors} of ${o.calls}`,
    });
  }
  if (oldOk === 0 || newOk === 0) return;
  if (o.content.join() !== n.content.join()) {
    push({
      rule: RESPONSE_RULES.content,
      tool,
      path: `${tool}.response.content`,
      pointer: `${at}/content`,
      old: o.content,
      new: n.content,
      message: `Content of tool "${tool}" changed from ${list(o.content)} to ${list(n.content)}`,
    });
  }
  const roots = [["structured", "structuredContent"], ["text", "content[].text"]] as const;
  for (const [key, label] of roots) {
    const a = o[key];
    const b = n[key];
    const path = `${tool}.response.${label}`;
    if (a && b) walk(tool, a, b, path, `${at}/${key}`, push);
    else if (a && !b && key === "structured") {
      push({
        rule: RESPONSE_RULES.removed,
        tool,
        path,
        pointer: `${at}/${key}`,
        old: a.types,
        message: `Tool "${tool}" no longer returns structuredContent`,
      });
    }
  }
}

function list(kinds: readonly string[]): string {
  return kinds.length === 0 ? "no content" : kinds.join(", ");
}

function nonNull(types: readonly string[]): string[] {
  return types.filter((t) => t !== "null");
}

function covered(type: string, old: readonly string[]): boolean {
  return old.includes(type) || (type === "integer" && old.includes("number"));
}

function walk(tool: string, o: ShapeNode, n: ShapeNode, path: string, ptr: string, push: Push) {
  if (o.count === 0 || n.count === 0) return;
  if (!o.types.includes("null") && n.types.includes("null")) {
    push({
      rule: RESPONSE_RULES.nullable,
      tool,
      path,
      pointer: `${ptr}/types`,
      old: o.types,
      new: n.types,
      message: `${subject(tool, path)} is now null in some results (never before)`,
    });
  }
  const ot = nonNull(o.types);
  const nt = nonNull(n.types);
  if (ot.length > 0 && nt.some((t) => !covered(t, ot))) {
    push({
      rule: RESPONSE_RULES.type,
      tool,
      path,
      pointer: `${ptr}/types`,
      old: ot,
      new: nt,
      message: `${subject(tool, path)} changed type from ${ot.join(" | ")} to ${nt.join(" | ")}`,
    });
  }
  if (o.truncated || n.truncated) return;
  if ((o.objects ?? 0) > 0 && (n.objects ?? 0) > 0) keys(tool, o, n, path, ptr, push);
  if (o.items && n.items) walk(tool, o.items, n.items, `${path}[]`, `${ptr}/items`, push);
  const before = o.order?.keys ?? [];
  if (before.length > 0 && n.order && n.order.observed > 0) {
    const now = new Set(n.order.keys);
    if (!before.some((k) => now.has(k))) {
      push({
        rule: RESPONSE_RULES.order,
        tool,
        path,
        pointer: `${ptr}/order`,
        old: before,
        new: n.order.keys,
        message: `${subject(tool, path)} is no longer sorted by ${before.join(", ")}${
          n.order.keys.length > 0 ? `; now by ${n.order.keys.join(", ")}` : ""
        }`,
      });
    }
  }
}

function keys(tool: string, o: ShapeNode, n: ShapeNode, path: string, ptr: string, push: Push) {
  const op = o.properties ?? {};
  const np = n.properties ?? {};
  const collapsedOld = o.otherKeys !== undefined && o.properties === undefined;
  const collapsedNew = n.otherKeys !== undefined && n.properties === undefined;
  for (const key of Object.keys(op).sort()) {
    const child = `${path}.${key}`;
    const childPtr = `${ptr}/properties/${escapePointerToken(key)}`;
    if (Object.hasOwn(np, key)) {
      walk(tool, op[key]!, np[key]!, child, childPtr, push);
    } else if (!collapsedNew) {
      push({
        rule: RESPONSE_RULES.removed,
        tool,
        path: child,
        pointer: childPtr,
        old: key,
        message: `${subject(tool, child)} is missing from every result (seen in ${
          op[key]!.count
        } of ${o.objects} before)`,
      });
    }
  }
  if (!collapsedOld) {
    for (const key of Object.keys(np).sort()) {
      if (Object.hasOwn(op, key)) continue;
      const child = `${path}.${key}`;
      push({
        rule: RESPONSE_RULES.added,
        tool,
        path: child,
        pointer: `${ptr}/properties/${escapePointerToken(key)}`,
        new: key,
        message: `${subject(tool, child)} appears in results (never before)`,
      });
    }
  }
  if (o.otherKeys && n.otherKeys) {
    walk(tool, o.otherKeys, n.otherKeys, `${path}.*`, `${ptr}/otherKeys`, push);
  }
}

function subject(tool: string, path: string): string {
  return `"${path.slice(tool.length + ".response.".length)}" of tool "${tool}"`;
}
