/**
 * SHA-256 without loading `node:crypto` where the runtime has a hasher of its own: in a compiled
 * Bun binary, `node:crypto` loads Node's stream modules with it (about 10 ms of CPU, a fifth of
 * the demo diff's start-up), while Bun's `CryptoHasher` is native. Elsewhere (Deno, Node) the
 * digests come from `node:crypto`, fetched when first needed. The digests are the same bytes.
 * @module
 */
import { createRequire } from "node:module";
import process from "node:process";

/** A running SHA-256 digest: what `node:crypto`'s `Hash` and Bun's `CryptoHasher` share. */
export interface Sha256 {
  /** Adds bytes, or text as UTF-8. */
  update(data: string | Uint8Array): Sha256;
  /** The digest of everything added; the hash cannot be updated afterwards. */
  digest(encoding: "hex" | "base64"): string;
}

type Hasher = new (algorithm: "sha256") => Sha256;

/**
 * A new SHA-256 hash.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { createSha256 } from "./sha256.ts";
 * assert.equal(
 *   createSha256().update("abc").digest("hex"),
 *   "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
 * );
 * ```
 */
export function createSha256(): Sha256 {
  const bun = (globalThis as { Bun?: { CryptoHasher: Hasher } }).Bun;
  if (bun) return new bun.CryptoHasher("sha256");
  return nodeCrypto().createHash("sha256");
}

/** The SHA-256 digest of `data` (text as UTF-8) in `encoding`. */
export function sha256(data: string | Uint8Array, encoding: "hex" | "base64" = "hex"): string {
  return createSha256().update(data).digest(encoding);
}

/** `node:crypto`, loaded on first use (`getBuiltinModule` is missing in Node before 20.16). */
function nodeCrypto(): typeof import("node:crypto") {
  return typeof process.getBuiltinModule === "function"
    ? process.getBuiltinModule("node:crypto")
    : createRequire(import.meta.url)("node:crypto");
}
