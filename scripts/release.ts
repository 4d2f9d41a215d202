/**
 * `npm run release [-- --target NAME ...]`: builds every release asset into `dist/release/`:
 * the binaries of every platform in `scripts/build_bin.ts` (or only the named targets), the npm
 * package `proxar-VERSION.tgz`, the GitHub Action's `action.yml`, and `SHA256SUMS` over all of
 * them. Publishing them is a maintainer's step, described in `docs/releasing.md`.
 * @module
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import process from "node:process";
import { parse } from "yaml";
import { REPOSITORY } from "../core/project.ts";
import { gitCommit, packageVersion, ROOT } from "./_build_info.ts";
import { noticesText, thirdPartyNotices } from "./_notices.ts";

const OUT = join(ROOT, "dist", "release");

function step(script: string, args: readonly string[]): void {
  execFileSync(process.execPath, ["run", "-A", join(ROOT, "scripts", script), ...args], {
    cwd: ROOT,
    stdio: ["ignore", "inherit", "inherit"],
  });
}

/** The action must download the binaries of this very release, from the one repository. */
function checkAction(version: string): void {
  const action = parse(readFileSync(join(ROOT, "action.yml"), "utf8")) as {
    inputs: Record<string, { default?: string }>;
  };
  const problems = [
    ["version", version],
    ["repository", REPOSITORY],
  ].filter(([name, want]) => action.inputs[name as string]?.default !== want)
    .map(([name, want]) => `input "${name}" must default to "${want}"`);
  if (problems.length > 0) throw new Error(`action.yml: ${problems.join("; ")}`);
}

/** The version of the Bun that builds the binaries (the npm package `bun` installed here). */
function bunVersion(): string {
  const manifest = join(ROOT, "node_modules", "bun", "package.json");
  return (JSON.parse(readFileSync(manifest, "utf8")) as { version: string }).version;
}

function release(): void {
  const version = packageVersion();
  const commit = gitCommit();
  checkAction(version);
  const { notices, problems } = thirdPartyNotices(ROOT);
  if (problems.length > 0) throw new Error(`third-party licences: ${problems.join("; ")}`);
  step("build_bin.ts", process.argv.slice(2));
  step("build_npm.ts", []);
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  const bins = join(ROOT, "dist", "bin");
  for (const name of readdirSync(bins).filter((n) => n.startsWith("proxar-"))) {
    copyFileSync(join(bins, name), join(OUT, name));
  }
  copyFileSync(join(ROOT, "dist", `proxar-${version}.tgz`), join(OUT, `proxar-${version}.tgz`));
  copyFileSync(join(ROOT, "action.yml"), join(OUT, "action.yml"));
  writeFileSync(join(OUT, "THIRD_PARTY_NOTICES.txt"), noticesText(notices, bunVersion()));
  const names = readdirSync(OUT).sort();
  const sums = names.map((name) =>
    `${createHash("sha256").update(readFileSync(join(OUT, name))).digest("hex")}  ${name}`
  );
  writeFileSync(join(OUT, "SHA256SUMS"), sums.join("\n") + "\n");
  process.stdout.write(
    `wrote dist/release/ for proxar ${version} (${commit ?? "commit unknown"}), ` +
      `to publish as ${REPOSITORY} v${version}:\n${
        [...names, "SHA256SUMS"].map((n) => `  ${n}\n`).join("")
      }`,
  );
  if (commit?.endsWith("-dirty")) {
    process.stdout.write("warning: the checkout has uncommitted changes; do not publish this\n");
  }
}

release();
