/**
 * Server-level rules on real releases: tavily-mcp announced prompts and resources, listed none,
 * then stopped announcing them (BREAKING, for nothing a client could use); exa, kubernetes,
 * tavily and playwright moved protocolVersion 2025-03-26 → 2025-06-18 with an SDK upgrade
 * (POTENTIALLY_BREAKING on every release).
 */
import assert from "node:assert/strict";
import { diffContracts } from "../../core/engine.ts";
import type { JsonObject } from "../../core/json.ts";
import { contractFromValue } from "../../core/load_contract.ts";
import { createRegistry } from "../../core/registry.ts";
import { builtinRules } from "../../rules/mod.ts";

const registry = createRegistry(builtinRules);
const tool = { name: "search", inputSchema: { type: "object" } };

/** Every list recorded, and empty: what a live snapshot of a server with nothing listed holds. */
const LISTS = { prompts: [], resources: [], resourceTemplates: [] };

/**
 * `rule path severity` of the changes between two contracts (server info added, and every list
 * the value leaves out recorded as empty unless `leftOut`).
 */
function changes(before: JsonObject, after: JsonObject, leftOut = false): string[] {
  const contract = (value: JsonObject) =>
    contractFromValue({ server: { name: "s", version: "1" }, ...(leftOut ? {} : LISTS), ...value });
  return diffContracts(contract(before), contract(after), { registry }).changes
    .map((c) => `${c.rule} ${c.path} ${c.severity}`);
}

const removed = (key: string, severity: string) =>
  `server.capability.removed server.capabilities.${key} ${severity}`;

Deno.test("a dropped tools or prompts capability under which nothing was listed is NON_BREAKING, resources POTENTIALLY_BREAKING", () => {
  const caps = { tools: {}, prompts: {}, resources: {} };
  assert.deepEqual(
    changes({ capabilities: caps, tools: [tool] }, { capabilities: { tools: {} }, tools: [tool] }),
    // resources/read serves URIs no list names, such as the resource links tools return.
    [removed("resources", "POTENTIALLY_BREAKING"), removed("prompts", "NON_BREAKING")],
  );
  assert.deepEqual(
    changes({ capabilities: { tools: {} }, tools: [] }, { capabilities: {}, tools: [] }),
    [removed("tools", "NON_BREAKING")],
  );
});

Deno.test("a dropped capability that announced listChanged, or any other option, warns although nothing was listed", () => {
  for (const options of [{ listChanged: true }, { "x-acme": {} }]) {
    assert.deepEqual(
      changes({ capabilities: { tools: options }, tools: [] }, { capabilities: {}, tools: [] }),
      [removed("tools", "POTENTIALLY_BREAKING")],
    );
  }
  assert.deepEqual(
    changes({ capabilities: { tools: { listChanged: false } }, tools: [] }, {
      capabilities: {},
      tools: [],
    }),
    [removed("tools", "NON_BREAKING")],
  );
  const events = diffContracts(
    contractFromValue({
      server: { name: "s", version: "1" },
      capabilities: { prompts: { listChanged: true } },
      tools: [],
      prompts: [],
    }),
    contractFromValue({ server: { name: "s", version: "1" }, capabilities: {}, tools: [] }),
    { registry },
  ).changes;
  assert.equal(
    events[0]?.message,
    'The server no longer announces the "prompts" capability, under which the old contract listed nothing, but which announced listChanged: entries added at run time go too',
  );
});

Deno.test("resources dropped whole with subscribe on is BREAKING though nothing was listed, as subscribe turned off alone is", () => {
  // resources/subscribe and resources/unsubscribe go with it: the whole is not graded below
  // its part (server.capability.requestRemoved).
  const before = { capabilities: { tools: {}, resources: { subscribe: true } }, tools: [tool] };
  assert.deepEqual(changes(before, { capabilities: { tools: {} }, tools: [tool] }), [
    removed("resources", "BREAKING"),
  ]);
  assert.deepEqual(
    changes(before, { capabilities: { tools: {}, resources: {} }, tools: [tool] }),
    ["server.capability.requestRemoved server.capabilities.resources BREAKING"],
  );
  // subscribe false or not a boolean offers nothing known: the exception stands.
  for (const subscribe of [false, "yes"]) {
    assert.deepEqual(
      changes({ capabilities: { tools: {}, resources: { subscribe } }, tools: [tool] }, {
        capabilities: { tools: {} },
        tools: [tool],
      }),
      [removed("resources", "POTENTIALLY_BREAKING")],
    );
  }
});

Deno.test("a dropped capability whose lists held entries stays BREAKING", () => {
  const caps = { tools: {}, prompts: {}, resources: {} };
  const after = { capabilities: { tools: {} }, tools: [tool] };
  const prompt = { name: "summarize" };
  const template = { uriTemplate: "file:///{path}", name: "file" };
  assert.deepEqual(changes({ capabilities: caps, tools: [tool], prompts: [prompt] }, after), [
    removed("prompts", "BREAKING"),
    "prompt.removed summarize BREAKING",
    removed("resources", "POTENTIALLY_BREAKING"),
  ]);
  // A resource template alone is something a client could read under resources.
  assert.deepEqual(
    changes({ capabilities: caps, tools: [tool], resourceTemplates: [template] }, after),
    [
      removed("resources", "BREAKING"),
      "resourceTemplate.removed file:///{path} BREAKING",
      removed("prompts", "NON_BREAKING"),
    ],
  );
  assert.deepEqual(
    changes({ capabilities: { tools: {} }, tools: [tool] }, { capabilities: {}, tools: [tool] }),
    [removed("tools", "BREAKING")],
  );
});

Deno.test("a dropped capability whose list the old contract leaves out is unknown: POTENTIALLY_BREAKING, never NON_BREAKING", () => {
  // A hand-written or older contract that omits prompts says nothing of them; the server may
  // have served prompts under the capability it dropped.
  const caps = { tools: {}, prompts: {} };
  const after = { capabilities: { tools: {} }, tools: [tool] };
  assert.deepEqual(changes({ capabilities: caps, tools: [tool] }, after, true), [
    removed("prompts", "POTENTIALLY_BREAKING"),
  ]);
  // The same drop with the prompts recorded as none is NON_BREAKING (the other direction); only
  // the old contract matters, the new one leaves its prompts out here.
  assert.deepEqual(changes({ capabilities: caps, tools: [tool], prompts: [] }, after, true), [
    removed("prompts", "NON_BREAKING"),
  ]);
  // tools too: a prompts-only listing with capabilities leaves the tools out.
  assert.deepEqual(
    changes({ capabilities: { tools: {}, prompts: {} }, prompts: [] }, {
      capabilities: { prompts: {} },
      prompts: [],
    }, true),
    [removed("tools", "POTENTIALLY_BREAKING")],
  );
  // resources: either of its two lists left out is unknown, and the message says which.
  const old = contractFromValue({
    server: { name: "s", version: "1" },
    capabilities: { resources: {} },
    tools: [],
    resources: [],
  });
  const next = contractFromValue({
    server: { name: "s", version: "1" },
    capabilities: {},
    tools: [],
  });
  const found = diffContracts(old, next, { registry }).changes;
  assert.deepEqual(found.map((c) => `${c.rule} ${c.path} ${c.severity}`), [
    removed("resources", "POTENTIALLY_BREAKING"),
  ]);
  assert.equal(
    found[0]?.message,
    'The server no longer announces the "resources" capability; the old contract does not record resourceTemplates (the list is left out, not empty), so whether the server served any cannot be told',
  );
  // Entries listed still make it BREAKING, whatever else is left out.
  assert.deepEqual(
    changes({
      capabilities: { resources: {} },
      tools: [],
      resourceTemplates: [{ uriTemplate: "a://{x}", name: "a" }],
    }, {
      capabilities: {},
      tools: [],
    }, true),
    [removed("resources", "BREAKING"), "resourceTemplate.removed a://{x} BREAKING"],
  );
});

Deno.test("capabilities that list nothing a contract records stay BREAKING when dropped", () => {
  assert.deepEqual(
    changes({ capabilities: { tools: {}, logging: {} }, tools: [] }, {
      capabilities: { tools: {} },
      tools: [],
    }),
    [removed("logging", "BREAKING")],
  );
  assert.deepEqual(
    changes({ capabilities: { experimental: { prompts: {} } }, tools: [] }, {
      capabilities: { experimental: {} },
      tools: [],
    }),
    [removed("experimental.prompts", "BREAKING")],
  );
});

Deno.test("completions dropped is graded by what the old contract gave it to complete", () => {
  // @angular/cli 20.1.6 announced completions with no prompt and no template (BREAKING when
  // 20.3.43 dropped it). completion/complete names a prompt's argument or a template's variable.
  const drop = (old: JsonObject, leftOut = false) =>
    changes(
      { ...old, capabilities: { tools: {}, completions: {}, ...(old.capabilities as JsonObject) } },
      { ...old, capabilities: { tools: {}, ...(old.capabilities as JsonObject) } },
      leftOut,
    );
  const prompt = (args: JsonObject[]) => ({ name: "summary", arguments: args });
  // Nothing to complete: a prompt without arguments completes nothing either.
  assert.deepEqual(drop({ tools: [] }), [removed("completions", "NON_BREAKING")]);
  assert.deepEqual(drop({ tools: [], capabilities: { prompts: {} }, prompts: [prompt([])] }), [
    removed("completions", "NON_BREAKING"),
  ]);
  // Something to complete: a prompt argument or a template.
  assert.deepEqual(
    drop({ tools: [], capabilities: { prompts: {} }, prompts: [prompt([{ name: "topic" }])] }),
    [removed("completions", "BREAKING")],
  );
  assert.deepEqual(
    drop({
      tools: [],
      capabilities: { resources: {} },
      resourceTemplates: [{ name: "file", uriTemplate: "file:///{path}" }],
    }),
    [removed("completions", "BREAKING")],
  );
  // Undecidable: ones added at run time (listChanged), or a list not captured.
  for (const key of ["prompts", "resources"]) {
    assert.deepEqual(drop({ tools: [], capabilities: { [key]: { listChanged: true } } }), [
      removed("completions", "POTENTIALLY_BREAKING"),
    ], key);
  }
  assert.deepEqual(drop({ tools: [], capabilities: { prompts: {} } }, true), [
    removed("completions", "POTENTIALLY_BREAKING"),
  ]);
});

Deno.test("a client capability (roots, sampling, elicitation) a server stops announcing warns instead of breaking", () => {
  // @cyanheads/git-mcp-server 2.6.5 → 2.10.5: each was BREAKING although the MCP specification
  // defines them for clients only.
  for (const key of ["roots", "sampling", "elicitation"]) {
    const withIt = { capabilities: { tools: {}, [key]: { listChanged: true } }, tools: [tool] };
    const without = { capabilities: { tools: {} }, tools: [tool] };
    assert.deepEqual(changes(withIt, without), [removed(key, "POTENTIALLY_BREAKING")]);
    assert.deepEqual(changes(without, withIt), [
      `server.capability.added server.capabilities.${key} NON_BREAKING`,
    ]);
    assert.match(
      messages({ tools: {}, [key]: {} }, { tools: {} })[0]!,
      new RegExp(
        `"${key}" capability, which the MCP specification defines for clients, not servers`,
      ),
    );
  }
  // A name the specification defines for neither side, or the same name inside experimental,
  // is not known to be a client's: unmodelled, it stays BREAKING.
  assert.deepEqual(
    changes({ capabilities: { tools: {}, rootz: {} }, tools: [] }, {
      capabilities: { tools: {} },
      tools: [],
    }),
    [removed("rootz", "BREAKING")],
  );
  assert.deepEqual(
    changes({ capabilities: { experimental: { sampling: {} } }, tools: [] }, {
      capabilities: { experimental: {} },
      tools: [],
    }),
    [removed("experimental.sampling", "BREAKING")],
  );
});

Deno.test("an added capability stays NON_BREAKING whatever the lists hold", () => {
  assert.deepEqual(
    changes({ capabilities: { tools: {} }, tools: [tool] }, {
      capabilities: { tools: {}, prompts: {} },
      tools: [tool],
    }),
    ["server.capability.added server.capabilities.prompts NON_BREAKING"],
  );
});

Deno.test("capabilities are not compared when a contract does not record them", () => {
  // A tools/list result says nothing of capabilities: nothing to grade, in either direction.
  assert.deepEqual(changes({ capabilities: { prompts: {} }, tools: [] }, { tools: [] }), []);
  assert.deepEqual(changes({ tools: [] }, { capabilities: { prompts: {} }, tools: [] }), []);
});

/** The messages of the changes between two sets of capabilities (every list recorded, empty). */
function messages(before: JsonObject, after: JsonObject): string[] {
  const contract = (capabilities: JsonObject) =>
    contractFromValue({ server: { name: "s", version: "1" }, tools: [], ...LISTS, capabilities });
  return diffContracts(contract(before), contract(after), { registry }).changes
    .map((c) => `${c.rule} ${c.severity}: ${c.message}`);
}

Deno.test("an option the MCP specification does not define, dropped or added, warns and says it is not in the specification", () => {
  // heroku-mcp-server announced tools: {list: …}, which no revision of the specification defines.
  const heroku = { tools: { list: { pagination: true } } };
  const changed = (key: string, detail: string) =>
    `server.capability.changed POTENTIALLY_BREAKING: The "${key}" capability changed (${detail})`;
  const undefinedOption = (names: string, key: string, one = true) =>
    `${names}: ${
      one ? "an option" : "options"
    } the MCP specification does not define for ${key}, so what clients that read ${
      one ? "it" : "them"
    } gain or lose cannot be told`;
  assert.deepEqual(messages(heroku, { tools: {} }), [
    changed("tools", undefinedOption("list", "tools")),
  ]);
  assert.deepEqual(messages({ tools: {} }, heroku), [
    changed("tools", undefinedOption("list", "tools")),
  ]);
  // Beside an option the specification defines, each is named for what it is.
  assert.deepEqual(
    messages({ tools: { listChanged: true, list: {}, x: 1 } }, { tools: { listChanged: false } }),
    [changed("tools", `listChanged; ${undefinedOption("list, x", "tools", false)}`)],
  );
  // Only offers the specification defines, turned off: the message says what clients lose.
  assert.deepEqual(messages({ prompts: { listChanged: true } }, { prompts: {} }), [
    'server.capability.changed POTENTIALLY_BREAKING: The "prompts" capability turned off listChanged: clients are no longer told when the list changes',
  ]);
  // tasks (2025-11-25) defines list, cancel and requests; logging defines none.
  assert.deepEqual(messages({ tasks: { list: {} } }, { tasks: {} }), [changed("tasks", "list")]);
  assert.deepEqual(messages({ logging: { level: "debug" } }, { logging: {} }), [
    changed("logging", undefinedOption("level", "logging")),
  ]);
  // The options of experimental and extension entries are their authors': no such clause.
  assert.deepEqual(
    messages({ experimental: { "acme/push": { list: 1 } } }, { experimental: { "acme/push": {} } }),
    [changed("experimental.acme/push", "list")],
  );
});

const protocol = (severity: string) =>
  `server.protocolVersion.changed server.protocolVersion ${severity}`;

Deno.test("protocolVersion: newer dated revision NON_BREAKING, older or undated POTENTIALLY_BREAKING", () => {
  const v = (protocolVersion: string) => ({ protocolVersion, tools: [] });
  assert.deepEqual(changes(v("2025-03-26"), v("2025-06-18")), [protocol("NON_BREAKING")]);
  assert.deepEqual(changes(v("2024-11-05"), v("2025-11-25")), [protocol("NON_BREAKING")]);
  assert.deepEqual(changes(v("2025-06-18"), v("2025-03-26")), [protocol("POTENTIALLY_BREAKING")]);
  const undated = [["2025-06-18", "draft"], ["1.0", "2.0"], ["2025-6-18", "2025-06-19"]];
  // Shaped like dates but none: no month 13, no 30 February.
  undated.push(["2025-06-18", "2025-13-45"], ["2025-06-18", "2026-02-30"]);
  for (const [a, b] of undated) {
    assert.deepEqual(changes(v(a!), v(b!)), [protocol("POTENTIALLY_BREAKING")], `${a} → ${b}`);
  }
  assert.deepEqual(changes(v("2025-06-18"), v("unknown")), []);
  assert.deepEqual(changes(v("2025-06-18"), v("2025-06-18")), []);
});

Deno.test("protocolVersion: a newer revision says what to check", () => {
  const contract = (protocolVersion: string) =>
    contractFromValue({ server: { name: "s", version: "1" }, protocolVersion, tools: [] });
  const [change] = diffContracts(contract("2025-03-26"), contract("2025-06-18"), { registry })
    .changes;
  assert.equal(
    change!.message,
    'Server protocolVersion changed from "2025-03-26" to "2025-06-18": check that clients which propose "2025-03-26" can still connect',
  );
});
