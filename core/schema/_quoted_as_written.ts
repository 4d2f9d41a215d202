/**
 * A finding quotes what the file writes, not the form the differs read. Before comparing, the
 * schemas are read in other words: a subschema that accepts nothing as `false`
 * (`_nothing_as_false.ts`), conjuncts merged into the schema beside them
 * (`_merged_conjuncts.ts`), name types left out (`_property_names.ts`). A finding whose old or new
 * value is such a read schema, or a list or object holding one, quoted `[{"type":"string"},false]`
 * where the file writes `{"not": {}}`: {@link quotedAsWritten} puts back the file's text. Private
 * to `compare_tool.ts`.
 * @module
 */
import { escapePointerToken, isObject, jsonEqual, type JsonValue, pointerTokens } from "../json.ts";
import type { SchemaDelta } from "./types.ts";
import { show } from "./_walk_messages.ts";

/** One side's schema as the file writes it, and each form the differs read it in. */
export interface SideReads {
  written: JsonValue | undefined;
  read: readonly (JsonValue | undefined)[];
}

/** Where the differs' pointers start in the snapshot, on each side. */
export interface QuoteBase {
  basePointer: string;
  oldBasePointer?: string;
}

/** The value of the schema at RFC 6901 pointer `pointer` below `base`, if it starts there. */
function at(schema: JsonValue | undefined, pointer: string, base: string): JsonValue | undefined {
  if (schema === undefined || (pointer !== base && !pointer.startsWith(`${base}/`))) {
    return undefined;
  }
  let value: JsonValue | undefined = schema;
  for (const token of pointerTokens(pointer.slice(base.length))) {
    if (Array.isArray(value)) {
      value = /^(0|[1-9]\d*)$/.test(token) ? value[Number(token)] : undefined;
    } else if (isObject(value) && Object.hasOwn(value, token)) value = value[token];
    else return undefined;
  }
  return value;
}

/**
 * The file's text for a value quoted at `pointer`: what the file writes there, or in one of the
 * schemas right below (a union's branch quoted at its list), when the value is what one of the
 * read forms holds there and the file writes something else. A value the finding derived (a list
 * of names, a type set) is no read form's and stays.
 */
function written(
  value: JsonValue | undefined,
  pointer: string,
  base: string,
  side: SideReads,
): JsonValue | undefined {
  if (value === undefined || !(value === false || isObject(value) || Array.isArray(value))) {
    return undefined;
  }
  const fileAt = (p: string) => {
    const file = at(side.written, p, base);
    return file === undefined || jsonEqual(file, value) ? undefined : file;
  };
  for (const read of side.read) {
    const node = at(read, pointer, base);
    if (jsonEqual(node, value)) return fileAt(pointer);
    if (!isObject(node) && !Array.isArray(node)) continue;
    for (const [key, child] of Object.entries(node)) {
      if (jsonEqual(child, value)) return fileAt(`${pointer}/${escapePointerToken(key)}`);
    }
  }
  return undefined;
}

/**
 * `d` with each of its old and new values that is a read form of the schema where it points
 * replaced by what the file writes there.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { quotedAsWritten } from "./_quoted_as_written.ts";
 * const file = { anyOf: [{ type: "string" }, { not: {} }] };
 * const read = { anyOf: [{ type: "string" }, false] };
 * const d = quotedAsWritten({
 *   facet: "anyOf", location: "", path: "t.anyOf", pointer: "/anyOf", rule: "tool.input.anyOf.widened",
 *   severity: "NON_BREAKING", message: "widened", old: read.anyOf, new: [{ type: "string" }, { type: "integer" }],
 * }, { written: file, read: [read] }, { written: undefined, read: [] }, { basePointer: "" });
 * assert.deepEqual(d.old, file.anyOf);
 * ```
 */
export function quotedAsWritten(
  d: SchemaDelta,
  old: SideReads,
  now: SideReads,
  where: QuoteBase,
): SchemaDelta {
  const oldBase = d.oldPointer === undefined
    ? where.basePointer
    : where.oldBasePointer ?? where.basePointer;
  const before = written(d.old, d.oldPointer ?? d.pointer, oldBase, old);
  const after = written(d.new, d.pointer, where.basePointer, now);
  if (before === undefined && after === undefined) return d;
  // A message that shows the value (a branch made one schema) shows the file's text too.
  let message = d.message;
  for (const [read, file] of [[d.old, before], [d.new, after]] as const) {
    // A bare false is named in the message by namedAsWritten (compare_tool.ts).
    if (file !== undefined && read !== false) {
      message = message.replaceAll(show(read), show(file));
    }
  }
  return {
    ...d,
    message,
    ...before !== undefined && { old: before },
    ...after !== undefined && { new: after },
  };
}
