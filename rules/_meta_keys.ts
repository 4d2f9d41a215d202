/**
 * How a change of `_meta` is graded. The MCP specification reserves `_meta` for additional
 * metadata and leaves each key's meaning to whoever defines it (MCP itself, an extension, a
 * vendor): a client acts only on keys it knows and ignores the rest. So adding keys breaks no
 * client that does not know them, and what it does to a client that knows them depends on the
 * key. Proxar knows a few: those that only offer more (MCP Apps' `ui` with its UI resource, the
 * OpenAI Apps SDK's widget keys, FastMCP's own `_fastmcp`), and MCP Apps' `ui.visibility`,
 * which can take a tool away from the model.
 * @module
 */
import { isObject, jsonEqual, type JsonValue } from "../core/json.ts";
import type { Severity } from "../core/severity.ts";

/**
 * Keys that, added, only offer clients that know them more (a UI beside the result, status text,
 * tags the framework reads itself); `ui` counts only while its visibility keeps the model.
 */
export const ADDITIVE_META_KEYS: readonly string[] = [
  "_fastmcp",
  "openai/outputTemplate",
  "openai/toolInvocation/invoked",
  "openai/toolInvocation/invoking",
  "openai/widgetAccessible",
  "ui",
  "ui/resourceUri",
];

/** The rationale the `_meta` rules share (tool.meta.changed adds MCP Apps' visibility). */
export const META_RATIONALE =
  "The MCP specification reserves _meta for additional metadata and leaves each key's meaning to whoever defines it (MCP itself, an extension such as MCP Apps, a vendor); clients act on the keys they know and ignore the rest. An empty _meta added or dropped is NON_BREAKING: it holds no key, so no client reads anything different (next-devtools-mcp 0.2.6 announced _meta {} on every tool, and 0.3.1 dropped it). A key changed or removed is POTENTIALLY_BREAKING: clients that read it (an MCP Apps host reading the UI resource, for example) may show or do something else. Keys only added break no client that does not know them, so what they do depends on the key: NON_BREAKING when Proxar knows each as one that only offers clients more (MCP Apps' ui and ui/resourceUri, the OpenAI Apps SDK's openai/outputTemplate, openai/toolInvocation/invoking and /invoked and openai/widgetAccessible, FastMCP's own _fastmcp), POTENTIALLY_BREAKING for any other key, since what it means to the clients that know it is not modelled, and what is not modelled never passes silently.";

/** How a `_meta` change is graded, when the rule's default does not hold, and why. */
export interface MetaGrade {
  severity: Severity;
  /** Ends the finding's message. */
  why: string;
}

/** Whether a tool's `_meta` keeps it from the model (MCP Apps `ui.visibility` without "model"). */
function hiddenFromModel(meta: JsonValue | undefined): boolean {
  const ui = isObject(meta) ? meta.ui : undefined;
  const visibility = isObject(ui) ? ui.visibility : undefined;
  return Array.isArray(visibility) && !visibility.includes("model");
}

const quoted = (keys: string[]) => keys.map((k) => `"${k}"`).join(", ");

/**
 * The grade of a `_meta` change from `before` to `after` on a tool (`tool` true) or another entity:
 * BREAKING when a tool's MCP Apps visibility comes to leave out the model; NON_BREAKING when
 * neither side holds a key (an empty `_meta` added or dropped); when keys were only
 * added, NON_BREAKING if Proxar knows each as one that offers more, else POTENTIALLY_BREAKING
 * naming the keys it does not know. Undefined when keys were changed or removed: clients that read
 * them may act differently, which the rule's own POTENTIALLY_BREAKING says.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { metaGrade } from "./_meta_keys.ts";
 * assert.equal(metaGrade(undefined, { ui: { resourceUri: "ui://a" } }, true)?.severity, "NON_BREAKING");
 * assert.equal(metaGrade(undefined, { "com.acme/x": 1 }, true)?.severity, "POTENTIALLY_BREAKING");
 * assert.equal(metaGrade({ a: 1 }, {}, true), undefined);
 * assert.equal(metaGrade(undefined, {}, true)?.severity, "NON_BREAKING");
 * ```
 */
export function metaGrade(
  before: JsonValue | undefined,
  after: JsonValue | undefined,
  tool: boolean,
): MetaGrade | undefined {
  if (tool && hiddenFromModel(after) && !hiddenFromModel(before)) {
    return {
      severity: "BREAKING",
      why:
        ': its MCP Apps ui.visibility leaves out "model" now, so hosts keep the tool from the model and agents can no longer call it',
    };
  }
  const a = before === undefined ? {} : before;
  const b = after === undefined ? {} : after;
  if (!isObject(a) || !isObject(b)) return undefined;
  if (Object.keys(a).length === 0 && Object.keys(b).length === 0) {
    return {
      severity: "NON_BREAKING",
      why: ": it holds no key either way, so no client reads anything different",
    };
  }
  if (Object.keys(a).some((k) => !Object.hasOwn(b, k) || !jsonEqual(a[k], b[k]))) {
    return undefined;
  }
  const added = Object.keys(b).filter((k) => !Object.hasOwn(a, k)).sort();
  if (added.length === 0) return undefined;
  const unknown = added.filter((k) => !ADDITIVE_META_KEYS.includes(k));
  if (unknown.length === 0) {
    return {
      severity: "NON_BREAKING",
      why: `: added ${
        quoted(added)
      }; Proxar knows these keys only offer clients that read them more (a UI, status text, framework tags), and other clients ignore _meta keys they do not know`,
    };
  }
  return {
    severity: "POTENTIALLY_BREAKING",
    why: `: added ${
      quoted(unknown)
    }, which Proxar does not know; clients that do not know a _meta key ignore it, but one that reads it may treat the ${
      tool ? "tool" : "entry"
    } differently`,
  };
}
