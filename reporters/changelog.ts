/**
 * A Keep a Changelog section for the release the changes need, ready to paste: a
 * `## [VERSION] - DATE` heading (the suggested version, else `Unreleased`), then Removed,
 * Changed, Added and Deprecated lists. Breaking items lead with **BREAKING:**, potentially
 * breaking ones with **Potentially breaking:**; each ends with its rule id.
 *
 * - Removed: `*.removed` findings. Added: `*.added` findings that break nothing. A `required`
 *   list gaining or losing a name is a change, not an addition or removal. Deprecated: a
 *   `deprecated` flag turned on. Changed: everything else.
 * - The version rules (`server.version.*`) describe the release itself; they go into an HTML
 *   comment above the heading, which stays invisible when the section is rendered.
 * - Suppressed changes are listed: an ignore entry quiets CI, the change still ships.
 * - Server text is escaped for Markdown (no HTML, links or mentions) and capped.
 *
 * @module
 */
import type { Change } from "../core/change.ts";
import type { Report } from "../core/report.ts";
import { releaseLineNote } from "../core/release.ts";
import { codeSpan, escapeInline } from "./markdown_escape.ts";
import type { Reporter, ReporterContext } from "./reporter.ts";
import { cap, stripControl } from "../core/sanitize.ts";

type Section = "Removed" | "Changed" | "Added" | "Deprecated";
const SECTIONS: readonly Section[] = ["Removed", "Changed", "Added", "Deprecated"];

/** The Keep a Changelog section a change belongs in, or undefined for the version rules. */
export function sectionOf(change: Change): Section | undefined {
  if (change.rule.startsWith("server.version.")) return undefined;
  if (/\.deprecated\.changed$/.test(change.rule) && change.new === true) return "Deprecated";
  if (change.rule.includes(".required.")) return "Changed";
  if (change.rule.endsWith(".removed")) return "Removed";
  if (
    change.rule.endsWith(".added") &&
    (change.severity === "NON_BREAKING" || change.severity === "DOCUMENTATION")
  ) return "Added";
  return "Changed";
}

const MARK: Partial<Record<Change["severity"], string>> = {
  BREAKING: "**BREAKING:** ",
  POTENTIALLY_BREAKING: "**Potentially breaking:** ",
};

function sentence(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

function item(change: Change): string {
  const text = sentence(escapeInline(cap(change.message, 500)));
  const lines = [`- ${MARK[change.severity] ?? ""}${text} (${codeSpan(change.rule)})`];
  for (const note of change.notes ?? []) {
    lines.push(`  - Note: ${escapeInline(cap(note, 1000))}`);
  }
  return lines.join("\n");
}

/** Text safe inside an HTML comment: no `--`, no angle brackets, no control characters. */
function commentText(text: string): string {
  return cap(stripControl(text), 500).replace(/\s+/g, " ").replace(/-{2,}/g, "-")
    .replace(/[<>]/g, "");
}

function heading(report: Report, today: string | undefined): string {
  const version = report.release?.suggested;
  if (version === undefined) return "## [Unreleased]";
  return today ? `## [${version}] - ${today}` : `## [${version}]`;
}

/** Renders the changelog section. */
export function renderChangelog(report: Report, context: ReporterContext): string {
  const bySection = new Map<Section, string[]>(SECTIONS.map((s) => [s, []]));
  const about: string[] = [];
  for (const change of report.changes) {
    const section = sectionOf(change);
    if (section) bySection.get(section)!.push(item(change));
    else about.push(`${change.rule}: ${commentText(change.message)}`);
  }
  const r = report.release;
  if (r && r.level !== "none") {
    about.unshift(
      `proxar: the changes need a ${r.level} release${
        r.suggested
          ? ` (${r.suggested} or later after ${commentText(r.old)}${
            r.preReleaseOf
              ? `, or a later pre-release of ${r.preReleaseOf}: SemVer promises nothing between pre-releases`
              : ""
          }${releaseLineNote(r) === undefined ? "" : `; ${releaseLineNote(r)}`})`
          : ""
      }`,
    );
  }
  const out: string[] = [];
  if (about.length > 0) out.push(`<!--\n${about.join("\n")}\n-->`, "");
  out.push(heading(report, context.options.today));
  const body = SECTIONS.filter((s) => bySection.get(s)!.length > 0);
  if (body.length === 0) out.push("", "No changes to the server's contract.");
  for (const section of body) {
    out.push("", `### ${section}`, "", ...bySection.get(section)!);
  }
  return out.join("\n") + "\n";
}

/** The changelog reporter. */
export const changelogReporter: Reporter = {
  name: "changelog",
  summary: "A Keep a Changelog section for the suggested release, ready to paste",
  oldLocationOnlyWithoutNew: true,
  render: renderChangelog,
};
