/**
 * Which object keys of a sampled result may be recorded by name. Keys are structure, but a key
 * can also be data (an id, an e-mail address, a date) or a secret (an API token used as a map
 * key); those are recorded only as "other keys", never by name.
 * @module
 */

/** Longest key recorded by name. */
export const MAX_KEY_LENGTH = 40;

const PLAIN = /^[@$]?[A-Za-z_][A-Za-z0-9_.-]*$/;
const TOKEN_PREFIX =
  /^(sk|pk|rk|ghp|gho|ghu|ghs|ghr|github_pat|glpat|xox[abeprs]|AKIA|ASIA|AIza|eyJ|ya29|shpat|npm|hf|sq0|whsec)[-_]?[A-Za-z0-9]/;

/**
 * Whether a result's object key may be recorded by name: short identifier-like words only,
 * without long digit runs (ids, dates, phone numbers) and without the look of a token.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isRecordableKey } from "./keys.ts";
 * assert.ok(isRecordableKey("created_at"));
 * assert.ok(!isRecordableKey("user-20261130"));
 * assert.ok(!isRecordableKey("ghp_Ab3dEf9hIj2lMn5pQr8tUv"));
 * assert.ok(!isRecordableKey("alice@example.com"));
 * ```
 */
export function isRecordableKey(key: string): boolean {
  if (key.length === 0 || key.length > MAX_KEY_LENGTH || !PLAIN.test(key)) return false;
  const digits = key.replace(/[^0-9]/g, "").length;
  if (digits >= 4) return false;
  if (key.length >= 12 && TOKEN_PREFIX.test(key)) return false;
  const mixed = /[a-z]/.test(key) && /[A-Z]/.test(key) && /[0-9]/.test(key);
  if (key.length >= 16 && mixed) return false;
  return true;
}
