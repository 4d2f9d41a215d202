/**
 * Drift alerts: the entry the proxy writes when a server's contract changed, the append-only
 * log in the store (`alerts.jsonl`, one JSON object a line) and the webhook sink.
 * @module
 */
import { appendFile, mkdir, readFile } from "node:fs/promises";
import { dirname } from "node:path";
import type { Change } from "../../core/change.ts";
import type { Report } from "../../core/report.ts";
import type { SeverityCounts } from "../../core/report.ts";
import type { Severity } from "../../core/severity.ts";
import type { Redactor } from "../redact.ts";

/** The version of an alert entry's format (its `proxar` field). */
export const ALERT_FORMAT = 1;

/** One finding of an alert. */
export interface AlertFinding {
  severity: Severity;
  rule: string;
  entity: { kind: string; name: string };
  path: string;
  message: string;
  /** Set when an `ignore` entry matched. */
  suppressed?: string;
}

/** One alert: a server's contract differs from its reference. */
export interface AlertEntry {
  proxar: number;
  time: string;
  /** The configured server name, or the source as given. */
  server: string;
  /** What the new contract was compared with: the pinned snapshot or the last one seen. */
  against: "pinned" | "last-seen" | "pinned-samples";
  old: { hash: string; version: string };
  new: { hash: string; version: string };
  counts: SeverityCounts;
  suppressed: number;
  findings: AlertFinding[];
  /** Tools the policy withholds from the client because of these findings. */
  withheld: string[];
  /**
   * Set when a plugin's rule did not run (its finding says why): the change is compared and
   * alerted again when seen again, also by a later run.
   */
  incomplete?: true;
}

/** Builds the alert entry of a report. */
export function alertOf(
  report: Report,
  details: {
    time: string;
    server: string;
    against: AlertEntry["against"];
    withheld: string[];
    incomplete?: boolean;
  },
): AlertEntry {
  return {
    proxar: ALERT_FORMAT,
    time: details.time,
    server: details.server,
    against: details.against,
    old: { hash: report.old.hash, version: report.old.server.version },
    new: { hash: report.new.hash, version: report.new.server.version },
    counts: report.summary.counts,
    suppressed: report.summary.suppressed.total,
    findings: report.changes.map(findingOf),
    withheld: [...details.withheld].sort(),
    ...(details.incomplete ? { incomplete: true as const } : {}),
  };
}

function findingOf(change: Change): AlertFinding {
  return {
    severity: change.severity,
    rule: change.rule,
    entity: { kind: change.entity.kind, name: change.entity.name },
    path: change.path,
    message: change.message,
    ...(change.suppressed ? { suppressed: change.suppressed.reason } : {}),
  };
}

/**
 * The entry with every known secret replaced in each of its strings (a server may put a
 * credential it was given into a tool's name or text): what every sink receives. Hashes and
 * counts are left as they are.
 */
export function redactedAlert(entry: AlertEntry, redactor: Redactor): AlertEntry {
  if (redactor.empty) return entry;
  const walk = (value: unknown): unknown => {
    if (typeof value === "string") return redactor.text(value);
    if (Array.isArray(value)) return value.map(walk);
    if (value && typeof value === "object") {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v)]));
    }
    return value;
  };
  return { ...walk(entry) as AlertEntry, old: entry.old, new: entry.new };
}

/** The key under which an alert is raised only once. */
export function alertKey(server: string, oldHash: string, newHash: string): string {
  return `${server}\n${oldHash}\n${newHash}`;
}

/**
 * Appends an entry to the log as one line in one write, so a reader never sees half of it
 * (the log is only ever appended to).
 */
export async function appendAlert(path: string, entry: AlertEntry): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await appendFile(path, JSON.stringify(entry) + "\n", { flag: "a" });
}

/** Every entry of the log that parses; unreadable lines are counted, never fatal. */
export async function readAlerts(path: string): Promise<{ entries: AlertEntry[]; bad: number[] }> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    if ((error as { code?: string }).code === "ENOENT") return { entries: [], bad: [] };
    throw error;
  }
  const entries: AlertEntry[] = [];
  const bad: number[] = [];
  text.split("\n").forEach((line, i) => {
    if (line.trim() === "") return;
    const entry = parseAlert(line);
    if (entry !== undefined) entries.push(entry);
    else bad.push(i + 1);
  });
  return { entries, bad };
}

/** The alert a JSON text holds (a log line, an outbox file); undefined when it holds none. */
export function parseAlert(text: string): AlertEntry | undefined {
  try {
    const value = JSON.parse(text);
    return value && typeof value === "object" && typeof value.server === "string"
      ? value as AlertEntry
      : undefined;
  } catch {
    return undefined;
  }
}

/** Answers that refuse the alert itself: sending it again, anywhere, would not help. */
const REFUSED: ReadonlySet<number> = new Set([400, 410, 413, 415, 422]);

/** 4xx answers worth another attempt at once, as a 5xx is: a timeout, too many requests. */
const RETRIED: ReadonlySet<number> = new Set([408, 429]);

/** Options of {@link postWebhook}. */
export interface WebhookOptions {
  headers?: Record<string, string>;
  /** Attempts in all (default 4). */
  attempts?: number;
  /** Time limit of each attempt in milliseconds (default 5000). */
  timeoutMs?: number;
  /** Wait before the first retry in milliseconds; doubled after each (default 500). */
  backoffMs?: number;
  /** Ends the delivery at once, between or during attempts (the proxy is stopping). */
  signal?: AbortSignal;
}

/**
 * POSTs an alert as JSON, retrying failures (network errors, 5xx, 408 and 429) with exponential
 * backoff; another 4xx ends the attempts. Resolves with what happened (`refused` when the answer
 * refuses the alert itself: 400, 410, 413, 415, 422; `stopped` when `signal` ended it); never
 * rejects.
 */
export async function postWebhook(
  url: string,
  entry: AlertEntry,
  options: WebhookOptions = {},
): Promise<{ ok: boolean; attempts: number; error?: string; refused?: true; stopped?: true }> {
  const attempts = options.attempts ?? 4;
  const stop = options.signal;
  let wait = options.backoffMs ?? 500;
  let error = "";
  for (let attempt = 1; attempt <= attempts; attempt++) {
    try {
      const timeout = AbortSignal.timeout(options.timeoutMs ?? 5000);
      const response = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json", ...options.headers },
        body: JSON.stringify(entry),
        signal: stop ? AbortSignal.any([timeout, stop]) : timeout,
      });
      await response.body?.cancel();
      if (response.ok) return { ok: true, attempts: attempt };
      error = `HTTP ${response.status}`;
      if (REFUSED.has(response.status)) {
        return { ok: false, attempts: attempt, error, refused: true };
      }
      // Another 4xx (401, 403, 404: a token or address to mend) would answer a retry alike.
      if (response.status < 500 && !RETRIED.has(response.status)) {
        return { ok: false, attempts: attempt, error };
      }
    } catch (failure) {
      error = (failure as Error).message;
    }
    if (stop?.aborted) return { ok: false, attempts: attempt, error, stopped: true };
    if (attempt < attempts) {
      await new Promise<void>((done) => {
        const timer = setTimeout(finish, wait);
        function finish() {
          clearTimeout(timer);
          stop?.removeEventListener("abort", finish);
          done();
        }
        stop?.addEventListener("abort", finish, { once: true });
      });
      if (stop?.aborted) return { ok: false, attempts: attempt, error, stopped: true };
      wait *= 2;
    }
  }
  return { ok: false, attempts, error };
}
