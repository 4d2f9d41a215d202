/**
 * Which `format` values JSON Schema defines, and when a format it does not define (zod 4 writes
 * `cuid`, `nanoid`, `starts_with` …) is graded as such: a validator that does not know a format
 * ignores it (the MCP SDK's ajv runs with strict off and only warns), one that defines it may
 * reject values. Shared by the structured walk and the catch-all differ, so both grade it alike.
 * @module
 */
import type { JsonValue } from "../json.ts";

/**
 * The formats of JSON Schema draft 2020-12 (section 7.3 of its validation vocabulary), which
 * holds those of draft-07 and 2019-09.
 */
const DEFINED: ReadonlySet<string> = new Set([
  "date-time",
  "date",
  "time",
  "duration",
  "email",
  "idn-email",
  "hostname",
  "idn-hostname",
  "ipv4",
  "ipv6",
  "uri",
  "uri-reference",
  "iri",
  "iri-reference",
  "uuid",
  "uri-template",
  "json-pointer",
  "relative-json-pointer",
  "regex",
]);

/**
 * Formats JSON Schema does not define that the MCP SDK's validator enforces all the same: its ajv
 * loads ajv-formats (3.0.1), which checks these too (its `password` and `binary` accept every
 * value, so they are not here). Graded as defined formats are.
 */
const ENFORCED: ReadonlySet<string> = new Set([
  "url",
  "iso-time",
  "iso-date-time",
  "json-pointer-uri-fragment",
  "byte",
  "int32",
  "int64",
  "float",
  "double",
]);

/** Whether `value` names a format that JSON Schema does not define and the SDK does not check. */
export function isNonstandardFormat(value: JsonValue | undefined): value is string {
  return typeof value === "string" && !DEFINED.has(value) && !ENFORCED.has(value);
}

/**
 * Whether a format that went from `a` to `b` is graded tool.input.format.nonstandard: on an
 * input schema, outside `not`, `b` is a format JSON Schema does not define and differs from `a`
 * (absent, another format, or a defined one), so only validators that know `b` may reject
 * more calls. Removing a format, the output side and anything under `not` keep their variance.
 */
export function nonstandardFormatChange(
  a: JsonValue | undefined,
  b: JsonValue | undefined,
  at: { side: "input" | "output"; negated: boolean },
): boolean {
  return at.side === "input" && !at.negated && isNonstandardFormat(b) && a !== b &&
    (a === undefined || typeof a === "string");
}
