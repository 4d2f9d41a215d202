/**
 * Splits the command of a `stdio:` source into words, the way a POSIX shell would for simple
 * cases: whitespace separates, single and double quotes group, a backslash escapes. Nothing is
 * expanded or run through a shell.
 * @module
 */
import { UserError } from "../core/errors.ts";

/**
 * The words of a command line.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { splitWords } from "./words.ts";
 * assert.deepEqual(splitWords(`node "my server.js" --name 'a b'`), ["node", "my server.js", "--name", "a b"]);
 * ```
 */
export function splitWords(line: string): string[] {
  const words: string[] = [];
  let word = "";
  let inWord = false;
  let quote: '"' | "'" | undefined;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quote === "'") {
      if (ch === "'") quote = undefined;
      else word += ch;
    } else if (quote === '"') {
      if (ch === '"') quote = undefined;
      else if (ch === "\\" && i + 1 < line.length && '"\\$`'.includes(line[i + 1]!)) {
        word += line[++i];
      } else word += ch;
    } else if (ch === "'" || ch === '"') {
      quote = ch;
      inWord = true;
    } else if (ch === "\\" && i + 1 < line.length) {
      word += line[++i];
      inWord = true;
    } else if (/\s/.test(ch)) {
      if (inWord) words.push(word);
      word = "";
      inWord = false;
    } else {
      word += ch;
      inWord = true;
    }
  }
  if (quote) throw new UserError(`Cannot parse the command "${line}": unterminated ${quote} quote`);
  if (inWord) words.push(word);
  return words;
}
