/**
 * JUnit XML for GitLab (`artifacts:reports:junit`) and Jenkins (junit plugin).
 *
 * One `<testsuite>` per compared contract, named after the new side (for the combined report of
 * `proxar check`, one per server, named after it); one `<testcase>` per change:
 * changes at or above `fail_on` fail, suppressed changes are skipped with their reason, the rest
 * pass with their details in `<system-out>`. A report without changes still gets one passing
 * case, because Jenkins fails a report that holds none.
 *
 * Choices the consumers force:
 * - `classname` is `proxar.<server>.<entity>` with every dot inside the server and entity names
 *   replaced by `_`: Jenkins splits the class name at its last dot into package and class.
 *   Entities other than tools are named `prompt:NAME`, `resource:URI`, `resourceTemplate:URI`
 *   and `server`, so a prompt and a tool of the same name stay apart.
 * - `name` is `<rule> <path>`, made unique across the whole document with ` (2)`, ` (3)`…:
 *   GitLab merges every suite of a file and keeps only the first of duplicate cases.
 * - `time` is always `0` and `timestamp` is left out unless the caller passes one: the report
 *   holds no date, and reading the clock would break byte-for-byte determinism (a made-up fixed
 *   date would show in Jenkins as the suite's start). Both consumers accept a suite without it.
 * - Server text is stripped of terminal control sequences, capped, cleared of the characters
 *   XML 1.0 forbids (other C0 controls, U+FFFE, U+FFFF, lone surrogates) and escaped; no CDATA.
 *
 * @module
 */
import { isAbsent } from "./_shared.ts";
import type { Change } from "../core/change.ts";
import type { Report } from "../core/report.ts";
import { reaches } from "../core/severity.ts";
import type { Reporter } from "./reporter.ts";
import { cap, stripControl } from "../core/sanitize.ts";
import { summaryLine } from "./text.ts";

/** Options of {@link renderJunit}. */
export interface JunitOptions {
  /**
   * The `timestamp` of every suite, as ISO 8601 without a time zone (`2026-01-01T00:00:00`).
   * Left out when absent.
   */
  timestamp?: string;
}

const XML_FORBIDDEN =
  // deno-lint-ignore no-control-regex
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
  "\t": "&#9;",
  "\n": "&#10;",
  "\r": "&#13;",
};

/**
 * Server text made safe for XML 1.0 character data: control sequences stripped, capped at `max`
 * characters, forbidden characters dropped and `& < > " '` escaped.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { xmlText } from "./junit.ts";
 * assert.equal(xmlText("a < b & \u0000c", 100), "a &lt; b &amp; c");
 * ```
 */
export function xmlText(text: string, max: number): string {
  return cap(stripControl(text), max).replace(XML_FORBIDDEN, "").replace(
    /[&<>"']/g,
    (c) => ESCAPES[c]!,
  );
}

/** Like {@link xmlText}, for attribute values: tabs and line breaks survive as references. */
function xmlAttr(text: string, max: number): string {
  return cap(stripControl(text), max).replace(XML_FORBIDDEN, "").replace(
    /[&<>"'\t\n\r]/g,
    (c) => ESCAPES[c]!,
  );
}

const NAME_MAX = 200;
const MESSAGE_MAX = 1000;
const VALUE_MAX = 4000;

/** A name segment of the class name: no dots, never empty. */
function segment(name: string): string {
  return stripControl(name).replaceAll(".", "_") || "_";
}

function entityLabel(change: Change): string {
  const { kind, name } = change.entity;
  if (kind === "tool") return name;
  if (kind === "server") return "server";
  return `${kind}:${name}`;
}

function serverName(report: Report): string {
  const name = report.new.server.name;
  return name === "unknown" ? report.new.source : name;
}

function suiteName(report: Report): string {
  const { server, source } = report.new;
  return server.name === "unknown" ? source : `${server.name} (${source})`;
}

function json(value: unknown): string {
  return JSON.stringify(value) ?? "undefined";
}

/** The details of a change, one fact per line (not escaped yet). */
function details(change: Change, report: Report): string {
  const lines = [
    `${change.severity} ${change.rule} at ${change.path}`,
    change.message,
  ];
  if (change.overriddenFrom) lines.push(`severity overridden from ${change.overriddenFrom}`);
  if (change.hint) lines.push(`hint: ${change.hint}`);
  const shown = (v: unknown) => isAbsent(change.rule, v) ? "(absent)" : cap(json(v), VALUE_MAX);
  if (change.old !== undefined) lines.push(`old: ${shown(change.old)}`);
  if (change.new !== undefined) lines.push(`new: ${shown(change.new)}`);
  const { old, new: next } = change.locations ?? {};
  if (next) lines.push(`new location: ${next.file}:${next.line}:${next.column}`);
  if (old) lines.push(`old location: ${old.file}:${old.line}:${old.column}`);
  for (const note of change.notes ?? []) lines.push(`note: ${note}`);
  if (change.suppressed) {
    lines.push(`suppressed by ${change.suppressed.by}: ${change.suppressed.reason}`);
  } else if (reaches(change.severity, report.decision.failOn)) {
    lines.push(`reaches fail_on ${report.decision.failOn}`);
  } else if (reaches(change.severity, report.decision.warnOn)) {
    lines.push(`reaches warn_on ${report.decision.warnOn}`);
  }
  return lines.join("\n");
}

interface Case {
  open: string;
  body: string[];
  failed: boolean;
  skipped: boolean;
}

/** Keeps testcase names unique across one document. */
class Names {
  #seen = new Set<string>();
  unique(name: string): string {
    let candidate = name;
    for (let n = 2; this.#seen.has(candidate); n++) candidate = `${name} (${n})`;
    this.#seen.add(candidate);
    return candidate;
  }
}

function caseOf(change: Change, report: Report, names: Names, server: string): Case {
  const classname = `proxar.${segment(server)}.${segment(entityLabel(change))}`;
  const name = names.unique(
    xmlAttr(`${change.rule} ${change.path}`, NAME_MAX),
  );
  const file = change.locations?.new?.file;
  const open = `<testcase classname="${xmlAttr(classname, NAME_MAX * 2)}" name="${name}"${
    file === undefined ? "" : ` file="${xmlAttr(file, NAME_MAX * 2)}"`
  } time="0">`;
  const text = xmlText(details(change, report), VALUE_MAX * 3);
  if (change.suppressed) {
    const message = `Suppressed by ${change.suppressed.by}: ${change.suppressed.reason}`;
    return {
      open,
      body: [
        `<skipped message="${xmlAttr(message, MESSAGE_MAX)}"/>`,
        `<system-out>${text}</system-out>`,
      ],
      failed: false,
      skipped: true,
    };
  }
  if (reaches(change.severity, report.decision.failOn)) {
    return {
      open,
      body: [
        `<failure message="${
          xmlAttr(change.message, MESSAGE_MAX)
        }" type="${change.severity}">${text}</failure>`,
      ],
      failed: true,
      skipped: false,
    };
  }
  return { open, body: [`<system-out>${text}</system-out>`], failed: false, skipped: false };
}

function summaryCase(report: Report, names: Names, server: string): Case {
  return {
    open: `<testcase classname="${
      xmlAttr(`proxar.${segment(server)}.contract`, NAME_MAX * 2)
    }" name="${names.unique("no changes")}" time="0">`,
    body: [`<system-out>${xmlText(summaryLine(report), MESSAGE_MAX)}</system-out>`],
    failed: false,
    skipped: false,
  };
}

function property(name: string, value: string): string {
  return `<property name="${name}" value="${xmlAttr(value, MESSAGE_MAX)}"/>`;
}

interface Suite {
  lines: string[];
  tests: number;
  failures: number;
  skipped: number;
}

/** A compared contract: a report's own, or one server's part of `proxar check`'s combined report. */
interface Contract {
  server: string;
  name: string;
  changes: readonly Change[];
}

function contractsOf(report: Report): Contract[] {
  if (!report.changes.some((c) => c.server !== undefined)) {
    return [{ server: serverName(report), name: suiteName(report), changes: report.changes }];
  }
  const byServer = new Map<string, Change[]>();
  for (const change of report.changes) {
    const server = change.server ?? serverName(report);
    const list = byServer.get(server);
    if (list) list.push(change);
    else byServer.set(server, [change]);
  }
  return [...byServer].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map((
    [server, changes],
  ) => ({ server, name: server, changes }));
}

function releaseProperties(report: Report): string[] {
  const r = report.release;
  if (!r) return [];
  const lines = [`      ${property("release.level", r.level)}`];
  if (r.suggested) lines.push(`      ${property("release.suggested", r.suggested)}`);
  if (r.preReleaseOf) lines.push(`      ${property("release.preReleaseOf", r.preReleaseOf)}`);
  if (r.sufficient !== undefined) {
    lines.push(`      ${property("release.sufficient", String(r.sufficient))}`);
  }
  return lines;
}

function suiteOf(
  report: Report,
  contract: Contract,
  names: Names,
  options: JunitOptions,
): Suite {
  const { server } = contract;
  const cases = contract.changes.length === 0
    ? [summaryCase(report, names, server)]
    : contract.changes.map((change) => caseOf(change, report, names, server));
  const failures = cases.filter((c) => c.failed).length;
  const skipped = cases.filter((c) => c.skipped).length;
  const timestamp = options.timestamp === undefined
    ? ""
    : ` timestamp="${xmlAttr(options.timestamp, 64)}"`;
  const lines = [
    `  <testsuite name="${
      xmlAttr(contract.name, NAME_MAX * 2)
    }" tests="${cases.length}" failures="${failures}" errors="0" skipped="${skipped}" time="0"${timestamp}>`,
    "    <properties>",
    `      ${property("proxar.version", report.proxar.version)}`,
    `      ${property("old.source", report.old.source)}`,
    `      ${property("old.version", report.old.server.version)}`,
    `      ${property("old.hash", report.old.hash)}`,
    `      ${property("new.source", report.new.source)}`,
    `      ${property("new.version", report.new.server.version)}`,
    `      ${property("new.hash", report.new.hash)}`,
    `      ${property("fail_on", report.decision.failOn)}`,
    `      ${property("warn_on", report.decision.warnOn)}`,
    `      ${property("status", report.decision.status)}`,
    ...releaseProperties(report),
    "    </properties>",
  ];
  for (const c of cases) {
    lines.push(`    ${c.open}`, ...c.body.map((b) => `      ${b}`), "    </testcase>");
  }
  lines.push("  </testsuite>");
  return { lines, tests: cases.length, failures, skipped };
}

/**
 * Renders JUnit XML with one `<testsuite>` per compared contract: one per report, or per server
 * of a combined report whose changes name their server.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { renderJunit } from "./junit.ts";
 * import { compareContracts } from "../core/engine.ts";
 * import { contractFromDocument } from "../core/load_contract.ts";
 * import { createRegistry } from "../core/registry.ts";
 * import { builtinRules } from "../rules/mod.ts";
 * const side = (tools: string[]) =>
 *   contractFromDocument({ label: "c.json", value: { tools: tools.map((name) => ({ name, inputSchema: {} })) } });
 * const report = compareContracts(side(["a", "b"]), side(["a"]), { registry: createRegistry(builtinRules) });
 * const xml = renderJunit([report]);
 * assert.ok(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>'));
 * assert.ok(xml.includes('<failure message="Tool &quot;b&quot; was removed" type="BREAKING">'));
 * ```
 */
export function renderJunit(reports: readonly Report[], options: JunitOptions = {}): string {
  if (reports.length === 0) {
    throw new RangeError("Cannot render JUnit XML: no reports given (JUnit needs a testcase)");
  }
  const names = new Names();
  const suites = reports.flatMap((report) =>
    contractsOf(report).map((contract) => suiteOf(report, contract, names, options))
  );
  const sum = (key: "tests" | "failures" | "skipped") =>
    suites.reduce((total, s) => total + s[key], 0);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="proxar" tests="${sum("tests")}" failures="${
      sum("failures")
    }" errors="0" skipped="${sum("skipped")}" time="0">`,
    ...suites.flatMap((s) => s.lines),
    "</testsuites>",
    "",
  ].join("\n");
}

/** The JUnit reporter. */
export const junitReporter: Reporter = {
  name: "junit",
  summary: "JUnit XML for GitLab and Jenkins test reports: failures at or above fail_on",
  render: (report) => renderJunit([report]),
};
