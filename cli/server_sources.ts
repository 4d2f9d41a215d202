/**
 * The CLI's side of live servers: resolving sources with the configuration, taking snapshots,
 * recording those of configured servers in the store, and finding the snapshot to compare with
 * (`--against pinned|latest|HASH|FILE`).
 * @module
 */
import { existsSync } from "node:fs";
import { dirname, resolve } from "node:path";
import type { Config } from "../core/config.ts";
import { ENTITY_LISTS, type ListName } from "../core/contract.ts";
import { UserError } from "../core/errors.ts";
import { didYouMean } from "../core/suggest.ts";
import type { LoadedContract } from "../core/load_contract.ts";
import { isLiveSource, readSource, type SourceContext } from "../core/read_source.ts";
import type { Snapshot } from "../mcp/snapshot.ts";
import {
  configuredServer,
  type LiveSource,
  resolveLiveSource,
  resolveServer,
  type SourceSettings,
} from "../mcp/sources.ts";
import { Store } from "../mcp/store.ts";
import type { Timeouts } from "../mcp/target.ts";
import { fileSourceContext, readPair } from "./file_sources.ts";
import type { Io } from "./io.ts";
import type { TimeoutFlags } from "./options.ts";

export type { TimeoutFlags } from "./options.ts";

function parseSeconds(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) {
    throw new UserError(`${flag} expects a positive number of seconds, found "${value}"`);
  }
  return Math.round(n * 1000);
}

/**
 * `--lists tools,prompts`: names from {@link ENTITY_LISTS}, `tools` among them (a snapshot
 * without tools would record them as none).
 */
function parseLists(value: string | undefined): { lists?: ListName[] } {
  if (value === undefined) return {};
  const known: readonly ListName[] = ENTITY_LISTS.map((l) => l.list);
  const names = value.split(",").map((name) => name.trim()).filter((name) => name !== "");
  for (const name of names) {
    if (!(known as readonly string[]).includes(name)) {
      throw new UserError(
        `--lists expects names from ${known.join(", ")}, found "${name}"${didYouMean(name, known)}`,
      );
    }
  }
  if (!names.includes("tools")) {
    throw new UserError(
      `--lists must include tools (a snapshot always reads them), found "${value}"`,
    );
  }
  return { lists: known.filter((list) => names.includes(list)) };
}

function maxMessageBytes(value: string | undefined): { maxMessageBytes?: number } {
  if (value === undefined) return {};
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) {
    throw new UserError(`--max-message-mb expects a positive number, found "${value}"`);
  }
  return { maxMessageBytes: Math.round(n * 1_000_000) };
}

/** One snapshot taken now, and where it went. */
export interface Taken {
  source: LiveSource;
  snapshot: Snapshot;
  /** The history file, when the source is a configured server. */
  recorded?: { written: boolean; path: string };
}

/** Live servers as one CLI run sees them: configuration, store, environment, limits. */
export class LiveSession {
  readonly settings: SourceSettings;
  readonly store: Store;
  readonly #io: Io;

  /** A session for `config` (as read by `readConfig`) and the command's timeout flags. */
  constructor(config: Config, io: Io, flags: TimeoutFlags = {}) {
    this.#io = io;
    const configPath = config.file === undefined ? undefined : resolve(io.cwd, config.file);
    const configDir = configPath === undefined ? io.cwd : dirname(configPath);
    const timeouts: Partial<Timeouts> = {};
    const requestMs = parseSeconds(flags.timeout, "--timeout");
    const connectMs = parseSeconds(flags.connectTimeout, "--connect-timeout") ?? requestMs;
    if (requestMs !== undefined) timeouts.requestMs = requestMs;
    if (connectMs !== undefined) timeouts.connectMs = connectMs;
    const listMs = parseSeconds(flags.listTimeout, "--list-timeout");
    if (listMs !== undefined) timeouts.listMs = listMs;
    this.settings = {
      servers: config.servers,
      configLabel: config.file ?? "the configuration",
      configDir,
      cwd: io.cwd,
      env: io.env,
      timeouts,
      ...maxMessageBytes(flags.maxMessageMb),
      ...parseLists(flags.lists),
    };
    this.store = new Store(resolve(configDir, config.store), io.cwd);
  }

  /** The capture time: now, or `PROXAR_NOW` (for reproducible examples and tests). */
  now(): Date {
    const fixed = this.#io.env.PROXAR_NOW;
    if (fixed === undefined) return new Date();
    const date = new Date(fixed);
    if (Number.isNaN(date.getTime())) {
      throw new UserError(`PROXAR_NOW must be an ISO 8601 time, found "${fixed}"`);
    }
    return date;
  }

  /** Resolves a live source spec, or `server:NAME`. */
  resolve(spec: string): LiveSource {
    return resolveLiveSource(spec, this.settings);
  }

  /** Snapshots a live source; a configured server's snapshot is recorded in the store. */
  async take(source: LiveSource): Promise<Taken> {
    // Loaded here: a diff of files does not load the client, its transports and their Node
    // built-ins (node:child_process, node:stream).
    const { snapshotLive } = await import("../mcp/live.ts");
    const snapshot = await snapshotLive(source, { now: this.now() });
    if (source.server === undefined) return { source, snapshot };
    const recorded = await this.store.record(source.server, snapshot);
    return { source, snapshot, recorded };
  }

  /** The `SourceContext.live` hook: live sources in `diff OLD NEW` and elsewhere. */
  loader(): (spec: string) => Promise<LoadedContract> {
    return async (spec) => (await this.take(this.resolve(spec))).snapshot.loaded;
  }

  /** A source context that reads files and live servers alike. */
  sourceContext(): SourceContext {
    return { ...fileSourceContext(this.#io), live: this.loader() };
  }

  /**
   * The snapshot to compare a server with: `pinned` (the default), `latest` (the newest in its
   * history), a hash or hash prefix from its history, or any contract source (a file, `git:`).
   */
  async against(server: string, ref = "pinned"): Promise<LoadedContract> {
    configuredServer(server, this.settings);
    if (ref === "pinned") {
      const pinned = await this.store.pinned(server);
      if (!pinned) {
        throw new UserError(
          `No snapshot of server "${server}" is pinned (${
            this.store.display(this.store.pinnedPath(server))
          } does not exist); run: proxar pin --server ${server}`,
        );
      }
      return pinned.loaded;
    }
    if (ref === "latest") {
      const latest = await this.store.latest(server);
      if (!latest) {
        throw new UserError(
          `No snapshot of server "${server}" is in the store yet (${
            this.store.display(this.store.historyDir(server))
          }); run: proxar snapshot --server ${server}`,
        );
      }
      return latest.loaded;
    }
    const isHash = /^(sha256:)?[0-9a-f]{4,64}$/i.test(ref);
    if (isHash && !existsSync(resolve(this.#io.cwd, ref))) {
      return (await this.store.find(server, ref)).loaded;
    }
    return await readSource(ref, this.sourceContext());
  }

  /** `diff --server NAME --against REF`: the reference first, then the live server now. */
  async serverPair(server: string, ref?: string): Promise<[LoadedContract, LoadedContract]> {
    const old = await this.against(server, ref);
    const taken = await this.take(resolveServer(server, this.settings));
    return [old, taken.snapshot.loaded];
  }
}

/** The source options of `proxar diff`. */
export interface DiffSourceOptions extends TimeoutFlags {
  server?: string;
  against?: string;
}

/**
 * The two contracts of `proxar diff`: `OLD NEW` (files, `git:`, `-` or live servers), or
 * `--server NAME [--against pinned|latest|HASH|FILE]` (the reference, then the server now).
 */
export async function diffSources(
  oldSpec: string | undefined,
  newSpec: string | undefined,
  options: DiffSourceOptions,
  config: Config,
  io: Io,
): Promise<[LoadedContract, LoadedContract]> {
  const session = new LiveSession(config, io, options);
  if (options.server !== undefined) {
    if (oldSpec !== undefined || newSpec !== undefined) {
      throw new UserError("Give either OLD and NEW or --server NAME, not both");
    }
    return await session.serverPair(options.server, options.against);
  }
  if (options.against !== undefined) throw new UserError("--against needs --server NAME");
  if (oldSpec === undefined || newSpec === undefined) {
    throw new UserError(
      "proxar diff needs OLD and NEW, or --server NAME: proxar diff old.json new.json",
    );
  }
  if (options.lists !== undefined && !isLiveSource(oldSpec) && !isLiveSource(newSpec)) {
    throw new UserError(
      "--lists applies to live servers only (stdio:COMMAND, http(s)://URL, server:NAME): a file records the lists it was written with",
    );
  }
  return await readPair(oldSpec, newSpec, session.sourceContext());
}
