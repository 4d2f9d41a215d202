import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { contractHash } from "../../core/hash.ts";
import { contractFromValue } from "../../core/load_contract.ts";
import type { Report } from "../../core/report.ts";
import { builtinReporters } from "../../reporters/mod.ts";
import { FIXTURES } from "../helpers.ts";
import { context, reportOf } from "../reporters/_reports.ts";

const OLD = "diff/base.json";
const NEW = "diff/mixed_changes.json";

Deno.test("a report's hashes are those of contractHash(), in the same place of its JSON", () => {
  const report = reportOf(OLD, NEW);
  // Computed when first read, so that formats that show no hash never pay for one.
  assert.equal(typeof Object.getOwnPropertyDescriptor(report.old, "hash")?.get, "function");
  const json = JSON.parse(JSON.stringify(report));
  assert.deepEqual(Object.keys(json.old), ["source", "server", "hash", "counts"]);
  assert.match(json.old.hash, /^sha256:[0-9a-f]{64}$/);
  const hashOf = (file: string) =>
    contractHash(
      contractFromValue(JSON.parse(readFileSync(`${FIXTURES}/${file}`, "utf8"))),
    );
  assert.equal(json.old.hash, hashOf(OLD));
  assert.equal(json.new.hash, hashOf(NEW));
  assert.notEqual(json.old.hash, json.new.hash);
  assert.equal(structuredClone(report).new.hash, json.new.hash);
});

/** A report whose hashes throw when read: what a format never reads, it never computes. */
function withoutHashes(report: Report): Report {
  const unread = (summary: Report["old"]) => {
    const { hash: _, ...rest } = summary;
    return Object.defineProperty(rest, "hash", {
      enumerable: true,
      get: () => {
        throw new Error("hash read");
      },
    }) as Report["old"];
  };
  return { ...report, old: unread(report.old), new: unread(report.new) };
}

Deno.test("the formats that show no hash render without computing one", () => {
  const report = withoutHashes(reportOf(OLD, NEW));
  const readers = new Set<string>();
  for (const reporter of builtinReporters) {
    try {
      reporter.render(report, context());
    } catch (error) {
      assert.equal((error as Error).message, "hash read");
      readers.add(reporter.name);
    }
  }
  assert.deepEqual([...readers].sort(), ["html", "json", "junit", "sarif"]);
});
