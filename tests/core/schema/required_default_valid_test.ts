/**
 * The required-with-default exemption (tool.input.required.added POTENTIALLY_BREAKING) holds only
 * when the default is valid against the property's own schema: a default the schema rejects
 * cannot fill a call that leaves the value out, so making the property required is BREAKING; one
 * Proxar cannot check (a reference that loops, an unmodelled keyword, a format it does not check)
 * keeps the strict grade too, and the message says why.
 */
import assert from "node:assert/strict";
import type { JsonValue } from "../../../core/json.ts";
import { diffContracts } from "../../../core/engine.ts";
import { contractFromValue } from "../../../core/load_contract.ts";
import { catchAll, fourWays, registry } from "./_schema_helpers.ts";

const obj = (n: JsonValue, required: boolean, extra: Record<string, JsonValue> = {}) => ({
  type: "object",
  properties: { n },
  ...(required ? { required: ["n"] } : {}),
  ...extra,
});
const RI = "tool.input.required.added t.inputSchema.required";
const RO = "tool.output.required.added t.outputSchema.required";

function message(n: JsonValue, extra: Record<string, JsonValue> = {}): string {
  const wrap = (s: JsonValue) => contractFromValue({ tools: [{ name: "t", inputSchema: s }] });
  const { changes } = diffContracts(wrap(obj(n, false, extra)), wrap(obj(n, true, extra)), {
    registry,
  });
  assert.equal(changes.length, 1, JSON.stringify(changes));
  return changes[0]!.message;
}

Deno.test("diff grades a property made required with a default its schema rejects BREAKING", () => {
  for (
    const n of [
      { type: "integer", minimum: 1, default: 0 },
      { type: "integer", default: "ten" },
      { type: "string", enum: ["a", "b"], default: "c" },
      { type: "array", items: { type: "string" }, default: [1] },
      { type: "object", properties: { k: { type: "string" } }, required: ["k"], default: {} },
      { anyOf: [{ type: "string" }, { type: "null" }], default: 3 },
      // ajv-formats, which the MCP SDK's validator loads, rejects it.
      { type: "string", format: "email", default: "nobody" },
    ]
  ) {
    const ways = fourWays(obj(n, false), obj(n, true));
    assert.deepEqual(ways.input, [`${RI} BREAKING`], JSON.stringify(n));
    // Output and the reversed directions keep their variance grades.
    assert.deepEqual(ways.output, [`${RO} NON_BREAKING`]);
    assert.deepEqual(ways.inputReversed, [
      "tool.input.required.removed t.inputSchema.required NON_BREAKING",
    ]);
    assert.deepEqual(ways.outputReversed, [
      "tool.output.required.removed t.outputSchema.required BREAKING",
    ]);
  }
  assert.equal(
    message({ type: "integer", minimum: 1, default: 0 }),
    't.inputSchema: "n" is now required; the default of "n" (0) is not valid against its own schema, so a call without it cannot be filled',
  );
});

Deno.test("diff keeps the exemption for a default its schema accepts", () => {
  for (
    const n of [
      { type: "integer", minimum: 1, default: 1 },
      { type: "array", items: { type: "string" }, default: [] },
      { anyOf: [{ type: "string" }, { type: "null" }], default: null },
      { type: "string", format: "cuid", default: "x" },
      { type: "string", format: "email", default: "a@b.c" },
      { type: "string", format: "date-time", default: "2026-01-01T00:00:00Z" },
      { type: "object", properties: { k: { type: "string" } }, default: { k: "v" } },
      { $ref: "#/$defs/N", default: 2 },
    ]
  ) {
    const extra = { $defs: { N: { type: "integer", exclusiveMinimum: 1 } } };
    const ways = fourWays(obj(n, false, extra), obj(n, true, extra));
    assert.deepEqual(ways.input, [`${RI} POTENTIALLY_BREAKING`], JSON.stringify(n));
  }
});

Deno.test("diff grades a default whose validity Proxar cannot decide BREAKING and says why", () => {
  const loop = { $defs: { N: { $ref: "#/$defs/N" } } };
  const cases: [JsonValue, Record<string, JsonValue>, string][] = [
    [{ $ref: "#/$defs/N", default: 1 }, loop, 'the reference "#/$defs/N" loops back to itself'],
    [{ type: "integer", "vndRange": [1, 5], default: 3 }, {}, 'it does not evaluate "vndRange"'],
    [
      { type: "string", format: "iri", default: "https://b.c" },
      {},
      'it does not check the format "iri"',
    ],
    [{ $ref: "other.json", default: 1 }, {}, 'the reference "other.json" is not followed'],
  ];
  for (const [n, extra, why] of cases) {
    const ways = fourWays(obj(n, false, extra), obj(n, true, extra));
    assert.ok(ways.input.includes(`${RI} BREAKING`), ways.input.join("\n"));
    assert.ok(!ways.input.some((l) => l.endsWith("POTENTIALLY_BREAKING")), ways.input.join("\n"));
    assert.ok(message(n, extra).includes(why), message(n, extra));
    assert.match(message(n, extra), /Proxar cannot tell whether the default of "n" .* is valid/);
  }
});

Deno.test("catchAllDiff() grades required added with an invalid default as a narrowing on its own", () => {
  const n = { type: "integer", minimum: 1, default: 0 };
  const diff = (side: "input" | "output") =>
    catchAll(obj(n, false), obj(n, true), { side }).map((d) => `${d.rule} ${d.severity}`);
  assert.deepEqual(diff("input"), ["tool.input.keyword.narrowed BREAKING"]);
  assert.deepEqual(diff("output"), ["tool.output.keyword.narrowed NON_BREAKING"]);
});
