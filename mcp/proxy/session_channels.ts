/**
 * The observer's channel when each HTTP session has a stdio server of its own: Proxar's own
 * requests go, in band, to the newest session still open; notices to clients go to every one.
 * @module
 */
import type { ObserverChannel } from "./observer.ts";
import type { Relay } from "./relay.ts";

/** An {@link ObserverChannel} over the relays of the open sessions. */
export class SessionChannels implements ObserverChannel {
  readonly #relays = new Set<Relay>();

  /** A session opened. */
  add(relay: Relay): void {
    this.#relays.add(relay);
  }

  /** A session ended. */
  delete(relay: Relay): void {
    this.#relays.delete(relay);
  }

  /** Whether no session is open. */
  get closed(): boolean {
    return this.#newest() === undefined;
  }

  /** Sends the request in the newest open session. */
  request(
    method: string,
    params?: Record<string, unknown>,
    timeoutMs?: number,
  ): Promise<Record<string, unknown>> {
    const relay = this.#newest();
    if (!relay) return Promise.reject(new Error("no client session is open"));
    return relay.request(method, params, timeoutMs);
  }

  /** Sends the notification to every open session. */
  notifyClient(message: Record<string, unknown>): void {
    for (const relay of this.#relays) if (!relay.closed) relay.notifyClient(message);
  }

  #newest(): Relay | undefined {
    let newest: Relay | undefined;
    for (const relay of this.#relays) if (!relay.closed) newest = relay;
    return newest;
  }
}
