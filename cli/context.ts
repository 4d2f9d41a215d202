/**
 * What every command receives: the process view, and where it sets the exit code. Commands
 * assemble their rules and reporters (built-in plus plugins) themselves, from the config.
 * @module
 */
import type { Command } from "commander";
import type { Io } from "./io.ts";

/** Shared state of one CLI run. */
export interface CliContext {
  io: Io;
  /** Set by a command's action: the exit code of the run. */
  exitCode: number;
}

/** A command module: adds its subcommand to the program. */
export type RegisterCommand = (program: Command, context: CliContext) => void;
