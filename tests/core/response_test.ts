import assert from "node:assert/strict";
import fc from "fast-check";
import { emptyContract } from "../../core/contract.ts";
import { RESPONSE_RULES, responseDeltas } from "../../core/response/diff.ts";
import { isRecordableKey } from "../../core/response/keys.ts";
import { LIMITS, mergeNodes, type ShapeNode, shapeOf } from "../../core/response/node.ts";
import {
  mergeResponses,
  responseShapeOf,
  type ToolResponseShape,
} from "../../core/response/result.ts";
import { outputViolations } from "../../core/response/violations.ts";
import { contractFromValue } from "../../core/load_contract.ts";
import { sortKeys } from "../../core/json.ts";
import { builtinRules } from "../../rules/mod.ts";

const MARK = "PROXAR_MARKER_7f3a";
const NUMBER = 918273645;

function shapes(...results: unknown[]): ToolResponseShape {
  return results.map((r) => responseShapeOf(r)).reduce(mergeResponses);
}

function deltas(old: ToolResponseShape, next: ToolResponseShape): string[] {
  const a = { ...emptyContract(), responses: { t: old } };
  const b = { ...emptyContract(), responses: { t: next } };
  return [...responseDeltas(a, b).values()].flat().map((d) => `${d.rule} ${d.path}`).sort();
}

Deno.test("shapeOf() records types, keys, lengths and order, never strings or numbers", () => {
  const node = shapeOf({
    items: [
      { name: "a" + MARK, size: NUMBER, tag: null },
      { name: "b" + MARK, size: 3.5, tag: "x" },
    ],
  });
  const text = JSON.stringify(node);
  assert.ok(!text.includes(MARK) && !text.includes(String(NUMBER)), text);
  const items = node.properties!.items!;
  assert.deepEqual(items.lengths, ["2-9"]);
  assert.deepEqual(items.order, { observed: 1, keys: ["name:asc", "size:desc"] });
  assert.deepEqual(items.items!.properties!.size!.types, ["integer", "number"]);
  assert.deepEqual(items.items!.properties!.tag!.types, ["null", "string"]);
});

Deno.test("shapeOf() keeps data-like and secret-like keys out, merged as otherKeys", () => {
  const node = shapeOf({
    ok: 1,
    "ghp_Ab3dEf9hIj2lMn5pQr8tUv": "x",
    "2026-11-30": 1,
    "alice@example.com": true,
  });
  assert.deepEqual(Object.keys(node.properties!), ["ok"]);
  assert.deepEqual(node.otherKeys!.types, ["boolean", "integer", "string"]);
  assert.ok(!JSON.stringify(node).includes("ghp_"));
});

Deno.test("isRecordableKey() accepts identifiers and refuses ids, dates, addresses and tokens", () => {
  for (const key of ["id", "createdAt", "created_at", "@type", "$ref", "x-rate", "sha256"]) {
    assert.ok(isRecordableKey(key), key);
  }
  for (
    const key of [
      "",
      "user 1",
      "a/b",
      "12345",
      "2026-11-30",
      "sk_live_abcdefghijkl",
      "AKIAABCDEFGHIJKLMNOP",
      "aB3cD4eF5gH6iJ7kL8",
      "x".repeat(41),
    ]
  ) {
    assert.ok(!isRecordableKey(key), key);
  }
});

Deno.test("shapeOf() records an object with more keys than the limit as a map", () => {
  const big = Object.fromEntries(Array.from({ length: LIMITS.keys + 1 }, (_, i) => [`k${i}`, i]));
  const node = shapeOf(big);
  assert.equal(node.properties, undefined);
  assert.deepEqual(node.otherKeys!.types, ["integer"]);
  assert.equal(node.otherKeys!.count, LIMITS.keys + 1);
});

Deno.test("responseShapeOf() bounds a tool's tree to the node budget, breadth first", () => {
  const wide = Object.fromEntries(
    Array.from({ length: 60 }, (_, i) => [`k${i}`, { a: { b: { c: [{ d: 1, e: "x" }] } } }]),
  );
  const shape = responseShapeOf({ content: [], structuredContent: wide });
  let nodes = 0;
  const count = (n: ShapeNode) => {
    nodes++;
    for (const c of Object.values(n.properties ?? {})) count(c);
    if (n.otherKeys) count(n.otherKeys);
    if (n.items) count(n.items);
  };
  count(shape.structured!);
  assert.ok(nodes <= LIMITS.nodes, `${nodes} nodes`);
  assert.ok(JSON.stringify(shape).includes('"truncated":true'));
});

Deno.test("shapeOf() stops at the depth limit", () => {
  let value: unknown = "leaf";
  for (let i = 0; i < LIMITS.depth + 5; i++) value = { deeper: value };
  let node: ShapeNode | undefined = shapeOf(value);
  let depth = 0;
  while (node?.properties?.deeper) {
    node = node.properties.deeper;
    depth++;
  }
  assert.equal(depth, LIMITS.depth);
  assert.equal(node?.truncated, true);
});

Deno.test("responseShapeOf() records content kinds and the JSON tree of JSON text", () => {
  const shape = responseShapeOf({
    content: [
      { type: "text", text: `{"a": "${MARK}"}` },
      { type: "text", text: `not json ${MARK}` },
      { type: "image", data: "AAAA", mimeType: "image/png" },
      { type: "resource_link", uri: "file:///x", name: "x" },
      { type: "weird" },
    ],
  });
  assert.deepEqual(shape.content, ["image", "other", "resource_link", "text", "text/json"]);
  assert.deepEqual(Object.keys(shape.text!.properties!), ["a"]);
  assert.ok(!JSON.stringify(shape).includes(MARK));
});

Deno.test("responseShapeOf() counts an isError result and records none of its content", () => {
  const shape = responseShapeOf({ isError: true, content: [{ type: "text", text: MARK }] });
  assert.deepEqual(shape, { calls: 1, errors: 1, content: [] });
});

Deno.test("mergeResponses() intersects order keys and keeps presence counts", () => {
  const a = { content: [], structuredContent: { l: [{ id: 1, n: "a" }, { id: 2, n: "b" }] } };
  const b = { content: [], structuredContent: { l: [{ id: 3, n: "z" }, { id: 4, n: "c" }] } };
  const merged = shapes(a, b);
  assert.deepEqual(merged.structured!.properties!.l!.order, { observed: 2, keys: ["id:asc"] });
  const c = { content: [], structuredContent: { l: [], extra: true } };
  const m2 = shapes(a, c);
  assert.equal(m2.structured!.objects, 2);
  assert.equal(m2.structured!.properties!.extra!.count, 1);
});

Deno.test("mergeNodes() is commutative and independent of key order", () => {
  const value = fc.jsonValue({ maxDepth: 4 });
  fc.assert(
    fc.property(value, value, (x, y) => {
      const a = shapeOf(x);
      const b = shapeOf(y);
      assert.deepEqual(sortKeys(mergeNodes(a, b)), sortKeys(mergeNodes(b, a)));
      const reversed = JSON.parse(
        JSON.stringify(
          x,
          (_, v) =>
            v && typeof v === "object" && !Array.isArray(v)
              ? Object.fromEntries(Object.entries(v).reverse())
              : v,
        ),
      );
      assert.equal(JSON.stringify(shapeOf(reversed)), JSON.stringify(shapeOf(x)));
    }),
    { numRuns: 200 },
  );
});

Deno.test("responseShapeOf() never keeps a string or a number of the result", () => {
  const marker = fc.constantFrom(MARK, NUMBER);
  const leaf = fc.oneof(marker, fc.constant(null), fc.boolean());
  const tree = fc.letrec((tie) => ({
    node: fc.oneof(
      { depthSize: "small" },
      leaf,
      fc.array(tie("node")),
      fc.dictionary(fc.constantFrom("a", "b", "name", `k_${MARK}`), tie("node")),
    ),
  })).node;
  fc.assert(
    fc.property(tree, (structured) => {
      const text = JSON.stringify(
        responseShapeOf(
          {
            content: [{ type: "text", text: JSON.stringify(structured) }],
            structuredContent: { v: structured },
          },
          outputViolations({ type: "object", properties: { v: { type: "string" } } }, {
            v: structured,
          }),
        ),
      );
      return !text.includes(MARK) && !text.includes(String(NUMBER));
    }),
    { numRuns: 300 },
  );
});

Deno.test("responseDeltas() reports what changed and nothing for other data of the same shape", () => {
  const v1 = shapes(
    {
      content: [],
      structuredContent: { l: [{ id: 1, n: "a", t: "x" }, { id: 2, n: "b", t: "y" }] },
    },
  );
  const v3 = shapes(
    {
      content: [],
      structuredContent: { l: [{ id: 7, n: "q", t: "x" }, { id: 9, n: "r", t: "z" }] },
    },
  );
  assert.deepEqual(deltas(v1, v3), []);
  const v2 = shapes(
    { content: [], structuredContent: { l: [{ id: 2, n: "b", t: null }, { id: 1, n: "a" }] } },
  );
  assert.deepEqual(deltas(v1, v2), [
    "tool.response.nullable t.response.structuredContent.l[].t",
    "tool.response.order.changed t.response.structuredContent.l",
  ]);
  const v4 = shapes({
    content: [],
    structuredContent: { l: [{ id: 1, n: "a" }, { id: 2, n: 3 }] },
  });
  assert.deepEqual(deltas(v1, v4), [
    "tool.response.field.removed t.response.structuredContent.l[].t",
    "tool.response.type.changed t.response.structuredContent.l[].n",
  ]);
});

Deno.test("responseDeltas() concludes nothing about items when the new arrays were empty", () => {
  const v1 = shapes({ content: [], structuredContent: { l: [{ id: 1 }, { id: 2 }] } });
  const empty = shapes({ content: [], structuredContent: { l: [] } });
  assert.deepEqual(deltas(v1, empty), []);
});

Deno.test("outputViolations() masks indexes and unrecordable keys, and skips bad schemas", () => {
  const schema = {
    type: "object",
    additionalProperties: { type: "object", required: ["id"] },
  };
  assert.deepEqual(outputViolations(schema, { [`user_${NUMBER}`]: {} }), [
    { keyword: "required", schemaPath: "#/additionalProperties/required", at: "/*" },
  ]);
  assert.deepEqual(outputViolations({ $ref: "https://example.invalid/x.json" }, {}), []);
  assert.deepEqual(outputViolations({ type: "object" }, undefined), [
    { keyword: "structuredContent", schemaPath: "#", at: "" },
  ]);
  assert.deepEqual(outputViolations(undefined, undefined), []);
});

Deno.test("outputViolations() records what the example of tool.response.violated shows", () => {
  const meta = builtinRules.find((r) => r.meta.id === RESPONSE_RULES.violated)!.meta;
  const recorded = (meta.examples[0]!.new as {
    responses: { count_issues: { violations: unknown } };
  }).responses.count_issues.violations;
  assert.deepEqual(
    recorded,
    outputViolations({ type: "object", properties: { total: { type: "integer" } } }, {
      total: "3",
    }),
  );
});

Deno.test("contractFromValue() loads responses and rejects a shape holding a value", () => {
  const c = contractFromValue({ responses: { t: shapes({ content: [] }) } } as never);
  assert.deepEqual(Object.keys(c.responses ?? {}), ["t"]);
  assert.throws(
    () =>
      contractFromValue({
        responses: { t: { calls: 1, errors: 0, content: [], value: MARK } },
      } as never),
    /\/responses\/t: unexpected property "value"/,
  );
});

Deno.test("shapeOf() of an array's items equals merging the shapes of each item", () => {
  const value = fc.jsonValue({ maxDepth: 4 });
  fc.assert(
    fc.property(value, value, value, (x, y, z) => {
      const items = shapeOf([x, y, z]).items!;
      const merged = mergeNodes(mergeNodes(shapeOf(x), shapeOf(y)), shapeOf(z));
      assert.deepEqual(sortKeys(items), sortKeys(merged));
    }),
    { numRuns: 200 },
  );
});
