/**
 * The thread that computes a diff's content hashes (see hash_thread.ts). It receives the old
 * file's text, loads it as the diff does and hashes it, keeping the canonical text of each
 * entry; then the new contract as pieces (hash_pieces.ts), whose numbered entries are the old
 * ones, and answers both hashes. Anything that fails is answered as a failure (the diff then
 * computes the hashes itself), never printed.
 * @module
 */
import { parentPort } from "node:worker_threads";
import { contractHashKeeping } from "../core/hash.ts";
import { type HashPiece, listEntries, piecesHash } from "../core/hash_pieces.ts";
import { contractFromDocuments } from "../core/load_contract.ts";
import { parseDocument } from "../core/read_source.ts";
import type { HashReply, HashRequest } from "./_hash_protocol.ts";

let old: { hash: string; entries: object[]; texts: Map<object, string> } | undefined;
/** Why the old contract could not be hashed here. */
let oldFailed = "no old contract was given";

function loadOld(text: string): void {
  // As readSource loads a file (the label is only for messages, which go nowhere here).
  const contract = contractFromDocuments("old", [parseDocument("old", text)]).contract;
  const texts = new Map<object, string>();
  old = { hash: contractHashKeeping(contract, texts), entries: listEntries(contract), texts };
}

function hashNew(pieces: readonly HashPiece[]): HashReply {
  if (old === undefined) return { type: "failed", message: oldFailed };
  const { entries, texts } = old;
  const next = piecesHash(pieces, (i) => {
    const entry = entries[i];
    return entry === undefined ? undefined : texts.get(entry);
  });
  if (next === undefined) return { type: "failed", message: "an equal entry's text is unknown" };
  return { type: "hashes", old: old.hash, new: next };
}

parentPort?.on("message", (request: HashRequest) => {
  let reply: HashReply | undefined;
  try {
    if (request.type === "old") loadOld(request.text);
    else reply = hashNew(request.pieces);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (request.type === "old") oldFailed = message;
    else reply = { type: "failed", message };
  }
  if (reply !== undefined) parentPort?.postMessage(reply);
});
