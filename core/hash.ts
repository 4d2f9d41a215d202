/**
 * Content hashes of contracts: `sha256:` of the RFC 8785 canonical form.
 * @module
 */
import canonicalize from "canonicalize";
import { createHash } from "node:crypto";
import type { Contract } from "./contract.ts";

/**
 * The content hash of a contract.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { contractHash } from "./hash.ts";
 * import { emptyContract } from "./contract.ts";
 * assert.ok(contractHash(emptyContract()).startsWith("sha256:"));
 * ```
 */
export function contractHash(contract: Contract): string {
  const text = canonicalize(contract) ?? "";
  return "sha256:" + createHash("sha256").update(text).digest("hex");
}
