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
