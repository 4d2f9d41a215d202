/**
 * `diffArguments()` reads a diff command line without commander: whatever it reads, commander
 * reads the same (operands, and options with the same keys in the same order); whatever
 * commander rejects or answers with help, it leaves to commander.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { diffArguments } from "../../cli/diff_args.ts";
import type { Io } from "../../cli/io.ts";
import { CommanderError, createProgram } from "../../cli/program.ts";

const io: Io = {
  stdout: () => {},
  stderr: () => {},
  readStdin: () => Promise.resolve(""),
  cwd: ".",
  env: {},
  isTTY: false,
};

/** What commander hands the diff command's action, as JSON, or the code of its error. */
async function commanderReads(args: readonly string[]): Promise<string> {
  const program = createProgram({ io, exitCode: 0 }, ["diff", ...args]);
  let read = "";
  program.commands[0]!.action((old: unknown, next: unknown, options: unknown) => {
    read = JSON.stringify({ old, new: next, options });
  });
  try {
    await program.parseAsync(["diff", ...args], { from: "user" });
  } catch (error) {
    if (!(error instanceof CommanderError)) throw error;
    return `error ${error.code}`;
  }
  return read;
}

const arg = fc.oneof(
  fc.constantFrom(
    "old.json",
    "new.json",
    "-",
    "",
    "git:main:c.json",
    "--",
    "-c",
    "--config",
    "--config=proxar.yaml",
    "-cproxar.yaml",
    "-p",
    "--plugin",
    "-f",
    "--format",
    "--format=json",
    "-fsarif=out.sarif",
    "text",
    "markdown=-",
    "-o",
    "--output",
    "--fail-on",
    "--warn-on",
    "--fail-on=never",
    "breaking",
    "POTENTIALLY_BREAKING",
    "Never",
    "loud",
    "--against",
    "--timeout",
    "--connect-timeout",
    "--lists",
    "--no-step-summary",
    "--sarif-omit-suppressed",
    "--semantic",
    "--semantic=yes",
    "--no-locations",
    "--locations",
    "-s",
    "--server",
    "-h",
    "--help",
    "-V",
    "--version",
    "--version=1",
    "--help=1",
    "-hx",
    "-Vx",
    "help",
    "-o-h",
    "--he",
    "--no-such-flag",
    "-x",
    "-1",
  ),
  fc.string({ maxLength: 4 }),
);

Deno.test("diffArguments() reads what commander reads, and leaves it every other line", async () => {
  let read = 0;
  await fc.assert(
    fc.asyncProperty(fc.array(arg, { maxLength: 7 }), async (args) => {
      const quick = diffArguments(args);
      if (quick === undefined) return;
      read++;
      assert.equal(JSON.stringify(quick), await commanderReads(args), JSON.stringify(args));
    }),
    { numRuns: 2000 },
  );
  assert.ok(read > 200, `only ${read} lines read`);
});

Deno.test("diffArguments() reads the usual diff command lines", async () => {
  const lines = [
    ["examples/v1/contract.json", "examples/v2/contract.json"],
    ["a.json", "b.json", "--config", "examples/proxar.yaml", "--format", "text"],
    [
      "git:origin/main:mcp-contract.json",
      "mcp-contract.json",
      "--format",
      "sarif",
      "--output",
      "-",
    ],
    ["--fail-on", "potentially_breaking", "-f", "json=r.json", "-f", "text", "-", "b.json"],
    ["a.json", "b.json", "-p", "acme.ts", "--no-locations", "--sarif-omit-suppressed"],
  ];
  for (const args of lines) {
    const quick = diffArguments(args);
    assert.ok(quick !== undefined, args.join(" "));
    assert.equal(JSON.stringify(quick), await commanderReads(args));
  }
  for (const args of [["a", "b", "--help"], ["--server", "s"], ["a", "b", "c"], ["a", "--", "b"]]) {
    assert.equal(diffArguments(args), undefined, args.join(" "));
  }
});
