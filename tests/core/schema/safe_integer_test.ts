/**
 * Bounds at the safe-integer limit (±(2^53 − 1)) on integer schemas, as zod's `.int()` writes
 * them: found on @modelcontextprotocol/server-sequential-thinking 2025.7.1 → 2025.12.18, where
 * Proxar graded `maximum: 9007199254740991` added to four integer inputs BREAKING although no
 * interoperable integer (RFC 7493, section 2.2) is rejected by it. The exemption holds on input
 * only, while both sides accept some safe integer; on output the bound keeps its variance.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import type { JsonValue } from "../../../core/json.ts";
import { acceptsSafeInteger, jointFacts } from "../../../core/schema/_safe_integer.ts";
import { limitBounds } from "../../../core/schema/_limit_bounds.ts";
import { subsumes } from "../../../core/schema/subsume.ts";
import { FACET_OF } from "../../../core/schema/types.ts";
import { diffContracts } from "../../../core/engine.ts";
import { contractFromValue } from "../../../core/load_contract.ts";
import { registry, schemaFindings } from "./_schema_helpers.ts";

const SAFE = Number.MAX_SAFE_INTEGER;
const holder = (n: Record<string, unknown>) => ({
  type: "object",
  properties: { n: { type: "integer", ...n } },
});
const at = (side: string, keyword = "maximum") => `t.${side}Schema.properties.n.${keyword}`;

/** The maximum of `n` narrows from a to b and is graded by variance, as any bound, all four ways. */
function assertBoundGraded(a: JsonValue, b: JsonValue) {
  assert.deepEqual(
    [schemaFindings("input", a, b), schemaFindings("input", b, a)],
    [
      [`tool.input.maximum.narrowed ${at("input")} BREAKING`],
      [`tool.input.maximum.widened ${at("input")} NON_BREAKING`],
    ],
  );
  assert.deepEqual(
    [schemaFindings("output", a, b), schemaFindings("output", b, a)],
    [
      [`tool.output.maximum.narrowed ${at("output")} NON_BREAKING`],
      [`tool.output.maximum.widened ${at("output")} BREAKING`],
    ],
  );
}

Deno.test("diff grades maximum 2^53-1 added to or removed from an input integer NON_BREAKING", () => {
  const a = holder({ minimum: 1 });
  const b = holder({ minimum: 1, maximum: SAFE });
  const finding = `tool.input.maximum.safeIntegerLimit ${at("input")} NON_BREAKING`;
  assert.deepEqual(schemaFindings("input", a, b), [finding]);
  assert.deepEqual(schemaFindings("input", b, a), [finding]);
});

Deno.test("diff grades the safe-integer limit on an output integer by variance: removed is BREAKING", () => {
  // The server may now return integers beyond 2^53 - 1, which JSON clients read inexactly.
  const a = holder({ minimum: 0 });
  const b = holder({ minimum: 0, maximum: SAFE });
  assert.deepEqual(schemaFindings("output", a, b), [
    `tool.output.maximum.narrowed ${at("output")} NON_BREAKING`,
  ]);
  assert.deepEqual(schemaFindings("output", b, a), [
    `tool.output.maximum.widened ${at("output")} BREAKING`,
  ]);
  // Raised past the limit: as removed.
  assert.deepEqual(schemaFindings("output", b, holder({ minimum: 0, maximum: 2 ** 60 })), [
    `tool.output.maximum.widened ${at("output")} BREAKING`,
  ]);
});

Deno.test("diff grades minimum -(2^53-1) added to an integer NON_BREAKING on input only", () => {
  const a = holder({});
  const b = holder({ minimum: -SAFE, maximum: SAFE });
  assert.deepEqual(schemaFindings("input", a, b), [
    `tool.input.maximum.safeIntegerLimit ${at("input")} NON_BREAKING`,
    `tool.input.minimum.safeIntegerLimit ${at("input", "minimum")} NON_BREAKING`,
  ]);
  assert.deepEqual(schemaFindings("output", b, a), [
    `tool.output.maximum.widened ${at("output")} BREAKING`,
    `tool.output.minimum.widened ${at("output", "minimum")} BREAKING`,
  ]);
});

Deno.test("diff grades a safe-integer bound that leaves an input accepting nothing BREAKING", () => {
  // Nanosecond timestamps are all beyond 2^53 - 1: the bound rejects every value.
  const a = holder({ minimum: 1e16 });
  const b = holder({ minimum: 1e16, maximum: SAFE });
  assertBoundGraded(a, b);
  // The lower twin: every accepted value is below -(2^53 - 1).
  assert.deepEqual(
    schemaFindings(
      "input",
      holder({ maximum: -1e16 }),
      holder({
        maximum: -1e16,
        minimum: -SAFE,
      }),
    ),
    [`tool.input.minimum.narrowed ${at("input", "minimum")} BREAKING`],
  );
});

Deno.test("diff grades a safe-integer bound that takes away every integer an input accepted BREAKING", () => {
  const a = holder({ minimum: 1e16 });
  const b = holder({ minimum: 1, maximum: SAFE });
  assert.deepEqual(schemaFindings("input", a, b), [
    `tool.input.maximum.narrowed ${at("input")} BREAKING`,
    `tool.input.minimum.widened ${at("input", "minimum")} NON_BREAKING`,
  ]);
  // The integer part of a nullable integer counts alone: only null is left.
  const nullable = (n: Record<string, unknown>) => holder({ type: ["integer", "null"], ...n });
  assert.deepEqual(
    schemaFindings(
      "input",
      nullable({ minimum: 1e16 }),
      nullable({ minimum: 1e16, maximum: SAFE }),
    ),
    [`tool.input.maximum.narrowed ${at("input")} BREAKING`],
  );
});

Deno.test("diff grades a safe-integer bound by the enum or const values it leaves", () => {
  const big = 2 ** 60;
  // Every allowed value is beyond the limit: nothing is left.
  for (const only of [{ enum: [big] }, { const: big }, { enum: [1, big], const: big }]) {
    assert.deepEqual(schemaFindings("input", holder(only), holder({ ...only, maximum: SAFE })), [
      `tool.input.maximum.narrowed ${at("input")} BREAKING`,
    ], JSON.stringify(only));
  }
  // A safe value stays: only the unsafe one is taken away.
  const mixed = { enum: [1, big] };
  assert.deepEqual(schemaFindings("input", holder(mixed), holder({ ...mixed, maximum: SAFE })), [
    `tool.input.maximum.safeIntegerLimit ${at("input")} NON_BREAKING`,
  ]);
});

Deno.test("diff grades a safe-integer bound by variance where the safe integers are undecidable", () => {
  // A fractional multipleOf on a range without zero: Proxar does not decide whether an integer
  // is left (here 3 is), so the bound is a bound.
  const a = holder({ minimum: 1, multipleOf: 1.5 });
  const b = holder({ minimum: 1, multipleOf: 1.5, maximum: SAFE });
  assert.deepEqual(schemaFindings("input", a, b), [
    `tool.input.maximum.narrowed ${at("input")} BREAKING`,
  ]);
  assert.deepEqual(schemaFindings("input", b, a), [
    `tool.input.maximum.widened ${at("input")} NON_BREAKING`,
  ]);
  // An integer multipleOf is decided: 3 is left.
  const c = holder({ minimum: 1, multipleOf: 3 });
  assert.deepEqual(
    schemaFindings("input", c, holder({ minimum: 1, multipleOf: 3, maximum: SAFE })),
    [
      `tool.input.maximum.safeIntegerLimit ${at("input")} NON_BREAKING`,
    ],
  );
});

Deno.test("diff still grades a real bound replacing the safe-integer limit by its variance", () => {
  const a = holder({ maximum: SAFE });
  const b = holder({ maximum: 100 });
  assertBoundGraded(a, b);
});

Deno.test("diff keeps the safe-integer limit a real bound where a side is not integer-only", () => {
  // A number above 2^53 - 1, such as 1e20, is an interoperable double: the bound rejects it.
  const num = (n: Record<string, unknown>) => ({
    type: "object",
    properties: { n: { type: "number", ...n } },
  });
  assert.deepEqual(schemaFindings("input", num({}), num({ maximum: SAFE })), [
    `tool.input.maximum.narrowed ${at("input")} BREAKING`,
  ]);
  assert.deepEqual(schemaFindings("output", num({ maximum: SAFE }), num({})), [
    `tool.output.maximum.widened ${at("output")} BREAKING`,
  ]);
  // Integer before, number after: the type widens, and the new bound applies to numbers.
  assert.deepEqual(schemaFindings("input", holder({}), num({ maximum: SAFE })), [
    `tool.input.maximum.narrowed ${at("input")} BREAKING`,
    "tool.input.type.widened t.inputSchema.properties.n.type NON_BREAKING",
  ]);
});

Deno.test("diff grades a safe-integer bound under not by variance", () => {
  // not {integer <= 2^53-1} accepted the unsafe integers; not {integer} accepts no integer.
  const neg = (n: Record<string, unknown>) => ({
    type: "object",
    properties: { n: { not: { type: "integer", ...n } } },
  });
  const path = "t.inputSchema.properties.n.not.maximum";
  assert.deepEqual(schemaFindings("input", neg({ maximum: SAFE }), neg({})), [
    `tool.input.maximum.widened ${path} BREAKING`,
  ]);
  assert.deepEqual(schemaFindings("input", neg({}), neg({ maximum: SAFE })), [
    `tool.input.maximum.narrowed ${path} NON_BREAKING`,
  ]);
});

Deno.test("diff grades an exclusive bound just past the safe-integer limit like the inclusive one", () => {
  const a = holder({});
  const b = holder({ exclusiveMaximum: SAFE + 1 });
  assert.deepEqual(schemaFindings("input", a, b), [
    `tool.input.maximum.safeIntegerLimit ${at("input", "exclusiveMaximum")} NON_BREAKING`,
  ]);
  // Removed: the path names the keyword the new side would hold.
  assert.deepEqual(schemaFindings("output", b, a), [
    `tool.output.maximum.widened ${at("output")} BREAKING`,
  ]);
});

Deno.test("acceptsSafeInteger() agrees with counting the integers of a small range", () => {
  const bound = fc.option(
    fc.record({
      value: fc.integer({ min: -30, max: 30 }).map((n) => n / 2),
      exclusive: fc.boolean(),
    }),
    { nil: undefined },
  );
  fc.assert(fc.property(
    bound,
    bound,
    fc.option(fc.integer({ min: 1, max: 7 }), { nil: undefined }),
    fc.option(fc.array(fc.integer({ min: -20, max: 20 }), { maxLength: 4 }), { nil: undefined }),
    (min, max, multipleOf, values) => {
      const fits = (n: number) =>
        (!min || (min.exclusive ? n > min.value : n >= min.value)) &&
        (!max || (max.exclusive ? n < max.value : n <= max.value)) &&
        (multipleOf === undefined || n % multipleOf === 0);
      const candidates = values ?? Array.from({ length: 61 }, (_, i) => i - 30);
      // Unbounded sides reach beyond ±30, where a multiple always exists.
      const expected = candidates.some(fits) || (values === undefined && (!min || !max));
      assert.equal(acceptsSafeInteger({ min, max, values, multipleOf }), expected);
    },
  ));
});

Deno.test("acceptsSafeInteger() sees no safe integer beyond the limit", () => {
  const none = { max: undefined, values: undefined, multipleOf: undefined };
  assert.equal(acceptsSafeInteger({ ...none, min: { value: SAFE, exclusive: false } }), true);
  assert.equal(acceptsSafeInteger({ ...none, min: { value: SAFE, exclusive: true } }), false);
  assert.equal(acceptsSafeInteger({ ...none, min: { value: 1e16, exclusive: false } }), false);
  assert.equal(
    acceptsSafeInteger({ ...none, min: undefined, max: { value: -SAFE, exclusive: false } }),
    true,
  );
  assert.equal(
    acceptsSafeInteger({ ...none, min: undefined, values: [2 ** 60, "1", 1.5] }),
    false,
  );
});

/** `n` refers to the integer definition `i` (through `j` when `chain`), with `beside` next to the $ref. */
function viaRef(i: JsonValue, beside: Record<string, JsonValue>, chain = false): JsonValue {
  const target = chain ? "#/$defs/j" : "#/$defs/i";
  return {
    type: "object",
    $defs: chain ? { i, j: { $ref: "#/$defs/i" } } : { i },
    properties: { n: { $ref: target, ...beside } },
  };
}

Deno.test("diff sees through a $ref to the integer type beside a safe-integer bound", () => {
  // Both comparisons follow the reference: no catch-all BREAKING beside the walk's grade.
  for (const chain of [false, true]) {
    const a = viaRef({ type: "integer" }, {}, chain);
    const b = viaRef({ type: "integer" }, { maximum: SAFE }, chain);
    const exempt = [`tool.input.maximum.safeIntegerLimit ${at("input")} NON_BREAKING`];
    assert.deepEqual(schemaFindings("input", a, b), exempt);
    assert.deepEqual(schemaFindings("input", b, a), exempt);
    // On output, graded by variance; the catch-all differ's finding at the $ref's place merges
    // with the walk's, which reports the bound where it is written.
    assert.deepEqual(schemaFindings("output", b, a), [
      `tool.output.maximum.widened ${at("output")} BREAKING`,
    ]);
  }
});

Deno.test("diff grades a safe-integer bound beside a $ref whose target accepts no safe integer", () => {
  const a = viaRef({ type: "integer", minimum: 1e16 }, {});
  const b = viaRef({ type: "integer", minimum: 1e16 }, { maximum: SAFE });
  assert.deepEqual(schemaFindings("input", a, b), [
    `tool.input.maximum.narrowed ${at("input")} BREAKING`,
  ]);
});

Deno.test("diff keeps a safe-integer bound beside a $ref it cannot follow BREAKING on input", () => {
  // Undecidable for the catch-all differ: the target may hold any constraint, and its stricter
  // verdict wins over the walk's, which compares what it sees.
  const a = holder({ $ref: "#/$defs/missing" });
  const b = holder({ $ref: "#/$defs/missing", maximum: SAFE });
  assert.deepEqual(schemaFindings("input", a, b), [
    `tool.input.keyword.changed ${at("input")} BREAKING`,
    `tool.input.maximum.safeIntegerLimit ${at("input")} NON_BREAKING`,
  ]);
});

Deno.test("jointFacts() keeps the tightest bounds and the common values of schemas on one value", () => {
  const none = { min: undefined, max: undefined, values: undefined, multipleOf: undefined };
  assert.deepEqual(
    jointFacts([
      { ...none, min: { value: 1, exclusive: false }, values: [1, 2, 3] },
      { ...none, min: { value: 1, exclusive: true }, max: { value: 9, exclusive: false } },
      { ...none, values: [3, 2, 7], multipleOf: 2 },
    ]),
    {
      min: { value: 1, exclusive: true },
      max: { value: 9, exclusive: false },
      values: [2, 3],
      multipleOf: 2,
    },
  );
  // Two multipleOf values are not combined: undecided.
  assert.equal(jointFacts([{ ...none, multipleOf: 2 }, { ...none, multipleOf: 3 }]), undefined);
});

/** `n` as written, without the integer type of {@link holder}. */
const plain = (n: JsonValue) => ({ type: "object", properties: { n } });
/** A nullable `n`: zod 3's type list, or zod 4's union of the integer (with `int`) and null. */
const zod3 = (n: Record<string, JsonValue> = {}) => plain({ type: ["integer", "null"], ...n });
const zod4 = (int: Record<string, JsonValue>) =>
  plain({ anyOf: [{ type: "integer", ...int }, { type: "null" }] });

Deno.test("diff grades zod 4's nullable .int() against zod 3's type list by the safe-integer limit on input", () => {
  const limits = ["maximum", "minimum"].map((k) =>
    `tool.input.${k}.safeIntegerLimit t.inputSchema.properties.n.anyOf.0.${k} NON_BREAKING`
  );
  const b = zod4({ minimum: -SAFE, maximum: SAFE });
  // Three findings before, two of them BREAKING (a type narrowed, the union narrowed).
  assert.deepEqual(schemaFindings("input", zod3(), b), limits);
  assert.deepEqual(schemaFindings("input", b, zod3()), limits);
  // On output, the integer of the type list meets the integer branch: the bounds by variance.
  const bound = (k: string, effect: string, severity: string) =>
    `tool.output.${k}.${effect} t.outputSchema.properties.n.anyOf.0.${k} ${severity}`;
  assert.deepEqual(schemaFindings("output", zod3(), b), [
    bound("maximum", "narrowed", "NON_BREAKING"),
    bound("minimum", "narrowed", "NON_BREAKING"),
  ]);
  assert.deepEqual(schemaFindings("output", b, zod3()), [
    bound("maximum", "widened", "BREAKING"),
    bound("minimum", "widened", "BREAKING"),
  ]);
});

Deno.test("diff keeps a union with a bound that is not the safe-integer limit graded by variance", () => {
  const narrowed = (at: string) => `tool.input.${at} BREAKING`;
  // A real maximum of 100 in the integer branch.
  const real = schemaFindings("input", zod3(), zod4({ minimum: -SAFE, maximum: 100 }));
  assert.ok(
    real.includes(narrowed("maximum.narrowed t.inputSchema.properties.n.anyOf.0.maximum")),
    real.join(),
  );
  // No safe integer was accepted: bounded, only null is left.
  const big = { minimum: 1e16 };
  const none = schemaFindings("input", zod3(big), zod4({ ...big, maximum: SAFE }));
  assert.ok(
    none.includes(narrowed("maximum.narrowed t.inputSchema.properties.n.anyOf.0.maximum")),
    none.join(),
  );
  assert.ok(!none.some((f) => f.includes("safeIntegerLimit")), none.join());
  // Numbers past 2^53 - 1 are exact doubles: the bound rejects them.
  const num = (n: Record<string, JsonValue>) =>
    plain({ anyOf: [{ type: "number", ...n }, { type: "null" }] });
  const doubles = schemaFindings(
    "input",
    plain({ type: ["number", "null"] }),
    num({ maximum: SAFE }),
  );
  assert.ok(doubles.some((f) => f.endsWith(" BREAKING")), doubles.join());
  assert.ok(!doubles.some((f) => f.includes("safeIntegerLimit")), doubles.join());
  // A real maximum in an allOf beside the type: graded as the bound it is, where it is written.
  assert.deepEqual(schemaFindings("input", holder({}), holder({ allOf: [{ maximum: 100 }] })), [
    narrowed("maximum.narrowed t.inputSchema.properties.n.allOf.0.maximum"),
  ]);
});

Deno.test("diff grades the safe-integer limit in a union under not by variance", () => {
  // not (integer or null) → not (integer <= 2^53-1 or null): the unsafe integers are accepted now.
  const neg = (int: Record<string, JsonValue>) => ({
    type: "object",
    properties: { n: { not: { anyOf: [{ type: "integer", ...int }, { type: "null" }] } } },
  });
  const at = "t.inputSchema.properties.n.not.anyOf";
  assert.deepEqual(schemaFindings("input", neg({ maximum: SAFE }), neg({})), [
    `tool.input.maximum.widened ${at}.0.maximum BREAKING`,
  ]);
});

Deno.test("subsumes() reads a bound at the safe-integer limit as none for integers when asked, not under not", () => {
  const known = new Set(Object.keys(FACET_OF));
  const int = { type: "integer" };
  const bounded = { type: "integer", maximum: SAFE };
  const safeIntegers = true;
  assert.notEqual(subsumes(int, bounded, { known }), true);
  assert.equal(subsumes(int, bounded, { known, safeIntegers }), true);
  assert.equal(
    subsumes({ allOf: [int] }, { allOf: [int, { maximum: SAFE }] }, { known, safeIntegers }),
    true,
  );
  // Beyond the limit only: no safe integer is left to keep.
  assert.notEqual(subsumes({ ...int, minimum: 1e16 }, bounded, { known, safeIntegers }), true);
  // Numbers: 1e20 is rejected.
  assert.notEqual(
    subsumes({ type: "number" }, { type: "number", maximum: SAFE }, { known, safeIntegers }),
    true,
  );
  // not {integer <= limit} accepts the unsafe integers that not {integer} rejects.
  assert.equal(subsumes({ not: int }, { not: bounded }, { known, safeIntegers }), true);
  assert.notEqual(subsumes({ not: bounded }, { not: int }, { known, safeIntegers }), true);
});

Deno.test("diff names a safe-integer limit that a union branch reaches through a $ref where it is written", () => {
  const b = {
    type: "object",
    $defs: { i: { type: "integer", minimum: -SAFE, maximum: SAFE } },
    properties: { n: { anyOf: [{ $ref: "#/$defs/i" }, { type: "null" }] } },
  };
  const tool = (s: JsonValue) => contractFromValue({ tools: [{ name: "t", inputSchema: s }] });
  const changes = (x: JsonValue, y: JsonValue) =>
    diffContracts(tool(x), tool(y), { registry }).changes.map((c) =>
      `${c.rule} ${c.path} ${c.pointer} ${c.severity}`
    );
  const at = (k: string) =>
    `tool.input.${k}.safeIntegerLimit t.inputSchema.properties.n.anyOf.0.${k}`;
  assert.deepEqual(changes(zod3(), b), [
    `${at("maximum")} /tools/0/inputSchema/$defs/i/maximum NON_BREAKING`,
    `${at("minimum")} /tools/0/inputSchema/$defs/i/minimum NON_BREAKING`,
  ]);
  // Gone: shown at the node that held it.
  assert.deepEqual(changes(b, zod3()), [
    `${at("maximum")} /tools/0/inputSchema/properties/n NON_BREAKING`,
    `${at("minimum")} /tools/0/inputSchema/properties/n NON_BREAKING`,
  ]);
});

Deno.test("the catch-all keeps the safe-integer exemption for a union checked after a nested walk", () => {
  // The anyOf pair is walked tentatively (its branch under not first); the oneOf beside it was
  // then proven as if it stood under not, and its safe-integer limit became a false BREAKING.
  const x = (notBranch: JsonValue, integer: JsonValue) => ({
    type: "object",
    properties: {
      x: {
        anyOf: [{ not: notBranch }, { type: "null" }],
        oneOf: [integer, { type: "string" }],
      },
    },
  });
  assert.deepEqual(
    schemaFindings(
      "input",
      x({ const: "x" }, { type: "integer" }),
      x({ not: true }, { type: "integer", maximum: SAFE }),
    ),
    [
      "tool.input.maximum.safeIntegerLimit t.inputSchema.properties.x.oneOf.0.maximum NON_BREAKING",
      // {not: {not: true}} is read as true: the first branch's not went (it read anyOf.widened).
      "tool.input.not.widened t.inputSchema.properties.x.anyOf.0.not NON_BREAKING",
    ],
  );
});

Deno.test("limitBounds() searches each definition once, however many branches refer to it", () => {
  const root = {
    $defs: {
      i: { type: "integer", minimum: -SAFE, maximum: SAFE },
      // A union that refers to itself from each branch: searched once per path, it took
      // branches^depth steps (100 branches: minutes).
      a: { anyOf: [...Array(100).fill({ $ref: "#/$defs/a" }), { $ref: "#/$defs/i" }] },
    },
  };
  const node = { anyOf: [{ $ref: "#/$defs/i" }, { type: "null" }, { $ref: "#/$defs/a" }] };
  const found = limitBounds(node, "anyOf", false, root);
  assert.deepEqual(found.map((b) => `${b.at.join("/")} ${b.target} ${b.keyword}`), [
    "anyOf/0 /$defs/i minimum",
    "anyOf/0 /$defs/i maximum",
  ]);
});
