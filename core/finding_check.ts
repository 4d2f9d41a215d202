/**
 * Checks of what a rule reports: the shape of a finding, and whether its pointer names a place
 * in one of the two contracts. Shared by the engine and the worker that runs plugin rules.
 * @module
 */
import { isObject, pointerTokens } from "./json.ts";
import { isSeverity } from "./severity.ts";

const ENTITY_KINDS = new Set(["tool", "prompt", "resource", "resourceTemplate", "server"]);

/**
 * What is wrong with a finding's shape, or undefined when it is well-formed.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { findingProblem } from "./finding_check.ts";
 * assert.equal(findingProblem({ entity: { kind: "tool", name: "a" }, path: "a", pointer: "", message: "m" }), undefined);
 * assert.equal(findingProblem({ entity: { kind: "widget", name: "a" } }), 'entity.kind must be one of "tool", "prompt", "resource", "resourceTemplate", "server"');
 * ```
 */
export function findingProblem(finding: unknown): string | undefined {
  if (!isObject(finding)) return "a finding must be an object";
  const f = finding as Record<string, unknown>;
  const entity = f.entity;
  return !isObject(entity) || !ENTITY_KINDS.has(String(entity.kind))
    ? 'entity.kind must be one of "tool", "prompt", "resource", "resourceTemplate", "server"'
    : typeof entity.name !== "string"
    ? "entity.name must be a string"
    : typeof f.path !== "string" || f.path === ""
    ? "path must be a non-empty string"
    : typeof f.pointer !== "string"
    ? "pointer must be a string"
    : f.oldPointer !== undefined && typeof f.oldPointer !== "string"
    ? "oldPointer must be a string"
    : f.newPointer !== undefined && typeof f.newPointer !== "string"
    ? "newPointer must be a string"
    : f.usedAt !== undefined &&
        (!Array.isArray(f.usedAt) || !f.usedAt.every((p) => typeof p === "string" && p !== ""))
    ? "usedAt must be a list of non-empty strings"
    : typeof f.message !== "string" || f.message === ""
    ? "message must be a non-empty string"
    : f.severity !== undefined && !isSeverity(f.severity)
    ? `severity must be a severity, found ${JSON.stringify(f.severity)}`
    : f.hint !== undefined && typeof f.hint !== "string"
    ? "hint must be a string"
    : undefined;
}

/**
 * Whether an RFC 6901 pointer names a value in `document` (`""` names the whole document).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { pointerResolves } from "./finding_check.ts";
 * const doc = { tools: [{ name: "a", annotations: {} }] };
 * assert.ok(pointerResolves(doc, "/tools/0/annotations"));
 * assert.ok(!pointerResolves(doc, "/tools/undefined/annotations"));
 * assert.ok(!pointerResolves(doc, "garbage"));
 * ```
 */
export function pointerResolves(document: unknown, pointer: string): boolean {
  if (pointer !== "" && !pointer.startsWith("/")) return false;
  let current: unknown = document;
  for (const token of pointerTokens(pointer)) {
    if (Array.isArray(current)) {
      if (!/^(0|[1-9][0-9]*)$/.test(token) || Number(token) >= current.length) return false;
      current = current[Number(token)];
    } else if (isObject(current) && Object.hasOwn(current, token)) {
      current = (current as Record<string, unknown>)[token];
    } else return false;
    if (current === undefined) return false;
  }
  return true;
}

/** The most findings one plugin rule may report; more stops the run instead of exhausting memory. */
export const MAX_PLUGIN_FINDINGS = 100_000;

/** Freezes a value and everything in it, without recursion; maps and sets become read-only too. */
export function deepFreeze(value: unknown): void {
  const stack = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v !== "object" || v === null || Object.isFrozen(v)) continue;
    if (v instanceof Map || v instanceof Set) {
      for (const method of ["set", "add", "delete", "clear"]) {
        if (method in v) {
          Object.defineProperty(v, method, {
            value: () => {
              throw new TypeError(
                `Cannot ${method} in a read-only ${v instanceof Map ? "map" : "set"}`,
              );
            },
          });
        }
      }
      for (const [k, item] of v instanceof Map ? v : new Map([...v].map((x) => [x, x]))) {
        stack.push(k, item);
      }
    }
    Object.freeze(v);
    for (const key of Object.keys(v)) stack.push((v as Record<string, unknown>)[key]);
  }
}
