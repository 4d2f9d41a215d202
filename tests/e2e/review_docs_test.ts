/**
 * Runs every `proxar` command in the sh blocks of the reviewer docs (releases, changelog, HTML
 * report, semantic notes) from the repository root, in a scratch copy so written files go away.
 * Each must exit 0 or 1 (a finding reached fail_on) with nothing on standard error, and each
 * `text` block right after a command must appear in its output.
 */
import assert from "node:assert/strict";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ROOT, runCli } from "../helpers.ts";
import { startChatServer } from "./_chat_server.ts";

const DOCS = ["docs/releases.md", "docs/html-report.md", "docs/semantic.md"];

/** `proxar …` commands of the sh blocks, each with the text block that follows it, if any. */
function commands(markdown: string): { args: string[]; expect?: string }[] {
  const blocks = [...markdown.matchAll(/```(\w+)\n([\s\S]*?)```/g)];
  const out: { args: string[]; expect?: string }[] = [];
  blocks.forEach((block, i) => {
    if (block[1] !== "sh") return;
    const next = blocks[i + 1];
    const lines = block[2]!.split("\n").filter((l) => l.startsWith("proxar "));
    for (const line of lines) {
      const args = line.replace(/\s+#.*$/, "").split(/\s+/).slice(1);
      const expect = next?.[1] === "text" && lines.length === 1 ? next[2]!.trim() : undefined;
      out.push(expect === undefined ? { args } : { args, expect });
    }
  });
  return out;
}

for (const doc of DOCS) {
  Deno.test(`${doc}: every proxar command runs as documented`, async () => {
    const found = commands(readFileSync(join(ROOT, doc), "utf8"));
    assert.ok(found.length > 0, "the doc shows at least one command");
    const dir = mkdtempSync(join(tmpdir(), "proxar-docs-"));
    // examples/semantic.yaml names a local Ollama; the docs run against a loopback stand-in.
    const chat = await startChatServer();
    chat.behave = () => ({
      kind: "answer",
      text: 'Yes. Models that read "Never use it for duplicates" may stop choosing create_issue',
    });
    try {
      cpSync(join(ROOT, "examples"), join(dir, "examples"), { recursive: true });
      const semantic = join(dir, "examples/semantic.yaml");
      writeFileSync(
        semantic,
        readFileSync(semantic, "utf8").replace("http://localhost:11434/v1", chat.url)
          .replace("model: llama3.2", "model: llama3.2\n  timeout: 5").replace(
            "  timeout: 30\n",
            "",
          ),
      );
      for (const { args, expect } of found) {
        const r = await runCli(args, { cwd: dir, env: { PROXAR_TODAY: "2026-11-30" } });
        assert.equal(r.stderr, "", args.join(" "));
        assert.ok(r.code === 0 || r.code === 1, `${args.join(" ")} exited ${r.code}`);
        if (expect !== undefined) {
          assert.ok(r.stdout.includes(expect), `${args.join(" ")}: ${expect}`);
        }
      }
    } finally {
      await chat.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
}
