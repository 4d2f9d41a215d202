import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { UserError } from "../../core/errors.ts";
import type { JsonValue } from "../../core/json.ts";
import {
  contractFromDocument,
  contractFromDocuments,
  contractFromValue,
  type JsonDocument,
} from "../../core/load_contract.ts";
import { parseDocument, readSource } from "../../core/read_source.ts";
import { FIXTURES } from "../helpers.ts";

const DIFF = join(FIXTURES, "diff");
const text = (name: string) => readFileSync(join(DIFF, name), "utf8");
const load = (name: string) => contractFromDocument(parseDocument(name, text(name), name));

/** The tools of base.json, in the order a contract holds them (sorted by name). */
const BASE_TOOLS = (JSON.parse(text("base.json")).tools as { name: string }[])
  .sort((a, b) => (a.name < b.name ? -1 : 1));

/** Asserts that `run` throws a UserError with exactly `message`. */
function rejects(run: () => unknown, message: string): void {
  assert.throws(run, (error: unknown) => {
    assert.ok(error instanceof UserError, `expected a UserError, got ${error}`);
    assert.equal(error.message, message);
    return true;
  });
}

Deno.test("contractFromValue() sorts tools by name in UTF-16 code units, duplicates by their JSON", () => {
  const names = [
    "b",
    "B",
    "a_b",
    "a-b",
    "é",
    "e\u0301",
    "\u{1F600}",
    "\uFFFD",
    "__proto__",
    "10",
    "9",
    " x",
  ];
  const tool = (name: string, extra: Record<string, JsonValue> = {}) => ({
    name,
    inputSchema: {},
    ...extra,
  });
  const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  const distinct = contractFromValue({ tools: names.map((n) => tool(n)) });
  assert.deepEqual(distinct.tools.map((t) => t.name), [...names].sort(byCodeUnits));
  // A name given twice: the two entries in the order of their canonical JSON, the rest by name.
  const twice = contractFromValue({
    tools: [tool("x", { title: "2" }), tool("b"), tool("x", { title: "1" }), tool("a")],
  });
  assert.deepEqual(twice.tools.map((t) => [t.name, t.title]), [
    ["a", undefined],
    ["b", undefined],
    ["x", "1"],
    ["x", "2"],
  ]);
});

Deno.test("contractFromDocument() loads a tools/list result with tools sorted by name", () => {
  const { contract, label } = load("base.json");
  assert.equal(label, "base.json");
  assert.deepEqual(contract, {
    server: { name: "unknown", version: "unknown" },
    tools: BASE_TOOLS,
    prompts: [],
    resources: [],
    resourceTemplates: [],
    uncaptured: ["prompts", "resources", "resourceTemplates"],
  });
  assert.deepEqual(contract.tools.map((t) => t.name), ["create_issue", "search_issues"]);
});

Deno.test("contractFromDocument() loads every accepted form to the same contract", () => {
  const base = load("base.json").contract;
  for (
    const name of ["envelope.json", "pages.json", "bare_array.json", "shuffled.json"]
  ) {
    assert.deepEqual(load(name).contract, base, name);
  }
  const single = contractFromValue(BASE_TOOLS[0] as unknown as JsonValue);
  assert.deepEqual(single.tools, [BASE_TOOLS[0]]);
  const snapshot = load("snapshot.json").contract;
  assert.deepEqual(snapshot, { ...base, server: { name: "issues-mcp", version: "1.0.0" } });
});

Deno.test("contractFromDocuments() merges per-tool files and remembers where each came from", () => {
  const docs: JsonDocument[] = ["search_issues.json", "create_issue.json"].map((name) => {
    const file = `tools_dir/${name}`;
    return parseDocument(file, text(file), file);
  });
  const loaded = contractFromDocuments("tools_dir", docs);
  assert.deepEqual(loaded.contract, load("base.json").contract);
  assert.equal(loaded.label, "tools_dir");
  assert.deepEqual(loaded.origins.get("tool:create_issue"), {
    file: "tools_dir/create_issue.json",
    pointer: "",
  });
  assert.deepEqual([...loaded.texts.keys()].sort(), [
    "tools_dir/create_issue.json",
    "tools_dir/search_issues.json",
  ]);
});

Deno.test("contractFromValue() keeps server info, protocol, instructions and capabilities", () => {
  const contract = contractFromValue({
    serverInfo: { name: "issues-mcp", version: "2.0.0" },
    protocolVersion: "2025-06-18",
    instructions: "Use search before create.",
    capabilities: { tools: {} },
    tools: [],
    prompts: [{ name: "triage" }],
  });
  assert.deepEqual(contract, {
    server: { name: "issues-mcp", version: "2.0.0" },
    protocolVersion: "2025-06-18",
    instructions: "Use search before create.",
    capabilities: { tools: {} },
    tools: [],
    prompts: [{ name: "triage" }],
    resources: [],
    resourceTemplates: [],
    uncaptured: ["resources", "resourceTemplates"],
  });
});

Deno.test("contractFromValue() records which lists the source left out, not the empty ones it holds", () => {
  const uncaptured = (value: JsonValue) => contractFromValue(value).uncaptured;
  const all = { tools: [], prompts: [], resources: [], resourceTemplates: [] };
  assert.equal(uncaptured(all), undefined);
  assert.equal(uncaptured({ proxar: 1, server: { name: "s", version: "1" }, ...all }), undefined);
  assert.deepEqual(uncaptured({ proxar: 1, server: { name: "s", version: "1" }, tools: [] }), [
    "prompts",
    "resources",
    "resourceTemplates",
  ]);
  assert.deepEqual(uncaptured({ prompts: [] }), ["tools", "resources", "resourceTemplates"]);
  // A bare array of tools, even an empty one, and a single tool record the tools.
  assert.deepEqual(uncaptured([]), ["prompts", "resources", "resourceTemplates"]);
  assert.deepEqual(uncaptured({ name: "a", inputSchema: {} }), [
    "prompts",
    "resources",
    "resourceTemplates",
  ]);
  // Pages: a list any page holds is recorded.
  assert.deepEqual(uncaptured([{ tools: [] }, { prompts: [], resources: [] }]), [
    "resourceTemplates",
  ]);
  assert.deepEqual(uncaptured({ jsonrpc: "2.0", id: 1, result: { resources: [] } }), [
    "tools",
    "prompts",
    "resourceTemplates",
  ]);
  // A samples file records shapes of results and none of the lists.
  assert.deepEqual(uncaptured({ server: { name: "s", version: "1" }, responses: {} }), [
    "tools",
    "prompts",
    "resources",
    "resourceTemplates",
  ]);
});

Deno.test("contractFromDocument() names the file, line, column and pointer of a wrong shape", () => {
  rejects(
    () => load("wrong_shape.json"),
    "wrong_shape.json:5:7: /tools/0/inputSchema: expected an object or a boolean, found a string",
  );
  rejects(
    () => contractFromValue([{ name: "a", inputSchema: 5 }], "x.json"),
    "x.json: /0/inputSchema: expected an object or a boolean, found an integer",
  );
  rejects(
    () => contractFromValue({ tools: [{ name: "a" }] }, "x.json"),
    'x.json: /tools/0: missing required property "inputSchema"',
  );
  rejects(
    () => contractFromValue({ tools: [{ name: "", inputSchema: {} }] }, "x.json"),
    "x.json: /tools/0/name: expected a non-empty string",
  );
  rejects(
    () => contractFromValue({ proxar: 1, server: { name: "s" }, tools: [] }, "x.json"),
    'x.json: /server: missing required property "version"',
  );
  // Server information's icons are a list, as a tool's are.
  rejects(
    () => contractFromValue({ server: { name: "s", icons: "x" }, tools: [] }, "x.json"),
    "x.json: /server/icons: expected an array, found a string",
  );
});

Deno.test("contractFromValue() says what it expected when the document is no contract", () => {
  rejects(
    () => contractFromValue("hello", "x.json"),
    "x.json: expected a contract (a Proxar snapshot, a tools/list result, a JSON-RPC response or an array of tools), found a string",
  );
  rejects(
    () => contractFromValue({ foo: 1, bar: 2 }, "x.json"),
    'x.json: expected a Proxar snapshot, a tools/list result or a JSON-RPC response, found an object with keys "foo", "bar"',
  );
  rejects(
    () =>
      contractFromValue(
        { jsonrpc: "2.0", id: 1, error: { code: -32601, message: "Method not found" } },
        "x.json",
      ),
    'x.json: /error: the file holds a JSON-RPC error response, not a listing: "Method not found"',
  );
  rejects(
    () => contractFromValue({ jsonrpc: "2.0", id: 1 }, "x.json"),
    'x.json: missing required property "result"',
  );
});

Deno.test("parseDocument() names line and column of a JSON syntax error", () => {
  rejects(
    () => parseDocument("malformed.json", text("malformed.json")),
    "malformed.json:5:7: invalid JSON: expected a comma",
  );
  rejects(() => parseDocument("empty.json", ""), "empty.json:1:1: invalid JSON: expected a value");
  rejects(
    () =>
      parseDocument("crlf.json", '{\r\n  "tools": [\r\n    {"name": "a" "inputSchema": {}}\r\n]}'),
    "crlf.json:3:18: invalid JSON: expected a comma",
  );
});

Deno.test("parseDocument() ignores a leading byte order mark", () => {
  const doc = parseDocument("bom.json", '\ufeff{"tools": []}');
  assert.deepEqual(doc.value, { tools: [] });
  assert.equal(doc.text, '{"tools": []}');
});

Deno.test({
  name: "parseDocument() describes text after the JSON value as such",
  fn: () => {
    assert.throws(
      () => parseDocument("two.json", '{"tools": []}\n{"tools": []}\n'),
      (e: unknown) => {
        const message = (e as Error).message;
        assert.match(message, /^two\.json:2:1: invalid JSON: /);
        assert.doesNotMatch(message, /unexpected end of file/);
        return true;
      },
    );
  },
});

Deno.test({
  name: "contractFromDocument() locates an unexpected snapshot key at the key",
  fn: () => {
    const snap = '{\n  "proxar": 1,\n  "server": {"name": "s", "version": "1"},\n  "tools": [],\n' +
      '  "tool": []\n}\n';
    assert.throws(() => contractFromDocument(parseDocument("snap.json", snap)), (e: unknown) => {
      assert.match((e as Error).message, /^snap\.json:5:3: .*unexpected property "tool"/);
      return true;
    });
  },
});

Deno.test("readSource() reads a directory of per-tool files and names a bad file", async () => {
  const ctx = { cwd: DIFF, readStdin: () => Promise.reject(new Error("no stdin")) };
  const loaded = await readSource("tools_dir", ctx);
  assert.deepEqual(loaded.contract, load("base.json").contract);

  const dir = mkdtempSync(join(tmpdir(), "proxar-load-"));
  try {
    const bad = await readSource(dir, ctx).catch((e: unknown) => e);
    assert.ok(bad instanceof UserError);
    assert.equal(bad.message, `Cannot read "${dir}": the directory holds no .json files`);

    writeFileSync(join(dir, "a.json"), '{"name": "a", "inputSchema": {}}');
    writeFileSync(join(dir, "b.json"), '{\n  "name": "b",\n  "inputSchema": []\n}\n');
    writeFileSync(join(dir, "notes.txt"), "not a contract");
    const shape = await readSource(dir, ctx).catch((e: unknown) => e);
    assert.ok(shape instanceof UserError);
    assert.equal(
      shape.message,
      `${join(dir, "b.json")}:3:3: /inputSchema: expected an object or a boolean, found an array`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

Deno.test("readSource() hands a file's text to beforeParse before parsing it", async () => {
  const seen: string[] = [];
  const ctx = {
    cwd: DIFF,
    readStdin: () => Promise.reject(new Error("no stdin")),
    beforeParse: (text: string) => void seen.push(text),
  };
  const loaded = await readSource("base.json", ctx);
  assert.deepEqual(seen, [text("base.json")]);
  assert.deepEqual(loaded.contract, load("base.json").contract);
  const dir = mkdtempSync(join(tmpdir(), "proxar-load-"));
  try {
    writeFileSync(join(dir, "bad.json"), '{"tools": [}');
    const bad = await readSource("bad.json", { ...ctx, cwd: dir }).catch((e: unknown) => e);
    assert.ok(bad instanceof UserError);
    assert.deepEqual(seen, [text("base.json"), '{"tools": [}']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

Deno.test("contractFromValue() names the first refused value depth first: too deep, or out of range", () => {
  const nest = (levels: number, inner: JsonValue): JsonValue => {
    let v = inner;
    for (let i = 0; i < levels; i++) v = i % 2 ? [0, v] : { "a/b": v };
    return v;
  };
  const refuse = (schema: JsonValue) => {
    try {
      contractFromValue({ tools: [{ name: "t", inputSchema: { ok: 1, s: schema } }] } as JsonValue);
      return "accepted";
    } catch (error) {
      assert.ok(error instanceof UserError, String(error));
      return error.message;
    }
  };
  // 1,000 levels in all are accepted: {tools: [{inputSchema: {s: ...}}]} is 4 of them.
  assert.equal(refuse(nest(996, null)), "accepted");
  assert.match(
    refuse(nest(997, null)),
    /^<value>: \/tools\/0\/inputSchema\/s\/a~1b\/1\/a~1b\/1\/[^:]*…: values are nested more than 1000 levels deep;/,
  );
  // Depth first: a number out of range before the deep value is named, not the deep value.
  assert.equal(
    refuse([Infinity, nest(2000, null)]),
    "<value>: /tools/0/inputSchema/s/0: the number is out of range (beyond ±1.8e308), so it cannot be compared",
  );
  assert.match(
    refuse([nest(2000, null), -Infinity]),
    /^<value>: \/tools\/0\/inputSchema\/s\/0\/1\/a~1b\/1\/.*nested more than 1000/,
  );
  // A member of the deepest object accepted (a number is no level of its own), and the root.
  assert.match(
    refuse(nest(995, { x: "y", n: -Infinity })),
    /^<value>: \/tools\/0\/inputSchema\/s(\/a~1b\/1){497}\/a~1b\/n: the number is out of range/,
  );
  assert.throws(
    () => contractFromValue(Infinity as JsonValue),
    { message: "<value>: the number is out of range (beyond ±1.8e308), so it cannot be compared" },
  );
});
