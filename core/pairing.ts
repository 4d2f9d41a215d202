/**
 * Pairs the entities of two contracts by identity (tool and prompt name, resource URI, template
 * URI template). Computed once per diff and shared by every rule.
 * @module
 */
import { type Contract, ENTITY_LISTS, type EntityList, identityOf } from "./contract.ts";

/** One entity present in a contract, with its index in the sorted list. */
export interface Located<T> {
  id: string;
  value: T;
  index: number;
}

/** An entity present in both contracts. */
export interface Paired<T> {
  id: string;
  old: T;
  new: T;
  oldIndex: number;
  newIndex: number;
}

/** The pairing of one list. */
export interface ListPairs<T> {
  paired: Paired<T>[];
  added: Located<T>[];
  removed: Located<T>[];
  /** Identities that occur more than once, with their counts, per side. */
  duplicates: { old: Map<string, number>; new: Map<string, number> };
}

/** The pairing of every list of a contract. */
export interface EntityPairs {
  tools: ListPairs<Contract["tools"][number]>;
  prompts: ListPairs<Contract["prompts"][number]>;
  resources: ListPairs<Contract["resources"][number]>;
  resourceTemplates: ListPairs<Contract["resourceTemplates"][number]>;
}

function index<T>(list: EntityList, entries: readonly T[]) {
  const first = new Map<string, Located<T>>();
  const counts = new Map<string, number>();
  entries.forEach((value, i) => {
    const id = identityOf(list, value as Record<string, unknown>);
    counts.set(id, (counts.get(id) ?? 0) + 1);
    if (!first.has(id)) first.set(id, { id, value, index: i });
  });
  const duplicates = new Map([...counts].filter(([, n]) => n > 1));
  return { first, duplicates };
}

function pairList<T>(list: EntityList, oldEntries: readonly T[], newEntries: readonly T[]) {
  const o = index(list, oldEntries);
  const n = index(list, newEntries);
  const result: ListPairs<T> = {
    paired: [],
    added: [],
    removed: [],
    duplicates: { old: o.duplicates, new: n.duplicates },
  };
  for (const [id, before] of o.first) {
    const after = n.first.get(id);
    if (after) {
      result.paired.push({
        id,
        old: before.value,
        new: after.value,
        oldIndex: before.index,
        newIndex: after.index,
      });
    } else result.removed.push(before);
  }
  for (const [id, after] of n.first) if (!o.first.has(id)) result.added.push(after);
  return result;
}

/**
 * Pairs every list of two contracts.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { pairEntities } from "./pairing.ts";
 * import { emptyContract } from "./contract.ts";
 * const a = { ...emptyContract(), tools: [{ name: "x", inputSchema: {} }] };
 * const pairs = pairEntities(a, emptyContract());
 * assert.ok(pairs.tools.removed[0]?.id === "x");
 * ```
 */
export function pairEntities(old: Contract, next: Contract): EntityPairs {
  const out: Record<string, unknown> = {};
  for (const list of ENTITY_LISTS) {
    out[list.list] = pairList<unknown>(list, old[list.list], next[list.list]);
  }
  return out as unknown as EntityPairs;
}
