/// <reference lib="dom" />
/**
 * A real headless Chromium (the Debian package at /usr/bin/chromium, which `.ci/run` installs)
 * driven by playwright-core, with a fresh empty profile and no background networking. Each page
 * records console messages, page errors, Content-Security-Policy violations and every request.
 * @module
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type BrowserContext, chromium, type Page } from "playwright-core";

/** Where the Debian package puts Chromium. */
export const CHROMIUM = "/usr/bin/chromium";

const FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** What a page did besides rendering. */
export interface PageLog {
  console: string[];
  errors: string[];
  requests: string[];
  /** Read from the page: the violated directives of every CSP violation event. */
  violations(): Promise<string[]>;
}

/** A running browser with a fresh profile directory; `close()` removes both. */
export interface Browser {
  open(url: string): Promise<{ page: Page; log: PageLog }>;
  close(): Promise<void>;
}

/** Starts Chromium; fails with a clear message when it is not installed. */
export async function startBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `${CHROMIUM} is missing: install the Debian package (apt-get install chromium)`,
    );
  }
  const profile = mkdtempSync(join(tmpdir(), "proxar-chromium-"));
  let context: BrowserContext;
  try {
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      args: FLAGS,
      viewport: { width: 1280, height: 900 },
    });
  } catch (error) {
    rmSync(profile, { recursive: true, force: true });
    throw error;
  }
  await context.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener("securitypolicyviolation", (e) => {
      w.__csp.push(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  return {
    async open(url) {
      const page = await context.newPage();
      const log: PageLog = {
        console: [],
        errors: [],
        requests: [],
        violations: () => page.evaluate(() => (window as unknown as { __csp: string[] }).__csp),
      };
      page.on("console", (m) => log.console.push(`${m.type()}: ${m.text()}`));
      page.on("pageerror", (e) => log.errors.push(e.message));
      page.on("request", (r) => log.requests.push(r.url()));
      await page.goto(url);
      return { page, log };
    },
    async close() {
      try {
        await context.close();
      } finally {
        rmSync(profile, { recursive: true, force: true });
      }
    },
  };
}
