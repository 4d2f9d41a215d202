/**
 * Proxar's fifth extension of the seed's prose steps: a tool name of the same contract (another
 * tool's or the tool's own) replaced or removed in prose is graded like a code span, since a model
 * calls the tool a text names: next-devtools-mcp 0.3.1 → 0.3.10 told browser_eval's readers to use
 * `'nextjs_index'`/`'nextjs_call'` instead of `'nextjs_runtime'`, a change step 5 alone calls
 * DOCUMENTATION in a long description. See `docs/prose.md`.
 * @module
 */
import { changedRuns } from "./changed_runs.ts";

/**
 * A name that reads as an identifier rather than a word: it holds `_`, `-`, `.`, `/`, a digit or an
 * inner capital.
 */
const IDENTIFIER_LIKE = /[_\-./\p{N}]|\p{Ll}\p{Lu}/u;

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * How often `name` occurs in `text`: as a whole word when it reads as an identifier
 * (`nextjs_runtime`), only between quotes or backticks when it is an ordinary word (`search`).
 */
function occurrences(text: string, name: string): number {
  if (IDENTIFIER_LIKE.test(name)) return mentions(text, name);
  const pattern = `(?<=['"\`‘“])${escape(name)}(?=['"\`’”])`;
  return text.match(new RegExp(pattern, "gu"))?.length ?? 0;
}

/**
 * How often `name` occurs in `text` as a whole word, quoted or not: not inside a longer name joined
 * by `-`, `.` or `/`, so `search_code` is not named by `github/search_code` nor `fs.read` by
 * `fs.read.all` (a sentence's full stop or a slash command's `/` still bounds a name).
 */
function mentions(text: string, name: string): number {
  const before = `(?<![\\p{L}\\p{N}_\\-]|[\\p{L}\\p{N}_][./])`;
  const after = `(?![\\p{L}\\p{N}_]|[-./][\\p{L}\\p{N}_])`;
  const pattern = `${before}${escape(name)}${after}`;
  return text.match(new RegExp(pattern, "gu"))?.length ?? 0;
}

/**
 * The first tool name (in the order given) that the new text names fewer times than the old one,
 * when it is gone from the new text (an ordinary word counts there quoted or not: 'search' →
 * search only drops the quotes) or another tool name came in its place; undefined when no tool
 * name was replaced or removed (names only added, or said once where they were said twice, stay
 * with the other steps). A list of tool names joined by `/` names each of them.
 * The texts are in NFC, as `classifyProse` passes them (it normalises them once).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { toolNameRemoved } from "./prose_tool.ts";
 * const tools = ["nextjs_runtime", "nextjs_index", "search", "list_docs"];
 * assert.equal(
 *   toolNameRemoved("Use 'nextjs_runtime' first", "Use 'nextjs_index' first", tools),
 *   "nextjs_runtime",
 * );
 * assert.equal(toolNameRemoved("Then search the tracker", "Then query the tracker", tools), undefined);
 * assert.equal(toolNameRemoved("Use `search` first", "Use `find` first", tools), "search");
 * assert.equal(toolNameRemoved("Use 'search' first", "Use the search tool first", tools), undefined);
 * assert.equal(toolNameRemoved("Call list_docs; list_docs lists", "Call list_docs; it lists", tools), undefined);
 * assert.equal(toolNameRemoved("Use it", "Use nextjs_index", tools), undefined);
 * const issues = ["create_issue", "update_issue"];
 * assert.equal(toolNameRemoved("Call create_issue/update_issue", "Call update_issue", issues), "create_issue");
 * assert.equal(toolNameRemoved("Call create_issue/update_issue", "Call create_issue, update_issue", issues), undefined);
 * ```
 */
export function toolNameRemoved(
  oldText: string,
  newText: string,
  toolNames: readonly string[],
): string | undefined {
  const a = listsSplit(oldText, toolNames);
  const b = listsSplit(newText, toolNames);
  // A name neither text holds as written can be counted in neither: no pattern is built for it
  // (a contract of 2,000 tools would build 6,000 per description otherwise).
  const names = toolNames.filter((name) => name !== "" && (a.includes(name) || b.includes(name)));
  const counts = names.map((name) => [occurrences(a, name), occurrences(b, name)] as const);
  const replaced = counts.some(([before, after]) => after > before);
  return names.find((name, i) => {
    const [before, after] = counts[i]!;
    return after < before && (replaced || mentions(b, name) === 0);
  });
}

/**
 * A word a model may call as written: it holds `_` or an inner capital (`list_elements`, `getUser`),
 * its parts maybe joined by `-`, `.` or `/` (`github/search_code`, `fs.read_all`).
 */
const CALLABLE = /^(?=.*(?:_|\p{Ll}\p{Lu}))[\p{L}\p{N}_]+(?:[-./][\p{L}\p{N}_]+)*$/u;

/**
 * A name the new text replaced by a tool name of the contract: a word that reads as something a
 * model calls (it holds `_` or an inner capital; one joined by `.` or `/` only when it shares a part
 * with the tool, so a file name such as `user_config.json` is none) and is no tool name, gone from
 * the new text, in the place where a tool name of the contract came in (one changed run of words,
 * after the words both texts share are lined up), while that tool name is named more often there. The old text
 * pointed a model at a name the contract does not have and the new one at a tool it has:
 * mobile-mcp 0.0.48 → 1.0.4 said "use the list_elements_on_screen tool" and now says "use the
 * mobile_list_elements_on_screen tool". Undefined when no such pair exists: the tool name only
 * added, the word still there, or the two changed in different places ("by note_id" → "by id"
 * beside "call list_notes" → "call list_notes or list_notes").
 * The texts are in NFC, as `classifyProse` passes them (it normalises them once).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { nameReplacedByTool } from "./prose_tool.ts";
 * const tools = ["mobile_list_elements", "list_notes"];
 * assert.deepEqual(
 *   nameReplacedByTool("Use the list_elements tool", "Use the mobile_list_elements tool", tools),
 *   { old: "list_elements", tool: "mobile_list_elements" },
 * );
 * assert.equal(nameReplacedByTool("Use it", "Use mobile_list_elements", tools), undefined);
 * assert.equal(nameReplacedByTool("Reads user_config.json", "Reads list_notes", tools), undefined);
 * assert.equal(
 *   nameReplacedByTool("Get by note_id. Call list_notes.", "Get by id. Call list_notes or list_notes.", tools),
 *   undefined,
 * );
 * ```
 */
export function nameReplacedByTool(
  oldText: string,
  newText: string,
  toolNames: readonly string[],
): { old: string; tool: string } | undefined {
  const a = listsSplit(oldText, toolNames);
  const b = listsSplit(newText, toolNames);
  const named = toolNames.filter((name) =>
    name !== "" && b.includes(name) && occurrences(b, name) > occurrences(a, name)
  );
  if (named.length === 0) return undefined;
  const known = toolSet(toolNames);
  const wa = words(a), wb = words(b);
  const { runs, aligned } = changedRuns(wa, wb, MAX_CELLS);
  if (!aligned) return undefined;
  for (const { old: [oldStart, oldEnd], new: [newStart, newEnd] } of runs) {
    const run = { old: wa.slice(oldStart, oldEnd), new: wb.slice(newStart, newEnd) };
    const tool = named.find((name) => run.new.includes(name));
    if (tool === undefined) continue;
    const old = run.old.find((w) =>
      CALLABLE.test(w) && !known.has(w) && (!JOINED.test(w) || sharesPart(w, tool)) &&
      mentions(a, w) > 0 && mentions(b, w) === 0
    );
    if (old !== undefined) return { old, tool };
  }
  return undefined;
}

/** A word whose parts are joined by `.` or `/`: a namespaced name, a list, a path or a file. */
const JOINED = /[./]/u;

/**
 * Whether a word joined by `.` or `/` and a tool name share a part (`fs.read_all` and `fs.read`
 * share `fs`, `github/search_code` and `search_code` share `search_code`): a name the tool's name
 * continues. `user_config.json` and `load_config`, `out/build_log.txt` and `read_file` share none:
 * a file name is not a name a model calls.
 */
function sharesPart(word: string, tool: string): boolean {
  const parts = new Set(tool.split(/[./]/u));
  return word.split(/[./]/u).some((part) => parts.has(part));
}

/** The tool names of a contract as a set, made once per list. */
const toolSets = new WeakMap<readonly string[], ReadonlySet<string>>();

function toolSet(toolNames: readonly string[]): ReadonlySet<string> {
  let set = toolSets.get(toolNames);
  if (set === undefined) toolSets.set(toolNames, set = new Set(toolNames));
  return set;
}

/**
 * The text with each list of tool names joined by `/` written as separate names: every part of
 * `create_issue/update_issue` is a tool name of the contract, and the word no tool's own name, so it
 * names both tools (and `create_issue, update_issue` names the same). A word with a part that is no
 * tool name (`github/search_code` beside the tool `search_code`) stays whole.
 */
function listsSplit(text: string, toolNames: readonly string[]): string {
  if (!text.includes("/") || toolNames.length === 0) return text;
  const tools = toolSet(toolNames);
  return text.replace(/[\p{L}\p{N}_]+(?:[-./][\p{L}\p{N}_]+)*/gu, (word) => {
    if (!word.includes("/") || tools.has(word)) return word;
    const parts = word.split("/");
    return parts.every((part) => tools.has(part)) ? parts.join(", ") : word;
  });
}

/**
 * The words of a text, a tool name's `-`, `.` and `/` kept inside them (`get-user`, `fs.read`,
 * `github/search_code`).
 */
function words(text: string): string[] {
  return text.match(/[\p{L}\p{N}_]+(?:[-./][\p{L}\p{N}_]+)*/gu) ?? [];
}

/** Cells of the word alignment beyond which no runs are found (a pair of long texts). */
const MAX_CELLS = 4_000_000;
