/**
 * What the relay needs to know of a JSON-RPC message without parsing it whole: its kind, id
 * and method. Every message is read at its ends first (a message's `id` sits first or last in
 * every SDK's output, its `method` first), so neither a 1 MB tool result nor a small call is
 * parsed on its way through; a message whose ends do not tell (a notification, keys in another
 * order) is parsed whole.
 * @module
 */
import type { Buffer } from "node:buffer";

/** The envelope of one JSON-RPC message. */
export interface Peeked {
  kind: "request" | "notification" | "response";
  /** The id as JSON text (`7`, `"abc"`), for requests and responses. */
  id?: string;
  /** The method, for requests and notifications. */
  method?: string;
}

/** How much of each end of a line is read for its envelope. */
const END_BYTES = 512;

const ID = String.raw`(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|"(?:[^"\\]|\\.)*")`;
/** `…,"id":7}` at the very end: the final brace closes the message, so the key is top-level. */
const TAIL_ID = new RegExp(String.raw`,\s*"id"\s*:\s*${ID}\s*\}\s*$`);
/** `{"jsonrpc":"2.0","id":7,` or `{"id":7,` at the very start. */
const HEAD_ID = new RegExp(
  String.raw`^\s*\{\s*(?:"jsonrpc"\s*:\s*"2\.0"\s*,\s*)?"id"\s*:\s*${ID}\s*,`,
);
/** The first key after an optional leading `jsonrpc` and `id`. */
const HEAD_KEY = new RegExp(
  String.raw`^\s*\{\s*(?:"jsonrpc"\s*:\s*"2\.0"\s*,\s*)?(?:"id"\s*:\s*${ID}\s*,\s*)?"([a-z]+)"\s*:`,
);
const HEAD_METHOD = new RegExp(
  String
    .raw`^\s*\{\s*(?:"jsonrpc"\s*:\s*"2\.0"\s*,\s*)?(?:"id"\s*:\s*${ID}\s*,\s*)?"method"\s*:\s*"([^"\\]*)"`,
);

/**
 * Reads the envelope of a message; undefined when the line is not a JSON-RPC message (then the
 * relay logs it and passes it on unchanged, or drops it, as its caller decides).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Buffer } from "node:buffer";
 * import { peek } from "./peek.ts";
 * assert.deepEqual(peek(Buffer.from('{"jsonrpc":"2.0","id":3,"method":"tools/list"}')), {
 *   kind: "request", id: "3", method: "tools/list",
 * });
 * ```
 */
export function peek(line: Buffer): Peeked | undefined {
  const fast = peekEnds(line);
  if (fast) return fast;
  let value: unknown;
  try {
    value = JSON.parse(line.toString("utf8"));
  } catch {
    return undefined;
  }
  return envelope(value);
}

/** The envelope of an already parsed message. */
export function envelope(value: unknown): Peeked | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  const message = value as Record<string, unknown>;
  const id = message.id;
  const hasId = typeof id === "string" || typeof id === "number";
  if (typeof message.method === "string") {
    return hasId
      ? { kind: "request", id: JSON.stringify(id), method: message.method }
      : { kind: "notification", method: message.method };
  }
  if (hasId && ("result" in message || "error" in message)) {
    return { kind: "response", id: JSON.stringify(id) };
  }
  return undefined;
}

/**
 * The envelope read at the ends of the line, as Latin-1 (one character a byte, so the ends are
 * cut anywhere safely); undefined when the ends do not tell, or an id or method read there holds
 * other than ASCII (then the line is parsed whole).
 */
function peekEnds(line: Buffer): Peeked | undefined {
  const whole = line.length <= END_BYTES * 2;
  const head = line.toString("latin1", 0, whole ? line.length : END_BYTES);
  const tail = whole ? head : line.toString("latin1", line.length - END_BYTES);
  const key = HEAD_KEY.exec(head)?.[2];
  const id = HEAD_ID.exec(head)?.[1] ?? TAIL_ID.exec(tail)?.[1];
  if (id === undefined || !ASCII.test(id)) return undefined;
  if (key === "result" || key === "error") return { kind: "response", id };
  // A method without an id found at either end may still have one in the middle: parse it.
  const method = HEAD_METHOD.exec(head)?.[2];
  return method === undefined || !ASCII.test(method) ? undefined : { kind: "request", id, method };
}

const ASCII = /^[\x20-\x7e]*$/;
