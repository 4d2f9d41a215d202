/**
 * The shape of a tool's schemas with what a rename of style leaves alone set aside: prose and the
 * spelling of property names. Two tools of alike names with the same shape were probably renamed
 * (@azure/mcp 3.0.0-beta.41 → 3.0.0-beta.46: resilience_recoveryplan_create, taking
 * `recovery-plan`, became resiliency_recoveryplan_create, taking `recoveryplan`, its descriptions
 * saying "recoveryplan" for "recovery plan").
 * @module
 */
import { isObject, type JsonValue, stableStringify } from "./json.ts";

/**
 * A tool or property name with case and separators set aside: `recovery-plan` and `recoveryPlan`
 * read `recoveryplan`.
 */
export function nameKey(name: string): string {
  return name.replace(/[\s_\-./]+/g, "").toLowerCase();
}

/**
 * The pairs of `removed` and `added` whose names are the same but for case and separators
 * ({@link nameKey}), one removed and one added per name (two of a name on a side: none paired).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { sameButStyle } from "./rename_shape.ts";
 * const id = (x: string) => x;
 * assert.deepEqual(sameButStyle(["getUser", "a"], ["get_user", "b"], id), [["getUser", "get_user"]]);
 * assert.deepEqual(sameButStyle(["getUser"], ["get_user", "get-user"], id), []);
 * ```
 */
export function sameButStyle<T>(
  removed: readonly T[],
  added: readonly T[],
  name: (entry: T) => string,
): [T, T][] {
  const byKey = (list: readonly T[]) => {
    const keys = new Map<string, T[]>();
    for (const entry of list) {
      const key = nameKey(name(entry));
      const same = keys.get(key);
      if (same) same.push(entry);
      else keys.set(key, [entry]);
    }
    return keys;
  };
  const twins = byKey(added);
  const pairs: [T, T][] = [];
  for (const [key, gone] of byKey(removed)) {
    const twin = twins.get(key);
    if (gone.length === 1 && twin?.length === 1) pairs.push([gone[0]!, twin[0]!]);
  }
  return pairs;
}

/** The keywords whose string values are prose. */
const PROSE = new Set(["description", "title"]);

/** Marks a `properties` object two of whose names read alike: no shape then. */
class Clash extends Error {}

function strip(node: JsonValue): JsonValue {
  if (Array.isArray(node)) return node.map(strip);
  if (!isObject(node)) return node;
  const out: { [key: string]: JsonValue } = {};
  const put = (key: string, value: JsonValue) =>
    Object.defineProperty(out, key, { value, enumerable: true });
  for (const key of Object.keys(node)) {
    const value = node[key]!;
    if (PROSE.has(key) && typeof value === "string") continue;
    if (key === "properties" && isObject(value)) {
      const props: { [key: string]: JsonValue } = {};
      for (const name of Object.keys(value)) {
        const k = nameKey(name);
        if (Object.hasOwn(props, k)) throw new Clash();
        Object.defineProperty(props, k, { value: strip(value[name]!), enumerable: true });
      }
      put(key, props);
    } else if (
      key === "required" && Array.isArray(value) && value.every((n) => typeof n === "string")
    ) {
      put(key, (value as string[]).map(nameKey).sort());
    } else put(key, strip(value));
  }
  return out;
}

/**
 * A schema as text, without its `description` and `title` strings (at every depth) and with the
 * names in `properties` and `required` read by {@link nameKey}; undefined when two names of one
 * object read alike.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { styleFreeShape } from "./rename_shape.ts";
 * const a = { properties: { "recovery-plan": { type: "string", description: "The recovery plan" } } };
 * const b = { properties: { recoveryplan: { type: "string", description: "The recoveryplan" } } };
 * assert.equal(styleFreeShape(a), styleFreeShape(b));
 * assert.equal(styleFreeShape({ properties: { a_b: {}, aB: {} } }), undefined);
 * ```
 */
export function styleFreeShape(schema: JsonValue | undefined): string | undefined {
  if (schema === undefined) return "";
  try {
    return stableStringify(strip(schema));
  } catch (e) {
    if (e instanceof Clash) return undefined;
    throw e;
  }
}
