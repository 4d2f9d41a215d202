import assert from "node:assert/strict";
import { docExamples, examplesOf } from "../../scripts/_doc_examples.ts";
import { ROOT } from "../helpers.ts";

const SOURCE = [
  "/**", // 1
  " * Adds.", // 2
  " *", // 3
  " * ```ts", // 4
  ' * import assert from "node:assert/strict";', // 5
  ' * import { add } from "./add.ts";', // 6
  " * assert.equal(add(1, 2), 3);", // 7
  " * ```", // 8
  " *", // 9
  " * ```ts ignore", // 10
  " * add(1);", // 11
  " * ```", // 12
  " * ```sh", // 13
  " * ```ts", // 14 (inside the shell block: not an example)
  " * ```", // 15
  " * Text.", // 16
  " */", // 17
  "export function add(a: number, b: number): number {", // 18
  "  return a + b;", // 19
  "}", // 20
  "/**", // 21
  " * ```", // 22: a block without a language takes the file's
  ' * import { x } from "yaml";', // 23
  ' * const y = await import("../y.ts"); // from "not/an/import"', // 24
  " * ```", // 25
  " */", // 26
  "/* ```ts", // 27: not a JSDoc comment
  " * ```", // 28
  " */", // 29
].join("\n");

Deno.test("examplesOf() finds the runnable blocks of JSDoc comments, named and placed as Deno does", () => {
  const examples = examplesOf(SOURCE, "lib/add.ts", "/r", (s) => `file:///r/node_modules/${s}.js`);
  assert.deepEqual(examples.map((e) => [e.name, e.file]), [
    ["./lib/add.ts#4-9.ts", "lib/add.ts"],
    ["./lib/add.ts#22-26.ts", "lib/add.ts"],
  ]);
  // Each line where it stands in the file, specifiers made absolute.
  assert.deepEqual(examples[0]!.module.split("\n"), [
    ...Array(4).fill(""),
    'import assert from "node:assert/strict";',
    'import { add } from "file:///r/lib/add.ts";',
    "assert.equal(add(1, 2), 3);",
    "",
  ]);
  assert.deepEqual(examples[1]!.module.split("\n").slice(22), [
    'import { x } from "file:///r/node_modules/yaml.js";',
    'const y = await import("file:///r/y.ts"); // from "not/an/import"',
    "",
  ]);
});

Deno.test("examplesOf() names the file and line of an example that is never closed", () => {
  assert.throws(
    () => examplesOf("/**\n * ```ts\n * x();\n */\n", "a.ts", "/r"),
    { message: "a.ts:2: the example is not closed" },
  );
});

Deno.test("docExamples() finds the examples of the project's sources, none under tests/", () => {
  const names = docExamples(ROOT).map((e) => e.name);
  assert.ok(names.includes("./mod.ts#7-24.ts") || names.some((n) => n.startsWith("./mod.ts#")));
  assert.ok(names.every((n) => !n.startsWith("./tests/") && !n.startsWith("./node_modules/")));
  assert.equal(new Set(names).size, names.length);
});
