/**
 * The observer's own connection to an HTTP server (the proxy's clients each have theirs): opened
 * on first use with the same connection code as snapshots, closed with the proxy.
 * @module
 */
import { connect, type Connection } from "../connect.ts";
import type { ServerTarget, Timeouts } from "../target.ts";
import type { ObserverChannel } from "./observer.ts";

/** An {@link ObserverChannel} over a connection of its own. */
export class OwnConnection implements ObserverChannel {
  readonly #target: ServerTarget;
  readonly #timeouts: Timeouts;
  #connection: Promise<Connection> | undefined;
  #closed = false;
  #capabilities: Record<string, unknown> = {};

  /** A channel to `target`; nothing connects until the first request. */
  constructor(target: ServerTarget, timeouts: Timeouts) {
    this.#target = target;
    this.#timeouts = timeouts;
  }

  /** Whether {@link close} was called. */
  get closed(): boolean {
    return this.#closed;
  }

  /** Sends a request over the connection, connecting first when needed. */
  async request(
    method: string,
    params?: Record<string, unknown>,
    timeoutMs?: number,
  ): Promise<Record<string, unknown>> {
    this.#connection ??= connect(this.#target, {
      timeouts: this.#timeouts,
      capabilities: this.#capabilities as never,
    });
    try {
      return await (await this.#connection).request(method, params as never, timeoutMs);
    } catch (error) {
      // A broken connection is opened again on the next request.
      this.#connection = undefined;
      throw error;
    }
  }

  /** Declares what the proxied client declared, from the next connection on. */
  clientCapabilities(capabilities: Record<string, unknown>): void {
    if (JSON.stringify(capabilities) === JSON.stringify(this.#capabilities)) return;
    this.#capabilities = capabilities;
    const previous = this.#connection;
    this.#connection = undefined;
    void previous?.then((c) => c.close(), () => {});
  }

  /** HTTP clients are not told of list changes by the proxy (they have their own stream). */
  notifyClient(): void {}

  /** Closes the connection. */
  async close(): Promise<void> {
    this.#closed = true;
    const connection = await this.#connection?.catch(() => undefined);
    await connection?.close();
  }
}
