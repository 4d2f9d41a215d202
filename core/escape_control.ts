/**
 * Escaping untrusted text (server names, descriptions, error messages, config keys) for
 * line-oriented human-readable output: a terminal, a CI log. Shared by the CLI, `mcp/` and the
 * reporters, so it lives below all of them.
 * @module
 */

// deno-lint-ignore no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

const NAMED: Record<string, string> = { "\n": "\\n", "\r": "\\r", "\t": "\\t" };

/**
 * Makes every control character, line break and bidirectional override visible as an escape
 * (`\n`, `\u001b`), so untrusted text stays on its line: it cannot start a CI workflow command
 * (`::error::`), move the cursor, set a terminal title or reorder what a reader sees.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { escapeControl } from "./escape_control.ts";
 * assert.equal(escapeControl("a\n::error::x"), "a\\n::error::x");
 * assert.equal(escapeControl("\u001b]0;t\u0007"), "\\u001b]0;t\\u0007");
 * assert.equal(escapeControl("plain text"), "plain text");
 * ```
 */
export function escapeControl(text: string): string {
  return text.replace(
    UNSAFE,
    (c) => NAMED[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}
