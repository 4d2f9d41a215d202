/**
 * `proxar init [--ci github|gitlab|jenkins]`: writes a starter `proxar.yaml` and, when asked, the
 * CI file that runs Proxar on every pull or merge request. With `--ci`, an existing `proxar.yaml`
 * is kept, so `init --ci gitlab` after `init --ci github` adds only the GitLab file. Other existing
 * files are kept unless `--force`.
 * @module
 */
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { UserError } from "../core/errors.ts";
import {
  githubWorkflow,
  gitlabJob,
  INIT_CI,
  jenkinsStage,
  starterConfig,
} from "./init_templates.ts";
import type { Io } from "./io.ts";
import { writeFileAtomic } from "../core/write_file.ts";

/** Options of `proxar init`. */
export interface InitOptions {
  ci?: (typeof INIT_CI)[number];
  /** The contract file the CI file compares. */
  contract: string;
  /** Overwrite files that exist. */
  force: boolean;
}

/** The files `init` writes for `options`, relative to the working directory, in order. */
export function initFiles(options: InitOptions): [path: string, text: string][] {
  const files: [string, string][] = [["proxar.yaml", starterConfig()]];
  if (options.ci === "github") {
    files.push([".github/workflows/proxar.yml", githubWorkflow(options.contract)]);
  } else if (options.ci === "gitlab") {
    files.push([".gitlab/proxar.gitlab-ci.yml", gitlabJob(options.contract)]);
  } else if (options.ci === "jenkins") {
    files.push(["Jenkinsfile", jenkinsStage(options.contract)]);
  }
  return files;
}

/** Writes the files; nothing is written when one exists and `force` is off. */
export async function initCommand(options: InitOptions, io: Io): Promise<number> {
  let files = initFiles(options);
  const keepConfig = !options.force && options.ci !== undefined &&
    existsSync(resolve(io.cwd, "proxar.yaml"));
  if (keepConfig) files = files.filter(([path]) => path !== "proxar.yaml");
  if (!options.force) {
    const existing = files.map(([path]) => path).filter((path) =>
      existsSync(resolve(io.cwd, path))
    );
    if (existing.length > 0) {
      throw new UserError(
        `Cannot initialise: ${existing.map((p) => `"${p}"`).join(" and ")} already ` +
          `${existing.length === 1 ? "exists" : "exist"}; use --force to overwrite`,
      );
    }
  }
  if (keepConfig) io.stdout("Kept the existing proxar.yaml\n");
  for (const [path, text] of files) {
    await writeFileAtomic(resolve(io.cwd, path), text);
    io.stdout(`Wrote ${path}\n`);
  }
  if (options.ci === "gitlab") {
    io.stdout(
      "Include the job from .gitlab-ci.yml:\n  include:\n    - local: .gitlab/proxar.gitlab-ci.yml\n",
    );
  }
  if (options.ci) {
    io.stdout(
      `The job compares ${options.contract} with the target branch's copy; keep it current with ` +
        `proxar snapshot, then commit the files.\n`,
    );
  }
  return 0;
}
