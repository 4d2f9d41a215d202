/**
 * The plugin workers still running, kept apart from `host.ts` so that ending them at the end of
 * a command does not load the worker machinery when no plugin ran.
 * @module
 */

/** Something that runs until stopped: a plugin's worker. */
export interface Stoppable {
  stop(): Promise<void>;
}

/** The workers started and not yet stopped (`host.ts` adds and removes them). */
export const liveWorkers: Set<Stoppable> = new Set();

/** Ends every plugin worker still running (the CLI does this when a command ends). */
export async function stopPluginWorkers(): Promise<void> {
  await Promise.all([...liveWorkers].map((w) => w.stop()));
}
