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
 * Test files that spend most of their time waiting, not computing: on the time limits, idle
 * sessions and shutdown grace periods they test (run alone, their CPU time was an eighth to a
 * third of their wall time: `deno run -A scripts/profile_tests.ts tests/e2e`). `npm test` runs
 * them in slots of their own beside the other files, so their waiting holds no slot that a file
 * which computes could use. Paths from the root, as {@link junitSeconds} keys them.
 */
export const WAITING_FILES: readonly string[] = [
  "./tests/e2e/live_faults_test.ts",
  "./tests/e2e/proxy_drift_test.ts",
  "./tests/e2e/proxy_faults_test.ts",
  "./tests/e2e/proxy_hardening_test.ts",
  "./tests/e2e/proxy_listen_stdio_test.ts",
];

/** `files` (absolute paths under `root`) split into those of {@link WAITING_FILES} and the rest. */
export function splitWaiting(
  files: readonly string[],
  root: string,
): { waiting: string[]; busy: string[] } {
  const waiting = new Set(WAITING_FILES);
  const isWaiting = (file: string) => waiting.has(`./${relative(root, file)}`);
  return { waiting: files.filter(isWaiting), busy: files.filter((file) => !isWaiting(file)) };
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
