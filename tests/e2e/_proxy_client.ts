/**
 * Helpers for the proxy tests: the official SDK client started on a command (a server, or
 * `proxar proxy` in front of one), recording every message it sends and receives in order, and
 * the proxar command line as a spawned process (the source, or `PROXAR_CMD`).
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import {
  CompleteResultSchema,
  CreateMessageRequestSchema,
  ListRootsRequestSchema,
} from "@modelcontextprotocol/sdk/types.js";
import assert from "node:assert/strict";
import { type ChildProcess, spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import process from "node:process";
import { baseEnv, proxarCommand, SOURCE_COMMAND } from "../helpers.ts";

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
  /**
   * Ends a stdio command's input, as a client that goes away does, and waits up to 30 s for it to
   * exit by itself (the SDK's close() kills it after 2 s, too soon on a loaded machine for a proxy
   * that writes what it saw on the way out); resolves to its exit code or signal, else fails
   * with its standard error.
   */
  endInput(): Promise<number | string | null>;
}

/** The command line that runs `proxar ARGS` as a process. */
export function proxarArgv(args: readonly string[]): string[] {
  return [...(proxarCommand() ?? SOURCE_COMMAND), ...args];
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
      env: { ...baseEnv(), ...options.env },
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
    endInput: async () => {
      const child = (transport as unknown as { _process?: ChildProcess })._process;
      if (!child) throw new Error("endInput() needs a running stdio command");
      const exited = child.exitCode !== null || child.signalCode !== null
        ? Promise.resolve(child.exitCode ?? child.signalCode)
        : new Promise<number | string | null>((done) =>
          child.once("close", (code, signal) => done(code ?? signal))
        );
      child.stdin?.end();
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<"late">((done) => (timer = setTimeout(() => done("late"), 30_000)));
      const outcome = await Promise.race([exited, late]);
      clearTimeout(timer);
      if (outcome === "late") {
        await client.close();
        throw new Error(`the command did not exit within 30 s of its input ending:\n${stderr}`);
      }
      await client.close();
      return outcome;
    },
  };
}

/** The same session against any command: every kind of message the protocol has. */
export async function session(c: RecordingClient): Promise<void> {
  const { client } = c;
  // server-everything asks for the roots at start and logs their receipt; wait for both, so
  // the rest of the session does not race with them.
  await c.rootsListed;
  while (
    c.roots && !c.transcript.some((r) => JSON.stringify(r.message).includes("Roots updated"))
  ) {
    await new Promise((done) => setTimeout(done, 20));
  }
  await client.listTools();
  await client.callTool({ name: "echo", arguments: { message: "hello through the proxy" } });
  await client.callTool({ name: "get-sum", arguments: { a: 2, b: 3 } });
  await client.listResources();
  await client.readResource({ uri: "demo://resource/static/document/architecture.md" });
  await client.listResourceTemplates();
  await client.listPrompts();
  await client.getPrompt({ name: "args-prompt", arguments: { city: "Berlin", state: "BE" } });
  await client.request({
    method: "completion/complete",
    params: {
      ref: { type: "ref/prompt", name: "completable-prompt" },
      argument: { name: "department", value: "En" },
    },
  }, CompleteResultSchema);
  await client.callTool(
    { name: "trigger-long-running-operation", arguments: { duration: 0.2, steps: 3 } },
    undefined,
    { onprogress: () => {} },
  );
  // Counted as they arrive, not in onprogress: the SDK runs notification handlers a microtask
  // late but responses at once, so a last progress read together with the result (as a loaded
  // machine does, direct or not) is dropped before its handler runs.
  const progress = c.transcript.filter((r) =>
    r.dir === "recv" && r.message.method === "notifications/progress"
  );
  assert.equal(progress.length, 3, JSON.stringify(progress));
  const sampled = await client.callTool({
    name: "trigger-sampling-request",
    arguments: { prompt: "say hi", maxTokens: 5 },
  });
  assert.match(JSON.stringify(sampled), /sampled: /);
  await client.callTool({ name: "no-such-tool", arguments: {} });
}

/** The transcript without what legitimately differs between runs. */
export function normalised(c: RecordingClient): string {
  return JSON.stringify(c.transcript, null, 1)
    .replace(/"timestamp": ?"[^"]*"/g, '"timestamp":"T"')
    .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/g, "TIME");
}

/**
 * Asserts that the client saw the same conversation through the proxy as direct (and that it
 * was a real one); with `PROXAR_TRANSCRIPTS=PREFIX`, both are written to `PREFIX.*.json` to compare.
 */
export function assertSameTranscript(direct: RecordingClient, proxied: RecordingClient): void {
  const prefix = process.env.PROXAR_TRANSCRIPTS;
  if (prefix) {
    writeFileSync(`${prefix}.direct.json`, normalised(direct));
    writeFileSync(`${prefix}.proxied.json`, normalised(proxied));
  }
  assert.equal(normalised(proxied), normalised(direct));
  assert.ok(direct.transcript.length > 20, `only ${direct.transcript.length} messages`);
}

/** Waits until `check` holds, asking every 50 ms for up to 30 s, else fails naming `what`. */
export async function until(
  what: string,
  check: () => boolean | Promise<boolean>,
): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (await check()) return;
    await new Promise((done) => setTimeout(done, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** A process started for a test, with its standard error collected. */
export interface Started {
  child: ChildProcess;
  stderr(): string;
  exited: Promise<number | string | null>;
  waitFor(pattern: RegExp): Promise<RegExpExecArray>;
  stop(): void;
}

/** Starts `command` with `env` (and `baseEnv()`), collecting its standard error. */
export function started(
  command: string[],
  env: Record<string, string> = {},
  cwd?: string,
): Started {
  const child = spawn(command[0]!, command.slice(1), {
    env: { ...baseEnv(), ...env },
    ...(cwd === undefined ? {} : { cwd }),
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  const exited = new Promise<number | string | null>((done) =>
    child.on("close", (code, signal) => done(code ?? signal))
  );
  const waitFor = async (pattern: RegExp): Promise<RegExpExecArray> => {
    for (let i = 0; i < 1200; i++) {
      const match = pattern.exec(stderr);
      if (match) return match;
      await new Promise((done) => setTimeout(done, 50));
    }
    throw new Error(`timed out waiting for ${pattern}; stderr: ${stderr}`);
  };
  // process.kill, not child.kill: Deno's ChildProcess.kill does not send one plain signal.
  const stop = () => process.kill(child.pid!, "SIGTERM");
  return { child, stderr: () => stderr, exited, waitFor, stop };
}

/** A loopback webhook receiver collecting the bodies POSTed to it, as text. */
export async function webhookReceiver(): Promise<
  { url: string; bodies: string[]; close(): void }
> {
  const bodies: string[] = [];
  const server = createServer((request, response) => {
    let text = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => (text += chunk));
    request.on("end", () => {
      bodies.push(text);
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/hook`, bodies, close: () => server.close() };
}
