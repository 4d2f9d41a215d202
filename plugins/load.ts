/**
 * Loads organisation plugins (ES modules in TypeScript or JavaScript) and checks their shape.
 * Every failure is a {@link UserError} that names the plugin file and says what was expected.
 * @module
 */
import { access } from "node:fs/promises";
import { isAbsolute, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { UserError } from "../core/errors.ts";
import type { Rule } from "../core/rule.ts";
import { isSeverity, SEVERITIES } from "../core/severity.ts";
import { didYouMean } from "../core/suggest.ts";
import type { Reporter } from "../reporters/reporter.ts";
import { PLUGIN_API_VERSION } from "./api.ts";

/** A plugin after loading, with the file it came from as the user named it. */
export interface LoadedPlugin {
  name: string;
  file: string;
  rules: Rule[];
  reporters: Reporter[];
}

/** A plugin to load: the path as written, and the directory it is relative to. */
export interface PluginSpec {
  path: string;
  base: string;
}

const PLUGIN_KEYS = ["name", "apiVersion", "rules", "reporters"];
const META_KEYS = ["id", "severity", "summary", "rationale", "examples", "gradedBy"];
const NAME = /^[a-z][a-z0-9-]*$/;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Loads one plugin module and validates its default export. */
export async function loadPlugin(spec: PluginSpec): Promise<LoadedPlugin> {
  const label = spec.path;
  const fail = (why: string): never => {
    throw new UserError(`Cannot load plugin "${label}": ${why}`);
  };
  const file = isAbsolute(spec.path) ? spec.path : resolve(spec.base, spec.path);
  await access(file).catch(() => fail(`no such file (looked for ${file})`));
  let module: Record<string, unknown>;
  try {
    module = await import(pathToFileURL(file).href);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const hint = /\.ts$/.test(file) && /extension|Unknown file/i.test(message)
      ? " (this runtime cannot import TypeScript: compile the plugin to .js, or use the proxar binary or Deno)"
      : "";
    const syntax = syntaxError(error, spec.path, file);
    if (syntax) return fail(syntax);
    return fail(`the module failed to import: ${message.split("\n")[0]}${hint}`);
  }
  try {
    return checkPlugin(module, label, fail);
  } catch (error) {
    if (error instanceof UserError) throw error;
    // A Proxy or a getter that throws: say so instead of crashing.
    const why = error instanceof Error ? error.message : String(error);
    return fail(`reading its default export failed: ${why.split("\n")[0]}`);
  }
}

/**
 * `FILE:LINE:COLUMN: syntax error: REASON` when importing failed on a syntax error whose place
 * the runtime tells: Deno ends the message with `at file:///…:L:C`, Bun's build message carries
 * zero-based `line` and `column`. Node names no place, so its message stays as it is.
 */
function syntaxError(error: unknown, label: string, file: string): string | undefined {
  const e = error as { name?: unknown; message?: unknown; line?: unknown; column?: unknown };
  const message = typeof e?.message === "string" ? e.message : "";
  const deno = /^(?:SyntaxError: )?([^\n]*)[\s\S]*\n\s*at (file:\/\/\S+):(\d+):(\d+)\s*$/.exec(
    message,
  );
  if (deno && /SyntaxError/.test(message.split("\n")[0] ?? "")) {
    const where = deno[2] === pathToFileURL(file).href ? label : decodeURI(deno[2]!.slice(7));
    return `${where}:${deno[3]}:${deno[4]}: syntax error: ${
      deno[1]!.replace(/^SyntaxError: /, "")
    }`;
  }
  if (e?.name === "BuildMessage" && typeof e.line === "number" && typeof e.column === "number") {
    return `${label}:${e.line + 1}:${e.column + 1}: syntax error: ${message}`;
  }
  return undefined;
}

function checkPlugin(
  module: Record<string, unknown>,
  label: string,
  fail: (why: string) => never,
): LoadedPlugin {
  const plugin = module.default ?? module.plugin;
  if (!isObject(plugin)) {
    return fail(
      `expected a default export { name, apiVersion, rules?, reporters? }, found ${
        plugin === undefined ? "no default export" : typeof plugin
      }`,
    );
  }
  for (const key of Object.keys(plugin)) {
    if (!PLUGIN_KEYS.includes(key)) {
      fail(`unexpected property "${key}"${didYouMean(key, PLUGIN_KEYS)}`);
    }
  }
  const name = plugin.name;
  if (typeof name !== "string" || !NAME.test(name)) {
    fail(`"name" must be a lower-case word such as "acme", found ${JSON.stringify(name)}`);
  }
  if (plugin.apiVersion !== PLUGIN_API_VERSION) {
    fail(
      `apiVersion ${
        JSON.stringify(plugin.apiVersion)
      } is not supported; this Proxar implements apiVersion ${PLUGIN_API_VERSION}`,
    );
  }
  const rules = checkRules(plugin.rules, name as string, fail);
  const reporters = checkReporters(plugin.reporters, fail);
  if (rules.length === 0 && reporters.length === 0) fail('it has neither "rules" nor "reporters"');
  return { name: name as string, file: label, rules, reporters };
}

function checkRules(value: unknown, name: string, fail: (why: string) => never): Rule[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) return fail(`"rules" must be an array, found ${typeof value}`);
  return value.map((rule, i) => {
    const at = `rules[${i}]`;
    if (!isObject(rule) || !isObject(rule.meta) || typeof rule.check !== "function") {
      return fail(`${at} must be { meta, check(context) }`);
    }
    const meta = rule.meta;
    for (const key of Object.keys(meta)) {
      if (!META_KEYS.includes(key)) {
        fail(`${at}.meta: unexpected property "${key}"${didYouMean(key, META_KEYS)}`);
      }
    }
    const id = meta.id;
    if (
      typeof id !== "string" || !id.startsWith(`${name}.`) ||
      !/^[a-z][\w-]*(\.[A-Za-z][\w-]*)+$/.test(id)
    ) {
      fail(
        `${at}.meta.id must start with "${name}." (the plugin's name), found ${JSON.stringify(id)}`,
      );
    }
    if (!isSeverity(meta.severity)) {
      fail(
        `rule "${id}": severity must be one of ${SEVERITIES.join(", ")}, found ${
          JSON.stringify(meta.severity)
        }${typeof meta.severity === "string" ? didYouMean(meta.severity, SEVERITIES) : ""}`,
      );
    }
    for (const key of ["summary", "rationale"]) {
      if (typeof meta[key] !== "string" || meta[key] === "") {
        fail(`rule "${id}": meta.${key} must be a non-empty string`);
      }
    }
    if (meta.examples !== undefined && !Array.isArray(meta.examples)) {
      fail(`rule "${id}": meta.examples must be an array`);
    }
    return { meta: { ...meta, examples: meta.examples ?? [] }, check: rule.check } as Rule;
  });
}

function checkReporters(value: unknown, fail: (why: string) => never): Reporter[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) return fail(`"reporters" must be an array, found ${typeof value}`);
  return value.map((reporter, i) => {
    if (
      !isObject(reporter) || typeof reporter.name !== "string" || !NAME.test(reporter.name) ||
      typeof reporter.render !== "function"
    ) {
      return fail(
        `reporters[${i}] must be { name (a lower-case word), summary, render(report, context) }`,
      );
    }
    return {
      name: reporter.name,
      summary: typeof reporter.summary === "string"
        ? reporter.summary
        : `${reporter.name} (plugin)`,
      render: reporter.render as Reporter["render"],
    };
  });
}
