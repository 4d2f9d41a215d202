/**
 * What every command receives: the process view, the rule registry and the reporters.
 * @module
 */
import type { Command } from "commander";
import type { Registry } from "../core/registry.ts";
import type { Reporter } from "../reporters/reporter.ts";
import type { Io } from "./io.ts";

/** Shared state of one CLI run. */
export interface CliContext {
  io: Io;
  registry: Registry;
  reporters: readonly Reporter[];
  /** Set by a command's action: the exit code of the run. */
  exitCode: number;
}

/** A command module: adds its subcommand to the program. */
export type RegisterCommand = (program: Command, context: CliContext) => void;
