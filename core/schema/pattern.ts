/**
 * Compares JSON Schema `pattern`s as languages: the set of strings a pattern accepts is the set
 * of strings it matches anywhere (JSON Schema patterns are not anchored), read as an ECMAScript
 * regular expression with the `u` flag (without it when the pattern is only valid so). The
 * automata come from `refa`; every construction is capped in states, so a huge or exponential
 * pattern gives up with a reason instead of hanging.
 * @module
 */
import type * as Refa from "refa";
import { requiredOnUse } from "../required_on_use.ts";

/**
 * `refa`, loaded when a pattern is first compared: evaluating it takes milliseconds (it builds
 * its Unicode tables), more than a whole diff of contracts without patterns.
 */
const refa = requiredOnUse<typeof Refa>("refa", () => require("refa"));

/** States any one automaton may have before the comparison gives up. */
const MAX_NODES = 20_000;
/** Longest pattern source the comparison attempts. */
const MAX_SOURCE = 2_000;

/** The search language of one pattern, or why it has none here. */
type Language = { nfa: Refa.NFA } | { reason: string };

const cache = new Map<string, Language>();

function describe(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  if (error instanceof refa().TooManyNodesError || /not allowed to create more than/.test(text)) {
    return `its automaton needs more than ${MAX_NODES} states`;
  }
  if (/backreference/i.test(text)) return "it uses a backreference that automata cannot express";
  if (/assertion/i.test(text)) return "it uses a lookaround that automata cannot express here";
  return `it cannot be parsed (${text.split("\n")[0]})`;
}

function valid(source: string, flags: string): boolean {
  try {
    new RegExp(source, flags);
    return true;
  } catch {
    return false;
  }
}

/** The dialect both patterns are read in: `u` when both allow it, else none, else neither. */
function dialect(a: string, b: string): string | undefined {
  if (valid(a, "u") && valid(b, "u")) return "u";
  if (valid(a, "") && valid(b, "")) return "";
  return undefined;
}

/** The language of strings `source` matches somewhere, as an NFA. */
function language(source: string, flags: string | undefined): Language {
  const key = `${flags}/${source}`;
  const known = cache.get(key);
  if (known !== undefined) return known;
  let result: Language;
  if (source.length > MAX_SOURCE) {
    result = { reason: `it is longer than ${MAX_SOURCE} characters` };
  } else if (flags === undefined) {
    result = { reason: "it is not a valid ECMAScript regular expression" };
  } else {
    try {
      // The pattern parsed alone above, so wrapping it in a group cannot change its meaning.
      const search = `^(?:[^]*?(?:${source})[^]*)$`;
      const { JS, NFA, transform, Transformers } = refa();
      const parser = JS.Parser.fromLiteral({ source: search, flags });
      const { expression, maxCharacter } = parser.parse({ maxNodes: MAX_NODES });
      const simple = transform(Transformers.simplify({ ignoreOrder: true }), expression);
      const edges = transform(Transformers.patternEdgeAssertions({ remove: true }), simple);
      const nfa = NFA.fromRegex(
        edges,
        { maxCharacter },
        { assertions: "throw" },
        new NFA.LimitedNodeFactory(MAX_NODES),
      );
      result = { nfa };
    } catch (error) {
      result = { reason: describe(error) };
    }
  }
  if (cache.size > 500) cache.clear();
  cache.set(key, result);
  return result;
}

/** Whether every string `a` accepts is accepted by `b`, or why that cannot be decided. */
export type PatternVerdict = { subset: boolean } | { reason: string };

/**
 * Decides whether every string matched by pattern `a` is matched by pattern `b`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { patternSubset } from "./pattern.ts";
 * assert.deepEqual(patternSubset("^[a-z]+$", ".*"), { subset: true });
 * assert.deepEqual(patternSubset(".*", "^[a-z]+$"), { subset: false });
 * ```
 */
export function patternSubset(a: string, b: string): PatternVerdict {
  if (a === b) return { subset: true };
  const flags = dialect(a, b);
  if (flags === undefined) {
    const bad = valid(a, "u") || valid(a, "") ? b : a;
    return {
      reason: `pattern ${JSON.stringify(bad)}: it is not a valid ECMAScript regular expression`,
    };
  }
  const la = language(a, flags), lb = language(b, flags);
  if ("reason" in la) return { reason: `pattern ${JSON.stringify(a)}: ${la.reason}` };
  if ("reason" in lb) return { reason: `pattern ${JSON.stringify(b)}: ${lb.reason}` };
  try {
    const { DFA, isDisjointWith } = refa();
    const complement = DFA.fromFA(lb.nfa, new DFA.LimitedNodeFactory(MAX_NODES));
    complement.complement();
    return { subset: isDisjointWith(la.nfa, complement, MAX_NODES) };
  } catch (error) {
    return {
      reason: `comparing ${JSON.stringify(a)} with ${JSON.stringify(b)}: ${describe(error)}`,
    };
  }
}

/**
 * Whether pattern `source` matches `text` somewhere, decided on the automaton (no backtracking,
 * so no pattern can make it hang); `undefined` when the pattern has no automaton here.
 */
export function patternMatches(source: string, text: string): boolean | undefined {
  const l = language(source, valid(source, "u") ? "u" : valid(source, "") ? "" : undefined);
  if ("reason" in l) return undefined;
  return l.nfa.test(refa().Words.fromStringToUnicode(text));
}
