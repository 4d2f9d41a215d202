/**
 * Runs the shell steps of `action.yml` the way a GitHub runner does (`bash --noprofile --norc -eo
 * pipefail`, inputs and step outputs substituted into each step's `env`, `GITHUB_OUTPUT` files),
 * against a fake release directory served on 127.0.0.1. No network: the "binary" is a stub
 * script that logs its arguments, or a wrapper around the Proxar runtime under test.
 */
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";
import { parse } from "yaml";
import { builtinReporters } from "../reporters/mod.ts";
import { PROJECT_URL, REPOSITORY } from "../core/project.ts";
import { VERSION } from "../core/version.ts";
import { baseEnv, FIXTURES, proxarCommand, ROOT, SOURCE_COMMAND } from "./helpers.ts";

interface ActionStep {
  name: string;
  id?: string;
  if?: string;
  shell?: string;
  run?: string;
  uses?: string;
  env?: Record<string, string>;
}

interface Action {
  inputs: Record<string, { default?: string; required?: boolean }>;
  runs: { using: string; steps: ActionStep[] };
}

const ACTION = parse(readFileSync(join(ROOT, "action.yml"), "utf8")) as Action;

/** What one step did. */
interface StepResult {
  name: string;
  status: "passed" | "failed" | "skipped";
  code?: number;
  stdout?: string;
}

interface Run {
  steps: StepResult[];
  outputs: Record<string, Record<string, string>>;
  /** Arguments of each stub invocation, one array per run of the binary. */
  calls: string[][];
  /** Paths the fake release server was asked for. */
  requests: string[];
  /** What the job summary file holds afterwards. */
  summary: string;
}

/**
 * A stub release binary: logs its arguments, prints a version, writes "stub NAME report" into
 * each `--format NAME=FILE`, exits with STUB_EXIT.
 */
const STUB = `#!/bin/sh
{ for arg in "$@"; do printf '%s\\n' "$arg"; done; echo '--end--'; } >> "$STUB_LOG"
if [ "$1" = --version ]; then echo "proxar 0.1.0 (stub)"; exit 0; fi
previous=
for arg in "$@"; do
  case "$previous=$arg" in --format=*=*) name=\${arg%%=*}; printf 'stub %s report\\n' "$name" > "\${arg#*=}" ;; esac
  previous=$arg
done
exit "\${STUB_EXIT:-0}"
`;

class Sandbox {
  readonly dir = mkdtempSync(join(tmpdir(), "proxar-action-"));
  readonly release = join(this.dir, "release");
  readonly workspace = join(this.dir, "workspace");
  readonly requests: string[] = [];
  #server: Server | undefined;
  #url = "";

  constructor() {
    mkdirSync(this.release);
    mkdirSync(this.workspace);
  }

  /** Publishes `files` (name → content) with a SHA256SUMS over them, or over `sums` if given. */
  publish(files: Record<string, string>, sums?: Record<string, string>): void {
    const lines: string[] = [];
    for (const [name, text] of Object.entries(files)) {
      writeFileSync(join(this.release, name), text);
      const hash = sums?.[name] ?? createHash("sha256").update(text).digest("hex");
      lines.push(`${hash}  ${name}`);
    }
    writeFileSync(join(this.release, "SHA256SUMS"), lines.join("\n") + "\n");
  }

  async start(): Promise<string> {
    this.#server = createServer((request, response) => {
      const name = (request.url ?? "/").replace(/^\/rel\//, "");
      this.requests.push(request.url ?? "");
      const path = join(this.release, name);
      if (name.includes("/") || !existsSync(path)) {
        response.writeHead(404).end("not found");
        return;
      }
      response.writeHead(200, { "content-type": "application/octet-stream" });
      response.end(readFileSync(path));
    });
    await new Promise<void>((done) => this.#server?.listen(0, "127.0.0.1", done));
    this.#url = `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}/rel`;
    return this.#url;
  }

  async close(): Promise<void> {
    await new Promise((done) => this.#server ? this.#server.close(done) : done(undefined));
    rmSync(this.dir, { recursive: true, force: true });
  }

  /** Runs the action's steps with `inputs` on a runner described by `runner`. */
  async run(
    inputs: Record<string, string>,
    runner: Record<string, string> = {},
    github: Record<string, string> = {},
  ): Promise<Run> {
    const temp = join(this.dir, `runner-temp-${Math.random().toString(36).slice(2)}`);
    mkdirSync(temp);
    const log = join(temp, "stub.log");
    const outputs: Record<string, Record<string, string>> = {};
    const steps: StepResult[] = [];
    const expression = (text: string): string =>
      text.replace(/\$\{\{\s*(.+?)\s*\}\}/g, (_all, expr: string) => {
        let m: RegExpExecArray | null;
        if ((m = /^inputs\.([\w-]+)$/.exec(expr))) {
          const name = m[1] as string;
          assert.ok(name in ACTION.inputs, `action.yml uses an undeclared input "${name}"`);
          return inputs[name] ?? expression(ACTION.inputs[name]?.default ?? "");
        }
        if ((m = /^github\.([\w.]+)$/.exec(expr))) return github[m[1] as string] ?? "";
        if ((m = /^steps\.([\w-]+)\.outputs\.([\w-]+)$/.exec(expr))) {
          return outputs[m[1] as string]?.[m[2] as string] ?? "";
        }
        if (expr === "runner.temp") return temp;
        throw new Error(`the test runner cannot evaluate \${{ ${expr} }}`);
      });
    let failed = false;
    for (const step of ACTION.runs.steps) {
      if (step.uses) {
        // Only the SARIF and HTML uploads are `uses:` steps; they need GitHub itself.
        assert.match(step.uses, /^(github\/codeql-action\/upload-sarif|actions\/upload-artifact)@/);
        steps.push({ name: step.name, status: "skipped" });
        continue;
      }
      if (failed) {
        steps.push({ name: step.name, status: "skipped" });
        continue;
      }
      assert.equal(step.shell, "bash");
      const output = join(temp, `output-${steps.length}`);
      writeFileSync(output, "");
      const script = join(temp, `step-${steps.length}.sh`);
      writeFileSync(script, step.run ?? "");
      const env: Record<string, string> = {
        PATH: "/usr/bin:/bin",
        HOME: temp,
        ...baseEnv(),
        RUNNER_OS: "Linux",
        RUNNER_ARCH: "X64",
        RUNNER_TEMP: temp,
        GITHUB_OUTPUT: output,
        GITHUB_STEP_SUMMARY: join(temp, "step-summary.md"),
        STUB_LOG: log,
        ...runner,
      };
      for (const [name, value] of Object.entries(step.env ?? {})) env[name] = expression(value);
      // Asynchronous: the fake release server runs in this process and must keep answering.
      const { code, stdout } = await runBash(script, this.workspace, env);
      steps.push({ name: step.name, status: code === 0 ? "passed" : "failed", code, stdout });
      if (step.id) {
        outputs[step.id] = Object.fromEntries(
          readFileSync(output, "utf8").split("\n").filter((l) => l.includes("=")).map((l) => {
            const eq = l.indexOf("=");
            return [l.slice(0, eq), l.slice(eq + 1)];
          }),
        );
      }
      failed = code !== 0;
    }
    const calls = existsSync(log)
      ? readFileSync(log, "utf8").split("--end--\n").filter((c) => c !== "").map((c) =>
        c.split("\n").slice(0, -1)
      )
      : [];
    const summaryFile = join(temp, "step-summary.md");
    const summary = existsSync(summaryFile) ? readFileSync(summaryFile, "utf8") : "";
    return { steps, outputs, calls, requests: [...this.requests], summary };
  }
}

/** Runs `script` as GitHub runs a bash step; returns the exit code and the interleaved output. */
function runBash(
  script: string,
  cwd: string,
  env: Record<string, string>,
): Promise<{ code: number; stdout: string }> {
  return new Promise((done, failed) => {
    const child = spawn("bash", ["--noprofile", "--norc", "-eo", "pipefail", script], {
      cwd,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.on("error", failed);
    child.on("close", (code) => done({ code: code ?? -1, stdout }));
  });
}

async function withSandbox(body: (sandbox: Sandbox, url: string) => Promise<void> | void) {
  const sandbox = new Sandbox();
  try {
    await body(sandbox, await sandbox.start());
  } finally {
    await sandbox.close();
  }
}

/**
 * Runs the action with a release "binary" that runs the runtime under test (PROXAR_CMD, else the
 * source) on diff/base.json → diff/removed_tool.json plus `inputs`, and checks what a BREAKING
 * change does: proxar diff exits 1, the steps after it are skipped and the last one fails.
 */
async function runRemovedTool(
  sandbox: Sandbox,
  url: string,
  inputs: Record<string, string> = {},
): Promise<Run> {
  const command = (proxarCommand() ?? SOURCE_COMMAND).map((w) => `'${w}'`).join(" ");
  sandbox.publish({ "proxar-linux-x64": `#!/bin/sh\nexec ${command} "$@"\n` });
  const run = await sandbox.run({
    "download-url": url,
    old: join(FIXTURES, "diff", "base.json"),
    new: join(FIXTURES, "diff", "removed_tool.json"),
    ...inputs,
  });
  assert.deepEqual(
    run.steps.map((s) => s.status),
    ["passed", "passed", "passed", "passed", "skipped", "skipped", "failed"],
  );
  assert.equal(run.outputs.diff?.["exit-code"], "1");
  return run;
}

const statuses = (run: Run) => run.steps.map((s) => `${s.name}: ${s.status}`);

const STEP_NAMES = [
  "Download and verify proxar",
  "Run proxar diff",
  "Write the job summary",
  "Comment on the pull request",
  "Upload SARIF to code scanning",
  "Upload the HTML report",
  "Fail when a change reaches fail_on",
];

Deno.test("action.yml downloads, verifies and runs proxar diff, then fails on exit 1", async () => {
  await withSandbox(async (sandbox, url) => {
    sandbox.publish({ "proxar-linux-x64": STUB, "proxar-windows-x64.exe": "other" });
    const run = await sandbox.run({
      "download-url": url,
      old: "git:origin/main:mcp-contract.json",
      new: "mcp-contract.json",
      config: "ci/proxar.yaml",
      "fail-on": "POTENTIALLY_BREAKING",
      args: "--format json=proxar.json",
    }, { STUB_EXIT: "1" });
    const dir = run.outputs.install?.path?.replace(/\/proxar-linux-x64$/, "");
    assert.deepEqual(statuses(run), [
      `${STEP_NAMES[0]}: passed`,
      `${STEP_NAMES[1]}: passed`,
      `${STEP_NAMES[2]}: passed`,
      `${STEP_NAMES[3]}: passed`,
      `${STEP_NAMES[4]}: skipped`,
      `${STEP_NAMES[5]}: skipped`,
      `${STEP_NAMES[6]}: failed`,
    ]);
    assert.deepEqual(run.requests, ["/rel/proxar-linux-x64", "/rel/SHA256SUMS"]);
    assert.deepEqual(run.calls, [
      ["--version"],
      [
        "diff",
        "git:origin/main:mcp-contract.json",
        "mcp-contract.json",
        "--format",
        `text=${dir}/report.txt`,
        "--format",
        "sarif=proxar.sarif",
        "--format",
        `markdown=${dir}/report.md`,
        "--format",
        `html=${dir}/report.html`,
        "--no-step-summary",
        "--config",
        "ci/proxar.yaml",
        "--fail-on",
        "POTENTIALLY_BREAKING",
        "--format",
        "json=proxar.json",
      ],
    ]);
    assert.match(run.outputs.install?.path ?? "", /\/proxar\/proxar-linux-x64$/);
    assert.deepEqual(run.outputs.diff, {
      "exit-code": "1",
      "markdown-file": `${dir}/report.md`,
      "html-file": `${dir}/report.html`,
    });
    assert.match(run.steps[0]?.stdout ?? "", /proxar-linux-x64: OK\nproxar 0\.1\.0 \(stub\)\n/);
    assert.equal(run.steps[1]?.stdout, "stub text report\n");
    assert.equal(run.summary, "stub markdown report\n");
    assert.match(run.steps[6]?.stdout ?? "", /^::error::proxar: a change to the MCP contract/);
  });
});

Deno.test("action.yml passes when proxar diff exits 0 and stops at once on exit 2", async () => {
  await withSandbox(async (sandbox, url) => {
    sandbox.publish({ "proxar-linux-x64": STUB });
    const inputs = { "download-url": url + "/", old: "a.json", new: "b.json" };
    const pass = await sandbox.run(inputs, { STUB_EXIT: "0" });
    const dir = pass.outputs.install?.path?.replace(/\/proxar-linux-x64$/, "");
    assert.deepEqual(statuses(pass), [
      `${STEP_NAMES[0]}: passed`,
      `${STEP_NAMES[1]}: passed`,
      `${STEP_NAMES[2]}: passed`,
      `${STEP_NAMES[3]}: passed`,
      `${STEP_NAMES[4]}: skipped`,
      `${STEP_NAMES[5]}: skipped`,
      `${STEP_NAMES[6]}: passed`,
    ]);
    assert.deepEqual(pass.calls[1], [
      "diff",
      "a.json",
      "b.json",
      "--format",
      `text=${dir}/report.txt`,
      "--format",
      "sarif=proxar.sarif",
      "--format",
      `markdown=${dir}/report.md`,
      "--format",
      `html=${dir}/report.html`,
      "--no-step-summary",
    ]);
    const usage = await sandbox.run(inputs, { STUB_EXIT: "2" });
    assert.deepEqual(statuses(usage), [
      `${STEP_NAMES[0]}: passed`,
      `${STEP_NAMES[1]}: failed`,
      `${STEP_NAMES[2]}: skipped`,
      `${STEP_NAMES[3]}: skipped`,
      `${STEP_NAMES[4]}: skipped`,
      `${STEP_NAMES[5]}: skipped`,
      `${STEP_NAMES[6]}: skipped`,
    ]);
    assert.equal(usage.steps[1]?.code, 2);
    assert.equal(usage.outputs.diff?.["exit-code"], "2");
    assert.equal(usage.summary, "");
  });
});

Deno.test("action.yml refuses a binary that does not match SHA256SUMS and never runs it", async () => {
  await withSandbox(async (sandbox, url) => {
    sandbox.publish({ "proxar-linux-x64": STUB }, { "proxar-linux-x64": "0".repeat(64) });
    const run = await sandbox.run({ "download-url": url, old: "a.json", new: "b.json" });
    assert.equal(run.steps[0]?.status, "failed");
    assert.match(run.steps[0]?.stdout ?? "", /proxar-linux-x64: FAILED/);
    assert.match(
      run.steps[0]?.stdout ?? "",
      /::error::proxar-linux-x64 does not match its checksum in http:\/\/127\.0\.0\.1:\d+\/rel\/SHA256SUMS/,
    );
    assert.deepEqual(run.calls, []);
    assert.equal(run.outputs.install?.path, undefined);
    assert.deepEqual(
      run.steps.slice(1).map((s) => s.status),
      ["skipped", "skipped", "skipped", "skipped", "skipped", "skipped"],
    );
  });
});

Deno.test("action.yml refuses a release whose SHA256SUMS does not list the binary", async () => {
  await withSandbox(async (sandbox, url) => {
    sandbox.publish({ "proxar-linux-x64": STUB });
    writeFileSync(join(sandbox.release, "SHA256SUMS"), `${"a".repeat(64)}  proxar-linux-x64.old\n`);
    const run = await sandbox.run({ "download-url": url, old: "a.json", new: "b.json" });
    assert.equal(run.steps[0]?.status, "failed");
    assert.match(
      run.steps[0]?.stdout ?? "",
      /::error::.*SHA256SUMS lists no checksum for proxar-linux-x64\n/,
    );
    assert.deepEqual(run.calls, []);
  });
});

Deno.test("action.yml picks the binary for each runner platform and rejects others", async () => {
  await withSandbox(async (sandbox, url) => {
    const assets = {
      "Linux ARM64": "proxar-linux-arm64",
      "macOS X64": "proxar-darwin-x64",
      "macOS ARM64": "proxar-darwin-arm64",
      "Windows X64": "proxar-windows-x64.exe",
    };
    sandbox.publish(Object.fromEntries(Object.values(assets).map((name) => [name, STUB])));
    for (const [platform, asset] of Object.entries(assets)) {
      const [os, arch] = platform.split(" ") as [string, string];
      sandbox.requests.length = 0;
      const run = await sandbox.run({ "download-url": url, old: "a", new: "b" }, {
        RUNNER_OS: os,
        RUNNER_ARCH: arch,
      });
      assert.deepEqual(run.requests, [`/rel/${asset}`, "/rel/SHA256SUMS"], platform);
      assert.equal(run.steps[6]?.status, "passed", platform);
    }
    const arm32 = await sandbox.run({ "download-url": url, old: "a", new: "b" }, {
      RUNNER_ARCH: "ARM",
    });
    assert.equal(arm32.steps[0]?.status, "failed");
    assert.equal(arm32.steps[0]?.stdout, "::error::Proxar has no binary for Linux ARM\n");
  });
});

Deno.test("action.yml downloads its own release from core/project.ts's repository, or another", async () => {
  await withSandbox(async (sandbox) => {
    // A curl that records what it was asked for and fails, so nothing leaves the machine.
    const bin = join(sandbox.dir, "fake-bin");
    mkdirSync(bin);
    writeFileSync(join(bin, "curl"), '#!/bin/sh\necho "$@" >> "$STUB_LOG"\nexit 22\n');
    chmodSync(join(bin, "curl"), 0o755);
    const path = `${bin}:${process.env.PATH}`;
    const urlOf = async (inputs: Record<string, string>) => {
      const run = await sandbox.run({ old: "a", new: "b", ...inputs }, { PATH: path });
      assert.equal(run.steps[0]?.code, 22);
      return run.calls[0]?.[0]?.split(" ").at(-1);
    };
    assert.equal(
      await urlOf({ version: "v0.2.0" }),
      "https://github.com/proxar/proxar/releases/download/v0.2.0/proxar-linux-x64",
    );
    assert.equal(
      await urlOf({ version: "0.2.0", repository: "acme/proxar-fork" }),
      "https://github.com/acme/proxar-fork/releases/download/v0.2.0/proxar-linux-x64",
    );
    assert.equal(
      await urlOf({ version: "latest" }),
      `${PROJECT_URL}/releases/latest/download/proxar-linux-x64`,
    );
    assert.equal(
      await urlOf({}),
      `${PROJECT_URL}/releases/download/v${VERSION}/proxar-linux-x64`,
    );
  });
});

Deno.test({
  name: "action.yml runs the real proxar and writes the SARIF report it uploads",
  // The action always asks for SARIF; until that reporter exists there is nothing to run.
  ignore: !builtinReporters.some((r) => r.name === "sarif"),
  fn: async () => {
    await withSandbox(async (sandbox, url) => {
      const run = await runRemovedTool(sandbox, url);
      assert.match(run.steps[1]?.stdout ?? "", /BREAKING {2}tool\.removed {2}search_issues/);
      assert.match(run.summary, /^<!-- proxar -->\n/);
      assert.match(run.summary, /tool\.removed/);
      const sarif = JSON.parse(readFileSync(join(sandbox.workspace, "proxar.sarif"), "utf8"));
      assert.equal(sarif.version, "2.1.0");
      const html = readFileSync(run.outputs.diff?.["html-file"] ?? "", "utf8");
      assert.match(
        html,
        /^<!doctype html>\n[^]*tool\.removed/,
        "the page the artifact step uploads",
      );
      assert.deepEqual(
        sarif.runs[0].results.map((r: { ruleId: string }) => r.ruleId),
        ["tool.removed"],
      );
    });
  },
});

Deno.test("action.yml names the repository of core/project.ts and its own release", () => {
  assert.equal(ACTION.inputs.repository?.default, REPOSITORY);
  assert.equal(ACTION.inputs.version?.default, VERSION);
});

Deno.test("action.yml writes no job summary when job-summary is false", async () => {
  await withSandbox(async (sandbox, url) => {
    sandbox.publish({ "proxar-linux-x64": STUB });
    const run = await sandbox.run({
      "download-url": url,
      old: "a.json",
      new: "b.json",
      "job-summary": "false",
    });
    assert.equal(run.steps[2]?.status, "passed");
    assert.equal(run.summary, "");
  });
});

/** A `gh` that logs its arguments and lists `GH_COMMENTS` as the comments it finds. */
function fakeGh(dir: string): string {
  const bin = join(dir, "fake-gh");
  mkdirSync(bin, { recursive: true });
  writeFileSync(
    join(bin, "gh"),
    `#!/bin/sh
{ printf 'GH_TOKEN=%s\\n' "$GH_TOKEN"; for arg in "$@"; do printf '%s\\n' "$arg"; done; echo '--end--'; } >> "$STUB_LOG"
case "$*" in *--paginate*) printf '%s' "$GH_COMMENTS" ;; esac
`,
  );
  chmodSync(join(bin, "gh"), 0o755);
  return `${bin}:${process.env.PATH}`;
}

Deno.test("action.yml pr-comment creates the pull request's Proxar comment, then updates it", async () => {
  await withSandbox(async (sandbox, url) => {
    sandbox.publish({ "proxar-linux-x64": STUB });
    const inputs = {
      "download-url": url,
      old: "a.json",
      new: "b.json",
      "pr-comment": "true",
    };
    const github = {
      token: "ghs_token",
      repository: "acme/server",
      "event.pull_request.number": "42",
    };
    const PATH = fakeGh(sandbox.dir);
    const created = await sandbox.run(inputs, { PATH, GH_COMMENTS: "" }, github);
    const dir = created.outputs.install?.path?.replace(/\/proxar-linux-x64$/, "");
    assert.equal(created.steps[3]?.status, "passed");
    assert.equal(created.steps[3]?.stdout, "Commented on pull request #42\n");
    assert.deepEqual(created.calls.slice(2), [
      [
        "GH_TOKEN=ghs_token",
        "api",
        "--paginate",
        "repos/acme/server/issues/42/comments",
        "--jq",
        '.[] | select(.body | contains("<!-- proxar -->")) | .id',
      ],
      [
        "GH_TOKEN=ghs_token",
        "api",
        "--method",
        "POST",
        "repos/acme/server/issues/42/comments",
        "-F",
        `body=@${dir}/report.md`,
      ],
    ]);
    const updated = await sandbox.run(inputs, { PATH, GH_COMMENTS: "1001\n1002\n" }, github);
    assert.equal(updated.steps[3]?.stdout, "Updated the Proxar comment on pull request #42\n");
    assert.deepEqual(updated.calls.at(-1)?.slice(1, 5), [
      "api",
      "--method",
      "PATCH",
      "repos/acme/server/issues/comments/1001",
    ]);
    const push = await sandbox.run(inputs, { PATH, GH_COMMENTS: "" }, { token: "t" });
    assert.match(push.steps[3]?.stdout ?? "", /::notice::pr-comment: not a pull_request event/);
    assert.equal(push.calls.length, 2, "no gh call outside a pull request");
    const off = await sandbox.run({ ...inputs, "pr-comment": "false" }, { PATH }, github);
    assert.equal(off.calls.length, 2, "no gh call unless pr-comment is true");
  });
});

Deno.test("action.yml with args: --format markdown prints it and still grades the change", async () => {
  await withSandbox(async (sandbox, url) => {
    const run = await runRemovedTool(sandbox, url, { args: "--format markdown" });
    assert.match(run.steps[1]?.stdout ?? "", /^<!-- proxar -->\n[^]*BREAKING {2}tool\.removed/);
  });
});

Deno.test("action.yml uploads the HTML report as the proxar-report artifact after a comparison", () => {
  const step = ACTION.runs.steps.find((s) => s.name === "Upload the HTML report")!;
  assert.match(step.uses ?? "", /^actions\/upload-artifact@v4$/);
  assert.equal(
    (step as unknown as { if: string }).if,
    "always() && inputs.html-report == 'true' && (steps.diff.outputs.exit-code == '0' || steps.diff.outputs.exit-code == '1')",
  );
  assert.deepEqual((step as unknown as { with: unknown }).with, {
    name: "proxar-report",
    path: "${{ steps.diff.outputs.html-file }}",
  });
});
