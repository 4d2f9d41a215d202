import assert from "node:assert/strict";
import fc from "fast-check";
import { releaseAdvice, releaseLevel, releaseLineNote } from "../../core/release.ts";
import {
  compareSemver,
  formatSemver,
  nextVersion,
  parseSemver,
  type ReleaseLevel,
  type SemVer,
} from "../../core/semver.ts";
import { SEVERITIES, type Severity } from "../../core/severity.ts";

const v = (text: string) => parseSemver(text)!;

Deno.test("parseSemver() reads SemVer 2.0.0 and rejects what is not", () => {
  assert.deepEqual(parseSemver("v1.2.3+build.7"), { major: 1, minor: 2, patch: 3, prerelease: [] });
  assert.deepEqual(parseSemver("1.0.0-alpha.1"), {
    major: 1,
    minor: 0,
    patch: 0,
    prerelease: ["alpha", "1"],
  });
  for (const bad of ["1.2", "01.2.3", "1.2.3-", "2026.11", "unknown", "1.2.3-01", ""]) {
    assert.equal(parseSemver(bad), undefined, bad);
  }
});

Deno.test("compareSemver() follows the precedence example of SemVer §11", () => {
  const order = [
    "1.0.0-alpha",
    "1.0.0-alpha.1",
    "1.0.0-alpha.beta",
    "1.0.0-beta",
    "1.0.0-beta.2",
    "1.0.0-beta.11",
    "1.0.0-rc.1",
    "1.0.0",
    "1.0.1",
    "1.1.0",
    "2.0.0",
  ];
  for (let i = 0; i + 1 < order.length; i++) {
    assert.ok(compareSemver(v(order[i]!), v(order[i + 1]!)) < 0, `${order[i]} < ${order[i + 1]}`);
    assert.ok(compareSemver(v(order[i + 1]!), v(order[i]!)) > 0);
  }
});

Deno.test("nextVersion() bumps 1.x by level and 0.x by the caret reading", () => {
  const next = (from: string, level: Exclude<ReleaseLevel, "none">) =>
    formatSemver(nextVersion(v(from), level));
  assert.deepEqual(
    ["major", "minor", "patch"].map((l) => next("1.4.2", l as "major")),
    ["2.0.0", "1.5.0", "1.4.3"],
  );
  assert.deepEqual(
    ["major", "minor", "patch"].map((l) => next("0.3.1", l as "major")),
    ["0.4.0", "0.3.2", "0.3.2"],
  );
  assert.deepEqual(
    ["major", "minor", "patch"].map((l) => next("0.0.3", l as "major")),
    ["0.0.4", "0.0.4", "0.0.4"],
  );
  assert.equal(next("0.0.3-rc.1", "major"), "0.0.3");
  assert.equal(next("2.0.0-rc.1", "major"), "2.0.0");
  assert.equal(next("2.1.0-rc.1", "major"), "3.0.0");
  assert.equal(next("2.1.0-rc.1", "minor"), "2.1.0");
  assert.equal(next("2.1.3-rc.1", "patch"), "2.1.3");
});

const semver: fc.Arbitrary<SemVer> = fc.record({
  major: fc.nat(5),
  minor: fc.nat(5),
  patch: fc.nat(5),
  prerelease: fc.oneof(
    fc.constant([] as string[]),
    fc.array(fc.constantFrom("rc", "1", "beta", "2"), { minLength: 1, maxLength: 2 }),
  ),
});
const level = fc.constantFrom<Exclude<ReleaseLevel, "none">>("major", "minor", "patch");

Deno.test("nextVersion() is always a later release, and a stronger level never a smaller one", () => {
  fc.assert(fc.property(semver, level, (from, l) => {
    const next = nextVersion(from, l);
    assert.ok(compareSemver(next, from) > 0);
    assert.deepEqual(next.prerelease, []);
    assert.deepEqual(parseSemver(formatSemver(next)), next);
  }));
  fc.assert(fc.property(semver, (from) => {
    const [major, minor, patch] = (["major", "minor", "patch"] as const).map((l) =>
      nextVersion(from, l)
    );
    assert.ok(compareSemver(major!, minor!) >= 0 && compareSemver(minor!, patch!) >= 0);
  }));
});

Deno.test("releaseLevel() maps BREAKING to major, other changes to minor, documentation to patch", () => {
  const of = (...severities: Severity[]) =>
    releaseLevel(severities.map((severity) => ({ rule: "x.y", severity })));
  assert.equal(of(), "none");
  assert.equal(of("DOCUMENTATION"), "patch");
  assert.equal(of("DOCUMENTATION", "NON_BREAKING"), "minor");
  assert.equal(of("POTENTIALLY_BREAKING"), "minor");
  assert.equal(of("NON_BREAKING", "BREAKING", "DOCUMENTATION"), "major");
  assert.equal(
    releaseLevel([{ rule: "server.version.changed", severity: "DOCUMENTATION" }]),
    "none",
    "the version itself needs no release",
  );
});

Deno.test("releaseAdvice() says whether the new version fits, in both directions and when undecidable", () => {
  const breaking = [{ rule: "tool.removed", severity: "BREAKING" as const }];
  assert.equal(releaseAdvice(breaking, "1.4.2", "2.0.0").sufficient, true);
  assert.equal(releaseAdvice(breaking, "1.4.2", "2.0.0-rc.1").sufficient, true);
  assert.equal(releaseAdvice(breaking, "1.4.2", "1.5.0").sufficient, false);
  assert.equal(releaseAdvice(breaking, "1.4.2", "1.4.2").sufficient, false);
  assert.equal(releaseAdvice(breaking, "1.4.2", "1.0.0").sufficient, false);
  assert.deepEqual(releaseAdvice(breaking, "1.4.2", "2026.11"), {
    level: "major",
    old: "1.4.2",
    new: "2026.11",
    suggested: "2.0.0",
  });
  assert.deepEqual(releaseAdvice(breaking, "unknown", "2.0.0"), {
    level: "major",
    old: "unknown",
    new: "2.0.0",
  });
  // Under 0.0.z every release is breaking to a caret range: ^0.0.19 admits 0.0.19 alone.
  assert.equal(releaseAdvice(breaking, "0.0.19", "0.0.45").sufficient, true);
  assert.equal(releaseAdvice(breaking, "0.0.19", "0.0.20").suggested, "0.0.20");
  assert.equal(releaseAdvice(breaking, "0.0.19", "0.0.19").sufficient, false);
  assert.equal(releaseAdvice(breaking, "0.0.19", "0.0.18").sufficient, false);
  assert.equal(releaseAdvice(breaking, "0.1.0", "0.1.9").sufficient, false);
  assert.equal(releaseAdvice(breaking, "0.0.19", "snapshot").sufficient, undefined);
  assert.deepEqual(releaseAdvice([], "1.0.0", "1.0.0"), {
    level: "none",
    old: "1.0.0",
    new: "1.0.0",
  });
});

Deno.test("releaseAdvice() accepts exactly the versions at or above the suggestion", () => {
  fc.assert(fc.property(
    semver,
    semver,
    fc.constantFrom(...SEVERITIES),
    (from, to, severity) => {
      const advice = releaseAdvice(
        [{ rule: "x.y", severity }],
        formatSemver(from),
        formatSemver(to),
      );
      const suggested = v(advice.suggested!);
      const core = { ...to, prerelease: [] };
      const sameLine = from.prerelease.length > 0 &&
        compareSemver(core, { ...from, prerelease: [] }) === 0;
      const fits = compareSemver(to, from) > 0 &&
        (sameLine || compareSemver(core, suggested) >= 0);
      assert.equal(advice.sufficient, fits);
    },
  ));
});

Deno.test("releaseAdvice() lets a later pre-release of the same version carry any change, not an earlier one or another version", () => {
  const breaking = [{ rule: "tool.removed", severity: "BREAKING" as const }];
  // @azure/mcp 3.0.0-beta.41 → 3.0.0-beta.46 removed tools.
  assert.deepEqual(releaseAdvice(breaking, "3.0.0-beta.41", "3.0.0-beta.46"), {
    level: "major",
    old: "3.0.0-beta.41",
    new: "3.0.0-beta.46",
    suggested: "3.0.0",
    preReleaseOf: "3.0.0",
    sufficient: true,
  });
  // A breaking change between betas of 3.1.0 needs no 4.0.0 (it was said not to fit).
  assert.equal(releaseAdvice(breaking, "3.1.0-beta.1", "3.1.0-beta.2").sufficient, true);
  assert.equal(releaseAdvice(breaking, "3.1.0-beta.1", "3.1.0").sufficient, true);
  // Backwards, or to a pre-release of another version, the usual reading holds.
  assert.equal(releaseAdvice(breaking, "3.1.0-beta.2", "3.1.0-beta.1").sufficient, false);
  assert.equal(releaseAdvice(breaking, "3.1.0-beta.1", "3.1.0-beta.1").sufficient, false);
  assert.equal(releaseAdvice(breaking, "3.1.0-beta.1", "3.2.0-beta.1").sufficient, false);
  assert.equal(releaseAdvice(breaking, "3.1.0-beta.1", "4.0.0-rc.1").sufficient, true);
  // A new version that is not SemVer: undecided.
  assert.deepEqual(releaseAdvice(breaking, "3.1.0-beta.1", "nightly"), {
    level: "major",
    old: "3.1.0-beta.1",
    new: "nightly",
    suggested: "4.0.0",
    preReleaseOf: "3.1.0",
  });
  // A release says nothing of pre-releases.
  assert.equal(releaseAdvice(breaking, "3.1.0", "3.1.1-beta.1").preReleaseOf, undefined);
});

Deno.test("releaseLineNote() says what a release of the level is under 0.0.z and 0.y.z, and nothing from 1.0.0 on", () => {
  const of = (severity: Severity, from: string, to: string) =>
    releaseLineNote(releaseAdvice([{ rule: "tool.removed", severity }], from, to));
  const note =
    "under 0.0.z every release is breaking to a caret range: ^0.0.47 admits 0.0.47 alone, so the next patch is one";
  assert.equal(of("BREAKING", "0.0.47", "0.0.46"), note);
  assert.equal(of("NON_BREAKING", "0.0.47", "0.0.46"), note);
  // A patch is a patch there too; a pre-release has its own sentence; other lines read as named.
  assert.equal(of("DOCUMENTATION", "0.0.47", "0.0.46"), undefined);
  assert.equal(of("BREAKING", "0.0.3-rc.1", "0.0.2"), undefined);
  // Under 0.y.z a caret range admits later patches only: a major release is the next minor, a
  // minor release the next patch ("a minor release (0.13.3 or later)" read as a contradiction).
  assert.equal(
    of("BREAKING", "0.3.1", "0.3.2"),
    "under 0.y.z a caret range admits later patches only: ^0.3.1 admits 0.3.2 but not 0.4.0, so the next minor is one",
  );
  assert.equal(
    of("NON_BREAKING", "0.13.2", "0.10.0"),
    "under 0.y.z a caret range admits later patches only: ^0.13.2 admits 0.13.3, so the next patch is one",
  );
  assert.equal(
    of("POTENTIALLY_BREAKING", "0.13.2", "0.13.3"),
    "under 0.y.z a caret range admits later patches only: ^0.13.2 admits 0.13.3, so the next patch is one",
  );
  assert.equal(of("DOCUMENTATION", "0.13.2", "0.13.3"), undefined);
  assert.equal(of("BREAKING", "0.4.0-rc.1", "0.3.2"), undefined);
  assert.equal(of("BREAKING", "1.4.2", "1.4.3"), undefined);
  assert.equal(of("NON_BREAKING", "1.4.2", "1.4.3"), undefined);
  assert.equal(of("BREAKING", "unknown", "0.0.1"), undefined);
  // The level stays the changes' SemVer class; the suggestion is the next patch.
  const advice = releaseAdvice(
    [{ rule: "tool.removed", severity: "BREAKING" }],
    "0.0.47",
    "0.0.46",
  );
  assert.deepEqual([advice.level, advice.suggested, advice.sufficient], ["major", "0.0.48", false]);
});
