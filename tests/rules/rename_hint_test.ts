/**
 * `tool.removed` says a tool was probably renamed when one tool was added with its schemas. Two
 * tools removed with equal schemas and one added with them both read "probably renamed to" it
 * (review of 6630221): neither is then said, since at most one was.
 */
import assert from "node:assert/strict";
import { diffContracts } from "../../core/engine.ts";
import type { JsonObject } from "../../core/json.ts";
import { contractFromValue } from "../../core/load_contract.ts";
import { registry } from "../core/schema/_schema_helpers.ts";

const inputSchema = { type: "object", properties: { pid: { type: "string" } }, required: ["pid"] };
const tool = (name: string): JsonObject => ({ name, inputSchema });

function removed(before: JsonObject[], after: JsonObject[]): string[] {
  const contract = (tools: JsonObject[]) =>
    contractFromValue({ server: { name: "s", version: "1" }, tools });
  return diffContracts(contract(before), contract(after), { registry }).changes
    .filter((c) => c.rule === "tool.removed")
    .map((c) => `${c.path}: ${c.hint ?? "no hint"}`);
}

Deno.test("tool.removed hints a rename when one tool was removed and one added with the same schemas", () => {
  assert.deepEqual(removed([tool("KillBash")], [tool("KillShell")]), [
    'KillBash: renamed to "KillShell"?',
  ]);
});

Deno.test("tool.removed hints no rename when two tools removed share the schemas of the one added", () => {
  assert.deepEqual(removed([tool("KillBash"), tool("StopBash")], [tool("KillShell")]), [
    "KillBash: no hint",
    "StopBash: no hint",
  ]);
  // Nor when two were added with the schemas of the one removed.
  assert.deepEqual(removed([tool("KillBash")], [tool("KillShell"), tool("StopShell")]), [
    "KillBash: no hint",
  ]);
});

Deno.test("tool.removed hints the tool with the closest name when several share the schemas", () => {
  // @azure/mcp 3.0.0-beta.41 → 3.0.0-beta.46: two tools with the same arguments renamed at once.
  const old = ["resilience_drill_check-resync-readiness", "resilience_drill_delete"];
  const renamed = old.map((n) => n.replace("resilience", "resiliency"));
  assert.deepEqual(removed(old.map(tool), renamed.map(tool)), [
    'resilience_drill_check-resync-readiness: renamed to "resiliency_drill_check-resync-readiness"?',
    'resilience_drill_delete: renamed to "resiliency_drill_delete"?',
  ]);
  // And back.
  assert.deepEqual(removed(renamed.map(tool), old.map(tool)), [
    'resiliency_drill_check-resync-readiness: renamed to "resilience_drill_check-resync-readiness"?',
    'resiliency_drill_delete: renamed to "resilience_drill_delete"?',
  ]);
});

Deno.test("tool.removed hints no rename among tools sharing the schemas when names do not tell", () => {
  // As close to one as to the other: which one it became cannot be told.
  assert.deepEqual(removed([tool("drill_a")], [tool("drill_b"), tool("drill_c")]), [
    "drill_a: no hint",
  ]);
  // Closest, but not alike enough (0.8, case and separators aside).
  assert.deepEqual(removed([tool("drill_delete"), tool("plan_get")], [tool("task_remove")]), [
    "drill_delete: no hint",
    "plan_get: no hint",
  ]);
  // Each must be the other's closest: drill_getx is as close to drill_get as to drill_gets.
  assert.deepEqual(removed([tool("drill_get"), tool("drill_gets")], [tool("drill_getx")]), [
    "drill_get: no hint",
    "drill_gets: no hint",
  ]);
});

Deno.test("tool.removed hints no rename among tools sharing the schemas when a word became another", () => {
  // Alike as whole names (0.8 and more), but the verb is another action: another tool.
  assert.deepEqual(
    removed([tool("enable_user_account"), tool("get_user_account")], [
      tool("disable_user_account"),
      tool("get_user_account"),
      tool("archive_user"),
    ]),
    ["enable_user_account: no hint"],
  );
  assert.deepEqual(
    removed([tool("activateUserAccount")], [tool("deactivateUserAccount"), tool("archive_user")]),
    ["activateUserAccount: no hint"],
  );
  assert.deepEqual(
    removed([tool("get_user_profile"), tool("get_team_profile")], [
      tool("set_user_profile"),
      tool("delete_team_profile"),
    ]),
    ["get_team_profile: no hint", "get_user_profile: no hint"],
  );
  // A word respelt (a plural) still pairs.
  assert.deepEqual(
    removed([tool("list_user_accounts")], [tool("list_users_accounts"), tool("archive_user")]),
    ['list_user_accounts: renamed to "list_users_accounts"?'],
  );
});

Deno.test("tool.removed says a rename of style was found by its name when too many tools share the schemas to compare names", () => {
  // Past 64 tools a side with the same schemas, names are not compared; getUser → get_user is
  // still paired by its name in another style, and the message must say so, not "closest name".
  const many = (prefix: string) => Array.from({ length: 65 }, (_, i) => tool(`${prefix}${i}`));
  const contract = (tools: JsonObject[]) =>
    contractFromValue({ server: { name: "s", version: "1" }, tools });
  const changes = diffContracts(
    contract([tool("getUser"), ...many("old_")]),
    contract([tool("get_user"), ...many("new_")]),
    { registry },
  ).changes.filter((c) => c.rule === "tool.removed" && c.path === "getUser");
  assert.equal(changes.length, 1);
  assert.match(changes[0]!.message, /same name in another case or separator style/);
  assert.doesNotMatch(changes[0]!.message, /closest name/);
  assert.equal(changes[0]!.hint, 'renamed to "get_user"?');
});

Deno.test("tool.removed says how one tool whose name gained or lost words was found", () => {
  const contract = (tools: JsonObject[]) =>
    contractFromValue({ server: { name: "s", version: "1" }, tools });
  const message = (before: JsonObject[], after: JsonObject[]) =>
    diffContracts(contract(before), contract(after), { registry }).changes
      .filter((c) => c.rule === "tool.removed").map((c) => c.message);
  const prd = { ...tool("generate_prd"), description: "Generate a structured standard PRD." };
  // The same schemas, which another tool added shares (testsprite-mcp 0.0.11 → 0.0.30).
  assert.deepEqual(
    message([prd], [{ ...prd, name: "generate_standardized_prd" }, tool("rerun_tests")]),
    [
      'Tool "generate_prd" was removed; "generate_standardized_prd" was added with its name but for words added and the same schemas, so it was probably renamed; their schemas are compared under the new name',
    ],
  );
  // A description alike, other arguments; and backwards, words taken off.
  const other = { ...prd, name: "prd", inputSchema: { type: "object" } };
  assert.deepEqual(message([prd], [other]), [
    'Tool "generate_prd" was removed; "prd" was added with its name but for words taken off and a description alike, so it was probably renamed; their schemas are compared under the new name',
  ]);
  // A description held whole by the other, the same names required (@microsoft/workiq 0.2.8 →
  // 1.0.0's ask_work_iq → ask), both ways.
  const ask = {
    name: "ask_work_iq",
    description: "Ask a question to Copilot about your email and files.",
    inputSchema: { type: "object", properties: { q: { type: "string" } }, required: ["q"] },
  };
  const extended = {
    ...ask,
    name: "ask",
    description: `${ask.description} Returns the answer as text.`,
    inputSchema: { ...ask.inputSchema, properties: { q: { type: "string" }, id: {} } },
  };
  const held = (a: string, b: string, how: string) =>
    `Tool "${a}" was removed; "${b}" was added with its name but for words ${how} and one description holding the other whole and the same required arguments, so it was probably renamed; their schemas are compared under the new name`;
  assert.deepEqual(message([ask], [extended]), [held("ask_work_iq", "ask", "taken off")]);
  assert.deepEqual(message([extended], [ask]), [held("ask", "ask_work_iq", "added")]);
});

Deno.test("tool.removed says which words a renamed tool's name wrote shortened or in the plural", () => {
  const contract = (tools: JsonObject[]) =>
    contractFromValue({ server: { name: "s", version: "1" }, tools });
  const message = (before: JsonObject[], after: JsonObject[]) =>
    diffContracts(contract(before), contract(after), { registry }).changes
      .filter((c) => c.rule === "tool.removed").map((c) => c.message);
  // dataforseo-mcp-server 2.7.11 → 2.9.11: keywords_data_dataforseo_trends_explore →
  // kw_data_dfs_trends_explore, the description unchanged, an argument added.
  const old = {
    ...tool("keywords_data_dataforseo_trends_explore"),
    description: "Keyword popularity data from Google Trends.",
  };
  const next = { ...old, name: "kw_data_dfs_trends_explore", inputSchema: { type: "object" } };
  assert.deepEqual(message([old], [next]), [
    'Tool "keywords_data_dataforseo_trends_explore" was removed; "kw_data_dfs_trends_explore" was added with its name but for "keywords" written "kw", "dataforseo" written "dfs" and a description alike, so it was probably renamed; their schemas are compared under the new name',
  ]);
  assert.deepEqual(message([next], [old]), [
    'Tool "kw_data_dfs_trends_explore" was removed; "keywords_data_dataforseo_trends_explore" was added with its name but for "kw" written "keywords", "dfs" written "dataforseo" and a description alike, so it was probably renamed; their schemas are compared under the new name',
  ]);
});

Deno.test("tool.removed says that a description wrote the other name out", () => {
  const contract = (tools: JsonObject[]) =>
    contractFromValue({ server: { name: "s", version: "1" }, tools });
  const message = (before: JsonObject[], after: JsonObject[]) =>
    diffContracts(contract(before), contract(after), { registry }).changes
      .filter((c) => c.rule === "tool.removed").map((c) => c.message);
  // dataforseo-mcp-server 2.7.11 → 2.8.6, no arguments on either side.
  const bare = { type: "object", properties: {} };
  const old = {
    name: "ai_optimization_keyword_data_locations",
    description: "Utility tool to get list of locations",
    inputSchema: bare,
  };
  const next = {
    name: "ai_opt_kw_data_loc",
    description: "Utility tool for 'AI Optimization Keyword Data Locations' to get locations",
    inputSchema: bare,
  };
  const words = '"optimization" written "opt", "keyword" written "kw", "locations" written "loc"';
  assert.deepEqual(message([old], [next]), [
    `Tool "ai_optimization_keyword_data_locations" was removed; "ai_opt_kw_data_loc" was added with its name but for ${words} and a description writing out the old name, so it was probably renamed; their schemas are compared under the new name`,
  ]);
  const back = '"opt" written "optimization", "kw" written "keyword", "loc" written "locations"';
  assert.deepEqual(message([next], [old]), [
    `Tool "ai_opt_kw_data_loc" was removed; "ai_optimization_keyword_data_locations" was added with its name but for ${back} and the old description writing out the new name, so it was probably renamed; their schemas are compared under the new name`,
  ]);
});

Deno.test("tool.removed says which tool a description named and that it requires the same arguments", () => {
  const contract = (tools: JsonObject[]) =>
    contractFromValue({ server: { name: "s", version: "1" }, tools });
  const message = (before: JsonObject[], after: JsonObject[]) =>
    diffContracts(contract(before), contract(after), { registry }).changes
      .filter((c) => c.rule === "tool.removed").map((c) => c.message);
  // agent-device 0.19.3 → 0.20.5: rotate → orientation, a word of rotate's description; backwards,
  // rotate is named by the description of orientation, which the new tool replaced.
  const orientation = { type: "string", enum: ["portrait", "landscape-left"] };
  const schema = (more: JsonObject): JsonObject => ({
    type: "object",
    properties: { orientation, ...more },
    required: ["orientation"],
  });
  const rotate = {
    name: "rotate",
    description: "Rotate device orientation.",
    inputSchema: schema({}),
  };
  const set = {
    name: "orientation",
    description: "Set device orientation.",
    inputSchema: schema({ noRecord: { type: "boolean" } }),
  };
  const said = (a: string, b: string, how: string) =>
    `Tool "${a}" was removed; "${b}" was added, ${how}, with the same required arguments, so it was probably renamed; their schemas are compared under the new name`;
  assert.deepEqual(message([rotate], [set]), [
    said("rotate", "orientation", "its name words of the old description"),
  ]);
  assert.deepEqual(message([set], [rotate]), [
    said("orientation", "rotate", "its description naming the old tool"),
  ]);
});
