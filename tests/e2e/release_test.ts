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

Deno.test("proxar diff lets a later pre-release of the same version carry a breaking change, and says so", async () => {
  // @azure/mcp 3.0.0-beta.41 → 3.0.0-beta.46: "needs … 3.0.0 or later after 3.0.0-beta.41;
  // 3.0.0-beta.46 fits" read as a contradiction.
  const beta = await diff("removed_300beta46.json", "old_300beta41.json");
  assert.deepEqual(beta.findings, [REMOVED, VERSION].sort());
  assert.deepEqual([beta.release.preReleaseOf, beta.release.sufficient], ["3.0.0", true]);
  const args = ["diff", "release/old_300beta41.json", "release/removed_300beta46.json"];
  const text = await runCli(args);
  assert.match(
    text.stdout,
    /\nRelease: after the pre-release 3\.0\.0-beta\.41, any later pre-release of 3\.0\.0 fits these changes \(SemVer promises nothing between pre-releases\), and so does 3\.0\.0 or later; serverInfo\.version 3\.0\.0-beta\.46 fits\.\n/,
  );
  const markdown = await runCli([...args, "--format", "markdown"]);
  assert.match(markdown.stdout, /any later pre-release of 3\.0\.0 fits these changes/);
  const changelog = await runCli([...args, "--format", "changelog"]);
  assert.match(
    changelog.stdout,
    /proxar: the changes need a major release \(3\.0\.0 or later after 3\.0\.0-beta\.41, or a later pre-release of 3\.0\.0: SemVer promises nothing between pre-releases\)/,
  );
  // Between betas of 3.1.0 no 4.0.0 is asked for (bumpInsufficient said so).
  const minor = await diff("removed_310beta2.json", "old_310beta1.json");
  assert.deepEqual(minor.findings, [REMOVED, VERSION].sort());
  assert.equal(minor.release.sufficient, true);
  // A pre-release of another version is no pre-release of this one.
  const other = await diff("removed_320beta1.json", "old_310beta1.json");
  assert.deepEqual(other.findings, [INSUFFICIENT, REMOVED, VERSION].sort());
  const text2 = await runCli([
    "diff",
    "release/old_310beta1.json",
    "release/removed_320beta1.json",
  ]);
  assert.match(
    text2.stdout,
    /\nRelease: after the pre-release 3\.1\.0-beta\.1, any later pre-release of 3\.1\.0 fits these changes \(SemVer promises nothing between pre-releases\), and so does 3\.1\.0; otherwise they need a major release, 4\.0\.0 or later; serverInfo\.version 3\.2\.0-beta\.1 is not enough\.\n/,
  );
  assert.match(
    text2.stdout,
    /the changes need a major release \(4\.0\.0 or later, or a later pre-release of 3\.1\.0\)/,
  );
});

Deno.test("server.version.bumpInsufficient obeys severity_overrides and ignore", async () => {
  const raised = await diff("removed_patch.json", "old.json", "--config", "release/strict.yaml");
  assert.ok(raised.findings.includes(INSUFFICIENT.replace("POTENTIALLY_BREAKING", "BREAKING")));
  const ignored = await diff("removed_patch.json", "old.json", "--config", "release/ignore.yaml");
  assert.ok(ignored.findings.includes(`${INSUFFICIENT}|suppressed`));
  assert.equal(ignored.release.sufficient, false, "ignoring the finding does not change advice");
});

Deno.test("proxar diff says what the release a change needs is under 0.0.z, in every format", async () => {
  // "the changes need a major release (0.0.48 or later)" read oddly: under 0.0.z the next patch
  // is that release, since a caret range admits one version there.
  const line =
    "under 0.0.z every release is breaking to a caret range: ^0.0.47 admits 0.0.47 alone, so the next patch is one";
  const low = await diff("removed_0046.json", "old_0047.json");
  assert.deepEqual(low.findings, [INSUFFICIENT, REMOVED, VERSION].sort());
  assert.deepEqual(low.release, {
    level: "major",
    old: "0.0.47",
    new: "0.0.46",
    suggested: "0.0.48",
    sufficient: false,
  });
  const args = ["diff", "release/old_0047.json", "release/removed_0046.json"];
  const json = JSON.parse((await runCli([...args, "--format", "json"])).stdout);
  assert.equal(
    json.changes.find((c: { rule: string }) => c.rule === "server.version.bumpInsufficient")
      .message,
    `Server version went from "0.0.47" to "0.0.46", a lower version; the changes need a major release (0.0.48 or later; ${line})`,
  );
  const text = (await runCli(args)).stdout;
  assert.ok(
    text.includes(
      `\nRelease: the changes need a major release: 0.0.48 or later after 0.0.47 (${line}); serverInfo.version 0.0.46 is not enough.\n`,
    ),
    text,
  );
  const markdown = (await runCli([...args, "--format", "markdown"])).stdout;
  assert.ok(markdown.includes(line), markdown);
  const changelog = (await runCli([...args, "--format", "changelog"])).stdout;
  assert.ok(
    changelog.includes(
      `proxar: the changes need a major release (0.0.48 or later after 0.0.47; ${line})`,
    ),
    changelog,
  );
  const junit = (await runCli([...args, "--format", "junit"])).stdout;
  assert.ok(junit.includes('<property name="release.level" value="major"/>'), junit);
  assert.ok(junit.includes('<property name="release.suggested" value="0.0.48"/>'), junit);
  // The next patch fits: no finding, and the sentence says so.
  const next = await diff("removed_0048.json", "old_0047.json");
  assert.deepEqual(next.findings, [REMOVED, VERSION].sort());
  assert.equal(next.release.sufficient, true);
  const fits = (await runCli(["diff", "release/old_0047.json", "release/removed_0048.json"]))
    .stdout;
  assert.ok(fits.includes(`(${line}); serverInfo.version 0.0.48 fits.`), fits);
});
