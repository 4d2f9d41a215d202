/**
 * Content hashes of contracts: `sha256:` of the RFC 8785 canonical form.
 * @module
 */
import canonicalize from "canonicalize";
import { type KnownTexts, NotPlainJson, writeCanonical } from "./canonical_json.ts";
import type { Contract } from "./contract.ts";
import { createSha256, sha256 } from "./sha256.ts";
import { utf8Into } from "./_utf8_into.ts";

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
  return hashWith(contract, undefined);
}

/**
 * The content hashes of two contracts, each the same as {@link contractHash}'s. `twins` maps
 * entries of `next` (tools, prompts …) to entries of `old` known to be equal as JSON values;
 * their canonical text is written once for both.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { contractHash, contractHashes } from "./hash.ts";
 * import { emptyContract } from "./contract.ts";
 * const tool = { name: "a", inputSchema: { type: "object" } };
 * const old = { ...emptyContract(), tools: [tool] };
 * const next = { ...emptyContract(), tools: [{ inputSchema: { type: "object" }, name: "a" }] };
 * const hashes = contractHashes(old, next, new Map([[next.tools[0]!, tool]]));
 * assert.deepEqual(hashes, [contractHash(old), contractHash(next)]);
 * ```
 */
export function contractHashes(
  old: Contract,
  next: Contract,
  twins: ReadonlyMap<object, object>,
): [string, string] {
  const wanted = new Set(twins.values());
  const texts = new Map<object, string>();
  const oldHash = hashWith(old, {
    get: () => undefined,
    set: (value, text) => void (wanted.has(value) && texts.set(value, text)),
  });
  const newHash = hashWith(next, {
    get: (value) => {
      const twin = twins.get(value);
      return twin === undefined ? undefined : texts.get(twin);
    },
    set: () => {},
  });
  return [oldHash, newHash];
}

function hashWith(whole: Contract, texts: KnownTexts | undefined): string {
  // Which lists the source recorded is not content: a list left out hashes as an empty one.
  const { uncaptured: _, ...contract } = whole;
  const hash = createSha256();
  try {
    const into = utf8Into(hash);
    writeCanonical(contract, into.write, texts);
    into.flush();
  } catch (error) {
    if (!(error instanceof NotPlainJson)) throw error;
    return "sha256:" + sha256(packageCanonicalText(contract));
  }
  return "sha256:" + hash.digest("hex");
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
