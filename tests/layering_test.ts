import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { ROOT } from "./helpers.ts";

/** Which top-level folders each folder may import from (DESIGN §3). */
const FORBIDDEN: Record<string, readonly string[]> = {
  core: ["rules", "reporters", "plugins", "mcp", "cli"],
  rules: ["reporters", "plugins", "mcp", "cli"],
  reporters: ["plugins", "mcp", "cli"],
  plugins: ["mcp", "cli"],
  mcp: ["reporters", "cli"],
};

function sourcesBelow(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourcesBelow(path);
    return entry.name.endsWith(".ts") ? [path] : [];
  });
}

/** Relative import specifiers of a module, type-only imports included. */
function relativeImports(text: string): string[] {
  return [...text.matchAll(/(?:from|import)\s*\(?\s*"(\.{1,2}\/[^"]+)"/g)].map((m) => m[1]!);
}

Deno.test("layering: no folder imports from a folder above it", () => {
  const violations: string[] = [];
  for (const [folder, forbidden] of Object.entries(FORBIDDEN)) {
    for (const file of sourcesBelow(join(ROOT, folder))) {
      for (const specifier of relativeImports(readFileSync(file, "utf8"))) {
        const target = relative(ROOT, resolve(file, "..", specifier)).split("/")[0]!;
        if (forbidden.includes(target)) violations.push(`${relative(ROOT, file)} -> ${specifier}`);
      }
    }
  }
  assert.deepEqual(violations, []);
});

Deno.test("layering: the check sees a forbidden import", () => {
  const text = 'import { x } from "../cli/outputs.ts";\nimport type { Y } from "./y.ts";';
  assert.deepEqual(relativeImports(text), ["../cli/outputs.ts", "./y.ts"]);
});
