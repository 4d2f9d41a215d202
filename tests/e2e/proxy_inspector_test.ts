/**
 * The MCP Inspector's CLI mode (`@modelcontextprotocol/inspector`, from the npm registry) as a
 * second client: `tools/list` and `tools/call` through `proxar proxy` print exactly what they
 * print against server-everything directly.
 */
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import process from "node:process";
import { ROOT, underBun } from "../helpers.ts";
import { everythingServer, quote } from "./_live_servers.ts";
import { proxarArgv } from "./_proxy_client.ts";

/**
 * The Inspector's CLI mode itself: `mcp-inspector --cli ARGS` (`cli/build/cli.js`) only starts
 * `node cli/build/index.js ARGS` and waits for it; started directly, each of the six runs below
 * saves that launcher's Node process (about 0.3 s CPU). It runs under Bun (the devDependency),
 * as the fixture and reference servers do: the Inspector is the client these tests compare
 * through, not the runtime under test, and under Bun a run takes about half the CPU time of one
 * under Node (0.55 -> 0.27 s for tools/list, beside the server's). Compiled, as those servers
 * are, it would not start: it imports its package.json as `../package.json` or
 * `../../package.json` by whether the first exists from the working directory, and `bun build`
 * fails on the first name, which names no file beside the module.
 */
const INSPECTOR = `${ROOT}/node_modules/@modelcontextprotocol/inspector/cli/build/index.js`;

/** Runs the Inspector's CLI mode on a server command; resolves with its exit code and output. */
function inspect(server: string[], args: string[]): Promise<{ code: number; stdout: string }> {
  return new Promise((done) => {
    const [command, ...rest] = underBun(INSPECTOR, ...server, ...args);
    execFile(
      command!,
      rest,
      { env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "" }, cwd: ROOT },
      (error, stdout, stderr) => {
        const code = error ? Number((error as { code?: unknown }).code ?? 1) : 0;
        done({ code, stdout: code === 0 ? stdout : `${stdout}${stderr}` });
      },
    );
  });
}

Deno.test("the MCP Inspector's CLI lists and calls tools through proxar proxy exactly as directly", async () => {
  const server = everythingServer("stdio");
  const proxied = proxarArgv(["proxy", `stdio:${server.map(quote).join(" ")}`]);
  const cases = [
    ["--method", "tools/list"],
    ["--method", "tools/call", "--tool-name", "echo", "--tool-arg", "message=through proxar"],
    ["--method", "tools/call", "--tool-name", "get-sum", "--tool-arg", "a=2", "b=3"],
  ];
  // Each run starts its own server (and proxy): the six are independent, and run at once
  // (one after another they spent most of their 12 s waiting for the processes to start).
  const runs = await Promise.all(
    cases.map((args) => Promise.all([inspect(server, args), inspect(proxied, args)])),
  );
  for (const [i, [direct, through]] of runs.entries()) {
    const args = cases[i]!;
    assert.equal(direct.code, 0);
    assert.equal(through.code, 0);
    assert.equal(through.stdout, direct.stdout);
    if (args[1] === "tools/list") assert.match(direct.stdout, /"name": "get-sum"/);
    else assert.match(direct.stdout, /"text": "(Echo: through proxar|The sum of 2 and 3 is 5\.?)"/);
  }
});
