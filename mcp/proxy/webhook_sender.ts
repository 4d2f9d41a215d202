/**
 * Sends alerts to the configured webhook through the store's outbox (`webhook_outbox.ts`), beside
 * the relay: a delivery never delays a message. What failed is tried again after a while (and by
 * the next proxy). On the way out the proxy waits a bounded time for deliveries under way and
 * hands the rest back to the outbox, saying so, for the next proxy.
 * @module
 */
import { type AlertEntry, postWebhook } from "./alert.ts";
import { type Claimed, WebhookOutbox } from "./webhook_outbox.ts";

/** What a {@link WebhookSender} needs. */
export interface WebhookSenderOptions {
  url: string;
  headers: Record<string, string>;
  /** The store's directory. */
  root: string;
  /** A path as messages show it. */
  display: (path: string) => string;
  /** Writes a line to standard error, secrets replaced. */
  log: (text: string) => void;
  /** How long a failed delivery waits in the outbox before this proxy tries it again. */
  retryMs?: number;
  /** Options of each delivery (tests shorten the waits). */
  attempts?: number;
  backoffMs?: number;
  timeoutMs?: number;
}

/**
 * How long what failed waits before a running proxy sends it again (the webhook was down, or
 * answered 401, 403 or 404 until someone mended its token or address).
 */
const RETRY_MS = 5 * 60_000;

/** A delivery under way. */
interface Delivery {
  work: Promise<void>;
  claimed?: Claimed;
}

/** The webhook sink of one proxy. */
export class WebhookSender {
  readonly #options: WebhookSenderOptions;
  readonly #outbox: WebhookOutbox;
  /** Deliveries under way, each with its outbox file once it has one. */
  readonly #underWay = new Set<Delivery>();
  /** Ends the deliveries still under way when the proxy has waited for them long enough. */
  readonly #stop = new AbortController();
  /** The next try of what failed, when one is due. */
  #retry: ReturnType<typeof setTimeout> | undefined;

  constructor(options: WebhookSenderOptions) {
    this.#options = options;
    this.#outbox = new WebhookOutbox(options.root);
  }

  /**
   * Sends what the outbox holds: at start what earlier proxies left, later (`again`) what failed
   * here. One at a time, oldest first, so a long outbox neither floods the webhook nor loses its
   * order.
   */
  async resume(again = false): Promise<void> {
    const { claimed, unreadable, unclaimed } = await this.#outbox.leftovers();
    const where = this.#options.display(this.#outbox.dir);
    if (!again) {
      for (const name of unreadable) {
        this.#options.log(`${where}/${name} is not an alert; left in place, not sent`);
      }
      for (const { name, reason } of unclaimed) {
        this.#options.log(`cannot take ${where}/${name} to send it (${reason}); left in place`);
      }
    }
    if (claimed.length === 0) return;
    const alerts = claimed.length === 1 ? "1 alert" : `${claimed.length} alerts`;
    this.#options.log(
      again
        ? `sending ${alerts} waiting in ${where} to the webhook again`
        : `sending ${alerts} that an earlier proxy left in ${where} to the webhook`,
    );
    let previous: Promise<void> = Promise.resolve();
    for (const item of claimed) {
      const before = previous;
      previous = this.#track((delivery) => {
        delivery.claimed = item;
        return before.then(() => this.#deliver(item.entry, item));
      });
    }
  }

  /** Keeps the alert in the outbox and sends it. */
  send(entry: AlertEntry): void {
    this.#track((delivery) =>
      this.#outbox.put(entry).then(
        (claimed) => this.#deliver(entry, delivery.claimed = claimed),
        (error: Error) => {
          this.#options.log(
            `cannot keep the alert in ${this.#options.display(this.#outbox.dir)} ` +
              `(${error.message}); sending it without a copy`,
          );
          return this.#deliver(entry, undefined);
        },
      )
    );
  }

  /**
   * Waits up to `ms` for the deliveries under way; hands the others back to the outbox and says
   * how many the next proxy will send.
   */
  async close(ms: number): Promise<void> {
    const all = Promise.all([...this.#underWay].map((delivery) => delivery.work));
    let timer: ReturnType<typeof setTimeout> | undefined;
    const limit = new Promise((done) => (timer = setTimeout(done, ms)));
    await Promise.race([all, limit]);
    clearTimeout(timer);
    clearTimeout(this.#retry);
    const left = [...this.#underWay];
    // Nothing may keep the process alive after this: a fetch or a backoff still waiting would.
    this.#stop.abort();
    if (left.length === 0) return;
    const kept = left.flatMap((delivery) => delivery.claimed ? [delivery.claimed] : []);
    await Promise.all(kept.map((claimed) => this.#outbox.release(claimed)));
    const alerts = left.length === 1 ? "1 alert was" : `${left.length} alerts were`;
    this.#options.log(
      `${alerts} not yet delivered to the webhook when the proxy stopped` +
        (kept.length > 0
          ? `; ${
            this.#options.display(this.#outbox.dir)
          } keeps ${kept.length} for the next proxy to send`
          : ""),
    );
  }

  #track(start: (delivery: Delivery) => Promise<void>): Promise<void> {
    const delivery: Delivery = { work: Promise.resolve() };
    delivery.work = start(delivery);
    this.#underWay.add(delivery);
    void delivery.work.finally(() => this.#underWay.delete(delivery));
    return delivery.work;
  }

  /** Tries what failed again after a while, for a proxy that runs long (`--listen`). */
  #retryLater(): void {
    if (this.#retry !== undefined || this.#stop.signal.aborted) return;
    this.#retry = setTimeout(() => {
      this.#retry = undefined;
      void this.resume(true);
    }, this.#options.retryMs ?? RETRY_MS);
    // A proxy that is done must not stay for it: the next one sends what is left. close()
    // clears it; where the runtime's timers can be unref'd (Node, the binary), a proxy ending
    // without close() does not wait for it either (under Deno from source it would).
    (this.#retry as { unref?: () => void }).unref?.();
  }

  async #deliver(entry: AlertEntry, claimed: Claimed | undefined): Promise<void> {
    if (claimed && !this.#stop.signal.aborted) await this.#outbox.renew(claimed);
    const { url, headers, attempts, backoffMs, timeoutMs } = this.#options;
    const result = await postWebhook(url, entry, {
      headers,
      signal: this.#stop.signal,
      ...(attempts === undefined ? {} : { attempts }),
      ...(backoffMs === undefined ? {} : { backoffMs }),
      ...(timeoutMs === undefined ? {} : { timeoutMs }),
    });
    // Stopped by close(), which hands the alert back and says so.
    if (result.stopped) return;
    if (result.ok || result.refused) {
      if (claimed) await this.#outbox.done(claimed);
    } else if (claimed) {
      await this.#outbox.release(claimed);
      this.#retryLater();
    }
    if (result.ok) return;
    const tries = result.attempts === 1 ? "1 attempt" : `${result.attempts} attempts`;
    const after = result.refused
      ? "; it refused the alert, which is not sent again"
      : claimed
      ? `; ${this.#options.display(this.#outbox.dir)} keeps it to send again`
      : "";
    this.#options.log(`the alert webhook failed after ${tries}: ${result.error}${after}`);
  }
}
