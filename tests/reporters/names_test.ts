import assert from "node:assert/strict";
import { builtinReporters } from "../../reporters/mod.ts";
import { BUILTIN_REPORTER_NAMES } from "../../reporters/names.ts";

Deno.test("BUILTIN_REPORTER_NAMES names every built-in reporter, in order", () => {
  assert.deepEqual(BUILTIN_REPORTER_NAMES, builtinReporters.map((r) => r.name));
});
