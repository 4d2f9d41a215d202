/**
 * Proxar's one extension of the seed's prose steps: a change of case is DOCUMENTATION for
 * ordinary words, but not for an identifier of the contract (an enum or const value, a property,
 * argument, prompt or tool name) or a quoted or backticked token, since a model copies those
 * verbatim into its calls. See `docs/prose.md`.
 * @module
 */
import type { Contract } from "./contract.ts";
import { isObject, type JsonValue } from "./json.ts";
import { urlHostsLowered } from "./prose_code.ts";

/** A token whose case changed: its old and its new spelling. */
export interface CaseChange {
  old: string;
  new: string;
}

/**
 * The names a model may copy into calls: tool, prompt and prompt argument names, and every
 * property name, required name, and string enum or const value of every tool schema.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { contractIdentifiers } from "./prose_case.ts";
 * import { emptyContract } from "./contract.ts";
 * const c = { ...emptyContract(), tools: [{ name: "get_issue", inputSchema: {
 *   type: "object", properties: { state: { enum: ["OPEN", "closed"] } } } }] };
 * assert.deepEqual([...contractIdentifiers([c])].sort(), ["OPEN", "closed", "get_issue", "state"]);
 * ```
 */
export function contractIdentifiers(contracts: readonly Contract[]): Set<string> {
  const out = new Set<string>();
  const stack: JsonValue[] = [];
  for (const c of contracts) {
    for (const t of c.tools) {
      out.add(String(t.name));
      stack.push(t.inputSchema, t.outputSchema ?? null);
    }
    for (const p of c.prompts) {
      out.add(String(p.name));
      const args: unknown = p.arguments;
      if (!Array.isArray(args)) continue;
      for (const a of args) if (isObject(a) && typeof a.name === "string") out.add(a.name);
    }
  }
  // Iterative, so that a deeply nested schema cannot exhaust the call stack.
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node !== "object" || node === null) continue;
    if (Array.isArray(node)) {
      const end = Math.min(node.length, 10_000);
      for (let i = 0; i < end; i++) {
        const item = node[i];
        if (typeof item === "object" && item !== null) stack.push(item);
      }
      continue;
    }
    for (const key of Object.keys(node)) {
      const value = node[key];
      if (typeof value !== "object" || value === null) {
        if (key === "const" && typeof value === "string") out.add(value);
        continue;
      }
      if (key === "properties" && !Array.isArray(value)) {
        for (const k of Object.keys(value)) out.add(k);
      } else if ((key === "enum" || key === "required") && Array.isArray(value)) {
        for (const v of value) if (typeof v === "string") out.add(v);
      }
      stack.push(value);
    }
  }
  return out;
}

/** What the prose classifier asks of the identifiers: whether a token is one. */
export type NameSet = Pick<ReadonlySet<string>, "has">;

/**
 * {@link contractIdentifiers}, computed on the first question: most diffs never ask (only a
 * change of case in otherwise equal prose does), and a large contract takes a while to walk.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { lazyContractIdentifiers } from "./prose_case.ts";
 * import { emptyContract } from "./contract.ts";
 * const ids = lazyContractIdentifiers([{ ...emptyContract(), tools: [{ name: "get_issue", inputSchema: {} }] }]);
 * assert.ok(ids.has("get_issue") && !ids.has("Get_Issue"));
 * ```
 */
export function lazyContractIdentifiers(contracts: readonly Contract[]): NameSet {
  let names: Set<string> | undefined;
  return { has: (name) => (names ??= contractIdentifiers(contracts)).has(name) };
}

/** Backticked, double-quoted, curly-quoted, or single-quoted (not an apostrophe) spans. */
const QUOTED = /`[^`]+`|"[^"]+"|“[^”]+”|‘[^’]+’|(?<![\p{L}\p{N}])'[^'\n]+'(?![\p{L}\p{N}])/gu;
/** Identifier-shaped tokens: letters, digits, `_`, `$`, joined by `.`, `-`, `/`, `:`. */
const TOKEN = /[\p{L}\p{N}_$]+(?:[.\-/:][\p{L}\p{N}_$]+)*/gu;

interface Token {
  text: string;
  quoted: boolean;
}

/** The words of a text, a URL's scheme and host lowered (they are case-insensitive). */
function tokens(written: string): Token[] {
  const text = urlHostsLowered(written);
  const quoted: [number, number][] = [];
  for (const m of text.matchAll(QUOTED)) quoted.push([m.index, m.index + m[0].length]);
  const out: Token[] = [];
  for (const m of text.matchAll(TOKEN)) {
    const at = m.index;
    out.push({ text: m[0], quoted: quoted.some(([s, e]) => at > s && at < e) });
    // The parts of a joined token count too: `issue.State` holds `State`.
    const parts = m[0].split(/[.\-/:]/);
    if (parts.length > 1) {
      for (const part of parts) out.push({ text: part, quoted: out[out.length - 1]!.quoted });
    }
  }
  return out;
}

/**
 * The first token (in the old text, then the new; a joined token before its parts) that is an
 * identifier or quoted on one side and appears on the other side only in another case, a
 * spelling that occurs there more often than before; undefined when there is none.
 * The texts are in NFC, as `classifyProse` passes them (it normalises them once).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { identifierCaseChange } from "./prose_case.ts";
 * const ids = new Set(["userId"]);
 * assert.deepEqual(identifierCaseChange("Pass userId", "Pass userid", ids), { old: "userId", new: "userid" });
 * assert.deepEqual(identifierCaseChange("Set `Mode`", "Set `mode`", new Set()), { old: "Mode", new: "mode" });
 * assert.equal(identifierCaseChange("Search Issues", "search issues", ids), undefined);
 * // Removed, not recased: "you" occurs as often as before.
 * assert.equal(identifierCaseChange('Say "You are" when you can', "Say it when you can", ids), undefined);
 * ```
 */
export function identifierCaseChange(
  oldText: string,
  newText: string,
  identifiers: NameSet,
): CaseChange | undefined {
  const a = tokens(oldText);
  const b = tokens(newText);
  const found: CaseChange[] = [];
  const counts = (list: Token[]) => {
    const map = new Map<string, number>();
    for (const t of list) map.set(t.text, (map.get(t.text) ?? 0) + 1);
    return map;
  };
  const countsA = counts(a);
  const countsB = counts(b);
  const scan = (
    from: Token[],
    fromCounts: Map<string, number>,
    to: Token[],
    toCounts: Map<string, number>,
    flip: boolean,
  ) => {
    // Only a spelling that occurs more often than before can be the token's new case: one that
    // was already there as often is the same word elsewhere, and the token was removed, not
    // recased (firecrawl-mcp 2.0.2 dropped a quoted "You are …" beside an unchanged "when you").
    const byLower = new Map<string, string>();
    for (const t of to) {
      const lower = t.text.toLowerCase();
      if (byLower.has(lower) || toCounts.get(t.text)! <= (fromCounts.get(t.text) ?? 0)) continue;
      byLower.set(lower, t.text);
    }
    for (const t of from) {
      if (!(t.quoted || identifiers.has(t.text)) || toCounts.has(t.text)) continue;
      const other = byLower.get(t.text.toLowerCase());
      if (other === undefined) continue;
      found.push(flip ? { old: other, new: t.text } : { old: t.text, new: other });
    }
  };
  scan(a, countsA, b, countsB, false);
  scan(b, countsB, a, countsA, true);
  return found[0];
}
