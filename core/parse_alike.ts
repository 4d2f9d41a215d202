/**
 * Parsing the new side of a diff against the old one: the tools whose text is the same on both
 * sides, most of a large contract, are the old side's values instead of being parsed again.
 * @module
 */
import { isObject, type JsonValue } from "./json.ts";
import { type ListItems, rootListItems } from "./positions.ts";

/** The list whose items are shared: the tools of a snapshot or a `tools/list` result. */
const LIST = "tools";

/** A parsed text: what {@link parseAlike} reads beside the text it parses. */
export interface ParsedText {
  text: string;
  value: JsonValue;
}

/**
 * Where the tools of each parsed text are in it, by the text's value (its root object), found
 * once (null: it holds no such list).
 */
const found = new WeakMap<object, ListItems | null>();

/** Per value parsed against another: that one's value, and the items taken from it. */
const taken = new WeakMap<object, { from: object; items: ReadonlySet<object> }>();

/**
 * The items of `value`'s `tools` array that {@link parseAlike} took from the value it parsed
 * it against (`from`), which hold them in their `tools` array too, at the same depth.
 */
export function sharedItems(
  value: JsonValue,
): { from: object; items: ReadonlySet<object> } | undefined {
  return isObject(value) ? taken.get(value) : undefined;
}

/**
 * Where the items of the root's `tools` array are in `parsed`'s text, if a scan already found
 * them ({@link parseAlike} does, for both texts): a locator passes over them by their spans.
 */
export function knownListItems(parsed: { text?: string; value: JsonValue }): ListItems | undefined {
  const items = isObject(parsed.value) ? found.get(parsed.value) : undefined;
  return items && items.text === parsed.text ? items : undefined;
}

/**
 * Parses `text`, the same as `JSON.parse` would, when both it and `like` (a text already parsed)
 * are objects holding a `tools` array: each item of the array whose text is that of an item of
 * `like`'s (an object or an array, at the same index or a few items away) is that item's value,
 * the same object; the other items, and the rest of the text without the array, are parsed.
 * Identical text is the same value, so the result equals `JSON.parse(text)`; the two sides then
 * share the objects of their unchanged tools, which no one writes to. Undefined where the text
 * is not like that or not JSON: the caller then parses it whole (and reports its errors).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseAlike } from "./parse_alike.ts";
 * const text = '{"tools": [{"name": "a"}, {"name": "b"}]}';
 * const old = { text, value: JSON.parse(text) };
 * const now = parseAlike('{"tools": [{"name": "a"}, {"name": "c"}], "v": 2}', old)!;
 * assert.deepEqual(now.value, { tools: [{ name: "a" }, { name: "c" }], v: 2 });
 * const tools = (parsed: { value: unknown }) => (parsed.value as { tools: object[] }).tools;
 * assert.equal(tools(now)[0], tools(old)[0]);
 * ```
 */
export function parseAlike(text: string, like: ParsedText): ParsedText | undefined {
  const before = like.value;
  if (!isObject(before) || !Array.isArray(before[LIST])) return undefined;
  const oldItems = itemsOf({ text: like.text, value: before });
  if (oldItems === undefined || oldItems.same.length !== before[LIST].length) return undefined;
  const items = rootListItems(text, LIST, oldItems);
  if (items === undefined) return undefined;
  let value: unknown;
  try {
    // The rest of the text, the array emptied: its parse checks all but the items.
    value = JSON.parse(`${text.slice(0, items.open)}[]${text.slice(items.close)}`);
  } catch {
    return undefined;
  }
  if (!isObject(value) || !Array.isArray(value[LIST]) || value[LIST].length !== 0) return undefined;
  const list: JsonValue[] = [];
  const shared = new Set<object>();
  for (let i = 0; i < items.same.length; i++) {
    const j = items.same[i]!;
    const item = j === -1 ? undefined : before[LIST][j] as object;
    if (item !== undefined && !shared.has(item)) {
      shared.add(item);
      list.push(item as JsonValue);
      continue;
    }
    try {
      list.push(JSON.parse(text.slice(items.spans[4 * i], items.spans[4 * i + 1])));
    } catch {
      return undefined;
    }
  }
  value[LIST] = list;
  found.set(value, items);
  taken.set(value, { from: before, items: shared });
  return { text, value };
}

/**
 * Locates the items of the root's `tools` array in `parsed`'s text now, ahead of a
 * {@link parseAlike} against it, which would then: the scan also tells {@link scannedWithin}.
 */
export function scanListItems(parsed: ParsedText): void {
  const value = parsed.value;
  if (isObject(value) && Array.isArray(value[LIST])) itemsOf({ text: parsed.text, value });
}

/**
 * Whether a scan ({@link scanListItems}) read all of `parsed`'s text and found in it no value
 * nested deeper than `limit` (the root counting as 1) and no number that may not fit a double
 * (none with an exponent or 309 digits in a row): what walking the value would check.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { scanListItems, scannedWithin } from "./parse_alike.ts";
 * const doc = (text: string) => ({ text, value: JSON.parse(text) });
 * const plain = doc('{"tools": [{"a": [1.5, -2]}]}');
 * assert.equal(scannedWithin(plain, 4), false, "not scanned yet");
 * scanListItems(plain);
 * assert.equal(scannedWithin(plain, 4), true);
 * assert.equal(scannedWithin(plain, 3), false);
 * const big = doc('{"tools": [{"a": 1e400}]}');
 * scanListItems(big);
 * assert.equal(scannedWithin(big, 4), false);
 * ```
 */
export function scannedWithin(
  parsed: { text?: string; value: JsonValue },
  limit: number,
): boolean {
  const items = knownListItems(parsed);
  return items !== undefined && items.same.every((j) => j === -1) && !items.read.bigNumbers &&
    2 + items.read.deepest <= limit;
}

/** The items of the `tools` array of a parsed text whose value is an object, scanned once. */
function itemsOf(parsed: ParsedText & { value: object }): ListItems | undefined {
  let items = found.get(parsed.value);
  if (items === undefined || (items !== null && items.text !== parsed.text)) {
    items = rootListItems(parsed.text, LIST) ?? null;
    found.set(parsed.value, items);
  }
  return items ?? undefined;
}
