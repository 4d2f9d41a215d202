/**
 * Shared helpers for the tests: running the CLI in-process with a fake {@link Io}, and reading
 * the findings of a JSON report as comparable strings.
 * @module
 */
import { fileURLToPath } from "node:url";
import { main } from "../cli.ts";
import type { Io } from "../cli/io.ts";

/** The repository root (the directory holding `cli.ts`). */
export const ROOT: string = fileURLToPath(new URL("..", import.meta.url)).replace(/\/$/, "");

/** `tests/fixtures`, the default working directory of {@link runCli}. */
export const FIXTURES: string = `${ROOT}/tests/fixtures`;

/** What one CLI run produced. */
export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Options of {@link runCli}. */
export interface RunOptions {
  /** Working directory; defaults to {@link FIXTURES}. */
  cwd?: string;
  /** Text served as standard input; reading it when absent fails the test. */
  stdin?: string;
  /** Environment variables; defaults to none. */
  env?: Record<string, string | undefined>;
}

/** Runs `proxar ARGS` in-process with a fake, non-terminal {@link Io}. */
export async function runCli(
  args: readonly string[],
  options: RunOptions = {},
): Promise<CliResult> {
  let stdout = "";
  let stderr = "";
  const io: Io = {
    stdout: (text) => void (stdout += text),
    stderr: (text) => void (stderr += text),
    readStdin: () => {
      if (options.stdin === undefined) {
        return Promise.reject(new Error("the test gave no standard input"));
      }
      return Promise.resolve(options.stdin);
    },
    cwd: options.cwd ?? FIXTURES,
    env: options.env ?? {},
    isTTY: false,
  };
  const code = await main(args, io);
  return { code, stdout, stderr };
}

interface ReportChange {
  rule: string;
  path: string;
  severity: string;
  suppressed?: unknown;
}

/**
 * The findings of a JSON report as sorted `rule|path|severity` strings; suppressed ones end in
 * `|suppressed`.
 */
export function findings(jsonText: string): string[] {
  const report = JSON.parse(jsonText) as { changes: ReportChange[] };
  return report.changes
    .map((c) => `${c.rule}|${c.path}|${c.severity}${c.suppressed ? "|suppressed" : ""}`)
    .sort();
}
