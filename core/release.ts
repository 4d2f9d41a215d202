/**
 * SemVer advice: the smallest release that fits a report's changes, and whether the server's
 * own version (`serverInfo.version`) moved far enough.
 * @module
 */
import type { Change } from "./change.ts";
import {
  compareSemver,
  formatSemver,
  nextVersion,
  parseSemver,
  RELEASE_LEVELS,
  type ReleaseLevel,
} from "./semver.ts";
import type { Severity } from "./severity.ts";

/** What release the changes call for. */
export interface ReleaseAdvice {
  /** The smallest SemVer level that fits every change. */
  level: ReleaseLevel;
  /** `serverInfo.version` of the old contract. */
  old: string;
  /** `serverInfo.version` of the new contract. */
  new: string;
  /** The smallest version a release of `level` may carry, when `old` is SemVer. */
  suggested?: string;
  /**
   * When `old` is a pre-release, the version it leads to (`3.0.0` for `3.0.0-beta.41`): SemVer
   * promises nothing between pre-releases, so a later pre-release of that version, or that version
   * itself, fits whatever changed.
   */
  preReleaseOf?: string;
  /**
   * Whether `new` is at least `suggested`, or later than `old` with the same version when `old` is
   * a pre-release, when both versions are SemVer and a release is due.
   */
  sufficient?: boolean;
}

/** The level each severity calls for. */
export const LEVEL_OF_SEVERITY: Readonly<Record<Severity, ReleaseLevel>> = {
  BREAKING: "major",
  POTENTIALLY_BREAKING: "minor",
  NON_BREAKING: "minor",
  DOCUMENTATION: "patch",
};

/** Rules about the version itself, which never count towards the level. */
const VERSION_RULES = new Set(["server.version.changed", "server.version.bumpInsufficient"]);

/**
 * The smallest release level for a set of changes: BREAKING needs a major release, additions
 * and other compatible or possibly behaviour-changing changes (NON_BREAKING,
 * POTENTIALLY_BREAKING) a minor one, documentation alone a patch; `none` without changes.
 * Suppressed changes count: an ignore entry quiets CI, it does not undo the change for users.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { releaseLevel } from "./release.ts";
 * assert.equal(releaseLevel([{ rule: "tool.removed", severity: "BREAKING" }]), "major");
 * assert.equal(releaseLevel([]), "none");
 * ```
 */
export function releaseLevel(
  changes: readonly Pick<Change, "rule" | "severity">[],
): ReleaseLevel {
  let best = RELEASE_LEVELS.indexOf("none");
  for (const change of changes) {
    if (VERSION_RULES.has(change.rule)) continue;
    best = Math.min(best, RELEASE_LEVELS.indexOf(LEVEL_OF_SEVERITY[change.severity]));
  }
  return RELEASE_LEVELS[best]!;
}

/**
 * The release advice for changes between two versions of a server.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { releaseAdvice } from "./release.ts";
 * const advice = releaseAdvice([{ rule: "tool.removed", severity: "BREAKING" }], "1.4.0", "1.5.0");
 * assert.deepEqual(advice, { level: "major", old: "1.4.0", new: "1.5.0", suggested: "2.0.0", sufficient: false });
 * // Between pre-releases of one version, anything goes.
 * const beta = releaseAdvice([{ rule: "tool.removed", severity: "BREAKING" }], "3.1.0-beta.1", "3.1.0-beta.2");
 * assert.deepEqual(beta, {
 *   level: "major", old: "3.1.0-beta.1", new: "3.1.0-beta.2", suggested: "4.0.0", preReleaseOf: "3.1.0", sufficient: true,
 * });
 * ```
 */
export function releaseAdvice(
  changes: readonly Pick<Change, "rule" | "severity">[],
  oldVersion: string,
  newVersion: string,
): ReleaseAdvice {
  const level = releaseLevel(changes);
  const advice: ReleaseAdvice = { level, old: oldVersion, new: newVersion };
  const from = parseSemver(oldVersion);
  if (level === "none" || !from) return advice;
  const suggested = nextVersion(from, level);
  advice.suggested = formatSemver(suggested);
  const release = { ...from, prerelease: [] };
  if (from.prerelease.length > 0) advice.preReleaseOf = formatSemver(release);
  const to = parseSemver(newVersion);
  if (to) {
    const core = { ...to, prerelease: [] };
    // A pre-release promises nothing (SemVer 2.0.0 §9): after one, a later pre-release of the
    // same version, or that version, may carry any change.
    const sameLine = advice.preReleaseOf !== undefined && compareSemver(core, release) === 0;
    advice.sufficient = compareSemver(to, from) > 0 &&
      (sameLine || compareSemver(core, suggested) >= 0);
  }
  return advice;
}

/**
 * What a release of the advice's level is on the old version's line, when the line reads it
 * otherwise than its name: under `0.0.z` every release is breaking to a caret range (`^0.0.47`
 * admits `0.0.47` alone), so the next patch is a major or minor release there; under `0.y.z` a
 * caret range admits later patches only (`^0.13.2` admits `0.13.3`, not `0.14.0`), so a major
 * release is the next minor and a minor release the next patch ("the changes need a minor release
 * (0.13.3 or later)" read as a contradiction on figma-developer-mcp 0.13.2 → 0.10.0). Undefined
 * from 1.0.0 on, for a patch, after a pre-release (its own sentence says what fits) and when the
 * old version is not SemVer. The level stays the changes' SemVer class (`release.level` in the
 * JSON report), and `suggested` the version that carries it.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { releaseAdvice, releaseLineNote } from "./release.ts";
 * const removed = [{ rule: "tool.removed", severity: "BREAKING" as const }];
 * assert.equal(
 *   releaseLineNote(releaseAdvice(removed, "0.0.47", "0.0.46")),
 *   "under 0.0.z every release is breaking to a caret range: ^0.0.47 admits 0.0.47 alone, so the next patch is one",
 * );
 * assert.equal(
 *   releaseLineNote(releaseAdvice(removed, "0.3.1", "0.3.2")),
 *   "under 0.y.z a caret range admits later patches only: ^0.3.1 admits 0.3.2 but not 0.4.0, so the next minor is one",
 * );
 * assert.equal(releaseLineNote(releaseAdvice(removed, "1.4.2", "1.4.3")), undefined);
 * ```
 */
export function releaseLineNote(advice: ReleaseAdvice): string | undefined {
  const from = parseSemver(advice.old);
  if (advice.level === "none" || advice.level === "patch" || !from) return undefined;
  if (from.major !== 0 || from.prerelease.length > 0) return undefined;
  const old = formatSemver(from);
  if (from.minor === 0) {
    return `under 0.0.z every release is breaking to a caret range: ^${old} admits ${old} alone, so the next patch is one`;
  }
  const patch = formatSemver(nextVersion(from, "patch"));
  const range = `under 0.y.z a caret range admits later patches only: ^${old} admits ${patch}`;
  return advice.level === "major"
    ? `${range} but not ${advice.suggested}, so the next minor is one`
    : `${range}, so the next patch is one`;
}
