/**
 * Prose a `$ref` chain hides: `{$ref: "#/$defs/Mode", description: "D"}` reads as one schema whose
 * description is "D" (the keyword beside the `$ref` wins), yet a model reads the target's own
 * description too (Pydantic v2 writes a field's description beside the `$ref` and an enum's
 * docstring in its definition). {@link shadowedProse} finds the texts of one prose keyword that
 * changed at a link both chains reach, when the texts each chain holds differ (one only moved
 * between links is no change). Private to the walk.
 * @module
 */
import { jsonEqual } from "../json.ts";
import type { RefLevel } from "./_ref_siblings.ts";

/** A text of a link that changed: the link's location and its old and new text. */
export interface ShadowedText {
  loc: string;
  old?: string;
  new?: string;
}

/**
 * The texts of `key` that changed at links both chains reach (by location), when the chains
 * hold different texts; none without chains.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { shadowedProse } from "./_shadowed_prose.ts";
 * const chain = (docstring: string) => [
 *   { loc: "/properties/mode", keywords: { description: "How to convert." } },
 *   { loc: "/$defs/Mode", keywords: { type: "string", description: docstring } },
 * ];
 * assert.deepEqual(shadowedProse([chain("Modes."), chain("Never exact.")], "description"), [
 *   { loc: "/$defs/Mode", old: "Modes.", new: "Never exact." },
 * ]);
 * assert.deepEqual(shadowedProse([chain("Modes."), chain("Modes.")], "description"), []);
 * ```
 */
export function shadowedProse(
  levels: [RefLevel[], RefLevel[]] | undefined,
  key: string,
): ShadowedText[] {
  if (levels === undefined) return [];
  const text = (l: RefLevel | undefined) =>
    typeof l?.keywords[key] === "string" ? l.keywords[key] as string : undefined;
  const texts = (chain: RefLevel[]) => chain.map(text).filter((t) => t !== undefined).sort();
  if (jsonEqual(texts(levels[0]), texts(levels[1]))) return [];
  const out: ShadowedText[] = [];
  for (const link of levels[1]) {
    const before = levels[0].find((l) => l.loc === link.loc);
    if (before === undefined) continue;
    const [x, y] = [text(before), text(link)];
    if (x === y) continue;
    out.push({ loc: link.loc, ...x !== undefined && { old: x }, ...y !== undefined && { new: y } });
  }
  return out;
}
