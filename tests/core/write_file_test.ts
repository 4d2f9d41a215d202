import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { textChunks, writeFileAtomic } from "../../core/write_file.ts";

/** Pieces that cross every 64 K boundary of a chunk and of the write buffer with 1-4 byte UTF-8. */
function pieces(): string[] {
  const out: string[] = [];
  for (let i = 0; i < 8000; i++) out.push(["ab", "é→", "\u{1F600}", "x".repeat(i % 97)][i % 4]!);
  out.push("→".repeat(70_000), "", "end\n");
  return out;
}

Deno.test("writeFileAtomic() writes a text in parts as the parts joined, new or replacing a file", async () => {
  const dir = mkdtempSync(join(tmpdir(), "proxar-write-"));
  try {
    const parts = pieces();
    const file = join(dir, "out", "report.sarif");
    await writeFileAtomic(file, parts);
    assert.equal(readFileSync(file, "utf8"), parts.join(""));
    writeFileSync(file, "a longer text than the next one ".repeat(20_000));
    await writeFileAtomic(file, ["short", "\n"]);
    assert.equal(readFileSync(file, "utf8"), "short\n");
    await writeFileAtomic(file, []);
    assert.equal(readFileSync(file, "utf8"), "");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

Deno.test("textChunks() joins parts in order into chunks of about 64 K characters", () => {
  const parts = pieces();
  const chunks = [...textChunks(parts)];
  assert.equal(chunks.join(""), parts.join(""));
  assert.ok(chunks.length >= 3);
  assert.ok(chunks.every((chunk) => chunk.length <= 1 << 16 || chunk === "→".repeat(70_000)));
});
