/**
 * A definition (`$defs`, `definitions`) that several places use is walked at each of them, so a
 * change inside it came out once per use: the same rule, severity, values and pointer under the
 * path of each place. {@link oncePerDefinition} keeps one finding of each such group, at the
 * definition's own path, naming the places that use it. Findings that differ in anything but
 * their path (a use under `not`, where the grade flips; a use whose old side referred to another
 * definition) stay apart.
 * @module
 */
import { pointerTokens, stableStringify } from "../json.ts";
import type { SchemaDelta } from "./types.ts";

/** Whether a pointer below `base` passes through a definitions container. */
function inDefinitions(pointer: string, base: string): string[] | undefined {
  if (!pointer.startsWith(`${base}/`)) return undefined;
  const tokens = pointerTokens(pointer.slice(base.length));
  return tokens.some((t, i) => (t === "$defs" || t === "definitions") && i + 1 < tokens.length)
    ? tokens
    : undefined;
}

/**
 * `deltas` with each group of findings that differ only in their path, inside a definition,
 * reported once: at the definition's path (`t.inputSchema.$defs.S.maxLength`), its message
 * naming the places that use it. Order is kept (a group stands where its first member stood).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { oncePerDefinition } from "./_shared_definitions.ts";
 * const use = (at: string) => ({
 *   facet: "maxLength", location: "/$defs/S", rule: "tool.input.maxLength.narrowed",
 *   severity: "BREAKING" as const, pointer: "/tools/0/inputSchema/$defs/S/maxLength",
 *   path: `t.inputSchema.${at}.maxLength`, message: `t.inputSchema.${at}: maxLength tightened`,
 * });
 * const [one, ...rest] = oncePerDefinition([use("properties.a"), use("properties.b")], {
 *   basePath: "t.inputSchema", basePointer: "/tools/0/inputSchema",
 * });
 * assert.equal(rest.length, 0);
 * assert.equal(one!.path, "t.inputSchema.$defs.S.maxLength");
 * ```
 */
export function oncePerDefinition(
  deltas: readonly SchemaDelta[],
  where: { basePath: string; basePointer: string },
): SchemaDelta[] {
  const groups = new Map<string, SchemaDelta[]>();
  const keyOf = new Map<SchemaDelta, string>();
  for (const d of deltas) {
    if (inDefinitions(d.pointer, where.basePointer) === undefined) continue;
    // Values compared whatever the order their keys are written in: two uses that name equal
    // schemas are one change however each file (or each branch) orders them.
    const key = stableStringify([
      d.rule,
      d.severity,
      d.pointer,
      d.oldPointer ?? null,
      d.newPointer ?? null,
      d.old ?? null,
      d.new ?? null,
      d.hint ?? null,
    ]);
    keyOf.set(d, key);
    groups.set(key, [...groups.get(key) ?? [], d]);
  }
  const out: SchemaDelta[] = [];
  for (const d of deltas) {
    const key = keyOf.get(d);
    const group = key === undefined ? undefined : groups.get(key)!;
    if (group === undefined || group.length === 1) {
      out.push(d);
      continue;
    }
    if (group[0] !== d) continue;
    const tokens = inDefinitions(d.pointer, where.basePointer)!;
    const path = [where.basePath, ...tokens].join(".");
    // The place each use names: its path below the schema root, without the keyword.
    const tail = (p: string) => p.slice(where.basePath.length + 1);
    const keyword = d.path.slice(d.path.lastIndexOf(".") + 1);
    const suffix = tokens.at(-1) === keyword ? `.${keyword}` : "";
    const node = (p: string) => suffix && p.endsWith(suffix) ? p.slice(0, -suffix.length) : p;
    const uses = [...new Set(group.map((g) => tail(node(g.path))))];
    const own = node(d.path);
    const defNode = node(path);
    const message = d.message.startsWith(`${own}:`)
      ? `${defNode}${d.message.slice(own.length)}`
      : d.message;
    out.push({
      ...d,
      path,
      usedAt: [...new Set(group.map((g) => g.path))],
      message: `${message} (in a definition used at ${uses.join(", ")}: reported once)`,
    });
  }
  return out;
}
