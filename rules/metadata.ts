/**
 * Rules about the metadata of prompts, resources, resource templates and the server: icons,
 * `_meta`, a resource's size and annotations (audience, priority, lastModified), the server's
 * website. Tools have their own in `annotations.ts`.
 * @module
 */
import { isObject, jsonEqual, type JsonObject, type JsonValue, pointerOf } from "../core/json.ts";
import type { Finding, Rule, RuleExample } from "../core/rule.ts";
import type { Severity } from "../core/severity.ts";
import { at, rule } from "./_define.ts";
import { comparable } from "./fields.ts";
import { META_RATIONALE, type MetaGrade, metaGrade } from "./_meta_keys.ts";
import type { SpecDefinition } from "./spec_fields.ts";

const LISTS = {
  prompt: { list: "prompts", noun: "prompt", def: "Prompt", sample: { name: "triage" } },
  resource: {
    list: "resources",
    noun: "resource",
    def: "Resource",
    sample: { uri: "file:///a.log", name: "a" },
  },
  resourceTemplate: {
    list: "resourceTemplates",
    noun: "resource template",
    def: "ResourceTemplate",
    sample: { uriTemplate: "file:///{d}.log", name: "d" },
  },
} as const;
type Kind = keyof typeof LISTS;

/** How one field is read, compared and shown. */
interface FieldSpec {
  /** Field path below the entity: `["annotations", "priority"]`. */
  field: readonly string[];
  /** The id part after the kind: `annotations.priority.changed`. */
  aspect: string;
  severity: Severity;
  summary: string;
  rationale: string;
  before: JsonValue;
  after: JsonValue;
  /** Equal for the clients (such as an audience in another order); jsonEqual otherwise. */
  same?: (a: JsonValue | undefined, b: JsonValue | undefined) => boolean;
  /** A grade of its own for some changes (see `_meta_keys.ts`), with the clause saying why. */
  grade?: (a: JsonValue | undefined, b: JsonValue | undefined) => MetaGrade | undefined;
  /** More examples, built for the kind. */
  more?: (kind: Kind) => RuleExample[];
}

function read(entity: JsonObject, field: readonly string[]): JsonValue | undefined {
  let value: JsonValue | undefined = entity;
  for (const key of field) {
    value = isObject(value) && Object.hasOwn(value, key) ? value[key] : undefined;
  }
  return value;
}

/** The definition that holds the last key of `field`, for {@link comparable}. */
function holder(kind: Kind, field: readonly string[]): SpecDefinition {
  return field.length > 1 ? "Annotations" : LISTS[kind].def;
}

/** Holding `value` at `field`, built from the kind's sample. */
function holding(kind: Kind, field: readonly string[], value: JsonValue): JsonObject {
  const { list, sample } = LISTS[kind];
  const entry: JsonObject = { ...sample };
  if (field.length === 0) return { [list]: [entry] };
  if (field.length === 1) entry[field[0]!] = value;
  else entry[field[0]!] = { [field[1]!]: value };
  return { [list]: [entry] };
}

function listFieldRule(kind: Kind, spec: FieldSpec): Rule {
  const { list, noun } = LISTS[kind];
  const id = `${kind}.${spec.aspect}`;
  const dotted = spec.field.join(".");
  const sampleId = String(Object.values(LISTS[kind].sample)[0]);
  const same = spec.same ?? jsonEqual;
  return rule({
    id,
    severity: spec.severity,
    summary: `A ${noun}'s ${dotted} changed`,
    rationale: spec.rationale,
    examples: [{
      title: spec.summary,
      old: holding(kind, spec.field, spec.before),
      new: holding(kind, spec.field, spec.after),
      findings: [{ rule: id, path: `${sampleId}.${dotted}`, severity: spec.severity }],
    }, ...(spec.more?.(kind) ?? [])],
    check({ pairs, report }) {
      const def = holder(kind, spec.field);
      const last = spec.field[spec.field.length - 1]!;
      for (const p of pairs[list].paired) {
        const a = read(p.old as unknown as JsonObject, spec.field);
        const b = read(p.new as unknown as JsonObject, spec.field);
        if (same(a, b) || !comparable(def, last, a) || !comparable(def, last, b)) continue;
        const present = spec.field.filter((_, i) =>
          read(p.new as unknown as JsonObject, spec.field.slice(0, i + 1)) !== undefined
        );
        const graded = spec.grade?.(a, b);
        const finding: Finding = {
          entity: { kind, name: p.id },
          path: `${p.id}.${dotted}`,
          pointer: at(list, p.newIndex, ...present),
          message: `${noun[0]!.toUpperCase()}${noun.slice(1)} "${p.id}": "${dotted}" ${
            a === undefined ? "was added" : b === undefined ? "was removed" : "changed"
          }${graded?.why ?? ""}`,
        };
        if (graded) finding.severity = graded.severity;
        if (a !== undefined) finding.old = a;
        if (b !== undefined) finding.new = b;
        report(finding);
      }
    },
  });
}

const ICONS = (noun: string): Omit<FieldSpec, "field"> => ({
  aspect: "icons.changed",
  severity: "DOCUMENTATION",
  summary: `A ${noun}'s icons changed`,
  rationale: "Icons are shown to people, not models; listed for review.",
  before: [{ src: "https://example.com/a.png" }],
  after: [{ src: "https://example.com/b.png" }],
});

const META: Omit<FieldSpec, "field"> = {
  aspect: "meta.changed",
  severity: "POTENTIALLY_BREAKING",
  summary: "_meta changed",
  rationale: META_RATIONALE,
  before: { "example.com/owner": "search" },
  after: { "example.com/owner": "billing" },
  grade: (a, b) => metaGrade(a, b, false),
  more: (kind) => {
    const path = `${String(Object.values(LISTS[kind].sample)[0])}._meta`;
    const rule = `${kind}.meta.changed`;
    return [{
      title: "_meta added with keys Proxar knows only offer more",
      old: holding(kind, [], null),
      new: holding(kind, ["_meta"], { _fastmcp: { tags: ["logs"] } }),
      findings: [{ rule, path, severity: "NON_BREAKING" }],
    }, {
      title: "_meta added with a key Proxar does not know",
      old: holding(kind, [], null),
      new: holding(kind, ["_meta"], { "com.acme/owner": "search" }),
      findings: [{ rule, path, severity: "POTENTIALLY_BREAKING" }],
    }];
  },
};

const sortedSet = (v: JsonValue | undefined) =>
  Array.isArray(v) ? JSON.stringify([...new Set(v.map(String))].sort()) : JSON.stringify(v);

function annotationSpecs(): FieldSpec[] {
  return [
    {
      field: ["annotations", "audience"],
      aspect: "annotations.audience.changed",
      severity: "POTENTIALLY_BREAKING",
      summary: "audience [user, assistant] → [user]",
      rationale:
        'The audience says who the content is for ("user", "assistant"); clients use it to decide whether a model sees the content at all, so a change can take context away from the model or give it new context. Compared as a set: the order of the entries is no change.',
      before: ["user", "assistant"],
      after: ["user"],
      same: (a, b) => sortedSet(a) === sortedSet(b),
    },
    {
      field: ["annotations", "priority"],
      aspect: "annotations.priority.changed",
      severity: "POTENTIALLY_BREAKING",
      summary: "priority 1 → 0.2",
      rationale:
        'Priority (1 "effectively required", 0 "entirely optional") is what clients use to choose which resources go into a model\'s context; a change in either direction can change what the model sees.',
      before: 1,
      after: 0.2,
    },
    {
      field: ["annotations", "lastModified"],
      aspect: "annotations.lastModified.changed",
      severity: "DOCUMENTATION",
      summary: "lastModified moved",
      rationale:
        "The time the content last changed; it moves with every edit and does not change how the resource is used.",
      before: "2026-01-12T15:00:58Z",
      after: "2026-02-01T09:30:00Z",
    },
  ];
}

function kindRules(kind: Kind): Rule[] {
  const specs: FieldSpec[] = [
    { field: ["icons"], ...ICONS(LISTS[kind].noun) },
    { field: ["_meta"], ...META },
  ];
  if (kind !== "prompt") specs.push(...annotationSpecs());
  if (kind === "resource") {
    specs.push({
      field: ["size"],
      aspect: "size.changed",
      severity: "DOCUMENTATION",
      summary: "size 2048 → 4096",
      rationale:
        "The size of the content in bytes, shown to people and used to estimate context use; it moves whenever the content changes and does not change how the resource is read.",
      before: 2048,
      after: 4096,
    });
  }
  return specs.map((s) => listFieldRule(kind, s));
}

const SERVER = { name: "issues-mcp", version: "1.0.0" };

function serverFieldRule(field: "icons" | "websiteUrl", before: JsonValue, after: JsonValue) {
  const id = `server.${field}.changed`;
  const path = `server.serverInfo.${field}`;
  return rule({
    id,
    severity: "DOCUMENTATION",
    summary: `The server's ${field} changed`,
    rationale: field === "icons"
      ? "Icons are shown to people, not models; listed for review."
      : "The website is shown to people; it does not change what the server does.",
    examples: [{
      title: `${field} changed`,
      old: { server: { ...SERVER, [field]: before }, tools: [] },
      new: { server: { ...SERVER, [field]: after }, tools: [] },
      findings: [{ rule: id, path, severity: "DOCUMENTATION" }],
    }],
    check({ old, new: next, report }) {
      if (old.server.name === "unknown" || next.server.name === "unknown") return;
      const a = old.server[field];
      const b = next.server[field];
      if (jsonEqual(a, b)) return;
      if (!comparable("Implementation", field, a) || !comparable("Implementation", field, b)) {
        return;
      }
      const finding: Finding = {
        entity: { kind: "server", name: next.server.name },
        path,
        pointer: b === undefined ? "/server" : pointerOf(["server", field]),
        message: `Server "${field}" ${
          a === undefined ? "was added" : b === undefined ? "was removed" : "changed"
        }`,
      };
      if (a !== undefined) finding.old = a;
      if (b !== undefined) finding.new = b;
      report(finding);
    },
  });
}

/** Icons, `_meta`, size and annotation rules of prompts, resources, templates; server icons and website. */
export const metadataRules: Rule[] = [
  ...kindRules("prompt"),
  ...kindRules("resource"),
  ...kindRules("resourceTemplate"),
  serverFieldRule("icons", [{ src: "https://example.com/a.png" }], [{
    src: "https://example.com/b.png",
  }]),
  serverFieldRule("websiteUrl", "https://example.com/issues", "https://example.com/tracker"),
];
