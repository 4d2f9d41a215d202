/**
 * `deno run -A scripts/generate_ci_files.ts`: rewrites the CI files under `docs/ci/` from the
 * templates in `cli/init_templates.ts`. A test fails while they are stale.
 * @module
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import process from "node:process";
import { ROOT } from "./_build_info.ts";
import { ciFiles } from "./_ci_files.ts";

for (const [path, text] of Object.entries(ciFiles())) {
  mkdirSync(dirname(join(ROOT, path)), { recursive: true });
  writeFileSync(join(ROOT, path), text);
  process.stdout.write(`wrote ${path}\n`);
}
