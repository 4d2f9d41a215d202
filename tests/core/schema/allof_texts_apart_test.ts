/**
 * An allOf branch of annotations only beside the allOf's one constraining branch is prose a model
 * reads; removed, it was silent where two such branches wrote one keyword, where the text beside
 * the allOf differed, or where the branch held an allOf of its own (review F5), and the branch's
 * own text, unchanged, read removed at allOf.0 and added beside. A lone schema facing an allOf of
 * several constraining branches compared none of the other side's texts in such branches, and a
 * text moved from one to the place read added.
 */
import assert from "node:assert/strict";
import type { JsonValue } from "../../../core/json.ts";
import { checkOf } from "./_oracle_ajv.ts";
import { fourWays, NOTHING_FOUR_WAYS, schemaChanges } from "./_schema_helpers.ts";

const N = "Never a path.";
const root = (x: JsonValue) => ({ type: "object", properties: { x } });

/** Both schemas accept the same sample values (ajv, draft-07 and 2020-12). */
function sameValues(a: JsonValue, b: JsonValue): void {
  for (const d of ["draft-07", "2020-12"] as const) {
    for (const x of ["", "a", "abcdefg", 1, null, {}]) {
      const ok = (s: JsonValue) => checkOf(s, d)!.failures({ x }).length === 0;
      assert.equal(ok(a), ok(b), `${d} ${JSON.stringify(x)}`);
    }
  }
}

/** The texts at `properties.x.PLACE.description` each way (input and output), prose graded. */
function texts(...places: string[]) {
  const at = (side: string) =>
    places.map((p) =>
      `tool.${side}.description.changed t.${side}Schema.properties.x${p}.description POTENTIALLY_BREAKING`
    ).sort();
  return {
    input: at("input"),
    inputReversed: at("input"),
    output: at("output"),
    outputReversed: at("output"),
  };
}

/** `[pointer, old, new]` of each finding on input, the old file first. */
function placed(a: JsonValue, b: JsonValue): [string, unknown, unknown][] {
  return schemaChanges("input", a, b).map((c) => [
    c.pointer.replace("/tools/0/inputSchema/properties/x", ""),
    c.old,
    c.new,
  ]);
}

Deno.test("two annotation-only allOf branches of one keyword removed are each reported, the branch's text not", () => {
  const old = root({
    allOf: [{ type: "string", description: "B" }, { description: N }, {
      description: "Only files.",
    }],
  });
  const next = root({ type: "string", description: "B" });
  sameValues(old, next);
  // Read as B removed at allOf.0 and added beside; N and "Only files." gone unsaid.
  assert.deepEqual(fourWays(old, next), texts(".allOf.1", ".allOf.2"));
  assert.deepEqual(placed(old, next), [
    ["/allOf/1/description", N, undefined],
    ["/allOf/2/description", "Only files.", undefined],
  ]);
  assert.deepEqual(placed(next, old), [
    ["/allOf/1/description", undefined, N],
    ["/allOf/2/description", undefined, "Only files."],
  ]);
  // The same text twice is read once; a value changed beside is graded as before.
  const twice = root({
    allOf: [{ type: "string", description: "B" }, { description: N }, { description: N }],
  });
  assert.deepEqual(placed(twice, next), [["/allOf/1/description", N, undefined]]);
  const bounded = root({ type: "string", minLength: 1, description: "B" });
  assert.deepEqual(fourWays(old, bounded).input, [
    ...texts(".allOf.1", ".allOf.2").input,
    "tool.input.minLength.narrowed t.inputSchema.properties.x.minLength BREAKING",
  ]);
  // Undecidable beside: a pattern changed is BREAKING every way, the texts reported with it.
  const pattern = (p: string, extra: JsonValue[]) =>
    root({ allOf: [{ type: "string", pattern: p, description: "B" }, ...extra] });
  const changed = fourWays(
    pattern("^a", [{ description: N }, { description: "Only files." }]),
    pattern("^b", []),
  );
  for (const [way, found] of Object.entries(changed)) {
    assert.ok(found.some((f) => f.includes(".pattern.changed ") && f.endsWith(" BREAKING")), way);
    assert.equal(found.filter((f) => f.includes(".description.changed ")).length, 2, way);
  }
});

Deno.test("an annotation-only allOf branch removed beside a text the allOf's place writes is reported", () => {
  const old = root({
    description: "O",
    allOf: [{ type: "string", description: "B" }, { description: N }],
  });
  const next = root({ description: "O", type: "string" });
  sameValues(old, next);
  // N removed gave no finding; B, gone, was the one. Both are now, each where it was written.
  assert.deepEqual(fourWays(old, next), texts("", ".allOf.1"));
  assert.deepEqual(placed(old, next), [
    ["/allOf/1/description", N, undefined],
    ["/allOf/0/description", "B", undefined],
  ]);
  // The text beside written again in such a branch is read once: B gone is the one change.
  const again = root({
    description: "O",
    allOf: [{ type: "string", description: "B" }, { description: "O" }],
  });
  assert.deepEqual(placed(again, next), [["/allOf/0/description", "B", undefined]]);
});

Deno.test("an annotation-only allOf branch beside a branch holding an allOf of its own is reported", () => {
  const old = root({
    allOf: [{ type: "string", description: "B", allOf: [{ minLength: 1 }] }, { description: N }],
  });
  const next = root({ type: "string", description: "B", minLength: 1 });
  sameValues(old, next);
  assert.deepEqual(fourWays(old, next), texts(".allOf.1"));
  assert.deepEqual(placed(old, next), [["/allOf/1/description", N, undefined]]);
  // Nothing but that text differs: without it, the two read alike.
  const kept = root({ allOf: [{ type: "string", description: "B", allOf: [{ minLength: 1 }] }] });
  assert.deepEqual(fourWays(kept, next), NOTHING_FOUR_WAYS);
});

Deno.test("a text moved from an allOf branch to the place beside the keywords is no change of prose", () => {
  const conjuncts = (extra: JsonValue[]) =>
    root({ allOf: [{ minLength: 1 }, { maxLength: 5 }, ...extra] });
  const flat = (extra: Record<string, JsonValue>) => root({ minLength: 1, maxLength: 5, ...extra });
  sameValues(conjuncts([{ description: "D" }]), flat({ description: "D" }));
  // It read D added (or removed) at the place.
  assert.deepEqual(
    fourWays(conjuncts([{ description: "D" }]), flat({ description: "D" })),
    NOTHING_FOUR_WAYS,
  );
  // A text in such a branch gone was silent; reworded, it read added at the place.
  assert.deepEqual(fourWays(conjuncts([{ description: N }]), flat({})), texts(".allOf.2"));
  assert.deepEqual(
    fourWays(conjuncts([{ description: N }]), flat({ description: "A path." })),
    texts(".allOf.2"),
  );
  assert.deepEqual(placed(conjuncts([{ description: N }]), flat({ description: "A path." })), [
    ["/description", N, "A path."],
  ]);
  // The place's own text beside, gone, is the one change; a value changed is graded as before.
  assert.deepEqual(
    fourWays(
      root({ description: "O", allOf: [{ minLength: 1 }, { maxLength: 5 }, { description: "D" }] }),
      flat({ description: "D" }),
    ),
    texts(""),
  );
  assert.deepEqual(
    fourWays(
      conjuncts([{ description: "D" }]),
      root({ minLength: 2, maxLength: 5, description: "D" }),
    ).input,
    [
      "tool.input.minLength.narrowed t.inputSchema.properties.x.allOf.1.minLength BREAKING",
    ],
  );
});
