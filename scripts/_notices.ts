/**
 * The third-party notices that go beside the binaries of a release. A binary bundles the npm
 * packages Proxar depends on, and their licences (MIT, ISC, BSD, Apache-2.0) ask every copy to
 * carry their copyright and licence text. The packages are every production package of
 * `package-lock.json` (what `npm ci --omit=dev` installs): more than the bundle holds, never less.
 * @module
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** Licences a production dependency may have: permissive, with notices as the only condition. */
export const ALLOWED_LICENSES: ReadonlySet<string> = new Set([
  "MIT",
  "ISC",
  "BSD-2-Clause",
  "BSD-3-Clause",
  "Apache-2.0",
  "0BSD",
]);

/** One bundled package: its name, version, declared licence and the texts of its licence files. */
export interface Notice {
  name: string;
  version: string;
  license: string;
  texts: string[];
}

interface LockEntry {
  name?: string;
  version?: string;
  license?: string;
  dev?: boolean;
  devOptional?: boolean;
}

const LICENSE_FILE = /^(licen[cs]e|copying|notice)(\.(md|txt|markdown))?$/i;

/**
 * The notices of the production packages installed under `root`, sorted by name and version,
 * one per name and version, and the problems found: a package missing from `node_modules`, one
 * without a licence file, one whose licence is not in {@link ALLOWED_LICENSES}.
 */
export function thirdPartyNotices(root: string): { notices: Notice[]; problems: string[] } {
  const lock = JSON.parse(readFileSync(join(root, "package-lock.json"), "utf8")) as {
    packages: Record<string, LockEntry>;
  };
  const notices = new Map<string, Notice>();
  const problems: string[] = [];
  for (const [path, entry] of Object.entries(lock.packages)) {
    if (path === "" || entry.dev || entry.devOptional) continue;
    const name = entry.name ?? path.slice(path.lastIndexOf("node_modules/") + 13);
    const key = `${name}@${entry.version}`;
    if (notices.has(key)) continue;
    const dir = join(root, path);
    if (!existsSync(dir)) {
      problems.push(`${key}: not installed at ${path} (run npm ci)`);
      continue;
    }
    const license = entry.license ?? "(none declared)";
    if (!ALLOWED_LICENSES.has(license)) problems.push(`${key}: licence ${license} is not allowed`);
    const files = readdirSync(dir).filter((file) => LICENSE_FILE.test(file)).sort();
    if (files.length === 0) problems.push(`${key}: no licence file in ${path}`);
    const texts = files.map((file) => readFileSync(join(dir, file), "utf8").trimEnd());
    notices.set(key, { name, version: entry.version ?? "", license, texts });
  }
  // By name, then version (a name sorts before its longer namesakes: "ajv" before "ajv-formats").
  const order = (n: Notice) => `${n.name}\u0000${n.version}`;
  const sorted = [...notices.values()].sort((a, b) => order(a) < order(b) ? -1 : 1);
  return { notices: sorted, problems };
}

/**
 * What the binaries carry beside the npm packages: the Bun runtime that `bun build --compile`
 * puts in each. Its npm packages hold no licence file, so this names its licences and where
 * their texts and the runtime's sources are (Bun's LICENSE.md lists every library it links).
 */
function runtimeNotice(bunVersion: string): string {
  return [
    `Each binary is the Bun runtime ${bunVersion} (the npm packages bun and @oven/bun-<platform>)`,
    "with Proxar's JavaScript appended. Bun itself is MIT-licensed. It statically links",
    "JavaScriptCore and parts of WebKit, under the LGPL 2 (Bun's patched WebKit, with the steps to",
    "relink Bun against a modified one, is published in the oven-sh/WebKit and oven-sh/bun",
    "repositories on GitHub), and further libraries under their own licences (BoringSSL, ICU,",
    "zlib-ng, zstd, mimalloc, c-ares, libuv on Windows, tinycc under the LGPL 2.1 and others):",
    "LICENSE.md at the root of the oven-sh/bun repository, at the tag bun-v" + bunVersion + ",",
    "lists them all with their licences.",
  ].join("\n");
}

/**
 * The text of `THIRD_PARTY_NOTICES.txt`: the runtime the binaries are built on, a list of the npm
 * packages, then each one's licence texts.
 */
export function noticesText(notices: readonly Notice[], bunVersion: string): string {
  const rule = "-".repeat(78);
  const head = [
    runtimeNotice(bunVersion),
    "",
    "Proxar's binaries contain the following npm packages. Their copyright and licence notices",
    "follow, as each package ships them.",
    "",
    ...notices.map((n) => `  ${n.name} ${n.version} (${n.license})`),
  ];
  const bodies = notices.map((n) =>
    [rule, `${n.name} ${n.version} (${n.license})`, rule, "", n.texts.join("\n\n")].join("\n")
  );
  return [head.join("\n"), ...bodies].join("\n\n") + "\n";
}
