/**
 * Samples files: the recorded response shapes of one server, as `proxar sample` writes them to
 * `<store>/samples/<server>/latest.json` (and `pinned.json` with `--pin`). A samples file is a
 * contract with only `server` and `responses`, so every contract reader (and `proxar diff`)
 * accepts it. Canonical JSON, keys sorted, no times: the same shapes give the same bytes.
 * @module
 */
import { access, readFile } from "node:fs/promises";
import { join } from "node:path";
import { relativePortable } from "../../core/portable_path.ts";
import { writeFileAtomic } from "../../core/write_file.ts";
import type { ServerInfo } from "../../core/contract.ts";
import { UserError } from "../../core/errors.ts";
import { sortKeys } from "../../core/json.ts";
import { contractFromDocument, type LoadedContract } from "../../core/load_contract.ts";
import { parseDocument } from "../../core/read_source.ts";
import type { ToolResponseShape } from "../../core/response/result.ts";

/** The version of the samples file format (its `samples` field). */
export const SAMPLES_FORMAT = 1;

/**
 * The text of a samples file.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { samplesText } from "./samples_file.ts";
 * const text = samplesText({ name: "demo", version: "1" }, { t: { calls: 1, errors: 0, content: [] } });
 * assert.ok(text.startsWith('{\n  "samples": 1,\n  "server"'));
 * ```
 */
export function samplesText(
  server: ServerInfo,
  responses: Record<string, ToolResponseShape>,
): string {
  const file = {
    samples: SAMPLES_FORMAT,
    server: { name: server.name, version: server.version },
    responses: sortKeys(responses),
  };
  return JSON.stringify(file, null, 2) + "\n";
}

/** Which recorded samples of a server. */
export type SamplesKind = "latest" | "pinned" | "observed";

/** The samples part of the store. */
export class SamplesStore {
  readonly #root: string;
  readonly #cwd: string;

  /** Samples under `<storeRoot>/samples`; messages name files relative to `cwd`. */
  constructor(storeRoot: string, cwd: string) {
    this.#root = join(storeRoot, "samples");
    this.#cwd = cwd;
  }

  /** A path as messages show it. */
  display(path: string): string {
    return relativePortable(this.#cwd, path) || ".";
  }

  /** The file of a server's latest or pinned samples. */
  path(server: string, kind: SamplesKind): string {
    return join(this.#root, server, `${kind}.json`);
  }

  /** Writes a server's samples atomically; returns the path. */
  async write(server: string, kind: SamplesKind, text: string): Promise<string> {
    const path = this.path(server, kind);
    await writeFileAtomic(path, text);
    return path;
  }

  /** Reads recorded samples, or undefined when there are none. A damaged file is an error. */
  async read(server: string, kind: SamplesKind): Promise<LoadedContract | undefined> {
    const path = this.path(server, kind);
    const exists = await access(path).then(() => true, (e) => e?.code !== "ENOENT");
    return exists ? await readSamplesFile(path, this.display(path)) : undefined;
  }
}

/** Reads a samples file (or any contract file) with source positions. */
export async function readSamplesFile(path: string, label: string): Promise<LoadedContract> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    throw new UserError(`Cannot read "${label}": ${(error as Error).message}`);
  }
  const doc = parseDocument(label, text, label);
  const loaded = contractFromDocument(doc);
  if (!loaded.contract.responses) {
    throw new UserError(`${label}: not a samples file (no "responses")`);
  }
  return loaded;
}
