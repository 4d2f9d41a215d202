// deno-lint-ignore-file no-console -- ajv warns on console about formats it does not know
/**
 * The validators of the oracle, one per dialect. MCP SDK 1.32.2 validates with ajv 8's default
 * (draft-07) class whatever `$schema` says, and ignores the 2020-12 keywords draft-07 does not
 * know (`prefixItems`, `dependentRequired`, `minContains` …); Proxar reads a schema without
 * `$schema` as 2020-12 (MCP 2025-11-25). A schema that declares 2020-12, or uses a keyword only
 * 2020-12 gives a meaning, is judged by ajv's Ajv2020 class with the SDK's options, passed to the
 * SDK's own provider as its documentation shows; every other schema by the SDK's default
 * validator, as MCP clients run it.
 * @module
 */
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { isObject, type JsonValue } from "../../../core/json.ts";

export type Dialect = "draft-07" | "2020-12";

/** Where a value failed: ajv's `instancePath` and `schemaPath` of one error. */
export interface Failure {
  instancePath: string;
  schemaPath: string;
}

/** A compiled schema: whether a value is valid, and where it fails when not. */
export interface Check {
  dialect: Dialect;
  valid(v: JsonValue): boolean;
  failures(v: JsonValue): Failure[];
}

/** Keywords only 2020-12 (or 2019-09) gives a meaning; draft-07 ajv ignores them. */
export const KEYWORDS_2020 = [
  "prefixItems",
  "dependentRequired",
  "dependentSchemas",
  "unevaluatedProperties",
  "unevaluatedItems",
  "minContains",
  "maxContains",
  "$dynamicRef",
];

function uses2020(s: JsonValue): boolean {
  if (Array.isArray(s)) return s.some(uses2020);
  if (!isObject(s)) return false;
  return Object.entries(s).some(([k, v]) =>
    k === "enum" || k === "const" || k === "default" ? false : KEYWORDS_2020.includes(k) ||
      uses2020(v)
  );
}

function declaredDialect(s: JsonValue): Dialect | undefined {
  const declared = isObject(s) ? s.$schema : undefined;
  if (typeof declared !== "string") return undefined;
  return /json-schema\.org\/draft\/20(19-09|20-12)\/schema/.test(declared) ? "2020-12" : "draft-07";
}

/**
 * The dialects two schemas of a pair are judged in: what each one's `$schema` declares, else
 * 2020-12 when either declares it or uses a keyword only 2020-12 gives a meaning (a keyword
 * added or removed must be read in the same dialect on both sides), else draft-07.
 */
export function dialectsOf(old: JsonValue, next: JsonValue): [Dialect, Dialect] {
  const [a, b] = [declaredDialect(old), declaredDialect(next)];
  const modern = a === "2020-12" || b === "2020-12" || uses2020(old) || uses2020(next);
  const fallback: Dialect = modern ? "2020-12" : "draft-07";
  return [a ?? fallback, b ?? fallback];
}

/** Ajv2020 with the options MCP SDK 1.32.2 gives its default ajv (ajv-provider.js). */
function ajv2020(): Ajv2020 {
  const ajv = new Ajv2020({
    strict: false,
    validateFormats: true,
    validateSchema: false,
    allErrors: true,
  });
  addFormats.default(ajv);
  return ajv;
}

interface Provider {
  sdk: AjvJsonSchemaValidator;
  ajv: { compile(s: object): { (v: unknown): boolean; errors?: unknown } };
}

function provider(dialect: Dialect): Provider {
  if (dialect === "2020-12") {
    const ajv = ajv2020();
    return { sdk: new AjvJsonSchemaValidator(ajv), ajv };
  }
  const sdk = new AjvJsonSchemaValidator();
  // The SDK's own ajv instance (a private field): it caches what getValidator() compiled, and
  // the compiled function keeps the errors the SDK's wrapper only renders as text.
  return { sdk, ajv: (sdk as unknown as { _ajv: Provider["ajv"] })._ajv };
}

const providers: Record<Dialect, Provider> = {
  "draft-07": provider("draft-07"),
  "2020-12": provider("2020-12"),
};
let compiled = 0;

/** The validator of `schema` in its dialect, or undefined when ajv cannot compile it. */
export function checkOf(schema: JsonValue, dialect: Dialect): Check | undefined {
  // A fresh ajv now and then: each one caches every schema it compiled.
  if (++compiled % 500 === 0) {
    providers["draft-07"] = provider("draft-07");
    providers["2020-12"] = provider("2020-12");
  }
  const { sdk, ajv } = providers[dialect];
  const warn = console.warn;
  try {
    // ajv warns about formats it does not know (strict off ignores them): expected here.
    console.warn = () => {};
    const check = sdk.getValidator(schema as Record<string, unknown>);
    const raw = ajv.compile(schema as object);
    return {
      dialect,
      valid: (v) => check(v).valid,
      failures: (v) => {
        if (raw(v)) return [];
        const errors = (raw.errors ?? []) as Failure[];
        return errors.map(({ instancePath, schemaPath }) => ({ instancePath, schemaPath }));
      },
    };
  } catch {
    return undefined;
  } finally {
    console.warn = warn;
  }
}
