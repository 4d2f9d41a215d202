/**
 * Whether a change of `$schema` can change what a schema accepts: the drafts from draft-07 to
 * 2020-12 read most keywords alike, and differ only on the keywords listed here. MCP servers
 * move between them with their JSON Schema generator (zod-to-json-schema writes draft-07, zod 4
 * writes 2020-12), and a missing `$schema` means 2020-12 since MCP 2025-11-25.
 * @module
 */
import { isObject, jsonEqual, type JsonValue } from "../json.ts";
import type { Severity } from "../severity.ts";
import type { Side } from "./types.ts";

/** draft-07, 2019-09 and 2020-12, without scheme or trailing `#`; absence reads as one of them. */
const MODERN = new Set([
  "json-schema.org/draft-07/schema",
  "json-schema.org/draft/2019-09/schema",
  "json-schema.org/draft/2020-12/schema",
]);

/**
 * Keywords the modern drafts read differently (added, removed, renamed, or moved between
 * assertion and annotation). Any of them used as a keyword keeps the change graded
 * POTENTIALLY_BREAKING. `format`, which only moves from assertion to annotation, is read apart.
 */
const SENSITIVE = new Set([
  "additionalItems",
  "prefixItems",
  "dependencies",
  "dependentRequired",
  "dependentSchemas",
  "unevaluatedProperties",
  "unevaluatedItems",
  "minContains",
  "maxContains",
  "contentSchema",
  "contentMediaType",
  "contentEncoding",
  "$id",
  "id",
  "$anchor",
  "$dynamicRef",
  "$dynamicAnchor",
  "$recursiveRef",
  "$recursiveAnchor",
  "$vocabulary",
]);
/** Beside a `$ref`, only these keep their meaning in draft-07, which ignores the others. */
const REF_SIBLINGS = new Set(["$ref", "$schema", "$comment", "title", "description", "default"]);

function modern(dialect: JsonValue | undefined): boolean {
  if (dialect === undefined) return true;
  if (typeof dialect !== "string") return false;
  return MODERN.has(bare(dialect));
}

function bare(dialect: string): string {
  return dialect.replace(/^https?:\/\//, "").replace(/#$/, "");
}

/**
 * Whether a modern dialect lets a validator assert `format`: draft-07 does (ajv does by
 * default); 2019-09 and 2020-12, and a missing `$schema` (2020-12), make it an annotation.
 */
function formatAsserts(dialect: JsonValue | undefined): boolean {
  return typeof dialect === "string" && bare(dialect) === "json-schema.org/draft-07/schema";
}

/** Keywords whose values map names to subschemas: the names are not keywords. */
const SCHEMA_MAPS = new Set([
  "properties",
  "patternProperties",
  "$defs",
  "definitions",
  "dependentSchemas",
]);
/** Keywords whose values are data, never schemas (a `$ref` inside them is no reference). */
export const DATA_KEYWORDS: ReadonlySet<string> = new Set([
  "enum",
  "const",
  "default",
  "examples",
  "example",
  "discriminator",
  "required",
]);

/**
 * Which keywords the modern drafts read differently a schema uses anywhere: `format` apart from
 * the others. Property names and data are skipped, the values of unknown keywords are searched
 * as if they were schemas.
 */
function sensitiveUse(value: JsonValue | undefined): { format: boolean; other: boolean } {
  const use = { format: false, other: false };
  const stack: (JsonValue | undefined)[] = [value];
  for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
    if (Array.isArray(top)) {
      stack.push(...top);
      continue;
    }
    if (!isObject(top)) continue;
    for (const [key, v] of Object.entries(top)) {
      if (key === "format") use.format = true;
      if (SENSITIVE.has(key)) return { ...use, other: true };
      if (key === "items" && Array.isArray(v)) return { ...use, other: true };
      if ((key === "exclusiveMinimum" || key === "exclusiveMaximum") && typeof v === "boolean") {
        return { ...use, other: true };
      }
      if (key === "$ref" && Object.keys(top).some((k) => !REF_SIBLINGS.has(k))) {
        return { ...use, other: true };
      }
      if (DATA_KEYWORDS.has(key)) continue;
      if (SCHEMA_MAPS.has(key) && isObject(v)) stack.push(...Object.values(v));
      else stack.push(v);
    }
  }
  return use;
}

/**
 * What a `$schema` change from `a` to `b` does to the values the two schemas accept:
 * - `inert`: both dialects are modern drafts (or absent) and neither schema uses a keyword they
 *   read differently, or only `format`, which both read alike (2019-09 and 2020-12);
 * - `widened`: from draft-07 to 2019-09 or 2020-12 (or absent) where `format` is the only such
 *   keyword: a validator that follows the drafts' defaults stops asserting it, so values are
 *   only ever added (ajv, the MCP SDK's validator, asserts it in every draft: no change);
 * - `narrowed`: the reverse move;
 * - `changed`: anything else.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { dialectChange } from "./_dialect.ts";
 * const root = { type: "string", format: "email" };
 * const d7 = "http://json-schema.org/draft-07/schema#";
 * assert.equal(dialectChange(d7, undefined, [root, root]), "widened");
 * assert.equal(dialectChange(undefined, d7, [root, root]), "narrowed");
 * assert.equal(dialectChange(d7, undefined, [{ type: "string" }, { type: "string" }]), "inert");
 * ```
 */
export function dialectChange(
  a: JsonValue | undefined,
  b: JsonValue | undefined,
  roots: readonly [JsonValue | undefined, JsonValue | undefined],
): "inert" | "widened" | "narrowed" | "changed" {
  if (!modern(a) || !modern(b)) return "changed";
  const [x, y] = [sensitiveUse(roots[0]), sensitiveUse(roots[1])];
  if (x.other || y.other) return "changed";
  const [before, after] = [formatAsserts(a), formatAsserts(b)];
  if (!(x.format || y.format) || before === after) return "inert";
  return before ? "widened" : "narrowed";
}

/**
 * The grade of a `$schema` change by what it does and the side: accepting more values breaks
 * no caller on input and may surprise a consumer on output, and the reverse.
 */
export const DIALECT_SEVERITY: Readonly<
  Record<"inert" | "widened" | "narrowed", Readonly<Record<Side, Severity>>>
> = {
  inert: { input: "DOCUMENTATION", output: "DOCUMENTATION" },
  widened: { input: "NON_BREAKING", output: "POTENTIALLY_BREAKING" },
  narrowed: { input: "POTENTIALLY_BREAKING", output: "NON_BREAKING" },
};

/** What a `$schema` change's message adds to say why it is graded so. */
export const DIALECT_NOTE: Readonly<Record<ReturnType<typeof dialectChange>, string>> = {
  inert: "; the schemas use no keyword that the two drafts read differently",
  widened:
    "; format is the only keyword the two drafts read differently, and the new draft makes it an annotation by default: validators that follow it stop checking formats, so values are only added",
  narrowed:
    "; format is the only keyword the two drafts read differently, and the new draft lets validators assert it: values of the wrong format may now be rejected",
  changed: "",
};

/**
 * A schema without its `$schema` keywords, wherever they stand as keywords (not as property names
 * or inside data), and the dialects they named.
 */
function dialectsAside(schema: JsonValue): { rest: JsonValue; dialects: JsonValue[] } {
  const dialects: JsonValue[] = [];
  const strip = (node: JsonValue): JsonValue => {
    if (Array.isArray(node)) return node.map(strip);
    if (!isObject(node)) return node;
    const out: { [key: string]: JsonValue } = {};
    for (const [key, value] of Object.entries(node)) {
      if (key === "$schema") dialects.push(value);
      else if (DATA_KEYWORDS.has(key)) out[key] = value;
      else if (SCHEMA_MAPS.has(key) && isObject(value)) {
        const names: { [name: string]: JsonValue } = {};
        for (const [name, sub] of Object.entries(value)) names[name] = strip(sub);
        out[key] = names;
      } else out[key] = strip(value);
    }
    return out;
  };
  return { rest: strip(schema), dialects };
}

/** {@link dialectsAside} of each schema object, taken once: a rename hint compares every pair. */
const ASIDE = new WeakMap<object, { rest: JsonValue; dialects: JsonValue[] }>();

/**
 * {@link dialectsAside}, kept for each schema object (a property removed beside 2,000 added was
 * copied 2,000 times). A schema with no `$schema` anywhere keeps itself as its rest.
 */
function dialectsAsideOnce(schema: JsonValue): { rest: JsonValue; dialects: JsonValue[] } {
  if (schema === null || typeof schema !== "object") return { rest: schema, dialects: [] };
  let aside = ASIDE.get(schema);
  if (aside === undefined) {
    aside = dialectsAside(schema);
    if (aside.dialects.length === 0) aside = { rest: schema, dialects: [] };
    ASIDE.set(schema, aside);
  }
  return aside;
}

/**
 * Whether two schemas are the same but for `$schema` keywords added, dropped or changed at any
 * depth, each change {@link dialectChange} `inert` (a dropped one read as the default): the one
 * schema written by another generator (@smartbear/mcp 0.40.0 → 0.41.0 dropped the 2020-12
 * `$schema` zod 4 wrote inside an output property renamed from `result` to `testCases`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { sameButInertDialects } from "./_dialect.ts";
 * const d7 = "http://json-schema.org/draft-07/schema#";
 * const list = { type: "array", items: { type: "string" } };
 * assert.equal(sameButInertDialects({ ...list, $schema: d7 }, list), true);
 * assert.equal(sameButInertDialects({ type: "string", format: "uri", $schema: d7 }, { type: "string", format: "uri" }), false);
 * assert.equal(sameButInertDialects({ ...list, $schema: d7 }, { type: "array" }), false);
 * ```
 */
export function sameButInertDialects(a: JsonValue, b: JsonValue): boolean {
  const [x, y] = [dialectsAsideOnce(a), dialectsAsideOnce(b)];
  // Most schemas write no $schema: then they are the same only if equal, which needs no copy.
  if (x.dialects.length === 0 && y.dialects.length === 0) return jsonEqual(a, b);
  if (!jsonEqual(x.rest, y.rest)) return false;
  const [before, after] = [[...x.dialects, undefined], [...y.dialects, undefined]];
  return before.every((d) =>
    after.every((e) => jsonEqual(d, e) || dialectChange(d, e, [a, b]) === "inert")
  );
}
