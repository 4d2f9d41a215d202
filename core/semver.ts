/**
 * Semantic Versioning 2.0.0: parsing, precedence and the next version for a release level.
 * @module
 */

/** A parsed version. */
export interface SemVer {
  major: number;
  minor: number;
  patch: number;
  /** Dot-separated pre-release identifiers (`rc.1` → `["rc", "1"]`); empty for a release. */
  prerelease: string[];
}

/** A release level, strongest first; `none` when nothing in the contract changed. */
export type ReleaseLevel = "major" | "minor" | "patch" | "none";

/** Every release level, strongest first. */
export const RELEASE_LEVELS: readonly ReleaseLevel[] = ["major", "minor", "patch", "none"];

const NUM = "0|[1-9]\\d*";
const ID = `(?:${NUM}|\\d*[A-Za-z-][0-9A-Za-z-]*)`;
const SEMVER = new RegExp(
  `^v?(${NUM})\\.(${NUM})\\.(${NUM})(?:-(${ID}(?:\\.${ID})*))?(?:\\+[0-9A-Za-z-]+(?:\\.[0-9A-Za-z-]+)*)?$`,
);

/**
 * Parses a version such as `1.4.0`, `v2.0.0-rc.1` or `1.0.0+build.5` (build metadata is
 * dropped, as it has no precedence); undefined when the text is not SemVer.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseSemver } from "./semver.ts";
 * assert.deepEqual(parseSemver("1.2.3-rc.1"), { major: 1, minor: 2, patch: 3, prerelease: ["rc", "1"] });
 * assert.equal(parseSemver("2024-06"), undefined);
 * ```
 */
export function parseSemver(text: string): SemVer | undefined {
  const m = SEMVER.exec(text.trim());
  if (!m) return undefined;
  const [major, minor, patch] = [m[1], m[2], m[3]].map(Number) as [number, number, number];
  if (![major, minor, patch].every(Number.isSafeInteger)) return undefined;
  return { major, minor, patch, prerelease: m[4] ? m[4].split(".") : [] };
}

/** `1.2.3` or `1.2.3-rc.1`. */
export function formatSemver(v: SemVer): string {
  const core = `${v.major}.${v.minor}.${v.patch}`;
  return v.prerelease.length > 0 ? `${core}-${v.prerelease.join(".")}` : core;
}

function compareIds(a: string, b: string): number {
  const an = /^\d+$/.test(a);
  const bn = /^\d+$/.test(b);
  if (an && bn) return Math.sign(Number(a) - Number(b));
  if (an !== bn) return an ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * SemVer precedence: negative when `a` comes before `b`, 0 when equal, positive after.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { compareSemver, parseSemver } from "./semver.ts";
 * const v = (s: string) => parseSemver(s)!;
 * assert.ok(compareSemver(v("1.0.0-rc.1"), v("1.0.0")) < 0);
 * assert.ok(compareSemver(v("1.10.0"), v("1.9.0")) > 0);
 * ```
 */
export function compareSemver(a: SemVer, b: SemVer): number {
  const core = Math.sign(a.major - b.major) || Math.sign(a.minor - b.minor) ||
    Math.sign(a.patch - b.patch);
  if (core !== 0) return core;
  if (a.prerelease.length === 0 || b.prerelease.length === 0) {
    return (b.prerelease.length === 0 ? 0 : 1) - (a.prerelease.length === 0 ? 0 : 1);
  }
  const n = Math.max(a.prerelease.length, b.prerelease.length);
  for (let i = 0; i < n; i++) {
    const x = a.prerelease[i];
    const y = b.prerelease[i];
    if (x === undefined) return -1;
    if (y === undefined) return 1;
    const c = compareIds(x, y);
    if (c !== 0) return c;
  }
  return 0;
}

/**
 * The smallest version after `from` that a release of `level` may carry.
 *
 * SemVer §4 says anything may change while the major version is zero. Proxar follows the reading
 * npm's caret ranges and Cargo use: under `0.y.z` a breaking release bumps `y` and any other
 * release bumps `z`; under `0.0.z` every release bumps `z`, since `^0.0.3` admits `0.0.3` alone
 * (`>=0.0.3 <0.0.4`), so no client that trusted the range receives `0.0.4` (asking `0.1.0` there
 * flagged @testsprite/testsprite-mcp 0.0.19 → 0.0.45). A pre-release is completed by the release
 * it leads to (`2.0.0-rc.1` needs `2.0.0` for a major change), as `npm version` does.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { formatSemver, nextVersion, parseSemver } from "./semver.ts";
 * const next = (v: string, l: "major" | "minor" | "patch") => formatSemver(nextVersion(parseSemver(v)!, l));
 * assert.equal(next("1.4.2", "major"), "2.0.0");
 * assert.equal(next("1.4.2", "minor"), "1.5.0");
 * assert.equal(next("0.3.1", "major"), "0.4.0");
 * assert.equal(next("0.3.1", "minor"), "0.3.2");
 * assert.equal(next("0.0.3", "major"), "0.0.4");
 * assert.equal(next("2.0.0-rc.1", "major"), "2.0.0");
 * ```
 */
export function nextVersion(from: SemVer, level: Exclude<ReleaseLevel, "none">): SemVer {
  const { major, minor, patch } = from;
  const pre = from.prerelease.length > 0;
  const effective = major !== 0 ? level : minor !== 0 && level === "major" ? "minor" : "patch";
  if (effective === "major") {
    return pre && minor === 0 && patch === 0
      ? { major, minor, patch, prerelease: [] }
      : { major: major + 1, minor: 0, patch: 0, prerelease: [] };
  }
  if (effective === "minor") {
    return pre && patch === 0
      ? { major, minor, patch, prerelease: [] }
      : { major, minor: minor + 1, patch: 0, prerelease: [] };
  }
  return pre
    ? { major, minor, patch, prerelease: [] }
    : { major, minor, patch: patch + 1, prerelease: [] };
}
