/**
 * The annotations of an allOf branch are read as the schema's own are: a model reads them.
 * `{type: string, description: "e", allOf: [{description: "d"}]}` with "d" reworded gave no
 * finding at all (the branch constrains no value, so the allOf comparison left it out, and the
 * merge of conjuncts refused it for its description "e"); `{…, allOf: [{minLength: 1,
 * description: "d"}]}` → `{…, minLength: 1}` read minLength.narrowed, BREAKING on input, between
 * schemas ajv reads alike: now the branch's description is the one finding, graded by the prose
 * classifier where the file writes it.
 */
import assert from "node:assert/strict";
import type { JsonValue } from "../../../core/json.ts";
import { mergedConjuncts } from "../../../core/schema/_merged_conjuncts.ts";
import { checkOf } from "./_oracle_ajv.ts";
import { fourWays, NOTHING_FOUR_WAYS, schemaChanges } from "./_schema_helpers.ts";

const x = (schema: JsonValue) => ({ type: "object", properties: { x: schema } });
const SAMPLES: JsonValue[] = ["", "a", "ab", 3, null, {}, [1]];

/** Whether ajv accepts the same samples under `a` and `b` in draft-07 and 2020-12. */
function sameValues(a: JsonValue, b: JsonValue): boolean {
  return (["draft-07", "2020-12"] as const).every((d) =>
    SAMPLES.every((v) =>
      (checkOf(a, d)!.failures(v).length === 0) === (checkOf(b, d)!.failures(v).length === 0)
    )
  );
}

/** {@link fourWays} of one finding of `rule` at `path` (below `x`), each way at `severity`. */
function everyWay(rule: string, path: string, severity: string) {
  const at = (side: string) =>
    `tool.${side}.${rule} t.${side}Schema.properties.x.${path} ${severity}`;
  return {
    input: [at("input")],
    inputReversed: [at("input")],
    output: [at("output")],
    outputReversed: [at("output")],
  };
}

const PROSE = everyWay("description.changed", "allOf.0.description", "POTENTIALLY_BREAKING");

Deno.test("an annotation-only allOf branch's description change is graded as prose, beside the place's own or not", () => {
  const d = (text: string, own?: string) => ({
    type: "string",
    ...own === undefined ? {} : { description: own },
    allOf: [{ description: text }],
  });
  // Beside the place's own description "e" this read no finding in any direction.
  assert.deepEqual(fourWays(x(d("d", "e")), x(d("never pass a path", "e"))), PROSE);
  assert.deepEqual(fourWays(x(d("d")), x(d("never pass a path"))), PROSE);
  // Alone in the schema, and behind the place's $ref: the same.
  assert.deepEqual(
    fourWays(x({ allOf: [{ description: "d" }] }), x({ allOf: [{ description: "other" }] })),
    PROSE,
  );
  const ref = (text: string) => ({
    ...x({ $ref: "#/$defs/s", description: "e", allOf: [{ description: text }] }),
    $defs: { s: { type: "string" } },
  });
  assert.deepEqual(fourWays(ref("d"), ref("never pass a path")), PROSE);
  // Written alike: nothing, wherever the branch stands.
  assert.deepEqual(fourWays(x(d("d", "e")), x(d("d", "e"))), NOTHING_FOUR_WAYS);
  assert.deepEqual(
    fourWays(
      x({ type: "string", description: "e", allOf: [{ description: "d" }, { minLength: 1 }] }),
      x({ type: "string", description: "e", allOf: [{ minLength: 1 }, { description: "d" }] }),
    ),
    NOTHING_FOUR_WAYS,
  );
  // Named where the file writes it.
  const [found] = schemaChanges("input", x(d("d", "e")), x(d("never pass a path", "e")));
  assert.equal(found!.pointer, "/tools/0/inputSchema/properties/x/allOf/0/description");
  assert.equal(found!.prose?.severity, "POTENTIALLY_BREAKING");
});

Deno.test("an annotation-only allOf branch added or removed, or its default changed, is reported", () => {
  const own = { type: "string", description: "e" };
  assert.deepEqual(fourWays(x(own), x({ ...own, allOf: [{ description: "d" }] })), PROSE);
  const dflt = (v: string) => x({ type: "string", default: "a", allOf: [{ default: v }] });
  assert.deepEqual(
    fourWays(dflt("a"), dflt("b")),
    everyWay("default.changed", "allOf.0.default", "POTENTIALLY_BREAKING"),
  );
});

Deno.test("a conjunct's annotation written otherwise than the place's stays apart: only the prose changed", () => {
  const apart = { type: "string", description: "e", allOf: [{ minLength: 1, description: "d" }] };
  const beside = { type: "string", minLength: 1, description: "e" };
  assert.equal(sameValues(apart, beside), true);
  // It read minLength.narrowed, BREAKING on input (and widened, BREAKING on output, reversed).
  assert.deepEqual(fourWays(x(apart), x(beside)), PROSE);
  const read = mergedConjuncts<JsonValue>(apart, beside);
  assert.deepEqual(read.old, { ...beside, allOf: [{ description: "d" }] });
  assert.deepEqual([...read.moved.old], [
    ["/minLength", ["allOf", 0, "minLength"]],
    ["/allOf/0/description", ["allOf", 0, "description"]],
  ]);
  // The same annotation on both: nothing.
  const same = { ...apart, allOf: [{ minLength: 1, description: "e" }] };
  assert.deepEqual(fourWays(x(same), x(beside)), NOTHING_FOUR_WAYS);
  // A bound that changed too is graded as before, beside the prose.
  const tighter = { ...apart, allOf: [{ minLength: 2, description: "d" }] };
  assert.deepEqual(fourWays(x(beside), x(tighter)).input, [
    "tool.input.description.changed t.inputSchema.properties.x.allOf.0.description POTENTIALLY_BREAKING",
    "tool.input.minLength.narrowed t.inputSchema.properties.x.allOf.0.minLength BREAKING",
  ]);
});

Deno.test("a conjunct that cannot be merged keeps its annotations compared inside the allOf", () => {
  // The pattern beside is written otherwise: the place stays as written, and the branch (not of
  // annotations only) is compared with its counterpart, its description among its keywords.
  const s = (text: string) =>
    x({
      type: "string",
      pattern: "a",
      description: "e",
      allOf: [{ pattern: "b", description: text }],
    });
  assert.deepEqual(fourWays(s("d"), s("never pass a path")), PROSE);
});

Deno.test("an annotation-only allOf branch that gains a keyword keeps its annotations: only the keyword is graded", () => {
  // Review of 62d588e: {allOf: [{title: "t"}]} → {allOf: [{title: "t", const: "a"}]} also read
  // "allOf.0.title removed" (POTENTIALLY_BREAKING), which raised the widening ways from
  // NON_BREAKING, though the title is written on both sides.
  const title = (extra: Record<string, JsonValue>) => x({ allOf: [{ title: "t", ...extra }] });
  const ways = fourWays(title({}), title({ const: "a" }));
  assert.deepEqual(ways, {
    input: ["tool.input.allOf.narrowed t.inputSchema.properties.x.allOf BREAKING"],
    inputReversed: ["tool.input.allOf.widened t.inputSchema.properties.x.allOf NON_BREAKING"],
    output: ["tool.output.allOf.narrowed t.outputSchema.properties.x.allOf NON_BREAKING"],
    outputReversed: ["tool.output.allOf.widened t.outputSchema.properties.x.allOf BREAKING"],
  });
  // A default kept beside an enum that came: no default finding either way.
  const kept = fourWays(
    x({ type: "string", allOf: [{ default: "a" }] }),
    x({ type: "string", allOf: [{ default: "a", enum: ["a"] }] }),
  );
  for (const found of Object.values(kept)) {
    assert.deepEqual(found.filter((f) => f.includes("default")), []);
  }
  // The title reworded as the keyword came is still read, where the file writes it.
  const reworded = fourWays(title({}), x({ allOf: [{ title: "never a path", const: "a" }] }));
  for (const found of Object.values(reworded)) {
    assert.equal(found.filter((f) => /title\.changed .*allOf\.0\.title /.test(f)).length, 1);
  }
});

Deno.test("an annotation-only allOf branch removed or added beside another is named where its file writes it", () => {
  // [{d: "a"}, {d: "b"}] → [{d: "a"}]: the merge reads "a" as the place's own on both sides and
  // "b" in allOf/0; "b" removed was named at the new file's allOf/0, which writes "a".
  const [one, two] = [
    x({ type: "string", allOf: [{ description: "a" }] }),
    x({ type: "string", allOf: [{ description: "a" }, { description: "b" }] }),
  ];
  const [removed] = schemaChanges("input", two, one);
  assert.equal(removed!.path, "t.inputSchema.properties.x.allOf.1.description");
  assert.equal(removed!.pointer, "/tools/0/inputSchema/properties/x/allOf/1/description");
  assert.equal(removed!.old, "b");
  assert.equal(removed!.oldPointer, undefined);
  // In the new file, the list it was removed from.
  assert.equal(removed!.newPointer, "/tools/0/inputSchema/properties/x/allOf");
  // Added: at the new file's allOf/1, and in the old file at the list (it pointed at "a").
  const [added] = schemaChanges("input", one, two);
  assert.equal(added!.pointer, "/tools/0/inputSchema/properties/x/allOf/1/description");
  assert.equal(added!.new, "b");
  assert.equal(added!.oldPointer, "/tools/0/inputSchema/properties/x/allOf");
});
