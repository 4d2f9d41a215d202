// deno-lint-ignore-file no-console
/**
 * Renders the demo's HTML report (examples/v1 → examples/v2 with examples/proxar.yaml) and
 * saves a screenshot of it in Chromium as docs/html-report.png, the picture in the README.
 *
 * Run: `deno run -A scripts/html_screenshot.ts`
 * @module
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { main } from "../cli.ts";
import { startBrowser } from "./_chromium.ts";

const root = fileURLToPath(new URL("..", import.meta.url));
const dir = mkdtempSync(join(tmpdir(), "proxar-shot-"));
try {
  const report = join(dir, "report.html");
  await main([
    "diff",
    "examples/v1/contract.json",
    "examples/v2/contract.json",
    "--config",
    "examples/proxar.yaml",
    "--format",
    `html=${report}`,
  ], {
    stdout: () => {},
    stderr: (text) => console.error(text),
    readStdin: () => Promise.resolve(""),
    cwd: root,
    env: { PROXAR_TODAY: "2026-11-30" },
    isTTY: false,
  });
  const browser = await startBrowser();
  try {
    const { page } = await browser.open(pathToFileURL(report).href);
    await page.locator("#entity").selectOption({ label: "tool create_issue" });
    await page.screenshot({ path: join(root, "docs/html-report.png"), fullPage: true });
    await page.close();
  } finally {
    await browser.close();
  }
  console.log("wrote docs/html-report.png");
} finally {
  rmSync(dir, { recursive: true, force: true });
}
