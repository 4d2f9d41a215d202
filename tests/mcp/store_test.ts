/**
 * Unit tests of the snapshot file format and the store: canonical bytes, hashes, history
 * de-duplication under concurrent writers, pins, hash lookup and damaged files.
 */
import assert from "node:assert/strict";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Contract, emptyContract } from "../../core/contract.ts";
import { contractHash } from "../../core/hash.ts";
import { readSnapshotText, snapshotOf } from "../../mcp/snapshot.ts";
import { historyFileName, Store } from "../../mcp/store.ts";

function contract(required: string[]): Contract {
  const c = emptyContract({ name: "issues-mcp", version: "1.0.0" });
  c.protocolVersion = "2025-11-25";
  c.tools = [
    { name: "b_tool", inputSchema: { type: "object" } },
    {
      name: "search_issues",
      inputSchema: { type: "object", properties: { query: { type: "string" } }, required },
    },
  ];
  return c;
}

function withStore<T>(fn: (store: Store, dir: string) => Promise<T>): () => Promise<T> {
  return async () => {
    const dir = mkdtempSync(join(tmpdir(), "proxar-store-"));
    try {
      return await fn(new Store(join(dir, ".proxar"), dir), dir);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
}

Deno.test("snapshotOf() writes canonical bytes in the documented key order", () => {
  const snap = snapshotOf(contract(["query"]), "2026-01-02T03:04:05.678Z", "test");
  const value = JSON.parse(snap.text);
  assert.deepEqual(Object.keys(value), [
    "proxar",
    "server",
    "protocolVersion",
    "capturedAt",
    "hash",
    "tools",
    "prompts",
    "resources",
    "resourceTemplates",
  ]);
  assert.equal(value.hash, contractHash(contract(["query"])));
  assert.deepEqual(Object.keys(value.tools[1].inputSchema), ["properties", "required", "type"]);
  assert.ok(snap.text.endsWith("}\n"));
  const again = snapshotOf(contract(["query"]), "2026-01-02T03:04:05.678Z", "test");
  assert.equal(again.text, snap.text);
});

Deno.test("readSnapshotText() rejects a file whose hash does not match its content", () => {
  const snap = snapshotOf(contract(["query"]), "2026-01-02T03:04:05.678Z", "test");
  assert.equal(readSnapshotText("snap.json", snap.text).hash, snap.hash);
  const edited = snap.text.replace('"b_tool"', '"c_tool"');
  const editedHash = contractHash({
    ...contract(["query"]),
    tools: contract(["query"]).tools.map((t) => t.name === "b_tool" ? { ...t, name: "c_tool" } : t),
  });
  assert.throws(() => readSnapshotText("snap.json", edited), {
    message:
      `snap.json: the recorded hash "${snap.hash}" does not match the content (${editedHash}); the file was edited or is damaged`,
  });
});

Deno.test("historyFileName() sorts by capture time and carries 12 hash digits", () => {
  assert.equal(
    historyFileName("2026-01-02T03:04:05.678Z", "sha256:0123456789abcdef"),
    "20260102T030405678Z-0123456789ab.json",
  );
});

Deno.test(
  "Store.record() keeps one file per distinct hash even with concurrent writers",
  withStore(async (store) => {
    const v1 = snapshotOf(contract(["query"]), "2026-01-02T03:04:05.678Z", "t");
    const v1Later = snapshotOf(contract(["query"]), "2026-01-02T03:09:00.000Z", "t");
    const v2 = snapshotOf(contract([]), "2026-01-02T03:10:00.000Z", "t");
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => store.record("issues-mcp", i % 2 ? v1 : v1Later)),
    );
    assert.equal(results.filter((r) => r.written).length, 1);
    assert.equal((await store.history("issues-mcp")).length, 1);
    assert.equal((await store.record("issues-mcp", v2)).written, true);
    assert.equal((await store.record("issues-mcp", v2)).written, false);
    const entries = await store.history("issues-mcp");
    assert.deepEqual(entries.map((e) => e.hash12), [
      v1.hash.slice(7, 19),
      v2.hash.slice(7, 19),
    ]);
    assert.equal((await store.latest("issues-mcp"))?.hash, v2.hash);
    const files = readdirSync(store.historyDir("issues-mcp")).sort();
    assert.equal(files.length, 2, `no temporary or lock files are left: ${files}`);
  }),
);

Deno.test(
  "Store.find() resolves a hash prefix and explains a missing one",
  withStore(async (store) => {
    const v1 = snapshotOf(contract(["query"]), "2026-01-02T03:04:05.678Z", "t");
    await store.record("issues-mcp", v1);
    assert.equal((await store.find("issues-mcp", v1.hash.slice(0, 14))).hash, v1.hash);
    assert.equal((await store.find("issues-mcp", v1.hash)).hash, v1.hash);
    await assert.rejects(() => store.find("issues-mcp", "ffff"), {
      message:
        'No snapshot of server "issues-mcp" has a hash starting with "ffff" in .proxar/history/issues-mcp; see proxar history --server issues-mcp',
    });
  }),
);

Deno.test(
  "Store.pin() writes pinned/<server>.json and Store.unpin() removes it",
  withStore(async (store, dir) => {
    const v1 = snapshotOf(contract(["query"]), "2026-01-02T03:04:05.678Z", "t");
    assert.equal(await store.pinned("issues-mcp"), undefined);
    await store.pin("issues-mcp", v1);
    assert.equal(readFileSync(join(dir, ".proxar/pinned/issues-mcp.json"), "utf8"), v1.text);
    assert.equal((await store.pinned("issues-mcp"))?.hash, v1.hash);
    assert.equal(await store.unpin("issues-mcp"), true);
    assert.equal(await store.unpin("issues-mcp"), false);
  }),
);

Deno.test(
  "Store.read() names a damaged file and leaves it as it is",
  withStore(async (store, dir) => {
    const v1 = snapshotOf(contract(["query"]), "2026-01-02T03:04:05.678Z", "t");
    await store.pin("issues-mcp", v1);
    const path = join(dir, ".proxar/pinned/issues-mcp.json");
    writeFileSync(path, v1.text.slice(0, 40));
    await assert.rejects(() => store.pinned("issues-mcp"), (error: Error) => {
      assert.match(
        error.message,
        /^Damaged store file: \.proxar\/pinned\/issues-mcp\.json:\d+:\d+: invalid JSON: .+ \(Proxar does not replace it: repair or delete it\)$/,
      );
      return true;
    });
    assert.equal(readFileSync(path, "utf8"), v1.text.slice(0, 40));
  }),
);

Deno.test("Store refuses server names that are not safe file names", () => {
  const store = new Store("/tmp/none", "/tmp");
  assert.throws(() => store.pinnedPath("../evil"), {
    message:
      'Server name "../evil" cannot be used in the snapshot store: use letters, digits, ".", "_" and "-"',
  });
});
