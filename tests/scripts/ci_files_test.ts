import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
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
      "--format junit=proxar-junit.xml --format gitlab=gl-code-quality-report.json",
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
