/**
 * Where Proxar's documentation lives, for links in reports (SARIF `helpUri`, Markdown).
 * @module
 */

/** The project's home page (the same repository `proxar init` and action.yml name). */
export const PROJECT_URL = "https://github.com/proxar/proxar";

/** The GitHub-style anchor of a heading: lowercase, punctuation other than `-` and `_` removed. */
export function headingAnchor(heading: string): string {
  return heading.toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, "").replace(/\s/g, "-");
}

/**
 * The link to a rule's section in `docs/rules.md`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ruleDocUrl } from "./links.ts";
 * assert.ok(ruleDocUrl("tool.removed").endsWith("docs/rules.md#toolremoved"));
 * ```
 */
export function ruleDocUrl(ruleId: string): string {
  return `${PROJECT_URL}/blob/main/docs/rules.md#${headingAnchor(ruleId)}`;
}
