import assert from "node:assert/strict";
import fc from "fast-check";
import { compareContracts } from "../../core/engine.ts";
import type { JsonValue } from "../../core/json.ts";
import { contractFromDocuments, type JsonDocument } from "../../core/load_contract.ts";
import { locateChanges } from "../../core/locate.ts";
import {
  knownListItems,
  parseAlike,
  scanListItems,
  scannedWithin,
} from "../../core/parse_alike.ts";
import { locatePointers, rootListItems } from "../../core/positions.ts";
import { parseDocument } from "../../core/read_source.ts";
import { createRegistry } from "../../core/registry.ts";
import { builtinRules } from "../../rules/mod.ts";
import { generatedContract, SMALL_TOOL } from "../../scripts/_bench_contracts.ts";
import { edited, format, pointersOf, referenceLocate, SPACES, value } from "./_json_texts.ts";

/** A contract-like document: tools, most of them objects, beside other values. */
const contract = fc.record({
  tools: fc.array(fc.oneof(fc.dictionary(fc.string({ maxLength: 3 }), value), value), {
    maxLength: 8,
  }),
  server: value,
});

/** Two formatted texts of a contract and of it edited, with the whitespace of `spaces`. */
const pair = fc.record({
  before: contract,
  edits: fc.array(
    fc.record({ path: fc.array(fc.nat(), { maxLength: 5 }), kind: fc.nat(2), with: value }),
    { maxLength: 3 },
  ),
  spaces: fc.array(fc.nat(SPACES.length - 1), { minLength: 1, maxLength: 50 }),
  sameSpaces: fc.boolean(),
}).map(({ before, edits, spaces, sameSpaces }) => {
  const after = edits.reduce<unknown>((acc, edit) => edited(acc, edit), before);
  let n = 0;
  const pick = () => SPACES[spaces[n++ % spaces.length]!]!;
  const old = format(before, pick);
  n = sameSpaces ? 0 : 1;
  return { old, now: format(after, pick), after };
});

function tools(value: unknown): unknown[] {
  return (value as { tools: unknown[] }).tools;
}

Deno.test("parseAlike() equals JSON.parse on random contracts edited at random places", () => {
  fc.assert(
    fc.property(pair, ({ old, now, after }) => {
      const like = { text: old, value: JSON.parse(old) as JsonValue };
      const parsed = parseAlike(now, like);
      const listed = typeof after === "object" && after !== null && !Array.isArray(after) &&
        Array.isArray((after as { tools?: unknown }).tools);
      // Each root key once (format writes an object's entries), so only a lost list refuses.
      assert.equal(parsed !== undefined, listed, `${old}\n---\n${now}`);
      if (parsed) assert.deepEqual(parsed.value, JSON.parse(now), `${old}\n---\n${now}`);
    }),
    { numRuns: 1500 },
  );
});

Deno.test("parseAlike() leaves text that is not JSON to JSON.parse", () => {
  fc.assert(
    fc.property(
      pair,
      fc.nat(),
      fc.constantFrom("", ",", "]", "[", "}", "{", '"', "\\", "x", " ", "0"),
      fc.boolean(),
      ({ old, now }, at, put, cut) => {
        const i = at % (now.length + 1);
        const text = now.slice(0, i) + put + now.slice(cut ? i + 1 : i);
        // The old side is parsed first, as the CLI does: the V8 of Deno 2.9.6 (15.0) misreads a
        // key after parsing one that differs only by an escape (JSON.parse('{"a":1,"G\\\\":2}')
        // then JSON.parse('{"a":1,"G\\"":2}') yields the key G\), so the reference parse must
        // come after it to be read in the same state (Node 20 and 26 and Bun parse both right).
        const like = { text: old, value: JSON.parse(old) as JsonValue };
        let expected: unknown;
        try {
          expected = JSON.parse(text);
        } catch {
          assert.equal(parseAlike(text, like), undefined, text);
          return;
        }
        const parsed = parseAlike(text, like);
        if (parsed) assert.deepEqual(parsed.value, expected, text);
      },
    ),
    { numRuns: 3000 },
  );
});

Deno.test("parseAlike() takes an unchanged tool's value from the old text, each once", () => {
  const old = '{"tools": [{"name": "a"}, {"name": "b", "x": [1]}]}';
  const like = { text: old, value: JSON.parse(old) };
  const now = parseAlike('{"tools": [{"name": "b", "x": [1]}, {"name": "b", "x": [1]}]}', like)!;
  assert.deepEqual(now.value, { tools: [{ name: "b", x: [1] }, { name: "b", x: [1] }] });
  assert.equal(tools(now.value)[0], tools(like.value)[1]);
  assert.notEqual(tools(now.value)[1], tools(like.value)[1]);
});

Deno.test("parseAlike() refuses a root that holds a key twice or no tools array", () => {
  const old = '{"tools": [{"name": "a"}]}';
  const like = { text: old, value: JSON.parse(old) };
  assert.equal(parseAlike('{"tools": [{"name": "a"}], "tools": []}', like), undefined);
  assert.equal(parseAlike('{"tool\\u0073": [], "tools": [{"name": "a"}]}', like), undefined);
  assert.equal(parseAlike('{"tools": {"name": "a"}}', like), undefined);
  assert.equal(parseAlike('[{"name": "a"}]', like), undefined);
  const twice = '{"tools": [], "tools": [{"name": "a"}]}';
  assert.equal(parseAlike(old, { text: twice, value: JSON.parse(twice) }), undefined);
});

Deno.test("locatePointers() finds the same positions with the known items of the text", () => {
  fc.assert(
    fc.property(pair, fc.infiniteStream(fc.nat(9)), ({ old, now, after }, draw) => {
      const known = rootListItems(now, "tools", rootListItems(old, "tools"));
      if (known === undefined) return;
      const asked = pointersOf(after).filter(() => draw.next().value === 0);
      assert.deepEqual(locatePointers(now, asked, { known }), referenceLocate(now, asked), now);
    }),
    { numRuns: 1500 },
  );
});

/** One side of a generated pair as a file read against `like`, the old side. */
function read(file: string, value: JsonValue, like?: JsonDocument) {
  const doc = parseDocument(file, JSON.stringify(value, null, 1), file, like);
  return { doc, loaded: contractFromDocuments(file, [doc]) };
}

Deno.test("parseDocument() against the old side yields the same report, locations included", () => {
  const registry = createRegistry(builtinRules);
  const diff = (alike: boolean) => {
    const old = read("old.json", generatedContract(70, false, SMALL_TOOL));
    const now = read(
      "new.json",
      generatedContract(70, true, SMALL_TOOL),
      alike ? old.doc : undefined,
    );
    const report = compareContracts(old.loaded, now.loaded, { registry, today: "2026-01-01" });
    locateChanges(report.changes, old.loaded, now.loaded);
    return { report, now };
  };
  const alike = diff(true);
  assert.ok(knownListItems(alike.now.doc) !== undefined, "the new side was parsed against the old");
  assert.equal(knownListItems(diff(false).now.doc), undefined);
  assert.ok(alike.report.changes.length > 0 && alike.report.changes.every((c) => c.locations?.new));
  assert.deepEqual(
    JSON.parse(JSON.stringify(alike.report)),
    JSON.parse(JSON.stringify(diff(false).report)),
  );
});

Deno.test("parseDocument() against the old side reports invalid JSON as JSON.parse does", () => {
  const old = read("old.json", generatedContract(3, false, SMALL_TOOL)).doc;
  const text = JSON.stringify(generatedContract(3, true, SMALL_TOOL), null, 1);
  for (const bad of [text.replace('"name"', '"name" 1'), `${text},`, text.replace("[", "[,")]) {
    assert.throws(() => parseDocument("new.json", bad, "new.json", old), (error: Error) => {
      assert.throws(() => parseDocument("new.json", bad, "new.json"), { message: error.message });
      return /^new\.json:\d+:\d+: invalid JSON/.test(error.message);
    });
  }
});

Deno.test("contractFromDocuments() checks the tools a parse took from a document it did not load", () => {
  const deep = `${"[".repeat(1001)}${"]".repeat(1001)}`;
  const cases: [string, RegExp][] = [[deep, /nested more than 1000 levels/], [
    "1e400",
    /out of range/,
  ]];
  for (const [inner, refusal] of cases) {
    const text = `{"tools": [{"name": "a", "inputSchema": {"x": ${inner}}}]}`;
    const old = { label: "old.json", file: "old.json", text, value: JSON.parse(text) };
    const now = parseDocument("new.json", `${text}\n`, "new.json", old);
    assert.equal(tools(now.value)[0], tools(old.value)[0], "taken from the old document");
    assert.throws(() => contractFromDocuments("new.json", [now]), refusal);
  }
});

Deno.test("contractFromDocuments() checks the tools a parse did not take from the loaded document", () => {
  const text = '{"tools": [{"name": "a", "inputSchema": {}}, {"name": "b", "inputSchema": {}}]}';
  const old = read("old.json", JSON.parse(text));
  const now = parseDocument(
    "new.json",
    JSON.stringify(JSON.parse(text), null, 1).replace("{}\n", '{"x": 1e400}\n'),
    "new.json",
    old.doc,
  );
  assert.equal(tools(now.value)[1], tools(old.doc.value)[1], "b taken from the old document");
  assert.throws(
    () => contractFromDocuments("new.json", [now]),
    { message: /^new\.json:5:20: \/tools\/0\/inputSchema\/x: the number is out of range/ },
  );
});

/** How deep a value nests (an object or array counting as 1), and whether a number overflowed. */
function depthOf(v: unknown): number {
  if (typeof v !== "object" || v === null) return 0;
  return 1 + Math.max(0, ...Object.values(v).map(depthOf));
}
function finite(v: unknown): boolean {
  if (typeof v === "number") return Number.isFinite(v);
  return typeof v !== "object" || v === null || Object.values(v).every(finite);
}

/** Numbers as a text may hold them: exponents, long runs of digits, fractions. */
const numberText = fc.oneof(
  fc.integer().map(String),
  fc.constantFrom("1e400", "-1E+400", "1.5e3", "2e-5", "0.5", "-0", "1e308", "9".repeat(309)),
  fc.constantFrom(`1${"0".repeat(308)}`, `0.${"0".repeat(400)}1`, `${"9".repeat(308)}.5`),
);

Deno.test("scannedWithin() holds only for texts whose values nest within the limit and fit doubles", () => {
  fc.assert(
    fc.property(
      fc.array(fc.oneof(value, fc.constant("NUMBER"), fc.array(fc.constant("NUMBER"))), {
        maxLength: 6,
      }),
      value,
      fc.array(numberText, { minLength: 1, maxLength: 5 }),
      fc.array(fc.nat(SPACES.length - 1), { minLength: 1, maxLength: 20 }),
      fc.nat(8),
      (items, server, numbers, spaces, limit) => {
        let n = 0;
        let k = 0;
        const text = format({ tools: items, server }, () => SPACES[spaces[n++ % spaces.length]!]!)
          .replaceAll('"NUMBER"', () => numbers[k++ % numbers.length]!);
        const parsed = { text, value: JSON.parse(text) };
        scanListItems(parsed);
        if (scannedWithin(parsed, limit)) {
          assert.ok(depthOf(parsed.value) <= limit && finite(parsed.value), text);
        }
        const plain = !/[0-9][eE]|[0-9]{300}/.test(text.replaceAll(/"(?:[^"\\]|\\.)*"/g, ""));
        if (plain && depthOf(parsed.value) + 1 <= limit) {
          assert.ok(scannedWithin(parsed, limit), text);
        }
      },
    ),
    { numRuns: 2000 },
  );
});
