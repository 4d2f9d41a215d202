/**
 * Rename hints for properties: in one object, a property removed and another added with an equal
 * schema were probably renamed. Both findings keep their severity (a rename breaks callers just
 * the same) and get a hint naming the other property.
 * @module
 */
import { isObject, jsonEqual, type JsonValue, pointerTokens } from "../json.ts";
import type { SchemaDelta } from "./types.ts";

/** The value at a pointer inside a schema, or undefined. */
function at(schema: JsonValue | undefined, pointer: string): JsonValue | undefined {
  let node = schema;
  for (const token of pointerTokens(pointer)) {
    if (Array.isArray(node)) node = node[Number(token)];
    else if (isObject(node) && Object.hasOwn(node, token)) node = node[token];
    else return undefined;
  }
  return node;
}

function propertyOf(holder: JsonValue | undefined, name: string): JsonValue | undefined {
  const props = isObject(holder) && isObject(holder.properties) ? holder.properties : undefined;
  return props && Object.hasOwn(props, name) ? props[name] : undefined;
}

/** The property name at the end of a delta's path (`….properties.NAME`). */
function nameOf(delta: SchemaDelta): string {
  return delta.path.slice(delta.path.lastIndexOf(".properties.") + ".properties.".length);
}

interface Candidate {
  name: string;
  schema: JsonValue;
  delta: SchemaDelta;
}

function addHint(delta: SchemaDelta, hint: string): void {
  delta.hint = delta.hint ? `${delta.hint}; ${hint}` : hint;
}

/**
 * Adds rename hints to the property.removed and property.added (or required.added, for a new
 * required property) deltas of one side of one tool. Matches are one to one per object.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { compareSchemaSide } from "./compare_tool.ts";
 * import { classifyProse } from "../prose.ts";
 * const a = { type: "object", properties: { id: { type: "string" } } };
 * const b = { type: "object", properties: { issueId: { type: "string" } } };
 * const deltas = compareSchemaSide(a, b, { side: "input", basePath: "t", basePointer: "" },
 *   (x, y) => classifyProse(x, y));
 * assert.deepEqual(deltas.map((d) => d.hint).sort(), ['renamed from "id"?', 'renamed to "issueId"?']);
 * ```
 */
export function hintPropertyRenames(
  deltas: SchemaDelta[],
  oldSchema: JsonValue | undefined,
  newSchema: JsonValue | undefined,
): SchemaDelta[] {
  const groups = new Map<string, { removed: Candidate[]; added: Candidate[] }>();
  const group = (location: string) => {
    let g = groups.get(location);
    if (!g) groups.set(location, g = { removed: [], added: [] });
    return g;
  };
  for (const d of deltas) {
    if (d.rule.endsWith(".property.removed") && d.old !== undefined) {
      group(d.location).removed.push({ name: nameOf(d), schema: d.old, delta: d });
    } else if (d.rule.endsWith(".property.added") && d.new !== undefined) {
      group(d.location).added.push({ name: nameOf(d), schema: d.new, delta: d });
    } else if (d.rule.endsWith(".required.added") && Array.isArray(d.new)) {
      const before = new Set(Array.isArray(d.old) ? d.old : []);
      const oldHolder = at(oldSchema, d.location);
      const newHolder = at(newSchema, d.location);
      for (const name of d.new) {
        if (typeof name !== "string" || before.has(name)) continue;
        const schema = propertyOf(newHolder, name);
        if (schema === undefined || propertyOf(oldHolder, name) !== undefined) continue;
        group(d.location).added.push({ name, schema, delta: d });
      }
    }
  }
  for (const { removed, added } of groups.values()) {
    for (const r of removed) {
      const matches = added.filter((a) => jsonEqual(a.schema, r.schema));
      if (matches.length !== 1) continue;
      const a = matches[0]!;
      if (removed.filter((x) => jsonEqual(x.schema, a.schema)).length !== 1) continue;
      addHint(r.delta, `renamed to "${a.name}"?`);
      addHint(
        a.delta,
        a.delta.rule.endsWith(".required.added")
          ? `"${a.name}" renamed from "${r.name}"?`
          : `renamed from "${r.name}"?`,
      );
    }
  }
  return deltas;
}
