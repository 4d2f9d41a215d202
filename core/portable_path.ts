/**
 * Paths as reports and messages name them: with "/" between their parts on every system, so a
 * report made on Windows is byte for byte the one made on Linux, and SARIF, JUnit and Markdown
 * readers (which take repository paths) find the file.
 * @module
 */
import { relative, sep } from "node:path";

/**
 * `path` with the system's separator written as "/". On systems whose separator is "/" it is
 * unchanged (a backslash there is part of a name).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { portablePath } from "./portable_path.ts";
 * assert.equal(portablePath("contracts\\v1\\tools.json", "\\"), "contracts/v1/tools.json");
 * assert.equal(portablePath("odd\\name.json", "/"), "odd\\name.json");
 * ```
 */
export function portablePath(path: string, separator: string = sep): string {
  return separator === "/" ? path : path.replaceAll(separator, "/");
}

/** `path` relative to `from`, as {@link portablePath} writes it. */
export function relativePortable(from: string, path: string): string {
  return portablePath(relative(from, path));
}
