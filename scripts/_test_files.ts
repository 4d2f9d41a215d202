/**
 * The project's test files, and how `npm test` runs them: the files that mostly wait apart, the
 * others packed into groups of about equal time, by the time each took in the last full run.
 * @module
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { pathToFileURL } from "node:url";

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
 * third of their wall time: `deno run -A scripts/profile_tests.ts tests/e2e tests/plugins`). `npm test` runs
 * them in slots of their own beside the other files, so their waiting holds no slot that a file
 * which computes could use. Paths from the root, as {@link junitSeconds} keys them.
 */
export const WAITING_FILES: readonly string[] = [
  "./tests/e2e/live_faults_test.ts",
  "./tests/e2e/proxy_drift_test.ts",
  "./tests/e2e/proxy_faults_test.ts",
  "./tests/e2e/proxy_hardening_test.ts",
  "./tests/e2e/proxy_listen_stdio_test.ts",
  // Webhooks that never answer and proxies' bounded ways out: 3.8 s of CPU time in 25 s.
  "./tests/e2e/proxy_webhook_test.ts",
  // The plugin host's time limits (2 s each) and restarts: 2.0 s of CPU time in 15.3 s.
  "./tests/plugins/host_test.ts",
];

/**
 * The test files that start processes (servers, `proxar`, validators, browsers, `npm`) and wait
 * for them, by directory or file from the root; every other file computes in the test process
 * (the engine, the rules, the CLI's `main()`). `npm test` runs all those that
 * compute in one worker: V8 compiles the engine's hot functions once per worker, and with them
 * packed into four workers as the others are, `tests/core/schema` alone took 27 s of CPU time
 * instead of 21 (median of 3, load 3-7), and `npm test` 103 s instead of 87 (3 runs alternated,
 * load 6-12).
 */
export const STARTING_PROCESSES: readonly string[] = [
  "./tests/e2e/",
  "./tests/plugins/",
  "./tests/reporters/",
  "./tests/scripts/",
  "./tests/action_test.ts",
  "./tests/cli/heap_test.ts",
  "./tests/cli_startup_test.ts",
];

/** Whether `file` (an absolute path under `root`) is one of {@link STARTING_PROCESSES}. */
function startsProcesses(file: string, root: string): boolean {
  return isUnder(file, root, STARTING_PROCESSES);
}

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

/** XML text with its five entities replaced by what they stand for. */
function unescapeXml(text: string): string {
  return text.replaceAll("&quot;", '"').replaceAll("&apos;", "'").replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">").replaceAll("&amp;", "&");
}

/** The attributes of each test case of a JUnit report, values unescaped. */
function testCases(xml: string): Record<string, string>[] {
  return [...xml.matchAll(/<testcase\b([^>]*)>/g)].map((m) =>
    Object.fromEntries(
      [...m[1]!.matchAll(/\b(\w+)="([^"]*)"/g)].map(([, name, value]) => [
        name!,
        unescapeXml(value!),
      ]),
    )
  );
}

/**
 * The tests that failed in a JUnit report of `deno test --junit-path`, each as
 * `./tests/a_test.ts:3 name` and what the failure said (message and stack, unescaped), in the
 * report's order.
 */
export function failedCases(xml: string): { test: string; failure: string }[] {
  const cases = xml.matchAll(/<testcase\b([^>]*)>([\s\S]*?)<\/testcase>/g);
  return [...cases].flatMap((m) => {
    const failure = /<failure\b[^>]*>([\s\S]*?)<\/failure>/.exec(m[2]!);
    if (!failure) return [];
    const attributes = testCases(`<testcase${m[1]}>`)[0]!;
    return [{
      test: `${attributes.classname}:${attributes.line} ${attributes.name}`,
      failure: unescapeXml(failure[1]!),
    }];
  });
}

/**
 * The tests that a JUnit report of `deno test --junit-path` lists more than once (by file, line
 * and name), as `./tests/a_test.ts:3 name`, sorted.
 */
export function repeatedCases(xml: string): string[] {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const test of testCases(xml)) {
    const key = `${test.classname}:${test.line} ${test.name}`;
    if (seen.has(key)) twice.add(key);
    seen.add(key);
  }
  return [...twice].sort();
}

/** The names of the tests of `file` (`./tests/a_test.ts`) in a JUnit report. */
export function junitNames(xml: string, file: string): string[] {
  return testCases(xml).filter((test) => test.classname === file).map((test) => test.name ?? "");
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

/**
 * The time each of `files` (absolute paths under `root`) is expected to take, by `seconds` (keyed
 * as {@link junitSeconds} keys them). A file without a time counts as long as the files of its
 * kind (under `tests/e2e/` or not) took on average, or, with no such file timed (a first run),
 * 8 s under `tests/e2e/` and 1 s elsewhere.
 */
function expectedSeconds(
  files: readonly string[],
  root: string,
  seconds: Readonly<Record<string, number>>,
): number[] {
  const key = (file: string) => `./${relative(root, file)}`;
  const isE2e = (file: string) => key(file).startsWith("./tests/e2e/");
  const known = (e2e: boolean) =>
    files.filter((f) => isE2e(f) === e2e && Object.hasOwn(seconds, key(f))).map((f) =>
      seconds[key(f)]!
    );
  const mean = (e2e: boolean, otherwise: number) => {
    const times = known(e2e);
    return times.length === 0 ? otherwise : times.reduce((a, b) => a + b, 0) / times.length;
  };
  const unknown = { e2e: mean(true, 8), other: mean(false, 1) };
  return files.map((file) =>
    Object.hasOwn(seconds, key(file))
      ? seconds[key(file)]!
      : isE2e(file)
      ? unknown.e2e
      : unknown.other
  );
}

/** `files` packed by their `costs` into at most `count` groups of about equal time, with it. */
function pack(
  files: readonly string[],
  costs: readonly number[],
  count: number,
): { time: number; files: string[] }[] {
  const groups = Array.from({ length: Math.max(1, Math.min(count, files.length)) }, () => ({
    time: 0,
    members: [] as number[],
  }));
  const byCost = costs.map((cost, index) => ({ index, cost }))
    .sort((a, b) => b.cost - a.cost || a.index - b.index);
  for (const { index, cost } of byCost) {
    const least = groups.reduce((a, b) => (b.time < a.time ? b : a));
    least.members.push(index);
    least.time += cost;
  }
  return groups.filter((g) => g.members.length > 0)
    .map((g) => ({ time: g.time, files: g.members.sort((a, b) => a - b).map((i) => files[i]!) }));
}

/**
 * `files` (absolute paths under `root`) packed into at most `count` groups of about equal time,
 * by `seconds` (keyed as {@link junitSeconds} keys them): the longest file goes to the group
 * with the least time so far, and so on. `npm test` runs each group in one test worker, the files
 * one after another, as Deno runs the tests of one file: every worker costs Deno about 0.3 s of
 * CPU time to start and to load the modules its tests share (the engine, the CLI, the MCP SDK),
 * which one worker per file paid a hundred times over.
 *
 * A file without a time counts as {@link expectedSeconds} says. Each group keeps the order of
 * `files`; no group is empty.
 */
export function groupFiles(
  files: readonly string[],
  root: string,
  seconds: Readonly<Record<string, number>>,
  count: number,
): string[][] {
  return pack(files, expectedSeconds(files, root, seconds), count).map((g) => g.files);
}

/**
 * The files that compute that `npm test` runs in a worker of their own beside the other files
 * that compute, when it has four workers or more: the schema differ's tests (by directory from
 * the root). With every file that computes in one worker, that worker ran alone at the end of the
 * run for 15 to 50 s while the other core idled (51 s of CPU time, the workers of the files that
 * start processes 14-19 s each); the schema differ's tests take about half of it (25 s) and share
 * little of the code V8 compiles with the other half (21 s), so the two halves in two workers took
 * no more CPU time than the whole in one (47 s against 51, at load 4-5).
 */
export const COMPUTING_APART: readonly string[] = ["./tests/core/schema/"];

/** Whether `file` (an absolute path under `root`) is one of `entries` (directories end in "/"). */
function isUnder(file: string, root: string, entries: readonly string[]): boolean {
  const key = `./${relative(root, file)}`;
  return entries.some((entry) => entry.endsWith("/") ? key.startsWith(entry) : key === entry);
}

/**
 * `files` (absolute paths under `root`, none of {@link WAITING_FILES}) in groups for as many
 * workers, by `count`, the workers the machine gives the tests: those that start processes (of
 * {@link STARTING_PROCESSES}) packed as {@link groupFiles} packs them into `count - 1` groups,
 * after those that compute in the test process, in the order of `files`, in one group, or, with
 * `count` four or more, in two: those of {@link COMPUTING_APART} and the others (so `count + 1`
 * groups; the workers that start processes mostly wait for them). One group, or files of one
 * kind only, are packed as {@link groupFiles} packs them into `count`. No group is empty.
 */
export function busyGroups(
  files: readonly string[],
  root: string,
  seconds: Readonly<Record<string, number>>,
  count: number,
): string[][] {
  const computing = files.filter((file) => !startsProcesses(file, root));
  const starting = files.filter((file) => startsProcesses(file, root));
  if (count < 2 || computing.length === 0 || starting.length === 0) {
    return groupFiles(files, root, seconds, count);
  }
  const apart = computing.filter((file) => isUnder(file, root, COMPUTING_APART));
  const others = computing.filter((file) => !isUnder(file, root, COMPUTING_APART));
  const split = count >= 4 && apart.length > 0 && others.length > 0;
  return [
    ...split ? [apart, others] : [computing],
    ...groupFiles(starting, root, seconds, count - 1),
  ];
}

/**
 * The files that mostly wait ({@link WAITING_FILES}; absolute paths under `root`) in as few
 * groups as hold them with no group expected to take longer than the longest file alone, by
 * `seconds` as {@link groupFiles} reads them. `npm test` runs each group in a slot of its own
 * beside the other files, so the waiting still overlaps and ends when the longest file would
 * alone, and each worker it does not start saves the CPU time a test worker costs to start and
 * to load the modules its files share (the CLI, the MCP SDK, the live-server helpers).
 */
export function waitingGroups(
  files: readonly string[],
  root: string,
  seconds: Readonly<Record<string, number>>,
): string[][] {
  const costs = expectedSeconds(files, root, seconds);
  const longest = Math.max(0, ...costs);
  for (let count = 1; count < files.length; count++) {
    const groups = pack(files, costs, count);
    if (groups.every((g) => g.time <= longest)) return groups.map((g) => g.files);
  }
  return files.map((file) => [file]);
}

/** The text of a test module that runs the test files `files` (absolute paths) in its worker. */
export function groupModule(files: readonly string[]): string {
  return [
    "// Test files that `npm test` runs in one worker (scripts/run_tests.ts); generated.",
    ...files.map((file) => `import ${JSON.stringify(pathToFileURL(file).href)};`),
    "",
  ].join("\n");
}
