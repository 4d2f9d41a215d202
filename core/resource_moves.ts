/**
 * The probable new URIs of removed resources (and resource templates), for the hint of
 * `resource.removed`: a folder of their URIs renamed. The resources are not paired (nothing
 * compares them), only named.
 * @module
 */
import type { Located } from "./pairing.ts";

/** The most removed or added entries whose URIs are compared, per side. */
const MAX_MOVED = 4_096;

/**
 * How many pairs of a removed and an added entry alike but for one segment, per entry, are
 * compared at the most; past that the URIs are too much alike for any move to be one to one.
 */
const MAX_CANDIDATES_PER_ENTRY = 4;

/** How many entries must have one segment renamed alike for the rename to be a folder's. */
const SHARED = 2;

/** What a resource or template offers for {@link resourceMoves}: its URI (the id) and MIME type. */
type Entry = Located<{ mimeType?: unknown }>;

/** A removed entry's probable new URI and the segment renamed. */
export interface ResourceMove<T extends Entry = Entry> {
  twin: T;
  /** The segment of the old URI renamed, and what it became. */
  from: string;
  to: string;
  /** How many removed entries had the same segment renamed the same way. */
  shared: number;
}

/**
 * The removed entries whose URI is an added entry's but for one `/`-separated segment renamed,
 * the same segment at the same place renamed the same way for {@link SHARED} entries or more
 * (a folder renamed: @assistant-ui/mcp-docs-server 0.2.0 → 0.2.3 moved aui-docs:///(docs)/cli,
 * …/llm and six more to aui-docs:///(getting-started)/cli, …), with the same MIME type, each
 * removed and each added entry explained by one such rename only. One resource alone whose URI
 * changed in one segment may be another resource (db://users/schema removed beside
 * db://orders/schema added), so it is never named.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { resourceMoves } from "./resource_moves.ts";
 * const at = (id: string, index = 0) => ({ id, value: { mimeType: "text/markdown" }, index });
 * const moves = resourceMoves(
 *   [at("docs:///(docs)/cli"), at("docs:///(docs)/llm"), at("docs:///old")],
 *   [at("docs:///(getting-started)/cli"), at("docs:///(getting-started)/llm"), at("docs:///new")],
 * );
 * assert.deepEqual(
 *   [...moves].map(([gone, move]) => `${gone.id} → ${move.twin.id}`),
 *   ["docs:///(docs)/cli → docs:///(getting-started)/cli", "docs:///(docs)/llm → docs:///(getting-started)/llm"],
 * );
 * assert.equal(resourceMoves([at("db://users/schema")], [at("db://orders/schema")]).size, 0);
 * ```
 */
export function resourceMoves<T extends Entry>(
  removed: readonly T[],
  added: readonly T[],
): Map<T, ResourceMove<T>> {
  const out = new Map<T, ResourceMove<T>>();
  if (removed.length > MAX_MOVED || added.length > MAX_MOVED) return out;
  if (removed.length < SHARED || added.length < SHARED) return out;
  // Each added URI under every key of one segment left out: `place/segments but that one`.
  const byShape = new Map<string, T[]>();
  const shapes = (uri: string) => {
    const parts = uri.split("/");
    return parts.map((part, i) => ({
      key: `${i}/${parts.length}\u0000${parts.toSpliced(i, 1).join("/")}`,
      part,
    }));
  };
  for (const a of added) {
    for (const { key } of shapes(a.id)) {
      const bucket = byShape.get(key);
      if (bucket) bucket.push(a);
      else byShape.set(key, [a]);
    }
  }
  // The renames of one segment found, by place and old and new segment. A folder renamed gives
  // one per removed entry; many more mean URIs alike but for one segment each (db://rows/1 … n
  // replaced by db://rows/n+1 … 2n: n² pairs, none one to one), which name no move.
  const limit = MAX_CANDIDATES_PER_ENTRY * (removed.length + added.length);
  const candidates: { gone: T; twin: T; rename: string; from: string; to: string }[] = [];
  for (const gone of removed) {
    for (const { key, part } of shapes(gone.id)) {
      const place = key.slice(0, key.indexOf("\u0000"));
      for (const twin of byShape.get(key) ?? []) {
        if (twin.value.mimeType !== gone.value.mimeType) continue;
        const to = twin.id.split("/")[Number(place.split("/")[0])]!;
        if (to === part) continue;
        if (candidates.length === limit) return out;
        candidates.push({ gone, twin, rename: `${place}\u0000${part}\u0000${to}`, from: part, to });
      }
    }
  }
  const count = (pick: (c: (typeof candidates)[number]) => unknown) => {
    const n = new Map<unknown, number>();
    for (const c of candidates) n.set(pick(c), (n.get(pick(c)) ?? 0) + 1);
    return n;
  };
  const [perRename, perGone, perTwin] = [
    count((c) => c.rename),
    count((c) => c.gone),
    count((c) => c.twin),
  ];
  for (const c of candidates) {
    const shared = perRename.get(c.rename)!;
    if (shared < SHARED || perGone.get(c.gone) !== 1 || perTwin.get(c.twin) !== 1) continue;
    out.set(c.gone, { twin: c.twin, from: c.from, to: c.to, shared });
  }
  return out;
}
