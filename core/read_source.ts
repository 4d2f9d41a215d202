/**
 * Reads a contract source named on the command line: a file, a directory of per-tool files,
 * `-` for standard input, or `git:REF:PATH`. Live sources are handed to a caller-given loader.
 * @module
 */
import { join, resolve } from "node:path";
import { UserError } from "./errors.ts";
import type { JsonValue } from "./json.ts";
import { contractFromDocuments, type JsonDocument, type LoadedContract } from "./load_contract.ts";
import { portablePath, relativePortable } from "./portable_path.ts";
import { parseAlike, scanListItems } from "./parse_alike.ts";
import { findJsonError } from "./positions.ts";
import { fsPromises } from "./fs_promises.ts";

/** What reading a source needs from its surroundings. */
export interface SourceContext {
  cwd: string;
  readStdin: () => Promise<string>;
  /** Loads `stdio:`, `http(s)://` and `server:` sources; absent where live servers are not wired. */
  live?: (spec: string) => Promise<LoadedContract>;
  /** The read of the file at this absolute path that the caller started ahead, if any. */
  takeRead?: (path: string) => Promise<string> | undefined;
  /**
   * A contract read before that this source is likely much like (the old side of a diff, for
   * the new one): a file is parsed against its one document ({@link parseDocument}).
   */
  like?: LoadedContract;
  /** Called with a file's text before it is parsed (the command line's hint to the runtime). */
  beforeParse?: (text: string) => void;
  /**
   * Whether another source will be parsed against this one (the old side of a diff): a file's
   * tools are then located in it now, which also spares its load the walk of its value.
   */
  likeOfNext?: boolean;
}

/** Whether a source names a live server rather than a file. */
export function isLiveSource(spec: string): boolean {
  return /^(stdio:|server:|https?:\/\/)/.test(spec);
}

/** Reads and loads one contract source. Errors are {@link UserError}s naming the source. */
export async function readSource(spec: string, ctx: SourceContext): Promise<LoadedContract> {
  if (isLiveSource(spec)) {
    if (!ctx.live) {
      throw new UserError(`Cannot read "${spec}": live servers are not supported here`);
    }
    return await ctx.live(spec);
  }
  if (spec === "-") {
    const text = await ctx.readStdin();
    return contractFromDocuments("-", [parseDocument("<stdin>", text)]);
  }
  if (spec.startsWith("git:")) return await readGit(spec, ctx.cwd);
  const path = resolve(ctx.cwd, spec);
  // A read started ahead is of a regular file: asking again what the path names would cost a
  // trip through the thread pool, which a small diff otherwise never starts.
  const started = ctx.takeRead?.(path);
  if (started === undefined) {
    const { stat } = await fsPromises();
    const info = await stat(path).catch(() => {
      throw new UserError(`Cannot read "${spec}": no such file or directory`);
    });
    if (info.isDirectory()) return await readDirectory(spec, path);
  }
  const text = await readText(spec, path, started);
  ctx.beforeParse?.(text);
  const like = ctx.like?.documents?.length === 1 ? ctx.like.documents[0] : undefined;
  const doc = parseDocument(spec, text, relativePortable(ctx.cwd, path), like);
  if (ctx.likeOfNext) scanListItems({ text: doc.text!, value: doc.value });
  return contractFromDocuments(spec, [doc]);
}

async function readText(
  label: string,
  path: string,
  started?: Promise<string>,
): Promise<string> {
  try {
    return await (started ?? (await fsPromises()).readFile(path, "utf8"));
  } catch (error) {
    throw new UserError(`Cannot read "${label}": ${(error as Error).message}`);
  }
}

/**
 * Parses JSON text; a syntax error names `label:line:column` and what was expected. Given a
 * document `like` it, the tools whose text is the same in both are its values (see parseAlike).
 */
export function parseDocument(
  label: string,
  text: string,
  file?: string,
  like?: JsonDocument,
): JsonDocument {
  const clean = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const alike = like?.text === undefined
    ? undefined
    : parseAlike(clean, { text: like.text, value: like.value });
  let value: JsonValue;
  try {
    value = alike === undefined ? JSON.parse(clean) : alike.value;
  } catch (error) {
    const found = findJsonError(clean);
    const where = found ? `${label}:${found.position.line}:${found.position.column}` : label;
    const reason = found?.reason ?? (error as Error).message;
    throw new UserError(`${where}: invalid JSON: ${reason}`);
  }
  const doc: JsonDocument = { label, value, text: clean };
  if (file !== undefined) doc.file = file;
  return doc;
}

async function readDirectory(label: string, path: string): Promise<LoadedContract> {
  const { readdir } = await fsPromises();
  const names = (await readdir(path)).filter((n) => n.endsWith(".json")).sort();
  if (names.length === 0) {
    throw new UserError(`Cannot read "${label}": the directory holds no .json files`);
  }
  const docs: JsonDocument[] = [];
  for (const name of names) {
    const fileLabel = portablePath(join(label, name));
    docs.push(parseDocument(fileLabel, await readText(fileLabel, join(path, name)), fileLabel));
  }
  return contractFromDocuments(label, docs);
}

async function readGit(spec: string, cwd: string): Promise<LoadedContract> {
  const match = /^git:([^:]+):(.+)$/.exec(spec);
  if (!match) {
    throw new UserError(`Cannot read "${spec}": expected git:REF:PATH, such as git:HEAD:mcp.json`);
  }
  const [, ref, file] = match as unknown as [string, string, string];
  // git show parses a word starting with "-" as an option (git:--output=/x:y.json would write a
  // file). Refused here rather than with --end-of-options, which older gits do not know.
  if (ref.startsWith("-")) {
    throw new UserError(
      `Cannot read "${spec}": the git ref "${ref}" starts with "-"; name a branch, tag or commit`,
    );
  }
  // PATH is relative to the working directory, as in `git show REF:./PATH`; "/" starts at the
  // repository's root.
  const target = `${ref}:${file.startsWith("/") ? file.slice(1) : `./${file}`}`;
  // node:child_process loads when a git: source is read: a compiled Bun binary loads Node's
  // stream modules with it.
  const { execFile } = await import("node:child_process");
  const text = await new Promise<string>((done, failed) => {
    execFile(
      "git",
      ["show", target],
      { cwd, maxBuffer: 1 << 30, encoding: "utf8" },
      (error, stdout, stderr) => {
        if (error) {
          const why = stderr.trim().split("\n")[0] || error.message;
          failed(new UserError(`Cannot read "${spec}": git show failed: ${why}`));
        } else done(stdout);
      },
    );
  });
  // Locations name the file at that ref (git:REF:PATH), never the working-tree file.
  return contractFromDocuments(spec, [parseDocument(spec, text, spec)]);
}
