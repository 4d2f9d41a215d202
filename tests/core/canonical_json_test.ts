import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import fc from "fast-check";
import { writeCanonical } from "../../core/canonical_json.ts";
import {
  canonicalText,
  contractHash,
  contractHashes,
  packageCanonicalText,
} from "../../core/hash.ts";
import type { Contract } from "../../core/contract.ts";
import { objectOf } from "./_objects.ts";

/** Keys that stress the order: array indices, `__proto__`, code units beyond the BMP, lone halves. */
const key = fc.oneof(
  fc.string({ maxLength: 4 }),
  fc.constantFrom(
    "0",
    "1",
    "10",
    "9",
    "42",
    "4294967295",
    "-1",
    "01",
    "__proto__",
    "toJSON",
    "$ref",
  ),
  fc.constantFrom("é", "e\u0301", "\u{1F600}", "\uFF21", "\uD800", "\uDC00", "a\uDBFFb", "\\ud800"),
  fc.string({ unit: "binary", maxLength: 3 }),
);

const number = fc.oneof(
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
  fc.constantFrom(1e21, 1e-7, 1.5e-7, -0, 0, 5e-324, 1.7976931348623157e308, 123456789012345680000),
);

const text = fc.oneof(
  fc.string(),
  fc.string({ unit: "binary" }),
  fc.constantFrom("\u2028", "\u007f", "\u0000\u001f", '"\\/', "\uD83D", "\uDE00\uD83D", "\\ud83d"),
);

/** JSON values whose objects are built with defineProperty, so `__proto__` is an own key. */
const { value } = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    fc.constant(null),
    fc.boolean(),
    number,
    text,
    fc.array(tie("value"), { maxLength: 5 }),
    fc.array(fc.tuple(key, tie("value")), { maxLength: 6 }).map(objectOf),
  ),
}));

function fastText(v: unknown): string {
  const parts: string[] = [];
  writeCanonical(v, (t) => void parts.push(t));
  return parts.join("");
}

Deno.test("canonicalText() equals the canonicalize package on arbitrary JSON values", () => {
  fc.assert(
    fc.property(value, (v) => {
      assert.equal(canonicalText(v), packageCanonicalText(v));
      // Two levels down, where values are copied and handed to JSON.stringify.
      assert.equal(canonicalText({ tools: [v] }), packageCanonicalText({ tools: [v] }));
    }),
    { numRuns: 2000 },
  );
});

/** The value rebuilt with every object's keys defined in sorted order, as a snapshot holds them. */
function inSortedOrder(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(inSortedOrder);
  if (typeof v !== "object" || v === null) return v;
  const object = v as Record<string, unknown>;
  return objectOf(Object.keys(object).sort().map((k) => [k, inSortedOrder(object[k])]));
}

Deno.test("canonicalText() equals the package on values whose keys are already in order", () => {
  fc.assert(
    fc.property(value, (v) => {
      // Below the two written levels, such values go to JSON.stringify without a sorted copy.
      const sorted = { tools: [inSortedOrder(v)] };
      assert.equal(canonicalText(sorted), packageCanonicalText(sorted));
    }),
    { numRuns: 2000 },
  );
});

Deno.test("canonicalText() equals the package on values parsed from JSON text", () => {
  fc.assert(
    fc.property(fc.jsonValue({ stringUnit: "binary" }), (v) => {
      const parsed: unknown = JSON.parse(JSON.stringify(v));
      assert.equal(canonicalText(parsed), packageCanonicalText(parsed));
    }),
    { numRuns: 1000 },
  );
});

Deno.test("contractHash() equals sha256 of the package's canonical text", () => {
  fc.assert(
    fc.property(
      fc.array(fc.tuple(key, value), { maxLength: 8 }).map(objectOf),
      fc.array(value, { maxLength: 40 }),
      (server, tools) => {
        const contract = { server, tools } as unknown as Contract;
        const expected = "sha256:" +
          createHash("sha256").update(packageCanonicalText(contract)).digest("hex");
        assert.equal(contractHash(contract), expected);
      },
    ),
    { numRuns: 500 },
  );
});

Deno.test("writeCanonical() writes the RFC 8785 forms of numbers and sorts keys by code unit", () => {
  assert.equal(
    fastText([[1e21, -0, 1.5e-7, 1e-7, 123e-20, 4.5, 333333333.3333333]]),
    "[[1e+21,0,1.5e-7,1e-7,1.23e-18,4.5,333333333.3333333]]",
  );
  // U+FF21 sorts after U+1F600's high surrogate (UTF-16 code units, not code points).
  assert.equal(
    fastText([[{ "\uFF21": 1, "\u{1F600}": 2, "é": 3, "10": 4, "9": 5, a: 6 }]]),
    '[[{"10":4,"9":5,"a":6,"é":3,"\u{1F600}":2,"\uFF21":1}]]',
  );
});

Deno.test("writeCanonical() keeps __proto__ keys as data", () => {
  const v = JSON.parse('[[{"__proto__":{"b":1,"a":2}}]]');
  assert.equal(fastText(v), '[[{"__proto__":{"a":2,"b":1}}]]');
});

Deno.test("writeCanonical() leaves lone surrogates and non-finite numbers to the slow path", () => {
  assert.throws(() => fastText({ a: "x\uD800" }));
  assert.throws(() => fastText([[{ "\uDC00": 1 }]]));
  assert.throws(() => fastText([[Infinity]]));
  assert.equal(canonicalText({ a: "x\uD800" }), '{"a":"x\uFFFD"}');
  // Keys in order, but not plain JSON: the package decides, as for any other value.
  const odd = { a: { b: 1, toJSON: () => "x" }, c: [[undefined]], d: { e: undefined, f: 2 } };
  assert.throws(() => fastText([[odd.a]]));
  assert.equal(canonicalText({ t: [odd.c, odd.d] }), packageCanonicalText({ t: [odd.c, odd.d] }));
});

Deno.test("contractHashes() equals contractHash() of each side when equal entries are shared", () => {
  fc.assert(
    fc.property(
      fc.array(value, { maxLength: 12 }),
      fc.array(fc.boolean(), { minLength: 12, maxLength: 12 }),
      (tools, keep) => {
        const old = { tools } as unknown as Contract;
        // The new side: equal copies (parsed anew, so other objects) of some entries, others new.
        const copies = tools.map((t, i) =>
          keep[i] ? JSON.parse(JSON.stringify(t ?? null)) as unknown : { changed: i }
        );
        const next = { tools: copies } as unknown as Contract;
        const twins = new Map<object, object>();
        copies.forEach((c, i) => {
          const t = tools[i];
          if (
            keep[i] && typeof c === "object" && c !== null && typeof t === "object" && t !== null
          ) {
            if (packageCanonicalText(c) === packageCanonicalText(t)) twins.set(c, t);
          }
        });
        assert.deepEqual(contractHashes(old, next, twins), [contractHash(old), contractHash(next)]);
      },
    ),
    { numRuns: 500 },
  );
});

Deno.test("canonicalText() sorts every object when many share their first keys", () => {
  // The sorted order of each sequence of keys is remembered within one write: sequences that
  // start alike, differ in length or in one key, or outnumber what is kept per first key must
  // each come out in their own order.
  const names = ["type", "b", "a", "properties", "10", "9", "__proto__", "é", "required"];
  fc.assert(
    fc.property(
      fc.array(
        fc.tuple(
          fc.constantFrom(...names),
          fc.uniqueArray(fc.constantFrom(...names), { maxLength: 6 }),
          fc.array(value, { maxLength: 6 }),
        ),
        { minLength: 1, maxLength: 40 },
      ),
      (shapes) => {
        const tools = shapes.map(([first, rest, values]) =>
          objectOf(
            [first, ...rest.filter((k) => k !== first)].map((k, i): [string, unknown] => [
              k,
              values[i] ?? i,
            ]),
          )
        );
        const contract = { tools: [tools, { nested: tools }] };
        assert.equal(canonicalText(contract), packageCanonicalText(contract));
      },
    ),
    { numRuns: 500 },
  );
  // Twenty sequences with the same first key, each met twice, the longest beyond 16 keys.
  const many = Array.from({ length: 20 }, (_, n) =>
    objectOf<number>([
      ["z", n],
      ...Array.from({ length: n }, (_, i): [string, number] => [`k${20 - i}`, i]),
    ]));
  const twice = { tools: [[...many, ...many.map((o) => ({ ...o }))]] };
  assert.equal(canonicalText(twice), packageCanonicalText(twice));
});

Deno.test("canonicalText() equals the package on values parts of which are already in order", () => {
  // What is in order is kept as it is and the rest copied: an object in order whose values need
  // a copy further down, arrays whose items do from some point on, undefined met late.
  fc.assert(
    fc.property(fc.array(fc.tuple(value, fc.boolean()), { maxLength: 6 }), (parts) => {
      const mixed = parts.map(([v, sorted]) => sorted ? inSortedOrder(v) : v);
      const nested = {
        tools: [{ a: mixed, b: { c: mixed, d: undefined, e: [mixed, undefined] } }],
      };
      assert.equal(canonicalText(nested), packageCanonicalText(nested));
    }),
    { numRuns: 1000 },
  );
});

/** The text `f` returns, or "throws" when it throws. */
function outcome(f: () => string): string {
  try {
    return f();
  } catch {
    return "throws";
  }
}

/**
 * Values that JSON.stringify writes otherwise than their canonical form, or that are no JSON: a
 * value in order holding one is not written as it is.
 */
const spoiler = fc.constantFrom<unknown>(
  Infinity,
  -Infinity,
  NaN,
  undefined,
  () => 1,
  Symbol("s"),
  { toJSON: () => "x" },
  { a: 1, toJSON: () => ({ b: 2 }) },
  // No key of its own, and a toJSON (enumerable, and a class's, which is not) whose value the
  // package writes in canonical form.
  Object.create({ toJSON: () => ({ b: 2, a: [1, { d: 1, c: 2 }] }) }),
  new (class {
    toJSON() {
      return { b: 2, a: [1, { d: 1, c: 2 }] };
    }
  })(),
  new Date(0),
);

const { spoiled } = fc.letrec((tie) => ({
  spoiled: fc.oneof(
    { depthSize: "small" },
    value,
    spoiler,
    fc.array(tie("spoiled"), { maxLength: 4 }),
    fc.array(fc.tuple(key, tie("spoiled")), { maxLength: 5 }).map(objectOf),
  ),
}));

Deno.test("canonicalText() equals the package on values in order that hold what is no JSON", () => {
  // A value whose keys are all in order is written by JSON.stringify as it is, unless it holds
  // something JSON.stringify would write otherwise (a non-finite number, undefined, a function,
  // a toJSON method): those take the copy or the package, as before.
  fc.assert(
    fc.property(spoiled, fc.boolean(), (v, sorted) => {
      const tools = { tools: [sorted ? inSortedOrder(v) : v] };
      assert.equal(outcome(() => canonicalText(tools)), outcome(() => packageCanonicalText(tools)));
    }),
    { numRuns: 2000 },
  );
  // Keys a prototype lends are no part of the value, before or after its own.
  const lent = (own: Record<string, unknown>) =>
    Object.assign(Object.create({ m: 1, "0": 2, zz: { b: 1, a: 2 } }) as object, own);
  for (const own of [{}, { a: 1 }, { n: [1, 2] }, { z: 1 }, { "1": true, b: null }]) {
    const tools = { tools: [lent(own), { x: lent(own) }] };
    assert.equal(canonicalText(tools), packageCanonicalText(tools));
  }
});

/** A tool holding `count` objects: many more than are copied whole (see WHOLE_LIMIT). */
function largeTool(count: number, extra: Record<string, unknown>): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  for (let i = 0; i < count; i++) {
    properties[`field_${i}`] = { type: "string", maxLength: i, description: `Field ${i} é😀"\n` };
  }
  return { name: "big", inputSchema: { type: "object", properties, ...extra } };
}

Deno.test("contractHash() of a tool too large to copy whole equals the package's", () => {
  // Index keys, __proto__, undefined values and items (null), numbers in their RFC 8785 forms,
  // escapes, a lone surrogate and a toJSON method (both the slow path), nested large arrays.
  const cases: Record<string, unknown>[] = [
    {},
    objectOf<unknown>([
      ["10", { b: 1, a: 2 }],
      ["9", [undefined, 1, null, true, false]],
      ["__proto__", { z: 1e21, y: -0, x: 1.5e-7 }],
      ["x", undefined],
      ["\u{1F600}", "\u0000\u001f\u2028"],
      ["\uFF21", 1],
      ['say "hi"', "back\\slash"],
      ["quote", '"'],
    ]),
    { items: Array.from({ length: 9000 }, (_, i) => ({ b: i / 3, a: [i, { d: 1, c: 2 }] })) },
    { list: Array.from({ length: 5000 }, (_, i) => i % 7 === 0 ? undefined : { b: i, a: 1 }) },
    // Array-index keys out of order ("10" sorts before "9") in a member and in an item met once
    // the value is known to be too large to copy whole (before that, the package writes it all).
    { zz: { "9": [1], "10": { b: 1, a: 2 } } },
    { list: Array.from({ length: 5000 }, (_, i) => i === 4900 ? { "9": 1, "10": 2 } : [i]) },
    { odd: "x\uD800" },
    { odd: { "\uDC00": 1 } },
    { odd: { a: 1, toJSON: () => "x" } },
  ];
  // Each also with every key in order, as a snapshot holds it: too large to write as it is.
  for (const [extra, sorted] of cases.flatMap((c) => [[c, false], [c, true]] as const)) {
    const tool = largeTool(5000, extra);
    const contract = {
      server: { name: "s", version: "1" },
      tools: [sorted ? inSortedOrder(tool) : tool],
    } as unknown as Contract;
    const text = packageCanonicalText(contract);
    const expected = "sha256:" + createHash("sha256").update(text).digest("hex");
    assert.equal(contractHash(contract), expected);
    assert.equal(canonicalText(contract), text);
    // Beside an equal tool on the other side, known equal or not.
    const twin = { ...contract, tools: [{ ...contract.tools[0]! }] } as Contract;
    const twins = new Map<object, object>([[twin.tools[0]!, contract.tools[0]!]]);
    assert.deepEqual(contractHashes(contract, twin, twins), [expected, expected]);
  }
});

Deno.test("contractHash() is that of the UTF-8 text whatever falls at the chunk boundaries", () => {
  // Texts of 65,536 code units and more go to the hash in chunks; a surrogate pair at a
  // boundary, one code unit either side of it, stays whole.
  for (let shift = 0; shift < 4; shift++) {
    const description = "a".repeat(shift) + "😀".repeat(70_000) + "é".repeat(shift);
    const contract = { tools: [{ name: "t", description }, "x".repeat(65_536 * 2 + shift)] };
    const expected = "sha256:" +
      createHash("sha256").update(packageCanonicalText(contract)).digest("hex");
    assert.equal(contractHash(contract as unknown as Contract), expected);
  }
});

Deno.test("contractHash() of arbitrary values among thousands of members equals the package's", () => {
  // Arbitrary members (keys and values of every kind above) spread through an object and an array
  // each too large to copy whole, and inside a member itself that large: what the writer of large
  // values writes piece by piece, without a copy.
  const spread = fc.array(fc.tuple(key, value, fc.nat(4999)), { minLength: 1, maxLength: 6 });
  fc.assert(
    fc.property(spread, fc.boolean(), (members, deep) => {
      const tool = largeTool(5000, {});
      const properties = (tool.inputSchema as { properties: Record<string, unknown> }).properties;
      const list: unknown[] = Array.from({ length: 5000 }, (_, i) => ({ b: i, a: [i] }));
      for (const [name, item, at] of members) {
        Object.defineProperty(properties, name, {
          value: item,
          enumerable: true,
          writable: true,
          configurable: true,
        });
        list.splice(at, 0, item);
      }
      if (deep) {
        properties["~wide"] = {
          wide: largeTool(4100, {}),
          items: members.map((m) => m[1]),
        };
      }
      const contract = {
        server: { name: "s", version: "1" },
        tools: [tool, { name: "list", list }],
      } as unknown as Contract;
      const text = packageCanonicalText(contract);
      assert.equal(canonicalText(contract), text);
      const expected = "sha256:" + createHash("sha256").update(text).digest("hex");
      assert.equal(contractHash(contract), expected);
    }),
    { numRuns: 12 },
  );
});
