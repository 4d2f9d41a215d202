/**
 * Keeps secrets (header values, environment values given to servers, values substituted from
 * `${VAR}`) out of every message, snapshot and report by replacing them with `***`.
 * @module
 */
import type { JsonValue } from "../core/json.ts";

/** What a secret is replaced with. */
export const REDACTED = "***";

/** Secrets shorter than this are not redacted: replacing every "1" or "on" would garble text. */
export const MIN_SECRET_LENGTH = 4;

/** Replaces known secret values in text and JSON values. */
export class Redactor {
  readonly #secrets: string[];

  /** A redactor for `secrets`; short and duplicate values are dropped, longest first. */
  constructor(secrets: Iterable<string> = []) {
    const unique = new Set([...secrets].filter((s) => s.length >= MIN_SECRET_LENGTH));
    this.#secrets = [...unique].sort((a, b) => b.length - a.length);
  }

  /** A redactor that also hides `more`. */
  with(more: Iterable<string>): Redactor {
    return new Redactor([...this.#secrets, ...more]);
  }

  /** Whether there is anything to redact. */
  get empty(): boolean {
    return this.#secrets.length === 0;
  }

  /**
   * `text` with every secret replaced by `***`.
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { Redactor } from "./redact.ts";
   * assert.equal(new Redactor(["s3cret-token"]).text("Bearer s3cret-token"), "Bearer ***");
   * ```
   */
  text(text: string): string {
    let out = text;
    for (const secret of this.#secrets) {
      if (out.includes(secret)) out = out.replaceAll(secret, REDACTED);
    }
    return out;
  }

  /** A copy of a JSON value with secrets redacted from every string (keys included). */
  json<T>(value: T): T {
    if (this.empty) return value;
    return this.#walk(value as JsonValue) as T;
  }

  #walk(value: JsonValue): JsonValue {
    if (typeof value === "string") return this.text(value);
    if (Array.isArray(value)) return value.map((v) => this.#walk(v));
    if (value === null || typeof value !== "object") return value;
    const out: Record<string, JsonValue> = {};
    for (const [key, item] of Object.entries(value)) {
      Object.defineProperty(out, this.text(key), {
        value: this.#walk(item),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return out;
  }
}

/**
 * The secret part of a header value: the credentials after an authentication scheme
 * (`Bearer abc` → `abc`, so messages read `Bearer ***`), otherwise the whole value.
 */
export function headerSecret(value: string): string {
  const match = /^(Bearer|Basic|Token|Bot|Digest|ApiKey)\s+(\S.*)$/i.exec(value.trim());
  return match ? match[2]! : value;
}
