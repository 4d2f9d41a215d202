/**
 * Passive response sampling for `proxar proxy`: the sampler (see `mcp/sampling/passive.ts`)
 * with the configuration's rate and budget, the pinned samples from the store, alerts through
 * the proxy's sinks, and the merged shapes written to `samples/NAME/observed.json` at the end.
 * @module
 */
import type { Change } from "../core/change.ts";
import type { Config } from "../core/config.ts";
import type { ServerInfo } from "../core/contract.ts";
import type { LoadedContract } from "../core/load_contract.ts";
import { type Report, summarise } from "../core/report.ts";
import { type AlertEntry, alertOf } from "../mcp/proxy/alert.ts";
import { PassiveSampler } from "../mcp/sampling/passive.ts";
import { type SamplesStore, samplesText } from "../mcp/sampling/samples_file.ts";

/** What {@link passiveSampler} needs from the proxy's watch. */
export interface PassiveSamplerOptions {
  config: Config;
  /** The configured server's name. */
  server: string;
  store: SamplesStore;
  now(): Date;
  outputSchema(tool: string): Promise<unknown>;
  /** The server's name and version from its `initialize` answer, once it came. */
  serverInfo(): ServerInfo | undefined;
  compare(old: LoadedContract, next: LoadedContract): Promise<Report>;
  deliver(entry: AlertEntry, accept: string): Promise<void>;
  log(text: string): void;
}

/** A started sampler, and how to finish it. */
export interface StartedSampler {
  sampler: PassiveSampler;
  /** Waits for pending comparisons and writes the merged shapes (when any were sampled). */
  close(): Promise<void>;
}

/** Sets up passive sampling of one proxied, configured server. */
export function passiveSampler(options: PassiveSamplerOptions): StartedSampler {
  const { config, server, store, log } = options;
  const accept = `proxar sample --server ${server} --pin`;
  const sampler = new PassiveSampler({
    rate: config.sampling.rate,
    perMinute: config.sampling.per_minute,
    server: { name: server, version: "unknown" },
    now: options.now,
    outputSchema: options.outputSchema,
    pinned: () => store.read(server, "pinned"),
    compare: options.compare,
    alert: async (report: Report, fresh: Change[]) => {
      const graded: Report = {
        ...report,
        changes: fresh,
        ...summarise(fresh, { failOn: config.fail_on, warnOn: config.warn_on }, []),
      };
      const entry = alertOf(graded, {
        time: options.now().toISOString(),
        server,
        against: "pinned-samples",
        withheld: [],
      });
      await options.deliver(entry, accept);
    },
    log,
  });
  return {
    sampler,
    async close() {
      await sampler.settle();
      if (sampler.sampled === 0) return;
      try {
        const path = await store.write(
          server,
          "observed",
          // Named as `proxar sample` names it, so the two files compare alike.
          samplesText(
            options.serverInfo() ?? { name: server, version: "unknown" },
            sampler.shapes(),
          ),
        );
        log(`${sampler.sampled} tool results sampled; their shapes are in ${store.display(path)}`);
      } catch (error) {
        log(`cannot write the observed samples: ${(error as Error).message}`);
      }
    },
  };
}
