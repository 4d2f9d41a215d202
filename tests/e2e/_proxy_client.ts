/**
 * Helpers for the proxy tests: the official SDK client started on a command (a server, or
 * `proxar proxy` in front of one), recording every message it sends and receives in order, and
 * the proxar command line as a spawned process (the source, or `PROXAR_CMD`).
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import {
  CreateMessageRequestSchema,
  ListRootsRequestSchema,
} from "@modelcontextprotocol/sdk/types.js";
import process from "node:process";
import { DENO_SOURCE_COMMAND, proxarCommand } from "../helpers.ts";

/** One recorded message: who sent it, and the message. */
export interface Recorded {
  dir: "send" | "recv";
  message: Record<string, unknown>;
}

/** A connected client and what it saw. */
export interface RecordingClient {
  client: Client;
  transcript: Recorded[];
  stderr: () => string;
  /**
   * Settles once the server asked for the client's roots (server-everything does at start), or
   * at once when the client offers no roots.
   */
  rootsListed: Promise<void>;
  roots: boolean;
  pid: () => number | null;
  close(): Promise<void>;
}

/** The command line that runs `proxar ARGS` as a process. */
export function proxarArgv(args: readonly string[]): string[] {
  return [...(proxarCommand() ?? DENO_SOURCE_COMMAND), ...args];
}

/** Starts `command` and connects the SDK client to it, answering sampling requests. */
export async function connectRecording(
  command: readonly string[] | URL,
  options: { cwd?: string; env?: Record<string, string>; roots?: boolean } = {},
): Promise<RecordingClient> {
  let stderr = "";
  const transport = command instanceof URL
    ? new StreamableHTTPClientTransport(command)
    : new StdioClientTransport({
      command: command[0]!,
      args: command.slice(1),
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...options.env },
      ...(options.cwd ? { cwd: options.cwd } : {}),
      stderr: "pipe",
    });
  if (transport instanceof StdioClientTransport) {
    transport.stderr?.on("data", (chunk: Uint8Array) => {
      stderr += new TextDecoder().decode(chunk);
    });
  }
  const transcript: Recorded[] = [];
  type Message = Record<string, unknown>;
  type Handler = (message: Message, extra?: unknown) => void;
  const raw = transport as unknown as {
    send(message: Message, options?: unknown): Promise<void>;
    onmessage?: Handler;
  };
  const send = raw.send.bind(raw);
  raw.send = (message, opts) => {
    transcript.push({ dir: "send", message: structuredClone(message) });
    return send(message, opts);
  };
  let inner: Handler | undefined;
  Object.defineProperty(raw, "onmessage", {
    configurable: true,
    get: () => inner,
    set: (handler: Handler | undefined) => {
      inner = handler && ((message, extra) => {
        transcript.push({ dir: "recv", message: structuredClone(message) });
        handler(message, extra);
      });
    },
  });
  const client = new Client({ name: "proxy-test", version: "1.0.0" }, {
    capabilities: options.roots === false
      ? { sampling: {} }
      : { sampling: {}, roots: { listChanged: true } },
  });
  client.setRequestHandler(
    CreateMessageRequestSchema,
    (request: { params: { messages: { content: unknown }[] } }) => ({
      model: "test-model",
      role: "assistant",
      content: {
        type: "text",
        text: `sampled: ${JSON.stringify(request.params.messages[0]?.content)}`,
      },
    }),
  );
  let rootsAsked = () => {};
  const rootsListed = new Promise<void>((done) => (rootsAsked = done));
  if (options.roots === false) rootsAsked();
  else {client.setRequestHandler(ListRootsRequestSchema, () => {
      rootsAsked();
      return { roots: [{ uri: "file:///tmp/proxy-test", name: "test root" }] };
    });}
  await client.connect(transport);
  return {
    client,
    transcript,
    stderr: () => stderr,
    rootsListed,
    roots: options.roots !== false,
    pid: () => (transport instanceof StdioClientTransport ? transport.pid : null),
    close: () => client.close(),
  };
}
