/**
 * Sends alerts to the configured webhook through the store's outbox (`webhook_outbox.ts`), beside
 * the relay: a delivery never delays a message. On the way out the proxy waits a bounded time for
 * deliveries under way and hands the rest back to the outbox, saying so, for the next proxy.
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
  /** Options of each delivery (tests shorten the waits). */
  attempts?: number;
  backoffMs?: number;
  timeoutMs?: number;
}

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

  constructor(options: WebhookSenderOptions) {
    this.#options = options;
    this.#outbox = new WebhookOutbox(options.root);
  }

  /** Sends what earlier proxies of the store left in the outbox. */
  async resume(): Promise<void> {
    const { claimed, unreadable } = await this.#outbox.leftovers();
    const where = this.#options.display(this.#outbox.dir);
    for (const name of unreadable) {
      this.#options.log(`${where}/${name} is not an alert; left in place, not sent`);
    }
    if (claimed.length === 0) return;
    const alerts = claimed.length === 1 ? "1 alert" : `${claimed.length} alerts`;
    this.#options.log(`sending ${alerts} that an earlier proxy left in ${where} to the webhook`);
    for (const item of claimed) this.#track((d) => this.#deliver(item.entry, d.claimed = item));
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

  #track(start: (delivery: Delivery) => Promise<void>): void {
    const delivery: Delivery = { work: Promise.resolve() };
    delivery.work = start(delivery);
    this.#underWay.add(delivery);
    void delivery.work.finally(() => this.#underWay.delete(delivery));
  }

  async #deliver(entry: AlertEntry, claimed: Claimed | undefined): Promise<void> {
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
    }
    if (result.ok) return;
    const tries = result.attempts === 1 ? "1 attempt" : `${result.attempts} attempts`;
    const after = result.refused
      ? "; it refused the alert, which is not sent again"
      : claimed
      ? `; ${this.#options.display(this.#outbox.dir)} keeps it for the next proxy to send`
      : "";
    this.#options.log(`the alert webhook failed after ${tries}: ${result.error}${after}`);
  }
}
