/**
 * Keywords beside a `$ref` under `$schema` draft-07: the draft ignores them, ajv 8 (the MCP SDK's
 * validator) applies them. The structured walk follows the draft, the catch-all follows ajv, and
 * the stricter finding wins, so a change that either reading sees is reported, in both
 * directions, on input and on output. ajv's own answer is checked beside each case.
 */
import assert from "node:assert/strict";
import type { JsonValue } from "../../../core/json.ts";
import { checkOf } from "./_oracle_ajv.ts";
import { fourWays, schemaChanges } from "./_schema_helpers.ts";

const D7 = "http://json-schema.org/draft-07/schema#";
const at = (v: JsonValue, a: JsonValue = { type: "string" }) => ({
  $schema: D7,
  type: "object",
  properties: { v },
  definitions: { A: a },
});
const ref = { $ref: "#/definitions/A" };
const severities = (list: string[]) => list.map((f) => f.split(" ").at(-1));

Deno.test("ajv 8, as the MCP SDK runs it, applies a bound beside a draft-07 $ref", () => {
  const check = checkOf(at({ ...ref, maxLength: 3 }), "draft-07")!;
  assert.equal(check.valid({ v: "abcd" }), false);
  assert.equal(check.valid({ v: "abc" }), true);
});

Deno.test("diff grades a bound changed beside a draft-07 $ref as ajv reads it", () => {
  const found = fourWays(at({ ...ref, maxLength: 5 }), at({ ...ref, maxLength: 3 }));
  const p = (side: string) => `t.${side}Schema.properties.v.maxLength`;
  assert.deepEqual(found, {
    input: [`tool.input.keyword.changed ${p("input")} BREAKING`],
    inputReversed: [`tool.input.keyword.changed ${p("input")} NON_BREAKING`],
    output: [`tool.output.keyword.changed ${p("output")} NON_BREAKING`],
    outputReversed: [`tool.output.keyword.changed ${p("output")} BREAKING`],
  });
});

Deno.test("diff reports a bound added or removed beside a draft-07 $ref, which ajv applies", () => {
  const found = fourWays(at(ref), at({ ...ref, maxLength: 3 }));
  assert.deepEqual(severities(found.input), ["BREAKING"]);
  assert.deepEqual(severities(found.outputReversed), ["BREAKING"]);
  assert.deepEqual(severities(found.inputReversed), ["NON_BREAKING"]);
  assert.deepEqual(severities(found.output), ["NON_BREAKING"]);
});

Deno.test("diff grades a bound moved from beside a draft-07 $ref into its definition by the draft", () => {
  // No change to ajv; to a validator that follows the draft the bound was ignored before.
  const old = at({ ...ref, maxLength: 3 }), next = at(ref, { type: "string", maxLength: 3 });
  for (const v of ["abc", "abcd"]) {
    assert.equal(checkOf(old, "draft-07")!.valid({ v }), checkOf(next, "draft-07")!.valid({ v }));
  }
  const p = (side: string) => `t.${side}Schema.properties.v.maxLength`;
  assert.deepEqual(fourWays(old, next), {
    input: [`tool.input.maxLength.narrowed ${p("input")} BREAKING`],
    inputReversed: [`tool.input.maxLength.widened ${p("input")} NON_BREAKING`],
    output: [`tool.output.maxLength.narrowed ${p("output")} NON_BREAKING`],
    outputReversed: [`tool.output.maxLength.widened ${p("output")} BREAKING`],
  });
});

Deno.test("diff reports an unmodelled keyword changed beside a draft-07 $ref as BREAKING", () => {
  const found = fourWays(at({ ...ref, frob: 1 }), at({ ...ref, frob: 2 }));
  for (const list of Object.values(found)) {
    assert.ok(list.some((f) => f.includes(".keyword.unmodelled ") && f.endsWith(" BREAKING")));
  }
});

Deno.test("diff says which reading of the keywords beside a draft-07 $ref made each grade", () => {
  // ajv's: the bound beside the reference changed, which the draft (and the walk) ignores.
  const beside = schemaChanges("input", at({ ...ref, maxLength: 5 }), at({ ...ref, maxLength: 3 }));
  assert.deepEqual(beside.map((c) => c.message), [
    'Narrowed "maxLength" at "t.inputSchema.properties.v.maxLength": maxLength 5 became 3 (beside a draft-07 $ref: graded as ajv 8 and the MCP SDK read it, applying the keyword; draft-07 ignores it, as the structured walk does) (catch-all differ: narrowed; the structured walk reported nothing here)',
  ]);
  // The draft's: the bound moved into the definition, no change to ajv.
  const moved = schemaChanges(
    "input",
    at({ ...ref, maxLength: 3 }),
    at(ref, { type: "string", maxLength: 3 }),
  );
  assert.deepEqual(moved.map((c) => c.message), [
    "t.inputSchema.properties.v: maxLength tightened from absent to 3 (graded as draft-07 reads it, which ignores the keywords beside $ref; ajv 8 and the MCP SDK apply them, and a catch-all differ finding here is their reading)",
  ]);
  // Annotations beside the reference, or a 2020-12 root, read alike: nothing is said.
  const annotated = schemaChanges(
    "input",
    at({ ...ref, description: "Query" }),
    at({ ...ref, description: "Query" }, { type: "string", maxLength: 3 }),
  );
  assert.ok(
    annotated.every((c) => !c.message.includes("draft-07")),
    `${annotated.map((c) => c.message)}`,
  );
  const { $schema: _, ...later } = at({ ...ref, maxLength: 5 });
  const { $schema: __, ...tighter } = at({ ...ref, maxLength: 3 });
  const applied = schemaChanges("input", later, tighter);
  assert.ok(applied.length > 0 && applied.every((c) => !c.message.includes("draft-07")));
});
