/**
 * Content hashes of contracts: `sha256:` of the RFC 8785 canonical form.
 * @module
 */
import canonicalize from "canonicalize";
import { createHash, type Hash } from "node:crypto";
import { type KnownTexts, NotPlainJson, writeCanonical } from "./canonical_json.ts";
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
  const hash = createHash("sha256");
  try {
    writeCanonical(contract, utf8Into(hash), texts);
  } catch (error) {
    if (!(error instanceof NotPlainJson)) throw error;
    return "sha256:" + createHash("sha256").update(packageCanonicalText(contract)).digest("hex");
  }
  return "sha256:" + hash.digest("hex");
}

const encoder = new TextEncoder();

/** How many UTF-16 code units {@link utf8Into} encodes at a time, at most. */
const CHUNK = 1 << 16;

/**
 * Feeds text to a hash as UTF-8 through one reused buffer: handing strings to `update` made a
 * buffer per piece, and a contract's worth of them stayed in memory until collected. A long text
 * (a tool with a 10 MB schema is one piece of 8 million code units) goes in chunks: a buffer
 * three times its length, one per side, raised the peak memory of that diff by about 20 MiB.
 */
function utf8Into(hash: Hash): (text: string) => void {
  // UTF-8 takes at most three bytes per UTF-16 code unit.
  const buffer = new Uint8Array(CHUNK * 3);
  return (text) => {
    if (text.length <= CHUNK) {
      hash.update(buffer.subarray(0, encoder.encodeInto(text, buffer).written));
      return;
    }
    for (let at = 0; at < text.length;) {
      let end = Math.min(at + CHUNK, text.length);
      // A chunk ends before the high half of a surrogate pair, not between its halves (the
      // text is well formed: lone halves take the slow path before this).
      const last = text.charCodeAt(end - 1);
      if (end < text.length && last >= 0xd800 && last <= 0xdbff) end--;
      hash.update(buffer.subarray(0, encoder.encodeInto(text.slice(at, end), buffer).written));
      at = end;
    }
  };
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
