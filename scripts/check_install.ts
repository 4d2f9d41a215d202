/**
 * `deno run -A scripts/check_install.ts`: runs each command of the README's "Getting `proxar` on
 * your PATH" block as written, with a temporary home directory (and npm's global prefix inside
 * it), then checks that `proxar` found on the PATH runs from a project outside the checkout:
 * `--version`, and a diff whose relative paths resolve in that project. `.ci/run` calls it.
 * @module
 */
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";
import { packageVersion, ROOT } from "./_build_info.ts";

const HEADING = "## Getting `proxar` on your PATH";

/** The commands of the first `sh` block under {@link HEADING}. */
export function installCommands(readme: string): string[] {
  const section = readme.slice(readme.indexOf(HEADING));
  const block = /```sh\n([^]*?)```/.exec(section)?.[1];
  if (block === undefined) throw new Error(`README.md has no sh block under "${HEADING}"`);
  return block.split("\n").map((line) => line.replace(/\s+#.*$/, "").trim()).filter(Boolean);
}

function check(): void {
  const version = packageVersion();
  const commands = installCommands(readFileSync(join(ROOT, "README.md"), "utf8"));
  const home = mkdtempSync(join(tmpdir(), "proxar-install-"));
  try {
    const project = join(home, "project");
    mkdirSync(project);
    cpSync(join(ROOT, "examples"), project, { recursive: true });
    const bin = join(home, ".local", "bin");
    // `deno` on the PATH, as the Deno install needs; the checkout's own copy.
    const path = `${bin}:${join(ROOT, "node_modules", ".bin")}:${process.env.PATH}`;
    const env = { ...process.env, HOME: home, npm_config_prefix: join(home, ".local"), PATH: path };
    for (const command of commands) {
      process.stdout.write(`$ ${command}\n`);
      execFileSync("bash", ["-eo", "pipefail", "-c", command], {
        cwd: ROOT,
        env,
        stdio: "inherit",
      });
      const which = execFileSync("bash", ["-c", "command -v proxar"], { env, encoding: "utf8" });
      if (which.trim() !== join(bin, "proxar")) throw new Error(`proxar is ${which.trim()}`);
      const printed = execFileSync("proxar", ["--version"], {
        cwd: project,
        env,
        encoding: "utf8",
      });
      if (!printed.startsWith(`proxar ${version}`)) {
        throw new Error(`proxar --version printed "${printed.trim()}"`);
      }
      const diff = spawnSync(
        "proxar",
        ["diff", "v1/contract.json", "v2/contract.json", "--config", "proxar.yaml"],
        { cwd: project, env, encoding: "utf8" },
      );
      if (diff.status !== 1 || !diff.stdout.includes("Result: FAIL")) {
        throw new Error(`proxar diff in ${project} exited ${diff.status}: ${diff.stderr}`);
      }
      process.stdout.write(`ok: ${printed.trim()} on the PATH, diff exit 1 as expected\n`);
      rmSync(join(bin, "proxar"), { force: true });
    }
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

if (import.meta.main) check();
