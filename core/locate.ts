/**
 * Source locations of changes: the 1-based line and column of each change's element in the new
 * file and, when it existed there, in the old one. A removed element points at its nearest
 * surviving ancestor in the new file. Each file is parsed once, and only when asked.
 * @module
 */
import type { Change } from "./change.ts";
import { ENTITY_LISTS, identityOf } from "./contract.ts";
import { pointerOf, pointerTokens } from "./json.ts";
import { type LoadedContract, originKey } from "./load_contract.ts";
import { knownListItems } from "./parse_alike.ts";
import { locatePointers, type Position, type ScanOptions, SkippedValues } from "./positions.ts";

/** Where a snapshot pointer of a change's element lives in a loaded contract's files. */
function place(
  loaded: LoadedContract,
  change: Change,
  side: "old" | "new",
): { file: string; pointer: string } | undefined {
  // The old file holds the element where it stood then, when the change says that was elsewhere.
  // The new file holds the list a removed element stood in, not the sibling that took its index.
  const pointer = side === "old"
    ? change.oldPointer ?? change.pointer
    : change.newPointer ?? change.pointer;
  const exact = side === "old";
  const tokens = pointerTokens(pointer);
  const list = ENTITY_LISTS.find((l) => l.list === tokens[0]);
  if (list && tokens.length >= 2) {
    const rest = tokens.slice(2);
    // An old pointer names the entity by its index in the old contract, which holds it under its
    // old identity when it was renamed.
    const entry = side === "old" && change.oldPointer !== undefined
      ? loaded.contract[list.list][Number(tokens[1])] as Record<string, unknown> | undefined
      : undefined;
    const id = entry === undefined ? change.entity.name : identityOf(list, entry);
    const origin = loaded.origins.get(originKey(list.kind, id));
    if (origin) return { file: origin.file, pointer: origin.pointer + pointerOf(rest) };
    if (exact) return undefined;
    return loaded.origins.get(`list:${list.list}`) ?? loaded.origins.get("root");
  }
  // The contract's `server` is a snapshot's `server` or an initialize result's `serverInfo`.
  const server = tokens[0] === "server" ? loaded.origins.get("server") : undefined;
  if (server) return { file: server.file, pointer: server.pointer + pointerOf(tokens.slice(1)) };
  const root = loaded.origins.get("root");
  return root ? { file: root.file, pointer: root.pointer + pointer } : undefined;
}

/** Options of {@link locateChanges}. */
export interface LocateOptions {
  /**
   * Whether a change located in the new file is located in the old one too (the default). The
   * text, Markdown, GitHub, GitLab and HTML reports show the new position, and the old one only
   * when there is no new one: with `false`, the old file is read for those changes alone, which
   * usually leaves it unread (a large file takes as long to scan as to parse).
   */
  oldBesideNew?: boolean;
}

/**
 * Adds `locations` to every change whose contracts were read from files.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { contractFromDocument } from "./load_contract.ts";
 * import { locateChanges } from "./locate.ts";
 * import type { Change } from "./change.ts";
 * const text = '{\n  "tools": [\n    { "name": "a", "inputSchema": {} }\n  ]\n}';
 * const loaded = contractFromDocument({ label: "c.json", file: "c.json", text, value: JSON.parse(text) });
 * const change: Change = { rule: "tool.added", severity: "NON_BREAKING", entity: { kind: "tool", name: "a" },
 *   path: "a", pointer: "/tools/0", message: "added" };
 * locateChanges([change], contractFromDocument({ label: "old", value: { tools: [] } }), loaded);
 * assert.deepEqual(change.locations, { new: { file: "c.json", line: 3, column: 5 } });
 * ```
 */
export function locateChanges(
  changes: readonly Change[],
  old: LoadedContract,
  next: LoadedContract,
  options: LocateOptions = {},
): void {
  const newPlaces = changes.map((change) => place(next, change, "new"));
  // The old file is mostly the new one: what the scan of the new file skipped, the scan of the
  // old one passes over where the text is the same (a comparison instead of a scan).
  const skipped = new Map<string, SkippedValues>();
  const newAt = positions(next, newPlaces, (file, text) => {
    const values = new SkippedValues(text);
    skipped.set(file, values);
    return { skipped: values };
  });
  const newOf = (i: number) => {
    const n = newPlaces[i];
    return n && newAt.get(n.file)?.get(n.pointer);
  };
  const oldPlaces = changes.map((change, i) =>
    options.oldBesideNew === false && newOf(i) ? undefined : place(old, change, "old")
  );
  const only = next.texts.size === 1 && old.texts.size === 1
    ? skipped.get([...next.texts.keys()][0]!)
    : undefined;
  const oldAt = positions(old, oldPlaces, (file) => {
    const similar = skipped.get(file) ?? only;
    return similar ? { similar } : {};
  });
  changes.forEach((change, i) => {
    const locations: NonNullable<Change["locations"]> = {};
    const n = newPlaces[i];
    const o = oldPlaces[i];
    const at = newOf(i);
    if (n && at) locations.new = { file: n.file, ...at };
    const before = o && oldAt.get(o.file)?.get(o.pointer);
    if (o && before) locations.old = { file: o.file, ...before };
    if (locations.new || locations.old) change.locations = locations;
  });
}

/** One pass per file over the pointers wanted in it, with the scan options for that file. */
function positions(
  loaded: LoadedContract,
  places: readonly ({ file: string; pointer: string } | undefined)[],
  optionsFor: (file: string, text: string) => ScanOptions,
): Map<string, Map<string, Position>> {
  const byFile = new Map<string, string[]>();
  for (const p of places) {
    if (!p) continue;
    const list = byFile.get(p.file);
    if (list) list.push(p.pointer);
    else byFile.set(p.file, [p.pointer]);
  }
  const out = new Map<string, Map<string, Position>>();
  for (const [file, pointers] of byFile) {
    const text = loaded.texts.get(file);
    if (text === undefined) continue;
    const options = optionsFor(file, text);
    // The tools a parse against the other side passed over: their spans, instead of a scan.
    const doc = loaded.documents?.find((d) => d.file === file && d.text === text);
    const known = doc && knownListItems(doc);
    out.set(file, locatePointers(text, pointers, known ? { ...options, known } : options));
  }
  return out;
}
