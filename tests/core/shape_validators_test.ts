/**
 * The validators compiled at build time (`core/shape_validators.ts`) must be current and must
 * judge exactly as ajv compiling the same schemas at run time does.
 */
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import fc from "fast-check";
import ajvEqual from "ajv/dist/runtime/equal.js";
import ajvUcs2length from "ajv/dist/runtime/ucs2length.js";
import { equal, ucs2length } from "../../core/_validator_runtime.ts";
import { compileShape } from "../../core/compile_shape.ts";
import { shapeValidatorFor } from "../../core/validate.ts";
import { generatedSchemas, validatorsText } from "../../scripts/gen_validators.ts";
import { FIXTURES, ROOT } from "../helpers.ts";

Deno.test("core/shape_validators.ts is generated from its schemas and up to date", async () => {
  const committed = await readFile(`${ROOT}/core/shape_validators.ts`, "utf8");
  assert.ok(committed === validatorsText(), "run: deno run -A scripts/gen_validators.ts");
});

Deno.test("equal() and ucs2length() decide as ajv's run-time helpers do", () => {
  const deepEqual = (ajvEqual as unknown as { default: (a: unknown, b: unknown) => boolean })
    .default;
  const length = (ajvUcs2length as unknown as { default: (s: string) => number }).default;
  // A key such as "valueOf" makes both throw: the outcome is compared, not only the result.
  const outcome = (f: () => unknown) => {
    try {
      return f();
    } catch (error) {
      return `throws ${(error as Error).name}`;
    }
  };
  fc.assert(
    fc.property(fc.jsonValue(), fc.jsonValue(), (a, b) => {
      assert.equal(outcome(() => equal(a, b)), outcome(() => deepEqual(a, b)));
      const copy = structuredClone(a);
      assert.equal(outcome(() => equal(a, copy)), outcome(() => deepEqual(a, copy)));
    }),
  );
  assert.equal(equal({ a: [1, { b: null }] }, { a: [1, { b: null }] }), true);
  assert.equal(equal({ a: [1, { b: null }] }, { a: [1, { b: 0 }] }), false);
  fc.assert(fc.property(fc.string({ unit: "binary" }), (s) => {
    assert.equal(ucs2length(s), length(s));
  }));
  assert.equal(ucs2length("a\u{1F600}b\uD800"), 4);
});

const SCHEMAS = generatedSchemas();

/** Values near each schema's shape, so that most reach deep keywords rather than the root. */
function nearValue(): fc.Arbitrary<unknown> {
  const leaf = fc.oneof(
    fc.constantFrom("", "x", "tools", "proxar", "sha256:" + "0".repeat(64), "BREAKING"),
    fc.integer({ min: -1, max: 3 }),
    fc.boolean(),
    fc.constant(null),
  );
  const keys = fc.constantFrom(
    "name",
    "inputSchema",
    "tools",
    "prompts",
    "server",
    "version",
    "proxar",
    "hash",
    "fail_on",
    "ignore",
    "rule",
    "uri",
    "count",
    "types",
    "responses",
    "nextCursor",
    "arguments",
    "extra",
  );
  const { value } = fc.letrec((tie) => ({
    value: fc.oneof({ depthSize: "small" }, leaf, tie("object"), tie("array")),
    // JSON.parse makes every object with Object.prototype; fast-check may make one without
    // (seed 1911718618), on which ajv's fast-deep-equal and its port both throw.
    object: fc.dictionary(keys, tie("value"), { maxKeys: 5, noNullPrototype: true }),
    array: fc.array(tie("value"), { maxLength: 3 }),
  }));
  return value;
}

for (const schema of SCHEMAS) {
  const id = String(schema.$id);
  Deno.test(`shapeValidatorFor("${id}") reports what ajv compiling it at run time reports`, () => {
    const runtime = compileShape(schema, SCHEMAS);
    const built = shapeValidatorFor(id);
    fc.assert(fc.property(nearValue(), (value) => {
      assert.deepEqual(built(value), runtime(value));
    }));
  });
}

Deno.test("shapeValidatorFor() agrees with ajv on the contract fixtures", async () => {
  const { readdir } = await import("node:fs/promises");
  const check = async (dir: string, ext: string, id: string) => {
    const runtime = compileShape(SCHEMAS.find((s) => s.$id === id)!, SCHEMAS);
    for (const name of (await readdir(`${FIXTURES}/${dir}`)).filter((f) => f.endsWith(ext))) {
      let value: unknown;
      try {
        value = JSON.parse(await readFile(`${FIXTURES}/${dir}/${name}`, "utf8"));
      } catch {
        continue;
      }
      assert.deepEqual(shapeValidatorFor(id)(value), runtime(value), `${dir}/${name}`);
    }
  };
  await check("diff", ".json", "proxar:listing");
  await check("contract", ".json", "proxar:snapshot");
});
