/**
 * Which environment variables given to a server hold secrets, judged by their names.
 * @module
 */

/** Words that make a variable name a secret's when they appear as a part of it (`GITHUB_TOKEN`). */
const SECRET_WORDS = new Set([
  "TOKEN",
  "SECRET",
  "PASSWORD",
  "PASSWD",
  "PASS",
  "PASSPHRASE",
  "KEY",
  "APIKEY",
  "CREDENTIAL",
  "CREDENTIALS",
  "CREDS",
  "AUTH",
  "AUTHORIZATION",
  "COOKIE",
  "SESSION",
  "PRIVATE",
  "SIGNATURE",
  "JWT",
  "BEARER",
  "DSN",
]);

/** Fragments that make a name a secret's wherever they appear (`MYAPITOKEN`, `DBPASSWORD`). */
const SECRET_FRAGMENTS = ["TOKEN", "SECRET", "PASSWORD", "PASSWD", "APIKEY", "CREDENTIAL"];

/**
 * Whether an environment variable's name says it holds a secret: one of its parts (split at `_`,
 * `-`, `.` and lower-to-upper case changes) is a word like `TOKEN`, `KEY`, `PASS` or `AUTH`, or the
 * name contains `TOKEN`, `SECRET`, `PASSWORD`, `PASSWD`, `APIKEY` or `CREDENTIAL`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { looksLikeSecretName } from "./secret_names.ts";
 * assert.equal(looksLikeSecretName("GITHUB_TOKEN"), true);
 * assert.equal(looksLikeSecretName("openaiApiKey"), true);
 * assert.equal(looksLikeSecretName("NODE_ENV"), false);
 * assert.equal(looksLikeSecretName("MONKEY_MODE"), false);
 * ```
 */
export function looksLikeSecretName(name: string): boolean {
  const upper = name.toUpperCase();
  if (SECRET_FRAGMENTS.some((fragment) => upper.includes(fragment))) return true;
  const parts = name.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toUpperCase().split(/[_\-.]+/);
  return parts.some((part) => SECRET_WORDS.has(part));
}
