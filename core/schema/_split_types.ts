/**
 * A schema with a list of types, split into one schema per type, for the structured walk to pair
 * with the branches of a union on the other side: zod 3 writes a nullable as
 * `{type: [integer, null]}` and zod 4 as `anyOf [{type: integer, …}, {type: null}]`, and the
 * integer should meet the integer branch, not the null one. Private to the structured walk.
 * @module
 */
import type { JsonObject, JsonValue } from "../json.ts";
import { groupOf } from "./_subsume_groups.ts";
import { kindOfValue } from "./_subsume_facts.ts";

/** The types whose values a keyword group constrains. */
const GROUP_TYPES: Record<string, readonly string[]> = {
  number: ["integer", "number"],
  string: ["string"],
  array: ["array"],
  object: ["object"],
};

/** How many values the types that have few have. */
const FEW: Record<string, number> = { null: 1, boolean: 2 };

/** Whether a value is of JSON Schema type `type` (an integer is a number). */
function ofType(value: JsonValue, type: string): boolean {
  const kind = kindOfValue(value);
  if (type === "number") return kind === "integer" || kind === "fraction";
  return kind === type;
}

/**
 * The schema `constraints` (annotations left out) as one schema per type it lists: each keeps
 * the keywords that constrain values of its type and the listed values of that type. `undefined`
 * when it lists fewer than two types, both integer and number (they overlap), or a keyword that
 * does not belong to one type (`not`, `allOf`, `nullable` …).
 */
export function splitTypes(constraints: JsonObject): JsonObject[] | undefined {
  const types = constraints.type;
  if (!Array.isArray(types) || !types.every((t) => typeof t === "string")) return undefined;
  const list = [...new Set(types as string[])];
  if (list.length < 2 || (list.includes("integer") && list.includes("number"))) return undefined;
  const pieces: JsonObject[] = list.map((type) => ({ type }));
  // A piece whose listed values are all of other types accepts nothing: it is no branch.
  const empty = new Set<number>();
  for (const key of Object.keys(constraints)) {
    if (key === "type") continue;
    const value = constraints[key]!;
    const group = groupOf(key);
    if (group === "enum") {
      const values = key === "const" ? [value] : Array.isArray(value) ? value : undefined;
      if (values === undefined) return undefined;
      list.forEach((type, i) => {
        const mine = values.filter((v) => ofType(v, type));
        if (mine.length === 0) empty.add(i);
        // null, or both booleans, is every value of its type: the type says it already.
        else if (new Set(mine).size === (FEW[type] ?? Infinity)) return;
        pieces[i]![key] = key === "const" ? value : mine;
      });
      continue;
    }
    const of = group === undefined ? undefined : GROUP_TYPES[group];
    if (of === undefined) return undefined;
    list.forEach((type, i) => {
      if (of.includes(type)) pieces[i]![key] = value;
    });
  }
  return pieces.filter((_, i) => !empty.has(i));
}
