/**
 * Whether a finding localises a witness: the finding's place in the schema, read as a place in
 * the value (`properties/a/items/maxLength` is `/a/*`), lies on the path where the validator
 * rejected the witness (ajv's `instancePath`), or the finding's schema path lies on ajv's
 * `schemaPath` (a change inside a `$defs` entry, or under the `oneOf` that failed).
 * @module
 */
import type { Change } from "../../../core/change.ts";
import { isObject, type JsonValue } from "../../../core/json.ts";
import type { Failure } from "./_oracle_ajv.ts";

const unescape = (s: string) => s.replace(/~1/g, "/").replace(/~0/g, "~");
const split = (p: string) => p === "" ? [] : p.replace(/^#?\//, "").split("/").map(unescape);

/** Keywords whose subschema applies to the same value. */
const SAME = new Set(["anyOf", "oneOf", "allOf", "not", "if", "then", "else"]);

/**
 * The instance path a schema path governs, `*` for any member, or undefined when it goes
 * through a definition (reached by a reference from elsewhere).
 */
export function instanceLocation(schemaPath: readonly string[]): string[] | undefined {
  const out: string[] = [];
  for (let i = 0; i < schemaPath.length; i++) {
    const k = schemaPath[i]!;
    if (k === "$defs" || k === "definitions") return undefined;
    if (k === "properties") {
      if (i + 1 < schemaPath.length) out.push(schemaPath[++i]!);
    } else if (k === "prefixItems" || k === "patternProperties") {
      i++;
      out.push(k === "prefixItems" ? schemaPath[i] ?? "*" : "*");
    } else if (k === "dependentSchemas") {
      i++;
    } else if (
      k === "items" || k === "additionalProperties" || k === "contains" ||
      k === "unevaluatedProperties" || k === "unevaluatedItems" || k === "additionalItems"
    ) {
      out.push("*");
    } else if (SAME.has(k)) {
      if (k !== "not" && /^\d+$/.test(schemaPath[i + 1] ?? "")) i++;
    } else {
      // A keyword: the place is the instance it constrains.
      break;
    }
  }
  return out;
}

const onPath = (prefix: readonly string[], path: readonly string[]) =>
  prefix.length <= path.length && prefix.every((p, i) => p === "*" || p === path[i]);

/** Where `schema` refers to `#/$defs/NAME` (or `#/definitions/NAME`), as paths in it. */
function referrers(schema: JsonValue, target: string): string[][] {
  const out: string[][] = [];
  const visit = (s: JsonValue, path: string[]) => {
    if (Array.isArray(s)) s.forEach((x, i) => visit(x, [...path, String(i)]));
    else if (isObject(s)) {
      if (s.$ref === target) out.push(path);
      for (const [k, x] of Object.entries(s)) {
        if (k !== "enum" && k !== "const" && k !== "default") visit(x, [...path, k]);
      }
    }
  };
  visit(schema, []);
  return out;
}

const ROUNDS = 5;

/**
 * The schema paths of a change (inside its tool's input or output schema); a place inside a
 * definition also as the places that refer to it, up to {@link ROUNDS} references deep (a chain
 * of four definitions and its use).
 */
function schemaPaths(change: Change, schemas: readonly JsonValue[]): string[][] {
  const out: string[][] = [];
  for (const p of [change.pointer, change.oldPointer, ...(change.usedAt ?? [])]) {
    if (p === undefined) continue;
    const parts = split(p);
    const at = parts.findIndex((x) => x === "inputSchema" || x === "outputSchema");
    if (at >= 0) out.push(parts.slice(at + 1));
  }
  const seen = new Set(out.map((p) => p.join("/")));
  let fresh = out;
  for (let round = 0; round < ROUNDS && fresh.length > 0; round++) {
    const next: string[][] = [];
    for (const path of fresh) {
      if ((path[0] !== "$defs" && path[0] !== "definitions") || path.length < 2) continue;
      const target = `#/${path[0]}/${path[1]!.replace(/~/g, "~0").replace(/\//g, "~1")}`;
      for (const schema of schemas) {
        for (const r of referrers(schema, target)) {
          const p = [...r, ...path.slice(2)];
          const key = p.join("/");
          if (!seen.has(key)) {
            seen.add(key);
            next.push(p);
          }
        }
      }
    }
    out.push(...next);
    fresh = next;
  }
  return out;
}

/**
 * Whether `change` lies on one of the failures of a witness; `schemas` (old and new) give the
 * references to a definition.
 */
export function localises(
  change: Change,
  failures: readonly Failure[],
  schemas: readonly JsonValue[],
): boolean {
  return schemaPaths(change, schemas).some((path) =>
    failures.some((f) => {
      const instance = split(f.instancePath);
      const where = instanceLocation(path);
      if (where !== undefined && onPath(where, instance)) return true;
      const schema = split(f.schemaPath);
      const parent = schema.slice(0, -1);
      return onPath(path, schema) || (parent.length > 0 && onPath(parent, path));
    })
  );
}
