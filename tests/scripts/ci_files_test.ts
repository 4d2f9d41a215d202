import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";
import { parse } from "yaml";
import { ciFiles } from "../../scripts/_ci_files.ts";
import { ROOT } from "../helpers.ts";

Deno.test("docs/ci files equal the templates proxar init writes", () => {
  for (const [path, text] of Object.entries(ciFiles())) {
    assert.equal(
      readFileSync(join(ROOT, path), "utf8"),
      text,
      `${path} is stale: run deno run -A scripts/generate_ci_files.ts`,
    );
  }
});

Deno.test("docs/ci GitLab job runs proxar diff with the JUnit and Code Quality reports it publishes", () => {
  const job = parse(ciFiles()["docs/ci/proxar.gitlab-ci.yml"] as string).proxar;
  const diff = (job.script as string[]).find((line) => line.includes(" diff "));
  assert.equal(
    diff,
    './proxar-linux-x64 diff "git:FETCH_HEAD:$PROXAR_CONTRACT" "$PROXAR_CONTRACT" --format text ' +
      "--format junit=proxar-junit.xml --format gitlab=gl-code-quality-report.json " +
      "--format markdown=proxar.md",
  );
  assert.deepEqual(job.artifacts.reports, {
    junit: "proxar-junit.xml",
    codequality: "gl-code-quality-report.json",
  });
});

Deno.test("docs/ci Jenkinsfile records the JUnit file its proxar diff writes", () => {
  const text = ciFiles()["docs/ci/Jenkinsfile"] as string;
  assert.match(text, /--format text --format junit=proxar-junit\.xml\n/);
  assert.match(text, /junit allowEmptyResults: false, testResults: 'proxar-junit\.xml'/);
});

/** Runs a shell script with bash in `cwd`; resolves with its exit code and output. */
function bash(script: string, cwd: string, env: Record<string, string>): Promise<[number, string]> {
  return new Promise((done, failed) => {
    const child = spawn("bash", ["-eo", "pipefail", "-c", script], {
      cwd,
      env: { PATH: process.env.PATH ?? "/usr/bin:/bin", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.setEncoding("utf8").on("data", (c: string) => (out += c));
    child.stderr.setEncoding("utf8").on("data", (c: string) => (out += c));
    child.on("error", failed);
    child.on("close", (code) => done([code ?? -1, out]));
  });
}

Deno.test("docs/ci GitLab job creates one merge-request note with the report, then updates it", async () => {
  const job = parse(ciFiles()["docs/ci/proxar.gitlab-ci.yml"] as string).proxar;
  const script = (job.after_script as string[]).join("\n");
  // A fake GitLab notes API: lists the notes, records every write.
  const notes: { id: number; body: string }[] = [{ id: 7, body: "LGTM" }];
  const writes: string[] = [];
  const server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => {
      assert.equal(request.headers["private-token"], "glpat-test");
      const url = request.url ?? "";
      writes.push(`${request.method} ${url.replace(/\?.*/, "")}`);
      if (request.method === "GET") {
        response.end(JSON.stringify(notes));
        return;
      }
      const text = (JSON.parse(body) as { body: string }).body;
      if (request.method === "POST") notes.push({ id: 8, body: text });
      else {
        const note = notes.find((n) => url.endsWith(`/${n.id}`));
        if (note) note.body = text;
      }
      response.end("{}");
    });
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const dir = mkdtempSync(join(tmpdir(), "proxar-gitlab-"));
  try {
    const env = {
      CI_API_V4_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v4`,
      CI_PROJECT_ID: "12",
      CI_MERGE_REQUEST_IID: "3",
      PROXAR_NOTE_TOKEN: "glpat-test",
    };
    const path = "/api/v4/projects/12/merge_requests/3/notes";
    writeFileSync(join(dir, "proxar.md"), '<!-- proxar -->\n## Report "one"\n');
    assert.deepEqual(await bash(script, dir, env), [0, "proxar: POST merge request note\n"]);
    writeFileSync(join(dir, "proxar.md"), "<!-- proxar -->\n## Report two\n");
    assert.deepEqual(await bash(script, dir, env), [0, "proxar: PUT merge request note\n"]);
    assert.deepEqual(writes, [`GET ${path}`, `POST ${path}`, `GET ${path}`, `PUT ${path}/8`]);
    assert.deepEqual(notes, [{ id: 7, body: "LGTM" }, {
      id: 8,
      body: "<!-- proxar -->\n## Report two\n",
    }]);
    // Without the token the job never calls the API.
    const { PROXAR_NOTE_TOKEN: _token, ...without } = env;
    assert.deepEqual(await bash(script, dir, without), [0, ""]);
    assert.equal(writes.length, 4);
  } finally {
    server.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
