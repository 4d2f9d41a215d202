/**
 * Values that vary one place deep inside a schema, for the validator oracle: the edge values of
 * `_oracle_values.ts` cap each level's list, so a value that differs three references down (a
 * chain of definitions, a union around it) falls past the caps. Here each place a property or
 * the items lead to, through references, unions, allOf and not, is given its first edge values
 * inside the likely valid value of every level around it, the deepest places first.
 * @module
 */
import { isObject, type JsonValue } from "../../../core/json.ts";
import { candidates, MAX_DEPTH, REF_DEPTH, resolve } from "./_oracle_values.ts";

/** Edge values tried at each place, and places visited. */
const PER_PLACE = 8;
const MAX_PLACES = 24;
/** How many of these values one schema gets. */
export const MAX_DEEP = 64;

type Wrap = (v: JsonValue) => JsonValue;

/** Values of `s` (the root) that vary one place below it, the deepest places first. */
export function deepValues(s: JsonValue, root: JsonValue): JsonValue[] {
  const places: { depth: number; values: JsonValue[] }[] = [];
  const visit = (node: JsonValue, wrap: Wrap, depth: number) => {
    if (depth > MAX_DEPTH || !isObject(node) || places.length >= MAX_PLACES) return;
    if (typeof node.$ref === "string") {
      const target = resolve(root, node.$ref);
      if (target !== undefined) visit(target, wrap, depth + REF_DEPTH);
    }
    for (const k of ["anyOf", "oneOf", "allOf"]) {
      const list = node[k];
      if (Array.isArray(list)) { for (const b of list) visit(b, wrap, depth + REF_DEPTH); }
    }
    if (node.not !== undefined) visit(node.not, wrap, depth + REF_DEPTH);
    const props = node.properties;
    if (isObject(props)) {
      const first = candidates(node, root, depth)[0];
      const base = isObject(first) ? first : {};
      for (const [k, sub] of Object.entries(props)) {
        const inner: Wrap = (v) => wrap({ ...base, [k]: v });
        place(sub, inner, depth + 1);
        visit(sub, inner, depth + 1);
      }
    }
    if (node.items !== undefined && !Array.isArray(node.items) && node.items !== false) {
      const inner: Wrap = (v) => wrap([v]);
      place(node.items, inner, depth + 1);
      visit(node.items, inner, depth + 1);
    }
  };
  const place = (sub: JsonValue, wrap: Wrap, depth: number) => {
    if (depth > MAX_DEPTH || places.length >= MAX_PLACES) return;
    places.push({ depth, values: candidates(sub, root, depth).slice(0, PER_PLACE).map(wrap) });
  };
  visit(s, (v) => v, 0);
  places.sort((a, b) => b.depth - a.depth);
  return places.flatMap((p) => p.values).slice(0, MAX_DEEP);
}
