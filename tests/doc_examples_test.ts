/**
 * Every documentation example of the source files, each as a test of its own named as
 * `deno test --doc` names it (`./core/hash.ts#14-20.ts`: the file and the lines of the example's
 * fences), in this one worker instead of one worker each. Each example is written out as a
 * module of its own, its lines where they stand in the source file (so a failure's stack trace
 * names the file's own line numbers), and imported by its test. `deno check --doc` type-checks
 * the same examples; `npm test` fails when its list and the tests run here differ.
 * @module
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { docExamples } from "../scripts/_doc_examples.ts";
import { ROOT } from "./helpers.ts";

// Outside the root (Deno runs no TypeScript under node_modules), so every specifier is made
// absolute, a package's as it resolves from here.
const dir = mkdtempSync(join(tmpdir(), "proxar-doc-examples-"));
globalThis.addEventListener("unload", () => rmSync(dir, { recursive: true, force: true }));

for (const example of docExamples(ROOT, (specifier) => import.meta.resolve(specifier))) {
  const path = join(dir, example.name);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, example.module);
  Deno.test(example.name, async () => {
    await import(pathToFileURL(path).href);
  });
}
