/**
 * Wording and grouping shared by the human-readable reporters (text, Markdown).
 * @module
 */
import type { Change } from "../core/change.ts";
import type { EntityKind } from "../core/contract.ts";
import type { Report } from "../core/report.ts";
import { releaseLineNote } from "../core/release.ts";
import type { Severity } from "../core/severity.ts";

/** Severities in lower-case words. */
export const LABELS: Record<Severity, string> = {
  BREAKING: "breaking",
  POTENTIALLY_BREAKING: "potentially breaking",
  NON_BREAKING: "non-breaking",
  DOCUMENTATION: "documentation",
};

/** Entity kinds in words. */
export const KIND_NAMES: Record<EntityKind, string> = {
  tool: "tool",
  prompt: "prompt",
  resource: "resource",
  resourceTemplate: "resource template",
  server: "server",
};

/** Changes grouped by entity, groups in the order of their first (strongest) change. */
export function groupByEntity(changes: readonly Change[]): Change[][] {
  const byEntity = new Map<string, Change[]>();
  for (const c of changes) {
    const key = `${c.server ?? ""}\u0000${c.entity.kind}\u0000${c.entity.name}`;
    const list = byEntity.get(key);
    if (list) list.push(c);
    else byEntity.set(key, [c]);
  }
  return [...byEntity.values()];
}

/** `1 change`, `2 changes`. */
export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

/**
 * One sentence of SemVer advice, or undefined when the report has none (`proxar check`).
 * `clean` makes the server's version strings safe for the medium.
 */
export function releaseSentence(
  report: Report,
  clean: (text: string) => string,
): string | undefined {
  const r = report.release;
  if (!r) return undefined;
  if (r.level === "none") return "Release: none needed, the contract did not change.";
  const need = `the changes need a ${r.level} release`;
  if (r.suggested === undefined) {
    return `Release: ${need} (the old serverInfo.version ${
      clean(JSON.stringify(r.old))
    } is not SemVer, so no version is suggested).`;
  }
  const now = r.old === r.new
    ? `serverInfo.version is still ${clean(r.new)}`
    : r.sufficient === true
    ? `serverInfo.version ${clean(r.new)} fits`
    : r.sufficient === false
    ? `serverInfo.version ${clean(r.new)} is not enough`
    : `serverInfo.version ${clean(JSON.stringify(r.new))} is not SemVer`;
  if (r.preReleaseOf !== undefined) {
    // SemVer promises nothing between pre-releases: "needs 3.0.0 or later after 3.0.0-beta.41;
    // 3.0.0-beta.46 fits" read as a contradiction.
    const after = `after the pre-release ${
      clean(r.old)
    }, any later pre-release of ${r.preReleaseOf} fits these changes (SemVer promises nothing between pre-releases)`;
    const otherwise = r.suggested === r.preReleaseOf
      ? `and so does ${r.suggested} or later`
      : `and so does ${r.preReleaseOf}; otherwise they need a ${r.level} release, ${r.suggested} or later`;
    return `Release: ${after}, ${otherwise}; ${now}.`;
  }
  const note = releaseLineNote(r);
  return `Release: ${need}: ${r.suggested} or later after ${clean(r.old)}${
    note === undefined ? "" : ` (${note})`
  }; ${now}.`;
}

/**
 * Whether a change's value `null` stands for a keyword absent on that side: the structured walk
 * shows absence as `null` (an `additionalProperties` or `maxLength` not written), which people
 * read as the value null. Not for `default` (null may be the default) nor for the catch-all's
 * `keyword.*` findings (they leave an absent side out, so null is a value there).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isAbsent } from "./_shared.ts";
 * assert.ok(isAbsent("tool.output.additionalProperties.widened", null));
 * assert.ok(!isAbsent("tool.input.default.changed", null));
 * assert.ok(!isAbsent("tool.input.additionalProperties.widened", false));
 * ```
 */
export function isAbsent(rule: string, value: unknown): boolean {
  return value === null && /^tool\.(input|output)\./.test(rule) &&
    !/\.(keyword|default)\./.test(rule);
}
