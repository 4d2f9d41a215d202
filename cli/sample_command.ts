/**
 * `proxar sample --server NAME [--pin] [--check [--against pinned|latest|FILE]]`: calls the
 * tools listed under `samples:` for the server and records the shapes of their results in the
 * store (`samples/NAME/latest.json`, `pinned.json` with `--pin`), or with `--check` compares
 * them with the recorded shapes and reports like `diff`.
 * @module
 */
import { escapeControl } from "../core/escape_control.ts";
import { resolve } from "node:path";
import { UserError } from "../core/errors.ts";
import type { JsonValue } from "../core/json.ts";
import { contractFromDocument, type LoadedContract } from "../core/load_contract.ts";
import { type SampleCall, type Sampled, sampleLive } from "../mcp/sampling/sample_live.ts";
import { readSamplesFile, SamplesStore, samplesText } from "../mcp/sampling/samples_file.ts";
import { resolveServer } from "../mcp/sources.ts";
import { readConfig } from "./config_file.ts";
import type { CliContext } from "./context.ts";
import type { Io } from "./io.ts";
import { compareForReport, prepareReportRun, type ReportFlags, writeReport } from "./report_run.ts";
import { LiveSession, type TimeoutFlags } from "./server_sources.ts";

/** Options of `proxar sample`. */
export interface SampleOptions extends TimeoutFlags, ReportFlags {
  server: string;
  pin?: boolean;
  check?: boolean;
  against?: string;
}

/** Runs `proxar sample`; returns the exit code. */
export async function sampleCommand(options: SampleOptions, context: CliContext): Promise<number> {
  const { io } = context;
  if (options.against !== undefined && !options.check) {
    throw new UserError("--against needs --check");
  }
  if (options.pin && options.check) throw new UserError("Give --pin or --check, not both");
  const run = options.check ? await prepareReportRun(io, options) : undefined;
  const config = run?.config ?? await readConfig(io.cwd, options.config);
  const session = new LiveSession(config, io, options);
  const server = options.server;
  const source = resolveServer(server, session.settings);
  const entries = Object.hasOwn(config.samples, server) ? config.samples[server]! : [];
  if (entries.length === 0) {
    throw new UserError(
      `No sample calls are configured for server "${server}": add them under samples: in ${
        config.file ?? "proxar.yaml"
      } (see docs/sampling.md)`,
    );
  }
  const flagMs = session.settings.timeouts?.requestMs;
  const calls: SampleCall[] = entries.map((e) => ({
    tool: e.tool,
    arguments: e.arguments ?? {},
    allowSideEffects: e.allow_side_effects === true,
    timeoutMs: flagMs ??
      (e.timeout === undefined ? source.timeouts.requestMs : Math.round(e.timeout * 1000)),
  }));
  const sampled = await sampleLive(source, calls);
  for (const problem of sampled.problems) io.stderr(`proxar: warning: ${escapeControl(problem)}\n`);
  const store = new SamplesStore(session.store.root, io.cwd);
  const text = samplesText(sampled.server, sampled.responses);
  if (run) {
    const old = await reference(store, server, options.against, io);
    const next = contractFromDocument({
      label: `samples of ${server} now`,
      value: JSON.parse(text) as JsonValue,
    });
    // Only results are compared here: the listing is `proxar diff`'s job, and the server's
    // version in the samples file must not turn into a finding of its own.
    const responsesOnly = {
      ...run,
      registry: {
        ...run.registry,
        rules: run.registry.rules.filter((r) => r.meta.id.startsWith("tool.response.")),
      },
    };
    const report = await compareForReport(responsesOnly, old, next, io, options);
    await writeReport(run, report, io, options);
    return report.decision.exitCode;
  }
  const written = [await store.write(server, "latest", text)];
  if (options.pin) written.push(await store.write(server, "pinned", text));
  io.stdout(
    `${summary(server, calls.length, sampled)}; wrote ${
      written.map((p) => store.display(p)).join(" and ")
    }\n`,
  );
  return 0;
}

function summary(server: string, calls: number, sampled: Sampled): string {
  const tools = Object.keys(sampled.responses).length;
  return `Sampled server "${server}": ${sampled.answered} of ${calls} calls answered, ${tools} ${
    tools === 1 ? "tool" : "tools"
  }`;
}

/** The recorded samples to compare with: pinned (else latest), latest, pinned, or a file. */
async function reference(
  store: SamplesStore,
  server: string,
  against: string | undefined,
  io: Io,
): Promise<LoadedContract> {
  if (against !== undefined && against !== "pinned" && against !== "latest") {
    const path = resolve(io.cwd, against);
    return await readSamplesFile(path, store.display(path));
  }
  const kinds = against === undefined ? ["pinned", "latest"] as const : [against] as const;
  for (const kind of kinds) {
    const loaded = await store.read(server, kind);
    if (loaded) return loaded;
  }
  const wanted = kinds.map((k) => store.display(store.path(server, k))).join(" or ");
  throw new UserError(
    `No samples of server "${server}" are recorded (${wanted} does not exist); run: proxar sample --server ${server}`,
  );
}
