/**
 * Making untrusted server text inert in GitHub-flavoured Markdown: no HTML, no links or
 * autolinks, no @mentions, no table breaks, no code-fence escapes.
 * @module
 */
import { stripControl } from "../core/sanitize.ts";

const PUNCTUATION = /[\\`*_{}[\]()<>#+\-.!|~:"'=$%^&;,/?]/g;

/**
 * Escapes text for inline Markdown: every ASCII punctuation character is backslash-escaped (so
 * nothing can open HTML, a link, an autolink, emphasis or a table cell), `@` is followed by a
 * zero-width space (so no one is mentioned), and line breaks become spaces.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { escapeInline } from "./markdown_escape.ts";
 * assert.equal(escapeInline("a|b <i>"), "a\\|b \\<i\\>");
 * assert.equal(escapeInline("@team"), "@\u200bteam");
 * ```
 */
export function escapeInline(text: string): string {
  return stripControl(text)
    .replace(/\s+/g, " ")
    .replace(PUNCTUATION, (c) => `\\${c}`)
    .replace(/@/g, "@\u200b");
}

/** Escapes text for an HTML element's content (`<summary>`), mentions broken as above. */
export function escapeHtml(text: string): string {
  return stripControl(text)
    .replace(/\s+/g, " ")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/@/g, "@\u200b");
}

/**
 * An inline code span that no backtick in the text can close; line breaks become spaces.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { codeSpan } from "./markdown_escape.ts";
 * assert.equal(codeSpan("a`b"), "``a`b``");
 * ```
 */
export function codeSpan(text: string): string {
  const body = stripControl(text).replace(/\s+/g, " ");
  const longest = Math.max(0, ...[...body.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = "`".repeat(longest + 1);
  const pad = body.startsWith("`") || body.endsWith("`") || body.trim() === "" ? " " : "";
  return `${fence}${pad}${body}${pad}${fence}`;
}

/**
 * A fenced code block whose fence is longer than any backtick run in the content, so the content
 * cannot close it. Nothing inside a code block is rendered as Markdown, HTML, a link or a mention.
 */
export function fenced(content: string, info = ""): string {
  const body = stripControl(content).replace(/\r\n?/g, "\n");
  const longest = Math.max(2, ...[...body.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = "`".repeat(longest + 1);
  return `${fence}${info}\n${body}\n${fence}`;
}
