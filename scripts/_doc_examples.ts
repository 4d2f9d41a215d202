/**
 * The documentation examples of the project's source files, as `deno test --doc` finds them:
 * the fenced code blocks of JavaScript or TypeScript (or of no language, in such a file) inside
 * JSDoc comments, except those marked `ignore`. `tests/doc_examples_test.ts` runs each as a test
 * of its own, all in one worker, where `deno test --doc` started a worker for each (about 0.15 s
 * of CPU time apiece). `deno check --doc` type-checks them, and `npm test` fails when the two
 * lists disagree (`scripts/run_tests.ts`).
 * @module
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

/** One documentation example. */
export interface DocExample {
  /** As Deno names it: the file from the root, then the lines of its fences (`./a.ts#3-9.ts`). */
  name: string;
  /** The file's path from the root (`core/hash.ts`). */
  file: string;
  /**
   * The example as a module: its lines where they stand in the file (the lines before it empty,
   * so a stack trace names the file's own line numbers), without the comment's `*` prefixes,
   * and its specifiers made absolute so the module runs from anywhere.
   */
  module: string;
}

/** Languages whose blocks Deno runs; a block without one takes the language of its file. */
const LANGUAGES = new Set([
  "js",
  "javascript",
  "mjs",
  "cjs",
  "jsx",
  "ts",
  "typescript",
  "mts",
  "cts",
  "tsx",
]);

/** Extensions of the files that can hold examples. */
const SOURCE = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;

/** How a bare specifier (a package's: `yaml`) resolves from the project's files. */
export type ResolveBare = (specifier: string) => string;

/**
 * `specifier` made absolute: relative to `file` (a `file:` URL), bare ones by `resolveBare`;
 * those with a scheme (`node:fs`) as they are.
 */
function absolute(specifier: string, file: URL, resolveBare: ResolveBare): string {
  if (/^\.\.?\//.test(specifier)) return new URL(specifier, file).href;
  return /^[a-z][a-z0-9+.-]*:/i.test(specifier) ? specifier : resolveBare(specifier);
}

/** The specifiers of static and dynamic imports and re-exports in `line` made absolute. */
function rewriteSpecifiers(line: string, file: URL, resolveBare: ResolveBare): string {
  const rewrite = (_: string, before: string, quote: string, specifier: string) =>
    `${before}${quote}${absolute(specifier, file, resolveBare)}${quote}`;
  return line
    // `import x from "…"`, `import "…"`, `export { x } from "…"`, `} from "…"` ending an import
    // of several lines.
    .replace(
      /^(\s*(?:(?:import|export)\b[^"']*?\bfrom|import|\}\s*from)\s*)(["'])([^"']+)\2/,
      rewrite,
    )
    .replace(/(\bimport\s*\(\s*)(["'])([^"']+)\2/g, rewrite);
}

/**
 * The examples of the source text `text` of `file` (its path from the root; `root` is the root's
 * absolute path; bare specifiers resolve by `resolveBare`, by default as they are). Throws on a
 * block that is never closed, naming the file and line.
 */
export function examplesOf(
  text: string,
  file: string,
  root: string,
  resolveBare: ResolveBare = (specifier) => specifier,
): DocExample[] {
  const url = pathToFileURL(join(root, file));
  const lines = text.split("\n");
  const examples: DocExample[] = [];
  let inComment = false;
  let block: { start: number; body: string[] } | undefined;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (!inComment) {
      const open = line.indexOf("/**");
      if (open < 0 || line.slice(open).startsWith("/**/")) continue;
      inComment = true;
      if (line.includes("*/", open + 3)) inComment = false;
      continue;
    }
    const end = line.includes("*/");
    const content = line.replace(/^\s*\*(?!\/) ?/, "");
    if (block) {
      if (/^\s*```\s*$/.test(content)) {
        const body = block.body.map((l) => rewriteSpecifiers(l, url, resolveBare));
        examples.push({
          name: `./${file}#${block.start + 1}-${i + 2}.ts`,
          file,
          module: [...Array<string>(block.start + 1).fill(""), ...body, ""].join("\n"),
        });
        block = undefined;
      } else block.body.push(end ? content.replace(/\*\/.*$/, "") : content);
    } else {
      const fence = /^\s*```(\S*)(.*)$/.exec(content);
      if (fence && !end) {
        const language = fence[1]!.toLowerCase() || "ts";
        const ignored = fence[2]!.split(/[\s,]+/).includes("ignore");
        if (LANGUAGES.has(language) && !ignored) block = { start: i, body: [] };
        else i = skipTo(lines, i);
        continue;
      }
    }
    if (end) {
      if (block) throw new Error(`${file}:${block.start + 1}: the example is not closed`);
      inComment = false;
    }
  }
  return examples;
}

/** The line of the fence that closes the block opened at line `i`, or the comment's end. */
function skipTo(lines: readonly string[], i: number): number {
  for (let j = i + 1; j < lines.length; j++) {
    const line = lines[j]!;
    if (line.includes("*/")) return j - 1;
    if (/^\s*```\s*$/.test(line.replace(/^\s*\* ?/, ""))) return j;
  }
  return lines.length;
}

/**
 * The examples of every source file under `root` that git sees (tracked, or untracked and not
 * ignored) and `deno.json` does not exclude, by file, then line.
 */
export function docExamples(root: string, resolveBare?: ResolveBare): DocExample[] {
  const config = JSON.parse(readFileSync(join(root, "deno.json"), "utf8")) as {
    exclude?: string[];
  };
  const excluded = (config.exclude ?? []).map((path) => path.replace(/\/?$/, "/"));
  const listed = execFileSync("git", ["ls-files", "-z", "-c", "-o", "--exclude-standard"], {
    cwd: root,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  const files = [...new Set(listed.split("\0"))]
    .filter((file) =>
      SOURCE.test(file) && !file.endsWith(".d.ts") &&
      !excluded.some((path) => `${file}/`.startsWith(path)) && existsSync(join(root, file))
    )
    .sort();
  return files.flatMap((file) =>
    examplesOf(readFileSync(join(root, file), "utf8"), file, root, resolveBare)
  );
}
