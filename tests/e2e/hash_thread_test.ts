/**
 * The content hashes of a large diff, computed on a second thread (cli/hash_thread.ts): the same
 * as on one, and on this one whenever the thread cannot give them.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { dropEarlyReads, readFilesEarly, takeEarlyRead } from "../../cli/early_reads.ts";
import { startHashThread } from "../../cli/hash_thread.ts";
import { contractHashes } from "../../core/hash.ts";
import type { LoadedContract } from "../../core/load_contract.ts";
import { equalPairs, pairEntities } from "../../core/pairing.ts";
import { readSource } from "../../core/read_source.ts";

/** Any file, on a machine with a core free. */
const FREE = { minBytes: 0, busy: () => false };

function withDir(run: (dir: string) => void | Promise<void>): () => Promise<void> {
  return async () => {
    const dir = mkdtempSync(join(tmpdir(), "proxar-hash-thread-"));
    try {
      await run(dir);
    } finally {
      dropEarlyReads();
      rmSync(dir, { recursive: true, force: true });
    }
  };
}

const tool = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  description: `The ${name} tool`,
  inputSchema: { type: "object", properties: { q: { type: "string" } }, ...extra },
});

/** Old and new: `b` changed, `c` removed, `d` added, `a` the same; prompts on both sides. */
function writePair(dir: string, old: unknown = undefined): void {
  const prompts = [{ name: "p", description: "A prompt" }];
  const before = old ?? { tools: [tool("a"), tool("b"), tool("c")], prompts };
  writeFileSync(join(dir, "old.json"), "\uFEFF" + JSON.stringify(before, null, 2));
  writeFileSync(
    join(dir, "new.json"),
    JSON.stringify({ tools: [tool("a"), tool("b", { required: ["q"] }), tool("d")], prompts }),
  );
}

async function load(dir: string): Promise<[LoadedContract, LoadedContract]> {
  const ctx = { cwd: dir, readStdin: () => Promise.resolve(""), takeRead: takeEarlyRead };
  const old = await readSource("old.json", ctx);
  return [old, await readSource("new.json", { ...ctx, like: old })];
}

async function loaded(dir: string) {
  dropEarlyReads();
  const [old, next] = await load(dir);
  return [
    old.contract,
    next.contract,
    equalPairs(pairEntities(old.contract, next.contract)),
  ] as const;
}

Deno.test(
  "startHashThread() gives the hashes contractHashes() gives",
  withDir(async (dir) => {
    writePair(dir);
    readFilesEarly(["old.json", "new.json"], dir);
    const thread = startHashThread("old.json", ["text", "json=report.json"], dir, FREE);
    assert.ok(thread);
    try {
      const [old, next] = await load(dir);
      assert.equal(thread.confirm(old), thread);
      const twins = equalPairs(pairEntities(old.contract, next.contract));
      assert.equal(twins.size, 2);
      const hashes = thread.hashesFrom(old.contract, next.contract, twins);
      await thread.settled();
      assert.deepEqual(hashes(), contractHashes(old.contract, next.contract, twins));
    } finally {
      await thread.stop();
    }
  }),
);

/** The hashes a thread gives for the pair in `dir`, and those contractHashes() gives. */
async function bothWays(dir: string): Promise<[unknown, unknown]> {
  readFilesEarly(["old.json", "new.json"], dir);
  const thread = startHashThread("old.json", ["sarif"], dir, FREE)!;
  try {
    const [old, next] = await load(dir);
    const twins = equalPairs(pairEntities(old.contract, next.contract));
    const hashes = thread.confirm(old)!.hashesFrom(old.contract, next.contract, twins);
    await thread.settled();
    return [hashes(), contractHashes(old.contract, next.contract, twins)];
  } finally {
    await thread.stop();
  }
}

Deno.test(
  "startHashThread() leaves to this thread the hashes of text only the package hashes",
  withDir(async (dir) => {
    // A lone surrogate takes the package's path: on the old side alone, the thread takes it too.
    const lone = tool("a", { description: "x\uD800" });
    writePair(dir, { tools: [lone, tool("b")] });
    const [threaded, here] = await bothWays(dir);
    assert.deepEqual(threaded, here);
    // In a tool equal on both sides, the new side's pieces name an old tool without its text.
    writeFileSync(join(dir, "new.json"), JSON.stringify({ tools: [lone, tool("c")] }));
    assert.deepEqual(await bothWays(dir), [undefined, contractHashes(...await loaded(dir))]);
  }),
);

Deno.test(
  "a thread declines a file of tools too large to share any, and the hashes are computed here",
  withDir(async (dir) => {
    // One tool of 300,000 characters: a second parsed copy of it would only cost memory.
    writePair(dir, { tools: [tool("a", { description: "x".repeat(300_000) })] });
    readFilesEarly(["old.json", "new.json"], dir);
    const thread = startHashThread("old.json", ["json"], dir, FREE)!;
    try {
      // It says so before it is asked.
      await thread.settled();
      const [old, next] = await load(dir);
      assert.equal(thread.confirm(old), undefined);
      const twins = equalPairs(pairEntities(old.contract, next.contract));
      assert.equal(thread.hashesFrom(old.contract, next.contract, twins)(), undefined);
    } finally {
      await thread.stop();
    }
  }),
);

Deno.test(
  "HashThread.confirm() stops a thread handed another text than the one loaded",
  withDir(async (dir) => {
    writePair(dir);
    readFilesEarly(["old.json", "new.json"], dir);
    const thread = startHashThread("old.json", ["json"], dir, FREE)!;
    const [, next] = await load(dir);
    assert.equal(thread.confirm(next), undefined);
    await thread.settled();
  }),
);

Deno.test(
  "startHashThread() starts none for formats without hashes, small files or sources that are no file",
  withDir((dir) => {
    writePair(dir);
    readFilesEarly(["old.json"], dir);
    assert.equal(startHashThread("old.json", [], dir, FREE), undefined);
    const hashless = ["text", "markdown=x.md", "github", "gitlab", "changelog=c.md"];
    assert.equal(startHashThread("old.json", hashless, dir, FREE), undefined);
    // The default: a file of a few hundred bytes is hashed here.
    assert.equal(startHashThread("old.json", ["json"], dir, { busy: () => false }), undefined);
    // So is a large one while no core is free.
    assert.equal(
      startHashThread("old.json", ["json"], dir, { ...FREE, busy: () => true }),
      undefined,
    );
    assert.equal(startHashThread("new.json", ["json"], dir, FREE), undefined);
    assert.equal(startHashThread("-", ["json"], dir, FREE), undefined);
    assert.equal(startHashThread(undefined, ["json"], dir, FREE), undefined);
    assert.ok(takeEarlyRead(resolve(dir, "old.json")));
  }),
);
