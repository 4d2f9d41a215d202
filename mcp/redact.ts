/**
 * Keeps secrets out of the text Proxar writes about a live server (failure messages, the server's
 * quoted standard error, HTTP error pages, URLs and headers) by replacing them with `***`.
 * Redaction never touches a server's contract: snapshots hold exactly what the server said.
 *
 * A secret is replaced in every form it is likely to appear in: as is, JSON-escaped,
 * URL-encoded and base64 (standard and URL-safe, at any byte alignment).
 * @module
 */
import { secretForms } from "./secret_forms.ts";

/** What a secret is replaced with. */
export const REDACTED = "***";

/** Values shorter than this are never treated as secrets: replacing them would garble text. */
export const MIN_SECRET_LENGTH = 6;

/**
 * Values too common to be secrets (compared case-insensitively): booleans, environment names, log
 * levels, JSON Schema type names, host names.
 */
const COMMON_VALUES = new Set([
  "true",
  "false",
  "enabled",
  "disabled",
  "production",
  "development",
  "staging",
  "testing",
  "default",
  "localhost",
  "verbose",
  "warning",
  "notice",
  "critical",
  "silent",
  "string",
  "number",
  "integer",
  "boolean",
  "object",
  "undefined",
]);

/**
 * Whether `value` can be a secret: at least {@link MIN_SECRET_LENGTH} characters, not a plain
 * number (ports, counts, time limits), not a media type (`application/json`) and not one of a few
 * common words (`production`, `string`, `localhost` …).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { canBeSecret } from "./redact.ts";
 * assert.equal(canBeSecret("ghp_3kTq9zLw"), true);
 * assert.equal(canBeSecret("production"), false);
 * assert.equal(canBeSecret("8080"), false);
 * ```
 */
export function canBeSecret(value: string): boolean {
  const trimmed = value.trim();
  if (trimmed.length < MIN_SECRET_LENGTH) return false;
  if (/^[+-]?\d+(\.\d+)?$/.test(trimmed)) return false;
  if (/^[a-z]+\/[a-z0-9.+-]+$/i.test(trimmed)) return false;
  return !COMMON_VALUES.has(trimmed.toLowerCase());
}

/** Replaces known secret values in text. */
export class Redactor {
  readonly #secrets: string[];
  readonly #patterns: string[];

  /** A redactor for `secrets`; values that cannot be secrets ({@link canBeSecret}) are dropped. */
  constructor(secrets: Iterable<string> = []) {
    this.#secrets = [...new Set([...secrets].filter(canBeSecret))];
    const patterns = new Set(this.#secrets.flatMap(secretForms));
    this.#patterns = [...patterns].sort((a, b) => b.length - a.length || (a < b ? -1 : 1));
  }

  /** A redactor that also hides `more`. */
  with(more: Iterable<string>): Redactor {
    return new Redactor([...this.#secrets, ...more]);
  }

  /** Whether there is anything to redact. */
  get empty(): boolean {
    return this.#patterns.length === 0;
  }

  /**
   * The length of the longest form of any secret: text cut at an unknown place must lose this
   * many characters at the cut before it is redacted, or part of a secret could survive.
   */
  get longest(): number {
    return this.#patterns[0]?.length ?? 0;
  }

  /**
   * `text` with every form of every secret replaced by `***`.
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { Redactor } from "./redact.ts";
   * const redactor = new Redactor(["s3cret/token"]);
   * assert.equal(redactor.text("Bearer s3cret/token"), "Bearer ***");
   * assert.equal(redactor.text("?t=s3cret%2Ftoken"), "?t=***");
   * ```
   */
  text(text: string): string {
    let out = text;
    for (const pattern of this.#patterns) {
      if (out.includes(pattern)) out = out.replaceAll(pattern, REDACTED);
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
