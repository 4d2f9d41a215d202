/**
 * Parses and validates `proxar.yaml` text. Every error names `file:line:column`.
 * Pure: the caller reads the file.
 * @module
 */
import { isMap, isScalar, LineCounter, type Node, parseDocument, type YAMLMap } from "yaml";
import type { Config } from "./config.ts";
import { configFromValue, type Located } from "./config_build.ts";
import { parseSimpleConfig } from "./config_simple.ts";
import { UserError } from "./errors.ts";

type Pair = YAMLMap["items"][number];

function locator(file: string, doc: ReturnType<typeof parseDocument>, lines: LineCounter): Located {
  // Each mapping's pairs by key, built on its first lookup: the config's checks locate every
  // entry they read, which searched one by one took 27 s for 20,000 severity_overrides.
  const byKey = new WeakMap<YAMLMap, Map<string, Pair>>();
  const pairOf = (map: YAMLMap, token: string): Pair | undefined => {
    let pairs = byKey.get(map);
    if (!pairs) {
      pairs = new Map();
      for (const p of map.items) {
        const name = isScalar(p.key) ? String(p.key.value) : undefined;
        if (name !== undefined && !pairs.has(name)) pairs.set(name, p);
      }
      byKey.set(map, pairs);
    }
    return pairs.get(token);
  };
  return {
    where(tokens, key = false) {
      let node: unknown = doc.contents;
      let offset = 0;
      for (const [index, token] of tokens.entries()) {
        if (isMap(node)) {
          const pair = pairOf(node, String(token));
          if (!pair) break;
          const keyNode = pair.key as Node;
          if (key && index === tokens.length - 1) {
            offset = keyNode.range?.[0] ?? offset;
            node = undefined;
            break;
          }
          node = pair.value;
          offset = (pair.value as Node | null)?.range?.[0] ?? keyNode.range?.[0] ?? offset;
        } else if (node && typeof node === "object" && "items" in node) {
          const item = (node as { items: Node[] }).items[Number(token)];
          if (!item) break;
          node = item;
          offset = item.range?.[0] ?? offset;
        } else break;
      }
      const pos = lines.linePos(offset);
      return `${file}:${pos.line}:${pos.col}`;
    },
  };
}

/**
 * Parses `proxar.yaml` text into a {@link Config}, defaults filled in. Text in the plain block
 * style most configurations use is read without the YAML parser ({@link parseSimpleConfig});
 * other text, and any configuration with a problem, through it.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseConfig } from "./config_load.ts";
 * const config = parseConfig("fail_on: POTENTIALLY_BREAKING\n", "proxar.yaml");
 * assert.ok(config.fail_on === "POTENTIALLY_BREAKING");
 * ```
 */
export function parseConfig(text: string, file: string): Config {
  return parseSimpleConfig(text, file) ?? parseYamlConfig(text, file);
}

/** {@link parseConfig} through the YAML parser: the one that words every error. */
export function parseYamlConfig(text: string, file: string): Config {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  const at = locator(file, doc, lines);
  const syntax = doc.errors[0];
  if (syntax) {
    const pos = lines.linePos(syntax.pos[0]);
    const reason = syntax.message.split("\n")[0]?.replace(/ at line \d+, column \d+:?$/, "");
    throw new UserError(`${file}:${pos.line}:${pos.col}: invalid YAML: ${reason}`);
  }
  let raw: ReturnType<typeof doc.toJS>;
  try {
    raw = doc.toJS({ maxAliasCount: 100 }) ?? {};
  } catch (error) {
    if (!/alias/i.test((error as Error)?.message ?? "")) throw error;
    throw new UserError(
      `${file}: invalid YAML: its aliases expand to too many values (an alias bomb?); write the values out instead`,
    );
  }
  return configFromValue(raw, file, at);
}
