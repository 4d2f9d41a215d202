import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { isMap, isScalar, isSeq, type Node, parseDocument } from "yaml";
import { parseYamlConfig } from "../../core/config_load.ts";
import { parseSimpleConfig } from "../../core/config_simple.ts";
import { MAX_DEPTH, readSimpleYaml } from "../../core/simple_yaml.ts";
import { FIXTURES, ROOT } from "../helpers.ts";

/**
 * Asserts that `readSimpleYaml` either declines `text` or reads what the `yaml` package reads:
 * no error there, the same value, and every node and key at the same offset. Returns whether it
 * read the text.
 */
function agrees(text: string): boolean {
  const simple = readSimpleYaml(text);
  if (simple === undefined) return false;
  const doc = parseDocument(text, { uniqueKeys: true, prettyErrors: false });
  assert.deepEqual(doc.errors.map((e) => e.message), [], `yaml rejects ${JSON.stringify(text)}`);
  assert.deepEqual(simple.value, doc.toJS() ?? null, JSON.stringify(text));
  const visit = (node: unknown, tokens: (string | number)[]) => {
    if (isMap(node)) {
      for (const pair of node.items) {
        const key = pair.key as Node;
        assert.ok(isScalar(key));
        const path = [...tokens, String(key.value)];
        assert.equal(simple.offsetOf(path, true), key.range?.[0], `key ${path} in ${text}`);
        const value = pair.value as Node | null;
        // An empty value is a null scalar where `yaml` puts it; config errors alone point there.
        if (value === null || (isScalar(value) && value.source === "")) continue;
        assert.equal(simple.offsetOf(path), value.range?.[0], `${path} in ${text}`);
        visit(value, path);
      }
    } else if (isSeq(node)) {
      for (const [index, item] of node.items.entries()) {
        assert.equal(simple.offsetOf([...tokens, index]), (item as Node).range?.[0]);
        visit(item, [...tokens, index]);
      }
    }
  };
  visit(doc.contents, []);
  return true;
}

function yamlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.ya?ml$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

Deno.test("readSimpleYaml() reads the example and fixture configs as yaml does", () => {
  const files = [...yamlFiles(join(ROOT, "examples")), ...yamlFiles(FIXTURES)];
  const read = files.filter((file) => agrees(readFileSync(file, "utf8")));
  assert.ok(read.includes(join(ROOT, "examples", "proxar.yaml")), "the demo config is read");
  assert.ok(read.length >= files.length / 2, `${read.length} of ${files.length} read`);
});

Deno.test("readSimpleYaml() reads scalars as YAML 1.2's core schema does", () => {
  const scalars = [
    "v",
    "1",
    "-2",
    "+3",
    "007",
    "0.5",
    "-.5",
    "5.",
    "1e3",
    "-1.5E-3",
    "0o17",
    "0x1F",
    ".inf",
    "-.Inf",
    "+.INF",
    ".nan",
    "~",
    "null",
    "Null",
    "NULL",
    "nULL",
    "true",
    "True",
    "TRUE",
    "tRUE",
    "false",
    "no",
    "yes",
    "2020-01-01",
    "12:30",
    "1_000",
    "0b101",
    "'it''s'",
    '"dq"',
    "''",
    '""',
    "a  b",
    "a#b",
    "http://x:1/y?a=b#c",
    "${TOKEN}",
    "Bearer ${TOKEN}",
    "-k",
    "é ü ✓",
    "legacy_*",
    "99999999999999999999",
  ];
  for (const scalar of scalars) {
    for (const text of [`k: ${scalar}\n`, `k: ${scalar} # c\n`, `- ${scalar}\n`]) {
      assert.ok(agrees(text), `read ${JSON.stringify(text)}`);
    }
  }
});

Deno.test("readSimpleYaml() declines what it does not read itself", () => {
  const declined = [
    "k: [a, b]",
    "k: {a: 1}",
    "k: &a v",
    "k: *a",
    "k: !!str 1",
    "k: |\n  text",
    "k: >\n  text",
    'k: "a\\nb"',
    "k: 'open",
    "k: 'a' b",
    "k: a\n  continued",
    "k: 1\nk: 2",
    "<<: {a: 1}",
    "k:\tv",
    "k: v\r\n",
    "\ufeffk: v",
    "---\nk: v",
    "%YAML 1.2\n---\nk: v",
    "k: - v",
    "k: a: b",
    "? k\n: v",
    "- - a",
    "true: v",
    "1: v",
    "k:\n  a: 1\n b: 2",
    "  k: v",
    "just text",
    "k # c: v",
  ];
  for (const text of declined) assert.equal(readSimpleYaml(text), undefined, text);
});

/** Lines of block YAML, well and badly indented, with the scalars and keys configs hold. */
const texts = fc.array(
  fc.tuple(
    fc.constantFrom(0, 0, 0, 1, 2, 2, 2, 3, 4, 4, 6),
    fc.oneof(
      fc.tuple(
        fc.constantFrom("a", "b", "rule", "tool.added", "'q k'", '"d"', "x-y", "é"),
        fc.constantFrom(":", ": ", ":  ", ": # c", ":x"),
      ).map(([key, colon]) => `${key}${colon}`),
      fc.constantFrom("-", "- ", "-  ", "- - ", "- k: ", "- k:", "  - j: ", "# c", ""),
    ),
    fc.constantFrom(
      "",
      "v",
      "1",
      "0.9",
      "null",
      "~",
      "TRUE",
      "'s'",
      '"d"',
      "a # c",
      "legacy_*",
      "http://h:1/p",
      "x: y",
      "[a]",
      "'''q'''",
    ),
  ).map(([indent, head, tail]) => " ".repeat(indent) + head + tail),
  { maxLength: 8 },
).map((lines) => lines.join("\n"));

Deno.test("readSimpleYaml() leaves nesting deeper than MAX_DEPTH to yaml instead of overflowing", () => {
  // Mappings and sequences in turn, each a line deeper: MAX_DEPTH of them is read as yaml reads
  // it, one more is declined. 5,000 deep (12 MB) overflowed the reader's recursion under Deno:
  // `proxar diff` with such a proxar.yaml ended in "internal error (please report it):
  // RangeError", where yaml reports an invalid YAML at a line and column, exit 2.
  const nested = (depth: number) =>
    Array.from(
      { length: depth },
      (_, i) => " ".repeat(i) + (i % 2 === 0 ? `k${i}:` : "-"),
    ).join("\n") + " x\n";
  assert.ok(agrees(nested(MAX_DEPTH)));
  assert.equal(readSimpleYaml(nested(MAX_DEPTH + 1)), undefined);
  const deep = Array.from({ length: 5000 }, (_, i) => " ".repeat(i) + "k:").join("\n") + " x\n";
  assert.equal(readSimpleYaml(deep), undefined);
  assert.equal(parseSimpleConfig(deep, "proxar.yaml"), undefined);
});

Deno.test("readSimpleYaml() reads nothing yaml rejects and all it reads as yaml does", () => {
  let read = 0;
  fc.assert(
    fc.property(texts, (text) => {
      if (agrees(text)) read++;
    }),
    { numRuns: 3000 },
  );
  assert.ok(read > 300, `only ${read} texts read`);
});

Deno.test("parseSimpleConfig() gives what parseYamlConfig() gives, and leaves problems to it", () => {
  const files = [...yamlFiles(join(ROOT, "examples")), ...yamlFiles(FIXTURES)];
  let simple = 0;
  for (const file of files) {
    const text = readFileSync(file, "utf8");
    const config = parseSimpleConfig(text, "proxar.yaml");
    if (config === undefined) continue;
    simple++;
    assert.deepEqual(config, parseYamlConfig(text, "proxar.yaml"), file);
  }
  assert.ok(simple > 0);
  const problems = [
    "fail_on: SOMETIMES\n",
    "severity_overrides:\n  tool.added: LOUD\n",
    "ignore:\n  - rule: tool.removed\n    expires: 2020-13-01\n",
    "prose:\n  low: 0.95\n",
    "unknown: 1\n",
  ];
  for (const text of problems) {
    assert.equal(parseSimpleConfig(text, "proxar.yaml"), undefined, text);
    assert.throws(() => parseYamlConfig(text, "proxar.yaml"), text);
  }
});
