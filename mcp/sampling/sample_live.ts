/**
 * Active sampling: calls the configured tools of a live server over one connection and keeps the
 * shapes of their results, never the results. Only tools annotated `readOnlyHint: true` are
 * called unless an entry allows side effects; every call has a time limit, and a call that fails
 * is recorded as a failure of its tool, not raised.
 * @module
 */
import type { ServerInfo } from "../../core/contract.ts";
import { isObject, type JsonObject } from "../../core/json.ts";
import {
  failedCall,
  type FailureReason,
  mergeResponses,
  responseShapeOf,
  type ToolResponseShape,
} from "../../core/response/result.ts";
import { outputViolations } from "../../core/response/violations.ts";
import { connect, type Connection } from "../connect.ts";
import { fetchListing } from "../fetch_listing.ts";
import { liveFailure } from "../live.ts";
import { LiveError } from "../live_error.ts";
import type { LiveSource } from "../sources.ts";
import { StderrTail } from "../stderr_tail.ts";

/** One call to make. */
export interface SampleCall {
  tool: string;
  arguments: JsonObject;
  allowSideEffects: boolean;
  /** Time limit of this call in milliseconds. */
  timeoutMs: number;
}

/** What one sampling run found. */
export interface Sampled {
  /** The server's name and version as it reported them in `initialize`. */
  server: ServerInfo;
  /** Merged shapes by tool name. */
  responses: Record<string, ToolResponseShape>;
  /** Calls that produced no result, as people read them (secrets redacted). */
  problems: string[];
  /** Calls that returned a result. */
  answered: number;
}

/** Calls `calls` in order on a live server and returns the shapes of their results. */
export async function sampleLive(
  source: LiveSource,
  calls: readonly SampleCall[],
): Promise<Sampled> {
  const stderr = new StderrTail();
  const { redactor } = source;
  const longest = Math.max(source.timeouts.requestMs, ...calls.map((c) => c.timeoutMs));
  let connection: Connection;
  try {
    connection = await connect(source.target, {
      timeouts: { ...source.timeouts, requestMs: longest },
      stderr,
      redactor,
      maxMessageBytes: source.maxMessageBytes,
    });
  } catch (error) {
    if (error instanceof LiveError) {
      const quoted = stderr.lines(10, 300, redactor);
      throw liveFailure(source.label, error.message, quoted, redactor, "sample");
    }
    throw error;
  }
  try {
    // A sample calls tools: the other lists are not read (nor can their failures stop it).
    const listing = await fetchListing(connection, {
      redactor,
      listMs: source.timeouts.listMs,
      lists: ["tools"],
    }).catch((error) => {
      if (error instanceof LiveError) {
        const quoted = stderr.lines(10, 300, redactor);
        throw liveFailure(source.label, error.message, quoted, redactor, "sample");
      }
      throw error;
    });
    const tools = new Map(listing.tools.map((t) => [String(t.name), t]));
    const responses: Record<string, ToolResponseShape> = {};
    const problems: string[] = [];
    let answered = 0;
    for (const call of calls) {
      const tool = tools.get(call.tool);
      const outcome = await callOnce(connection, call, tool);
      if ("reason" in outcome) {
        problems.push(redactor.text(`tool "${call.tool}": ${outcome.detail}`));
      } else answered++;
      const shape = "reason" in outcome ? failedCall(outcome.reason) : outcome.shape;
      const seen = Object.hasOwn(responses, call.tool) ? responses[call.tool] : undefined;
      Object.defineProperty(responses, call.tool, {
        value: seen ? mergeResponses(seen, shape) : shape,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    const info = connection.info.serverInfo;
    const server: ServerInfo = {
      name: String(info.name ?? "unknown"),
      version: String(info.version ?? "unknown"),
    };
    return { server, responses, problems, answered };
  } finally {
    await connection.close();
  }
}

type Outcome = { shape: ToolResponseShape } | { reason: FailureReason; detail: string };

async function callOnce(
  connection: Connection,
  call: SampleCall,
  tool: JsonObject | undefined,
): Promise<Outcome> {
  if (!tool) return { reason: "unknownTool", detail: "the server does not list it; not called" };
  const annotations = isObject(tool.annotations) ? tool.annotations : {};
  if (annotations.readOnlyHint !== true && !call.allowSideEffects) {
    return {
      reason: "notReadOnly",
      detail:
        "not called: it is not annotated readOnlyHint: true (set allow_side_effects: true on the entry to call it anyway)",
    };
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<"timeout">((done) => {
    timer = setTimeout(() => done("timeout"), call.timeoutMs);
  });
  try {
    const result = await Promise.race([
      connection.request("tools/call", { name: call.tool, arguments: call.arguments }),
      timedOut,
    ]);
    if (result === "timeout") {
      return { reason: "timeout", detail: `no answer within ${call.timeoutMs / 1000}s` };
    }
    const violations = result.isError === true
      ? []
      : outputViolations(tool.outputSchema, result.structuredContent);
    return { shape: responseShapeOf(result, violations) };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const reason = /\bwithin\b/.test(message) ? "timeout" : "error";
    return { reason, detail: message };
  } finally {
    clearTimeout(timer);
  }
}
