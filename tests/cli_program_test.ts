/**
 * `createProgram(context, args)` adds only the command `args` name: every command must parse,
 * help and fail exactly as in the program with all commands.
 */
import assert from "node:assert/strict";
import type { Io } from "../cli/io.ts";
import { CommanderError, createProgram } from "../cli/program.ts";
import { RULES_DEFAULTS } from "../cli/rules_command.ts";

async function run(args: string[], onlyNamed: boolean): Promise<string> {
  let out = "";
  const io: Io = {
    stdout: (t) => void (out += `out:${t}`),
    stderr: (t) => void (out += `err:${t}`),
    readStdin: () => Promise.resolve(""),
    cwd: ".",
    env: {},
    isTTY: false,
  };
  const context = { io, exitCode: 0 };
  const program = createProgram(context, onlyNamed ? args : []);
  // Parse only: replace every action so that nothing runs.
  for (const command of program.commands) command.action(() => {});
  try {
    await program.parseAsync(args, { from: "user" });
    out += "parsed";
  } catch (error) {
    if (!(error instanceof CommanderError)) throw error;
    out += `exit ${error.exitCode} ${error.code}`;
  }
  return out;
}

Deno.test("createProgram() with a command's name parses, helps and fails as with all commands", async () => {
  const names = createProgram({ io: {} as Io, exitCode: 0 }).commands.map((c) => c.name());
  assert.ok(names.includes("diff") && names.includes("unpin") && names.length >= 12);
  for (const name of names) {
    for (
      const rest of [["--help"], ["--no-such-flag"], ["a", "b", "c"], ["--format"], []]
    ) {
      const args = [name, ...rest];
      assert.equal(await run(args, true), await run(args, false), args.join(" "));
    }
  }
  for (const args of [["--help"], ["difff"], ["help", "diff"], []]) {
    assert.equal(await run(args, true), await run(args, false), args.join(" "));
  }
});

Deno.test("createProgram() gives proxar rules the defaults cli.ts runs a bare `proxar rules` with", async () => {
  const context = { io: {} as Io, exitCode: 0 };
  const program = createProgram(context, ["rules"]);
  let parsed: unknown;
  program.commands[0]!.action((opts: unknown) => void (parsed = opts));
  await program.parseAsync(["rules"], { from: "user" });
  assert.deepEqual(parsed, RULES_DEFAULTS);
});
