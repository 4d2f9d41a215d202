/**
 * `proxar pin --server NAME [--hash H]` and `proxar unpin --server NAME`: choose the snapshot a
 * server is compared with (`.proxar/pinned/NAME.json`, meant to be committed).
 * @module
 */
import { configuredServer, resolveServer } from "../mcp/sources.ts";
import { readConfig } from "./config_file.ts";
import type { CliContext } from "./context.ts";
import { LiveSession, type TimeoutFlags } from "./server_sources.ts";

/** Options of `proxar pin`. */
export interface PinOptions extends TimeoutFlags {
  server: string;
  hash?: string;
  config?: string;
}

/**
 * Pins a snapshot: the one in the store whose hash starts with `--hash`, or else a snapshot
 * of the live server taken now (and recorded in its history).
 */
export async function pinCommand(options: PinOptions, context: CliContext): Promise<number> {
  const { io } = context;
  const session = new LiveSession(await readConfig(io.cwd, options.config), io, options);
  const { store } = session;
  configuredServer(options.server, session.settings);
  const snapshot = options.hash === undefined
    ? (await session.take(resolveServer(options.server, session.settings))).snapshot
    : await store.find(options.server, options.hash);
  const path = store.display(store.pinnedPath(options.server));
  const current = await store.pinned(options.server);
  if (current?.hash === snapshot.hash) {
    io.stdout(`Server "${options.server}" is already pinned at ${snapshot.hash} (${path})\n`);
    return 0;
  }
  await store.pin(options.server, snapshot);
  const c = snapshot.loaded.contract;
  io.stdout(
    `Pinned server "${options.server}" at ${snapshot.hash} (${c.server.name} ${c.server.version}, ${c.tools.length} tools, captured ${snapshot.capturedAt}) in ${path}\n`,
  );
  return 0;
}

/** Removes a server's pin. */
export async function unpinCommand(
  options: { server: string; config?: string },
  context: CliContext,
): Promise<number> {
  const { io } = context;
  const session = new LiveSession(await readConfig(io.cwd, options.config), io);
  configuredServer(options.server, session.settings);
  const removed = await session.store.unpin(options.server);
  const path = session.store.display(session.store.pinnedPath(options.server));
  io.stdout(
    removed
      ? `Unpinned server "${options.server}" (removed ${path})\n`
      : `Server "${options.server}" was not pinned (${path} does not exist)\n`,
  );
  return 0;
}
