/**
 * The words of the structured walk's messages: bounds as users read them, values shown short,
 * what a schema becoming `false` means, lists of names. Private to the walk.
 * @module
 */
import { isObject, type JsonValue, stableStringify } from "../json.ts";
import type { NumericBound } from "./_safe_integer.ts";
import { isAnnotationKeyword } from "./types.ts";

/**
 * A numeric bound as users read it (`<= 10`, `> 0`), `null` for none.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { showBound } from "./_walk_messages.ts";
 * assert.equal(showBound({ value: 0, exclusive: true }, "min"), "> 0");
 * ```
 */
export function showBound(x: NumericBound | undefined, kind: "min" | "max"): string | null {
  if (x === undefined) return null;
  const op = x.exclusive ? (kind === "min" ? ">" : "<") : (kind === "min" ? ">=" : "<=");
  return `${op} ${x.value}`;
}
/**
 * The message of a bound that moved at or past the safe-integer limit, on input integers.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { limitMessage } from "./_walk_messages.ts";
 * const b = { value: 9007199254740991, exclusive: false };
 * assert.ok(limitMessage("t.n", "maximum", "max", undefined, b).startsWith("t.n: maximum went from none to <= 9007199254740991"));
 * ```
 */
export function limitMessage(
  path: string,
  aspect: string,
  kind: "min" | "max",
  a: NumericBound | undefined,
  b: NumericBound | undefined,
): string {
  return `${path}: ${aspect} went from ${showBound(a, kind) ?? "none"} to ${
    showBound(b, kind) ?? "none"
  }, which on integers is the safe-integer limit (2^53 - 1): every integer a JSON client can send exactly is accepted before and after`;
}
/** What a combination graded with the safe-integer exemption adds to its message. */
export const LIMIT_ASIDE =
  " (integers past the safe-integer limit, 2^53 - 1, aside: no JSON client sends them exactly)";

/**
 * A value as a message shows it: JSON, cut past 120 characters; `absent` for none.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { show } from "./_walk_messages.ts";
 * assert.equal(show({ type: "string" }), '{"type":"string"}');
 * assert.equal(show(undefined), "absent");
 * ```
 */
export function show(value: JsonValue | undefined): string {
  if (value === undefined) return "absent";
  // Keys in one order whatever order the file wrote them in: the same inputs, the same report.
  const text = stableStringify(value);
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
}
/** How many values a message lists before it counts the rest. */
export const VALUES_LISTED = 20;

/**
 * Values (as their JSON texts) as a message lists them: all of them up to {@link VALUES_LISTED},
 * else the first ones and how many more, with the count. A country enum of 244 codes added to a
 * string read as one message of 1,600 characters (@polar-sh/sdk 0.34.17 → 0.36.2); the finding's
 * `new` value still holds every one.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { listValues } from "./_walk_messages.ts";
 * assert.equal(listValues(['"a"', '"b"']), '"a", "b"');
 * const many = Array.from({ length: 25 }, (_, i) => String(i));
 * assert.equal(
 *   listValues(many),
 *   "25 values: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19 and 5 more",
 * );
 * ```
 */
export function listValues(values: readonly string[]): string {
  if (values.length <= VALUES_LISTED) return values.join(", ");
  return `${values.length} values: ${values.slice(0, VALUES_LISTED).join(", ")} and ${
    values.length - VALUES_LISTED
  } more`;
}

/**
 * What a position's schema becoming `false` (or no longer `false`) means, in words.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { falseMessage } from "./_walk_messages.ts";
 * assert.equal(falseMessage("items", false), "the schema now accepts nothing (false)");
 * ```
 */
export function falseMessage(facet: string, wasFalse: boolean, inherited = false): string {
  const undeclared = facet === "additionalProperties"
    ? "properties not declared in properties or patternProperties"
    : facet === "unevaluatedProperties"
    ? "properties no other keyword evaluates"
    : undefined;
  if (inherited) {
    // `false` is the object's unevaluatedProperties, not written here (an allOf branch).
    return wasFalse
      ? `${facet} now accepts the names the object's unevaluatedProperties false rejected`
      : `${facet} was removed: the names it accepted are now rejected by the object's unevaluatedProperties false`;
  }
  if (undeclared !== undefined) {
    return wasFalse
      ? `${facet} is no longer false: ${undeclared} are now accepted`
      : `${facet} is now false: ${undeclared} are rejected`;
  }
  return wasFalse
    ? "the schema accepted nothing and now accepts values"
    : "the schema now accepts nothing (false)";
}

/**
 * Names as a message lists them: quoted, separated by commas.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { names } from "./_walk_messages.ts";
 * assert.equal(names(["a", "b"]), '"a", "b"');
 * ```
 */
export function names(list: readonly string[]): string {
  return list.map((n) => `"${n}"`).join(", ");
}
/**
 * What a branch that came or went says where its side holds no such combination: a type list
 * the walk reads as one `key` branch per type, or a lone schema it compares as a one-branch
 * `key` (see `_union_lift.ts`). `branches` are that side's as read, `k` the one that came or went.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { liftedBranch } from "./_walk_messages.ts";
 * const list = [{ type: "string" }, { type: "null" }];
 * assert.equal(
 *   liftedBranch("anyOf", list, 0, "added"),
 *   'the anyOf became the type list ["string","null"]: type "string" was added',
 * );
 * assert.equal(
 *   liftedBranch("anyOf", list, 0, "removed"),
 *   'the type list ["string","null"] became an anyOf: type "string" was removed',
 * );
 * ```
 */
export function liftedBranch(
  key: string,
  branches: readonly JsonValue[],
  k: number,
  what: "added" | "removed",
): string {
  const combination = `${key === "oneOf" ? "a" : "an"} ${key}`;
  const types = branches.map((x) =>
    typeof x === "object" && x !== null && !Array.isArray(x) && typeof x.type === "string"
      ? x.type
      : undefined
  );
  const type = types[k];
  if (branches.length > 1 && type !== undefined && types.every((t) => t !== undefined)) {
    return what === "added"
      ? `the ${key} became the type list ${show(types as string[])}: type ${show(type)} was added`
      : `the type list ${show(types as string[])} became ${combination}: type ${
        show(type)
      } was removed`;
  }
  return what === "added"
    ? `the ${key} became one schema, ${
      show(branches[k])
    }, paired with none of its branches: it was added`
    : `the schema ${
      show(branches[k])
    } became ${combination}, paired with none of its branches: it was removed`;
}

/** Whether a schema admits null alone, as written: `{type: "null"}` or `{const: null}`, annotations aside. */
function isNullOnly(schema: JsonValue): boolean {
  if (!isObject(schema)) return false;
  const keys = Object.keys(schema).filter((k) => !isAnnotationKeyword(k));
  if (keys.length !== 1) return false;
  return (keys[0] === "type" && (schema.type === "null" ||
    (Array.isArray(schema.type) && schema.type.length === 1 && schema.type[0] === "null"))) ||
    (keys[0] === "const" && schema.const === null) ||
    (keys[0] === "enum" && Array.isArray(schema.enum) && schema.enum.length === 1 &&
      schema.enum[0] === null);
}

/**
 * A branch of a union or conjunction named in words, from its indices through the same keyword
 * nested bare in a branch (`flatAnyOf`), with `tag` the name of its variant (`type "resource"`)
 * if it has one: one index is `anyOf branch 2 (type "resource")`; more name the nested keyword
 * and where it stands, with the path to the branch and its variant or else the schema it holds
 * (`any value` for `{}` or `true`), which `anyOf branch 3/anyOf/2` told no reader: dataforseo-mcp-server
 * 2.8.6 → 2.9.11 added `{}` to the anyOf [string, number] nested in each filter's anyOf.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { branchWords } from "./_walk_messages.ts";
 * assert.equal(branchWords("anyOf", [2], { type: "null" }), "anyOf branch 2 (null)");
 * assert.equal(branchWords("anyOf", [2], { type: "string" }), "anyOf branch 2");
 * assert.equal(branchWords("oneOf", [1], {}, 'op "b"'), 'oneOf branch 1 (op "b")');
 * assert.equal(
 *   branchWords("anyOf", [3, 2], { type: "object" }),
 *   'branch 2 of the anyOf in anyOf branch 3 (anyOf.3.anyOf.2: {"type":"object"})',
 * );
 * assert.equal(
 *   branchWords("anyOf", [3, 2], {}),
 *   "branch 2 of the anyOf in anyOf branch 3 (anyOf.3.anyOf.2: any value)",
 * );
 * ```
 */
export function branchWords(
  key: string,
  indices: readonly number[],
  schema: JsonValue,
  tag?: string,
): string {
  // A branch that only admits null says what it brings: the union became nullable (or was).
  const label = tag ?? (isNullOnly(schema) ? "null" : undefined);
  if (indices.length <= 1) return `${key} branch ${indices[0]}${label ? ` (${label})` : ""}`;
  const words = indices.slice(1).reduce(
    (outer, i) => `branch ${i} of the ${key} in ${outer}`,
    `${key} branch ${indices[0]}`,
  );
  const any = schema === true || (isObject(schema) && Object.keys(schema).length === 0);
  return `${words} (${key}.${indices.join(`.${key}.`)}: ${
    tag ?? (any ? "any value" : show(schema))
  })`;
}
