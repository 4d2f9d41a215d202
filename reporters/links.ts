/**
 * Where Proxar's documentation lives, for links in reports (SARIF `helpUri`, Markdown).
 * @module
 */

import { PROJECT_URL } from "../core/project.ts";

/** The project's home page, from `core/project.ts`. */
export { PROJECT_URL };

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
