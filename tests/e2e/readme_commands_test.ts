/**
 * The README's live-server commands work as written once `proxar` is on the PATH: each line of
 * the block runs through bash, in a new project whose `proxar.yaml` configures `issues-mcp` (a
 * real MCP server, the file's one sampling server over Streamable HTTP, rather than a stdio
 * server that each of the eight commands would start), with `proxar` being the runtime under
 * test (`PROXAR_CMD`, else the source under Bun).
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";
import { baseEnv, proxarCommand, ROOT, SOURCE_COMMAND } from "../helpers.ts";
import { SAMPLING_SERVER, sharedServerUrl } from "./_live_servers.ts";

/** The commands of the first `sh` block after `heading` in README.md, comments removed. */
function readmeBlock(heading: string): string[] {
  const readme = readFileSync(join(ROOT, "README.md"), "utf8");
  const at = readme.indexOf(heading);
  assert.ok(at >= 0, `README.md has no "${heading}"`);
  const block = /```sh\n([^]*?)```/.exec(readme.slice(at))?.[1] ?? "";
  return block.split("\n").map((l) => l.replace(/\s+#.*$/, "").trim()).filter(Boolean);
}

const quote = (word: string) => `'${word.replaceAll("'", `'\\''`)}'`;

Deno.test("README live-server commands run as written with proxar on the PATH", async () => {
  const commands = readmeBlock("## Live servers, snapshots and pins");
  assert.ok(commands.length >= 6);
  const dir = mkdtempSync(join(tmpdir(), "proxar-readme-"));
  try {
    const bin = join(dir, "bin");
    mkdirSync(bin);
    const command = (proxarCommand() ?? SOURCE_COMMAND).map(quote).join(" ");
    writeFileSync(join(bin, "proxar"), `#!/bin/sh\nexec ${command} "$@"\n`);
    chmodSync(join(bin, "proxar"), 0o755);
    const project = join(dir, "project");
    mkdirSync(project);
    const url = await sharedServerUrl(SAMPLING_SERVER, "variant=1");
    writeFileSync(
      join(project, "proxar.yaml"),
      `servers:\n  issues-mcp:\n    url: ${JSON.stringify(url)}\n` +
        `samples:\n  issues-mcp:\n    - tool: list_items\n`,
    );
    const env = { HOME: dir, ...baseEnv(), PATH: `${bin}:${process.env.PATH}` };
    for (const line of commands) {
      assert.match(line, /^proxar /, "every line of the block runs proxar");
      const result = spawnSync("bash", ["-c", line], { cwd: project, env, encoding: "utf8" });
      assert.equal(result.status, 0, `${line}\n${result.stderr}`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
