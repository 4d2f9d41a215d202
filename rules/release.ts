/**
 * SemVer advice as a rule: the server's own version must move at least as far as its contract
 * changes need.
 * @module
 */
import type { Rule, RuleExample } from "../core/rule.ts";
import { releaseAdvice, releaseLineNote } from "../core/release.ts";
import { parseSemver } from "../core/semver.ts";
import { rule, tool } from "./_define.ts";

const ID = "server.version.bumpInsufficient";
const PB = "POTENTIALLY_BREAKING";

const contract = (version: string, tools: unknown[]) => ({
  server: { name: "issues-mcp", version },
  tools: tools as never[],
});

/**
 * An example where one tool is added or removed while the version moves from `versions[0]` to
 * `versions[1]`, too little for that change.
 */
function bumpExample(
  title: string,
  [from, to]: [string, string],
  change: "added" | "removed",
): RuleExample {
  const name = change === "removed" ? "search_issues" : "create_issue";
  const [before, after] = change === "removed" ? [[tool(name)], []] : [[], [tool(name)]];
  const version = "server.serverInfo.version";
  return {
    title,
    old: contract(from, before),
    new: contract(to, after),
    findings: [
      {
        rule: `tool.${change}`,
        path: name,
        severity: change === "removed" ? "BREAKING" : "NON_BREAKING",
      },
      { rule: "server.version.changed", path: version, severity: "DOCUMENTATION" },
      { rule: ID, path: version, severity: PB },
    ],
  };
}

/** How far a version moved, in words: `a minor release`, `no release`. */
function moved(from: string, to: string): string {
  const a = parseSemver(from)!;
  const b = parseSemver(to)!;
  if (b.major !== a.major) return b.major > a.major ? "a major release" : "a lower version";
  if (b.minor !== a.minor) return b.minor > a.minor ? "a minor release" : "a lower version";
  if (b.patch !== a.patch) return b.patch > a.patch ? "a patch release" : "a lower version";
  return "a pre-release step";
}

/** `server.version.bumpInsufficient`. */
export const releaseRules: Rule[] = [{
  ...rule({
    id: ID,
    severity: PB,
    summary: "serverInfo.version moved less than the contract changes need under SemVer",
    rationale:
      'Clients pin servers by version range; a breaking change shipped as a minor or patch release reaches every client that trusted the range. The smallest release that fits is major for any BREAKING change, minor for additions and other changes that can move behaviour (NON_BREAKING, POTENTIALLY_BREAKING), patch for documentation alone; under 0.y.z a breaking change needs the next minor and anything else the next patch, and under 0.0.z every change the next patch, as npm and Cargo read SemVer\'s initial-development rule: ^0.0.19 admits 0.0.19 alone, so 0.0.20 reaches no client that trusted the range (asking 0.1.0 there warned on @testsprite/testsprite-mcp 0.0.19 → 0.0.45, which removed a tool); the message says what the line makes of the level there ("the changes need a major release (0.0.48 or later; under 0.0.z every release is breaking to a caret range: ^0.0.47 admits 0.0.47 alone, so the next patch is one)", where "a major release (0.0.48 or later)" alone read oddly, and under 0.y.z that a caret range admits later patches only, so a major release is the next minor and a minor release the next patch: "a minor release (0.13.3 or later)" read as a contradiction on figma-developer-mcp 0.13.2 → 0.10.0), and release.level in the JSON report stays the changes\' SemVer class. Suppressed changes still count. An unchanged version is not reported (between releases, pull requests change the contract and the release bumps the version); the report still states the release the changes need. Potentially breaking rather than breaking, because the version string alone breaks no call; raise it with severity_overrides to gate releases. Only versions that parse as SemVer are compared. After a pre-release (3.0.0-beta.41), a later pre-release of the same version (3.0.0-beta.46) or that version itself (3.0.0) fits any change, since SemVer promises nothing between pre-releases (§9): a breaking change between two betas of 3.1.0 needs no 4.0.0, which this rule asked for; the report says so rather than "needs 3.0.0 or later after 3.0.0-beta.41; 3.0.0-beta.46 fits", which read as a contradiction.',
    examples: [
      bumpExample("a tool removed in a patch release", ["1.4.2", "1.4.3"], "removed"),
      bumpExample("a tool added in a patch release", ["1.4.2", "1.4.3"], "added"),
      bumpExample(
        "a breaking change under 0.y.z needs the next minor",
        ["0.3.1", "0.3.2"],
        "removed",
      ),
      bumpExample(
        "under 0.0.z any change needs the next patch, which a lower version is not",
        ["0.0.47", "0.0.46"],
        "removed",
      ),
    ],
    check({ old, new: next, findings, report }) {
      // An unchanged version is not reported, whatever the findings.
      if (old.server.version === next.server.version) return;
      const advice = releaseAdvice(findings(), old.server.version, next.server.version);
      if (advice.sufficient !== false) return;
      const note = releaseLineNote(advice);
      report({
        entity: { kind: "server", name: next.server.name },
        path: "server.serverInfo.version",
        pointer: "/server/version",
        old: advice.old,
        new: advice.new,
        message: `Server version went from "${advice.old}" to "${advice.new}", ${
          moved(advice.old, advice.new)
        }; the changes need a ${advice.level} release (${advice.suggested} or later${
          advice.preReleaseOf ? `, or a later pre-release of ${advice.preReleaseOf}` : ""
        }${note === undefined ? "" : `; ${note}`})`,
        hint: `release ${advice.suggested}`,
      });
    },
  }),
  readsFindings: true,
}];
