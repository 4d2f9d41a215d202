/**
 * Registers `proxar pin` and `proxar unpin`; the commands' modules load when one runs.
 * @module
 */
import type { Command } from "commander";
import type { CliContext } from "../context.ts";
import { addListsOption, addTimeoutOptions, oneServer } from "../options.ts";
import type { PinOptions } from "../pin_command.ts";

/** Adds `proxar pin` and `proxar unpin`. */
export function registerPin(program: Command, context: CliContext): void {
  const pin = program.command("pin")
    .description("Pin a server's snapshot: the live one now, or one from its history")
    .requiredOption("-s, --server <name>", "a server from servers: in the configuration", oneServer)
    .option("--hash <hash>", "pin the stored snapshot with this hash (a prefix is enough)")
    .option("-c, --config <file>", "configuration file (default: ./proxar.yaml when present)");
  addListsOption(addTimeoutOptions(pin)).action(async (opts: PinOptions) => {
    const { pinCommand } = await import("../pin_command.ts");
    context.exitCode = await pinCommand(opts, context);
  });
  program.command("unpin")
    .description("Remove a server's pinned snapshot")
    .requiredOption("-s, --server <name>", "a server from servers: in the configuration", oneServer)
    .option("-c, --config <file>", "configuration file (default: ./proxar.yaml when present)")
    .action(async (opts: { server: string; config?: string }) => {
      const { unpinCommand } = await import("../pin_command.ts");
      context.exitCode = await unpinCommand(opts, context);
    });
}
