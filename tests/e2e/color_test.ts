/**
 * Colour on a terminal: the text report written to a terminal is coloured, and is otherwise the
 * same text; NO_COLOR, a pipe, a file or a machine format get no escape codes. The terminal is a
 * real pseudo-terminal from util-linux `script`, so the colour library is loaded the way a user's
 * run loads it (lazily, in the binary and the npm package too).
 */
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";
import { stripVTControlCharacters } from "node:util";
import { FIXTURES, proxarCommand, runProcess, SOURCE_COMMAND } from "../helpers.ts";

const DIFF = ["diff", "v1/contract.json", "v2/contract.json"].map((arg) =>
  arg.includes("/") ? join(FIXTURES, "..", "..", "examples", arg) : arg
);

const quote = (word: string) => `'${word.replaceAll("'", `'\\''`)}'`;

/** This process's environment without the variables that switch colour. */
function inherited(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (value !== undefined && name !== "NO_COLOR" && name !== "FORCE_COLOR") env[name] = value;
  }
  return env;
}

/** Runs `proxar ARGS` with its standard output on a pseudo-terminal; the terminal's text. */
function onTerminal(
  args: readonly string[],
  env: Record<string, string> = {},
): Promise<{ code: number; text: string }> {
  const command = [...(proxarCommand() ?? SOURCE_COMMAND), ...args].map(quote).join(" ");
  return new Promise((done, failed) => {
    execFile(
      "script",
      ["--quiet", "--return", "--command", command, "/dev/null"],
      {
        cwd: FIXTURES,
        env: { ...inherited(), ...env },
      },
      (error, stdout) => {
        const code = error ? (typeof error.code === "number" ? error.code : -1) : 0;
        if (code === -1) failed(error);
        // The terminal turns each "\n" into "\r\n".
        else done({ code, text: stdout.replaceAll("\r\n", "\n") });
      },
    );
  });
}

const ESC = "\x1b[";

let pipedRun: ReturnType<typeof runProcess> | undefined;

/** `proxar diff` with its output into a pipe, run once for the two tests that compare with it. */
function piped(): ReturnType<typeof runProcess> {
  return pipedRun ??= runProcess(DIFF);
}

Deno.test("proxar diff colours the text report on a terminal, and only there", async () => {
  const pipe = await piped();
  assert.equal(pipe.code, 1);
  assert.ok(!pipe.stdout.includes(ESC), "no escape codes into a pipe");
  const coloured = await onTerminal(DIFF);
  assert.equal(coloured.code, 1);
  assert.ok(coloured.text.includes(ESC), "escape codes on a terminal");
  // The same report, colour aside.
  assert.equal(stripVTControlCharacters(coloured.text), pipe.stdout);
  const plain = await onTerminal(DIFF, { NO_COLOR: "1" });
  assert.equal(plain.text, pipe.stdout);
});

Deno.test("proxar diff writes no colour into a file or a machine format, even from a terminal", async () => {
  const dir = mkdtempSync(join(tmpdir(), "proxar-color-"));
  try {
    const file = join(dir, "report.txt");
    const json = await onTerminal([...DIFF, "-f", "json", "-f", `text=${file}`]);
    assert.equal(json.code, 1);
    assert.ok(!json.text.includes(ESC));
    assert.ok(JSON.parse(json.text).changes.length > 0);
    const text = readFileSync(file, "utf8");
    assert.ok(!text.includes(ESC));
    assert.equal(text, (await piped()).stdout);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
