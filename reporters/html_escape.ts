/**
 * Making untrusted text inert in HTML: control characters removed, length capped, then every
 * character that could open markup or leave an attribute value replaced by an entity.
 * @module
 */
import { cap, stripControl } from "../core/sanitize.ts";

const ENTITIES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/**
 * Escapes text for element content and for quoted attribute values, capped at `max` characters.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { html } from "./html_escape.ts";
 * assert.equal(html(`<img src=x onerror="a('1')">`), "&lt;img src=x onerror=&quot;a(&#39;1&#39;)&quot;&gt;");
 * ```
 */
export function html(text: string, max = 1000): string {
  return cap(stripControl(text), max).replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}
