/**
 * The built-in reporters, as one list.
 * @module
 */
import { jsonReporter } from "./json.ts";
import type { Reporter } from "./reporter.ts";
import { textReporter } from "./text.ts";

/** Every built-in reporter. */
export const builtinReporters: readonly Reporter[] = [textReporter, jsonReporter];
