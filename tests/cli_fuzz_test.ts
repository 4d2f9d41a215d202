/**
 * A fast-check fuzz of the whole command line: generated contracts with hostile strings, large
 * arrays, extreme numbers and deep nesting go through `main()` with every built-in format at
 * once. Whatever the input, the exit code is 0, 1 or 2, no stack trace reaches the user, and each
 * output is well-formed for its format. Runs are few and inputs bounded so the suite stays fast.
 * @module
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { builtinReporters } from "../reporters/mod.ts";
import { runCli } from "./helpers.ts";

const HAS_XMLLINT = spawnSync("xmllint", ["--version"]).status === 0;

const HOSTILE = [
  "a\n::error::PWNED",
  "\r\n##[error]x",
  "\u001b]0;title\u0007",
  "\u001b[31mred\u001b[0m",
  "\u009b31m",
  "<script>alert(1)</script>",
  "]]>",
  "</details>",
  "${{ secrets.X }}",
  "%0A%25",
  "@everyone",
  "\u2028\u2029\u202e",
  "\u0000",
  "\ud800",
  "#?&=",
  "`|*_~",
  "__proto__",
  "constructor",
  "",
  " ",
];

const text = fc.oneof(
  fc.constantFrom(...HOSTILE),
  fc.string({ maxLength: 12 }),
  fc.tuple(fc.constantFrom(...HOSTILE), fc.string({ maxLength: 6 })).map(([a, b]) => a + b),
);

const number = fc.oneof(
  fc.constantFrom(0, -0, 1, -1, 0.1, 1e308, -1e308, 5e-324, 2 ** 53 + 1, -(2 ** 63), 1e21),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);

/** A JSON Schema-ish node; `depth` bounds the nesting. */
function schema(depth: number): fc.Arbitrary<unknown> {
  const leaf = fc.record({
    type: fc.constantFrom("string", "number", "integer", "boolean", "object", "array", "null"),
    description: text,
    enum: fc.array(fc.oneof(text, number), { maxLength: 5 }),
    maximum: number,
    minLength: fc.nat(10),
    pattern: fc.constantFrom("^(a+)+$", "[", "\\d{3}", "(?<x>.)"),
    const: fc.oneof(text, number, fc.constant(null)),
  }, { requiredKeys: [] });
  if (depth <= 0) return leaf;
  return fc.oneof(
    { weight: 3, arbitrary: leaf },
    {
      weight: 2,
      arbitrary: fc.record({
        type: fc.constant("object"),
        properties: fc.dictionary(text, fc.constant(null).chain(() => schema(depth - 1)), {
          maxKeys: 3,
        }),
        required: fc.array(text, { maxLength: 3 }),
        additionalProperties: fc.boolean(),
      }, { requiredKeys: ["type"] }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        anyOf: fc.array(fc.constant(null).chain(() => schema(depth - 1)), { maxLength: 3 }),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.constant(null).chain(() => schema(depth - 1)).map((s) => ({ items: s })),
    },
  );
}

/** A schema nested `n` levels deep (beyond the loader's limit for large `n`). */
const deep = fc.integer({ min: 1, max: 1_200 }).map((n) => {
  let node: Record<string, unknown> = { type: "string" };
  for (let i = 0; i < n; i++) node = { type: "object", properties: { x: node } };
  return node;
});

/** A large array somewhere in a schema. */
const big = fc.integer({ min: 1_000, max: 60_000 }).map((n) => ({
  type: "string",
  enum: Array.from({ length: n }, (_, i) => `v${i}`),
}));

const tool = fc.record({
  name: text,
  title: text,
  description: text,
  inputSchema: fc.oneof({ weight: 6, arbitrary: schema(3) }, deep, big),
  outputSchema: schema(2),
  annotations: fc.record({
    destructiveHint: fc.boolean(),
    readOnlyHint: fc.boolean(),
    title: text,
  }, { requiredKeys: [] }),
}, { requiredKeys: ["name", "inputSchema"] });

const contract = fc.record({
  server: fc.record({ name: text, version: text }),
  instructions: text,
  tools: fc.array(tool, { maxLength: 4 }),
}, { requiredKeys: ["tools"] });

/** What a stack trace looks like in any runtime. */
const STACK = /^\s+at .+[:(]\d+|internal error/m;

function wellFormed(format: string, output: string, file: string): void {
  if (["json", "sarif", "gitlab"].includes(format)) JSON.parse(output);
  if (format === "junit" && HAS_XMLLINT) {
    const lint = spawnSync("xmllint", ["--noout", file], { encoding: "utf8" });
    assert.equal(lint.status, 0, `junit: ${lint.stderr}`);
  }
  if (format === "html") {
    assert.match(output, /^<!doctype html>/i);
    assert.match(output, /<\/html>\s*$/);
  }
  if (["text", "markdown", "changelog"].includes(format)) {
    // deno-lint-ignore no-control-regex
    const commands = output.split("\n").filter((l) => /^\s*(::|##\[)|\u001b|\u0007/.test(l));
    assert.deepEqual(commands, [], `${format}: a line a CI runner or terminal would obey`);
  }
}

Deno.test("main() ends with 0, 1 or 2 and well-formed output for every format on generated hostile contracts", async () => {
  const dir = mkdtempSync(join(tmpdir(), "proxar-fuzz-"));
  const formats = builtinReporters.map((r) => r.name).filter((name) => name !== "text");
  try {
    await fc.assert(
      fc.asyncProperty(contract, contract, async (a, b) => {
        writeFileSync(join(dir, "old.json"), JSON.stringify(a));
        writeFileSync(join(dir, "new.json"), JSON.stringify(b));
        const result = await runCli([
          "diff",
          "old.json",
          "new.json",
          ...formats.flatMap((f) => ["--format", `${f}=out.${f}`]),
          "--format",
          "text",
        ], { cwd: dir });
        assert.ok([0, 1, 2].includes(result.code), `exit code ${result.code}`);
        assert.doesNotMatch(result.stderr, STACK);
        if (result.code === 2) {
          assert.equal(result.stdout, "");
          assert.match(result.stderr, /^proxar: [^\n]+\n$/);
          return;
        }
        wellFormed("text", result.stdout, "");
        for (const format of formats) {
          const file = join(dir, `out.${format}`);
          wellFormed(format, readFileSync(file, "utf8"), file);
        }
      }),
      { numRuns: 30, seed: Number(Deno.env.get("PROXAR_FUZZ_SEED") ?? 17) },
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
