/**
 * The names of the built-in reporters, in the order `reporters/mod.ts` lists them, for help
 * text that must not load the reporters themselves (a test keeps the two lists equal).
 * @module
 */

/** Every built-in reporter's `--format` name. */
export const BUILTIN_REPORTER_NAMES: readonly string[] = [
  "text",
  "json",
  "sarif",
  "markdown",
  "junit",
  "gitlab",
  "github",
  "changelog",
  "html",
];
