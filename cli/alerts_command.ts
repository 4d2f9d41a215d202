/**
 * `proxar alerts [--server NAME] [--format text|json]`: lists the drift alerts `proxar proxy`
 * appended to the store's `alerts.jsonl`, oldest first; standard error says how many of them still
 * wait in the webhook's outbox.
 * @module
 */
import { dirname, join, resolve } from "node:path";
import { readAlerts } from "../mcp/proxy/alert.ts";
import { WebhookOutbox } from "../mcp/proxy/webhook_outbox.ts";
import { relativePortable } from "../core/portable_path.ts";
import { acceptCommand } from "../mcp/proxy/policy.ts";
import { alertLines, oneLine } from "./alert_lines.ts";
import { readConfig } from "./config_file.ts";
import type { CliContext } from "./context.ts";
import { ALERTS_FILE } from "./proxy_watch.ts";

/** Options of `proxar alerts`. */
export interface AlertsOptions {
  server?: string;
  format: "text" | "json";
  config?: string;
}

/** Runs `proxar alerts`. */
export async function alertsCommand(options: AlertsOptions, context: CliContext): Promise<number> {
  const { io } = context;
  const config = await readConfig(io.cwd, options.config);
  const configDir = config.file === undefined ? io.cwd : dirname(resolve(io.cwd, config.file));
  const store = resolve(configDir, config.store);
  const path = join(store, ALERTS_FILE);
  const outbox = new WebhookOutbox(store);
  const { waiting, unreadable } = await outbox.count();
  const where = relativePortable(io.cwd, outbox.dir);
  if (waiting > 0) {
    const alerts = waiting === 1 ? "1 alert waits" : `${waiting} alerts wait`;
    io.stderr(
      `proxar: ${alerts} in ${where} for the webhook; ` +
        "the next proxy started on this store sends them\n",
    );
  }
  for (const name of unreadable) {
    io.stderr(`proxar: ${where}/${name} is not an alert; no proxy sends it\n`);
  }
  const { entries, bad } = await readAlerts(path);
  const shown = entries.filter((e) => options.server === undefined || e.server === options.server);
  for (const line of bad) {
    io.stderr(`proxar: ${path}:${line}: skipped a line that is not an alert\n`);
  }
  if (options.format === "json") {
    io.stdout(JSON.stringify(shown, null, 2) + "\n");
    return 0;
  }
  if (shown.length === 0) {
    io.stdout(
      options.server === undefined ? "No alerts\n" : `No alerts for server "${options.server}"\n`,
    );
    return 0;
  }
  for (const entry of shown) {
    const accept = acceptCommand(
      /^[A-Za-z0-9][\w.-]*$/.test(entry.server) ? entry.server : undefined,
    );
    const [head, ...rest] = alertLines(entry, accept);
    io.stdout(`${oneLine(entry.time, 40)} ${head}\n`);
    for (const line of rest) io.stdout(`  ${line}\n`);
  }
  return 0;
}
