/**
 * Resource move hints: a segment of two URIs or more renamed alike, one to one.
 */
import assert from "node:assert/strict";
import { resourceMoves } from "../../core/resource_moves.ts";

const at = (id: string, mimeType: string | undefined = "text/markdown", index = 0) => ({
  id,
  value: mimeType === undefined ? {} : { mimeType },
  index,
});

/** `old → new` of every move found, sorted. */
function moves(removed: string[], added: string[]): string[] {
  return [...resourceMoves(removed.map((u) => at(u)), added.map((u) => at(u)))]
    .map(([gone, move]) => `${gone.id} → ${move.twin.id}`).sort();
}

Deno.test("resourceMoves() names the new URIs of a folder renamed, both ways", () => {
  // @assistant-ui/mcp-docs-server 0.2.0 → 0.2.3 moved (docs)/… to (getting-started)/….
  const old = ["aui:///(docs)/cli", "aui:///(docs)/llm", "aui:///tools/legacy"];
  const now = ["aui:///(getting-started)/cli", "aui:///(getting-started)/llm", "aui:///guides/x"];
  assert.deepEqual(moves(old, now), [
    "aui:///(docs)/cli → aui:///(getting-started)/cli",
    "aui:///(docs)/llm → aui:///(getting-started)/llm",
  ]);
  assert.deepEqual(moves(now, old), [
    "aui:///(getting-started)/cli → aui:///(docs)/cli",
    "aui:///(getting-started)/llm → aui:///(docs)/llm",
  ]);
  // A scheme renamed alike counts as a segment too.
  assert.deepEqual(moves(["a://x/1", "a://x/2"], ["b://x/1", "b://x/2"]), [
    "a://x/1 → b://x/1",
    "a://x/2 → b://x/2",
  ]);
  const move = resourceMoves([at("d:///a/1"), at("d:///a/2")], [at("d:///b/1"), at("d:///b/2")]);
  assert.deepEqual([...move.values()].map((m) => [m.from, m.to, m.shared]), [
    ["a", "b", 2],
    ["a", "b", 2],
  ]);
});

Deno.test("resourceMoves() names nothing a rename of one URI alone or of several ways explains", () => {
  // One resource whose segment changed may be another resource.
  assert.deepEqual(moves(["db://users/schema"], ["db://orders/schema"]), []);
  assert.deepEqual(moves(["db://users/schema", "db://x"], ["db://orders/schema", "db://y"]), []);
  // Two segments renamed differently, one URI each: no folder renamed.
  assert.deepEqual(moves(["d:///a/1", "d:///b/2"], ["d:///c/1", "d:///e/2"]), []);
  // Undecidable: a removed URI that two added ones explain (a/1 → b/1 and → c/1, each rename
  // shared) is named with neither, and neither is its twin's.
  assert.deepEqual(
    moves(["d:///a/1", "d:///a/2"], ["d:///b/1", "d:///b/2", "d:///c/1", "d:///c/2"]),
    [],
  );
  // Another MIME type is another resource.
  const typed = resourceMoves(
    [at("d:///a/1"), at("d:///a/2", "application/json")],
    [at("d:///b/1"), at("d:///b/2")],
  );
  assert.equal(typed.size, 0);
  // No MIME type on either side reads alike.
  const untyped = resourceMoves(
    [at("d:///a/1", undefined), at("d:///a/2", undefined)],
    [at("d:///b/1", undefined), at("d:///b/2", undefined)],
  );
  assert.equal(untyped.size, 2);
});

Deno.test("resourceMoves() names nothing among many URIs alike but for one segment, and compares a bounded number of pairs", () => {
  // db://rows/0 … n-1 replaced by db://rows/n … 2n-1: every removed URI is an added one but for
  // its last segment, n² pairs and none one to one. Before, each pair was built and counted
  // (3,000 rows: 135 s and 2.7 GB for one diff); now the comparison stops at a few per entry.
  const n = 3_000;
  const rows = (from: number) => Array.from({ length: n }, (_, i) => `db://rows/${from + i}`);
  assert.deepEqual(moves(rows(0), rows(n)), []);
  // A folder renamed among few others is still named.
  assert.deepEqual(moves(["d:///a/1", "d:///a/2", "d:///x"], ["d:///b/1", "d:///b/2", "d:///y"]), [
    "d:///a/1 → d:///b/1",
    "d:///a/2 → d:///b/2",
  ]);
});
