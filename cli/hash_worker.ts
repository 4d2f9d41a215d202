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

/** The old contract's hash, and the canonical text of each of its entries (by number). */
let old: { hash: string; texts: (string | undefined)[] } | undefined;
/** Why the old contract could not be hashed here. */
let oldFailed = "no old contract was given";

/**
 * The most characters of text per tool hashed here: a file of a few large tools (one with a
 * 10 MB schema) shares no tool with the new one, and a second parsed copy of it raised the peak
 * memory of its diff from 2.4 to 3.7 times the parse-only reference's.
 */
const MAX_CHARS_PER_TOOL = 256 * 1024;

/** How many times `word` occurs in `text`. */
function occurrences(text: string, word: string): number {
  let count = 0;
  for (let at = text.indexOf(word); at !== -1; at = text.indexOf(word, at + word.length)) count++;
  return count;
}

/** Loads and hashes the old contract; returns why it did not, if it did not. */
function loadOld(text: string): string | undefined {
  const tools = occurrences(text, '"inputSchema"');
  if (tools === 0 || text.length / tools > MAX_CHARS_PER_TOOL) return "the tools are too large";
  // As readSource loads a file (the label is only for messages, which go nowhere here).
  const contract = contractFromDocuments("old", [parseDocument("old", text)]).contract;
  const byValue = new Map<object, string>();
  const hash = contractHashKeeping(contract, byValue);
  // Texts by number: the contract itself is let go.
  old = { hash, texts: listEntries(contract).map((entry) => byValue.get(entry)) };
  return undefined;
}

function hashNew(pieces: readonly HashPiece[]): HashReply {
  if (old === undefined) return { type: "failed", message: oldFailed };
  const texts = old.texts;
  const next = piecesHash(pieces, (i) => texts[i]);
  if (next === undefined) return { type: "failed", message: "an equal entry's text is unknown" };
  return { type: "hashes", old: old.hash, new: next };
}

parentPort?.on("message", (request: HashRequest) => {
  let reply: HashReply | undefined;
  try {
    if (request.type === "old") {
      const declined = loadOld(request.text);
      // Said at once: the diff then lets this thread go.
      if (declined !== undefined) reply = { type: "failed", message: oldFailed = declined };
    } else reply = hashNew(request.pieces);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (request.type === "old") oldFailed = message;
    else reply = { type: "failed", message };
  }
  if (reply !== undefined) parentPort?.postMessage(reply);
});
