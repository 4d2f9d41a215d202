/**
 * The third-party notices of a release: every production package with its licence text, and a
 * refusal of packages without one or under a licence we do not allow.
 * @module
 */
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ROOT } from "../../scripts/_build_info.ts";
import { noticesText, thirdPartyNotices } from "../../scripts/_notices.ts";

Deno.test("the installed production dependencies all have an allowed licence and a licence text", () => {
  const { notices, problems } = thirdPartyNotices(ROOT);
  assert.deepEqual(problems, []);
  const names = new Set(notices.map((n) => n.name));
  const manifest = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
    dependencies: Record<string, string>;
    devDependencies: Record<string, string>;
  };
  // Every direct dependency is there, no development-only one is.
  for (const name of Object.keys(manifest.dependencies)) assert.ok(names.has(name), name);
  for (const name of Object.keys(manifest.devDependencies)) {
    if (!(name in manifest.dependencies)) assert.ok(!names.has(name), name);
  }
  const text = noticesText(notices, "1.4.4");
  assert.match(text, /^Each binary is the Bun runtime 1\.4\.4 /);
  assert.match(text, /JavaScriptCore and parts of WebKit, under the LGPL 2/);
  const sdk = notices.find((n) => n.name === "@modelcontextprotocol/sdk")!;
  assert.match(text, new RegExp(`^  @modelcontextprotocol/sdk ${sdk.version} \\(MIT\\)$`, "m"));
  assert.ok(sdk.texts.some((t) => t.includes("Permission is hereby granted")));
  assert.equal(noticesText(thirdPartyNotices(ROOT).notices, "1.4.4"), text, "deterministic");
});

Deno.test("a package without a licence file, under a licence not allowed, or not installed is a problem", () => {
  const root = mkdtempSync(join(tmpdir(), "proxar-notices-"));
  try {
    const pkg = (path: string, files: Record<string, string>) => {
      mkdirSync(join(root, path), { recursive: true });
      for (const [name, text] of Object.entries(files)) writeFileSync(join(root, path, name), text);
    };
    pkg("node_modules/ok", { "LICENSE.md": "Copyright ok\n" });
    pkg("node_modules/ok/node_modules/nested", { LICENCE: "Copyright nested\n" });
    pkg("node_modules/bare", { "index.js": "" });
    pkg("node_modules/copyleft", { COPYING: "GNU GENERAL PUBLIC LICENSE\n" });
    pkg("node_modules/tool", { LICENSE: "dev only\n" });
    writeFileSync(
      join(root, "package-lock.json"),
      JSON.stringify({
        packages: {
          "": { name: "root" },
          "node_modules/ok": { version: "1.0.0", license: "MIT" },
          "node_modules/ok/node_modules/nested": { version: "2.0.0", license: "ISC" },
          "node_modules/bare": { version: "1.0.0", license: "MIT" },
          "node_modules/copyleft": { version: "3.0.0", license: "GPL-3.0-only" },
          "node_modules/gone": { version: "1.0.0", license: "MIT" },
          "node_modules/tool": { version: "1.0.0", license: "GPL-3.0-only", dev: true },
        },
      }),
    );
    const { notices, problems } = thirdPartyNotices(root);
    assert.deepEqual(problems, [
      "bare@1.0.0: no licence file in node_modules/bare",
      "copyleft@3.0.0: licence GPL-3.0-only is not allowed",
      "gone@1.0.0: not installed at node_modules/gone (run npm ci)",
    ]);
    assert.deepEqual(notices.map((n) => `${n.name}@${n.version}`), [
      "bare@1.0.0",
      "copyleft@3.0.0",
      "nested@2.0.0",
      "ok@1.0.0",
    ]);
    assert.deepEqual(notices.find((n) => n.name === "nested")?.texts, ["Copyright nested"]);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
