/**
 * A title or description where no value is checked is read by a model all the same: an `if`
 * without `then` and `else`, a `then` or `else` without `if`, a tuple position no value can fill,
 * a subschema that accepts no value on both sides (read as `false`), and two allOf branches
 * written alike that cannot be paired. Each reworded there gave no finding at all; now the text is
 * the one finding, graded by the prose classifier where the file writes it. A condition reworded
 * (not changed) beside then/else read `if.changed`, BREAKING; now only its prose.
 */
import assert from "node:assert/strict";
import type { JsonValue } from "../../../core/json.ts";
import { unreachedProse, withoutProse } from "../../../core/schema/_unreached_prose.ts";
import { checkOf } from "./_oracle_ajv.ts";
import { fourWays, NOTHING_FOUR_WAYS, schemaChanges } from "./_schema_helpers.ts";

const x = (schema: JsonValue) => ({ type: "object", properties: { x: schema } });
const SAMPLES: JsonValue[] = ["", "a", "abc", "abcdef", 3, null, {}, { y: "a" }, [], [1], ["a"]];
const OLD = "Short names only.";
const NEW = "Never short names.";

/**
 * Whether ajv accepts the same samples under `a` and `b` in draft-07 and 2020-12 (in those of the
 * two that compile both: a tuple of `items` is draft-07's), and compiles them in one at least.
 */
function sameValues(a: JsonValue, b: JsonValue): boolean {
  const checks = (["draft-07", "2020-12"] as const).flatMap((d) => {
    const [ca, cb] = [checkOf(a, d), checkOf(b, d)];
    return ca && cb ? [[ca, cb] as const] : [];
  });
  return checks.length > 0 &&
    checks.every(([ca, cb]) =>
      SAMPLES.every((v) => (ca.failures(v).length === 0) === (cb.failures(v).length === 0))
    );
}

/** {@link fourWays} of one `key`.changed finding at each of `paths` (below `x`). */
function prose(paths: string[], key = "description") {
  const at = (side: string) =>
    paths.map((p) =>
      `tool.${side}.${key}.changed t.${side}Schema.properties.x.${
        p === "" ? "" : `${p}.`
      }${key} POTENTIALLY_BREAKING`
    );
  return {
    input: at("input"),
    inputReversed: at("input"),
    output: at("output"),
    outputReversed: at("output"),
  };
}

/** The pair `make(OLD)` → `make(NEW)`: ajv reads them alike, and only the prose is reported. */
function onlyProse(make: (text: string) => JsonValue, paths: string[], key = "description") {
  const [a, b] = [x(make(OLD)), x(make(NEW))];
  assert.equal(sameValues(a, b), true);
  assert.deepEqual(fourWays(a, b), prose(paths, key));
  assert.deepEqual(fourWays(a, a), NOTHING_FOUR_WAYS);
}

Deno.test("prose in a conditional no value meets is compared: if alone, then or else without if", () => {
  onlyProse((t) => ({ type: "string", if: { minLength: 2, description: t } }), ["if"]);
  onlyProse((t) => ({ type: "string", if: { description: t } }), ["if"]);
  onlyProse((t) => ({ type: "string", then: { maxLength: 5, description: t } }), ["then"]);
  onlyProse((t) => ({ type: "string", else: { maxLength: 5, title: t } }), ["else"], "title");
  // Named where the file writes it.
  const [found] = schemaChanges(
    "input",
    x({ if: { description: OLD } }),
    x({ if: { description: NEW } }),
  );
  assert.equal(found!.pointer, "/tools/0/inputSchema/properties/x/if/description");
  assert.equal(found!.prose?.severity, "POTENTIALLY_BREAKING");
});

Deno.test("an if reworded beside then/else is its prose only; a condition changed stays undecidable", () => {
  const cond = (t: string, min = 2) => ({
    type: "string",
    if: { minLength: min, description: t },
    then: { maxLength: 5 },
  });
  // It read if.changed, BREAKING in every direction, from the walk and the catch-all differ.
  onlyProse((t) => cond(t), ["if"]);
  // The condition itself changed as well: BREAKING both ways on both sides, the prose beside it.
  const changed = fourWays(x(cond(OLD)), x(cond(NEW, 3)));
  for (const [way, found] of Object.entries(changed)) {
    const side = way.startsWith("input") ? "input" : "output";
    assert.deepEqual(found, [
      `tool.${side}.description.changed t.${side}Schema.properties.x.if.description POTENTIALLY_BREAKING`,
      `tool.${side}.if.changed t.${side}Schema.properties.x.if BREAKING`,
    ]);
  }
  // A reworded condition whose reference's target changed is no rewording: still BREAKING.
  const ref = (t: string, max: number) => ({
    type: "object",
    properties: { x: { type: "string", if: { $ref: "#/$defs/c", description: t }, then: {} } },
    $defs: { c: { maxLength: max } },
  });
  const viaRef = schemaChanges("input", ref(OLD, 2), ref(NEW, 3)).map((c) => c.severity);
  assert.ok(viaRef.includes("BREAKING"), viaRef.join());
});

Deno.test("prose in a tuple position no value can fill is compared", () => {
  onlyProse((t) => ({ type: "array", maxItems: 0, items: { type: "string", description: t } }), [
    "items",
  ]);
  onlyProse(
    (t) => ({ type: "array", maxItems: 1, items: [{ type: "string" }, { title: t }] }),
    ["items.1"],
    "title",
  );
});

Deno.test("prose inside a schema that accepts no value on both sides is compared", () => {
  // Read as false on both sides, the texts inside were dropped with the rest.
  onlyProse((t) => ({ type: "string", not: { description: t } }), ["not"]);
  onlyProse(
    (t) => ({ type: "object", not: {}, properties: { y: { type: "string", description: t } } }),
    ["properties.y"],
  );
  // The place's own note beside the nothing is the walk's: one finding, not two.
  onlyProse((t) => ({ not: {}, description: t }), [""]);
  // Once added, once removed, each way.
  const [a, b] = [x({ not: {} }), x({ not: {}, properties: { y: { description: OLD } } })];
  assert.deepEqual(fourWays(a, b).input, [
    "tool.input.description.changed t.inputSchema.properties.x.properties.y.description POTENTIALLY_BREAKING",
  ]);
  assert.equal(
    schemaChanges("output", a, b)[0]!.pointer,
    "/tools/0/outputSchema/properties/x/properties/y/description",
  );
});

Deno.test("the other annotations inside a schema that accepts no value on both sides are compared", () => {
  // Read as false on both sides, a default, deprecated, examples or vendor extension inside
  // changed gave no finding, where its prose did; each is now graded as where values are checked.
  const cases: [(v: JsonValue) => JsonValue, JsonValue, JsonValue, string, string, string][] = [
    [
      (v) => ({ type: "string", not: { default: v } }),
      1,
      2,
      "not",
      "default",
      "POTENTIALLY_BREAKING",
    ],
    [
      (v) => ({ type: "string", not: { deprecated: v } }),
      true,
      false,
      "not",
      "deprecated",
      "POTENTIALLY_BREAKING",
    ],
    [
      (v) => ({ type: "object", not: {}, properties: { y: { type: "string", examples: v } } }),
      ["a"],
      ["b"],
      "properties.y",
      "examples",
      "DOCUMENTATION",
    ],
    [
      (v) => ({ type: "string", not: { "x-note": v } }),
      1,
      2,
      "not",
      "x-note",
      "POTENTIALLY_BREAKING",
    ],
  ];
  for (const [make, one, two, place, key, severity] of cases) {
    const [a, b] = [x(make(one)), x(make(two))];
    assert.equal(sameValues(a, b), true);
    const rule = key.startsWith("x-") ? "extension" : key;
    const at = (side: string) => [
      `tool.${side}.${rule}.changed t.${side}Schema.properties.x.${place}.${key} ${severity}`,
    ];
    assert.deepEqual(fourWays(a, b), {
      input: at("input"),
      inputReversed: at("input"),
      output: at("output"),
      outputReversed: at("output"),
    }, key);
    assert.deepEqual(fourWays(a, a), NOTHING_FOUR_WAYS);
    const [found] = schemaChanges("input", a, b);
    assert.equal(
      found!.pointer,
      `/tools/0/inputSchema/properties/x/${place.replace(".", "/")}/${key}`,
    );
    assert.deepEqual([found!.old, found!.new], [one, two]);
  }
  // The place's own default beside the nothing is the walk's: one finding, not two.
  const own = fourWays(x({ not: {}, default: 1 }), x({ not: {}, default: 2 }));
  assert.deepEqual(own.input, [
    "tool.input.default.changed t.inputSchema.properties.x.default POTENTIALLY_BREAKING",
  ]);
});

Deno.test("two allOf branches written alike, both reworded, are each compared", () => {
  // Identical branches cannot be paired one to one; beside a keyword the engine does not model
  // the proof read the two sides alike and kept no finding at all.
  const twice = (t: string) => ({
    type: "string",
    allOf: [{ minLength: 1, foo: 1, description: t }, { minLength: 1, foo: 1, description: t }],
  });
  onlyProse(twice, ["allOf.0", "allOf.1"]);
});

Deno.test("unreachedProse() compares position by position; withoutProse() keeps names", () => {
  assert.deepEqual(
    unreachedProse({ anyOf: [{ title: "a" }, { title: "b" }] }, { anyOf: [{ title: "a" }] }),
    [{ at: ["anyOf", 1], key: "title", old: "b" }],
  );
  assert.deepEqual(unreachedProse({ description: "a" }, { description: "b" }, true), []);
  assert.deepEqual(
    withoutProse({ properties: { description: { description: "d", type: "string" } } }),
    { properties: { description: { type: "string" } } },
  );
  assert.deepEqual(withoutProse({ enum: [{ description: "d" }] }), {
    enum: [{ description: "d" }],
  });
});

Deno.test("the other annotations where no value is checked are compared too, where they are written", () => {
  const way = (rule: string, path: string, severity: string) => {
    const at = (
      side: string,
    ) => [`tool.${side}.${rule} t.${side}Schema.properties.x.${path} ${severity}`];
    return {
      input: at("input"),
      inputReversed: at("input"),
      output: at("output"),
      outputReversed: at("output"),
    };
  };
  // {if: {default: "a"}} → "b" gave no finding at all.
  assert.deepEqual(
    fourWays(
      x({ type: "string", if: { default: "a" } }),
      x({ type: "string", if: { default: "b" } }),
    ),
    way("default.changed", "if.default", "POTENTIALLY_BREAKING"),
  );
  assert.deepEqual(
    fourWays(
      x({ type: "string", then: { examples: ["a"] } }),
      x({ type: "string", then: { examples: ["b"] } }),
    ),
    way("examples.changed", "then.examples", "DOCUMENTATION"),
  );
  const [found] = schemaChanges(
    "input",
    x({ type: "array", maxItems: 0, items: { deprecated: false } }),
    x({ type: "array", maxItems: 0, items: { deprecated: true } }),
  );
  assert.equal(found!.rule, "tool.input.deprecated.changed");
  assert.equal(found!.pointer, "/tools/0/inputSchema/properties/x/items/deprecated");
});

Deno.test("an if reworded through a $ref whose target is unchanged is its prose only", () => {
  // It read keyword.changed …x.if BREAKING, every way: the catch-all gave up on any reference.
  const root = (t: string, then: JsonValue = { maxLength: 5 }) => ({
    type: "object",
    $defs: { d: { minLength: 2 } },
    properties: { x: { if: { $ref: "#/$defs/d", description: t }, then } },
  });
  assert.equal(sameValues(root(OLD), root(NEW)), true);
  assert.deepEqual(fourWays(root(OLD), root(NEW)), prose(["if"]));
  // The target changed as well: BREAKING every way, as a condition changed in place.
  const moved = (t: string, min: number) => ({ ...root(t), $defs: { d: { minLength: min } } });
  for (const [way, found] of Object.entries(fourWays(moved(OLD, 2), moved(NEW, 3)))) {
    assert.ok(found.some((f) => f.endsWith("x.if BREAKING")), `${way}: ${found.join()}`);
  }
  // Reworded and its then changed: the then's own finding, not the condition's.
  const thenChanged = fourWays(root(OLD), root(NEW, { maxLength: 4 }));
  for (const found of Object.values(thenChanged)) {
    assert.ok(!found.some((f) => f.endsWith("x.if BREAKING")), found.join());
    assert.ok(found.some((f) => f.includes("x.then.maxLength")), found.join());
  }
});

Deno.test("an if written alike whose $ref target changed is that target's prose, or changed", () => {
  // The definition the condition reaches reworded: no finding at all (the walk compared the if
  // as written); now the text, where the definition writes it.
  const root = (d: JsonValue, then: JsonValue = { maxLength: 5 }, other?: JsonValue) => ({
    type: "object",
    $defs: { d },
    properties: {
      x: { if: { $ref: "#/$defs/d" }, then, ...other === undefined ? {} : { else: other } },
    },
  });
  const [a, b] = [
    root({ minLength: 2, description: OLD }),
    root({ minLength: 2, description: NEW }),
  ];
  assert.equal(sameValues(a, b), true);
  const at = (side: string) => [
    `tool.${side}.description.changed t.${side}Schema.$defs.d.description POTENTIALLY_BREAKING`,
  ];
  assert.deepEqual(fourWays(a, b), {
    input: at("input"),
    inputReversed: at("input"),
    output: at("output"),
    outputReversed: at("output"),
  });
  const [found] = schemaChanges("input", a, b);
  assert.equal(found!.pointer, "/tools/0/inputSchema/$defs/d/description");
  // A default changed in the condition, or in the definition it reaches, checks no value: that
  // default alone (the first read if.changed BREAKING beside it, the second no finding).
  const defaults = (d: string, inline: boolean) => ({
    type: "object",
    ...inline ? {} : { $defs: { d: { minLength: 2, default: d } } },
    properties: {
      x: {
        if: inline ? { minLength: 2, default: d } : { $ref: "#/$defs/d" },
        then: { maxLength: 5 },
      },
    },
  });
  for (const [inline, place] of [[true, "properties.x.if"], [false, "$defs.d"]] as const) {
    const [p, q] = [defaults("ab", inline), defaults("abc", inline)];
    assert.equal(sameValues(p, q), true);
    const note = (side: string) => [
      `tool.${side}.default.changed t.${side}Schema.${place}.default POTENTIALLY_BREAKING`,
    ];
    assert.deepEqual(fourWays(p, q), {
      input: note("input"),
      inputReversed: note("input"),
      output: note("output"),
      outputReversed: note("output"),
    });
  }
  // The target's value changed: which of then/else applies changed. minLength 2 → 3 under then
  // maxLength 1 accepts "ab" now (a widening, BREAKING on output), yet the walk said nothing and
  // the catch-all's minLength narrowed read NON_BREAKING on output: a missed break.
  const values = (s: JsonValue) =>
    ["", "a", "ab", "abc", "bb", "bbb"].filter((v) =>
      checkOf(s, "2020-12")!.failures({ x: v }).length === 0
    );
  const [old, next] = [
    root({ minLength: 2 }, { maxLength: 1 }),
    root({ minLength: 3 }, { maxLength: 1 }),
  ];
  assert.deepEqual([values(old), values(next)], [["", "a"], ["", "a", "ab", "bb"]]);
  for (const [way, found] of Object.entries(fourWays(old, next))) {
    assert.ok(found.some((f) => f.endsWith("x.if BREAKING")), `${way}: ${found.join()}`);
  }
  // Undecidable: each side accepts a value the other rejects; BREAKING every way.
  const [p, q] = [{ pattern: "^a" }, { pattern: "^b" }];
  const [u, v] = [root({ minLength: 2 }, p, q), root({ minLength: 3 }, p, q)];
  assert.deepEqual([values(u), values(v)], [["ab", "abc"], ["abc", "bb"]]);
  for (const [way, found] of Object.entries(fourWays(u, v))) {
    assert.ok(found.some((f) => f.endsWith("x.if BREAKING")), `${way}: ${found.join()}`);
  }
});

Deno.test("union branches written alike but for their prose, reworded, are their prose only", () => {
  // oneOf [{string, A}, {string, A}] → both B read oneOf.changed BREAKING beside the prose, every
  // way: the branches could not be paired one to one, though the list of schemas is the same.
  const dup = (key: string, t: string) => ({
    [key]: [{ type: "string", description: t }, { type: "string", description: t }],
  });
  for (const key of ["oneOf", "anyOf"]) {
    assert.equal(sameValues(x(dup(key, OLD)), x(dup(key, NEW))), true);
    assert.deepEqual(fourWays(x(dup(key, OLD)), x(dup(key, NEW))), prose([`${key}.0`, `${key}.1`]));
  }
  // A definition both branches reach changed: not the same values, still BREAKING every way.
  const viaRef = (t: string, min: number) => ({
    type: "object",
    $defs: { d: { type: "string", minLength: min } },
    properties: {
      x: { oneOf: [{ $ref: "#/$defs/d", description: t }, { $ref: "#/$defs/d", description: t }] },
    },
  });
  for (const [way, found] of Object.entries(fourWays(viaRef(OLD, 1), viaRef(NEW, 2)))) {
    assert.ok(found.some((f) => f.endsWith(" BREAKING")), `${way}: ${found.join()}`);
  }
  // A branch that changed beside the rewording keeps the union's finding.
  const changed = fourWays(
    x(dup("oneOf", OLD)),
    x({
      oneOf: [{ type: "string", description: NEW }, {
        type: "string",
        minLength: 1,
        description: NEW,
      }],
    }),
  );
  for (const [way, found] of Object.entries(changed)) {
    assert.ok(found.some((f) => /oneOf BREAKING$/.test(f)), `${way}: ${found.join()}`);
  }
});

Deno.test("prose of the one unpaired branch whose value changed too is compared beside the union's finding", () => {
  // Twins reworded, one also tightened: only allOf.1's A → B was said, allOf.0's went unsaid.
  const twins = (t: string, min: number) =>
    x({
      allOf: [{ minLength: min, description: t }, { minLength: 1, description: t }],
      "x-foo": 1,
    });
  for (const [way, found] of Object.entries(fourWays(twins(OLD, 1), twins(NEW, 2)))) {
    const side = way.startsWith("input") ? "input" : "output";
    for (const k of [0, 1]) {
      const text = `tool.${side}.description.changed t.${side}Schema.properties.x.allOf.${k}` +
        ".description POTENTIALLY_BREAKING";
      assert.ok(found.includes(text), `${way}: ${found.join()}`);
    }
    // The value change is still graded at the allOf.
    assert.ok(found.some((f) => /\.allOf\.(narrowed|widened) \S+\.x\.allOf /.test(f)), way);
  }
});

Deno.test("branches where no value is checked pair with their counterparts, not by index", () => {
  // An if alone whose anyOf branches were only reordered read each title changed (X → Y at
  // anyOf.0, Y → X at anyOf.1), and so did the branches of a schema accepting nothing on both
  // sides; now each branch meets the one it was written as.
  const [one, two] = [{ const: 1, title: "One" }, { const: 2, title: "Two" }];
  const swapped = [
    (order: JsonValue[]) => ({ type: "integer", if: { anyOf: order } }),
    (order: JsonValue[]) => ({ type: "integer", not: {}, allOf: order }),
  ];
  for (const make of swapped) {
    const [a, b] = [x(make([one, two])), x(make([two, one]))];
    assert.equal(sameValues(a, b), true);
    assert.deepEqual(fourWays(a, b), NOTHING_FOUR_WAYS);
  }
  // A branch reworded and moved reads once, where the new file writes it (the old file's place
  // for the text removed, reversed).
  const reworded = { const: 2, title: "Never two" };
  const [a, b] = [x(swapped[0]!([one, two])), x(swapped[0]!([reworded, one]))];
  assert.equal(sameValues(a, b), true);
  const title = (side: string, i: number) =>
    `tool.${side}.title.changed t.${side}Schema.properties.x.if.anyOf.${i}.title POTENTIALLY_BREAKING`;
  assert.deepEqual(fourWays(a, b), {
    input: [title("input", 0)],
    inputReversed: [title("input", 1)],
    output: [title("output", 0)],
    outputReversed: [title("output", 1)],
  });
  const [change] = schemaChanges("input", a, b).filter((c) => c.rule.endsWith("title.changed"));
  assert.equal(change?.pointer, "/tools/0/inputSchema/properties/x/if/anyOf/0/title");
  // Undecidable: a reference the proof cannot follow, and branches alike in nothing, pair in
  // order as before.
  const far = { $ref: "https://x.example/s.json", title: "Far" };
  assert.deepEqual(
    fourWays(x(swapped[0]!([far, one])), x(swapped[0]!([far, { ...one, title: "Won" }]))),
    prose(["if.anyOf.1"], "title"),
  );
});

Deno.test("a union branch that accepts nothing and moved is compared with itself, its own notes too", () => {
  // anyOf [N, string] → [string, N]: each side reads N false, and no place held it on both, so
  // its texts and notes were compared with nothing: a reworded description passed silently.
  const n = (text: string, dflt = 1) => ({ not: {}, description: text, default: dflt });
  const [a, b] = [
    x({ anyOf: [n(OLD), { type: "string" }] }),
    x({
      anyOf: [{ type: "string" }, n(NEW)],
    }),
  ];
  assert.equal(sameValues(a, b), true);
  const at = (side: string, i: number) =>
    `tool.${side}.description.changed t.${side}Schema.properties.x.anyOf.${i}.description POTENTIALLY_BREAKING`;
  assert.deepEqual(fourWays(a, b), {
    input: [at("input", 1)],
    inputReversed: [at("input", 0)],
    output: [at("output", 1)],
    outputReversed: [at("output", 0)],
  });
  const [change] = schemaChanges("input", a, b);
  assert.equal(change?.pointer, "/tools/0/inputSchema/properties/x/anyOf/1/description");
  assert.equal(change?.oldPointer, "/tools/0/inputSchema/properties/x/anyOf/0/description");
  // Only moved: nothing; a default changed as it moved: that default, graded as the walk does.
  const moved = x({ anyOf: [{ type: "string" }, n(OLD)] });
  assert.deepEqual(fourWays(a, moved), NOTHING_FOUR_WAYS);
  const dflt = fourWays(a, x({ anyOf: [{ type: "string" }, n(OLD, 2)] }));
  assert.deepEqual(dflt.input, [
    "tool.input.default.changed t.inputSchema.properties.x.anyOf.1.default POTENTIALLY_BREAKING",
  ]);
});
