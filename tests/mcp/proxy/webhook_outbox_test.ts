/**
 * The webhook's outbox and sender against a loopback webhook: an alert is a file until the webhook
 * took it; a failed delivery, one still under way when the proxy stops, and one a killed process
 * left (also under a reused process id, or past its lease) are handed to the next proxy; a refusal is final; a file that is not an alert, or one
 * this process cannot claim, stays put and is named.
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";
import type { AlertEntry } from "../../../mcp/proxy/alert.ts";
import { CLAIM_LEASE_MS, OUTBOX_DIR, WebhookOutbox } from "../../../mcp/proxy/webhook_outbox.ts";
import { WebhookSender } from "../../../mcp/proxy/webhook_sender.ts";

function alert(server: string): AlertEntry {
  return {
    proxar: 1,
    time: "2026-12-02T07:00:00.000Z",
    server,
    against: "pinned",
    old: { hash: "sha256:aa", version: "1" },
    new: { hash: "sha256:bb", version: "2" },
    counts: { BREAKING: 1, POTENTIALLY_BREAKING: 0, NON_BREAKING: 0, DOCUMENTATION: 0 },
    suppressed: 0,
    findings: [],
    withheld: [],
  };
}

/** A loopback webhook answering every POST with `status` (none: it never answers). */
async function webhook(first: number | undefined): Promise<
  { url: string; bodies: string[]; status: number | undefined; close(): void }
> {
  const bodies: string[] = [];
  let status = first;
  const server: Server = createServer((request, response) => {
    let text = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => (text += chunk));
    request.on("end", () => {
      bodies.push(text);
      if (status !== undefined) response.writeHead(status).end();
    });
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    bodies,
    get status() {
      return status;
    },
    set status(value: number | undefined) {
      status = value;
    },
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

function sender(root: string, url: string, lines: string[], retryMs?: number): WebhookSender {
  return new WebhookSender({
    ...(retryMs === undefined ? {} : { retryMs }),
    url,
    headers: {},
    root,
    display: (path) => path.slice(root.length + 1) || ".",
    log: (text) => lines.push(text),
    attempts: 2,
    backoffMs: 10,
    timeoutMs: 5_000,
  });
}

function withRoot(fn: (root: string) => Promise<void>): () => Promise<void> {
  return async () => {
    const root = mkdtempSync(join(tmpdir(), "proxar-outbox-"));
    try {
      await fn(root);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  };
}

const files = (root: string) => readdirSync(join(root, OUTBOX_DIR)).sort();

Deno.test(
  "an alert the webhook took leaves the outbox; one it failed is kept for the next proxy, which sends it",
  withRoot(async (root) => {
    const down = await webhook(503);
    const lines: string[] = [];
    const first = sender(root, down.url, lines);
    first.send(alert("issues"));
    await first.close(10_000);
    down.close();
    assert.equal(down.bodies.length, 2, "two attempts");
    assert.deepEqual(lines, [
      "the alert webhook failed after 2 attempts: HTTP 503; webhook-outbox keeps it to send again",
    ]);
    const [kept, ...more] = files(root);
    assert.deepEqual(more, []);
    assert.match(kept!, /^\d{8}T\d{9}Z-[0-9a-f]{8}\.json$/);
    assert.deepEqual(
      JSON.parse(readFileSync(join(root, OUTBOX_DIR, kept!), "utf8")),
      alert("issues"),
    );

    const up = await webhook(204);
    const later: string[] = [];
    const next = sender(root, up.url, later);
    await next.resume();
    next.send(alert("other"));
    await next.close(10_000);
    up.close();
    assert.deepEqual(later, [
      "sending 1 alert that an earlier proxy left in webhook-outbox to the webhook",
    ]);
    assert.deepEqual(up.bodies.map((b) => JSON.parse(b).server).sort(), ["issues", "other"]);
    assert.deepEqual(files(root), []);
  }),
);

Deno.test(
  "a delivery still under way when the proxy stops is handed back; a refused alert is not kept",
  withRoot(async (root) => {
    const silent = await webhook(undefined);
    const lines: string[] = [];
    const first = sender(root, silent.url, lines);
    first.send(alert("issues"));
    const ownPid = new RegExp(`\\.json\\.${process.pid}-[0-9a-f]{8}$`);
    for (let i = 0; i < 200 && silent.bodies.length === 0; i++) {
      await new Promise((done) => setTimeout(done, 25));
    }
    assert.match(files(root).join(" "), ownPid, "claimed by this process while it is sent");
    await first.close(100);
    silent.close();
    assert.deepEqual(lines, [
      "1 alert was not yet delivered to the webhook when the proxy stopped; webhook-outbox keeps 1 for the next proxy to send",
    ]);
    assert.match(files(root).join(" "), /^\S+\.json$/);

    const refusing = await webhook(400);
    const later: string[] = [];
    const next = sender(root, refusing.url, later);
    await next.resume();
    await next.close(10_000);
    refusing.close();
    assert.equal(refusing.bodies.length, 1, "a refusal is not retried");
    assert.deepEqual(later, [
      "sending 1 alert that an earlier proxy left in webhook-outbox to the webhook",
      "the alert webhook failed after 1 attempt: HTTP 400; it refused the alert, which is not sent again",
    ]);
    assert.deepEqual(files(root), []);
  }),
);

Deno.test(
  "what a killed process was sending is claimed by the next; a live process's and a non-alert are left alone",
  withRoot(async (root) => {
    const dir = join(root, OUTBOX_DIR);
    mkdirSync(dir);
    // A process that has exited: its id names no process now.
    const gone = spawnSync(process.execPath, ["eval", "0"]).pid!;
    assert.throws(() => process.kill(gone, 0));
    const write = (name: string, server: string, age = 0) => {
      writeFileSync(join(dir, name), JSON.stringify(alert(server)));
      const time = new Date(Date.now() - age);
      utimesSync(join(dir, name), time, time);
    };
    write(`20261202T070000000Z-0000dead.json.${gone}-0badc0de`, "a");
    // An earlier process with this process's id (a container's proxy is process 1 every time).
    write(`20261202T070000004Z-0000same.json.${process.pid}-0badc0de`, "c");
    // A live process's claim past its lease: the id was reused, or the process not yet reaped.
    write(
      `20261202T070000005Z-000000ld.json.${process.ppid}-0badc0de`,
      "d",
      CLAIM_LEASE_MS + 60_000,
    );
    // This test's own parent is alive and its claim is fresh: what it is sending stays its own.
    write(`20261202T070000001Z-0000live.json.${process.ppid}-0badc0de`, "b");
    writeFileSync(join(dir, "20261202T070000002Z-0000junk.json"), "{not json");
    writeFileSync(join(dir, "notes.txt"), "kept");
    // A name this process cannot claim: with its claim added it is longer than a file name may be.
    const long = `20261202T070000006Z-${"x".repeat(230)}.json`;
    write(long, "e");
    // Half written by a proxy killed before its rename: removed once old, never sent.
    const temp = join(dir, ".20261202T070000003Z-0000half.json.0123456789ab.tmp");
    writeFileSync(temp, '{"proxar":1,');
    const old = new Date(Date.now() - 3_600_000);
    utimesSync(temp, old, old);
    // `proxar alerts` counts the alerts and names the file that is none.
    assert.deepEqual(await new WebhookOutbox(root).count(), {
      waiting: 5,
      unreadable: ["20261202T070000002Z-0000junk.json"],
    });
    const up = await webhook(204);
    const lines: string[] = [];
    const next = sender(root, up.url, lines);
    await next.resume();
    await next.close(10_000);
    up.close();
    assert.deepEqual(up.bodies.map((b) => JSON.parse(b).server).sort(), ["a", "c", "d"]);
    assert.deepEqual(lines, [
      "webhook-outbox/20261202T070000002Z-0000junk.json is not an alert; left in place, not sent",
      `cannot take webhook-outbox/${long} to send it (ENAMETOOLONG: name too long); left in place`,
      "sending 3 alerts that an earlier proxy left in webhook-outbox to the webhook",
    ]);
    assert.deepEqual(files(root), [
      `20261202T070000001Z-0000live.json.${process.ppid}-0badc0de`,
      "20261202T070000002Z-0000junk.json",
      long,
      "notes.txt",
    ]);
  }),
);

Deno.test(
  "two outboxes claiming the same leftovers at once send each alert once",
  withRoot(async (root) => {
    const dir = join(root, OUTBOX_DIR);
    mkdirSync(dir);
    for (let i = 0; i < 20; i++) {
      const name = `20261202T0700000${String(i).padStart(2, "0")}Z-0000000${i % 10}.json`;
      writeFileSync(join(dir, name), JSON.stringify(alert(`s${i}`)));
    }
    const [one, two] = await Promise.all([
      new WebhookOutbox(root).leftovers(),
      new WebhookOutbox(root).leftovers(),
    ]);
    const servers = [...one.claimed, ...two.claimed].map((c) => c.entry.server).sort();
    assert.deepEqual(servers, Array.from({ length: 20 }, (_, i) => `s${i}`).sort());
  }),
);

Deno.test(
  "a running proxy tries what failed again; a 401 is kept, not refused",
  withRoot(async (root) => {
    const hook = await webhook(401);
    const lines: string[] = [];
    const running = sender(root, hook.url, lines, 100);
    running.send(alert("issues"));
    for (let i = 0; i < 400 && lines.length === 0; i++) {
      await new Promise((done) => setTimeout(done, 25));
    }
    assert.deepEqual(lines, [
      "the alert webhook failed after 1 attempt: HTTP 401; webhook-outbox keeps it to send again",
    ]);
    hook.status = 204; // the token was mended
    for (let i = 0; i < 400 && files(root).length > 0; i++) {
      await new Promise((done) => setTimeout(done, 25));
    }
    await running.close(10_000);
    hook.close();
    assert.equal(hook.bodies.length, 2);
    assert.deepEqual(lines.slice(1), [
      "sending 1 alert waiting in webhook-outbox to the webhook again",
    ]);
    assert.deepEqual(files(root), []);
  }),
);

Deno.test(
  "leftovers go one at a time, oldest first",
  withRoot(async (root) => {
    const dir = join(root, OUTBOX_DIR);
    mkdirSync(dir);
    for (const i of [3, 1, 2]) {
      writeFileSync(
        join(dir, `20261202T07000000${i}Z-0000000${i}.json`),
        JSON.stringify(alert(`s${i}`)),
      );
    }
    let open = 0;
    let most = 0;
    const order: string[] = [];
    const server = createServer((request, response) => {
      open++;
      most = Math.max(most, open);
      let text = "";
      request.setEncoding("utf8");
      request.on("data", (chunk: string) => (text += chunk));
      request.on("end", () =>
        setTimeout(() => {
          order.push(JSON.parse(text).server);
          open--;
          response.writeHead(204).end();
        }, 30));
    });
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    const { port } = server.address() as AddressInfo;
    const next = sender(root, `http://127.0.0.1:${port}/hook`, []);
    await next.resume();
    await next.close(10_000);
    server.close();
    assert.deepEqual(order, ["s1", "s2", "s3"]);
    assert.equal(most, 1);
  }),
);
