/**
 * Making untrusted server text safe for a terminal, and capping its length.
 * @module
 */
export { escapeControl } from "../core/escape_control.ts";

// deno-lint-ignore no-control-regex
const ANSI = /\u001b(?:\[[0-?]*[ -/]*[@-~]|\][^\u0007\u001b]*(?:\u0007|\u001b\\)?|[@-Z\\-_])/g;
// deno-lint-ignore no-control-regex
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/**
 * Removes terminal escape sequences and control characters (keeps newlines and tabs).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { stripControl } from "./sanitize.ts";
 * assert.ok(stripControl("a\u001b[31mred\u001b[0m") === "ared");
 * ```
 */
export function stripControl(text: string): string {
  return text.replace(ANSI, "").replace(CONTROL, "");
}

/**
 * Caps a text at `max` characters in all, saying how much was cut: the note counts toward `max`
 * (its number grows with the text, so the kept part shrinks to make room), and a cap too small for
 * the note keeps what fits and ends in "…". No surrogate pair is split.
 */
export function cap(text: string, max: number): string {
  if (text.length <= max) return text;
  const room = max >= 0 ? Math.floor(max) : 0;
  // The note's length depends on the count it gives, which depends on what is kept: what is kept
  // only shrinks, so this ends (in two rounds at most but for a split pair).
  let kept = room;
  for (;;) {
    const note = `… (${text.length - kept} more characters)`;
    if (note.length > room) return room === 0 ? "" : `${text.slice(0, whole(text, room - 1))}…`;
    const next = whole(text, room - note.length);
    if (next === kept) return `${text.slice(0, kept)}${note}`;
    kept = next;
  }
}

/** `end`, or one less when the character before it starts a surrogate pair it would split. */
function whole(text: string, end: number): number {
  const code = text.charCodeAt(end - 1);
  return end > 0 && end < text.length && code >= 0xd800 && code <= 0xdbff ? end - 1 : end;
}
