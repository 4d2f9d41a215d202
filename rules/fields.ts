/**
 * Entity fields that no rule models are reported as BREAKING, in the spirit of "unmodelled
 * means breaking": a field added by a future specification revision is visible on the day it
 * changes, never silently ignored. Which fields are modelled comes from `spec_fields.ts`; so do
 * the known keys of the nested objects (`execution`, resource `annotations`, prompt `arguments`).
 * @module
 */
import { ENTITY_LISTS } from "../core/contract.ts";
import { isObject, jsonEqual, type JsonObject, type JsonValue, pointerOf } from "../core/json.ts";
import type { Finding, Rule } from "../core/rule.ts";
import { at, rule, tool } from "./_define.ts";
import { modelledFields, type SpecDefinition } from "./spec_fields.ts";

const DEFINITIONS = {
  tools: "Tool",
  prompts: "Prompt",
  resources: "Resource",
  resourceTemplates: "ResourceTemplate",
} as const satisfies Record<string, SpecDefinition>;

/** Fields that other rules compare, per list. Everything else is unmodelled. */
export const MODELLED_FIELDS: Record<string, readonly string[]> = Object.fromEntries(
  Object.entries(DEFINITIONS).map(([list, def]) => [list, modelledFields(def)]),
);

/** Modelled fields holding an object whose own keys are checked the same way. */
const NESTED: Record<string, Record<string, SpecDefinition>> = {
  tools: { execution: "ToolExecution" },
  resources: { annotations: "Annotations" },
  resourceTemplates: { annotations: "Annotations" },
};

/** Values the rules of a modelled field can compare; any other value is unmodelled. */
const VALUES: Partial<Record<SpecDefinition, Record<string, (v: JsonValue) => boolean>>> = {
  ToolExecution: {
    taskSupport: (v) => v === "forbidden" || v === "optional" || v === "required",
  },
  Resource: { size: (v) => typeof v === "number" },
  Annotations: {
    audience: (v) => Array.isArray(v) && v.every((x) => typeof x === "string"),
    priority: (v) => typeof v === "number",
    lastModified: (v) => typeof v === "string",
  },
  Implementation: { websiteUrl: (v) => typeof v === "string" },
};

/** Whether a value of a modelled field is one its rules compare (else it is unmodelled). */
export function comparable(definition: SpecDefinition, field: string, value: unknown): boolean {
  const check = VALUES[definition]?.[field];
  return value === undefined || !check || check(value as JsonValue);
}

const SAMPLES: Record<string, JsonObject> = {
  tools: tool("search_issues"),
  prompts: { name: "triage" },
  resources: { uri: "file:///a.log", name: "a" },
  resourceTemplates: { uriTemplate: "file:///{d}.log", name: "d" },
};

/** One unmodelled difference: where it is, relative to the entity, and its two values. */
interface Difference {
  keys: string[];
  pointer: (string | number)[];
  /** The old entry's place, when another (a prompt argument that moved). */
  oldPointer?: (string | number)[];
  before: JsonValue | undefined;
  after: JsonValue | undefined;
  /** A key no rule models (not a modelled field holding a value its rules cannot compare). */
  unknown: boolean;
}

const get = (o: JsonObject, key: string) => (Object.hasOwn(o, key) ? o[key] : undefined);
const keysOf = (a: JsonObject, b: JsonObject) =>
  [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();

/** Differences of two objects at the keys not in `modelled`; `nested` keys are checked inside. */
function differences(
  a: JsonObject,
  b: JsonObject,
  modelled: ReadonlySet<string>,
  nested: Record<string, SpecDefinition> = {},
  valid: Record<string, (v: JsonValue) => boolean> = {},
): Difference[] {
  const out: Difference[] = [];
  for (const key of keysOf(a, b)) {
    const inner = nested[key];
    const check = valid[key];
    // A modelled field with nothing to look into is some other rule's: no need to compare it
    // (for a tool that is its schemas, the largest part of the contract).
    if (modelled.has(key) && !inner && !check) continue;
    const before = get(a, key);
    const after = get(b, key);
    if (jsonEqual(before, after)) continue;
    const wellFormed = (v: JsonValue | undefined) => v === undefined || !check || check(v);
    if (!modelled.has(key) || !wellFormed(before) || !wellFormed(after)) {
      out.push({ keys: [key], pointer: [key], before, after, unknown: !modelled.has(key) });
    } else if (inner) {
      const objectOrAbsent = (v: JsonValue | undefined) => v === undefined || isObject(v);
      if (!objectOrAbsent(before) || !objectOrAbsent(after)) {
        out.push({ keys: [key], pointer: [key], before, after, unknown: false });
        continue;
      }
      const known = new Set(modelledFields(inner));
      for (const d of differences(before ?? {}, after ?? {}, known, {}, VALUES[inner])) {
        out.push({ ...d, keys: [key, ...d.keys], pointer: [key, ...d.pointer] });
      }
    }
  }
  return out;
}

/** Unknown fields of the prompt arguments present on both sides, keyed by argument name. */
function argumentDifferences(a: JsonObject, b: JsonObject): Difference[] {
  const list = (v: JsonValue | undefined) => (Array.isArray(v) ? v.filter(isObject) : []);
  const after = list(b.arguments);
  const known = new Set(modelledFields("PromptArgument"));
  return list(a.arguments).flatMap((before, was) => {
    const index = after.findIndex((x) => x.name === before.name);
    if (index < 0) return [];
    return differences(before, after[index]!, known).map((d) => ({
      ...d,
      keys: ["arguments", String(before.name), ...d.keys],
      pointer: ["arguments", index, ...d.pointer],
      ...was !== index && { oldPointer: ["arguments", was, ...d.pointer] },
    }));
  });
}

function describe(d: Difference): string {
  return d.before === undefined ? "was added" : d.after === undefined ? "was removed" : "changed";
}

/**
 * Whether a difference is an unknown field only added: clients that do not know it ignore it,
 * so it is POTENTIALLY_BREAKING (reviewed, not failing the build) rather than BREAKING.
 */
const onlyAdded = (d: Difference) => d.unknown && d.before === undefined;

/** The message of a difference; `field` names it up to its key (`tool "t": field`). */
function message(field: string, d: Difference): string {
  return onlyAdded(d)
    ? `${field} "${
      d.keys.join(".")
    }" was added, which Proxar does not model: clients that do not know it ignore it, and what it tells clients that do cannot be graded`
    : d.unknown
    ? `${field} "${d.keys.join(".")}" ${describe(d)}, and Proxar does not model it`
    : `${field} "${d.keys.join(".")}" ${
      describe(d)
    }, and Proxar cannot compare it: a value has a shape the specification does not define`;
}

const RATIONALE =
  "Proxar cannot tell whether a change to a field it does not understand is safe, so a field it does not model that changed or went is reported at the strictest level rather than let pass silently. Every field of the MCP specification through revision 2026-07-28 is modelled by a rule of its own (see rules/spec_fields.ts); this rule catches vendor fields, fields of later revisions, unknown keys inside modelled objects (tool execution, resource annotations, prompt arguments), and a modelled field holding a value its rules cannot compare (an execution.taskSupport the specification does not define, a size or priority that is not a number). An unknown field only added is POTENTIALLY_BREAKING, for tools, prompts, resources and resource templates alike, as an unknown tool annotation only added is: clients that do not know the field ignore it, so every call that worked still works, and what it tells clients that do cannot be graded, so it is reviewed but does not fail the build (@cyanheads/git-mcp-server added examples to its resources). A modelled field added with a value its rules cannot compare stays BREAKING. Override the severity or ignore it for a field you know to be harmless.";

/** `tool.field.unmodelled` and its siblings. */
export const fieldRules: Rule[] = [
  ...ENTITY_LISTS.map((list) => {
    const id = `${list.kind}.field.unmodelled`;
    const modelled = new Set(MODELLED_FIELDS[list.list]);
    const sample = SAMPLES[list.list]!;
    const name = String(sample[list.key]);
    return rule({
      id,
      severity: "BREAKING",
      summary: `A ${list.kind} field that Proxar does not model changed`,
      rationale: RATIONALE,
      examples: [{
        title: "a vendor field changed",
        old: { [list.list]: [{ ...sample, "x-vendor": 1 }] },
        new: { [list.list]: [{ ...sample, "x-vendor": 2 }] },
        findings: [{ rule: id, path: `${name}.x-vendor`, severity: "BREAKING" }],
      }, {
        title: "a vendor field added",
        old: { [list.list]: [sample] },
        new: { [list.list]: [{ ...sample, examples: ["a"] }] },
        findings: [{ rule: id, path: `${name}.examples`, severity: "POTENTIALLY_BREAKING" }],
      }],
      check({ pairs, report }) {
        for (const p of pairs[list.list].paired) {
          const a = p.old as unknown as JsonObject;
          const b = p.new as unknown as JsonObject;
          const def = DEFINITIONS[list.list];
          const found = differences(a, b, modelled, NESTED[list.list], VALUES[def]);
          if (list.list === "prompts") found.push(...argumentDifferences(a, b));
          for (const d of found) {
            const finding: Finding = {
              entity: { kind: list.kind, name: p.id },
              path: [p.id, ...d.keys].join("."),
              pointer: at(list.list, p.newIndex, ...d.pointer),
              message: message(`${list.kind} "${p.id}": field`, d),
            };
            const old = at(list.list, p.oldIndex, ...d.oldPointer ?? d.pointer);
            if (old !== finding.pointer) finding.oldPointer = old;
            if (onlyAdded(d)) finding.severity = "POTENTIALLY_BREAKING";
            if (d.before !== undefined) finding.old = d.before;
            if (d.after !== undefined) finding.new = d.after;
            report(finding);
          }
        }
      },
    });
  }),
  rule({
    id: "server.field.unmodelled",
    severity: "BREAKING",
    summary: "A field of the server information that Proxar does not model changed",
    rationale:
      "serverInfo describes the implementation (the specification's Implementation: a name, version and title for display): no model reads it, and no client is known to act on a field the specification does not define there. So an unknown field of serverInfo added, changed or removed is POTENTIALLY_BREAKING, reviewed and never silent but not failing the build: @openai/codex writes the connecting client's name and version into serverInfo.user_agent, so every release, and every upgrade of the client, changed it and failed the diff; @stripe/mcp 0.2.3 → 0.2.5 added a key inside serverInfo.configuration; next-devtools-mcp 0.2.6 and @angular/cli 20.1.6 wrote their capabilities and instructions into serverInfo by mistake and later dropped them. A field the specification defines holding a value its rules cannot compare (websiteUrl 5) stays BREAKING. Unknown fields of tools, prompts and resources stay BREAKING when changed or removed: clients do read some (claude-code's shouldDefer decides whether a tool is loaded). Compared only when both contracts carry server information.",
    examples: [{
      title: "a vendor field of serverInfo changed",
      old: { server: { name: "issues-mcp", version: "1.0.0", "x-region": "eu" }, tools: [] },
      new: { server: { name: "issues-mcp", version: "1.0.0", "x-region": "us" }, tools: [] },
      findings: [{
        rule: "server.field.unmodelled",
        path: "server.serverInfo.x-region",
        severity: "POTENTIALLY_BREAKING",
      }],
    }, {
      title: "a vendor field of serverInfo added",
      old: { server: { name: "issues-mcp", version: "1.0.0" }, tools: [] },
      new: { server: { name: "issues-mcp", version: "1.0.0", "x-region": "eu" }, tools: [] },
      findings: [{
        rule: "server.field.unmodelled",
        path: "server.serverInfo.x-region",
        severity: "POTENTIALLY_BREAKING",
      }],
    }],
    check({ old, new: next, report }) {
      if (old.server.name === "unknown" || next.server.name === "unknown") return;
      const a = old.server as unknown as JsonObject;
      const b = next.server as unknown as JsonObject;
      const known = new Set(modelledFields("Implementation"));
      for (const d of differences(a, b, known, {}, VALUES.Implementation)) {
        const finding: Finding = {
          entity: { kind: "server", name: next.server.name },
          path: `server.serverInfo.${d.keys.join(".")}`,
          pointer: pointerOf(["server", d.keys[0]!]),
          message: message("Server information field", d),
        };
        // Informational: an unknown field is reviewed, whether added, changed or removed.
        if (d.unknown) finding.severity = "POTENTIALLY_BREAKING";
        if (d.before !== undefined) finding.old = d.before;
        if (d.after !== undefined) finding.new = d.after;
        report(finding);
      }
    },
  }),
];
