/**
 * The built-in reporters, as one list.
 * @module
 */
import { changelogReporter } from "./changelog.ts";
import { githubReporter } from "./github.ts";
import { gitlabReporter } from "./gitlab.ts";
import { htmlReporter } from "./html.ts";
import { jsonReporter } from "./json.ts";
import { junitReporter } from "./junit.ts";
import { markdownReporter } from "./markdown.ts";
import type { Reporter } from "./reporter.ts";
import { sarifReporter } from "./sarif.ts";
import { textReporter } from "./text.ts";

/** Every built-in reporter. */
export const builtinReporters: readonly Reporter[] = [
  textReporter,
  jsonReporter,
  sarifReporter,
  markdownReporter,
  junitReporter,
  gitlabReporter,
  githubReporter,
  changelogReporter,
  htmlReporter,
];
