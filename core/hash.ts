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
    const into = utf8Into(hash);
    writeCanonical(contract, into.write, texts);
    into.flush();
  } catch (error) {
    if (!(error instanceof NotPlainJson)) throw error;
    return "sha256:" + createHash("sha256").update(packageCanonicalText(contract)).digest("hex");
  }
  return "sha256:" + hash.digest("hex");
}

/** How many UTF-16 code units {@link utf8Into} encodes at a time, at most. */
const CHUNK = 1 << 16;

/** Pieces up to this long are encoded here, code unit by code unit, not by the encoder. */
const SHORT = 64;

const encoder = new TextEncoder();

/**
 * Feeds text to a hash as UTF-8 through one reused buffer: handing strings to `update` made a
 * buffer per piece, and a contract's worth of them stayed in memory until collected. Pieces are
 * encoded one after another into the buffer, which goes to the hash when full: a tool too large
 * to copy whole comes in many small pieces (a view of the buffer for each cost more memory than
 * a copy of the tool, and a call to the encoder more time than encoding it here). A long text goes
 * in chunks, not through a buffer three times its length. `flush` feeds what the buffer holds.
 */
function utf8Into(hash: Hash): { write(text: string): void; flush(): void } {
  // UTF-8 takes at most three bytes per UTF-16 code unit.
  const buffer = new Uint8Array(CHUNK * 3);
  let used = 0;
  const flush = () => {
    if (used > 0) hash.update(buffer.subarray(0, used));
    used = 0;
  };
  return {
    write: (text) => {
      const n = text.length;
      if (used + n * 3 > buffer.length) flush();
      if (n <= SHORT) used = encodeShort(text, buffer, used);
      else if (n <= CHUNK) used += encoder.encodeInto(text, buffer.subarray(used)).written;
      else {
        flush();
        for (let at = 0; at < n;) {
          let end = Math.min(at + CHUNK, n);
          // A chunk ends before the high half of a surrogate pair, not between its halves (the
          // text is well formed: lone halves take the slow path before this).
          const last = text.charCodeAt(end - 1);
          if (end < n && last >= 0xd800 && last <= 0xdbff) end--;
          hash.update(buffer.subarray(0, encoder.encodeInto(text.slice(at, end), buffer).written));
          at = end;
        }
      }
    },
    flush,
  };
}

/**
 * Encodes `text` as UTF-8 into `buffer` from `at`, as TextEncoder does (a lone surrogate is
 * U+FFFD); returns the offset after it.
 */
function encodeShort(text: string, buffer: Uint8Array, at: number): number {
  for (let i = 0; i < text.length; i++) {
    let c = text.charCodeAt(i);
    if (c < 0x80) {
      buffer[at++] = c;
      continue;
    }
    if (c < 0x800) {
      buffer[at++] = 0xc0 | (c >> 6);
      buffer[at++] = 0x80 | (c & 0x3f);
      continue;
    }
    if (c >= 0xd800 && c <= 0xdfff) {
      const d = text.charCodeAt(i + 1);
      if (c <= 0xdbff && d >= 0xdc00 && d <= 0xdfff) {
        const point = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
        buffer[at++] = 0xf0 | (point >> 18);
        buffer[at++] = 0x80 | ((point >> 12) & 0x3f);
        buffer[at++] = 0x80 | ((point >> 6) & 0x3f);
        buffer[at++] = 0x80 | (point & 0x3f);
        i++;
        continue;
      }
      c = 0xfffd;
    }
    buffer[at++] = 0xe0 | (c >> 12);
    buffer[at++] = 0x80 | ((c >> 6) & 0x3f);
    buffer[at++] = 0x80 | (c & 0x3f);
  }
  return at;
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
