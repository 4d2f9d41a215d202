/**
 * The `--semantic` pass: asks the configured model about each prose or POTENTIALLY_BREAKING
 * change and attaches the answers as advisory notes. Answers are cached in the store under
 * `semantic/`, keyed by model and the change's content hash. Any failure costs only notes: the
 * run goes on and one warning line says how many changes got none and why. After three failures
 * in a row the pass stops asking.
 * @module
 */
import { readFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import type { Config } from "../core/config.ts";
import { UserError } from "../core/errors.ts";
import type { Report } from "../core/report.ts";
import { sha256 } from "../core/sha256.ts";
import {
  changeContentHash,
  NOTE_MAX,
  noteText,
  semanticMessages,
  wantsNote,
  withNotes,
} from "../core/semantic.ts";
import type { Io } from "./io.ts";
import { askModel, SemanticFailure } from "./semantic_client.ts";
import { writeFileAtomic } from "../core/write_file.ts";

const FAILURES_IN_A_ROW_MAX = 3;

interface CacheEntry {
  model: string;
  change: string;
  note: string;
}

function cacheFile(dir: string, model: string, hash: string): string {
  const key = sha256(`${model}\n${hash}`);
  return join(dir, `${key}.json`);
}

async function cached(path: string, model: string, hash: string): Promise<string | undefined> {
  try {
    const entry = JSON.parse(await readFile(path, "utf8")) as Partial<CacheEntry>;
    const ok = entry.model === model && entry.change === hash && typeof entry.note === "string" &&
      entry.note.length <= NOTE_MAX + 1;
    return ok ? entry.note : undefined;
  } catch {
    return undefined;
  }
}

/** The report with notes attached; never fails for the model's sake. */
export async function addSemanticNotes(report: Report, config: Config, io: Io): Promise<Report> {
  const semantic = config.semantic;
  if (!semantic) {
    throw new UserError(
      `--semantic needs a semantic: section (url and model) in ${
        config.file ?? "proxar.yaml"
      }; see docs/semantic.md`,
    );
  }
  const apiKey = semantic.api_key_env ? io.env[semantic.api_key_env] || undefined : undefined;
  const configDir = config.file === undefined ? io.cwd : dirname(resolve(io.cwd, config.file));
  const dir = join(resolve(configDir, config.store), "semantic");
  const notes = new Map<number, string>();
  const reasons = new Set<string>();
  let wanted = 0;
  let inARow = 0;
  for (const [i, change] of report.changes.entries()) {
    if (!wantsNote(change)) continue;
    wanted++;
    const hash = changeContentHash(change);
    const file = cacheFile(dir, semantic.model, hash);
    const hit = await cached(file, semantic.model, hash);
    if (hit !== undefined) {
      notes.set(i, hit);
      continue;
    }
    if (inARow >= FAILURES_IN_A_ROW_MAX) continue;
    let note: string;
    try {
      note = noteText(
        semantic.model,
        await askModel(semantic, semanticMessages(change), apiKey),
        apiKey,
      );
      inARow = 0;
    } catch (error) {
      inARow++;
      reasons.add(error instanceof SemanticFailure ? error.message : "request failed");
      continue;
    }
    notes.set(i, note);
    const entry: CacheEntry = { model: semantic.model, change: hash, note };
    try {
      await writeFileAtomic(file, JSON.stringify(entry) + "\n");
    } catch {
      reasons.add("cannot write the cache");
    }
  }
  const missing = wanted - notes.size;
  if (missing > 0 || reasons.size > 0) {
    const stopped = inARow >= FAILURES_IN_A_ROW_MAX
      ? `, stopped after ${inARow} failures in a row`
      : "";
    io.stderr(
      `proxar: warning: --semantic: ${missing} of ${wanted} changes got no note (${
        [...reasons].sort().join("; ")
      }${stopped}); the report is complete without them\n`,
    );
  }
  return withNotes(report, notes);
}
