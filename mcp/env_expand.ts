/**
 * `${VAR}` in server settings, replaced from the environment. A missing variable is an error
 * naming it and the place that uses it; `$${VAR}` stands for a literal `${VAR}`.
 * @module
 */
import { UserError } from "../core/errors.ts";

/** The expanded text and the values that came from variables (they are secrets). */
export interface Expanded {
  text: string;
  substituted: string[];
}

/**
 * Replaces every `${NAME}` in `text` from `env`. `where` names the place in messages
 * (`proxar.yaml: servers.issues-mcp.env.TOKEN`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { expandVariables } from "./env_expand.ts";
 * const { text } = expandVariables("Bearer ${TOKEN}", { TOKEN: "abc" }, "headers.Authorization");
 * assert.equal(text, "Bearer abc");
 * ```
 */
export function expandVariables(
  text: string,
  env: Readonly<Record<string, string | undefined>>,
  where: string,
): Expanded {
  const substituted: string[] = [];
  const out = text.replace(/\$(\$?)\{([^}]*)\}/g, (whole, escaped: string, name: string) => {
    if (escaped) return whole.slice(1);
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) {
      throw new UserError(`${where}: "\${${name}}" is not a valid variable name`);
    }
    const value = env[name];
    if (value === undefined) {
      throw new UserError(`${where}: the environment variable "${name}" is not set`);
    }
    substituted.push(value);
    return value;
  });
  return { text: out, substituted };
}
