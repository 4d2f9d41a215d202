/**
 * The project's test files, and the order `npm test` starts them in: the longest first, by the
 * time each took in the last full run, so no long file starts near the end and leaves one core
 * working alone.
 * @module
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";

/**
 * The test files (`*_test.ts`) under `path` (a file or a directory), sorted, skipping fixtures.
 */
export function testFiles(path: string): string[] {
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path).sort().flatMap((name) => {
    const child = join(path, name);
    if (statSync(child).isDirectory()) return name === "fixtures" ? [] : testFiles(child);
    return name.endsWith("_test.ts") ? [child] : [];
  });
}

/**
 * Seconds each test file took, by its path from the root (`./tests/a_test.ts`), read from a JUnit
 * report of `deno test --junit-path`: the sum of its tests' times.
 */
export function junitSeconds(xml: string): Record<string, number> {
  const seconds: Record<string, number> = {};
  for (const m of xml.matchAll(/<testcase\b[^>]*?\bclassname="([^"]*)"[^>]*?\btime="([\d.]+)"/g)) {
    seconds[m[1]!] = (seconds[m[1]!] ?? 0) + Number(m[2]);
  }
  return seconds;
}

/**
 * `files` (absolute paths under `root`), the longest first by `seconds` (keyed as
 * {@link junitSeconds} keys them). A file without a time (a new one, or every file on a fresh
 * clone) counts as the longest when it is under `tests/e2e/`, whose files start servers and
 * processes, else as the shortest; ties keep the order of `files`.
 */
export function longestFirst(
  files: readonly string[],
  root: string,
  seconds: Readonly<Record<string, number>>,
): string[] {
  const cost = (file: string) => {
    const key = `./${relative(root, file)}`;
    if (Object.hasOwn(seconds, key)) return seconds[key]!;
    return key.startsWith("./tests/e2e/") ? Infinity : -1;
  };
  return files.map((file, index) => ({ file, index, cost: cost(file) }))
    .sort((a, b) => b.cost - a.cost || a.index - b.index)
    .map(({ file }) => file);
}

/** The times recorded in `path` by an earlier run, or none when it is missing or unreadable. */
export function readSeconds(path: string): Record<string, number> {
  try {
    const value = JSON.parse(readFileSync(path, "utf8")) as unknown;
    return typeof value === "object" && value !== null && !Array.isArray(value)
      ? value as Record<string, number>
      : {};
  } catch {
    return {};
  }
}
