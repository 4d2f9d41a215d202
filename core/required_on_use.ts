/**
 * Packages that a diff needs only now and then, loaded on first use rather than with the module
 * that may use them: `refa` (patterns), ajv-formats' formats (a default's format), `jsonc-parser`
 * (invalid JSON). Their users are synchronous, so each is required, not imported.
 * @module
 */
import { createRequire } from "node:module";

/**
 * A function that returns package `name`, required on its first call and kept. `bunRequire` is
 * `() => require(...)` written at the call site with a literal name, which Bun's bundler resolves
 * into the binary (where `require` is a function); Deno and Node require `name` through
 * `createRequire`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { requiredOnUse } from "./required_on_use.ts";
 * const picocolors = requiredOnUse<{ bold(s: string): string }>(
 *   "picocolors",
 *   () => require("picocolors"),
 * );
 * assert.equal(typeof picocolors().bold, "function");
 * ```
 */
export function requiredOnUse<T>(name: string, bunRequire: () => unknown): () => T {
  let loaded: T | undefined;
  return () =>
    loaded ??=
      (typeof require === "function" ? bunRequire() : createRequire(import.meta.url)(name)) as T;
}
