/**
 * Rules about the server itself: identity, protocol version and capabilities.
 * @module
 */
import { isObject, jsonEqual, type JsonObject, type JsonValue } from "../core/json.ts";
import { type Contract, recorded } from "../core/contract.ts";
import type { Finding, Rule, RuleMeta } from "../core/rule.ts";
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

type CapabilityEvent = {
  /** Dotted name: `prompts`, `extensions.io.modelcontextprotocol/tasks`. */
  key: string;
  /** Pointer tokens below `/capabilities`. */
  tokens: string[];
  before?: JsonValue;
  after?: JsonValue;
};

/** Capabilities whose entries are capabilities of their own (named extensions). */
const MAPS = new Set(["experimental", "extensions"]);

function events(a: JsonObject, b: JsonObject, prefix: string[]): CapabilityEvent[] {
  return [...new Set([...Object.keys(a), ...Object.keys(b)])].sort().flatMap((key) => {
    const before = Object.hasOwn(a, key) ? a[key] : undefined;
    const after = Object.hasOwn(b, key) ? b[key] : undefined;
    if (jsonEqual(before, after)) return [];
    if (prefix.length === 0 && jsonEqual(offersOn(key, before), offersOn(key, after))) return [];
    const tokens = [...prefix, key];
    if (prefix.length === 0 && MAPS.has(key) && isObject(before) && isObject(after)) {
      return events(before, after, tokens);
    }
    const e: CapabilityEvent = { key: tokens.join("."), tokens };
    if (before !== undefined) e.before = before;
    if (after !== undefined) e.after = after;
    return [e];
  });
}

/**
 * Top-level capabilities, and the entries of `experimental` and `extensions` one by one;
 * compared only when both contracts declare capabilities.
 */
function capabilityEvents(old: Contract, next: Contract): CapabilityEvent[] {
  if (!old.capabilities || !next.capabilities) return [];
  return events(old.capabilities, next.capabilities, []);
}

/**
 * The options the MCP specification defines as offers, by capability: turned on, they only offer
 * clients more (list notifications, resource subscriptions).
 */
const OFFERS: Readonly<Record<string, readonly string[]>> = {
  prompts: ["listChanged"],
  resources: ["listChanged", "subscribe"],
  tools: ["listChanged"],
};

/**
 * A top-level capability's options without the offers it sets to false: the specification reads
 * an offer left out as not made, so `{}` and `{listChanged: false}` announce the same (context7
 * 3.2.5 → 4.1.1 wrote `prompts: {}` as `{listChanged: false}`). Other values as they are.
 */
function offersOn(key: string, value: JsonValue | undefined): JsonValue | undefined {
  const offers = Object.hasOwn(OFFERS, key) ? OFFERS[key]! : undefined;
  if (offers === undefined || !isObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value).filter(([option, on]) => !(offers.includes(option) && on === false)),
  );
}

/** Whether an option of a capability event is an offer the specification defines for it. */
function isOffer(e: CapabilityEvent, option: string): boolean {
  return e.tokens.length === 1 && Object.hasOwn(OFFERS, e.key) && OFFERS[e.key]!.includes(option);
}

/**
 * The options the MCP specification defines for each top-level capability (revisions 2025-11-25
 * and 2026-07-28); an option of a capability not listed here (an experimental or extension
 * entry) is its author's.
 */
const SPEC_OPTIONS: Readonly<Record<string, readonly string[]>> = {
  completions: [],
  logging: [],
  prompts: ["listChanged"],
  resources: ["listChanged", "subscribe"],
  tasks: ["cancel", "list", "requests"],
  tools: ["listChanged"],
};

/**
 * What `server.capability.changed` says of the options that changed: their names, and for a
 * top-level capability those the specification does not define, which no client can be known
 * to read or ignore.
 */
function optionsChanged(e: CapabilityEvent, options: string[]): string {
  const defined = e.tokens.length === 1 && Object.hasOwn(SPEC_OPTIONS, e.key)
    ? SPEC_OPTIONS[e.key]!
    : undefined;
  const foreign = defined === undefined ? [] : options.filter((o) => !defined.includes(o));
  if (foreign.length === 0) {
    return options.length > 0 ? ` (${options.join(", ")})` : "";
  }
  const known = options.filter((o) => !foreign.includes(o));
  const what = foreign.length === 1
    ? "an option the MCP specification does not define"
    : "options the MCP specification does not define";
  return ` (${known.map((o) => `${o}; `).join("")}${
    foreign.join(", ")
  }: ${what} for ${e.key}, so what clients that read ${
    foreign.length === 1 ? "it" : "them"
  } gain or lose cannot be told)`;
}

/**
 * The options that differ between two option objects, sorted; none when either is not one. An
 * offer of a standard capability left out on one side and false on the other does not differ.
 */
function differingOptions(e: CapabilityEvent): string[] {
  const [a, b] = [e.before, e.after];
  if (!isObject(a) || !isObject(b)) return [];
  const off = (v: JsonValue | undefined) => v === undefined || v === false;
  return [...new Set([...Object.keys(a), ...Object.keys(b)])].sort()
    .filter((k) => !jsonEqual(a[k], b[k]) && !(isOffer(e, k) && off(a[k]) && off(b[k])));
}

/** What clients lose when an offer is turned off. */
const LOST: Readonly<Record<string, string>> = {
  listChanged: "clients are no longer told when the list changes",
  subscribe: "clients can no longer subscribe to updates of a resource",
};

/** Whether `e` turned offer `option` on (`to` true) or off: absent or false on one side, true on the other. */
function flipped(e: CapabilityEvent, option: string, to: boolean): boolean {
  const [from, into] = to ? [e.before, e.after] : [e.after, e.before];
  if (!isObject(from) || !isObject(into) || !isOffer(e, option)) return false;
  return (from[option] === undefined || from[option] === false) && into[option] === true;
}

/**
 * The offers the specification defines for a capability that a change turned on, whatever else it
 * changed: each option is graded for what it is, in either direction, so a change reads as its
 * mirror does. Offers turned off are findings of their own (listChanged,
 * server.capability.changed; subscribe, which takes requests away,
 * server.capability.requestRemoved), and so are options the specification does not define
 * (server.capability.changed): `{subscribe: true, foo: 1}` → `{listChanged: true}` is subscribe
 * turned off, foo dropped and listChanged turned on, three findings, as its mirror is listChanged
 * turned off beside foo added (one server.capability.changed) and subscribe turned on. Undefined
 * when none (entries of experimental and extensions define their own options: never an offer).
 */
function turnedOn(e: CapabilityEvent): string[] | undefined {
  const on = differingOptions(e).filter((k) => flipped(e, k, true));
  return on.length > 0 ? on : undefined;
}

/**
 * The offers that carry requests of their own, by capability, with the requests: a server that
 * stops offering one answers them as unknown methods.
 */
const REQUEST_OFFERS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  resources: { subscribe: "resources/subscribe and resources/unsubscribe" },
};

/**
 * The offers carrying requests that a capability kept on both sides turned off (true before,
 * left out or false after); undefined when none.
 */
function requestsTakenAway(e: CapabilityEvent): string[] | undefined {
  const after = e.after;
  if (!isObject(after)) return undefined;
  const taken = requestsOffered(e)
    .filter((option) => after[option] === undefined || after[option] === false);
  return taken.length > 0 ? taken : undefined;
}

/** The offers carrying requests that a top-level capability turned on before the change. */
function requestsOffered(e: CapabilityEvent): string[] {
  const offers = e.tokens.length === 1 && Object.hasOwn(REQUEST_OFFERS, e.key)
    ? REQUEST_OFFERS[e.key]!
    : undefined;
  const before = e.before;
  if (offers === undefined || !isObject(before)) return [];
  return Object.keys(offers).filter((option) => before[option] === true);
}

/**
 * The options of a capability present on both sides changed in a way that is not only offers
 * turned on; the offers turned on beside offers turned off, and an offer that took requests away,
 * are left to their own rules.
 */
function otherOptionChange(e: CapabilityEvent): string[] | undefined {
  if (e.before === undefined || e.after === undefined) return undefined;
  const [on, taken] = [turnedOn(e), requestsTakenAway(e)];
  if (on === undefined && taken === undefined) return differingOptions(e);
  const rest = differingOptions(e).filter((k) => !on?.includes(k) && !taken?.includes(k));
  return rest.length > 0 ? rest : undefined;
}

/** The contract lists each standard capability announces. */
const LISTS: Readonly<
  Record<string, readonly ("tools" | "prompts" | "resources" | "resourceTemplates")[]>
> = {
  prompts: ["prompts"],
  resources: ["resources", "resourceTemplates"],
  tools: ["tools"],
};

/**
 * How much dropping a capability takes away when the old contract listed nothing under it: a
 * tools or prompts capability with no option turned on, nothing (NON_BREAKING); one that
 * announced `listChanged`, maybe the entries it said it adds at run time, and resources, maybe
 * the resources a server reads by URI without listing them, such as links its tools return
 * (POTENTIALLY_BREAKING, with the clause that says why). Undefined when the old lists held
 * entries, or for any other capability: then the rule's BREAKING stands.
 */
function emptyRemoval(
  e: CapabilityEvent,
  old: Contract,
): { severity: "NON_BREAKING" | "POTENTIALLY_BREAKING"; why: string } | undefined {
  const lists = e.tokens.length === 1 && Object.hasOwn(LISTS, e.key) ? LISTS[e.key] : undefined;
  if (lists === undefined || lists.some((list) => old[list].length > 0)) return undefined;
  const unknown = lists.filter((list) => !recorded(old, list));
  if (unknown.length > 0) {
    return {
      severity: "POTENTIALLY_BREAKING",
      why: `; the old contract does not record ${
        unknown.join(" or ")
      } (the list is left out, not empty), so whether the server served any cannot be told`,
    };
  }
  // An offer of requests dropped with the capability is graded as dropped alone: BREAKING.
  if (requestsOffered(e).length > 0) return undefined;
  const listed = ", under which the old contract listed nothing";
  if (e.key === "resources") {
    return {
      severity: "POTENTIALLY_BREAKING",
      why:
        `${listed}; clients may still have read resources by URI, such as links its tools returned`,
    };
  }
  const before = e.before;
  // An option set to anything but false (listChanged: true, or one the spec does not define).
  const options = isObject(before)
    ? Object.keys(before).filter((k) => before[k] !== false && before[k] !== null)
    : [];
  if (options.length > 0) {
    return {
      severity: "POTENTIALLY_BREAKING",
      why: `${listed}, but which announced ${options.join(", ")}: entries added at run time go too`,
    };
  }
  return { severity: "NON_BREAKING", why: listed };
}

/**
 * Dropping an `experimental` or `extensions` capability that was an empty object: it named no
 * capability, so none went away (NON_BREAKING). Undefined for others, a non-empty map (each of
 * its entries is a capability that went) and a value that is not an object.
 */
function emptyMapRemoval(
  e: CapabilityEvent,
): { severity: "NON_BREAKING"; why: string } | undefined {
  if (e.tokens.length !== 1 || !MAPS.has(e.key)) return undefined;
  if (!isObject(e.before) || Object.keys(e.before).length > 0) return undefined;
  return {
    severity: "NON_BREAKING",
    why: `, which was empty: it named no ${e.key} capability, so none went away`,
  };
}

/** Capabilities the MCP specification defines for clients only (ClientCapabilities). */
const CLIENT_ONLY: readonly string[] = ["elicitation", "roots", "sampling"];

/**
 * Dropping `completions` when the old contract gave it nothing to complete: completion/complete
 * suggests values for an argument of a prompt or a variable of a resource template, which a
 * client names from the lists. No prompt with arguments and no template listed: nothing
 * (NON_BREAKING), as for an empty tools or prompts capability; but a prompts or resources
 * capability that announced listChanged may add some at run time, and a list left out may hold
 * some (POTENTIALLY_BREAKING). Undefined (BREAKING stands) when something could be completed.
 */
function completionsRemoval(
  e: CapabilityEvent,
  old: Contract,
): { severity: "NON_BREAKING" | "POTENTIALLY_BREAKING"; why: string } | undefined {
  if (e.tokens.length !== 1 || e.key !== "completions") return undefined;
  const completable = old.prompts.some((p) => (p.arguments ?? []).length > 0) ||
    old.resourceTemplates.length > 0;
  if (completable) return undefined;
  const unknown = (["prompts", "resourceTemplates"] as const).filter((l) => !recorded(old, l));
  if (unknown.length > 0) {
    return {
      severity: "POTENTIALLY_BREAKING",
      why: `; the old contract does not record ${
        unknown.join(" or ")
      } (the list is left out, not empty), so whether it completed anything cannot be told`,
    };
  }
  const none = "the old contract listed no prompt with arguments and no resource template";
  const caps = old.capabilities ?? {};
  const growing = (["prompts", "resources"] as const).filter((k) => {
    const value = caps[k];
    return isObject(value) && value.listChanged === true;
  });
  if (growing.length > 0) {
    return {
      severity: "POTENTIALLY_BREAKING",
      why: `; ${none}, but ${
        growing.join(" and ")
      } announced listChanged, so ones added at run time could have been completed`,
    };
  }
  return { severity: "NON_BREAKING", why: `, and ${none}: it had nothing to complete` };
}

/**
 * Dropping a capability the specification defines for clients, not servers: no specified
 * behaviour of the server went away, but a client that reads it anyway cannot be ruled out
 * (POTENTIALLY_BREAKING, as an option the specification does not define). Undefined for others.
 */
function clientOnlyRemoval(
  e: CapabilityEvent,
): { severity: "POTENTIALLY_BREAKING"; why: string } | undefined {
  if (e.tokens.length !== 1 || !CLIENT_ONLY.includes(e.key)) return undefined;
  return {
    severity: "POTENTIALLY_BREAKING",
    why:
      `, which the MCP specification defines for clients, not servers: no specified behaviour of the server went away, but whether a client reads it from a server cannot be told`,
  };
}

/**
 * A rule on the capabilities present on both sides whose options `select` picks (the options it
 * names go into the message).
 */
function optionsRule(
  meta: RuleMeta,
  select: (e: CapabilityEvent) => string[] | undefined,
  message: (e: CapabilityEvent, options: string[]) => string,
): Rule {
  return rule({
    ...meta,
    check({ old, new: next, report }) {
      for (const e of capabilityEvents(old, next)) {
        const options = select(e);
        if (options === undefined) continue;
        report({
          entity: entity(next),
          path: `server.capabilities.${e.key}`,
          pointer: pointerOf(["capabilities", ...e.tokens]),
          old: e.before!,
          new: e.after!,
          message: message(e, options),
        });
      }
    },
  });
}

function scalarRule(
  id: string,
  field: "name" | "version",
  severity: "POTENTIALLY_BREAKING" | "DOCUMENTATION",
  rationale: string,
): Rule {
  const read = (c: Contract) => c.server[field];
  const path = `server.serverInfo.${field}`;
  const pointer = `/server/${field}`;
  const example = field === "name"
    ? {
      old: server("1.0.0"),
      new: { ...server("1.0.0"), server: { name: "tracker-mcp", version: "1.0.0" } },
    }
    : { old: server("1.0.0"), new: server("1.1.0") };
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

/**
 * Whether a string is a dated MCP revision such as `2025-06-18`: a real calendar date (not
 * `2025-13-45`), in a form that orders as the dates it names.
 */
function isRevision(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

const protocolId = "server.protocolVersion.changed";
const protocolPath = "server.protocolVersion";
const protocolFinding = (severity: "NON_BREAKING" | "POTENTIALLY_BREAKING") => ({
  rule: protocolId,
  path: protocolPath,
  severity,
});

const protocolVersionRule: Rule = rule({
  id: protocolId,
  severity: "POTENTIALLY_BREAKING",
  summary: "The protocol revision the server answered with changed",
  rationale:
    "The recorded protocolVersion is the revision negotiated with Proxar's client at initialize: the client proposes the newest revision it speaks and the server answers with that revision when it supports it, otherwise with another it supports (MCP lifecycle, version negotiation). A move to a newer dated revision means the server now also speaks that revision, as every SDK upgrade does; whether it still accepts the older one a client proposes the snapshot cannot tell, and the SDKs keep accepting the older revisions they know. So a newer revision is NON_BREAKING, with a message saying what to check. A move to an older revision (the server stopped speaking the newer one; clients that required it fail to connect) or between strings that are not dated revisions (YYYY-MM-DD naming a real calendar date) is POTENTIALLY_BREAKING. Both contracts should be captured with the same Proxar version: a client that proposes a different revision can record a different answer from an unchanged server.",
  examples: [{
    title: "the server moved to a newer revision (an SDK upgrade)",
    old: server("1.0.0", { protocolVersion: "2025-03-26" }),
    new: server("1.0.0", { protocolVersion: "2025-06-18" }),
    findings: [protocolFinding("NON_BREAKING")],
  }, {
    title: "the server moved to an older revision",
    old: server("1.0.0", { protocolVersion: "2025-06-18" }),
    new: server("1.0.0", { protocolVersion: "2025-03-26" }),
    findings: [protocolFinding("POTENTIALLY_BREAKING")],
  }, {
    title: "a protocol version that is not a dated revision",
    old: server("1.0.0", { protocolVersion: "2025-06-18" }),
    new: server("1.0.0", { protocolVersion: "draft" }),
    findings: [protocolFinding("POTENTIALLY_BREAKING")],
  }],
  check({ old, new: next, report }) {
    const before = old.protocolVersion;
    const after = next.protocolVersion;
    if (!known(before) || !known(after) || before === after) return;
    const newer = isRevision(before!) && isRevision(after!) && after! > before!;
    report({
      entity: entity(next),
      path: protocolPath,
      pointer: "/protocolVersion",
      old: before!,
      new: after!,
      message: `Server protocolVersion changed from "${before}" to "${after}"${
        newer ? `: check that clients which propose "${before}" can still connect` : ""
      }`,
      ...(newer ? { severity: "NON_BREAKING" as const } : {}),
    });
  },
});

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
  protocolVersionRule,
  rule({
    id: "server.capability.removed",
    severity: "BREAKING",
    summary: "The server no longer announces a capability",
    rationale:
      "Clients stop asking for what the capability covers (prompts, resources, logging, tasks …), so features agents used disappear. Each entry of experimental and extensions (MCP 2026-07-28 extensions such as io.modelcontextprotocol/tasks) counts as a capability of its own. Compared only when both contracts record capabilities. Exceptions, when the old contract listed nothing under the capability: a tools or prompts capability with no option turned on is NON_BREAKING when dropped, since a client could list nothing under it and call nothing from it (tavily-mcp announced prompts and resources for many releases, listed neither, then stopped announcing them); one that announced listChanged is POTENTIALLY_BREAKING, since the server said it adds entries at run time, which a snapshot does not see; and resources with no resources and no resource templates listed is POTENTIALLY_BREAKING, since resources/read serves URIs that no list names, such as the resource links tools return, unless it offered subscribe: resources/subscribe goes with it, BREAKING as subscribe turned off alone is (server.capability.requestRemoved), so the whole is never graded below its part. A snapshot taken live lists every announced capability (a server that does not know prompts/list or resources/list shows a client none, so the snapshot records none). A contract file may leave a list out (a hand-written or older contract, a tools/list result with capabilities beside it): that list was not captured, which is not the same as empty, so the exceptions do not apply and a dropped capability whose list the old contract leaves out is POTENTIALLY_BREAKING (unknown, never a silent NON_BREAKING). Logging and every experimental or extension entry stay BREAKING when dropped: what they offer is not a list a contract records. Logging also carries a request a client sends (logging/setLevel, MCP specification, server utilities), which a server without the capability answers as an unknown method, as it answers a call to a removed tool; this is why it is graded alike with a subscribe turned off (server.capability.requestRemoved, BREAKING: resources/subscribe goes) and above a listChanged turned off (server.capability.changed, POTENTIALLY_BREAKING), which stops notifications a client waits for while the capability keeps the requests that list what it covers: the client's lists may go stale, no list request fails. Completions suggests values for the arguments of prompts and the variables of resource templates, which a client names from the lists: dropped when the old contract listed no prompt with arguments and no resource template, it took nothing away (NON_BREAKING; @angular/cli 20.1.6 announced it with neither, 20.3.43 dropped it, and that was BREAKING), unless a prompts or resources capability announced listChanged (ones added at run time could have been completed) or one of the two lists was not captured (POTENTIALLY_BREAKING); with something to complete it stays BREAKING. An experimental or extensions object that was empty names no capability, so dropping it takes nothing away: NON_BREAKING, as adding one is (server.capability.added); the MCP Python SDK announces experimental: {} for a server that registers no experimental capability and the TypeScript SDK leaves it out, so it comes and goes with a change of SDK or of the wrapper around a server. A map that was not empty keeps its grade (each of its entries was a capability), and so does one that is not an object at all. Roots, sampling and elicitation are capabilities the MCP specification defines for clients (ClientCapabilities), not servers, yet some servers announce them (@cyanheads/git-mcp-server 2.6.5 announced all three, and 2.10.5 no longer did: three BREAKING findings): dropping one takes away no specified behaviour of the server, but a client that reads it anyway cannot be ruled out, so it is POTENTIALLY_BREAKING, as an option the specification does not define is (server.capability.changed).",
    examples: [{
      title: "prompts capability dropped, and the prompt listed under it",
      old: server("1.0.0", {
        capabilities: { tools: {}, prompts: {} },
        prompts: [{ name: "triage" }],
      }),
      new: server("1.0.0", { capabilities: { tools: {} } }),
      findings: [{
        rule: "server.capability.removed",
        path: "server.capabilities.prompts",
        severity: "BREAKING",
      }, { rule: "prompt.removed", path: "triage", severity: "BREAKING" }],
    }, {
      title: "an extension dropped (each entry of extensions and experimental counts alone)",
      old: server("1.0.0", {
        capabilities: { extensions: { "io.modelcontextprotocol/tasks": {}, "example.com/ui": {} } },
      }),
      new: server("1.0.0", { capabilities: { extensions: { "example.com/ui": {} } } }),
      findings: [{
        rule: "server.capability.removed",
        path: "server.capabilities.extensions.io.modelcontextprotocol/tasks",
        severity: "BREAKING",
      }],
    }, {
      title: "an empty prompts capability dropped (the old contract listed no prompts)",
      old: server("1.0.0", { capabilities: { tools: {}, prompts: {} }, prompts: [] }),
      new: server("1.0.0", { capabilities: { tools: {} } }),
      findings: [{
        rule: "server.capability.removed",
        path: "server.capabilities.prompts",
        severity: "NON_BREAKING",
      }],
    }, {
      title: "a tools capability that announced listChanged dropped, with no tools listed",
      old: server("1.0.0", { capabilities: { tools: { listChanged: true } } }),
      new: server("1.0.0", { capabilities: {} }),
      findings: [{
        rule: "server.capability.removed",
        path: "server.capabilities.tools",
        severity: "POTENTIALLY_BREAKING",
      }],
    }, {
      title:
        "an empty prompts capability dropped, but the old contract leaves its prompts list out",
      old: server("1.0.0", { capabilities: { tools: {}, prompts: {} } }),
      new: server("1.0.0", { capabilities: { tools: {} } }),
      findings: [{
        rule: "server.capability.removed",
        path: "server.capabilities.prompts",
        severity: "POTENTIALLY_BREAKING",
      }],
    }, {
      title: "an empty experimental capability dropped (it named no capability)",
      old: server("1.0.0", { capabilities: { tools: {}, experimental: {} } }),
      new: server("1.0.0", { capabilities: { tools: {} } }),
      findings: [{
        rule: "server.capability.removed",
        path: "server.capabilities.experimental",
        severity: "NON_BREAKING",
      }],
    }, {
      title: "sampling, a client capability, no longer announced by a server",
      old: server("1.0.0", { capabilities: { tools: {}, sampling: {} } }),
      new: server("1.0.0", { capabilities: { tools: {} } }),
      findings: [{
        rule: "server.capability.removed",
        path: "server.capabilities.sampling",
        severity: "POTENTIALLY_BREAKING",
      }],
    }, {
      title: "completions dropped, with no prompt with arguments and no template listed",
      old: server("1.0.0", {
        capabilities: { tools: {}, completions: {} },
        prompts: [{ name: "summary" }],
        resourceTemplates: [],
      }),
      new: server("1.0.0", { capabilities: { tools: {} }, prompts: [{ name: "summary" }] }),
      findings: [{
        rule: "server.capability.removed",
        path: "server.capabilities.completions",
        severity: "NON_BREAKING",
      }],
    }, {
      title: "a resources capability dropped, with no resources or templates listed",
      old: server("1.0.0", {
        capabilities: { tools: {}, resources: {} },
        resources: [],
        resourceTemplates: [],
      }),
      new: server("1.0.0", { capabilities: { tools: {} } }),
      findings: [{
        rule: "server.capability.removed",
        path: "server.capabilities.resources",
        severity: "POTENTIALLY_BREAKING",
      }],
    }],
    check({ old, new: next, report }) {
      for (const e of capabilityEvents(old, next)) {
        if (e.after !== undefined) continue;
        const empty = emptyRemoval(e, old) ?? emptyMapRemoval(e) ?? clientOnlyRemoval(e) ??
          completionsRemoval(e, old);
        report({
          entity: entity(next),
          path: `server.capabilities.${e.key}`,
          pointer: pointerOf(["capabilities", ...e.tokens.slice(0, -1)]),
          old: e.before!,
          message: `The server no longer announces the "${e.key}" capability${empty?.why ?? ""}`,
          ...(empty ? { severity: empty.severity } : {}),
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
          pointer: pointerOf(["capabilities", ...e.tokens]),
          new: e.after!,
          message: `The server now announces the "${e.key}" capability`,
        });
      }
    },
  }),
  optionsRule(
    {
      id: "server.capability.extended",
      severity: "NON_BREAKING",
      summary:
        "The tools, prompts or resources capability turned on listChanged or subscribe and kept its other options",
      rationale:
        "The MCP specification defines listChanged on tools, prompts and resources, and subscribe on resources; each only offers more: the server will also notify clients of changed lists, or accept resource subscriptions. A client that ignores them works as before, so turning them on is NON_BREAKING. Turning listChanged off, any other option change, and any option change inside an entry of experimental or extensions (whose options their authors define, so Proxar cannot tell an offer from a requirement) are server.capability.changed; turning subscribe off takes its requests away (server.capability.requestRemoved). Offers turned on beside offers turned off are each graded for what they are, both ways alike: resources {listChanged: true} → {subscribe: true} is listChanged turned off (server.capability.changed) and subscribe turned on (this rule), as its mirror is subscribe turned off (server.capability.requestRemoved) and listChanged turned on (this rule), where it read one server.capability.changed naming both. So it is beside an option the specification does not define, which is server.capability.changed whichever way it went: {subscribe: true, foo: 1} → {listChanged: true} is subscribe turned off (server.capability.requestRemoved, BREAKING), foo dropped (server.capability.changed) and listChanged turned on (this rule), and its mirror listChanged turned off beside foo added (one server.capability.changed naming both) and subscribe turned on (this rule), where the first read listChanged turned on as part of server.capability.changed (POTENTIALLY_BREAKING) beside requestRemoved, and the mirror read subscribe turned on as part of its one server.capability.changed: an offer turned on took the grade of the unknown option beside it.",
      examples: [{
        title: "listChanged turned on",
        old: server("1.0.0", { capabilities: { tools: {} } }),
        new: server("1.0.0", { capabilities: { tools: { listChanged: true } } }),
        findings: [{
          rule: "server.capability.extended",
          path: "server.capabilities.tools",
          severity: "NON_BREAKING",
        }],
      }],
    },
    turnedOn,
    (e, options) => `The "${e.key}" capability turned on ${options.join(", ")}`,
  ),
  optionsRule(
    {
      id: "server.capability.changed",
      severity: "POTENTIALLY_BREAKING",
      summary: "The options of a capability changed",
      rationale:
        "listChanged decides whether clients are told about changes; turning it off leaves clients with stale lists, while the capability stays with the requests that list and read what it covers, so it is a warning. An offer that carries requests of its own is not only a notice: subscribe turned off takes resources/subscribe and resources/unsubscribe away, graded by server.capability.requestRemoved (BREAKING), as a capability dropped whole takes its requests away and is graded by server.capability.removed (a dropped logging capability is BREAKING: its logging/setLevel request fails). The options of an experimental or extension capability are defined by its author, not by the MCP specification, so every change to them, a flag turned on included, is graded here rather than as server.capability.extended. An option the specification does not define on a standard capability (heroku's tools: {list: …}) is graded the same, in both directions, and the message says the specification does not define it: no client can be known to read or to ignore it, so neither dropping nor adding it can be told harmless, and what is not modelled never passes silently as NON_BREAKING; nor is it BREAKING, since no specified behaviour of the capability went away. An offer the specification defines written out as false is the offer left out, which the specification reads as not made: {} and {listChanged: false} announce the same, so a change between them is no change (context7 3.2.5 → 4.1.1 wrote prompts: {} and resources: {} so, and was POTENTIALLY_BREAKING twice); false and absent stay apart where the specification does not read the option (an experimental or extension entry, an option it does not define, null).",
      examples: [{
        title: "listChanged turned off",
        old: server("1.0.0", { capabilities: { tools: { listChanged: true } } }),
        new: server("1.0.0", { capabilities: { tools: { listChanged: false } } }),
        findings: [{
          rule: "server.capability.changed",
          path: "server.capabilities.tools",
          severity: "POTENTIALLY_BREAKING",
        }],
      }, {
        title: "an option the MCP specification does not define dropped from tools",
        old: server("1.0.0", { capabilities: { tools: { list: { pagination: true } } } }),
        new: server("1.0.0", { capabilities: { tools: {} } }),
        findings: [{
          rule: "server.capability.changed",
          path: "server.capabilities.tools",
          severity: "POTENTIALLY_BREAKING",
        }],
      }, {
        title: "an experimental capability turned on an option of its own",
        old: server("1.0.0", { capabilities: { experimental: { "acme/push": {} } } }),
        new: server("1.0.0", {
          capabilities: { experimental: { "acme/push": { subscribe: true } } },
        }),
        findings: [{
          rule: "server.capability.changed",
          path: "server.capabilities.experimental.acme/push",
          severity: "POTENTIALLY_BREAKING",
        }],
      }],
    },
    otherOptionChange,
    (e, options) =>
      options.length > 0 && options.every((o) => flipped(e, o, false))
        ? `The "${e.key}" capability turned off ${options.join(", ")}: ${
          options.map((o) => LOST[o]).join("; ")
        }`
        : `The "${e.key}" capability changed${optionsChanged(e, options)}`,
  ),
  optionsRule(
    {
      id: "server.capability.requestRemoved",
      severity: "BREAKING",
      summary:
        "A capability kept but turned off an offer that carries requests (resources: subscribe)",
      rationale:
        "The MCP specification defines subscribe on the resources capability as the offer of two requests, resources/subscribe and resources/unsubscribe; a server that turns it off answers them as unknown methods, as it answers logging/setLevel once logging is dropped and a call to a removed tool (server.capability.removed, tool.removed: BREAKING). It is graded above listChanged turned off (server.capability.changed, POTENTIALLY_BREAKING), which stops notifications only: no request fails. A client that reads the capabilities first no longer subscribes and shows resources that may go stale; one that subscribed before gets an error. Turning it on is server.capability.extended (NON_BREAKING); written out as false it is the offer left out; a value other than true or false is an option the specification does not define (server.capability.changed).",
      examples: [{
        title: "subscribe turned off",
        old: server("1.0.0", { capabilities: { resources: { subscribe: true } } }),
        new: server("1.0.0", { capabilities: { resources: {} } }),
        findings: [{
          rule: "server.capability.requestRemoved",
          path: "server.capabilities.resources",
          severity: "BREAKING",
        }],
      }],
    },
    requestsTakenAway,
    (e, options) =>
      `The "${e.key}" capability turned off ${options.join(", ")}: ${
        options.map((o) =>
          `${LOST[o]}; ${REQUEST_OFFERS[e.key]![o]} are answered as unknown methods`
        )
          .join("; ")
      }`,
  ),
];
