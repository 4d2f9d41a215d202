/**
 * How the HTML report shows old and new values: prose side by side with word-level marks, and
 * JSON values (schemas above all) as a compact tree marking what was added, removed or changed.
 * Everything from the server is escaped and capped.
 * @module
 */
import type { Change } from "../core/change.ts";
import { isObject, jsonEqual, type JsonValue } from "../core/json.ts";
import { html } from "./html_escape.ts";
import { wordDiff } from "./word_diff.ts";

const PROSE_MAX = 4000;
const VALUE_MAX = 300;
const KEYS_PER_LEVEL = 60;
const MAX_DEPTH = 10;

/** Whether a change is about prose: the classifier graded it, or both sides are sentences. */
export function isProse(change: Change): boolean {
  return change.prose !== undefined ||
    (typeof change.old === "string" && typeof change.new === "string" &&
      /\s/.test(change.old + change.new));
}

function proseSide(label: string, segments: { text: string; changed: boolean }[], tag: string) {
  const body = segments.length === 0
    ? '<span class="none">(none)</span>'
    : segments.map((s) =>
      s.changed ? `<${tag}>${html(s.text, PROSE_MAX)}</${tag}>` : html(s.text, PROSE_MAX)
    )
      .join("");
  return `<div class="side"><div class="label">${label}</div><p>${body}</p></div>`;
}

/** Old and new text side by side, words only on one side marked. */
export function proseValues(change: Change): string {
  const text = (v: JsonValue | undefined) =>
    typeof v === "string" ? v.slice(0, PROSE_MAX) : v === undefined ? "" : JSON.stringify(v);
  const diff = wordDiff(text(change.old), text(change.new));
  return `<div class="sbs">${proseSide("Old", diff.old, "del")}${
    proseSide("New", diff.new, "ins")
  }</div>`;
}

function scalar(v: JsonValue): string {
  const json = JSON.stringify(v) ?? "";
  return `<code>${html(json, VALUE_MAX)}</code>`;
}

function isContainer(v: JsonValue | undefined): v is JsonValue[] | { [k: string]: JsonValue } {
  return Array.isArray(v) || isObject(v);
}

function entries(v: JsonValue[] | { [k: string]: JsonValue }): [string, JsonValue][] {
  return Array.isArray(v)
    ? v.map((x, i) => [String(i), x])
    : Object.keys(v).sort().map((k) => [k, v[k]!]);
}

/** One level of the tree: keys of both sides in order, each marked. */
function level(
  old: JsonValue | undefined,
  next: JsonValue | undefined,
  depth: number,
): string {
  const a = new Map(isContainer(old) ? entries(old) : []);
  const b = new Map(isContainer(next) ? entries(next) : []);
  const keys = [...new Set([...a.keys(), ...b.keys()])];
  if (!Array.isArray(old) || !Array.isArray(next)) keys.sort();
  const items = keys.slice(0, KEYS_PER_LEVEL).map((key) =>
    node(key, a.get(key), b.get(key), depth)
  );
  if (keys.length > KEYS_PER_LEVEL) {
    items.push(`<li class="more">… ${keys.length - KEYS_PER_LEVEL} more keys</li>`);
  }
  return `<ul>${items.join("")}</ul>`;
}

function node(
  key: string,
  old: JsonValue | undefined,
  next: JsonValue | undefined,
  depth: number,
): string {
  const k = `<span class="k">${html(key, 200)}</span>`;
  const status = old === undefined
    ? "add"
    : next === undefined
    ? "del"
    : jsonEqual(old, next)
    ? "same"
    : "chg";
  const only = old ?? next!;
  if (status === "same" || status === "add" || status === "del") {
    const sign = status === "add" ? "+ " : status === "del" ? "− " : "";
    if (isContainer(only) && depth < MAX_DEPTH && status !== "same") {
      return `<li class="${status}">${sign}${k}${
        level(status === "add" ? undefined : only, status === "add" ? only : undefined, depth + 1)
      }</li>`;
    }
    return `<li class="${status}">${sign}${k}: ${scalar(only)}</li>`;
  }
  if (
    isContainer(old) && isContainer(next) && Array.isArray(old) === Array.isArray(next) &&
    depth < MAX_DEPTH
  ) {
    return `<li class="chg">~ ${k}${level(old, next, depth + 1)}</li>`;
  }
  return `<li class="chg">~ ${k}: <del>${scalar(old!)}</del> → <ins>${scalar(next!)}</ins></li>`;
}

/** Old and new JSON values as one compact tree, or `old → new` for scalars. */
export function valueTree(change: Change): string {
  const { old, new: next } = change;
  if (old === undefined && next === undefined) return "";
  if (isContainer(old) || isContainer(next)) {
    const bothSides = isContainer(old) && isContainer(next);
    const body = bothSides
      ? level(old, next, 0)
      : level(isContainer(old) ? old : undefined, isContainer(next) ? next : undefined, 0);
    const scalars = [
      old !== undefined && !isContainer(old) ? `<p>Old: ${scalar(old)}</p>` : "",
      next !== undefined && !isContainer(next) ? `<p>New: ${scalar(next)}</p>` : "",
    ].join("");
    return `${scalars}<div class="tree">${body}</div>`;
  }
  const parts = [];
  if (old !== undefined) parts.push(`<del>${scalar(old)}</del>`);
  if (next !== undefined) parts.push(`<ins>${scalar(next)}</ins>`);
  return `<p class="values">${parts.join(" → ")}</p>`;
}
