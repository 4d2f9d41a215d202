/**
 * Capability options: found on server-everything, server-filesystem, server-memory,
 * server-sequential-thinking, context7 and notion, whose SDK upgrades turned on
 * `tools.listChanged` (and `prompts`/`resources.listChanged`): each was POTENTIALLY_BREAKING
 * although a client that ignores list notifications works as before.
 */
import assert from "node:assert/strict";
import { diffContracts } from "../../core/engine.ts";
import type { JsonObject } from "../../core/json.ts";
import { contractFromValue } from "../../core/load_contract.ts";
import { createRegistry } from "../../core/registry.ts";
import { builtinRules } from "../../rules/mod.ts";

const registry = createRegistry(builtinRules);

/** The changes between two capability objects. */
function diffOf(before: JsonObject, after: JsonObject) {
  const contract = (capabilities: JsonObject) =>
    contractFromValue({ server: { name: "s", version: "1" }, capabilities, tools: [] });
  return diffContracts(contract(before), contract(after), { registry }).changes;
}

/** `severity message` of the changes between two capability objects. */
const message = (before: JsonObject, after: JsonObject): string[] =>
  diffOf(before, after).map((c) => `${c.severity} ${c.message}`);

/** `rule path severity` of the changes between two capability objects. */
const changes = (before: JsonObject, after: JsonObject): string[] =>
  diffOf(before, after).map((c) => `${c.rule} ${c.path} ${c.severity}`);

Deno.test("diff grades listChanged or subscribe turned on NON_BREAKING", () => {
  for (
    const [before, after] of [
      [{ tools: {} }, { tools: { listChanged: true } }],
      [{ tools: { listChanged: false } }, { tools: { listChanged: true } }],
      [{ resources: { subscribe: true } }, { resources: { subscribe: true, listChanged: true } }],
      [{ resources: {} }, { resources: { subscribe: true, listChanged: true } }],
    ] as const
  ) {
    const key = Object.keys(before)[0];
    assert.deepEqual(changes(before, after), [
      `server.capability.extended server.capabilities.${key} NON_BREAKING`,
    ]);
  }
});

Deno.test("diff keeps an option turned off, or any other option change, POTENTIALLY_BREAKING", () => {
  for (
    const [before, after] of [
      [{ tools: { listChanged: true } }, { tools: {} }],
      [{ tools: { listChanged: true } }, { tools: { listChanged: false } }],
      [{ resources: { subscribe: true } }, { resources: { subscribe: "yes" } }],
      [{ tools: {} }, { tools: { listChanged: "yes" } }],
      [{ tools: {} }, { tools: { paginated: true } }],
    ] as const
  ) {
    const key = Object.keys(before)[0];
    assert.deepEqual(changes(before, after), [
      `server.capability.changed server.capabilities.${key} POTENTIALLY_BREAKING`,
    ]);
  }
});

Deno.test("diff grades an option turned on inside an experimental or extension capability POTENTIALLY_BREAKING", () => {
  // Their options are their authors', not the specification's: Proxar cannot tell an offer.
  for (
    const [before, after, key] of [
      [
        { experimental: { "acme/push": { subscribe: false } } },
        { experimental: { "acme/push": { subscribe: true } } },
        "experimental.acme/push",
      ],
      [
        { extensions: { "example.com/ui": {} } },
        { extensions: { "example.com/ui": { listChanged: true } } },
        "extensions.example.com/ui",
      ],
    ] as const
  ) {
    assert.deepEqual(changes(before, after), [
      `server.capability.changed server.capabilities.${key} POTENTIALLY_BREAKING`,
    ]);
    assert.deepEqual(changes(after, before), [
      `server.capability.changed server.capabilities.${key} POTENTIALLY_BREAKING`,
    ]);
  }
});

Deno.test("diff sees no change when an offer is written out as false or left out", () => {
  // context7 3.2.5 → 4.1.1 wrote prompts: {} as {listChanged: false}: the specification reads an
  // offer left out as not made. Both directions, for every offer of every standard capability.
  for (
    const [before, after] of [
      [{ prompts: {} }, { prompts: { listChanged: false } }],
      [{ tools: {} }, { tools: { listChanged: false } }],
      [{ resources: {} }, { resources: { listChanged: false, subscribe: false } }],
      [{ resources: { subscribe: true } }, { resources: { subscribe: true, listChanged: false } }],
    ] as const
  ) {
    assert.deepEqual(changes(before, after), [], JSON.stringify(after));
    assert.deepEqual(changes(after, before), [], JSON.stringify(before));
  }
  // Written out as false beside an offer turned on: only the offer counts.
  assert.deepEqual(
    changes({ resources: {} }, { resources: { listChanged: false, subscribe: true } }),
    ["server.capability.extended server.capabilities.resources NON_BREAKING"],
  );
});

Deno.test("diff says which offer was turned off", () => {
  assert.deepEqual(message({ tools: { listChanged: true } }, { tools: { listChanged: false } }), [
    'POTENTIALLY_BREAKING The "tools" capability turned off listChanged: clients are no longer told when the list changes',
  ]);
  assert.deepEqual(
    message({ resources: { subscribe: true, listChanged: true } }, { resources: {} }),
    [
      'BREAKING The "resources" capability turned off subscribe: clients can no longer subscribe to updates of a resource; resources/subscribe and resources/unsubscribe are answered as unknown methods',
      'POTENTIALLY_BREAKING The "resources" capability turned off listChanged: clients are no longer told when the list changes',
    ],
  );
});

Deno.test("diff grades subscribe turned off BREAKING: it takes the requests it offered away", () => {
  // A server without subscribe answers resources/subscribe and resources/unsubscribe as unknown
  // methods, as it answers logging/setLevel once logging is dropped (server.capability.removed).
  const removed = "server.capability.requestRemoved server.capabilities.resources BREAKING";
  for (
    const after of [{}, { subscribe: false }, { listChanged: false }] as JsonObject[]
  ) {
    assert.deepEqual(changes({ resources: { subscribe: true } }, { resources: after }), [removed]);
    // The other way it offers them: NON_BREAKING.
    assert.deepEqual(changes({ resources: after }, { resources: { subscribe: true } }), [
      "server.capability.extended server.capabilities.resources NON_BREAKING",
    ]);
  }
  // Beside listChanged turned on, each is graded for what it is.
  assert.deepEqual(
    changes({ resources: { subscribe: true } }, { resources: { listChanged: true } }),
    [removed, "server.capability.extended server.capabilities.resources NON_BREAKING"],
  );
  // A value the specification does not define is not known to offer anything: a warning.
  assert.deepEqual(changes({ resources: { subscribe: "yes" } }, { resources: {} }), [
    "server.capability.changed server.capabilities.resources POTENTIALLY_BREAKING",
  ]);
  // The capability dropped whole is server.capability.removed alone; in an experimental entry
  // the author defines what subscribe means.
  assert.deepEqual(
    changes({ tools: {}, resources: { subscribe: true } }, { tools: {} })
      .filter((line) => line.includes("requestRemoved")),
    [],
  );
  assert.deepEqual(
    changes({ experimental: { "acme/push": { subscribe: true } } }, {
      experimental: { "acme/push": {} },
    }),
    ["server.capability.changed server.capabilities.experimental.acme/push POTENTIALLY_BREAKING"],
  );
});

Deno.test("diff keeps false against absent a change where the specification does not read it", () => {
  // An experimental or extension entry defines its own options, an option the specification
  // does not define may mean anything when false, and null is not false: none can be told equal.
  for (
    const [before, after, key] of [
      [{ experimental: { "acme/push": {} } }, {
        experimental: { "acme/push": { subscribe: false } },
      }, "experimental.acme/push"],
      [{ tools: {} }, { tools: { paginated: false } }, "tools"],
      [{ tools: {} }, { tools: { listChanged: null } }, "tools"],
      [{ logging: {} }, { logging: { listChanged: false } }, "logging"],
    ] as const
  ) {
    assert.deepEqual(changes(before, after), [
      `server.capability.changed server.capabilities.${key} POTENTIALLY_BREAKING`,
    ], JSON.stringify(after));
    assert.deepEqual(changes(after, before), [
      `server.capability.changed server.capabilities.${key} POTENTIALLY_BREAKING`,
    ], JSON.stringify(before));
  }
});

Deno.test("diff grades only the offers the specification defines for a capability as extended", () => {
  // subscribe belongs to resources; listChanged to tools, prompts and resources.
  for (
    const [before, after] of [
      [{ tools: {} }, { tools: { subscribe: true } }],
      [{ prompts: {} }, { prompts: { subscribe: true } }],
      [{ logging: {} }, { logging: { listChanged: true } }],
      [{ completions: {} }, { completions: { listChanged: true } }],
    ] as const
  ) {
    const key = Object.keys(before)[0];
    assert.deepEqual(changes(before, after), [
      `server.capability.changed server.capabilities.${key} POTENTIALLY_BREAKING`,
    ]);
  }
  assert.deepEqual(changes({ prompts: {} }, { prompts: { listChanged: true } }), [
    "server.capability.extended server.capabilities.prompts NON_BREAKING",
  ]);
});

Deno.test("diff grades an empty experimental or extensions capability dropped or added NON_BREAKING", () => {
  for (const key of ["experimental", "extensions"]) {
    assert.deepEqual(changes({ tools: {}, [key]: {} }, { tools: {} }), [
      `server.capability.removed server.capabilities.${key} NON_BREAKING`,
    ]);
    assert.deepEqual(changes({ tools: {} }, { tools: {}, [key]: {} }), [
      `server.capability.added server.capabilities.${key} NON_BREAKING`,
    ]);
  }
});

Deno.test("diff keeps a non-empty or malformed experimental capability dropped BREAKING", () => {
  // Each entry is a capability of its own: dropping the map drops them.
  assert.deepEqual(changes({ experimental: { "acme/push": {} } }, {}), [
    "server.capability.removed server.capabilities.experimental BREAKING",
  ]);
  assert.deepEqual(
    changes({ experimental: { "acme/push": {}, "acme/pull": {} } }, { experimental: {} }),
    [
      "server.capability.removed server.capabilities.experimental.acme/pull BREAKING",
      "server.capability.removed server.capabilities.experimental.acme/push BREAKING",
    ],
  );
  // Not an object: what it offered cannot be told, so it is not taken for empty.
  for (const value of [true, [], null, "on"]) {
    assert.deepEqual(changes({ experimental: value }, {}), [
      "server.capability.removed server.capabilities.experimental BREAKING",
    ], JSON.stringify(value));
  }
});

Deno.test("diff grades listChanged turned off beside subscribe turned on as its mirror: each for what it is", () => {
  // {listChanged: true} → {subscribe: true} read one server.capability.changed naming both,
  // where its mirror read requestRemoved and extended apart (review F2).
  const [notices, requests] = [{ resources: { listChanged: true } }, {
    resources: { subscribe: true },
  }];
  assert.deepEqual(message(notices, requests), [
    'POTENTIALLY_BREAKING The "resources" capability turned off listChanged: clients are no longer told when the list changes',
    'NON_BREAKING The "resources" capability turned on subscribe',
  ]);
  assert.deepEqual(changes(requests, notices), [
    "server.capability.requestRemoved server.capabilities.resources BREAKING",
    "server.capability.extended server.capabilities.resources NON_BREAKING",
  ]);
  // tools, prompts: listChanged is their only offer; beside an option the specification does not
  // define, listChanged turned off is part of that option's one finding, and turned on is its own.
  const other = [{ tools: { listChanged: true } }, { tools: { paginated: true } }] as const;
  assert.deepEqual(changes(other[0], other[1]), [
    "server.capability.changed server.capabilities.tools POTENTIALLY_BREAKING",
  ]);
  assert.deepEqual(changes(other[1], other[0]), [
    "server.capability.changed server.capabilities.tools POTENTIALLY_BREAKING",
    "server.capability.extended server.capabilities.tools NON_BREAKING",
  ]);
});

Deno.test("diff grades each option for what it is beside an option the specification does not define, both ways", () => {
  // {subscribe: true, foo: 1} → {listChanged: true} read requestRemoved and one
  // server.capability.changed naming listChanged and foo (listChanged turned on at the grade of
  // the unknown option), and the mirror one server.capability.changed naming all three
  // (subscribe turned on too): an offer turned on beside an unknown option was never extended.
  const [requests, notices] = [{ resources: { subscribe: true, foo: 1 } }, {
    resources: { listChanged: true },
  }];
  const unknown =
    "foo: an option the MCP specification does not define for resources, so what clients that read it gain or lose cannot be told";
  assert.deepEqual(message(requests, notices), [
    'BREAKING The "resources" capability turned off subscribe: clients can no longer subscribe to updates of a resource; resources/subscribe and resources/unsubscribe are answered as unknown methods',
    `POTENTIALLY_BREAKING The "resources" capability changed (${unknown})`,
    'NON_BREAKING The "resources" capability turned on listChanged',
  ]);
  assert.deepEqual(message(notices, requests), [
    `POTENTIALLY_BREAKING The "resources" capability changed (listChanged; ${unknown})`,
    'NON_BREAKING The "resources" capability turned on subscribe',
  ]);
  // An offer turned on beside an unknown option dropped or added, alone: each its own finding.
  const pairs: [JsonObject, JsonObject][] = [
    [{ foo: 1 }, { subscribe: true }],
    [{}, { subscribe: true, foo: 1 }],
  ];
  for (const [a, b] of pairs) {
    assert.deepEqual(changes({ resources: a }, { resources: b }), [
      "server.capability.changed server.capabilities.resources POTENTIALLY_BREAKING",
      "server.capability.extended server.capabilities.resources NON_BREAKING",
    ]);
    assert.deepEqual(changes({ resources: b }, { resources: a }), [
      "server.capability.requestRemoved server.capabilities.resources BREAKING",
      "server.capability.changed server.capabilities.resources POTENTIALLY_BREAKING",
    ]);
  }
  // In an experimental entry the author defines every option: one finding still.
  assert.deepEqual(
    changes({ experimental: { a: { foo: 1 } } }, { experimental: { a: { listChanged: true } } }),
    ["server.capability.changed server.capabilities.experimental.a POTENTIALLY_BREAKING"],
  );
});
