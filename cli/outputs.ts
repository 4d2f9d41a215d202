/**
 * `--format NAME[=FILE]` handling: choosing reporters and writing each output.
 * @module
 */
import { resolve } from "node:path";
import { UserError } from "../core/errors.ts";
import type { Report } from "../core/report.ts";
import type { Registry } from "../core/registry.ts";
import { didYouMean } from "../core/suggest.ts";
import { fsPromises } from "../core/fs_promises.ts";
import type { HostedReporter } from "../plugins/host.ts";
import type { Reporter, ReporterOptions } from "../reporters/reporter.ts";
import type { Io } from "./io.ts";
import { textChunks, writeFileAtomic } from "../core/write_file.ts";

/** One requested output: a reporter and where its text goes (undefined: standard output). */
export interface OutputSpec {
  reporter: Reporter;
  file?: string;
}

/**
 * Parses the `--format` values; `output` is where a format without `=FILE` goes. A file named `-`
 * is standard output.
 */
export function parseFormats(
  formats: readonly string[],
  output: string | undefined,
  reporters: readonly Reporter[],
): OutputSpec[] {
  const specs = (formats.length === 0 ? ["text"] : formats).map((value) => {
    const eq = value.indexOf("=");
    const name = eq === -1 ? value : value.slice(0, eq);
    const reporter = reporters.find((r) => r.name === name);
    if (!reporter) {
      const names = reporters.map((r) => r.name);
      throw new UserError(
        `Unknown format "${name}"${didYouMean(name, names)}; formats: ${names.join(", ")}`,
      );
    }
    const file = eq === -1 ? output : value.slice(eq + 1);
    if (file === "") throw new UserError(`Format "${name}=" needs a file name after "="`);
    return file === undefined || file === "-" ? { reporter } : { reporter, file };
  });
  if (specs.filter((s) => s.file === undefined).length > 1) {
    throw new UserError("Only one format can go to standard output; give the others =FILE");
  }
  return specs;
}

/** Renders every output first, then writes them, so a failing reporter leaves no file. */
export async function writeOutputs(
  specs: readonly OutputSpec[],
  report: Report,
  registry: Registry,
  io: Io,
  options: ReporterOptions = {},
  write: { stepSummary?: boolean } = {},
): Promise<void> {
  const color = io.isTTY && !io.env.NO_COLOR;
  const rendered: { spec: OutputSpec; text: string | readonly string[] }[] = [];
  for (const spec of specs) {
    const context = {
      rules: registry.rules.map((r) => r.meta),
      color: spec.file === undefined && color,
      options,
    };
    const reporter = spec.reporter as Partial<HostedReporter>;
    const text = reporter.renderAsync
      ? await reporter.renderAsync(report, context)
      : spec.reporter.renderParts
      ? spec.reporter.renderParts(report, context)
      : spec.reporter.render(report, context);
    rendered.push({ spec, text });
  }
  for (const { spec, text } of rendered) {
    if (spec.file === undefined) {
      for (const chunk of typeof text === "string" ? [text] : textChunks(text)) io.stdout(chunk);
    } else await writeFileAtomic(resolve(io.cwd, spec.file), text);
  }
  const summary = io.env.GITHUB_STEP_SUMMARY;
  const markdown = rendered.find((r) => r.spec.reporter.name === "markdown");
  if (summary && markdown && write.stepSummary !== false) {
    try {
      const text = typeof markdown.text === "string" ? markdown.text : markdown.text.join("");
      await (await fsPromises()).appendFile(resolve(io.cwd, summary), text);
    } catch (error) {
      throw new UserError(
        `Cannot append to GITHUB_STEP_SUMMARY "${summary}": ${(error as Error).message}`,
      );
    }
  }
}
