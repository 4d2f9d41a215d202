import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { checkInputs } from "../../scripts/_check_cache.ts";
import {
  busyGroups,
  COMPUTING_APART,
  failedCases,
  groupFiles,
  groupModule,
  junitNames,
  junitSeconds,
  longestFirst,
  readSeconds,
  repeatedCases,
  splitWaiting,
  STARTING_PROCESSES,
  testFiles,
  WAITING_FILES,
  waitingGroups,
} from "../../scripts/_test_files.ts";
import { ROOT } from "../helpers.ts";

Deno.test("testFiles() lists the test files under a directory, sorted, without fixtures", () => {
  const files = testFiles(join(ROOT, "tests"));
  assert.ok(files.includes(join(ROOT, "tests", "scripts", "test_order_test.ts")));
  assert.ok(files.some((f) => f.startsWith(join(ROOT, "tests", "e2e") + "/")));
  assert.ok(files.every((f) => f.endsWith("_test.ts") && !f.includes("/fixtures/")));
  assert.deepEqual(testFiles(join(ROOT, "tests", "fixtures")), []);
});

Deno.test("junitSeconds() sums the times of each file's tests from deno test's JUnit report", () => {
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<testsuites name="deno test" tests="3" failures="0" errors="0" time="2.5">
    <testsuite name="./tests/a_test.ts" tests="2" disabled="0" errors="0" failures="0">
        <testcase name="one &quot;x&quot;" classname="./tests/a_test.ts" time="1.250" line="3" col="6">
        </testcase>
        <testcase name="two" classname="./tests/a_test.ts" time="0.500" line="9" col="6">
        </testcase>
    </testsuite>
    <testsuite name="./core/b.ts#3-9.ts" tests="1" disabled="0" errors="0" failures="0">
        <testcase name="./core/b.ts#3-9.ts" classname="./core/b.ts#3-9.ts" time="0.001" line="1" col="1">
        </testcase>
    </testsuite>
</testsuites>`;
  assert.deepEqual(junitSeconds(xml), { "./tests/a_test.ts": 1.75, "./core/b.ts#3-9.ts": 0.001 });
});

Deno.test("longestFirst() starts the longest files first, unknown end-to-end files before them", () => {
  const files = ["a_test.ts", "b_test.ts", "e2e/c_test.ts", "d_test.ts", "e2e/e_test.ts"].map(
    (f) => `/r/tests/${f}`,
  );
  const seconds = { "./tests/a_test.ts": 2, "./tests/b_test.ts": 5, "./tests/e2e/e_test.ts": 1 };
  assert.deepEqual(longestFirst(files, "/r", seconds), [
    "/r/tests/e2e/c_test.ts",
    "/r/tests/b_test.ts",
    "/r/tests/a_test.ts",
    "/r/tests/e2e/e_test.ts",
    "/r/tests/d_test.ts",
  ]);
  // Without a record: the end-to-end files first, each group in the order given.
  assert.deepEqual(longestFirst(files, "/r", {}), [
    "/r/tests/e2e/c_test.ts",
    "/r/tests/e2e/e_test.ts",
    "/r/tests/a_test.ts",
    "/r/tests/b_test.ts",
    "/r/tests/d_test.ts",
  ]);
});

Deno.test("groupFiles() packs the files into groups of about equal time, each in the given order", () => {
  const files = ["a", "b", "c", "d", "e2e/e", "e2e/f"].map((f) => `/r/tests/${f}_test.ts`);
  const seconds = {
    "./tests/a_test.ts": 6,
    "./tests/b_test.ts": 1,
    "./tests/c_test.ts": 3,
    "./tests/d_test.ts": 2,
    "./tests/e2e/e_test.ts": 4,
  };
  // f, unknown, counts as the mean of the timed end-to-end files (4). Longest first, each to the
  // group with the least time so far (the first of equals): a 6 + b 1 | e 4 + c 3 | f 4 + d 2.
  assert.deepEqual(groupFiles(files, "/r", seconds, 3), [
    ["/r/tests/a_test.ts", "/r/tests/b_test.ts"],
    ["/r/tests/c_test.ts", "/r/tests/e2e/e_test.ts"],
    ["/r/tests/d_test.ts", "/r/tests/e2e/f_test.ts"],
  ]);
  // Without a record: 8 s for an end-to-end file, 1 s for another; never an empty group.
  assert.deepEqual(groupFiles(files.slice(3), "/r", {}, 2), [
    ["/r/tests/d_test.ts", "/r/tests/e2e/e_test.ts"],
    ["/r/tests/e2e/f_test.ts"],
  ]);
  assert.deepEqual(groupFiles(files.slice(0, 1), "/r", {}, 4), [["/r/tests/a_test.ts"]]);
  assert.deepEqual(groupFiles([], "/r", {}, 4), []);
  const all = groupFiles(files, "/r", seconds, 4).flat().sort();
  assert.deepEqual(all, [...files].sort());
});

Deno.test("busyGroups() runs the files that compute in one group, the files that start processes in the others", () => {
  const files = ["core/a", "e2e/b", "rules/c", "reporters/d", "action", "cli/heap", "cli/e"]
    .map((f) => `/r/tests/${f}_test.ts`);
  const seconds = {
    "./tests/e2e/b_test.ts": 5,
    "./tests/reporters/d_test.ts": 3,
    "./tests/action_test.ts": 2,
    "./tests/cli/heap_test.ts": 1,
  };
  // Those that compute keep the given order; the others are packed as groupFiles() packs them:
  // b 5 | d 3 + action 2 | then heap 1 to the first of equals.
  assert.deepEqual(busyGroups(files, "/r", seconds, 3), [
    ["/r/tests/core/a_test.ts", "/r/tests/rules/c_test.ts", "/r/tests/cli/e_test.ts"],
    ["/r/tests/e2e/b_test.ts", "/r/tests/cli/heap_test.ts"],
    ["/r/tests/reporters/d_test.ts", "/r/tests/action_test.ts"],
  ]);
  // One worker, or files of one kind only: packed as groupFiles() packs them.
  assert.deepEqual(busyGroups(files, "/r", seconds, 1), groupFiles(files, "/r", seconds, 1));
  const computing = [files[0]!, files[2]!];
  assert.deepEqual(busyGroups(computing, "/r", {}, 4), groupFiles(computing, "/r", {}, 4));
  const starting = [files[1]!, files[3]!];
  assert.deepEqual(busyGroups(starting, "/r", seconds, 4), groupFiles(starting, "/r", seconds, 4));
  // Four workers, and none of COMPUTING_APART: those that compute still share one.
  assert.deepEqual(busyGroups(files, "/r", seconds, 4), [
    ["/r/tests/core/a_test.ts", "/r/tests/rules/c_test.ts", "/r/tests/cli/e_test.ts"],
    ["/r/tests/e2e/b_test.ts"],
    ["/r/tests/reporters/d_test.ts"],
    ["/r/tests/action_test.ts", "/r/tests/cli/heap_test.ts"],
  ]);
});

Deno.test("busyGroups() runs the schema differ's files apart from the other files that compute, with four workers or more", () => {
  const files = ["core/schema/a", "e2e/b", "core/c", "core/schema/d", "reporters/e", "rules/f"]
    .map((f) => `/r/tests/${f}_test.ts`);
  const seconds = { "./tests/e2e/b_test.ts": 5, "./tests/reporters/e_test.ts": 3 };
  assert.deepEqual(busyGroups(files, "/r", seconds, 4), [
    ["/r/tests/core/schema/a_test.ts", "/r/tests/core/schema/d_test.ts"],
    ["/r/tests/core/c_test.ts", "/r/tests/rules/f_test.ts"],
    ["/r/tests/e2e/b_test.ts"],
    ["/r/tests/reporters/e_test.ts"],
  ]);
  assert.deepEqual(busyGroups(files, "/r", seconds, 5), [
    ["/r/tests/core/schema/a_test.ts", "/r/tests/core/schema/d_test.ts"],
    ["/r/tests/core/c_test.ts", "/r/tests/rules/f_test.ts"],
    ["/r/tests/e2e/b_test.ts"],
    ["/r/tests/reporters/e_test.ts"],
  ]);
  // Three workers: every file that computes in the first.
  assert.deepEqual(busyGroups(files, "/r", seconds, 3), [
    [files[0]!, files[2]!, files[3]!, files[5]!],
    ["/r/tests/e2e/b_test.ts"],
    ["/r/tests/reporters/e_test.ts"],
  ]);
  // Only the schema differ's files compute: they share one worker.
  const schemaOnly = [files[0]!, files[1]!, files[3]!, files[4]!];
  assert.deepEqual(busyGroups(schemaOnly, "/r", seconds, 4)[0], [files[0]!, files[3]!]);
  for (const count of [3, 4, 5]) {
    assert.deepEqual(busyGroups(files, "/r", seconds, count).flat().sort(), [...files].sort());
  }
});

Deno.test("STARTING_PROCESSES and COMPUTING_APART name directories and test files that exist", () => {
  const files = testFiles(join(ROOT, "tests")).map((f) => `./${f.slice(ROOT.length + 1)}`);
  for (const entry of [...STARTING_PROCESSES, ...COMPUTING_APART]) {
    assert.ok(
      entry.endsWith("/") ? files.some((f) => f.startsWith(entry)) : files.includes(entry),
      entry,
    );
  }
  // The files apart are files that compute.
  for (const entry of COMPUTING_APART) {
    assert.ok(!STARTING_PROCESSES.some((starting) => entry.startsWith(starting)), entry);
  }
});

Deno.test("waitingGroups() packs the waiting files into as few groups as none outlasts the longest file", () => {
  const files = ["a", "b", "c", "d", "e"].map((f) => `/r/tests/e2e/${f}_test.ts`);
  const seconds = {
    "./tests/e2e/a_test.ts": 20,
    "./tests/e2e/b_test.ts": 12,
    "./tests/e2e/c_test.ts": 9,
    "./tests/e2e/d_test.ts": 7,
    "./tests/e2e/e_test.ts": 3,
  };
  // Two groups: a 20 | b 12 + c 9 = 21, over 20. Three: a 20 | b 12 + e 3 | c 9 + d 7.
  assert.deepEqual(waitingGroups(files, "/r", seconds), [
    ["/r/tests/e2e/a_test.ts"],
    ["/r/tests/e2e/b_test.ts", "/r/tests/e2e/e_test.ts"],
    ["/r/tests/e2e/c_test.ts", "/r/tests/e2e/d_test.ts"],
  ]);
  // Equal times (as without a record: each counts 8 s) cannot share a group.
  assert.deepEqual(waitingGroups(files.slice(0, 3), "/r", {}), files.slice(0, 3).map((f) => [f]));
  assert.deepEqual(waitingGroups(files.slice(0, 1), "/r", seconds), [[files[0]]]);
  assert.deepEqual(waitingGroups([], "/r", seconds), []);
});

Deno.test("groupModule() imports each file by its URL", () => {
  assert.equal(
    groupModule(["/r/tests/a_test.ts", "/r/tests/b c_test.ts"]).split("\n").slice(1).join("\n"),
    'import "file:///r/tests/a_test.ts";\nimport "file:///r/tests/b%20c_test.ts";\n',
  );
});

Deno.test("repeatedCases() and junitNames() read the tests of a JUnit report", () => {
  const xml = `<testsuites>
    <testcase name="one &quot;x&quot;" classname="./tests/a_test.ts" time="1.250" line="3" col="6">
    </testcase>
    <testcase name="two" classname="./tests/a_test.ts" time="0.5" line="9" col="6"></testcase>
    <testcase name="one &quot;x&quot;" classname="./tests/a_test.ts" time="1.0" line="3" col="6">
    </testcase>
    <testcase name="two" classname="./tests/b_test.ts" time="0.5" line="9" col="6"></testcase>
</testsuites>`;
  assert.deepEqual(repeatedCases(xml), ['./tests/a_test.ts:3 one "x"']);
  assert.deepEqual(junitNames(xml, "./tests/a_test.ts"), ['one "x"', "two", 'one "x"']);
  assert.deepEqual(junitNames(xml, "./tests/c_test.ts"), []);
});

Deno.test("failedCases() names each test deno test reported failed, with what it said", () => {
  const dir = mkdtempSync(join(tmpdir(), "proxar-failed-cases-"));
  try {
    writeFileSync(
      join(dir, "a_test.ts"),
      [
        'Deno.test("fails <here>", () => { throw new Error("boom & bust\\nsecond line"); });',
        'Deno.test("passes", () => {});',
        'Deno.test("steps", async (t) => { await t.step("inner", () => { throw new Error("in"); }); });',
        "",
      ].join("\n"),
    );
    const report = join(dir, "report.xml");
    try {
      execFileSync(Deno.execPath(), ["test", "--no-check", `--junit-path=${report}`, "a_test.ts"], {
        cwd: dir,
        stdio: "ignore",
      });
    } catch { /* the run fails, as it should */ }
    const failed = failedCases(readFileSync(report, "utf8"));
    assert.deepEqual(failed.map((f) => f.test), [
      "./a_test.ts:1 fails <here>",
      "./a_test.ts:3 steps",
      "./a_test.ts:3 steps > inner",
    ]);
    assert.match(failed[0]!.failure, /^Error: boom & bust\nsecond line\n/);
    assert.match(failed[2]!.failure, /^Error: in\n/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

Deno.test("splitWaiting() takes the files that mostly wait out of the order, which it keeps", () => {
  const files = ["a_test.ts", "e2e/live_faults_test.ts", "b_test.ts", "e2e/proxy_drift_test.ts"]
    .map((f) => `/r/tests/${f}`);
  assert.deepEqual(splitWaiting(files, "/r"), {
    waiting: ["/r/tests/e2e/live_faults_test.ts", "/r/tests/e2e/proxy_drift_test.ts"],
    busy: ["/r/tests/a_test.ts", "/r/tests/b_test.ts"],
  });
});

Deno.test("scripts/test_seconds.json times test files in seconds, end-to-end and others", () => {
  const seconds = readSeconds(join(ROOT, "scripts", "test_seconds.json"));
  const files = Object.keys(seconds);
  assert.ok(files.some((f) => f.startsWith("./tests/e2e/")), "an end-to-end file");
  assert.ok(files.some((f) => !f.startsWith("./tests/e2e/")), "another file");
  for (const [file, time] of Object.entries(seconds)) {
    assert.match(file, /^\.\/tests\/.+_test\.ts$/);
    assert.ok(typeof time === "number" && time >= 0, `${file}: ${time}`);
  }
});

Deno.test("WAITING_FILES names test files that exist, so none is left running with the rest", () => {
  const files = testFiles(join(ROOT, "tests")).map((f) => `./${f.slice(ROOT.length + 1)}`);
  assert.ok(WAITING_FILES.length > 0);
  for (const file of WAITING_FILES) assert.ok(files.includes(file), file);
});

Deno.test("checkInputs() changes with any file git sees and with the installed packages, not with ignored files", () => {
  const dir = mkdtempSync(join(tmpdir(), "proxar-check-inputs-"));
  try {
    const git = (...args: string[]) => execFileSync("git", args, { cwd: dir, stdio: "ignore" });
    git("init", "-q");
    writeFileSync(join(dir, ".gitignore"), "dist/\nnode_modules/\n");
    writeFileSync(join(dir, "a.ts"), "export const a = 1;\n");
    git("add", "-A");
    const base = checkInputs(dir, ["check"]);
    assert.match(base ?? "", /^[0-9a-f]{64}$/);
    assert.equal(checkInputs(dir, ["check"]), base);
    assert.notEqual(checkInputs(dir, ["check", "--doc"]), base);
    mkdirSync(join(dir, "dist"));
    writeFileSync(join(dir, "dist", "x.ts"), "ignored");
    assert.equal(checkInputs(dir, ["check"]), base);
    writeFileSync(join(dir, "a.ts"), "export const a = 2;\n");
    const edited = checkInputs(dir, ["check"]);
    assert.notEqual(edited, base);
    writeFileSync(join(dir, "b.ts"), "export const b = 1;\n");
    const added = checkInputs(dir, ["check"]);
    assert.notEqual(added, edited);
    mkdirSync(join(dir, "node_modules"));
    writeFileSync(join(dir, "node_modules", ".package-lock.json"), "{}");
    assert.notEqual(checkInputs(dir, ["check"]), added);
    rmSync(join(dir, ".git"), { recursive: true });
    assert.equal(checkInputs(dir, ["check"]), undefined);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
