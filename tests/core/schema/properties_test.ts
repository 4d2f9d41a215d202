import assert from "node:assert/strict";
import fc from "fast-check";
import type { JsonObject, JsonValue } from "../../../core/json.ts";
import { classifyProse } from "../../../core/prose.ts";
import { STRUCTURED_VOCABULARY, walkSchemas } from "../../../core/schema/walk.ts";
import { catchAll, schemaFindings } from "./_schema_helpers.ts";
import { checkOf } from "./_oracle_ajv.ts";
import { rejectsEvery } from "../../../core/schema/_accepts_every.ts";

const names = fc.constantFrom("a", "b", "id", "__proto__", "constructor", "x y");
const leaf: fc.Arbitrary<JsonValue> = fc.oneof(
  fc.boolean(),
  fc.record({ type: fc.constantFrom("string", "integer", "number", "boolean", "null") }),
  fc.record({ type: fc.constant("string"), maxLength: fc.nat(20), pattern: fc.constant("^[a-z(") }),
  fc.record({ enum: fc.uniqueArray(fc.constantFrom("a", "b", "c", 1, null), { minLength: 1 }) }),
  fc.record({ const: fc.constantFrom("x", 2, true) }),
  fc.record({
    minimum: fc.integer({ min: -5, max: 5 }),
    exclusiveMaximum: fc.integer({ min: 6, max: 9 }),
  }),
  fc.record({ $ref: fc.constantFrom("#/$defs/A", "#/$defs/B", "#", "https://x.example/s.json") }),
  fc.record({
    "vndVendor": fc.nat(3),
    description: fc.constantFrom("Limit", "Never more than 10"),
  }),
);

/** Schemas built from `leaves` with the usual keywords around them. */
function schemasOf(leaves: fc.Arbitrary<JsonValue>): fc.Arbitrary<JsonValue> {
  const { schema } = fc.letrec((tie) => ({
    schema: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      leaves,
      fc.record({
        type: fc.constant("object"),
        properties: fc.dictionary(names, tie("schema"), { maxKeys: 3 }),
        required: fc.uniqueArray(names, { maxLength: 2 }),
        additionalProperties: fc.oneof(fc.boolean(), tie("schema")),
      }, { requiredKeys: ["type"] }),
      fc.record({ type: fc.constant("array"), items: tie("schema"), minItems: fc.nat(3) }),
      fc.record({ anyOf: fc.array(tie("schema"), { minLength: 1, maxLength: 3 }) }),
      fc.record({ allOf: fc.array(tie("schema"), { minLength: 1, maxLength: 2 }) }),
      fc.record({ not: tie("schema") }),
      fc.record({ if: tie("schema"), then: tie("schema"), else: tie("schema") }, {
        requiredKeys: [],
      }),
    ),
  }));
  return schema as fc.Arbitrary<JsonValue>;
}

const anySchema = schemasOf(leaf);

const schema = anySchema as fc.Arbitrary<JsonValue>;

/** A root with definitions that may refer to each other (cycles included). */
const root = fc.record({ body: schema, a: schema, b: schema }).map(({ body, a, b }) => {
  const base: JsonObject = typeof body === "object" && body !== null && !Array.isArray(body)
    ? { ...body }
    : { allOf: [body] };
  return { ...base, $defs: { A: a, B: { anyOf: [b, { $ref: "#/$defs/A" }] } } } as JsonValue;
});

function shuffle(value: JsonValue, seed: number): JsonValue {
  if (Array.isArray(value)) return value.map((v, i) => shuffle(v, seed + i));
  if (typeof value !== "object" || value === null) return value;
  const keys = Object.keys(value);
  const order = keys.map((k, i) => ({ k, r: Math.sin(seed * 97 + i * 13) })).sort((x, y) =>
    x.r - y.r
  );
  const out: JsonObject = {};
  for (const { k } of order) {
    Object.defineProperty(out, k, {
      value: shuffle(value[k]!, seed + 1),
      enumerable: true,
      writable: true,
    });
  }
  return out;
}

Deno.test("diff finds nothing between a schema and itself or a key-shuffled copy", () => {
  fc.assert(
    fc.property(
      root,
      fc.nat(1000),
      fc.constantFrom("input" as const, "output" as const),
      (s, seed, side) => {
        assert.deepEqual(schemaFindings(side, s, s), []);
        assert.deepEqual(schemaFindings(side, s, shuffle(s, seed)), []);
      },
    ),
    { numRuns: 300 },
  );
});

Deno.test("diff never throws and is deterministic on arbitrary schema pairs", () => {
  fc.assert(
    fc.property(root, root, (a, b) => {
      const first = schemaFindings("input", a, b);
      assert.deepEqual(schemaFindings("input", a, b), first);
      assert.deepEqual(schemaFindings("input", shuffle(a, 3), shuffle(b, 5)), first);
    }),
    { numRuns: 300 },
  );
});

Deno.test("a definition's allOf of two equal branches reads alike in any key order", () => {
  // fast-check seed -1314104816 of the property above, shrunk: eb29f83 (one allOf branch compared
  // with the other) named the change at $defs.A or at the root by the order of $defs' keys.
  const a = {
    type: "object",
    $defs: {
      A: { const: "x" },
      B: { anyOf: [{ vndVendor: 0, description: "Limit" }, { $ref: "#/$defs/A" }] },
    },
  };
  const s = { type: "string", maxLength: 17, pattern: "^[a-z(" };
  const b = {
    $ref: "#/$defs/A",
    $defs: {
      A: { allOf: [{ anyOf: [s, { ...s }] }] },
      B: {
        anyOf: [{ type: "string", maxLength: 0, pattern: "^[a-z(" }, { $ref: "#/$defs/A" }],
      },
    },
  };
  const first = schemaFindings("input", a, b);
  assert.deepEqual(schemaFindings("input", shuffle(a, 3), shuffle(b, 5)), first);
});

const EFFECT = /^tool\.(input|output)\.(\w+)\.(widened|narrowed|changed)$/;

/**
 * The distinct severities of the effect findings: the grades a user sees. Which detail findings
 * accompany a combinator settled by a subsumption proof may differ by direction (a stricter
 * branch finding is replaced by one combinator finding, an agreeing one is kept), because the
 * seed's property conventions are not symmetric; duplicates are allowed.
 */
const effectSeverities = (lines: string[]) =>
  [
    ...new Set(lines.flatMap((line) => {
      // Paths may hold spaces (a property named "x y"): the rule is first, the severity last.
      const words = line.split(" ");
      const m = EFFECT.exec(words[0]!);
      return m && m[2] !== "keyword" ? [words.at(-1)!] : [];
    })),
  ].sort();

Deno.test("diff obeys the variance law: input a→b has the severities of output b→a", () => {
  fc.assert(
    fc.property(schema, schema, (a, b) => {
      assert.deepEqual(
        effectSeverities(schemaFindings("input", a, b)),
        effectSeverities(schemaFindings("output", b, a)),
      );
    }),
    { numRuns: 400 },
  );
});

Deno.test("diff compares a property that accepted every value, removed beside a schema that governs its name, keyword by keyword as its addition (fast-check seed 673970139)", () => {
  // `a: true` removed beside additionalProperties X, which ajv (draft-07, 2020-12) reads as
  // accepting every value (strict off: vndVendor is ignored): the removal compared the values by
  // the proof, which cannot show that a keyword no draft defines constrains nothing, and read
  // patternProperties.narrowed (NON_BREAKING on output b→a, BREAKING on input), where the
  // addition, input a→b, compares keyword by keyword and leaves the keyword to the catch-all.
  const x = { "vndVendor": 0, description: "Limit" };
  const a = { anyOf: [{ type: "object", additionalProperties: x }, { $ref: "#/$defs/A" }] };
  const b = { allOf: [{ type: "object", properties: { a: true } }] };
  assert.deepEqual(effectSeverities(schemaFindings("input", a, b)), [
    "BREAKING",
    "POTENTIALLY_BREAKING",
  ]);
  assert.deepEqual(
    effectSeverities(schemaFindings("output", b, a)),
    effectSeverities(schemaFindings("input", a, b)),
  );
  assert.deepEqual(
    effectSeverities(schemaFindings("input", b, a)),
    effectSeverities(schemaFindings("output", a, b)),
  );
  for (const dialect of ["draft-07", "2020-12"] as const) {
    for (const value of [1, "s", null, { b: [] }]) {
      assert.deepEqual(
        checkOf(x, dialect)!.failures(value),
        [],
        `${dialect} ${JSON.stringify(value)}`,
      );
    }
  }
  // The same pair in one object: the removal is what the addition mirrors, the unmodelled keyword
  // reported (BREAKING) in both, no grade of the values.
  const closedBy = (rest: JsonValue, props?: JsonObject) => ({
    type: "object",
    ...props && { properties: props },
    additionalProperties: rest,
  });
  const p = (side: string) => `t.${side}Schema.properties.a`;
  assert.deepEqual(schemaFindings("input", closedBy(x, { a: true }), closedBy(x)), [
    `tool.input.keyword.changed ${p("input")} BREAKING`,
    `tool.input.property.removed ${p("input")} POTENTIALLY_BREAKING`,
  ]);
  assert.deepEqual(schemaFindings("output", closedBy(x, { a: true }), closedBy(x)), [
    `tool.output.property.removed ${p("output")} NON_BREAKING`,
  ]);
  assert.deepEqual(schemaFindings("output", closedBy(x), closedBy(x, { a: true })), [
    `tool.output.keyword.unmodelled ${p("output")} BREAKING`,
    `tool.output.property.added ${p("output")} NON_BREAKING`,
  ]);
  // A schema that constrains: graded by its keywords both ways (type.narrowed on removal, input).
  const s = { type: "string" };
  assert.deepEqual(breaking(schemaFindings("input", closedBy(s, { a: true }), closedBy(s))), [
    `tool.input.keyword.changed ${p("input")} BREAKING`,
    `tool.input.type.narrowed ${p("input")}.type BREAKING`,
  ]);
  assert.deepEqual(breaking(schemaFindings("output", closedBy(s), closedBy(s, { a: true }))), [
    `tool.output.type.widened ${p("output")}.type BREAKING`,
  ]);
  // Undecidable: one that accepts every value only the proof could show, and cannot: BREAKING
  // both ways, as the addition.
  const u = { not: { type: "string", not: { type: "string" } } };
  assert.deepEqual(breaking(schemaFindings("input", closedBy(u, { a: true }), closedBy(u))), [
    `tool.input.keyword.changed ${p("input")} BREAKING`,
    `tool.input.not.narrowed ${p("input")}.not BREAKING`,
  ]);
  assert.deepEqual(breaking(schemaFindings("output", closedBy(u), closedBy(u, { a: true }))), [
    `tool.output.not.widened ${p("output")}.not BREAKING`,
  ]);
});

Deno.test("diff keeps the prose findings below a combinator the proof settles, in both directions (fast-check seeds 1602137642, -1530998903)", () => {
  // A lone schema becomes a union that covers it: proven widened on input. The lone schema is
  // compared with a branch, and when some of those findings were stricter than the whole they
  // all went, the description removed with them; the mirror, whose findings agree, kept it.
  const limit = { "vndVendor": 0, description: "Limit" };
  const lone = {
    type: "object",
    properties: { a: limit },
    additionalProperties: { type: "array", items: limit, minItems: 0 },
  };
  const union = { anyOf: [{ type: "object" }, { enum: ["a"] }] };
  const prose = "anyOf.0.additionalProperties.items.description POTENTIALLY_BREAKING";
  assert.deepEqual(schemaFindings("input", lone, union), [
    "tool.input.anyOf.widened t.inputSchema.anyOf NON_BREAKING",
    `tool.input.description.changed t.inputSchema.${prose}`,
  ]);
  assert.ok(
    schemaFindings("output", union, lone).includes(
      `tool.output.description.changed t.outputSchema.${prose}`,
    ),
  );
  // The other way round: the output mirror dropped the description.
  const items = {
    type: "array",
    items: { type: "object", additionalProperties: { type: "string", maxLength: 0 } },
  };
  const covering = {
    type: "array",
    items: { anyOf: [{}, { type: "object", properties: { a: limit } }] },
  };
  // "a" left the branch's properties, but the lone schema's additionalProperties governs it:
  // its values are compared with that schema and the name is not gone (NON_BREAKING on output),
  // so the details agree with the whole and stay. Its description goes with its declaration:
  // not compared with that schema's (none), which read description.changed at
  // items.anyOf.1.properties.a.description.
  const branch = "t.outputSchema.items.anyOf.1";
  assert.deepEqual(schemaFindings("output", covering, items), [
    "tool.output.anyOf.narrowed t.outputSchema.items.anyOf NON_BREAKING",
    `tool.output.maxLength.narrowed ${branch}.additionalProperties.maxLength NON_BREAKING`,
    `tool.output.maxLength.narrowed ${branch}.properties.a.maxLength NON_BREAKING`,
    `tool.output.property.removed ${branch}.properties.a NON_BREAKING`,
    `tool.output.type.narrowed ${branch}.additionalProperties.type NON_BREAKING`,
    `tool.output.type.narrowed ${branch}.properties.a.type NON_BREAKING`,
  ]);
});

Deno.test("diff reports nothing below a combinator proven equal, in either direction (fast-check seed 1066934200)", () => {
  // Both conjunctions accept nothing (an array that is an object): no value changes. Details
  // that would be BREAKING were dropped (property "a" removed on input) but milder ones were
  // kept (minItems narrowed, property added on output), so the two directions disagreed.
  const a = {
    allOf: [{ type: "array", items: { const: true }, minItems: 1 }, {
      type: "object",
      properties: { a: { minimum: 0, exclusiveMaximum: 6 } },
    }],
  };
  const b = { allOf: [{ type: "array", items: { const: true }, minItems: 0 }, { type: "object" }] };
  for (const side of ["input", "output"] as const) {
    assert.deepEqual(schemaFindings(side, a, b), []);
    assert.deepEqual(schemaFindings(side, b, a), []);
  }
});

Deno.test("catchAllDiff() reports a change to any keyword the structured walk stops modelling as BREAKING", () => {
  for (const keyword of STRUCTURED_VOCABULARY) {
    const known = new Set([...STRUCTURED_VOCABULARY].filter((k) => k !== keyword));
    const deltas = catchAll({ type: "object", [keyword]: 1 }, { type: "object", [keyword]: 2 }, {
      tool: true,
      known,
    });
    const hit = deltas.find((d) =>
      d.rule === "tool.input.keyword.unmodelled" && d.facet === keyword
    );
    assert.ok(hit, `no unmodelled finding for "${keyword}"`);
    assert.equal(hit.severity, "BREAKING");
    assert.equal(hit.old, 1);
    assert.equal(hit.new, 2);
  }
});

Deno.test("diff survives hostile schemas: deep nesting is refused cleanly, odd names are safe", () => {
  let deep: JsonValue = { type: "string" };
  for (let i = 0; i < 10_000; i++) deep = { type: "object", properties: { a: deep } };
  assert.throws(
    () => schemaFindings("input", deep, { type: "object" }),
    /nested more than 1000 levels/,
  );
  const odd = (t: string): JsonValue =>
    JSON.parse(
      `{"type":"object","properties":{"__proto__":{"type":"${t}"},"constructor":{"type":"${t}"}}}`,
    );
  assert.deepEqual(
    schemaFindings(
      "input",
      JSON.parse(JSON.stringify(odd("string"))),
      JSON.parse(JSON.stringify(odd("integer"))),
    ),
    [
      "tool.input.type.changed t.inputSchema.properties.__proto__.type BREAKING",
      "tool.input.type.changed t.inputSchema.properties.constructor.type BREAKING",
    ],
  );
  assert.equal(({} as Record<string, unknown>).type, undefined);
  const badPattern = (p: string) => ({ type: "string", pattern: p });
  assert.deepEqual(schemaFindings("input", badPattern("(["), badPattern("[(")), [
    "tool.input.pattern.changed t.inputSchema.pattern BREAKING",
  ]);
});

// Schemas for the wrapping properties: like `schema`, but no `$ref: "#"`, since wrapping a
// part of a schema that refers to its own root changes what that reference means.
const part = schemasOf(
  leaf.filter((s) => !(typeof s === "object" && s !== null && "$ref" in s && s.$ref === "#")),
);

/** `{type: object, properties: {v: body}}` beside definitions that refer to each other. */
const holder = (body: JsonValue, a: JsonValue, b: JsonValue): JsonValue => ({
  type: "object",
  properties: { v: body },
  $defs: { A: a, B: { anyOf: [b, { $ref: "#/$defs/A" }] } },
});

const breaking = (lines: string[]) => lines.filter((line) => line.endsWith(" BREAKING"));

/**
 * Whether definition A is only a reference to itself, bare or inside one-branch combinators
 * (`{allOf: [{allOf: [{$ref: "#/$defs/A"}]}]}`, fast-check seed -809475043) or a not of a not
 * (`{not: {not: {$ref: "#/$defs/A"}}}`, read as what it negates twice since a27fec8; seed
 * 337865065): a cycle that never reaches a schema, which the catch-all differ rightly reports as
 * changed wherever it is used.
 */
function onlyItself(a: JsonValue): boolean {
  let s = a;
  for (;;) {
    if (typeof s !== "object" || s === null || Array.isArray(s)) return false;
    const keys = Object.keys(s);
    if (keys.length !== 1) return false;
    const [key] = keys as [string];
    const value = s[key];
    if (key === "$ref") return value === "#/$defs/A";
    if (key === "not" && typeof value === "object" && value !== null && !Array.isArray(value)) {
      const inner = Object.keys(value);
      if (inner.length !== 1 || inner[0] !== "not") return false;
      s = value.not!;
      continue;
    }
    if (!["allOf", "anyOf", "oneOf"].includes(key) || !Array.isArray(value)) return false;
    if (value.length !== 1) return false;
    s = value[0]!;
  }
}

Deno.test("diff finds no break in a schema wrapped in anyOf with extra branches (input), nor in the mirror (output)", () => {
  fc.assert(
    fc.property(
      part,
      fc.array(part, { minLength: 1, maxLength: 3 }),
      fc.nat(3),
      part,
      part,
      (body, extras, at, a, b) => {
        // A definition that is only a reference to itself is no schema at all.
        fc.pre(!onlyItself(a));
        const branches = [...extras];
        const index = at % (extras.length + 1);
        branches.splice(index, 0, body);
        const old = holder(body, a, b), wrapped = holder({ anyOf: branches }, a, b);
        // An unmodelled keyword that an extra branch brings is reported where it appears
        // (BREAKING whatever the union does); every other finding says the values widened.
        const brought = (line: string) =>
          line.includes(".keyword.unmodelled ") &&
          branches.some((_, j) => j !== index && line.includes(`.properties.v.anyOf.${j}.`));
        const input = schemaFindings("input", old, wrapped);
        assert.deepEqual(breaking(input).filter((line) => !brought(line)), []);
        assert.deepEqual(breaking(schemaFindings("output", wrapped, old)), []);
      },
    ),
    { numRuns: 300 },
  );
});

Deno.test("diff finds no break when allOf branches are only reordered, on either side", () => {
  fc.assert(
    fc.property(
      fc.array(part, { minLength: 2, maxLength: 4 }),
      fc.nat(100),
      part,
      part,
      (branches, seed, a, b) => {
        const reordered = branches.map((x, i) => ({ x, r: Math.sin(seed * 31 + i * 7) }))
          .sort((p, q) => p.r - q.r).map(({ x }) => x);
        const old = holder({ allOf: branches }, a, b), next = holder({ allOf: reordered }, a, b);
        for (const side of ["input", "output"] as const) {
          assert.deepEqual(breaking(schemaFindings(side, old, next)), []);
        }
      },
    ),
    { numRuns: 300 },
  );
});

Deno.test("diff reads no change when allOf branches that accept nothing are only reordered (fast-check seed 1589859070)", () => {
  // The property above, shrunk. Both sides read the first two branches as accepting nothing:
  // the rewrite to false, made of a place and of one inside it, kept T beside false on one side
  // (its vendor keyword read keyword.unmodelled BREAKING), and the texts inside were compared
  // by index (Limit added at one branch and removed at the other).
  const limit = (text: string) => ({ vndVendor: 0, description: text });
  const t = (text: string) => ({
    allOf: [{ allOf: [false] }, {
      type: "object",
      properties: { a: { type: "object", properties: { a: { anyOf: [limit(text)] } } } },
    }],
  });
  const n = { allOf: [{ not: true }] };
  const body: JsonValue[] = [n, t("Limit"), limit("Limit")];
  const a = { enum: ["a"] }, b = { const: "x" };
  for (const order of [[1, 0, 2], [0, 2, 1], [2, 1, 0], [1, 2, 0], [2, 0, 1]]) {
    const moved = order.map((i) => body[i]!);
    for (const side of ["input", "output"] as const) {
      for (const [x, y] of [[body, moved], [moved, body]] as const) {
        assert.deepEqual(
          schemaFindings(side, holder({ allOf: x }, a, b), holder({ allOf: y }, a, b)),
          [],
          `${side} ${JSON.stringify(order)}`,
        );
      }
    }
  }
  // A text reworded in a branch that moved is read once, where the new file writes it.
  const reworded: JsonValue[] = [t("Never more than 10"), n, limit("Limit")];
  const at = (i: number) =>
    `properties.v.allOf.${i}.allOf.1.properties.a.properties.a.anyOf.0.description`;
  for (const side of ["input", "output"] as const) {
    assert.deepEqual(
      schemaFindings(side, holder({ allOf: body }, a, b), holder({ allOf: reworded }, a, b)),
      [`tool.${side}.description.changed t.${side}Schema.${at(0)} POTENTIALLY_BREAKING`],
    );
    assert.deepEqual(
      schemaFindings(side, holder({ allOf: reworded }, a, b), holder({ allOf: body }, a, b)),
      [`tool.${side}.description.changed t.${side}Schema.${at(1)} POTENTIALLY_BREAKING`],
    );
  }
  // Undecidable: a reference the proof cannot follow in place of the first branch; the
  // reorder is still none.
  const open: JsonValue[] = [{ $ref: "https://x.example/s.json" }, t("Limit"), limit("Limit")];
  for (const side of ["input", "output"] as const) {
    assert.deepEqual(
      schemaFindings(
        side,
        holder({ allOf: open }, a, b),
        holder({ allOf: [open[1]!, open[0]!, open[2]!] }, a, b),
      ),
      [],
    );
  }
  // ajv (draft-07, 2020-12): the body, in either order, accepts no value.
  for (const dialect of ["draft-07", "2020-12"] as const) {
    for (const list of [body, reworded]) {
      for (const value of [{}, { a: { a: 1 } }, "x", 1, null]) {
        assert.notDeepEqual(checkOf({ allOf: list }, dialect)!.failures(value), []);
      }
    }
  }
});

Deno.test("diff reads an allOf with a false branch as false in any order of its branches (fast-check seed 1374147071)", () => {
  // The proof, meeting the reference it cannot follow before the false branch, could not show
  // that the conjunction accepts nothing: one order read as false, the other as written, and
  // the reorder read schema.widened (BREAKING on output).
  const ref = { allOf: [{ $ref: "https://x.example/s.json" }] };
  const orders: JsonValue[][] = [[ref, { const: "x" }, false], [{ const: "x" }, false, ref], [
    false,
    ref,
  ]];
  for (const branches of orders) {
    assert.equal(rejectsEvery({ allOf: branches }, {}), true, JSON.stringify(branches));
  }
  for (const [x, y] of [[orders[0]!, orders[1]!], [orders[1]!, orders[0]!]] as const) {
    for (const side of ["input", "output"] as const) {
      assert.deepEqual(
        schemaFindings(side, holder({ allOf: x }, 1, 2), holder({ allOf: y }, 1, 2)),
        [],
      );
    }
  }
  // ajv (draft-07, 2020-12): such a conjunction, written without the reference it cannot load,
  // accepts no value.
  for (const dialect of ["draft-07", "2020-12"] as const) {
    for (const value of ["x", 1, null]) {
      assert.notDeepEqual(
        checkOf({ allOf: [{ const: "x" }, false] }, dialect)!.failures(value),
        [],
      );
    }
  }
  // Against a schema that accepts values it is still graded: widened, BREAKING on output.
  const at = "t.outputSchema.properties.v";
  assert.deepEqual(
    schemaFindings("output", holder({ allOf: orders[1]! }, 1, 2), holder({ const: "x" }, 1, 2)),
    [`tool.output.schema.widened ${at} BREAKING`],
  );
  // Undecidable without the false branch: the reference may accept anything; a reorder is none.
  const open = [{ const: "x" }, ref];
  assert.deepEqual(
    schemaFindings(
      "input",
      holder({ allOf: open }, 1, 2),
      holder({ allOf: [ref, { const: "x" }] }, 1, 2),
    ),
    [],
  );
  assert.equal(rejectsEvery({ allOf: open }, {}), false);
});

Deno.test("a branch that accepts nothing is not compared in place with a new branch (fast-check seed 2100790179)", () => {
  const body = { anyOf: [{ anyOf: [{ const: "x" }] }, { not: true }] };
  const extra = { not: { type: "object", properties: { a: { type: "string" } } } };
  // The new union holds the old one as a branch: a widening on input, whatever the extra
  // branch says, in either order of the branches; the mirror on output.
  for (const wrapped of [{ anyOf: [body, extra] }, { anyOf: [extra, body] }]) {
    assert.deepEqual(schemaFindings("input", body, wrapped), [
      "tool.input.anyOf.widened t.inputSchema.anyOf NON_BREAKING",
    ]);
    assert.deepEqual(schemaFindings("output", wrapped, body), [
      "tool.output.anyOf.narrowed t.outputSchema.anyOf NON_BREAKING",
    ]);
  }
  // The old union accepts "x" alone, a string, and `extra` accepts every string: a widening,
  // proven since a union check splits the values by type (it was graded BREAKING, unproven).
  assert.deepEqual(schemaFindings("input", body, { anyOf: [{ const: "y" }, extra] }), [
    "tool.input.anyOf.widened t.inputSchema.anyOf NON_BREAKING",
  ]);
  // Not proven either way once `extra` rejects strings too.
  const strict = { not: { type: ["object", "string"] } };
  assert.deepEqual(
    breaking(schemaFindings("input", body, { anyOf: [{ const: "y" }, strict] })).length > 0,
    true,
  );
});

Deno.test("a schema that accepts nothing in other words, wrapped in a union with false, is no change (fast-check seed -968428103)", () => {
  // Both accept no value: a string "x" that is also an array. The union with `false` was read as
  // `false` (3503d25) and compared with the conjunction as written, which the walk cannot show
  // accepts nothing: schema.narrowed BREAKING on input.
  const body = { allOf: [{ const: "x" }, { type: "array", items: { minimum: 0 } }] };
  const a = { type: "string" }, b = { minimum: 0 };
  for (const wrapped of [{ anyOf: [body, false] }, { anyOf: [false, body] }]) {
    const old = holder(body, a, b), next = holder(wrapped, a, b);
    for (const side of ["input", "output"] as const) {
      assert.deepEqual(breaking(schemaFindings(side, old, next)), [], `${side}`);
      assert.deepEqual(breaking(schemaFindings(side, next, old)), [], `${side} reversed`);
    }
  }
  // Against a schema that accepts values, the union with `false` still reads as `false`.
  assert.deepEqual(
    breaking(
      schemaFindings("input", holder({ const: "x" }, a, b), holder({ anyOf: [body, false] }, a, b)),
    ),
    ["tool.input.schema.narrowed t.inputSchema.properties.v BREAKING"],
  );
});

/**
 * Asserts that `v` going from `old` to `next` is a proven widening of its anyOf (NON_BREAKING on
 * input, its mirror NON_BREAKING on output) and returns the BREAKING findings of the widening on
 * output.
 */
function provenWidening(old: JsonValue, next: JsonValue): string[] {
  assert.deepEqual(schemaFindings("input", old, next), [
    "tool.input.anyOf.widened t.inputSchema.properties.v.anyOf NON_BREAKING",
  ]);
  assert.deepEqual(schemaFindings("output", next, old), [
    "tool.output.anyOf.narrowed t.outputSchema.properties.v.anyOf NON_BREAKING",
  ]);
  return breaking(schemaFindings("output", old, next));
}

const OUTPUT_WIDENED = "tool.output.anyOf.widened t.outputSchema.properties.v.anyOf BREAKING";

/** Asserts that `v` going from `old` to `next` is no change, both ways on both sides. */
function provenEqual(old: JsonValue, next: JsonValue): void {
  for (const side of ["input", "output"] as const) {
    assert.deepEqual(schemaFindings(side, old, next), []);
    assert.deepEqual(schemaFindings(side, next, old), []);
  }
}

Deno.test("diff grades a union that reaches itself through a reference by the schemas as written (fast-check seed -1171035830)", () => {
  // A = anyOf[X, anyOf[$ref A]] accepts what X accepts: every non-number and the numbers in
  // [0, 6). The property `v` goes from `$ref A` to anyOf[objects, $ref A]. The catch-all differ
  // follows the reference and compares A's union with the new one: the new union within A is
  // proven, A within the new union is not (the proof goes round the reference until its step
  // budget runs out), but the schemas as written show `$ref A` as a branch of the new union.
  // That second look was skipped once one direction was proven, and the change was graded
  // tool.input.keyword.changed BREAKING (narrowed).
  const a = {
    anyOf: [{ allOf: [{ minimum: 0, exclusiveMaximum: 6 }] }, { anyOf: [{ $ref: "#/$defs/A" }] }],
  };
  const b = { minimum: 0, exclusiveMaximum: 6 };
  const ref = { $ref: "#/$defs/A" };
  const old = holder(ref, a, b);
  // A accepts every object already: the two accept the same values. Once only the widening was
  // proven (NON_BREAKING on input, BREAKING on output); the proof now reaches the equality too,
  // since $ref A, a branch kept on both sides, is in A's union whatever it holds
  // (union_kept_branch_test.ts).
  const wrapped = holder({ anyOf: [{ type: "object" }, ref] }, a, b);
  provenEqual(old, wrapped);
  // Numbers beyond [0, 6) are new: a widening, NON_BREAKING on input and BREAKING on output.
  const wider = holder({ anyOf: [{ type: "number" }, ref] }, a, b);
  assert.deepEqual(provenWidening(old, wider), [OUTPUT_WIDENED]);
  // Strings and objects only: the numbers in [0, 6) are gone, a narrowing, BREAKING on input,
  // which the schemas as written do not contradict.
  const narrower = holder({ anyOf: [{ type: "string" }, { type: "object" }] }, a, b);
  assert.deepEqual(breaking(schemaFindings("input", old, narrower)), [
    "tool.input.anyOf.narrowed t.inputSchema.properties.v.anyOf BREAKING",
  ]);
  // Its mirror, a proven widening on output: no milder narrowed finding beside it.
  assert.deepEqual(schemaFindings("output", narrower, old), [
    "tool.output.anyOf.widened t.outputSchema.properties.v.anyOf BREAKING",
  ]);
  // Undecidable: an unmodelled keyword beside the reference in the new union. Neither direction
  // can be proven, and the keyword is reported BREAKING on both sides.
  const vendor = holder({ anyOf: [{ type: "object" }, { allOf: [ref], "vndVendor": 1 }] }, a, b);
  for (const side of ["input", "output"] as const) {
    assert.ok(
      breaking(schemaFindings(side, old, vendor)).includes(
        `tool.${side}.keyword.unmodelled t.${side}Schema.properties.v.anyOf.1.vndVendor BREAKING`,
      ),
    );
  }
});

Deno.test("diff grades a schema wrapped in anyOf as widened when only the schemas as written show it (fast-check seeds -225298750, -344114019)", () => {
  // B = anyOf[anyOf[S, $ref B], $ref A] with A = false accepts what S accepts. `v` goes from
  // `$ref B` to anyOf[$ref B, S]. The catch-all differ compares B's union with the new one: the
  // new within B is proven, B within the new is not, and the schemas as written (`$ref B` is a
  // branch of the new union) were not asked once one direction was proven: the change was
  // graded tool.input.keyword.changed BREAKING (narrowed), and its output mirror BREAKING too.
  const s = { type: "string", maxLength: 0, pattern: "^[a-z(" };
  const ref = { $ref: "#/$defs/B" };
  const old = holder(ref, false, { anyOf: [s, ref] });
  const wrapped = holder({ anyOf: [ref, s] }, false, { anyOf: [s, ref] });
  // B's inner anyOf [S, $ref B] is two of its branches, both in the new union, and B's $ref A
  // (false) is gone: the branches read as a narrowing, the proof as a widening, which won. The
  // proof now reaches the equality too (a branch kept is included whatever it holds).
  provenEqual(old, wrapped);
  // Seed -225298750, the same fault reached when 185d67e made the other direction provable: the
  // old schema allOf[allOf[true, anyOf[X, true]]] (X = {vndVendor, description}) accepts
  // everything, and so does the new union that holds it beside {const: "x"}. Once graded a
  // widening (on output what the rule says for one), now proven equal: the body is a branch kept.
  const x = { "vndVendor": 0, description: "Limit" };
  const body = { allOf: [{ allOf: [true, { anyOf: [x, true] }] }] };
  const a = { type: "string" }, b = { minimum: 0, exclusiveMaximum: 6 };
  const before = holder(body, a, b), after = holder({ anyOf: [body, { const: "x" }] }, a, b);
  provenEqual(before, after);
  // Undecidable: X's unmodelled keyword changes inside the wrapped schema. Reported BREAKING on
  // both sides although both schemas accept everything: the engine cannot know what it means.
  const changed = { allOf: [{ allOf: [true, { anyOf: [{ ...x, "vndVendor": 1 }, true] }] }] };
  const next = holder({ anyOf: [changed, { const: "x" }] }, a, b);
  const path = "properties.v.anyOf.0.allOf.0.allOf.1.anyOf.0.vndVendor";
  for (const side of ["input", "output"] as const) {
    assert.ok(
      breaking(schemaFindings(side, before, next)).includes(
        `tool.${side}.keyword.unmodelled t.${side}Schema.${path} BREAKING`,
      ),
    );
  }
});

Deno.test("diff grades a schema wrapped in anyOf by the proof when its branches compared keyword by keyword say otherwise (fast-check seeds -1205764934, -421173095)", () => {
  // Seed -1205764934: B = anyOf[not {const: "x"}, $ref A] with A = if/then that constrains
  // nothing. `v` goes from `$ref B` to anyOf[{not: {not: true}}, $ref B]. The catch-all differ
  // follows the reference and compares B's union with the new one: B's branches are proven
  // within the new ones in order, so they were compared keyword by keyword, and `not {const}` →
  // `not {not: true}` read as const removed under not (narrowed) beside not added (widened):
  // tool.input.keyword.changed …anyOf.0.not.const BREAKING, where the branch only widens.
  const seedA = { if: { type: "string" }, then: { else: false } }, b = { not: { const: "x" } };
  const ref = { $ref: "#/$defs/B" };
  const wrap = (a: JsonValue) => holder({ anyOf: [{ not: { not: true } }, ref] }, a, b);
  // Now that an else without an if constrains nothing in the proof too, both schemas are proven
  // to accept everything: no change, either way, on either side.
  for (const side of ["input", "output"] as const) {
    assert.deepEqual(schemaFindings(side, holder(ref, seedA, b), wrap(seedA)), []);
    assert.deepEqual(schemaFindings(side, wrap(seedA), holder(ref, seedA, b)), []);
  }
  // With an A that admits strings of up to 3 characters, B still accepts everything ("x" is
  // short), but the proof only shows the widening, and the branches are compared as before.
  const a = { if: { type: "string" }, then: { maxLength: 3 } };
  const old = holder(ref, a, b), wrapped = wrap(a);
  const at = (side: string, rest: string) => `t.${side}Schema.${rest}`;
  // The not of not is read as true: the new branch widens B's first (not.widened at its not).
  assert.deepEqual(schemaFindings("input", old, wrapped), [
    `tool.input.anyOf.widened ${at("input", "properties.v.anyOf.1.anyOf")} NON_BREAKING`,
    `tool.input.not.widened ${at("input", "properties.v.anyOf.0.not")} NON_BREAKING`,
  ]);
  assert.deepEqual(schemaFindings("output", wrapped, old), [
    `tool.output.anyOf.narrowed ${at("output", "properties.v.anyOf.1.anyOf")} NON_BREAKING`,
    `tool.output.not.narrowed ${at("output", "properties.v.anyOf.0.not")} NON_BREAKING`,
  ]);
  // A widening on output, and a narrowing on input, are BREAKING, each once where it is written
  // (it read not.narrowed at anyOf.0.not.not on output, a narrowing for a widening).
  assert.deepEqual(breaking(schemaFindings("output", old, wrapped)), [
    `tool.output.anyOf.widened ${at("output", "properties.v.anyOf.1.anyOf")} BREAKING`,
    `tool.output.not.widened ${at("output", "properties.v.anyOf.0.not")} BREAKING`,
  ]);
  assert.deepEqual(breaking(schemaFindings("input", wrapped, old)), [
    `tool.input.anyOf.narrowed ${at("input", "properties.v.anyOf.1.anyOf")} BREAKING`,
    `tool.input.not.narrowed ${at("input", "properties.v.anyOf.0.not")} BREAKING`,
  ]);
  // Seed -421173095: `v` goes from anyOf[arrays of A, anyOf[S]] (A: arrays of strings) to a
  // union that holds it beside arrays of anything but strings. The arrays of A are proven
  // within the new arrays, but compared in place, `not: {type: string}` added under items read
  // as a narrowing (BREAKING) beside the type and items of A removed.
  const s = { type: "string", maxLength: 0, pattern: "^[a-z(" };
  const arrays = { type: "array", items: { type: "string" }, minItems: 0 };
  const body = {
    anyOf: [{ type: "array", items: { $ref: "#/$defs/A" }, minItems: 0 }, { anyOf: [s] }],
  };
  const extra = { type: "array", items: { not: { type: "string" } }, minItems: 0 };
  const str = { type: "string" };
  const before = holder(body, arrays, str), after = holder({ anyOf: [extra, body] }, arrays, str);
  // One finding each way, the walk's at the outer anyOf: the catch-all's keyword.changed at the
  // union nested in its branch 1 (anyOf.1.anyOf), with the same grade, was the same change.
  assert.deepEqual(schemaFindings("input", before, after), [
    `tool.input.anyOf.widened ${at("input", "properties.v.anyOf")} NON_BREAKING`,
  ]);
  assert.deepEqual(schemaFindings("output", after, before), [
    `tool.output.anyOf.narrowed ${at("output", "properties.v.anyOf")} NON_BREAKING`,
  ]);
  assert.deepEqual(breaking(schemaFindings("output", before, after)), [
    `tool.output.anyOf.widened ${at("output", "properties.v.anyOf")} BREAKING`,
  ]);
  assert.deepEqual(breaking(schemaFindings("input", after, before)), [
    `tool.input.anyOf.narrowed ${at("input", "properties.v.anyOf")} BREAKING`,
  ]);
  // Undecidable: an unmodelled keyword of a definition the branches reach changes as well. No
  // proof speaks for it: BREAKING on both sides, never a silent pass.
  const vendor = (x: JsonValue, n: number) => ({ ...(x as JsonObject), "vndVendor": n });
  const cases = [
    {
      from: holder(ref, a, vendor(b, 0)),
      to: holder({ anyOf: [{ not: { not: true } }, ref] }, a, vendor(b, 1)),
      path: "$defs.B.anyOf.0.vndVendor",
    },
    {
      from: holder(body, vendor(arrays, 0), str),
      to: holder({ anyOf: [extra, body] }, vendor(arrays, 1), str),
      path: "$defs.A.vndVendor",
    },
  ];
  for (const { from, to, path } of cases) {
    for (const side of ["input", "output"] as const) {
      assert.ok(
        breaking(schemaFindings(side, from, to)).includes(
          `tool.${side}.keyword.unmodelled ${at(side, path)} BREAKING`,
        ),
      );
    }
  }
});

Deno.test("diff grades true wrapped in anyOf beside a definition that reaches itself through then (fast-check seed 5335200)", () => {
  // A = {then: anyOf[$ref A, anyOf[anyOf[$ref A]]]}: a then without an if constrains nothing, so
  // A accepts everything. `v` goes from `true` to anyOf[X, $ref A, true]. The proof read the
  // then as a constraint, went round A's reference until its step budget ran out, and so never
  // reached the `true` branch: neither direction was proven, and the anyOf added to `true` was
  // graded tool.input.keyword.changed BREAKING (narrowed), its output mirror too.
  const x = { "vndVendor": 0, description: "Limit" };
  const ref = { $ref: "#/$defs/A" };
  const a = { then: { anyOf: [ref, { anyOf: [{ anyOf: [ref] }] }] } };
  const old = holder(true, a, x), wrapped = holder({ anyOf: [x, ref, true] }, a, x);
  // The union accepts everything through its `true` branch: the same values. X's unmodelled
  // keyword, on the side asked to be within the other, only constrains X further, so the proof
  // leaves it aside and finds the two equal: no anyOf finding either way. X's keyword is new
  // where it now stands: reported, though the proof never needed X ("unmodelled means
  // breaking").
  const vendor = (side: string) =>
    `tool.${side}.keyword.unmodelled t.${side}Schema.properties.v.anyOf.0.vndVendor BREAKING`;
  assert.deepEqual(schemaFindings("input", old, wrapped), [vendor("input")]);
  assert.deepEqual(schemaFindings("output", wrapped, old), []);
  assert.deepEqual(breaking(schemaFindings("output", old, wrapped)), [vendor("output")]);
  assert.deepEqual(breaking(schemaFindings("input", wrapped, old)), []);
  // Undecidable: an unmodelled keyword of A changes as well: BREAKING on both sides.
  const changed = holder({ anyOf: [x, ref, true] }, { ...a, "vndVendor": 1 }, x);
  for (const side of ["input", "output"] as const) {
    assert.ok(
      breaking(schemaFindings(side, holder(true, { ...a, "vndVendor": 0 }, x), changed)).includes(
        `tool.${side}.keyword.unmodelled t.${side}Schema.$defs.A.vndVendor BREAKING`,
      ),
    );
  }
});

Deno.test("diff grades true wrapped in anyOf beside a branch whose proof runs out of steps as no change (fast-check seed 10894338)", () => {
  // A = anyOf[anyOf[S], anyOf[$ref A, {enum: [a]}]] reaches itself; the branch E = if a then A
  // sends the proof round A until its step budget runs out. `v` goes from `true` to
  // anyOf[E, true, S]: the union accepts everything through its `true` branch, but that branch
  // was asked after E, with no steps left, so the widening was not proven and the anyOf added to
  // `true` was graded tool.input.keyword.changed BREAKING (narrowed), its output mirror too.
  const s = { type: "string", maxLength: 0, pattern: "^[a-z(" };
  const ref = { $ref: "#/$defs/A" };
  const a = { anyOf: [{ anyOf: [s] }, { anyOf: [ref, { enum: ["a"] }] }] };
  const e = { if: { enum: ["a"] }, then: { allOf: [{ allOf: [ref] }] } };
  const b = { type: "string" };
  const old = holder(true, a, b), wrapped = holder({ anyOf: [e, true, s] }, a, b);
  // Both accept everything, and both directions are proven: no change, input or output.
  for (const side of ["input", "output"] as const) {
    assert.deepEqual(schemaFindings(side, old, wrapped), []);
    assert.deepEqual(schemaFindings(side, wrapped, old), []);
  }
  // Undecidable: an unmodelled keyword of A changes as well: BREAKING on both sides.
  const before = holder(true, { ...a, "vndVendor": 0 }, b);
  const after = holder({ anyOf: [e, true, s] }, { ...a, "vndVendor": 1 }, b);
  for (const side of ["input", "output"] as const) {
    assert.deepEqual(schemaFindings(side, before, after), [
      `tool.${side}.keyword.unmodelled t.${side}Schema.$defs.A.vndVendor BREAKING`,
    ]);
  }
});

Deno.test("walkSchemas() skips equal properties and grades as the exhaustive walk", () => {
  const where = { side: "input" as const, basePath: "t", basePointer: "", classifyProse };
  fc.assert(
    fc.property(anySchema, anySchema, fc.nat(1000), (a, b, seed) => {
      // Mostly a's properties (equal ones to skip), some replaced or added from b.
      const props = (s: JsonValue) =>
        typeof s === "object" && s !== null && !Array.isArray(s) &&
          typeof s.properties === "object" && s.properties !== null
          ? s.properties as JsonObject
          : {};
      const next = typeof a === "object" && a !== null && !Array.isArray(a)
        ? shuffle({ ...a, properties: { ...props(a), ...props(b) } }, seed)
        : shuffle(b, seed);
      assert.deepEqual(
        walkSchemas(a, next, where),
        walkSchemas(a, next, { ...where, exhaustive: true }),
      );
    }),
    { numRuns: 500 },
  );
});

Deno.test("diff grades a proven widening on output without a milder narrowed branch beside it (fast-check seed -1872968003)", () => {
  // allOf [object, numbers from 0 to 6] accepts every object, as {type: object} does; the mirror
  // of input a → b (narrowed, BREAKING) is output b → a, a widening. The allOf branch of numbers
  // added beside the object was reported as a narrowing (NON_BREAKING) under the proven break.
  const a = { allOf: [{ type: "object" }, { minimum: 0, exclusiveMaximum: 6 }] };
  const b = { type: "object", properties: { a: { anyOf: [{ type: "string" }] } } };
  assert.deepEqual(schemaFindings("input", a, b), [
    "tool.input.allOf.narrowed t.inputSchema.allOf BREAKING",
  ]);
  assert.deepEqual(schemaFindings("output", b, a), [
    "tool.output.allOf.widened t.outputSchema.allOf BREAKING",
    "tool.output.property.removed t.outputSchema.allOf.0.properties.a BREAKING",
  ]);
  // The other direction is proven too: input b → a widens, output a → b narrows.
  assert.deepEqual(schemaFindings("input", b, a), [
    "tool.input.allOf.widened t.inputSchema.allOf NON_BREAKING",
  ]);
  assert.deepEqual(schemaFindings("output", a, b), [
    "tool.output.allOf.narrowed t.outputSchema.allOf NON_BREAKING",
  ]);
});
