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

/** Caps a text at `max` characters, saying how much was cut. */
export function cap(text: string, max: number): string {
  if (text.length <= max) return text;
  return `${text.slice(0, max)}… (${text.length - max} more characters)`;
}
