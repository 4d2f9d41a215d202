/**
 * The messages between a diff and its hash thread (hash_thread.ts, hash_worker.ts).
 * @module
 */
import type { HashPiece } from "../core/hash_pieces.ts";

/** To the thread: the old file's text, then the new contract as pieces. */
export type HashRequest =
  | { type: "old"; text: string }
  | { type: "new"; pieces: HashPiece[] };

/**
 * From the thread, once: both hashes, after the pieces; or why there are none, then or as soon
 * as it declines the old text.
 */
export type HashReply =
  | { type: "hashes"; old: string; new: string }
  | { type: "failed"; message: string };
