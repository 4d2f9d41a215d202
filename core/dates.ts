/**
 * Calendar dates as `YYYY-MM-DD`, the form of `expires` in ignore entries and `PROXAR_TODAY`.
 * @module
 */
import { UserError } from "./errors.ts";

/**
 * Why `text` is not a real `YYYY-MM-DD` date, or undefined when it is one.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { dateProblem } from "./dates.ts";
 * assert.equal(dateProblem("2028-02-29"), undefined);
 * assert.equal(dateProblem("2099-02-30"), "2099-02 has no day 30");
 * ```
 */
export function dateProblem(text: string): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return "expected YYYY-MM-DD";
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12) return `there is no month ${match[2]}`;
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day < 1 || day > days) return `${match[1]}-${match[2]} has no day ${match[3]}`;
  return undefined;
}

/** `PROXAR_TODAY` when set (checked), else undefined: the engine then uses today in UTC. */
export function fixedToday(env: Record<string, string | undefined>): string | undefined {
  const today = env.PROXAR_TODAY;
  if (today === undefined || today === "") return undefined;
  const problem = dateProblem(today);
  if (problem !== undefined) {
    throw new UserError(`PROXAR_TODAY must be a date YYYY-MM-DD, found "${today}": ${problem}`);
  }
  return today;
}
