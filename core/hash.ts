/**
 * Content hashes of contracts: `sha256:` of the RFC 8785 canonical form.
 * @module
 */
import canonicalize from "canonicalize";
import { createHash } from "node:crypto";
import { NotPlainJson, writeCanonical } from "./canonical_json.ts";
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
  const hash = createHash("sha256");
  let pending = "";
  try {
    writeCanonical(contract, (text) => {
      pending += text;
      if (pending.length >= 1 << 16) {
        hash.update(pending);
        pending = "";
      }
    });
  } catch (error) {
    if (!(error instanceof NotPlainJson)) throw error;
    return "sha256:" + createHash("sha256").update(packageCanonicalText(contract)).digest("hex");
  }
  return "sha256:" + hash.update(pending).digest("hex");
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * The RFC 8785 canonical text of a value. RFC 8785 needs well-formed strings; hostile server
 * text may hold lone surrogates (valid JSON escapes), which are replaced by U+FFFD for hashing.
 */
export function canonicalText(value: unknown): string {
  const parts: string[] = [];
  try {
    writeCanonical(value, (text) => void parts.push(text));
    return parts.join("");
  } catch (error) {
    if (!(error instanceof NotPlainJson)) throw error;
  }
  return packageCanonicalText(value);
}

/** {@link canonicalText} by the `canonicalize` package alone: the reference, and the slow path. */
export function packageCanonicalText(value: unknown): string {
  try {
    return canonicalize(value) ?? "";
  } catch {
    return canonicalize(wellFormed(value)) ?? "";
  }
}

function wellFormed(value: unknown): unknown {
  if (typeof value === "string") return value.replace(LONE_SURROGATE, "\uFFFD");
  if (Array.isArray(value)) return value.map(wellFormed);
  if (typeof value !== "object" || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    Object.defineProperty(out, wellFormed(key) as string, {
      value: wellFormed((value as Record<string, unknown>)[key]),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}
