/**
 * Resolves a live source named on the command line (`stdio:COMMAND ARGS…`, `http(s)://URL`,
 * `server:NAME`) or a configured server into a {@link ServerTarget}, with `${VAR}` expanded,
 * time limits chosen and every secret collected for redaction.
 * @module
 */
import { Buffer } from "node:buffer";
import { isAbsolute, resolve } from "node:path";
import type { ServerConfig } from "../core/config.ts";
import type { ListName } from "../core/contract.ts";
import { UserError } from "../core/errors.ts";
import { didYouMean } from "../core/suggest.ts";
import { expandVariables } from "./env_expand.ts";
import { canBeSecret, headerSecret, Redactor } from "./redact.ts";
import { looksLikeSecretName } from "./secret_names.ts";
import { DEFAULT_MAX_MESSAGE_BYTES } from "./message_limit.ts";
import { DEFAULT_TIMEOUTS, defaultListMs, type ServerTarget, type Timeouts } from "./target.ts";
import { splitWords } from "./words.ts";

/** A live server ready to be contacted. */
export interface LiveSource {
  /** How messages and reports name it: the spec as typed, or `server:NAME`. */
  label: string;
  /** The configured server's name, when it is one (its snapshots go to the store). */
  server?: string;
  target: ServerTarget;
  redactor: Redactor;
  timeouts: Timeouts;
  /** The largest message (or HTTP response body) accepted from the server, in bytes. */
  maxMessageBytes: number;
  /** The lists to read, when not every list the server announces (`tools` is always one). */
  lists?: readonly ListName[];
}

/** What resolving needs from the configuration and the process. */
export interface SourceSettings {
  servers: Readonly<Record<string, ServerConfig>>;
  /** The configuration file as messages name it. */
  configLabel: string;
  /** Relative `cwd:` settings of servers are resolved against this directory. */
  configDir: string;
  cwd: string;
  env: Readonly<Record<string, string | undefined>>;
  /** Limits from the command line, in milliseconds; they win over the configuration. */
  timeouts?: Partial<Timeouts>;
  /** The message size limit from the command line, in bytes; it wins over the configuration. */
  maxMessageBytes?: number;
  /** The lists to read, from the command line; they win over the configuration. */
  lists?: readonly ListName[];
}

/**
 * Resolves a live source spec.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { resolveLiveSource } from "./sources.ts";
 * const source = resolveLiveSource("stdio:node server.js --port 0", {
 *   servers: {}, configLabel: "proxar.yaml", configDir: "/w", cwd: "/w", env: {},
 * });
 * assert.deepEqual(source.target, {
 *   kind: "stdio", command: "node", args: ["server.js", "--port", "0"], env: {}, cwd: "/w",
 * });
 * ```
 */
export function resolveLiveSource(spec: string, settings: SourceSettings): LiveSource {
  if (spec.startsWith("server:")) return resolveServer(spec.slice("server:".length), settings);
  const requestMs = settings.timeouts?.requestMs ?? DEFAULT_TIMEOUTS.requestMs;
  const timeouts: Timeouts = {
    connectMs: settings.timeouts?.connectMs ?? DEFAULT_TIMEOUTS.connectMs,
    requestMs,
    listMs: settings.timeouts?.listMs ?? defaultListMs(requestMs),
  };
  if (spec.startsWith("stdio:")) {
    const words = splitWords(spec.slice("stdio:".length));
    if (words.length === 0) {
      throw new UserError(`Cannot read "${spec}": give a command after "stdio:"`);
    }
    // Like other MCP clients, only the SDK's safe defaults (PATH, HOME …) are passed on, so no
    // secret of Proxar's own environment reaches the server; configured servers add `env:`.
    // A password in a URL argument (a database URL) is kept out of messages.
    const redactor = new Redactor(words.flatMap(passwordsInUrls));
    return {
      label: redactor.text(spec),
      target: {
        kind: "stdio",
        command: words[0]!,
        args: words.slice(1),
        env: {},
        cwd: settings.cwd,
      },
      redactor,
      timeouts,
      maxMessageBytes: settings.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES,
      ...listsOf(settings.lists),
    };
  }
  const url = parseUrl(spec, `Cannot read "${spec}"`);
  const redactor = new Redactor([...urlPasswords(spec), ...queryCredentials(url)]);
  return {
    label: redactor.text(spec),
    target: { kind: "http", url: url.href, headers: {} },
    redactor,
    timeouts,
    maxMessageBytes: settings.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES,
    ...listsOf(settings.lists),
  };
}

/** The `lists` field of a source: absent when every announced list is read. */
function listsOf(lists: readonly ListName[] | undefined): { lists?: readonly ListName[] } {
  return lists === undefined ? {} : { lists };
}

/** The settings of the configured server `name`; an unknown name is an error listing them. */
export function configuredServer(name: string, settings: SourceSettings): ServerConfig {
  const names = Object.keys(settings.servers);
  const config = Object.hasOwn(settings.servers, name) ? settings.servers[name] : undefined;
  if (!config) {
    const known = names.length === 0
      ? `${settings.configLabel} configures no servers`
      : `configured servers: ${names.sort().join(", ")}`;
    throw new UserError(`Unknown server "${name}"${didYouMean(name, names)}; ${known}`);
  }
  return config;
}

/** Resolves the server `name` from `servers:` in the configuration. */
export function resolveServer(name: string, settings: SourceSettings): LiveSource {
  const config = configuredServer(name, settings);
  const place = `${settings.configLabel}: servers.${name}`;
  const secrets: string[] = [];
  const expand = (text: string, field: string) => {
    const result = expandVariables(text, settings.env, `${place}.${field}`);
    secrets.push(...result.substituted);
    return result.text;
  };
  const requestMs = settings.timeouts?.requestMs ?? seconds(config.timeout) ??
    DEFAULT_TIMEOUTS.requestMs;
  const timeouts: Timeouts = {
    connectMs: settings.timeouts?.connectMs ??
      seconds(config.connect_timeout ?? config.timeout) ?? DEFAULT_TIMEOUTS.connectMs,
    requestMs,
    listMs: settings.timeouts?.listMs ?? seconds(config.list_timeout) ?? defaultListMs(requestMs),
  };
  let target: ServerTarget;
  if (config.command !== undefined && config.url !== undefined) {
    throw new UserError(`${place}: give either "command" or "url", not both`);
  } else if (config.command !== undefined) {
    const env: Record<string, string> = {};
    const marked = new Set(config.secret_env ?? []);
    for (const [key, value] of Object.entries(config.env ?? {})) {
      env[key] = expand(value, `env.${key}`);
      if (marked.has(key) || looksLikeSecretName(key)) secrets.push(env[key]!);
      secrets.push(...urlPasswords(env[key]!));
    }
    const cwd = config.cwd === undefined ? settings.configDir : expand(config.cwd, "cwd");
    target = {
      kind: "stdio",
      command: expand(config.command, "command"),
      args: (config.args ?? []).map((arg, i) => {
        const expanded = expand(arg, `args.${i}`);
        secrets.push(...passwordsInUrls(expanded));
        return expanded;
      }),
      env,
      cwd: isAbsolute(cwd) ? cwd : resolve(settings.configDir, cwd),
    };
  } else if (config.url !== undefined) {
    const headers: Record<string, string> = {};
    for (const [key, value] of Object.entries(config.headers ?? {})) {
      headers[key] = expand(value, `headers.${key}`);
      secrets.push(...headerSecrets(headers[key]!));
    }
    const url = parseUrl(expand(config.url, "url"), place);
    secrets.push(...urlPasswords(url.href), ...queryCredentials(url));
    target = { kind: "http", url: url.href, headers };
  } else {
    throw new UserError(`${place}: give "command" (a stdio server) or "url" (an HTTP server)`);
  }
  return {
    label: `server:${name}`,
    server: name,
    target,
    redactor: new Redactor(secrets),
    timeouts,
    maxMessageBytes: settings.maxMessageBytes ??
      (config.max_message_mb === undefined
        ? DEFAULT_MAX_MESSAGE_BYTES
        : Math.round(config.max_message_mb * 1_000_000)),
    ...listsOf(settings.lists ?? config.lists),
  };
}

/**
 * The secrets in a header value: the credentials after its scheme, and for `Basic` also the
 * decoded `user:password` and the password.
 */
export function headerSecrets(value: string): string[] {
  const secret = headerSecret(value);
  if (!/^Basic\s/i.test(value.trim())) return [secret];
  const decoded = Buffer.from(secret, "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  return colon < 0 ? [secret, decoded] : [secret, decoded, decoded.slice(colon + 1)];
}

/** Values of query parameters named like secrets (`?api_key=…`, `&token=…`). */
function queryCredentials(url: URL): string[] {
  return [...url.searchParams].filter(([name]) => looksLikeSecretName(name)).map(([, v]) => v);
}

/**
 * The password of a URL with credentials (`postgres://user:pw@host/db`), as typed and decoded.
 * A password too short to be redacted wherever it appears ({@link canBeSecret}: `pw`) is
 * redacted with its user name instead, as the URL writes them (`user:pw`), so the URL still reads
 * `postgres://***@host/db`.
 */
function urlPasswords(text: string): string[] {
  const match = /^[a-z][a-z0-9+.-]*:(\/\/[^/:@\s]*:([^/@\s]+))@/i.exec(text.trim());
  if (!match) return [];
  const typed = match[2]!;
  let decoded = typed;
  try {
    decoded = decodeURIComponent(typed);
  } catch {
    // not percent-encoded
  }
  if (canBeSecret(typed) || canBeSecret(decoded)) return [typed, decoded];
  const userinfo = match[1]!.slice(2);
  return [canBeSecret(userinfo) ? userinfo : `${match[1]!}@`];
}

/**
 * The passwords of the URLs anywhere in `text` (`--db=postgresql://user:PW@host/db`), as typed
 * and decoded.
 */
function passwordsInUrls(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/[a-z][a-z0-9+.-]*:\/\/[^/:@\s]*:([^/@\s]+)@/gi)) {
    found.push(...urlPasswords(match[0]));
  }
  return found;
}

function seconds(value: number | undefined): number | undefined {
  return value === undefined ? undefined : Math.round(value * 1000);
}

function parseUrl(text: string, where: string): URL {
  try {
    const url = new URL(text);
    if (url.protocol === "http:" || url.protocol === "https:") return url;
  } catch {
    // reported below
  }
  throw new UserError(`${where}: not an http(s) URL`);
}
