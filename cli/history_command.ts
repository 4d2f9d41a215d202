/**
 * `proxar history --server NAME`: the snapshots the store keeps for a server, newest first,
 * with the pinned one marked.
 * @module
 */
import { UserError } from "../core/errors.ts";
import { configuredServer } from "../mcp/sources.ts";
import type { HistoryEntry } from "../mcp/store.ts";
import { readConfig } from "./config_file.ts";
import type { CliContext } from "./context.ts";
import { LiveSession } from "./server_sources.ts";

/** Options of `proxar history`. */
export interface HistoryOptions {
  server: string;
  config?: string;
  format: string;
}

/** Lists a server's history as text or JSON. */
export async function historyCommand(
  options: HistoryOptions,
  context: CliContext,
): Promise<number> {
  const { io } = context;
  if (options.format !== "text" && options.format !== "json") {
    throw new UserError(`Unknown format "${options.format}" for history; use text or json`);
  }
  const session = new LiveSession(await readConfig(io.cwd, options.config), io);
  configuredServer(options.server, session.settings);
  const { store } = session;
  const entries = (await store.history(options.server)).reverse();
  const pinned = await store.pinned(options.server);
  const pinnedHash = pinned?.hash.slice("sha256:".length, "sha256:".length + 12);
  const rows = entries.map((e) => ({
    time: e.time,
    hash: `sha256:${e.hash12}`,
    file: store.display(e.path),
    pinned: e.hash12 === pinnedHash,
  }));
  if (options.format === "json") {
    // File names carry 12 hex digits of the hash; the JSON gives the full hash from each file.
    const full = [];
    for (const [i, row] of rows.entries()) {
      const hash = (await store.read((entries[i] as HistoryEntry).path)).hash;
      full.push({ ...row, hash, pinned: hash === pinned?.hash });
    }
    io.stdout(
      JSON.stringify(
        { server: options.server, pinned: pinned?.hash ?? null, snapshots: full },
        null,
        2,
      ) +
        "\n",
    );
    return 0;
  }
  const dir = store.display(store.historyDir(options.server));
  if (rows.length === 0) {
    io.stdout(`No snapshots of server "${options.server}" in ${dir} yet\n`);
    return 0;
  }
  io.stdout(
    `${rows.length} snapshot${
      rows.length === 1 ? "" : "s"
    } of server "${options.server}" in ${dir}, newest first:\n`,
  );
  for (const row of rows) {
    io.stdout(
      `${row.pinned ? "*" : " "} ${row.time}  ${row.hash}${row.pinned ? "  pinned" : ""}\n`,
    );
  }
  if (pinned && !rows.some((r) => r.pinned)) {
    io.stdout(`The pinned snapshot ${pinned.hash} is not in the history\n`);
  }
  return 0;
}
