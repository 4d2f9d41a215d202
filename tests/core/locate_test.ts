import assert from "node:assert/strict";
import type { Change } from "../../core/change.ts";
import { contractFromDocument } from "../../core/load_contract.ts";
import { locateChanges } from "../../core/locate.ts";

const OLD =
  '{\n  "tools": [\n    { "name": "a", "inputSchema": {} },\n    { "name": "b", "inputSchema": {} }\n  ]\n}';
const NEW = '{\n  "tools": [\n\n    { "name": "a", "inputSchema": { "type": "object" } }\n  ]\n}';

function loaded(file: string, text: string, withFile = true) {
  return contractFromDocument({
    label: file,
    text,
    value: JSON.parse(text),
    ...(withFile ? { file } : {}),
  });
}

function changes(): Change[] {
  return [
    {
      rule: "tool.input.type.changed",
      severity: "BREAKING",
      entity: { kind: "tool", name: "a" },
      path: "a.inputSchema.type",
      pointer: "/tools/0/inputSchema/type",
      message: "changed",
    },
    {
      rule: "tool.removed",
      severity: "BREAKING",
      entity: { kind: "tool", name: "b" },
      path: "b",
      pointer: "/tools/1",
      message: "removed",
    },
  ];
}

Deno.test("locateChanges() locates both sides by default", () => {
  const found = changes();
  locateChanges(found, loaded("old.json", OLD), loaded("new.json", NEW));
  assert.deepEqual(found.map((c) => c.locations), [
    {
      new: { file: "new.json", line: 4, column: 37 },
      old: { file: "old.json", line: 3, column: 20 },
    },
    // A removed tool: the new file's list, and the tool where it stood.
    {
      new: { file: "new.json", line: 2, column: 3 },
      old: { file: "old.json", line: 4, column: 5 },
    },
  ]);
});

Deno.test("locateChanges() with oldBesideNew false leaves out the old location of a change located in the new file", () => {
  const found = changes();
  locateChanges(found, loaded("old.json", OLD), loaded("new.json", NEW), { oldBesideNew: false });
  assert.deepEqual(found.map((c) => c.locations), [
    { new: { file: "new.json", line: 4, column: 37 } },
    { new: { file: "new.json", line: 2, column: 3 } },
  ]);
});

Deno.test("locateChanges() with oldBesideNew false still locates in the old file what the new one cannot show", () => {
  const found = changes();
  // The new side was not read from a file (standard input, a live server): no new locations.
  locateChanges(found, loaded("old.json", OLD), loaded("<stdin>", NEW, false), {
    oldBesideNew: false,
  });
  assert.deepEqual(found.map((c) => c.locations), [
    { old: { file: "old.json", line: 3, column: 20 } },
    { old: { file: "old.json", line: 4, column: 5 } },
  ]);
});

Deno.test("locateChanges() finds server fields under serverInfo (an initialize result) and under server (a snapshot)", () => {
  const found: Change = {
    rule: "server.version.changed",
    severity: "DOCUMENTATION",
    entity: { kind: "server", name: "s" },
    path: "server.serverInfo.version",
    pointer: "/server/version",
    message: "changed",
  };
  const initialize =
    '{\n  "serverInfo": {\n    "name": "s",\n    "version": "2"\n  },\n  "tools": []\n}';
  const snapshot =
    '{\n  "proxar": 1,\n  "server": { "name": "s", "version": "1" },\n  "tools": []\n}';
  locateChanges([found], loaded("old.json", snapshot), loaded("new.json", initialize));
  // Each side at its "version" key; both were at 1:1 (the document) before.
  assert.deepEqual(found.locations, {
    new: { file: "new.json", line: 4, column: 5 },
    old: { file: "old.json", line: 3, column: 28 },
  });
});
