/**
 * A reader for the plain block-style YAML that configuration files are written in: mappings and
 * sequences by indentation, one-line plain and quoted scalars, comments. It gives the same values
 * and the same places as the `yaml` package on that subset, at a small fraction of the cost to load
 * and to run (in a compiled binary, `yaml` took about 10 ms of a 75 ms demo diff). Any text outside
 * the subset (flow collections, anchors, aliases, tags, block scalars, escapes, scalars over
 * several lines, duplicate or merge keys, tabs, documents markers, nesting deeper than
 * {@link MAX_DEPTH}, anything doubtful) gives
 * `undefined`, and the caller reads it with `yaml`, which also words every syntax error.
 * @module
 */

/** A value read, with the places of its parts. */
export interface SimpleYaml {
  /** The value as `yaml`'s `toJS()` gives it; `null` for an empty document. */
  value: unknown;
  /**
   * Where the node at `tokens` starts, as a character offset: a mapping's entry by key, a
   * sequence's by index; with `key`, the last token's key itself. Where a token names nothing,
   * the place of the last node found (the start for none).
   */
  offsetOf(tokens: readonly (string | number)[], key?: boolean): number;
}

/** One node's start and its children's. */
interface Place {
  start: number;
  /** A mapping's entries: where each key starts, and its value's place. */
  entries?: Map<string, { key: number; value: Place | undefined }>;
  /** A sequence's items. */
  items?: Place[];
}

/** A line with content: its indentation and where its content starts and ends. */
interface Line {
  indent: number;
  start: number;
  end: number;
}

/**
 * The deepest nesting of mappings and sequences read: a configuration nests five or six deep.
 * Deeper text is `yaml`'s, which words what it makes of it; the reader's recursion would otherwise
 * overflow the stack (a mapping 4,000 deep, 8 MB, under Deno) and end in an internal error where
 * `yaml` reports a syntax error.
 */
export const MAX_DEPTH = 64;

/** Thrown inside the reader when the text leaves the subset. */
class Outside extends Error {}

function outside(): never {
  throw new Outside();
}

/**
 * Reads `text` when it keeps to the subset; `undefined` otherwise.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { readSimpleYaml } from "./simple_yaml.ts";
 * const read = readSimpleYaml("ignore:\n  - rule: tool.removed # why\n");
 * assert.deepEqual(read?.value, { ignore: [{ rule: "tool.removed" }] });
 * assert.equal(read?.offsetOf(["ignore", 0]), 12);
 * assert.equal(readSimpleYaml("tags: [a, b]\n"), undefined);
 * ```
 */
export function readSimpleYaml(text: string): SimpleYaml | undefined {
  // Tabs, carriage returns, other control characters, a byte order mark, and the characters
  // YAML reads as line breaks besides \n: all outside.
  // deno-lint-ignore no-control-regex
  if (/[\0-\x09\x0b-\x1f\x7f-\x9f\ufeff\u2028\u2029]/.test(text)) return undefined;
  const lines = contentLines(text);
  if (lines === undefined) return undefined;
  try {
    const reader = new Reader(text, lines);
    const root = reader.document();
    return {
      value: root?.value ?? null,
      offsetOf: (tokens, key = false) => offsetOf(root?.place, tokens, key),
    };
  } catch (error) {
    if (error instanceof Outside) return undefined;
    throw error;
  }
}

/** The lines holding something other than a comment; undefined at a directive or document marker. */
function contentLines(text: string): Line[] | undefined {
  const lines: Line[] = [];
  let start = 0;
  while (start <= text.length) {
    let end = text.indexOf("\n", start);
    if (end === -1) end = text.length;
    let first = start;
    while (first < end && text[first] === " ") first++;
    if (first < end && text[first] !== "#") {
      if (first === start && /^(?:%|---|\.\.\.)/.test(text.slice(start, start + 3))) {
        return undefined;
      }
      let last = end;
      while (text[last - 1] === " ") last--;
      lines.push({ indent: first - start, start: first, end: last });
    }
    start = end + 1;
  }
  return lines;
}

function offsetOf(
  root: Place | undefined,
  tokens: readonly (string | number)[],
  key: boolean,
): number {
  let node = root;
  let offset = 0;
  for (const [index, token] of tokens.entries()) {
    if (node?.entries) {
      const entry = node.entries.get(String(token));
      if (!entry) break;
      if (key && index === tokens.length - 1) return entry.key;
      node = entry.value;
      offset = entry.value?.start ?? entry.key;
    } else if (node?.items) {
      const item = node.items[Number(token)];
      if (!item) break;
      node = item;
      offset = item.start;
    } else break;
  }
  return offset;
}

interface Read {
  value: unknown;
  place: Place;
}

/** YAML 1.2's core schema, as `yaml` resolves plain scalars with it. */
const NULL = /^(?:~|[Nn]ull|NULL)?$/;
const TRUE = /^(?:[Tt]rue|TRUE)$/;
const FALSE = /^(?:[Ff]alse|FALSE)$/;
const INT = /^[-+]?[0-9]+$/;
const OCT = /^0o[0-7]+$/;
const HEX = /^0x[0-9a-fA-F]+$/;
const FLOAT = /^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$/;
const FLOAT_EXP = /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$/;
const FLOAT_SPECIAL = /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/;

function resolvePlain(text: string): unknown {
  if (NULL.test(text)) return null;
  if (TRUE.test(text)) return true;
  if (FALSE.test(text)) return false;
  if (OCT.test(text)) return parseInt(text.slice(2), 8);
  if (INT.test(text)) return parseInt(text, 10);
  if (HEX.test(text)) return parseInt(text.slice(2), 16);
  if (FLOAT_SPECIAL.test(text)) {
    return text.endsWith("nan") || text.endsWith("NaN") || text.endsWith("NAN")
      ? NaN
      : text.startsWith("-")
      ? -Infinity
      : Infinity;
  }
  if (FLOAT_EXP.test(text) || FLOAT.test(text)) return parseFloat(text);
  return text;
}

/** Characters a plain scalar cannot start with (`-` is one followed by a space). */
const INDICATOR = /^[[\]{},#&*!|>'"%@`?:]/;

/**
 * Reads the lines from the first: each block reads the lines indented exactly as its first, so a
 * line indented otherwise (a scalar's continuation, a stray indentation) is read by no block, and
 * the document, which must read every line, is outside the subset.
 */
class Reader {
  #i = 0;
  /** How many mappings and sequences the current line is in. */
  #depth = 0;
  constructor(readonly text: string, readonly lines: Line[]) {}

  document(): Read | undefined {
    const first = this.lines[0];
    if (first === undefined) return undefined;
    if (first.indent !== 0) outside();
    const read = this.#node(0);
    if (this.#i !== this.lines.length) outside();
    return read;
  }

  /** The block node whose first line is the current one, indented `indent`. */
  #node(indent: number): Read {
    const line = this.lines[this.#i]!;
    return this.#isItem(line) ? this.#sequence(indent) : this.#mapping(indent);
  }

  #isItem(line: Line): boolean {
    return this.text[line.start] === "-" &&
      (line.start + 1 === line.end || this.text[line.start + 1] === " ");
  }

  #sequence(indent: number): Read {
    if (++this.#depth > MAX_DEPTH) outside();
    const value: unknown[] = [];
    const items: Place[] = [];
    const start = this.lines[this.#i]!.start;
    for (let line = this.lines[this.#i]; line?.indent === indent; line = this.lines[this.#i]) {
      if (!this.#isItem(line)) break;
      let first = line.start + 1;
      while (first < line.end && this.text[first] === " ") first++;
      let item: Read;
      if (first === line.end) {
        // `-` alone: the item is on the lines below, indented more, or empty.
        this.#i++;
        const next = this.lines[this.#i];
        if (next !== undefined && next.indent > indent) item = this.#node(next.indent);
        else outside();
      } else if (this.text[first] === "#") {
        outside();
      } else {
        // `- rest`: the rest is read as a line of its own, indented to where it starts.
        const column = first - (line.start - line.indent);
        this.lines[this.#i] = { indent: column, start: first, end: line.end };
        if (this.#isItem(this.lines[this.#i]!)) outside();
        item = this.#keyAt(this.lines[this.#i]!) === undefined
          ? this.#lastScalar(first, line.end)
          : this.#mapping(column);
      }
      value.push(item.value);
      items.push(item.place);
    }
    this.#depth--;
    return { value, place: { start, items } };
  }

  #mapping(indent: number): Read {
    if (++this.#depth > MAX_DEPTH) outside();
    const value: Record<string, unknown> = {};
    const entries = new Map<string, { key: number; value: Place | undefined }>();
    const start = this.lines[this.#i]!.start;
    for (let line = this.lines[this.#i]; line?.indent === indent; line = this.lines[this.#i]) {
      if (this.#isItem(line)) break;
      const key = this.#keyAt(line) ?? outside();
      if (entries.has(key.name) || key.name === "<<" || key.name === "__proto__") outside();
      let first = key.after;
      while (first < line.end && this.text[first] === " ") first++;
      let read: Read | undefined;
      if (first === line.end || this.text[first] === "#") {
        this.#i++;
        const next = this.lines[this.#i];
        if (next !== undefined && next.indent > indent) read = this.#node(next.indent);
        else if (next !== undefined && next.indent === indent && this.#isItem(next)) {
          read = this.#sequence(indent);
        }
      } else {
        read = this.#lastScalar(first, line.end);
      }
      value[key.name] = read === undefined ? null : read.value;
      entries.set(key.name, { key: key.start, value: read?.place });
    }
    this.#depth--;
    return { value, place: { start, entries } };
  }

  /** The key a line starts with, when it is `key:` followed by a space or the line's end. */
  #keyAt(line: Line): { name: string; start: number; after: number } | undefined {
    const { text } = this;
    let name: string;
    let colon: number;
    if (text[line.start] === "'" || text[line.start] === '"') {
      const quoted = this.#quoted(line.start, line.end);
      if (quoted === undefined) return undefined;
      name = quoted.value;
      colon = quoted.end;
    } else {
      colon = line.start;
      for (;;) {
        colon = text.indexOf(":", colon + 1);
        if (colon === -1 || colon >= line.end) return undefined;
        if (colon + 1 === line.end || text[colon + 1] === " ") break;
      }
      const plain = text.slice(line.start, colon);
      if (!this.#isPlain(plain) || plain.endsWith(" ")) outside();
      if (typeof resolvePlain(plain) !== "string") outside();
      name = plain;
    }
    if (text[colon] !== ":" || (colon + 1 < line.end && text[colon + 1] !== " ")) {
      return undefined;
    }
    if (colon - line.start > 1024) outside();
    return { name, start: line.start, after: colon + 1 };
  }

  /** The scalar from `start` to the end of its line, its comment aside. */
  #lastScalar(start: number, end: number): Read {
    const { text } = this;
    let value: unknown;
    if (text[start] === "'" || text[start] === '"') {
      const quoted = this.#quoted(start, end) ?? outside();
      let rest = quoted.end;
      while (rest < end && text[rest] === " ") rest++;
      if (rest < end && (text[rest] !== "#" || rest === quoted.end)) outside();
      value = quoted.value;
    } else {
      const comment = text.slice(start, end).search(/ #/);
      let plain = comment === -1 ? text.slice(start, end) : text.slice(start, start + comment);
      plain = plain.replace(/ +$/, "");
      if (!this.#isPlain(plain) || / :|: |:$/.test(plain)) outside();
      value = resolvePlain(plain);
    }
    this.#i++;
    return { value, place: { start } };
  }

  /** Whether `text` may stand as a plain scalar on one line. */
  #isPlain(text: string): boolean {
    if (text === "" || INDICATOR.test(text) || text.includes(" #")) return false;
    return !/^-(?: |$)/.test(text);
  }

  /** A quoted scalar on one line from `start`: its value and the offset after it. */
  #quoted(start: number, end: number): { value: string; end: number } | undefined {
    const { text } = this;
    const quote = text[start];
    let value = "";
    for (let at = start + 1; at < end; at++) {
      const char = text[at]!;
      if (quote === '"' && char === "\\") return undefined;
      if (char !== quote) {
        value += char;
        continue;
      }
      if (quote === "'" && text[at + 1] === "'") {
        value += "'";
        at++;
        continue;
      }
      return { value, end: at + 1 };
    }
    return undefined;
  }
}
