/**
 * End-to-end tests of `proxar init`, each in a fresh temporary directory.
 */
import assert from "node:assert/strict";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse } from "yaml";
import {
  githubWorkflow,
  gitlabJob,
  jenkinsStage,
  starterConfig,
} from "../../cli/init_templates.ts";
import { parseConfig } from "../../core/config_load.ts";
import { defaultConfig } from "../../core/config.ts";
import { FIXTURES, runCli } from "../helpers.ts";

async function inTempDir(body: (dir: string) => Promise<void>): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "proxar-init-"));
  try {
    await body(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Every file under `dir`, as sorted relative paths. */
function tree(dir: string): string[] {
  return (readdirSync(dir, { recursive: true, withFileTypes: true }) as {
    name: string;
    parentPath: string;
    isFile(): boolean;
  }[])
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1))
    .sort();
}

Deno.test("proxar init writes a starter proxar.yaml that proxar diff then reads", async () => {
  await inTempDir(async (dir) => {
    const result = await runCli(["init"], { cwd: dir });
    assert.deepEqual(result, { code: 0, stdout: "Wrote proxar.yaml\n", stderr: "" });
    assert.deepEqual(tree(dir), ["proxar.yaml"]);
    const text = readFileSync(join(dir, "proxar.yaml"), "utf8");
    assert.equal(text, starterConfig());
    const { file: _file, overrideWhere: _where, ...parsed } = parseConfig(text, "proxar.yaml");
    assert.deepEqual(parsed, defaultConfig());
    // The written file is what the next run picks up: tighten it and a prose change fails.
    writeFileSync(
      join(dir, "proxar.yaml"),
      text.replace("fail_on: BREAKING", "fail_on: DOCUMENTATION"),
    );
    const base = join(FIXTURES, "diff", "base.json");
    const diff = await runCli(["diff", base, join(FIXTURES, "diff", "added_tool.json")], {
      cwd: dir,
    });
    assert.equal(diff.stderr, "");
    assert.equal(diff.code, 1);
  });
});

Deno.test("proxar init --ci github writes a pull request workflow using the action", async () => {
  await inTempDir(async (dir) => {
    const result = await runCli(["init", "--ci", "github"], { cwd: dir });
    assert.equal(result.code, 0);
    assert.equal(result.stderr, "");
    assert.equal(
      result.stdout,
      "Wrote proxar.yaml\nWrote .github/workflows/proxar.yml\n" +
        "The job compares mcp-contract.json with the target branch's copy; keep it current " +
        "with proxar snapshot, then commit the files.\n",
    );
    assert.deepEqual(tree(dir), [".github/workflows/proxar.yml", "proxar.yaml"]);
    const text = readFileSync(join(dir, ".github/workflows/proxar.yml"), "utf8");
    assert.equal(text, githubWorkflow());
    const workflow = parse(text);
    assert.deepEqual(Object.keys(workflow.on), ["pull_request"]);
    assert.deepEqual(workflow.jobs.proxar.steps[1], {
      uses: "proxar/proxar@v0",
      with: {
        old: "git:origin/${{ github.base_ref }}:mcp-contract.json",
        new: "mcp-contract.json",
      },
    });
  });
});

Deno.test("proxar init --ci gitlab --contract writes a job publishing JUnit and Code Quality", async () => {
  await inTempDir(async (dir) => {
    const result = await runCli(["init", "--ci", "gitlab", "--contract", "mcp/contract.json"], {
      cwd: dir,
    });
    assert.equal(result.code, 0);
    assert.match(result.stdout, /^Wrote proxar\.yaml\nWrote \.gitlab\/proxar\.gitlab-ci\.yml\n/);
    assert.match(result.stdout, /- local: \.gitlab\/proxar\.gitlab-ci\.yml\n/);
    const text = readFileSync(join(dir, ".gitlab/proxar.gitlab-ci.yml"), "utf8");
    assert.equal(text, gitlabJob("mcp/contract.json"));
    const job = parse(text).proxar;
    assert.equal(job.variables.PROXAR_CONTRACT, "mcp/contract.json");
    assert.deepEqual(job.artifacts, {
      when: "always",
      reports: { junit: "proxar-junit.xml", codequality: "gl-code-quality-report.json" },
    });
  });
});

Deno.test("proxar init keeps existing files and writes nothing unless --force", async () => {
  await inTempDir(async (dir) => {
    writeFileSync(join(dir, "proxar.yaml"), "fail_on: never\n");
    const refused = await runCli(["init"], { cwd: dir });
    assert.deepEqual(refused, {
      code: 2,
      stdout: "",
      stderr: 'proxar: Cannot initialise: "proxar.yaml" already exists; use --force to overwrite\n',
    });
    assert.deepEqual(tree(dir), ["proxar.yaml"]);
    writeFileSync(join(dir, "Jenkinsfile"), "pipeline {}\n");
    const ci = await runCli(["init", "--ci", "jenkins"], { cwd: dir });
    assert.equal(ci.code, 2);
    assert.equal(
      ci.stderr,
      'proxar: Cannot initialise: "Jenkinsfile" already exists; use --force to overwrite\n',
    );
    assert.equal(readFileSync(join(dir, "proxar.yaml"), "utf8"), "fail_on: never\n");

    const forced = await runCli(["init", "--ci", "github", "--force"], { cwd: dir });
    assert.equal(forced.code, 0);
    assert.equal(readFileSync(join(dir, "proxar.yaml"), "utf8"), starterConfig());
  });
});

Deno.test("proxar init --ci after init --ci adds only the CI file and keeps proxar.yaml", async () => {
  await inTempDir(async (dir) => {
    assert.equal((await runCli(["init", "--ci", "github"], { cwd: dir })).code, 0);
    writeFileSync(join(dir, "proxar.yaml"), "fail_on: never\n");
    const gitlab = await runCli(["init", "--ci", "gitlab"], { cwd: dir });
    assert.equal(gitlab.stderr, "");
    assert.equal(gitlab.code, 0);
    assert.match(
      gitlab.stdout,
      /^Kept the existing proxar\.yaml\nWrote \.gitlab\/proxar\.gitlab-ci\.yml\n/,
    );
    const jenkins = await runCli(["init", "--ci", "jenkins"], { cwd: dir });
    assert.equal(jenkins.code, 0);
    assert.match(jenkins.stdout, /^Kept the existing proxar\.yaml\nWrote Jenkinsfile\n/);
    assert.deepEqual(tree(dir), [
      ".github/workflows/proxar.yml",
      ".gitlab/proxar.gitlab-ci.yml",
      "Jenkinsfile",
      "proxar.yaml",
    ]);
    assert.equal(readFileSync(join(dir, "proxar.yaml"), "utf8"), "fail_on: never\n");
    assert.equal(readFileSync(join(dir, "Jenkinsfile"), "utf8"), jenkinsStage());
  });
});

Deno.test("proxar init --ci rejects a system it has no file for", async () => {
  await inTempDir(async (dir) => {
    const result = await runCli(["init", "--ci", "travis"], { cwd: dir });
    assert.equal(result.code, 2);
    assert.equal(
      result.stderr,
      "proxar: option '--ci <system>' argument 'travis' is invalid. Allowed choices are " +
        "github, gitlab, jenkins.\n",
    );
    assert.deepEqual(tree(dir), []);
  });
});
