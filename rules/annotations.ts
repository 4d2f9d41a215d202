/**
 * Rules about tool annotations, icons and `_meta`. Hints are compared by their effective values,
 * using the MCP specification's defaults when absent.
 * @module
 */
import { isObject, jsonEqual, type JsonObject, type JsonValue } from "../core/json.ts";
import type { Finding, Rule } from "../core/rule.ts";
import { at, rule, tool } from "./_define.ts";

/** The hints, their defaults, and which value is the safer one. */
const HINTS = [
  { key: "readOnlyHint", fallback: false, safe: true },
  { key: "destructiveHint", fallback: true, safe: false },
  { key: "idempotentHint", fallback: false, safe: true },
  { key: "openWorldHint", fallback: true, safe: false },
] as const;
const KNOWN = new Set<string>([...HINTS.map((h) => h.key), "title"]);

/** A modelled annotation with a value of its type (or absent); anything else is unmodelled. */
function wellFormed(key: string, value: JsonValue | undefined): boolean {
  if (!KNOWN.has(key)) return false;
  return value === undefined || typeof value === (key === "title" ? "string" : "boolean");
}

function annotationsOf(value: JsonValue | undefined): JsonObject {
  return isObject(value) ? value : {};
}

function effective(a: JsonObject, key: string, fallback: boolean): boolean {
  return typeof a[key] === "boolean" ? a[key] as boolean : fallback;
}

const del = (hints: JsonObject) => tool("delete_issue", {}, [], { annotations: hints });

function hintRule(weakened: boolean): Rule {
  const id = weakened ? "tool.annotations.safetyWeakened" : "tool.annotations.safetyStrengthened";
  return rule({
    id,
    severity: weakened ? "POTENTIALLY_BREAKING" : "NON_BREAKING",
    summary: weakened
      ? "A safety hint now says the tool is less safe (no longer read-only, destructive, not idempotent, open-world)"
      : "A safety hint now says the tool is safer",
    rationale: weakened
      ? "Clients decide from the hints whether to ask the user before calling a tool; a tool that became destructive may now run without the confirmation it needs, or agents that retried it freely may now cause harm. Absent hints take the specification's defaults (readOnly false, destructive true, idempotent false, openWorld true). Raise it to BREAKING with severity_overrides if your clients auto-approve by hints."
      : "Clients may ask for confirmation less often; nothing that worked stops working.",
    examples: [{
      title: weakened ? "destructiveHint false → true" : "readOnlyHint false → true",
      old: { tools: [del(weakened ? { destructiveHint: false } : {})] },
      new: { tools: [del(weakened ? { destructiveHint: true } : { readOnlyHint: true })] },
      findings: [{
        rule: id,
        path: weakened
          ? "delete_issue.annotations.destructiveHint"
          : "delete_issue.annotations.readOnlyHint",
        severity: weakened ? "POTENTIALLY_BREAKING" : "NON_BREAKING",
      }],
    }],
    check({ pairs, report }) {
      for (const p of pairs.tools.paired) {
        const a = annotationsOf(p.old.annotations);
        const b = annotationsOf(p.new.annotations);
        for (const h of HINTS) {
          const before = effective(a, h.key, h.fallback);
          const after = effective(b, h.key, h.fallback);
          if (before === after || (after !== h.safe) !== weakened) continue;
          report({
            entity: { kind: "tool", name: p.id },
            path: `${p.id}.annotations.${h.key}`,
            pointer: at("tools", p.newIndex, "annotations", h.key),
            old: before,
            new: after,
            message: `"${p.id}": ${h.key} is now ${after}${
              b[h.key] === undefined ? " (the specification's default, as it is no longer set)" : ""
            }`,
          });
        }
      }
    },
  });
}

function wholeFieldRule(
  id: string,
  field: "icons" | "_meta",
  severity: "DOCUMENTATION" | "POTENTIALLY_BREAKING",
  summary: string,
  rationale: string,
  before: JsonValue,
  after: JsonValue,
): Rule {
  return rule({
    id,
    severity,
    summary,
    rationale,
    examples: [{
      title: summary,
      old: { tools: [tool("get_issue", {}, [], { [field]: before })] },
      new: { tools: [tool("get_issue", {}, [], { [field]: after })] },
      findings: [{ rule: id, path: `get_issue.${field}`, severity }],
    }],
    check({ pairs, report }) {
      for (const p of pairs.tools.paired) {
        const a = p.old[field];
        const b = p.new[field];
        if (jsonEqual(a, b)) continue;
        const finding: Finding = {
          entity: { kind: "tool", name: p.id },
          path: `${p.id}.${field}`,
          pointer: at("tools", p.newIndex, field),
          message: `"${p.id}": ${field} changed`,
        };
        if (a !== undefined) finding.old = a;
        if (b !== undefined) finding.new = b;
        report(finding);
      }
    },
  });
}

/** Annotation, icon and `_meta` rules. */
export const annotationRules: Rule[] = [
  hintRule(true),
  hintRule(false),
  rule({
    id: "tool.annotations.unmodelled",
    severity: "BREAKING",
    summary: "An annotation Proxar does not model changed",
    rationale:
      "Unmodelled means breaking: an annotation added by a future specification revision or a vendor may change how clients treat the tool. A known hint whose value is not a boolean (or a title that is not a string) is reported here too, since clients may read it either way.",
    examples: [{
      title: "a vendor annotation changed",
      old: { tools: [del({ "x-risk": "low" })] },
      new: { tools: [del({ "x-risk": "high" })] },
      findings: [{
        rule: "tool.annotations.unmodelled",
        path: "delete_issue.annotations.x-risk",
        severity: "BREAKING",
      }],
    }],
    check({ pairs, report }) {
      for (const p of pairs.tools.paired) {
        const a = annotationsOf(p.old.annotations);
        const b = annotationsOf(p.new.annotations);
        for (const key of [...new Set([...Object.keys(a), ...Object.keys(b)])].sort()) {
          if (jsonEqual(a[key], b[key]) || (wellFormed(key, a[key]) && wellFormed(key, b[key]))) {
            continue;
          }
          const finding: Finding = {
            entity: { kind: "tool", name: p.id },
            path: `${p.id}.annotations.${key}`,
            pointer: at("tools", p.newIndex, "annotations", key),
            message: KNOWN.has(key)
              ? `"${p.id}": annotation "${key}" changed to or from a value that is not a ${
                key === "title" ? "string" : "boolean"
              }, which Proxar cannot compare`
              : `"${p.id}": annotation "${key}" changed, and Proxar does not model it`,
          };
          if (a[key] !== undefined) finding.old = a[key];
          if (b[key] !== undefined) finding.new = b[key];
          report(finding);
        }
      }
    },
  }),
  wholeFieldRule(
    "tool.icons.changed",
    "icons",
    "DOCUMENTATION",
    "A tool's icons changed",
    "Icons are shown to people, not models; listed for review.",
    [{ src: "https://example.com/a.png" }],
    [{ src: "https://example.com/b.png" }],
  ),
  wholeFieldRule(
    "tool.meta.changed",
    "_meta",
    "POTENTIALLY_BREAKING",
    "A tool's _meta changed",
    "Clients such as MCP Apps read _meta (for example the UI resource a tool renders); a change can alter what they show or do.",
    { "ui/resourceUri": "ui://issues/list" },
    { "ui/resourceUri": "ui://issues/table" },
  ),
];
