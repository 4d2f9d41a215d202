/**
 * `npm run build:npm`: emits the npm package into `dist/npm/` with `tsc` (JavaScript plus `.d.ts`
 * declarations, relative `.ts` imports rewritten to `.js`), adds its `package.json`, the
 * `proxar` bin and the README, checks it, and packs it into `dist/proxar-VERSION.tgz`.
 *
 * The package runs on Node 20+: `npx proxar diff OLD NEW`, `import { diffContracts } from
 * "proxar"`, and plugin authors import their types from it.
 * @module
 */
import { execFileSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import process from "node:process";
import { PROJECT_URL } from "../core/project.ts";
import { gitCommit, packageVersion, ROOT } from "./_build_info.ts";
import { packageFileProblems } from "./_npm_files.ts";

const OUT = join(ROOT, "dist", "npm");

/** Entry points: export path → source module. `./plugin` appears once its module exists. */
const ENTRIES: Record<string, string> = {
  ".": "mod.ts",
  "./cli": "cli.ts",
  "./plugin": "plugins/api.ts",
};

/** The compiler options, mirroring `deno.json`'s strict settings. */
const TSC_OPTIONS = [
  "--rootDir",
  ".",
  "--outDir",
  OUT,
  "--target",
  "ES2022",
  "--lib",
  "ES2023,ES2024.String",
  "--module",
  "NodeNext",
  "--moduleResolution",
  "NodeNext",
  "--rewriteRelativeImportExtensions",
  "--declaration",
  "--types",
  "node",
  "--skipLibCheck",
  "--newLine",
  "lf",
  "--strict",
  "--exactOptionalPropertyTypes",
  "--noUncheckedIndexedAccess",
  "--noImplicitOverride",
  "--noImplicitReturns",
  "--noFallthroughCasesInSwitch",
  "--useUnknownInCatchVariables",
];

/** The executable npm links as `proxar`: Node 20 has no `import.meta.main`, so it calls `main`. */
const BIN = `#!/usr/bin/env node
import process from "node:process";
import { main } from "../cli.js";
import { processIo } from "../cli/io.js";

process.exitCode = await main(process.argv.slice(2), processIo());
`;

function run(command: string, args: readonly string[], cwd = ROOT): string {
  return execFileSync(command, args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}

function js(source: string): string {
  return "./" + source.replace(/\.ts$/, ".js");
}

function build(): void {
  const version = packageVersion();
  const commit = gitCommit();
  const root = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8"));
  const entries = Object.entries(ENTRIES).filter(([, source]) => existsSync(join(ROOT, source)));
  rmSync(OUT, { recursive: true, force: true });
  try {
    run(join(ROOT, "node_modules", ".bin", "tsc"), [
      ...entries.map(([, source]) => source),
      // Plugins run in workers; nothing imports the worker's module, so name it.
      "plugins/worker.ts",
      ...TSC_OPTIONS,
    ]);
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    throw new Error(`tsc failed:\n${stdout ?? ""}${stderr ?? ""}`);
  }
  // The commit is defined in the emitted module, as `bun build --define` does for the binary.
  const versionModule = join(OUT, "core", "version.js");
  if (commit) {
    const text = readFileSync(versionModule, "utf8");
    writeFileSync(versionModule, `const PROXAR_COMMIT = ${JSON.stringify(commit)};\n${text}`);
  }
  mkdirSync(join(OUT, "bin"), { recursive: true });
  writeFileSync(join(OUT, "bin", "proxar.js"), BIN, { mode: 0o755 });
  copyFileSync(join(ROOT, "README.md"), join(OUT, "README.md"));
  copyFileSync(join(ROOT, "LICENSE"), join(OUT, "LICENSE"));
  const exports: Record<string, unknown> = {};
  for (const [path, source] of entries) {
    exports[path] = { types: js(source).replace(/\.js$/, ".d.ts"), default: js(source) };
  }
  exports["./package.json"] = "./package.json";
  const manifest = {
    name: root.name,
    version,
    description: root.description,
    license: root.license,
    repository: { type: "git", url: `git+${PROJECT_URL}.git` },
    type: "module",
    engines: root.engines,
    bin: { proxar: "bin/proxar.js" },
    types: "./mod.d.ts",
    exports,
    dependencies: root.dependencies,
  };
  writeFileSync(join(OUT, "package.json"), JSON.stringify(manifest, null, 2) + "\n");

  const printed = run("node", [join(OUT, "bin", "proxar.js"), "--version"]).trim();
  const expected = commit ? `proxar ${version} (${commit})` : `proxar ${version}`;
  if (printed !== expected) {
    throw new Error(
      `node dist/npm/bin/proxar.js --version printed "${printed}", not "${expected}"`,
    );
  }
  const [packed] = JSON.parse(
    run("npm", ["pack", "--json", "--pack-destination", join(ROOT, "dist")], OUT),
  ) as { filename: string; files: { path: string }[]; size: number; unpackedSize: number }[];
  if (!packed) throw new Error("npm pack reported nothing");
  const problems = packageFileProblems(packed.files.map((f) => f.path));
  if (problems.length > 0) throw new Error(`dist/${packed.filename}: ${problems.join(", ")}`);
  const kib = (n: number) => `${(n / 1024).toFixed(0)} KiB`;
  process.stdout.write(
    `built dist/npm (${entries.map(([path]) => path).join(", ")}) and dist/${packed.filename}: ` +
      `${packed.files.length} files, ${kib(packed.size)} packed, ${kib(packed.unpackedSize)} ` +
      `unpacked, for proxar ${version} (${commit ?? "commit unknown"})\n`,
  );
}

build();
