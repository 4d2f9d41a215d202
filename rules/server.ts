/**
 * Rules about the server itself: identity, protocol version and capabilities.
 * @module
 */
import { isObject, jsonEqual, type JsonObject, type JsonValue } from "../core/json.ts";
import type { Contract } from "../core/contract.ts";
import type { Finding, Rule } from "../core/rule.ts";
import { pointerOf } from "../core/json.ts";
import { rule } from "./_define.ts";

const server = (version: string, extra: JsonObject = {}) => ({
  server: { name: "issues-mcp", version },
  tools: [],
  ...extra,
});

const known = (value: string | undefined) => value !== undefined && value !== "unknown";

function entity(contract: Contract): Finding["entity"] {
  return { kind: "server", name: contract.server.name };
}

type CapabilityEvent = { key: string; before?: JsonValue; after?: JsonValue };

/** Top-level capabilities, compared only when both contracts declare capabilities. */
function capabilityEvents(old: Contract, next: Contract): CapabilityEvent[] {
  if (!old.capabilities || !next.capabilities) return [];
  const a = old.capabilities;
  const b = next.capabilities;
  return [...new Set([...Object.keys(a), ...Object.keys(b)])].sort().flatMap((key) => {
    const before = Object.hasOwn(a, key) ? a[key] : undefined;
    const after = Object.hasOwn(b, key) ? b[key] : undefined;
    if (jsonEqual(before, after)) return [];
    const e: CapabilityEvent = { key };
    if (before !== undefined) e.before = before;
    if (after !== undefined) e.after = after;
    return [e];
  });
}

function scalarRule(
  id: string,
  field: "name" | "version" | "protocolVersion",
  severity: "POTENTIALLY_BREAKING" | "DOCUMENTATION",
  rationale: string,
): Rule {
  const read = (c: Contract) => field === "protocolVersion" ? c.protocolVersion : c.server[field];
  const path = field === "protocolVersion"
    ? "server.protocolVersion"
    : `server.serverInfo.${field}`;
  const pointer = field === "protocolVersion" ? "/protocolVersion" : `/server/${field}`;
  const example = field === "name"
    ? {
      old: server("1.0.0"),
      new: { ...server("1.0.0"), server: { name: "tracker-mcp", version: "1.0.0" } },
    }
    : field === "version"
    ? { old: server("1.0.0"), new: server("1.1.0") }
    : {
      old: server("1.0.0", { protocolVersion: "2025-03-26" }),
      new: server("1.0.0", { protocolVersion: "2025-06-18" }),
    };
  return rule({
    id,
    severity,
    summary: `The server's ${field} changed`,
    rationale,
    examples: [{
      title: `${field} changed`,
      ...example,
      findings: [{ rule: id, path, severity }],
    }],
    check({ old, new: next, report }) {
      const before = read(old);
      const after = read(next);
      if (!known(before) || !known(after) || before === after) return;
      report({
        entity: entity(next),
        path,
        pointer,
        old: before!,
        new: after!,
        message: `Server ${field} changed from "${before}" to "${after}"`,
      });
    },
  });
}

/** Server rules. */
export const serverRules: Rule[] = [
  scalarRule(
    "server.name.changed",
    "name",
    "POTENTIALLY_BREAKING",
    "Clients and configurations refer to servers by name; tool names are often prefixed with it.",
  ),
  scalarRule(
    "server.version.changed",
    "version",
    "DOCUMENTATION",
    "A new version is expected with any change; it is listed so a report shows which versions were compared.",
  ),
  scalarRule(
    "server.protocolVersion.changed",
    "protocolVersion",
    "POTENTIALLY_BREAKING",
    "Clients that do not support the new protocol revision negotiate down or fail to connect.",
  ),
  rule({
    id: "server.capability.removed",
    severity: "BREAKING",
    summary: "The server no longer announces a capability",
    rationale:
      "Clients stop asking for what the capability covers (prompts, resources, logging …), so features agents used disappear. Compared only when both contracts record capabilities.",
    examples: [{
      title: "prompts capability dropped",
      old: server("1.0.0", { capabilities: { tools: {}, prompts: {} } }),
      new: server("1.0.0", { capabilities: { tools: {} } }),
      findings: [{
        rule: "server.capability.removed",
        path: "server.capabilities.prompts",
        severity: "BREAKING",
      }],
    }],
    check({ old, new: next, report }) {
      for (const e of capabilityEvents(old, next)) {
        if (e.after !== undefined) continue;
        report({
          entity: entity(next),
          path: `server.capabilities.${e.key}`,
          pointer: "/capabilities",
          old: e.before!,
          message: `The server no longer announces the "${e.key}" capability`,
        });
      }
    },
  }),
  rule({
    id: "server.capability.added",
    severity: "NON_BREAKING",
    summary: "The server announces a new capability",
    rationale: "Clients that do not use it are unaffected.",
    examples: [{
      title: "resources capability added",
      old: server("1.0.0", { capabilities: { tools: {} } }),
      new: server("1.0.0", { capabilities: { tools: {}, resources: {} } }),
      findings: [{
        rule: "server.capability.added",
        path: "server.capabilities.resources",
        severity: "NON_BREAKING",
      }],
    }],
    check({ old, new: next, report }) {
      for (const e of capabilityEvents(old, next)) {
        if (e.before !== undefined) continue;
        report({
          entity: entity(next),
          path: `server.capabilities.${e.key}`,
          pointer: pointerOf(["capabilities", e.key]),
          new: e.after!,
          message: `The server now announces the "${e.key}" capability`,
        });
      }
    },
  }),
  rule({
    id: "server.capability.changed",
    severity: "POTENTIALLY_BREAKING",
    summary: "The options of a capability changed",
    rationale:
      "Flags such as listChanged and subscribe decide whether clients are told about changes; turning one off leaves clients with stale lists.",
    examples: [{
      title: "listChanged turned off",
      old: server("1.0.0", { capabilities: { tools: { listChanged: true } } }),
      new: server("1.0.0", { capabilities: { tools: { listChanged: false } } }),
      findings: [{
        rule: "server.capability.changed",
        path: "server.capabilities.tools",
        severity: "POTENTIALLY_BREAKING",
      }],
    }],
    check({ old, new: next, report }) {
      for (const e of capabilityEvents(old, next)) {
        if (e.before === undefined || e.after === undefined) continue;
        const keys = isObject(e.before) && isObject(e.after)
          ? [...new Set([...Object.keys(e.before), ...Object.keys(e.after)])].sort().filter((k) =>
            !jsonEqual((e.before as JsonObject)[k], (e.after as JsonObject)[k])
          )
          : [];
        report({
          entity: entity(next),
          path: `server.capabilities.${e.key}`,
          pointer: pointerOf(["capabilities", e.key]),
          old: e.before,
          new: e.after,
          message: `The "${e.key}" capability changed${
            keys.length > 0 ? ` (${keys.join(", ")})` : ""
          }`,
        });
      }
    },
  }),
];
