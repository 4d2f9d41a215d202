/**
 * Globs for `ignore` entries, matched in time linear in the name. Entity names and paths come
 * from servers, so a pattern such as `*_*_*_*_*_legacy` must not backtrack on a long name.
 *
 * Syntax: `*` any run of characters (also `.` and `/`; `**` is the same), `?` one character,
 * `[abc]`, `[a-z]`, `[!a]` or `[^a]` one character of (or not of) a class, `{a,b}` either
 * alternative (may nest), `\` makes the next character literal, and a leading `!` negates the
 * whole pattern.
 * @module
 */
import { UserError } from "./errors.ts";

/** One character position of a pattern: a literal or a class. */
type Atom = { char: string } | { ranges: [string, string][]; negated: boolean };

/** A pattern piece: a single character, or `*`. */
type Token = Atom | "star";

/** At most this many alternatives after expanding braces, so a pattern cannot blow up. */
const MAX_ALTERNATIVES = 256;

/** The index of the `}` closing the `{` at `open`, or -1. */
function braceEnd(glob: string, open: number): number {
  let depth = 0;
  for (let i = open; i < glob.length; i++) {
    const c = glob[i];
    if (c === "\\") i++;
    else if (c === "{") depth++;
    else if (c === "}" && --depth === 0) return i;
  }
  return -1;
}

/** Splits the body of `{…}` at its top-level commas. */
function topLevelParts(body: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (c === "\\") i++;
    else if (c === "{") depth++;
    else if (c === "}") depth--;
    else if (c === "," && depth === 0) {
      parts.push(body.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(body.slice(start));
  return parts;
}

/** Expands `{a,b}` groups (nested ones too) into plain patterns. */
function expandBraces(glob: string, original: string): string[] {
  for (let i = 0; i < glob.length; i++) {
    if (glob[i] === "\\") {
      i++;
      continue;
    }
    if (glob[i] !== "{") continue;
    const end = braceEnd(glob, i);
    if (end < 0) return [glob];
    const parts = topLevelParts(glob.slice(i + 1, end));
    if (parts.length < 2) continue;
    const head = glob.slice(0, i);
    const tails = expandBraces(glob.slice(end + 1), original);
    const out: string[] = [];
    for (const part of parts) {
      for (const middle of expandBraces(part, original)) {
        for (const tail of tails) {
          out.push(head + middle + tail);
          if (out.length > MAX_ALTERNATIVES) {
            throw new UserError(
              `The glob "${original}" has more than ${MAX_ALTERNATIVES} alternatives`,
            );
          }
        }
      }
    }
    return out;
  }
  return [glob];
}

/** Reads `[…]` starting at `open`; returns the atom and the index after `]`, or undefined. */
function readClass(glob: string, open: number): { atom: Atom; next: number } | undefined {
  let i = open + 1;
  const negated = glob[i] === "!" || glob[i] === "^";
  if (negated) i++;
  const ranges: [string, string][] = [];
  let first = true;
  while (i < glob.length && (glob[i] !== "]" || first)) {
    first = false;
    let c = glob[i] as string;
    if (c === "\\" && i + 1 < glob.length) c = glob[++i] as string;
    if (glob[i + 1] === "-" && i + 2 < glob.length && glob[i + 2] !== "]") {
      let to = glob[i + 2] as string;
      i += 2;
      if (to === "\\" && i + 1 < glob.length) to = glob[++i] as string;
      ranges.push([c, to]);
    } else ranges.push([c, c]);
    i++;
  }
  if (i >= glob.length) return undefined;
  return { atom: { ranges, negated }, next: i + 1 };
}

function tokenize(glob: string): Token[] {
  const tokens: Token[] = [];
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i] as string;
    if (c === "*") {
      if (tokens[tokens.length - 1] !== "star") tokens.push("star");
    } else if (c === "?") tokens.push({ ranges: [], negated: true });
    else if (c === "\\" && i + 1 < glob.length) tokens.push({ char: glob[++i] as string });
    else if (c === "[") {
      const cls = readClass(glob, i);
      if (cls) {
        tokens.push(cls.atom);
        i = cls.next - 1;
      } else tokens.push({ char: c });
    } else tokens.push({ char: c });
  }
  return tokens;
}

function atomMatches(atom: Atom, c: string): boolean {
  if ("char" in atom) return atom.char === c;
  const inside = atom.ranges.some(([from, to]) => c >= from && c <= to);
  return inside !== atom.negated;
}

/**
 * Whether `tokens` match all of `text`. Greedy with one resume point (the last `*`): a later
 * `*` can absorb anything an earlier one could, so this is exact, and it takes at most
 * O(text × pattern) steps, never exponential.
 */
function matchTokens(tokens: readonly Token[], text: string): boolean {
  let t = 0;
  let p = 0;
  let starP = -1;
  let starT = 0;
  while (t < text.length) {
    const token = tokens[p];
    if (token !== undefined && token !== "star" && atomMatches(token, text[t] as string)) {
      t++;
      p++;
    } else if (token === "star") {
      starP = p++;
      starT = t;
    } else if (starP >= 0) {
      p = starP + 1;
      t = ++starT;
    } else return false;
  }
  while (tokens[p] === "star") p++;
  return p === tokens.length;
}

/**
 * Compiles a glob into a matcher whose running time is linear in the name for a given pattern.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { compileGlob } from "./glob.ts";
 * const legacy = compileGlob("legacy_*");
 * assert.ok(legacy("legacy_export") && !legacy("export"));
 * assert.ok(compileGlob("tool.{input,output}.*")("tool.output.type.widened"));
 * assert.ok(compileGlob("!legacy_*")("search"));
 * ```
 */
export function compileGlob(glob: string): (text: string) => boolean {
  const negated = glob.startsWith("!") && glob.length > 1;
  const body = negated ? glob.slice(1) : glob;
  const alternatives = expandBraces(body, glob).map(tokenize);
  const matches = (text: string) => alternatives.some((tokens) => matchTokens(tokens, text));
  return negated ? (text) => !matches(text) : matches;
}

/** Whether a string uses glob syntax (otherwise it is compared as it is). */
export function isGlob(text: string): boolean {
  return /[*?[\]{}!\\]/.test(text);
}
