import assert from "node:assert/strict";
import { governedBy, governingOf } from "../../../core/schema/_conjunct_governs.ts";

Deno.test("governingOf() finds a pattern through a reference and an allOf branch", () => {
  const root = {
    $defs: { Q: { patternProperties: { "^y": { type: "integer" } } } },
    allOf: [{ $ref: "#/$defs/Q" }],
  };
  assert.deepEqual(governingOf(root, "", "yy", root), [
    { schema: { type: "integer" }, loc: "/$defs/Q/patternProperties/^y" },
  ]);
  assert.deepEqual(governingOf(root, "", "x", root), []);
});

Deno.test("governingOf() applies additionalProperties only to names the schema leaves to it", () => {
  const s = { properties: { x: { type: "string" } }, additionalProperties: { type: "integer" } };
  assert.deepEqual(governingOf(s, "/allOf/0", "y", s), [
    { schema: { type: "integer" }, loc: "/allOf/0/additionalProperties" },
  ]);
  assert.deepEqual(governingOf(s, "/allOf/0", "x", s), [
    { schema: { type: "string" }, loc: "/allOf/0/properties/x" },
  ]);
});

Deno.test("governingOf() says why when a union branch, a conditional or a reference may govern", () => {
  const pattern = { patternProperties: { "^y": { type: "integer" } } };
  assert.equal(
    typeof governingOf({ anyOf: [pattern, { required: ["x"] }] }, "", "yy", {}),
    "string",
  );
  assert.equal(typeof governingOf({ if: true, then: pattern }, "", "yy", {}), "string");
  assert.equal(typeof governingOf({ $ref: "other.json" }, "", "yy", {}), "string");
  // A union about other names governs nothing here.
  assert.deepEqual(governingOf({ anyOf: [pattern, { required: ["x"] }] }, "", "x", {}), []);
});

Deno.test("governedBy() gathers what every conjunct applies", () => {
  const conjuncts = [
    { v: { patternProperties: { "^y": { type: "integer" } } }, loc: "/allOf/0" },
    { v: { properties: { yy: { minimum: 0 } } }, loc: "/allOf/2" },
    { v: { properties: { x: {} } }, loc: "/allOf/3" },
  ];
  assert.deepEqual(governedBy(conjuncts, "yy", {}), [
    { schema: { type: "integer" }, loc: "/allOf/0/patternProperties/^y" },
    { schema: { minimum: 0 }, loc: "/allOf/2/properties/yy" },
  ]);
});
