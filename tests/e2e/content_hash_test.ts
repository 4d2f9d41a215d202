/**
 * The content hashes in a report are the canonicalize package's, whatever runtime runs Proxar:
 * the fast writer copies objects, and `__proto__` is an accessor under Bun and Node but not under
 * Deno, where the unit tests run. This suite also runs against the binary and the npm package.
 */
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { packageCanonicalText } from "../../core/hash.ts";
import { contractFromValue } from "../../core/load_contract.ts";
import type { JsonValue } from "../../core/json.ts";
import { runCli } from "../helpers.ts";

/**
 * Keys JSON.parse makes own properties but an assignment would not (`__proto__`) or would put
 * first (array indices), each in a tool of its own: an index key out of order, like a lone
 * surrogate, sends its whole tool (or contract) down the package's path instead.
 */
const OLD = `{"tools":[
  {"name":"b","inputSchema":{"type":"object","properties":{
    "__proto__":{"type":"string","enum":[{"__proto__":1,"z":0}]},
    "constructor":{"description":"é","type":"integer"}}}},
  {"name":"a","inputSchema":{"type":"object","properties":{
    "10":{"const":1e21},"9":{"const":-0},"$ref":{"type":"null"}}}}
]}`;
const NEW = OLD.replace('"type":"integer"', '"type":"number"');

function expectedHash(text: string): string {
  // Which lists the file recorded is not content (these leave prompts and resources out).
  const { uncaptured: _, ...contract } = contractFromValue(JSON.parse(text) as JsonValue);
  return "sha256:" + createHash("sha256").update(packageCanonicalText(contract)).digest("hex");
}

Deno.test("proxar diff reports the canonicalize package's hashes for __proto__ and index keys", async () => {
  const dir = mkdtempSync(join(tmpdir(), "proxar-hash-"));
  try {
    writeFileSync(join(dir, "old.json"), OLD);
    writeFileSync(join(dir, "new.json"), NEW);
    const result = await runCli(["diff", "old.json", "new.json", "--format", "json"], { cwd: dir });
    assert.equal(result.code, 0, result.stderr);
    const report = JSON.parse(result.stdout) as { old: { hash: string }; new: { hash: string } };
    assert.equal(report.old.hash, expectedHash(OLD));
    assert.equal(report.new.hash, expectedHash(NEW));
    assert.notEqual(report.old.hash, report.new.hash);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

/**
 * A pair sharing most tools, whose canonical text the new side's hash reuses: the tools of
 * {@link OLD} among many padded ones, a byte order mark before the old file's text, a tool whose
 * text is formatted otherwise on the new side (equal, but not shared by the parse), a changed one
 * and an added one.
 */
function largePair(): [string, string] {
  const padding = "x".repeat(10_000);
  const tools = Array.from({ length: 120 }, (_, i) => ({
    description: `Tool ${i}: ${padding}`,
    name: `pad_${String(i).padStart(3, "0")}`,
    inputSchema: { type: "object", properties: { [`f${i}`]: { type: "string", maxLength: i } } },
  }));
  const special = (JSON.parse(OLD) as { tools: unknown[] }).tools;
  const old = JSON.stringify({ tools: [...special, ...tools] }, null, 1);
  const changed = tools.map((t, i) =>
    i === 7 ? { ...t, inputSchema: { ...t.inputSchema, required: ["f7"] } } : t
  );
  const reformatted = JSON.stringify(changed[3]);
  const next = JSON.stringify(
    { tools: [...special, ...changed, { name: "added", inputSchema: {} }] },
    null,
    1,
  ).replace(JSON.stringify(changed[3], null, 1).replaceAll("\n", "\n  "), reformatted);
  return ["\uFEFF" + old, next.replace('"type":"integer"', '"type":"number"')];
}

Deno.test("proxar diff of a large pair sharing most tools reports the canonicalize package's hashes", async () => {
  const dir = mkdtempSync(join(tmpdir(), "proxar-hash-"));
  try {
    const [old, next] = largePair();
    assert.ok(old.length > 1_000_000);
    writeFileSync(join(dir, "old.json"), old);
    writeFileSync(join(dir, "new.json"), next);
    for (const format of ["json", "sarif"]) {
      const result = await runCli(["diff", "old.json", "new.json", "--format", format], {
        cwd: dir,
      });
      // A newly required property is BREAKING.
      assert.equal(result.code, 1, result.stderr);
      assert.equal(result.stderr, "");
      const report = JSON.parse(result.stdout);
      const hashes = format === "json" ? report : report.runs[0].properties;
      assert.equal(hashes.old.hash, expectedHash(old.slice(1)));
      assert.equal(hashes.new.hash, expectedHash(next));
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
