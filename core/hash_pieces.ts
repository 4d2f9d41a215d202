/**
 * A content hash computed in two places: one side writes the canonical text of a contract as
 * pieces, leaving out the entries whose text the other side knows (the equal tools of the old
 * contract, hashed there), and the other hashes the pieces with those texts in their places.
 * The result is {@link contractHash}'s. Lets a diff hash both contracts on another thread
 * without copying them there: the old file's text goes over, the new contract as a few pieces.
 * @module
 */
import { createHash } from "node:crypto";
import { ENTITY_LISTS } from "./contract.ts";
import type { Contract } from "./contract.ts";
import { NotPlainJson, writeCanonical } from "./canonical_json.ts";
import { utf8Into } from "./_utf8_into.ts";

/** A piece of canonical text, or the number of an entry whose text goes there. */
export type HashPiece = string | number;

/**
 * The entries of a contract's lists (tools, then prompts, resources and resource templates), in
 * order: the numbers in {@link HashPiece}s count them.
 */
export function listEntries(contract: Contract): object[] {
  return ENTITY_LISTS.flatMap((l) => contract[l.list] as object[]);
}

/** Stands for an entry's text while the pieces are written: no canonical text holds a NUL. */
const PLACE = "\u0000";

/**
 * The canonical text of `contract` (as {@link contractHash} hashes it) as pieces, with the number
 * `entry` gives in place of each value it numbers (adjacent texts joined); undefined when the
 * text needs the `canonicalize` package's handling (then hash it whole).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { hashPieces } from "./hash_pieces.ts";
 * import { emptyContract } from "./contract.ts";
 * const tool = { name: "a", inputSchema: {} };
 * const pieces = hashPieces({ ...emptyContract(), tools: [tool] }, (v) => v === tool ? 0 : undefined);
 * assert.equal(pieces?.[1], 0);
 * assert.ok(String(pieces?.[0]).endsWith('"tools":['));
 * ```
 */
export function hashPieces(
  contract: Contract,
  entry: (value: object) => number | undefined,
): HashPiece[] | undefined {
  // Which lists the source recorded is not content (as contractHash has it).
  const { uncaptured: _, ...content } = contract;
  const pieces: HashPiece[] = [];
  let text = "";
  let pending: number | undefined;
  try {
    writeCanonical(content, (piece) => {
      if (pending === undefined) {
        text += piece;
        return;
      }
      if (piece !== PLACE) throw new Error("hashPieces: a numbered entry was not written whole");
      if (text !== "") pieces.push(text);
      pieces.push(pending);
      text = "";
      pending = undefined;
    }, {
      get: (value) => {
        pending = entry(value);
        return pending === undefined ? undefined : PLACE;
      },
      set: () => {},
    });
  } catch (error) {
    if (!(error instanceof NotPlainJson)) throw error;
    return undefined;
  }
  if (text !== "") pieces.push(text);
  return pieces;
}

/**
 * The `sha256:` hash of the text of `pieces`, each number replaced by what `textOf` gives;
 * undefined when it gives nothing for one.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { contractHash } from "./hash.ts";
 * import { hashPieces, piecesHash } from "./hash_pieces.ts";
 * import { emptyContract } from "./contract.ts";
 * const tool = { name: "a", inputSchema: {} };
 * const contract = { ...emptyContract(), tools: [tool] };
 * const pieces = hashPieces(contract, (v) => v === tool ? 0 : undefined)!;
 * const text = '{"inputSchema":{},"name":"a"}';
 * assert.equal(piecesHash(pieces, () => text), contractHash(contract));
 * ```
 */
export function piecesHash(
  pieces: readonly HashPiece[],
  textOf: (entry: number) => string | undefined,
): string | undefined {
  const hash = createHash("sha256");
  const into = utf8Into(hash);
  for (const piece of pieces) {
    const text = typeof piece === "string" ? piece : textOf(piece);
    if (text === undefined) return undefined;
    into.write(text);
  }
  into.flush();
  return "sha256:" + hash.digest("hex");
}
