/**
 * The `proxar` command line. `main(args, io)` returns the exit code: 0 below the threshold,
 * 1 threshold reached, 2 usage, configuration, input or plugin error.
 * @module
 */
import { Command, CommanderError, Option } from "commander";
import process from "node:process";
import { isUserError } from "./core/errors.ts";
import { createRegistry } from "./core/registry.ts";
import { SEVERITIES, type Threshold } from "./core/severity.ts";
import { VERSION } from "./core/version.ts";
import { builtinReporters } from "./reporters/mod.ts";
import { builtinRules } from "./rules/mod.ts";
import { diffCommand } from "./cli/diff_command.ts";
import { type Io, processIo } from "./cli/io.ts";
import { rulesCommand } from "./cli/rules_command.ts";

export type { Io } from "./cli/io.ts";

const THRESHOLDS = [...SEVERITIES, "never"];

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

function thresholdOption(flag: string, description: string): Option {
  return new Option(flag, description).choices(THRESHOLDS);
}

/**
 * Runs the CLI with `args` (without the program name) and returns the exit code.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { main } from "./cli.ts";
 * let out = "";
 * const io = { stdout: (t: string) => void (out += t), stderr: () => {}, readStdin: async () => "",
 *   cwd: ".", env: {}, isTTY: false };
 * assert.ok(await main(["--version"], io) === 0 && out.startsWith("proxar "));
 * ```
 */
export async function main(args: readonly string[], io: Io): Promise<number> {
  const registry = createRegistry(builtinRules);
  const reporters = builtinReporters;
  let code = 0;
  const program = new Command("proxar")
    .description("Tells whether a change to an MCP server will break the agents that use it")
    .version(`proxar ${VERSION}`, "-V, --version", "Print the version")
    .helpOption("-h, --help", "Show help")
    .showSuggestionAfterError(true)
    .exitOverride()
    .configureOutput({
      writeOut: io.stdout,
      writeErr: io.stderr,
      outputError: (text, write) => write(`proxar: ${text.replace(/^error: /, "")}`),
    });

  program.command("diff")
    .description("Compare two contracts and grade every change")
    .argument("<old>", "old contract: FILE, DIR, -, git:REF:PATH")
    .argument("<new>", "new contract: FILE, DIR, -, git:REF:PATH")
    .option("-c, --config <file>", "configuration file (default: ./proxar.yaml when present)")
    .addOption(thresholdOption("--fail-on <level>", "exit 1 at or above this severity"))
    .addOption(thresholdOption("--warn-on <level>", "warn at or above this severity"))
    .option(
      "-f, --format <name[=file]>",
      `report format, repeatable: ${reporters.map((r) => r.name).join(", ")}`,
      collect,
      [],
    )
    .option("-o, --output <file>", "write the report to a file instead of standard output")
    .exitOverride()
    .action(async (oldSpec: string, newSpec: string, opts) => {
      code = await diffCommand(oldSpec, newSpec, {
        ...opts,
        failOn: opts.failOn as Threshold | undefined,
        warnOn: opts.warnOn as Threshold | undefined,
      }, { io, registry, reporters });
    });

  program.command("rules")
    .description("List every rule with its id, default severity and summary")
    .option("-f, --format <name>", "text or json", "text")
    .exitOverride()
    .action((opts: { format: string }) => {
      code = rulesCommand(opts.format, registry, io);
    });

  try {
    await program.parseAsync([...args], { from: "user" });
    return code;
  } catch (error) {
    if (error instanceof CommanderError) {
      return error.exitCode === 0 ? 0 : 2;
    }
    if (isUserError(error)) {
      io.stderr(`proxar: ${error.message}\n`);
      return 2;
    }
    io.stderr(`proxar: internal error (please report it): ${(error as Error)?.stack ?? error}\n`);
    return 2;
  }
}

if ((import.meta as { main?: boolean }).main) {
  process.exitCode = await main(process.argv.slice(2), processIo());
}
