/**
 * Rules about tool annotations, icons and `_meta`. Hints are compared by their effective values,
 * using the MCP specification's defaults when absent.
 * @module
 */
import { isObject, jsonEqual, type JsonObject, type JsonValue } from "../core/json.ts";
import type { Finding, Rule, RuleExample } from "../core/rule.ts";
import { at, rule, tool } from "./_define.ts";
import { META_RATIONALE, metaGrade } from "./_meta_keys.ts";

/**
 * The hints, their defaults, which value is the safer one, and whether the safer value is a claim
 * that the tool is read-only or harmless (`safetyClaimed`) or a lesser one (`safetyStrengthened`).
 * `destructiveHint` and `idempotentHint` mean something only while `readOnlyHint` is false.
 */
const HINTS = [
  { key: "readOnlyHint", fallback: false, safe: true, claim: true, needsWrite: false },
  { key: "destructiveHint", fallback: true, safe: false, claim: true, needsWrite: true },
  { key: "idempotentHint", fallback: false, safe: true, claim: false, needsWrite: true },
  { key: "openWorldHint", fallback: true, safe: false, claim: false, needsWrite: false },
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

type HintChange = "safetyWeakened" | "safetyClaimed" | "safetyStrengthened";

const HINT_RULES: Record<HintChange, {
  summary: string;
  rationale: string;
  title: string;
  old: JsonObject;
  new: JsonObject;
  key: string;
}> = {
  safetyWeakened: {
    summary:
      "A safety hint now says the tool is less safe (no longer read-only, destructive, not idempotent, open-world)",
    rationale:
      "Clients decide from the hints whether to ask the user before calling a tool; a tool that became destructive may now run without the confirmation it needs, or agents that retried it freely may now cause harm. Hints are compared by their effective value: an absent hint takes the specification's default (readOnlyHint false, destructiveHint true, idempotentHint false, openWorldHint true), so setting a hint to its default is no change; destructiveHint and idempotentHint count only while the tool is not read-only on both sides, as the specification says they mean nothing otherwise. POTENTIALLY_BREAKING, as for every surface that steers how a tool is chosen and gated; raise it to BREAKING with severity_overrides if your clients auto-approve by hints.",
    title: "destructiveHint false → true",
    old: { destructiveHint: false },
    new: { destructiveHint: true },
    key: "destructiveHint",
  },
  safetyClaimed: {
    summary:
      "A tool newly claims to be read-only (readOnlyHint true) or harmless (destructiveHint false)",
    rationale:
      "A client that trusts the hints may now call the tool without asking the user (auto-approval of read-only tools is common), so a reviewer must check the claim: if it is wrong, actions that used to need a confirmation now run unattended. Compared by effective value like safetyWeakened; POTENTIALLY_BREAKING because it changes how clients gate the tool, with its own id so it can be raised or ignored on its own.",
    title: "readOnlyHint false → true",
    old: {},
    new: { readOnlyHint: true },
    key: "readOnlyHint",
  },
  safetyStrengthened: {
    summary: "A tool newly says it is idempotent or closed-world",
    rationale:
      "Clients may retry an idempotent tool freely and treat a closed-world tool as touching nothing outside; both change how clients gate the tool, so a reviewer should check the new claim. Compared by effective value like safetyWeakened; POTENTIALLY_BREAKING as for every change of an effective hint.",
    title: "openWorldHint true → false",
    old: {},
    new: { openWorldHint: false },
    key: "openWorldHint",
  },
};

function hintRule(change: HintChange): Rule {
  const id = `tool.annotations.${change}`;
  const meta = HINT_RULES[change];
  return rule({
    id,
    severity: "POTENTIALLY_BREAKING",
    summary: meta.summary,
    rationale: meta.rationale,
    examples: [{
      title: meta.title,
      old: { tools: [del(meta.old)] },
      new: { tools: [del(meta.new)] },
      findings: [{
        rule: id,
        path: `delete_issue.annotations.${meta.key}`,
        severity: "POTENTIALLY_BREAKING",
      }],
    }],
    check({ pairs, report }) {
      for (const p of pairs.tools.paired) {
        const a = annotationsOf(p.old.annotations);
        const b = annotationsOf(p.new.annotations);
        const readOnly = [a, b].some((x) => effective(x, "readOnlyHint", false));
        for (const h of HINTS) {
          if (h.needsWrite && readOnly) continue;
          const before = effective(a, h.key, h.fallback);
          const after = effective(b, h.key, h.fallback);
          if (before === after) continue;
          const kind: HintChange = after !== h.safe
            ? "safetyWeakened"
            : h.claim
            ? "safetyClaimed"
            : "safetyStrengthened";
          if (kind !== change) continue;
          report({
            entity: { kind: "tool", name: p.id },
            path: `${p.id}.annotations.${h.key}`,
            pointer: b[h.key] === undefined
              ? at("tools", p.newIndex, ...(isObject(p.new.annotations) ? ["annotations"] : []))
              : at("tools", p.newIndex, "annotations", h.key),
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
  more: { examples?: RuleExample[]; grade?: typeof metaGrade } = {},
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
    }, ...(more.examples ?? [])],
    check({ pairs, report }) {
      for (const p of pairs.tools.paired) {
        const a = p.old[field];
        const b = p.new[field];
        if (jsonEqual(a, b)) continue;
        const graded = more.grade?.(a, b, true);
        const finding: Finding = {
          entity: { kind: "tool", name: p.id },
          path: `${p.id}.${field}`,
          pointer: at("tools", p.newIndex, field),
          message: `"${p.id}": ${field} changed${graded?.why ?? ""}`,
        };
        if (graded) finding.severity = graded.severity;
        if (a !== undefined) finding.old = a;
        if (b !== undefined) finding.new = b;
        report(finding);
      }
    },
  });
}

/** Annotation, icon and `_meta` rules. */
export const annotationRules: Rule[] = [
  hintRule("safetyWeakened"),
  hintRule("safetyClaimed"),
  hintRule("safetyStrengthened"),
  rule({
    id: "tool.annotations.unmodelled",
    severity: "BREAKING",
    summary: "An annotation Proxar does not model changed",
    rationale:
      "An annotation key is not a JSON Schema keyword but a field of the contract, so an unknown one that changed or went is graded like every other unknown contract field (tool.field.unmodelled): unmodelled means breaking, since clients that read an annotation of a later specification revision or a vendor may now treat the tool differently. An unknown annotation only added is POTENTIALLY_BREAKING: annotations are hints, clients that do not know the key ignore it, and what it tells clients that do cannot be graded, so it is reviewed but does not fail the build (chrome-devtools-mcp 1.0.1 → 1.11.0 added annotations.conditions to its tools). A known hint whose value is not a boolean (or a title that is not a string) is reported here too, since clients may read it either way.",
    examples: [{
      title: "a vendor annotation added",
      old: { tools: [del({})] },
      new: { tools: [del({ "x-risk": "high" })] },
      findings: [{
        rule: "tool.annotations.unmodelled",
        path: "delete_issue.annotations.x-risk",
        severity: "POTENTIALLY_BREAKING",
      }],
    }, {
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
              : a[key] === undefined
              ? `"${p.id}": annotation "${key}" added, which Proxar does not model: clients that do not know it ignore it, and what it tells clients that do cannot be graded`
              : `"${p.id}": annotation "${key}" ${
                b[key] === undefined ? "removed" : "changed"
              }, and Proxar does not model it`,
          };
          // Only added, an unknown hint asks nothing of clients that do not know it.
          if (!KNOWN.has(key) && a[key] === undefined) finding.severity = "POTENTIALLY_BREAKING";
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
    `${META_RATIONALE} MCP Apps' ui.visibility that comes to leave out "model" is BREAKING: hosts then keep the tool from the model, so agents can no longer call it.`,
    { "ui/resourceUri": "ui://issues/list" },
    { "ui/resourceUri": "ui://issues/table" },
    {
      grade: metaGrade,
      examples: [{
        title: "an MCP Apps UI added to a tool that had no _meta",
        old: { tools: [tool("get_issue", {}, [])] },
        new: { tools: [tool("get_issue", {}, [], { _meta: { ui: { resourceUri: "ui://i" } } })] },
        findings: [{
          rule: "tool.meta.changed",
          path: "get_issue._meta",
          severity: "NON_BREAKING",
        }],
      }, {
        title: "an empty _meta dropped",
        old: { tools: [tool("get_issue", {}, [], { _meta: {} })] },
        new: { tools: [tool("get_issue", {}, [])] },
        findings: [{
          rule: "tool.meta.changed",
          path: "get_issue._meta",
          severity: "NON_BREAKING",
        }],
      }, {
        title: "a _meta key Proxar does not know added",
        old: { tools: [tool("get_issue", {}, [], { _meta: { "_fastmcp": { tags: [] } } })] },
        new: {
          tools: [tool("get_issue", {}, [], {
            _meta: { "_fastmcp": { tags: [] }, "com.acme/routing": "eu" },
          })],
        },
        findings: [{
          rule: "tool.meta.changed",
          path: "get_issue._meta",
          severity: "POTENTIALLY_BREAKING",
        }],
      }, {
        title: "MCP Apps visibility now keeps the tool from the model",
        old: { tools: [tool("get_issue", {}, [], { _meta: { ui: { resourceUri: "ui://i" } } })] },
        new: {
          tools: [tool("get_issue", {}, [], {
            _meta: { ui: { resourceUri: "ui://i", visibility: ["app"] } },
          })],
        },
        findings: [{ rule: "tool.meta.changed", path: "get_issue._meta", severity: "BREAKING" }],
      }],
    },
  ),
];
