/**
 * SemVer advice as a rule: the server's own version must move at least as far as its contract
 * changes need.
 * @module
 */
import type { Rule } from "../core/rule.ts";
import { releaseAdvice } from "../core/release.ts";
import { parseSemver } from "../core/semver.ts";
import { rule, tool } from "./_define.ts";

const ID = "server.version.bumpInsufficient";
const PB = "POTENTIALLY_BREAKING";

const contract = (version: string, tools: unknown[]) => ({
  server: { name: "issues-mcp", version },
  tools: tools as never[],
});

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
      "Clients pin servers by version range; a breaking change shipped as a minor or patch release reaches every client that trusted the range. The smallest release that fits is major for any BREAKING change, minor for additions and other changes that can move behaviour (NON_BREAKING, POTENTIALLY_BREAKING), patch for documentation alone; under 0.y.z a breaking change needs the next minor and anything else the next patch, as npm and Cargo read SemVer's initial-development rule. Suppressed changes still count. An unchanged version is not reported (between releases, pull requests change the contract and the release bumps the version); the report still states the release the changes need. Potentially breaking rather than breaking, because the version string alone breaks no call; raise it with severity_overrides to gate releases. Only versions that parse as SemVer are compared.",
    examples: [
      {
        title: "a tool removed in a patch release",
        old: contract("1.4.2", [tool("search_issues")]),
        new: contract("1.4.3", []),
        findings: [
          { rule: "tool.removed", path: "search_issues", severity: "BREAKING" },
          {
            rule: "server.version.changed",
            path: "server.serverInfo.version",
            severity: "DOCUMENTATION",
          },
          { rule: ID, path: "server.serverInfo.version", severity: PB },
        ],
      },
      {
        title: "a tool added in a patch release",
        old: contract("1.4.2", []),
        new: contract("1.4.3", [tool("create_issue")]),
        findings: [
          { rule: "tool.added", path: "create_issue", severity: "NON_BREAKING" },
          {
            rule: "server.version.changed",
            path: "server.serverInfo.version",
            severity: "DOCUMENTATION",
          },
          { rule: ID, path: "server.serverInfo.version", severity: PB },
        ],
      },
      {
        title: "a breaking change under 0.y.z needs the next minor",
        old: contract("0.3.1", [tool("search_issues")]),
        new: contract("0.3.2", []),
        findings: [
          { rule: "tool.removed", path: "search_issues", severity: "BREAKING" },
          {
            rule: "server.version.changed",
            path: "server.serverInfo.version",
            severity: "DOCUMENTATION",
          },
          { rule: ID, path: "server.serverInfo.version", severity: PB },
        ],
      },
    ],
    check({ old, new: next, findings, report }) {
      const advice = releaseAdvice(findings(), old.server.version, next.server.version);
      if (advice.sufficient !== false || advice.old === advice.new) return;
      report({
        entity: { kind: "server", name: next.server.name },
        path: "server.serverInfo.version",
        pointer: "/server/version",
        old: advice.old,
        new: advice.new,
        message: `Server version went from "${advice.old}" to "${advice.new}", ${
          moved(advice.old, advice.new)
        }; the changes need a ${advice.level} release (${advice.suggested} or later)`,
        hint: `release ${advice.suggested}`,
      });
    },
  }),
  readsFindings: true,
}];
