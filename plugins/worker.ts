/**
 * The worker that runs one plugin: it imports and checks the plugin, then runs its rules and
 * reporters on request. A rule sees frozen copies of the contracts, pairs and schema deltas, so
 * nothing it does reaches Proxar or another plugin; Proxar stops the worker when a rule runs past
 * its time limit. Errors nobody caught (a late rejection, a throw in a timer) fail the rule that
 * is running, or the next request.
 * @module
 */
import process from "node:process";
import { parentPort, workerData } from "node:worker_threads";
import { isUserError } from "../core/errors.ts";
import { deepFreeze, findingProblem, MAX_PLUGIN_FINDINGS } from "../core/finding_check.ts";
import type { JsonValue } from "../core/json.ts";
import { classifyProse } from "../core/prose.ts";
import { contractIdentifiers } from "../core/prose_case.ts";
import type { Finding, RuleContext } from "../core/rule.ts";
import type { ToolSchemaDelta } from "../core/schema/compare_tool.ts";
import {
  type Reply,
  type Request,
  type RuleInput,
  START_SEQ,
  type WorkerStart,
} from "./_protocol.ts";
import { type LoadedPlugin, loadPlugin } from "./load.ts";

const port = parentPort;
let crash: string | undefined;
let busy = false;

/** Sends `reply` as the answer to request `seq` (a crash answers none). */
function send(reply: Reply, seq?: number): void {
  const tagged: Reply = seq === undefined ? reply : { ...reply, seq };
  try {
    port?.postMessage(tagged);
  } catch (error) {
    port?.postMessage({ type: "failed", message: `failed: ${describe(error)}`, seq });
  }
}

function describe(error: unknown): string {
  try {
    const text = error instanceof Error ? error.message : String(error);
    return text.split("\n")[0] || String(error);
  } catch {
    return "an unprintable error";
  }
}

function uncaught(kind: string) {
  return (error: unknown) => {
    const message = `${kind}: ${describe(error)}`;
    if (busy) crash ??= message;
    else send({ type: "crash", message });
  };
}

process.on("unhandledRejection", uncaught("unhandled promise rejection"));
process.on("uncaughtException", uncaught("uncaught exception"));

/** Whether a value is plain JSON data (checked without recursion). */
function isJson(value: unknown): boolean {
  const stack = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (v === null || typeof v === "string" || typeof v === "boolean") continue;
    if (typeof v === "number" && Number.isFinite(v)) continue;
    if (Array.isArray(v)) { for (const item of v) stack.push(item); }
    else if (typeof v === "object" && Object.getPrototypeOf(v) === Object.prototype) {
      for (const item of Object.values(v)) stack.push(item);
    } else return false;
  }
  return true;
}

/** A copy of a finding holding only its documented fields, or a description of the problem. */
function copyFinding(value: unknown): Finding | string {
  const problem = findingProblem(value);
  if (problem) return problem;
  const f = value as Finding;
  const copy: Finding = {
    entity: { kind: f.entity.kind, name: f.entity.name },
    path: f.path,
    pointer: f.pointer,
    message: f.message,
  };
  for (const key of ["old", "new", "prose"] as const) {
    if (f[key] === undefined) continue;
    if (!isJson(f[key])) return `${key} must be plain JSON data`;
    (copy as unknown as Record<string, JsonValue>)[key] = f[key] as JsonValue;
  }
  if (f.severity !== undefined) copy.severity = f.severity;
  if (f.hint !== undefined) copy.hint = f.hint;
  if (f.oldPointer !== undefined) copy.oldPointer = f.oldPointer;
  if (f.newPointer !== undefined) copy.newPointer = f.newPointer;
  if (f.usedAt !== undefined) copy.usedAt = [...f.usedAt];
  return copy;
}

const settle = () => new Promise((done) => setTimeout(done, 0));

let input: RuleInput | undefined;
let identifiers: Set<string> | undefined;
let deltasByRule = new Map<string, ToolSchemaDelta[]>();

async function runRule(plugin: LoadedPlugin, id: string): Promise<Reply> {
  const rule = plugin.rules.find((r) => r.meta.id === id);
  if (!rule || !input) return { type: "failed", message: "failed: no such rule" };
  const given = input;
  const findings: Finding[] = [];
  let problem: string | undefined;
  const context: RuleContext = {
    old: given.old,
    new: given.new,
    pairs: given.pairs,
    schemaDeltas: (ruleId) => deltasByRule.get(ruleId) ?? [],
    allSchemaDeltas: () => given.deltas,
    classifyProse: (a, b) => {
      identifiers ??= contractIdentifiers([given.old, given.new]);
      return classifyProse(a, b, { ...given.prose, identifiers });
    },
    findings: () => [],
    report(finding) {
      const copy = copyFinding(finding);
      if (typeof copy === "string") {
        problem ??= `reported a malformed finding: ${copy}`;
        throw new TypeError(problem);
      }
      if (findings.length >= MAX_PLUGIN_FINDINGS) {
        problem ??=
          `reported more than ${MAX_PLUGIN_FINDINGS} findings; Proxar stops rather than run out of memory`;
        throw new RangeError(problem);
      }
      findings.push(copy);
    },
  };
  busy = true;
  crash = undefined;
  try {
    await rule.check(context);
  } catch (error) {
    problem ??= `failed: ${describe(error)}`;
  }
  await settle();
  await settle();
  busy = false;
  if (problem) return { type: "failed", message: problem };
  if (crash) return { type: "failed", message: `failed: ${crash}` };
  return { type: "findings", findings };
}

function render(plugin: LoadedPlugin, request: Extract<Request, { type: "render" }>): Reply {
  const reporter = plugin.reporters.find((r) => r.name === request.name);
  if (!reporter) return { type: "failed", message: "failed: no such reporter" };
  try {
    const text = reporter.render(request.report, request.context);
    if (typeof text !== "string") {
      return { type: "failed", message: `must return a string, returned ${typeof text}` };
    }
    return { type: "rendered", text };
  } catch (error) {
    return { type: "failed", message: `failed: ${describe(error)}` };
  }
}

/**
 * Answers a plugin that cannot load: the failure now and for any request, and the worker stays
 * alive until Proxar ends it. A worker that ended on its own could be seen ending before its
 * last message arrived (Deno delivers a worker's exit and its messages on separate channels),
 * and the user would read "ended its worker" instead of why the plugin cannot load.
 */
function refuse(message: string): void {
  send({ type: "failed", message }, START_SEQ);
  port?.on("message", (request: Request) => send({ type: "failed", message }, request?.seq));
}

async function start(): Promise<void> {
  const spec = workerData as WorkerStart;
  send({ type: "ready" }, START_SEQ);
  let plugin: LoadedPlugin;
  busy = true;
  try {
    plugin = await loadPlugin(spec);
  } catch (error) {
    busy = false;
    refuse(
      isUserError(error) ? error.message : `Cannot load plugin "${spec.path}": ${describe(error)}`,
    );
    return;
  }
  busy = false;
  if (crash) return refuse(`Cannot load plugin "${spec.path}": ${crash}`);
  const shape = {
    name: plugin.name,
    rules: plugin.rules.map((r) => r.meta),
    reporters: plugin.reporters.map((r) => ({ name: r.name, summary: r.summary })),
  };
  if (!shape.rules.every((meta) => isJson(meta))) {
    return refuse(`Cannot load plugin "${spec.path}": rule metadata must be plain JSON data`);
  }
  send({ type: "loaded", plugin: shape }, START_SEQ);
  port?.on("message", async (request: Request) => {
    if (request.type === "render") {
      send(render(plugin, request), request.seq);
      return;
    }
    if (request.input) {
      input = request.input;
      identifiers = undefined;
      deepFreeze(input);
      deltasByRule = new Map();
      for (const delta of input.deltas) {
        const list = deltasByRule.get(delta.rule);
        if (list) list.push(delta);
        else deltasByRule.set(delta.rule, [delta]);
      }
      for (const list of deltasByRule.values()) Object.freeze(list);
    }
    send(await runRule(plugin, request.id), request.seq);
  });
}

await start();
