/**
 * Parses and validates `proxar.yaml` text. Every error names `file:line:column`.
 * Pure: the caller reads the file.
 * @module
 */
import { isMap, isScalar, LineCounter, type Node, parseDocument, visit, type YAMLMap } from "yaml";
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

type Document = ReturnType<typeof parseDocument>;

/**
 * `text` parsed with the duplicate-key check. The YAML parser's own check compares each key with
 * every earlier key of its mapping (20,000 severity_overrides: 3.4 s of a 4.2 s parse), so the
 * text is parsed without it first, and again with it only when a mapping repeats a key, to word
 * that error as the parser does. The parser's check finds a key equal to an earlier one when both
 * are scalars with the same value by `===`, or the same node: what {@link repeatsKey} finds.
 */
function parseYaml(text: string): { doc: Document; lines: LineCounter } {
  const options = { prettyErrors: false } as const;
  const lines = new LineCounter();
  const doc = parseDocument(text, { ...options, lineCounter: lines, uniqueKeys: false });
  if (!repeatsKey(doc)) return { doc, lines };
  const again = new LineCounter();
  return {
    doc: parseDocument(text, { ...options, lineCounter: again, uniqueKeys: true }),
    lines: again,
  };
}

/** Whether a mapping of `doc` has two keys the YAML parser's duplicate-key check holds equal. */
function repeatsKey(doc: Document): boolean {
  let repeats = false;
  visit(doc, {
    Map(_, map) {
      const seen = new Set<unknown>();
      for (const { key } of map.items) {
        // Scalars are equal when their values are `===` (NaN equals nothing); a key of another
        // kind equals only itself, and the parser gives each pair a node of its own.
        if (!isScalar(key) || Number.isNaN(key.value)) continue;
        if (seen.has(key.value)) {
          repeats = true;
          return visit.BREAK;
        }
        seen.add(key.value);
      }
      return undefined;
    },
  });
  return repeats;
}

/** {@link parseConfig} through the YAML parser: the one that words every error. */
export function parseYamlConfig(text: string, file: string): Config {
  const { doc, lines } = parseYaml(text);
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
