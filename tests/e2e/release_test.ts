/**
 * End-to-end tests of the SemVer advice: the `release` block of the JSON report, the release
 * sentence of the text report and `server.version.bumpInsufficient`.
 */
import assert from "node:assert/strict";
import { findings, runCli } from "../helpers.ts";

async function diff(newFile: string, oldFile = "old.json", ...extra: string[]) {
  const result = await runCli([
    "diff",
    `release/${oldFile}`,
    `release/${newFile}`,
    "--format",
    "json",
    ...extra,
  ]);
  assert.equal(result.stderr, "");
  const report = JSON.parse(result.stdout);
  return { code: result.code, findings: findings(result.stdout), release: report.release };
}

const REMOVED = "tool.removed|search_issues|BREAKING";
const VERSION = "server.version.changed|server.serverInfo.version|DOCUMENTATION";
const INSUFFICIENT =
  "server.version.bumpInsufficient|server.serverInfo.version|POTENTIALLY_BREAKING";

Deno.test("proxar diff flags a breaking change shipped as a patch release", async () => {
  const r = await diff("removed_patch.json");
  assert.deepEqual(r.findings, [INSUFFICIENT, VERSION, REMOVED].sort());
  assert.deepEqual(r.release, {
    level: "major",
    old: "1.4.2",
    new: "1.4.3",
    suggested: "2.0.0",
    sufficient: false,
  });
  assert.equal(r.code, 1);
});

Deno.test("proxar diff accepts a major release, and a release candidate of it", async () => {
  for (const file of ["removed_major.json", "removed_rc.json"]) {
    const r = await diff(file);
    assert.deepEqual(r.findings, [REMOVED, VERSION].sort(), file);
    assert.equal(r.release.sufficient, true, file);
  }
});

Deno.test("proxar diff leaves an unchanged or non-SemVer version to the advice, without a finding", async () => {
  const same = await diff("removed_same.json");
  assert.deepEqual(same.findings, [REMOVED]);
  assert.equal(same.release.sufficient, false);
  const calver = await diff("removed_calver.json");
  assert.deepEqual(calver.findings, [REMOVED, VERSION].sort());
  assert.deepEqual(calver.release, {
    level: "major",
    old: "1.4.2",
    new: "2026.11",
    suggested: "2.0.0",
  });
  const fromCalver = await diff("removed_calver.json", "old_calver.json");
  assert.deepEqual(fromCalver.release, { level: "major", old: "2026.10", new: "2026.11" });
});

Deno.test("proxar diff states the release in the text report", async () => {
  const r = await runCli(["diff", "release/old.json", "release/removed_patch.json"]);
  assert.match(
    r.stdout,
    /\nRelease: the changes need a major release: 2\.0\.0 or later after 1\.4\.2; serverInfo\.version 1\.4\.3 is not enough\.\n/,
  );
  const none = await runCli(["diff", "release/old.json", "release/old.json"]);
  assert.match(none.stdout, /\nRelease: none needed, the contract did not change\.\n/);
});

Deno.test("server.version.bumpInsufficient obeys severity_overrides and ignore", async () => {
  const raised = await diff("removed_patch.json", "old.json", "--config", "release/strict.yaml");
  assert.ok(raised.findings.includes(INSUFFICIENT.replace("POTENTIALLY_BREAKING", "BREAKING")));
  const ignored = await diff("removed_patch.json", "old.json", "--config", "release/ignore.yaml");
  assert.ok(ignored.findings.includes(`${INSUFFICIENT}|suppressed`));
  assert.equal(ignored.release.sufficient, false, "ignoring the finding does not change advice");
});
