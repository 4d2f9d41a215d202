/**
 * The floor of `scripts/bench_proxy.ts`: the least a stdio proxy process can do. It starts the
 * server given as its arguments and copies bytes both ways, unread (`stream.pipe`), in plain
 * JavaScript so Node, Deno and Bun all run it as it is.
 *
 * Run: `node scripts/_bench_relay.mjs COMMAND ARGS...` (or `deno run -A`, or `bun`).
 * @module
 */
import { spawn } from "node:child_process";
import process from "node:process";

const [command, ...args] = process.argv.slice(2);
const child = spawn(command, args, { stdio: ["pipe", "pipe", "inherit"] });
process.stdin.pipe(child.stdin);
child.stdout.pipe(process.stdout);
child.stdin.on("error", () => {});
child.on("exit", (code) => process.exit(code ?? 1));
