/**
 * Where findings point. A catch-all finding for a keyword removed from a union branch that moved
 * was named at the branch's new place plus the keyword (anyOf [{string, vndFoo}, number] →
 * [{number, vndFoo}, string]: vndFoo "removed at anyOf.1.vndFoo"), a place neither file holds, and
 * the branches compared in order read "accepted types string became number" where only vndFoo
 * moved. Now branches pair by what they are, and a place neither schema holds is replaced by the
 * nearest one above it that the new schema holds.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { diffContracts } from "../../../core/engine.ts";
import { isObject, type JsonValue, pointerTokens } from "../../../core/json.ts";
import { contractFromValue } from "../../../core/load_contract.ts";
import { registry } from "./_schema_helpers.ts";
import { schemaPair } from "./_oracle_schemas.ts";
import { schemaPair2020 } from "./_oracle_schemas_2020.ts";

const wrap = (s: JsonValue) => ({ tools: [{ name: "t", inputSchema: s }] });
const changes = (a: JsonValue, b: JsonValue) =>
  diffContracts(contractFromValue(wrap(a)), contractFromValue(wrap(b)), { registry }).changes;

/** Whether `root` holds a value at `pointer`. */
function holds(root: JsonValue, pointer: string): boolean {
  let at: JsonValue | undefined = root;
  for (const token of pointerTokens(pointer)) {
    if (Array.isArray(at)) at = at[Number(token)];
    else if (isObject(at) && Object.hasOwn(at, token)) at = at[token];
    else return false;
  }
  return at !== undefined;
}

Deno.test("diff says which union branch an unmodelled keyword moved from and to", () => {
  const old = { anyOf: [{ type: "string", "vndFoo": 1 }, { type: "number" }] };
  const next = { anyOf: [{ type: "number", "vndFoo": 1 }, { type: "string" }] };
  const found = changes(old, next);
  assert.deepEqual(found.map((c) => [c.rule, c.pointer, c.oldPointer ?? null]), [
    ["tool.input.keyword.unmodelled", "/tools/0/inputSchema/anyOf/0/vndFoo", null],
    [
      "tool.input.keyword.unmodelled",
      "/tools/0/inputSchema/anyOf/1",
      "/tools/0/inputSchema/anyOf/0/vndFoo",
    ],
  ]);
  assert.match(
    found[1]!.message,
    /"vndFoo" removed from "t\.inputSchema\.anyOf\.1" \(at "t\.inputSchema\.anyOf\.0\.vndFoo" in the old schema\)/,
  );
  assert.ok(found.every((c) => !/types/.test(c.message)), found.map((c) => c.message).join("\n"));
});

Deno.test("diff points every catch-all finding at a place the new or the old contract holds", () => {
  for (const [pairs, seed] of [[schemaPair, 7], [schemaPair2020, 8]] as const) {
    fc.assert(
      fc.property(pairs, ({ old, new: next }) => {
        const [a, b] = [contractFromValue(wrap(old)), contractFromValue(wrap(next))];
        for (const c of diffContracts(a, b, { registry }).changes) {
          // The catch-all differ's findings (the structured walk's name rules of their own).
          if (!/\.keyword\./.test(c.rule)) continue;
          const there = holds(wrap(next), c.pointer) || holds(wrap(old), c.pointer) ||
            (c.oldPointer !== undefined && holds(wrap(old), c.oldPointer));
          assert.ok(there, `${c.rule} ${c.pointer} (${c.oldPointer ?? "-"}): ${c.message}`);
        }
      }),
      { numRuns: 60, seed },
    );
  }
});

Deno.test("diff says where a reworded title of a union branch that moved stood, reached or not", () => {
  // anyOf [{a, title A}, {b, title B}] → [{b, B}, {a, A2}]: the text is reported once at the new
  // place; its old source location must be anyOf/0 (title "A"), not anyOf/1 of the old file, which
  // holds "B" (review F1 of 7ad01d8; the reached union had it wrong before that too).
  const branches = (first: JsonValue, second: JsonValue) => ({ anyOf: [first, second] });
  const [a, b] = [{ const: "a", title: "A" }, { const: "b", title: "B" }];
  const a2 = { const: "a", title: "A2" };
  for (const wrapIn of [(s: JsonValue) => s, (s: JsonValue) => ({ if: s })]) {
    const old = { type: "object", properties: { p: wrapIn(branches(a, b)) } };
    const next = { type: "object", properties: { p: wrapIn(branches(b, a2)) } };
    const base = `/tools/0/inputSchema/properties/p${
      JSON.stringify(wrapIn(0)) === "0" ? "" : "/if"
    }`;
    for (const [x, y, at, from] of [[old, next, 1, 0], [next, old, 0, 1]] as const) {
      const found = changes(x, y).map((c) => [c.rule, c.pointer, c.oldPointer ?? null]);
      assert.deepEqual(found, [
        ["tool.input.title.changed", `${base}/anyOf/${at}/title`, `${base}/anyOf/${from}/title`],
      ]);
    }
  }
  // Removed as its branch moved (review F5 of e026219): the old text is at anyOf/0 too.
  const gone = changes({ anyOf: [a, b] }, { anyOf: [b, { const: "a" }] });
  assert.deepEqual(gone.map((c) => [c.rule, c.pointer, c.oldPointer ?? null]), [
    [
      "tool.input.title.changed",
      "/tools/0/inputSchema/anyOf/1/title",
      "/tools/0/inputSchema/anyOf/0/title",
    ],
  ]);
  // In place, no old pointer.
  const still = changes({ anyOf: [a, b] }, { anyOf: [a2, b] });
  assert.deepEqual(still.map((c) => [c.pointer, c.oldPointer ?? null]), [
    ["/tools/0/inputSchema/anyOf/0/title", null],
  ]);
});
