/**
 * Which `$defs`/`definitions` entries a schema reaches through local JSON-pointer `$ref`s, starting
 * from everything outside the definitions. A definition nothing reaches constrains no value: some
 * servers (Notion's, generated from OpenAPI) copy every definition of their API into every tool.
 * Private to the catch-all differ.
 * @module
 */
import { escapePointerToken, isObject, type JsonValue } from "../json.ts";
import { SCHEMA_LISTS, SCHEMAS } from "./_catch_all_refs.ts";
import { DATA_KEYWORDS } from "./_dialect.ts";

const DEFINITIONS = new Set(["$defs", "definitions"]);
const SCHEMA_MAPS = ["properties", "patternProperties", "dependentSchemas", "dependencies"];
/** Keywords whose values are data, never schemas: a `$ref` inside them is not a reference. */
const DATA = new Set([...DATA_KEYWORDS, "dependentRequired"]);
const STRUCTURED = new Set([...SCHEMA_MAPS, ...SCHEMA_LISTS, ...SCHEMAS, ...DATA]);
/** References this module cannot follow as plain pointers: with them, every definition counts. */
const DYNAMIC = ["$dynamicRef", "$recursiveRef"];

/** Every string `$ref` anywhere in a value, whatever the keyword it sits under. */
function anyRefs(value: JsonValue | undefined, out: string[]): void {
  const stack: (JsonValue | undefined)[] = [value];
  for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
    if (Array.isArray(top)) stack.push(...top);
    else if (isObject(top)) {
      for (const [key, v] of Object.entries(top)) {
        if ((key === "$ref" || DYNAMIC.includes(key)) && typeof v === "string") out.push(v);
        else stack.push(v);
      }
    }
  }
}

/**
 * The pointers of the schema nodes a schema reaches, definitions included only when a reference
 * leads there; `undefined` when some reference is not a local JSON pointer (`#anchor`, a remote
 * or `$id`-relative URI, `$dynamicRef`), so that every definition must count as reachable.
 */
export function reachedPointers(root: JsonValue | undefined): Set<string> | undefined {
  const reached = new Set<string>();
  const stack: [JsonValue | undefined, string][] = [[root, ""]];
  const refs: string[] = [];
  const resolve = (pointer: string): JsonValue | undefined => {
    let node: JsonValue | undefined = root;
    for (const raw of pointer.split("/").slice(1)) {
      const token = raw.replaceAll("~1", "/").replaceAll("~0", "~");
      if (Array.isArray(node)) node = node[Number(token)];
      else if (isObject(node)) node = Object.hasOwn(node, token) ? node[token] : undefined;
      else return undefined;
    }
    return node;
  };
  for (;;) {
    for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
      const [schema, pointer] = top;
      if (!isObject(schema) || reached.has(pointer)) continue;
      reached.add(pointer);
      const push = (value: JsonValue | undefined, at: string) => stack.push([value, at]);
      for (const [key, value] of Object.entries(schema)) {
        const at = `${pointer}/${escapePointerToken(key)}`;
        // A nested `$id` starts a resource whose `#/…` references resolve against it.
        if (key === "$id" && pointer !== "") return undefined;
        if (key === "$ref" || DYNAMIC.includes(key)) {
          if (typeof value === "string") refs.push(value);
        } else if (DEFINITIONS.has(key) || DATA.has(key)) continue;
        else if (SCHEMA_LISTS.includes(key) && Array.isArray(value)) {
          value.forEach((item, i) => push(item, `${at}/${i}`));
        } else if (SCHEMA_MAPS.includes(key) && isObject(value)) {
          for (const name of Object.keys(value)) {
            push(value[name], `${at}/${escapePointerToken(name)}`);
          }
        } else if (SCHEMAS.includes(key)) push(value, at);
        else if (!STRUCTURED.has(key)) anyRefs(value, refs);
      }
    }
    const ref = refs.pop();
    if (ref === undefined) return reached;
    if (ref !== "#" && !ref.startsWith("#/")) return undefined;
    let pointer: string;
    try {
      pointer = decodeURIComponent(ref.slice(1));
    } catch {
      return undefined;
    }
    if (!reached.has(pointer)) stack.push([resolve(pointer), pointer]);
    // A reference into the middle of a definition reaches the definition for this purpose.
    reached.add(`${pointer}/`);
  }
}

/** Whether the definition at `pointer` is reached: a reached node is it or lies inside it. */
export function definitionReached(reached: ReadonlySet<string>, pointer: string): boolean {
  if (reached.has(pointer) || reached.has(`${pointer}/`)) return true;
  for (const p of reached) if (p.startsWith(`${pointer}/`)) return true;
  return false;
}
