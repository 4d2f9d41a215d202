/**
 * Proxar's second extension of the seed's prose steps: a Markdown code span (`` `…` ``) is text a
 * model copies verbatim into its calls (a value, a format, a command), so replacing one is never a
 * typo fix, however similar the two texts are. chrome-devtools-mcp 0.26.0 → 1.0.1 changed the
 * geolocation format `<latitude>x<longitude>` to `<latitude>,<longitude>`: one character, edit
 * similarity 0.993, which step 5 calls DOCUMENTATION. A span only removed is graded the same way:
 * a model loses an identifier it was told to use (@supabase/mcp-server-supabase 0.8.0 → 0.12.0
 * dropped six backticked tool names from its instructions, similarity 0.903). See `docs/prose.md`.
 * @module
 */

/**
 * A code span replaced by another (its old and its new content), or only removed (its old
 * content, no `new`).
 */
export interface CodeSpanChange {
  old: string;
  new?: string;
}

/**
 * A URL written out (scheme, `://` and what follows up to a space, quote, bracket or backtick),
 * without the punctuation that ends a sentence after it and without a trailing slash.
 */
const WRITTEN_URL = /\b[a-z][a-z0-9+.-]*:\/\/[^\s<>"'`()[\]{}]+/gi;
/**
 * What closes a sentence or a quotation after a URL, no part of it: `.`, `…`, a closing curly
 * quote or guillemet (`’`, `”`, `»`), as a writer ends "see https://x.io/search…".
 */
const URL_END = /[.,;:!?…’”»›]+$/u;
/**
 * The top-level domains a host name written without a scheme ends with, to be read as one: the
 * common ones that no file name or product name ends with in lower case (`Node.js`, `ASP.NET` and
 * `Xcode.app` are no hosts; `.js`, `.app`, `.md` are left out).
 */
const HOST_TLD = "com|org|net|io|dev|ai|co|cloud|edu|gov";
/**
 * A host name written out without a scheme, in lower case, with the path after it or the user
 * name of an e-mail address before it (`v3.heroui.com`, `docs.example.com/search`,
 * `help@v2.example.com`): a model is told to fetch from it, or write to it, as to a URL. Not after
 * a point, a slash or a letter.
 */
const BARE_HOST = new RegExp(
  `(?<![\\p{L}\\p{N}_@./:%+-])(?:[a-z0-9._%+-]+@)?(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\\.)+(?:${HOST_TLD})(?![\\p{L}\\p{N}_-]|\\.[\\p{L}\\p{N}])(?:/[^\\s<>"'\`()[\\]{}]*)?`,
  "gu",
);
/** One segment of a Windows path: no separator, space, quote, bracket or character Windows forbids. */
const WINDOWS_SEGMENT = `[^\\s\\\\<>"'\`|?*:()[\\]{}]+`;
/**
 * A file path written out: absolute (`/var/log/app.log`, `/api/search`), from the home directory
 * (`~/.config/app`) or relative with a leading `./` or `../`, or a Windows path with a drive
 * (`C:\Users\me`). Not after a letter, digit, point, colon or slash, so `and/or`, `km/h`, `1/2`
 * and the path of a URL or host are none; a `/` alone or before a space is none either.
 */
const WRITTEN_PATH = new RegExp(
  [
    `(?<![\\p{L}\\p{N}_.:/\\\\~<-])(?:~|\\.{1,2})?(?:/[\\p{L}\\p{N}_.@%+~-]+)+/?`,
    `(?<![\\p{L}\\p{N}_])[A-Za-z]:\\\\(?:${WINDOWS_SEGMENT}(?:\\\\${WINDOWS_SEGMENT})*\\\\?)?`,
  ].join("|"),
  "gu",
);
/** A whole word of lower-case prose that is a host name (see `BARE_HOST`): no number marker. */
const HOST_WORD = new RegExp(
  `^(?:[\\p{L}\\p{N}](?:[\\p{L}\\p{N}-]*[\\p{L}\\p{N}])?\\.)+(?:${HOST_TLD})$`,
  "u",
);

/**
 * Whether a word of prose (`proseTokens`) is a host name, which counts as no number however many
 * digits it holds: `v3.heroui.com` → `heroui.com` is a host replaced (see `codeSpanChange`), not
 * the version 3 dropped.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isHostWord } from "./prose_code.ts";
 * assert.equal(isHostWord("v3.heroui.com"), true);
 * assert.equal(isHostWord("s3.amazonaws.com"), true);
 * assert.equal(isHostWord("v1.2.3"), false);
 * assert.equal(isHostWord("schema.v2.json"), false);
 * ```
 */
export function isHostWord(word: string): boolean {
  return HOST_WORD.test(word);
}

/** Whether a span of `codeSpanChange` is a host name (or an e-mail address) written without a scheme. */
export function isBareHost(span: string): boolean {
  return !span.includes("://") && new RegExp(`^${BARE_HOST.source}$`, "u").test(span);
}

/** Whether a span of `codeSpanChange` is a file path written without backticks (`WRITTEN_PATH`). */
export function isWrittenPath(span: string): boolean {
  return new RegExp(`^(?:${WRITTEN_PATH.source})$`, "u").test(span);
}

/** A URL's scheme, user name and host: RFC 3986 (3.1, 3.2.2) makes scheme and host case-insensitive. */
const URL_HOST = /^([a-z][a-z0-9+.-]*:\/\/)((?:[^/?#@]*@)?)([^/?#]*)/i;

/**
 * A span as compared: a URL with its scheme and host lowered (`https://Docs.Example.com/Search` is
 * `https://docs.example.com/Search`; the path stays as written), any other span as written.
 */
function spanKey(span: string): string {
  return span.replace(
    URL_HOST,
    (_, scheme: string, user: string, host: string) =>
      `${scheme.toLowerCase()}${user}${host.toLowerCase()}`,
  );
}

/**
 * A text with the scheme and host of each URL written out lowered, so that the case check
 * (`prose_case.ts`) reads `https://Docs.Example.com` → `https://docs.example.com` as no change.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { urlHostsLowered } from "./prose_code.ts";
 * assert.equal(urlHostsLowered("See “HTTPS://Docs.Example.com/Page”"), "See “https://docs.example.com/Page”");
 * ```
 */
export function urlHostsLowered(text: string): string {
  return text.replace(WRITTEN_URL, spanKey);
}

/**
 * Backticked spans of one line, without the backticks, with inner whitespace collapsed, then the
 * URLs written out elsewhere in the text: a URL is copied as written too (the EULA address that
 * @microsoft/workiq 0.2.8 → 1.0.0 tells a model to pass lost "-mcp", edit similarity 0.98); then
 * host names, then file paths (`WRITTEN_PATH`), which a model reads from or writes to as written
 * (`/var/log/app/server.log` → `main.log` in a long description is edit similarity 0.99).
 */
function codeSpans(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/`([^`\n]+)`/g)) {
    const content = m[1]!.replace(/\s+/g, " ").trim();
    if (content !== "") out.push(content);
  }
  const plain = text.replace(/`[^`\n]+`/g, " ");
  for (const m of plain.matchAll(WRITTEN_URL)) {
    out.push(m[0].replace(URL_END, "").replace(/\/+$/, ""));
  }
  const noUrls = plain.replace(WRITTEN_URL, " ");
  for (const m of noUrls.matchAll(BARE_HOST)) {
    out.push(m[0].replace(URL_END, "").replace(/\/+$/, ""));
  }
  for (const m of noUrls.replace(BARE_HOST, " ").matchAll(WRITTEN_PATH)) {
    const path = m[0].replace(URL_END, "");
    if (/[\p{L}\p{N}]/u.test(path)) out.push(path.replace(/[/\\]+$/, ""));
  }
  return out;
}

/**
 * The spans of `from` left over once every span of `to` has taken an equal one (by `spanKey`), in
 * order, as written.
 */
function unmatched(from: readonly string[], to: readonly string[]): string[] {
  const left = new Map<string, number>();
  for (const s of to) left.set(spanKey(s), (left.get(spanKey(s)) ?? 0) + 1);
  const out: string[] = [];
  for (const s of from) {
    const n = left.get(spanKey(s)) ?? 0;
    if (n > 0) left.set(spanKey(s), n - 1);
    else out.push(s);
  }
  return out;
}

/** Whether `content` occurs in `text` as a whole, not inside a longer word. */
function occursIn(text: string, content: string): boolean {
  const escaped = content.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(?<![\\p{L}\\p{N}_])${escaped}(?![\\p{L}\\p{N}_])`, "u").test(text);
}

/**
 * The first code span of the old text that the new text replaced with another one, and the first
 * new span in its place; or, when spans were only removed, the first removed span whose content
 * the new text no longer holds at all. Undefined when the spans are the same, when spans were
 * only added, or when a removed span's content is still there without backticks (backticks taken
 * off a word, or spans that moved, are left to the similarity step).
 * The texts are in NFC, as `classifyProse` passes them (it normalises them once).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { codeSpanChange } from "./prose_code.ts";
 * assert.deepEqual(
 *   codeSpanChange("Geolocation (`<lat>x<lon>`)", "Geolocation (`<lat>,<lon>`)"),
 *   { old: "<lat>x<lon>", new: "<lat>,<lon>" },
 * );
 * assert.deepEqual(codeSpanChange("Use `list_tables` first", "Use it first"), { old: "list_tables" });
 * assert.equal(codeSpanChange("Set `mode` to fast", "Sets `mode` to fast"), undefined);
 * assert.equal(codeSpanChange("Set mode to fast", "Set `mode` to fast"), undefined);
 * assert.equal(codeSpanChange("Set `mode` to fast", "Set mode to fast"), undefined);
 * ```
 */
export function codeSpanChange(oldText: string, newText: string): CodeSpanChange | undefined {
  const a = codeSpans(oldText);
  const b = codeSpans(newText);
  const removed = unmatched(a, b);
  const added = unmatched(b, a);
  if (removed.length === 0) return undefined;
  if (added.length > 0) return { old: removed[0]!, new: added[0]! };
  const plain = newText.replace(/\s+/g, " ");
  const gone = removed.find((span) => !occursIn(plain, span));
  return gone === undefined ? undefined : { old: gone };
}
