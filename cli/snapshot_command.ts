/**
 * `proxar snapshot SOURCE|--server NAME [--out FILE | --check FILE]`: takes a snapshot of a
 * live server (or converts any contract source) into the canonical snapshot file, and with
 * `--check` tells whether a committed file still matches.
 * @module
 */
import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { type ListName, recorded } from "../core/contract.ts";
import { UserError } from "../core/errors.ts";
import { contractHash } from "../core/hash.ts";
import { isLiveSource, readSource } from "../core/read_source.ts";
import { strictClientWarning } from "../core/strict_clients.ts";
import { readSnapshotText, type Snapshot, snapshotOf } from "../mcp/snapshot.ts";
import type { LiveSource } from "../mcp/sources.ts";
import { readConfig } from "./config_file.ts";
import type { CliContext } from "./context.ts";
import { compareForReport, prepareReportRun, type ReportFlags, writeReport } from "./report_run.ts";
import { LiveSession, type TimeoutFlags } from "./server_sources.ts";
import { writeFileAtomic } from "../core/write_file.ts";

/** Options of `proxar snapshot`. */
export interface SnapshotOptions extends TimeoutFlags, ReportFlags {
  server?: string;
  out?: string;
  check?: string;
  header: string[];
}

/** Runs `proxar snapshot`; returns the exit code. */
export async function snapshotCommand(
  spec: string | undefined,
  options: SnapshotOptions,
  context: CliContext,
): Promise<number> {
  const { io } = context;
  if ((spec === undefined) === (options.server === undefined)) {
    throw new UserError(
      "proxar snapshot needs a source or --server NAME (one of them): proxar snapshot --server issues-mcp --out mcp-contract.json",
    );
  }
  if (options.out !== undefined && options.check !== undefined) {
    throw new UserError("Give --out or --check, not both");
  }
  const run = options.check === undefined ? undefined : await prepareReportRun(io, options);
  const config = run?.config ?? await readConfig(io.cwd, options.config);
  const session = new LiveSession(config, io, options);
  const source = spec ?? `server:${options.server}`;
  let snapshot: Snapshot;
  if (isLiveSource(source)) {
    const live = withHeaders(session.resolve(source), options.header);
    snapshot = (await session.take(live)).snapshot;
  } else {
    if (options.header.length > 0) throw new UserError("--header applies to http(s) sources only");
    const loaded = await readSource(source, session.sourceContext());
    snapshot = snapshotOf(loaded.contract, session.now().toISOString(), source);
  }
  const rejected = strictClientWarning(snapshot.loaded.contract.tools);
  if (rejected !== undefined) io.stderr(`proxar: warning: ${rejected}\n`);
  if (run && options.check !== undefined) {
    const committed = await readSource(options.check, session.sourceContext());
    const committedHash = contractHash(committed.contract);
    if (committedHash === snapshot.hash) {
      io.stdout(`${options.check} matches ${source} (${snapshot.hash})\n`);
      return 0;
    }
    io.stderr(
      `proxar: ${options.check} is out of date: ${source} now has ${snapshot.hash}, the file ${committedHash}; update it with: proxar snapshot ${
        spec ?? `--server ${options.server}`
      } --out ${options.check}\n`,
    );
    const report = await compareForReport(run, committed, snapshot.loaded, io, options);
    await writeReport(run, report, io, options);
    return 1;
  }
  if (options.out === undefined || options.out === "-") {
    io.stdout(snapshot.text);
    return 0;
  }
  const path = resolve(io.cwd, options.out);
  if ((await currentHash(path)) === snapshot.hash) {
    io.stdout(`${options.out} is up to date (${snapshot.hash})\n`);
    return 0;
  }
  await writeFileAtomic(path, snapshot.text);
  const c = snapshot.loaded.contract;
  // A list the source left out is not "0": it was not captured.
  const count = (list: ListName, noun: string) =>
    recorded(c, list) ? `${c[list].length} ${noun}` : `${noun} not captured`;
  io.stdout(
    `Wrote ${options.out}: ${c.server.name} ${c.server.version}, ${count("tools", "tools")}, ${
      count("prompts", "prompts")
    }, ${count("resources", "resources")}, ${
      count("resourceTemplates", "resource templates")
    } (${snapshot.hash})\n`,
  );
  return 0;
}

/** The hash of an existing, intact snapshot file; anything else is replaced. */
async function currentHash(path: string): Promise<string | undefined> {
  const text = await readFile(path, "utf8").catch(() => undefined);
  if (text === undefined) return undefined;
  try {
    return readSnapshotText(path, text).hash;
  } catch {
    return undefined;
  }
}

function withHeaders(source: LiveSource, headers: readonly string[]): LiveSource {
  if (headers.length === 0) return source;
  if (source.target.kind !== "http") {
    throw new UserError("--header applies to http(s) sources only");
  }
  const added: Record<string, string> = {};
  const secrets: string[] = [];
  for (const header of headers) {
    const colon = header.indexOf(":");
    if (colon <= 0) {
      throw new UserError(`--header expects "Name: value", found "${header.split(":")[0]}"`);
    }
    const value = header.slice(colon + 1).trim();
    added[header.slice(0, colon).trim()] = value;
    secrets.push(value, value.replace(/^\S+\s+/, ""));
  }
  return {
    ...source,
    target: { ...source.target, headers: { ...source.target.headers, ...added } },
    redactor: source.redactor.with(secrets),
  };
}
