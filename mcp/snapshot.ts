/**
 * Snapshot files: what `proxar snapshot` writes, the store keeps and `pin` commits. Canonical
 * JSON with a fixed key order, lists sorted by identity and a content hash (`sha256:` of the
 * RFC 8785 form of the contract, which leaves out `capturedAt` and `hash` themselves).
 * @module
 */
import { type Contract, ENTITY_LISTS, recorded } from "../core/contract.ts";
import { UserError } from "../core/errors.ts";
import { contractHash } from "../core/hash.ts";
import { type JsonObject, type JsonValue, sortKeys } from "../core/json.ts";
import { contractFromDocument, type LoadedContract } from "../core/load_contract.ts";
import { parseDocument } from "../core/read_source.ts";
import type { InitializeInfo } from "./connect.ts";
import type { Listing } from "./fetch_listing.ts";

/** The version of the snapshot file format (its `proxar` field). */
export const SNAPSHOT_FORMAT = 1;

/** A snapshot: the contract plus when it was taken and its hash. */
export interface Snapshot {
  /** The file's text: the exact bytes to write. */
  text: string;
  hash: string;
  capturedAt: string;
  /** The contract, loaded and validated as any reader would load the file. */
  loaded: LoadedContract;
}

/** The contract a server advertised, built with the same loader that reads contract files. */
export function contractFromLive(label: string, info: InitializeInfo, listing: Listing): Contract {
  const value: JsonObject = {
    serverInfo: info.serverInfo,
    protocolVersion: info.protocolVersion,
    capabilities: info.capabilities,
    ...(info.instructions === undefined ? {} : { instructions: info.instructions }),
    ...listing,
  } as JsonObject;
  return contractFromDocument({ label, value }).contract;
}

/**
 * A snapshot of a contract taken at `capturedAt` (an ISO 8601 time).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { snapshotOf } from "./snapshot.ts";
 * import { emptyContract } from "../core/contract.ts";
 * const snap = snapshotOf(emptyContract({ name: "demo", version: "1" }), "2026-01-01T00:00:00.000Z", "demo");
 * assert.ok(snap.hash.startsWith("sha256:"));
 * assert.ok(snap.text.startsWith('{\n  "proxar": 1,\n  "server"'));
 * ```
 */
export function snapshotOf(contract: Contract, capturedAt: string, label: string): Snapshot {
  const hash = contractHash(contract);
  const file: Record<string, JsonValue> = {
    proxar: SNAPSHOT_FORMAT,
    server: sortKeys(contract.server) as JsonObject,
  };
  if (contract.protocolVersion !== undefined) file.protocolVersion = contract.protocolVersion;
  file.capturedAt = capturedAt;
  file.hash = hash;
  if (contract.instructions !== undefined) file.instructions = contract.instructions;
  if (contract.capabilities !== undefined) file.capabilities = sortKeys(contract.capabilities);
  // A list the source did not record stays out of the file, so that reading it back does not
  // turn "not captured" into "none"; the hash is the same either way. The format needs tools.
  for (const { list } of ENTITY_LISTS) {
    if (list === "tools" || recorded(contract, list)) {
      file[list] = sortKeys(contract[list]) as JsonValue;
    }
  }
  const text = JSON.stringify(file, null, 2) + "\n";
  return { text, hash, capturedAt, loaded: { ...loadedOf(contract, label) } };
}

function loadedOf(contract: Contract, label: string): LoadedContract {
  return { contract, label, origins: new Map(), texts: new Map() };
}

/**
 * Reads a snapshot file's text: valid JSON, the snapshot shape (checked with ajv), and a `hash`
 * that matches the content. Anything else is a {@link UserError} naming `label`.
 * `file` (relative to the working directory) enables source locations in reports.
 */
export function readSnapshotText(label: string, text: string, file?: string): Snapshot {
  const doc = parseDocument(label, text, file);
  const value = doc.value;
  if (typeof value !== "object" || value === null || Array.isArray(value) || !("proxar" in value)) {
    throw new UserError(`${label}: not a Proxar snapshot (no "proxar" field)`);
  }
  const loaded = contractFromDocument(doc);
  const hash = contractHash(loaded.contract);
  if (value.hash !== hash) {
    throw new UserError(
      `${label}: the recorded hash ${
        JSON.stringify(value.hash ?? null)
      } does not match the content (${hash}); the file was edited or is damaged`,
    );
  }
  return { text, hash, capturedAt: String(value.capturedAt ?? ""), loaded };
}
