/**
 * SARIF 2.1.0 for GitHub code scanning, built to the consumer's rules (FORMATS.md): one run, the
 * full rule catalogue with descriptions and help, exactly one physical location per result in a
 * repository file, stable `partialFingerprints`, `automationDetails.id` per server, and
 * suppressions with their justification (or left out with `omitSuppressed`).
 * @module
 */
import { sha256 } from "../core/sha256.ts";
import { type Change, changeIdentity, type FileLocation } from "../core/change.ts";
import type { Report } from "../core/report.ts";
import type { RuleMeta } from "../core/rule.ts";
import type { Severity } from "../core/severity.ts";
import { VERSION } from "../core/version.ts";
import { PROJECT_URL, ruleDocUrl } from "./links.ts";
import type { Reporter, ReporterContext } from "./reporter.ts";
import { cap, stripControl } from "../core/sanitize.ts";

/** GitHub accepts at most this many results in one run. */
export const MAX_SARIF_RESULTS = 25_000;

const LEVEL: Record<Severity, "error" | "warning" | "note"> = {
  BREAKING: "error",
  POTENTIALLY_BREAKING: "warning",
  NON_BREAKING: "note",
  DOCUMENTATION: "note",
};

type Json = Record<string, unknown>;

/** A relative URI reference for a file path: `#` and `?` would start a fragment or a query. */
function fileUri(path: string): string {
  return encodeURI(path.replaceAll("\\", "/")).replaceAll("#", "%23").replaceAll("?", "%3F");
}

function clean(text: string, max = 2000): string {
  return cap(stripControl(text), max);
}

function tags(meta: RuleMeta): string[] {
  const [entity, side] = meta.id.split(".");
  const out = ["mcp", "contract", `severity:${meta.severity.toLowerCase()}`, `entity:${entity}`];
  if (side === "input" || side === "output") out.push(`schema:${side}`);
  if (meta.gradedBy) out.push(`graded-by:${meta.gradedBy}`);
  return out.slice(0, 10);
}

/** The help texts of a rule, each as pieces: the rationale is one piece of both. */
function helpPieces(meta: RuleMeta): { graded: string; text: string[]; markdown: string[] } {
  const graded = meta.gradedBy === "prose"
    ? " Each finding's level comes from the prose classifier."
    : meta.gradedBy === "variance"
    ? " Each finding's level comes from the variance table."
    : "";
  const howTo =
    `Change its severity for your project with \`severity_overrides: { ${meta.id}: NON_BREAKING }\` in proxar.yaml, or suppress matching changes with an \`ignore\` entry (they stay visible in reports).`;
  return {
    graded,
    text: [`${meta.summary}. `, meta.rationale, `${graded} ${howTo.replaceAll("`", "")}`],
    markdown: [
      `**${meta.summary}** (default: \`${meta.severity}\`)\n\n`,
      meta.rationale,
      `${graded}\n\n${howTo}\n\n[Rule reference](${ruleDocUrl(meta.id)})`,
    ],
  };
}

/** A rule of the catalogue, its `help` left for {@link sarifParts} to write. */
function sarifRule(meta: RuleMeta, graded: string): Json {
  return {
    id: meta.id,
    name: meta.id.split(".").map((w) => w[0]!.toUpperCase() + w.slice(1)).join(""),
    shortDescription: { text: meta.summary },
    fullDescription: { text: cap(meta.rationale + graded, 1000) },
    help: HELP,
    helpUri: ruleDocUrl(meta.id),
    defaultConfiguration: { level: LEVEL[meta.severity] },
    properties: { tags: tags(meta), precision: "very-high" },
  };
}

/** A rule's `help` until its texts are written in: no other key of the driver is written so. */
const HELP = 0;
const HELP_GAP = " ".repeat(14);
const HELP_HOLE = `\n${HELP_GAP}"help": ${HELP},\n`;
/** The key after the driver: the first line that starts so (a string's line breaks are escaped). */
const AFTER_DRIVER = `\n      "automationDetails": `;

// deno-lint-ignore no-control-regex
const ESCAPED = /["\\\u0000-\u001f\uD800-\uDFFF]/;
// deno-lint-ignore no-control-regex
const ESCAPED_OTHERWISE = /[\u0000-\u001f\uD800-\uDFFF]/;

/** What `JSON.stringify(text)` writes between its quotes; most texts need nothing escaped. */
function escaped(text: string): string {
  if (!ESCAPED.test(text)) return text;
  if (ESCAPED_OTHERWISE.test(text)) return JSON.stringify(text).slice(1, -1);
  return text.replace(/["\\]/g, "\\$&");
}

/**
 * Pushes the JSON string of `pieces` joined, each piece escaped alone (through `known`), so the
 * rationale, the longest, is escaped once for both help texts and never copied into them (a
 * surrogate pair split between two pieces is escaped whole, as `JSON.stringify` would).
 */
function pushQuoted(pieces: readonly string[], parts: string[], known: Map<string, string>): void {
  for (let i = 1; i < pieces.length; i++) {
    if (/[\uD800-\uDBFF]$/.test(pieces[i - 1]!) && /^[\uDC00-\uDFFF]/.test(pieces[i]!)) {
      parts.push(JSON.stringify(pieces.join("")));
      return;
    }
  }
  parts.push('"');
  for (const piece of pieces) {
    let text = known.get(piece);
    if (text === undefined) known.set(piece, text = escaped(piece));
    parts.push(text);
  }
  parts.push('"');
}

function physical(at: FileLocation): Json {
  // A file at a git ref (git:REF:PATH) is not an artifact of the checkout: name it in the text.
  if (at.file.startsWith("git:")) {
    return { message: { text: `${clean(at.file, 500)}, line ${at.line}, column ${at.column}` } };
  }
  return {
    physicalLocation: {
      artifactLocation: { uri: fileUri(at.file) },
      region: { startLine: at.line, startColumn: at.column },
    },
  };
}

function fingerprint(change: Change): string {
  const key = JSON.stringify(changeIdentity(change));
  return `${sha256(key)}:1`;
}

function sentence(text: string): string {
  const t = text.trim();
  return /[.!?]$/.test(t) ? t : `${t}.`;
}

function resultOf(change: Change, ruleIndex: number, fallback: string): Json {
  const where = change.locations?.new ?? change.locations?.old ??
    { file: fallback, line: 1, column: 1 };
  const details = [
    sentence(clean(change.message)),
    change.hint ? `Hint: ${clean(change.hint, 300)}.` : "",
    `Path: ${clean(change.path, 500)}.`,
    change.overriddenFrom ? `Severity overridden from ${change.overriddenFrom}.` : "",
    ...(change.notes ?? []).map((note) => `Note (advisory): ${clean(note, 1000)}`),
  ].filter(Boolean).join(" ");
  const result: Json = {
    ruleId: change.rule,
    ruleIndex,
    level: LEVEL[change.severity],
    message: { text: details },
    locations: [physical(where)],
    partialFingerprints: { primaryLocationLineHash: fingerprint(change) },
    properties: {
      severity: change.severity,
      entity: `${change.entity.kind}:${clean(change.entity.name, 300)}`,
      path: clean(change.path, 500),
      pointer: change.pointer,
    },
  };
  const old = change.locations?.old;
  if (old && old !== where) {
    const at = physical(old);
    result.relatedLocations = [{
      id: 1,
      ...at,
      message: {
        text: at.message
          ? `Previous version: ${(at.message as { text: string }).text}`
          : "Previous version",
      },
    }];
  }
  if (change.suppressed) {
    result.suppressions = [{
      kind: "external",
      status: "accepted",
      justification: clean(change.suppressed.reason, 500),
    }];
  }
  return result;
}

function cleanRelease(release: NonNullable<Report["release"]>): Json {
  return { ...release, old: clean(release.old, 100), new: clean(release.new, 100) };
}

/** Renders the SARIF log. */
export function renderSarif(report: Report, context: ReporterContext): string {
  return sarifParts(report, context).join("");
}

/**
 * The SARIF log as pieces of text, in order. The help texts of the rules, nine tenths of the log
 * (2 MB for the built-in rules), are written in from their pieces afterwards, not built whole and
 * escaped again as part of the log.
 */
function sarifParts(report: Report, context: ReporterContext): string[] {
  const help = context.rules.map(helpPieces);
  const index = new Map(context.rules.map((r, i) => [r.id, i]));
  const changes = context.options.omitSuppressed
    ? report.changes.filter((c) => !c.suppressed)
    : report.changes;
  const kept = changes.slice(0, MAX_SARIF_RESULTS);
  const fallback = report.new.source;
  const results = kept.map((c) => resultOf(c, index.get(c.rule) ?? -1, fallback));
  const notifications = changes.length > kept.length
    ? [{
      level: "warning",
      message: {
        text: `${
          changes.length - kept.length
        } results were left out: GitHub accepts at most ${MAX_SARIF_RESULTS} per run.`,
      },
    }]
    : [];
  const server = report.new.server.name === "unknown" ? report.new.source : report.new.server.name;
  const log = {
    $schema: "https://json.schemastore.org/sarif-2.1.0.json",
    version: "2.1.0",
    runs: [{
      tool: {
        driver: {
          name: "proxar",
          semanticVersion: VERSION,
          informationUri: PROJECT_URL,
          rules: context.rules.map((meta, i) => sarifRule(meta, help[i]!.graded)),
        },
      },
      automationDetails: { id: `proxar/${clean(server, 200).replace(/[^\w.@-]+/g, "-")}/` },
      invocations: [{
        executionSuccessful: true,
        toolExecutionNotifications: notifications,
      }],
      results,
      properties: {
        old: { source: clean(report.old.source, 500), hash: report.old.hash },
        new: { source: clean(report.new.source, 500), hash: report.new.hash },
        decision: report.decision,
        ...(report.release ? { release: cleanRelease(report.release) } : {}),
      },
    }],
  };
  // In the driver, a rule's help is the only key written at its depth with that value (a string's
  // quotes and line breaks are escaped): one per rule, in order.
  const text = JSON.stringify(log, null, 2) + "\n";
  const driverEnd = text.indexOf(AFTER_DRIVER);
  const holes = text.slice(0, driverEnd).split(HELP_HOLE);
  const parts = [holes[0]!];
  const known = new Map<string, string>();
  help.forEach((texts, i) => {
    parts.push(`\n${HELP_GAP}"help": {\n${HELP_GAP}  "text": `);
    pushQuoted(texts.text, parts, known);
    parts.push(`,\n${HELP_GAP}  "markdown": `);
    pushQuoted(texts.markdown, parts, known);
    parts.push(`\n${HELP_GAP}},\n`, holes[i + 1]!);
  });
  parts.push(text.slice(driverEnd));
  return parts;
}

/** The SARIF reporter. */
export const sarifReporter: Reporter = {
  name: "sarif",
  summary: "SARIF 2.1.0 for GitHub code scanning (upload with github/codeql-action/upload-sarif)",
  render: renderSarif,
  renderParts: sarifParts,
};
