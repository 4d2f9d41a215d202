/** Proxar's version; a test keeps it equal to `package.json`. */
export const VERSION = "0.1.0";

/**
 * Set by the build scripts (`bun build --define` for the binary, a definition prepended to the
 * emitted module for the npm package); never defined when the source runs directly.
 */
declare const PROXAR_COMMIT: string | undefined;

/** The git commit this build was made from, when a build recorded it. */
export const COMMIT: string | undefined = typeof PROXAR_COMMIT === "string"
  ? PROXAR_COMMIT
  : undefined;

/**
 * What `proxar --version` prints: `proxar 0.1.0 (1a2b3c4d5e6f)`, without the parenthesis when
 * the commit is unknown.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { versionLine } from "./version.ts";
 * assert.match(versionLine(), /^proxar \d+\.\d+\.\d+/);
 * ```
 */
export function versionLine(): string {
  return COMMIT ? `proxar ${VERSION} (${COMMIT})` : `proxar ${VERSION}`;
}
