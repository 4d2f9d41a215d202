/**
 * Server names become file names in the snapshot store (`history/<name>/`, `pinned/<name>.json`),
 * so they must be safe on every operating system the store may be committed from or checked out on.
 * @module
 */

const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** Names Windows reserves for devices, with or without an extension (`CON`, `nul.json`, `COM1`). */
const WINDOWS_RESERVED = /^(CON|PRN|AUX|NUL|COM[0-9¹²³]|LPT[0-9¹²³])(\..*)?$/i;

/**
 * Why `name` cannot name a server, or undefined when it can.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { serverNameProblem } from "./server_name.ts";
 * assert.equal(serverNameProblem("issues-mcp"), undefined);
 * assert.equal(serverNameProblem("con"), '"con" is a device name on Windows');
 * ```
 */
export function serverNameProblem(name: string): string | undefined {
  if (!SAFE_NAME.test(name) || name.includes("..")) {
    return `use letters, digits, ".", "_" and "-"`;
  }
  if (WINDOWS_RESERVED.test(name)) return `"${name}" is a device name on Windows`;
  if (name.endsWith(".")) return "a name ending in a dot cannot be a file name on Windows";
  return undefined;
}
