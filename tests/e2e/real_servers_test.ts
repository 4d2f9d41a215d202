/**
 * End-to-end verdicts on snapshots of real MCP servers from the npm registry, taken with
 * `proxar snapshot "stdio:node …/dist/index.js"` from the published packages. Each pair holds a
 * verdict an audit found wrong; findings are compared as exact sets.
 */
import assert from "node:assert/strict";
import { findings, runCli } from "../helpers.ts";

/** What `proxar diff --format json` must say of a pair: its exact findings and exit code. */
interface Verdict {
  findings: string[];
  code: number;
}

/**
 * Diffs two snapshots under `real_servers/` with `--format json` and asserts the verdict: no
 * standard error, exactly `expected.findings`, and `expected.code`.
 */
async function assertVerdict([oldFile, newFile]: [string, string], expected: Verdict) {
  const result = await runCli([
    "diff",
    `real_servers/${oldFile}`,
    `real_servers/${newFile}`,
    "--format",
    "json",
  ]);
  assert.equal(result.stderr, "");
  assert.deepEqual(findings(result.stdout), expected.findings);
  assert.equal(result.code, expected.code);
}

/** One change of `proxar diff --format json`, as the tests below read it. */
interface JsonChange {
  rule: string;
  path: string;
  message: string;
  hint?: string;
}

/** The changes `proxar diff --format json` reports between two snapshots under `real_servers/`. */
async function changesOf(from: string, to: string): Promise<JsonChange[]> {
  const result = await runCli([
    "diff",
    `real_servers/${from}`,
    `real_servers/${to}`,
    "--format",
    "json",
  ]);
  return (JSON.parse(result.stdout) as { changes: JsonChange[] }).changes;
}

/** The text report's stdout of the diff `from` → `to` of two real-server fixtures. */
async function textOf(from: string, to: string): Promise<string> {
  return (await runCli(["diff", `real_servers/${from}`, `real_servers/${to}`])).stdout;
}

/** The `hint:` lines, trimmed, of the text report of `from` → `to`. */
async function hintsOf(from: string, to: string): Promise<string[]> {
  return (await textOf(from, to)).split("\n").filter((line) => line.includes("hint:"))
    .map((line) => line.trim());
}

Deno.test("proxar diff passes server-sequential-thinking 2025.7.1 → 2025.12.18: zod's safe-integer bounds break no call", async () => {
  const input = "sequentialthinking.inputSchema";
  await assertVerdict(
    ["sequential_thinking_2025.7.1.json", "sequential_thinking_2025.12.18.json"],
    {
      findings: [
        "server.capability.extended|server.capabilities.tools|NON_BREAKING",
        "server.protocolVersion.changed|server.protocolVersion|NON_BREAKING",
        "tool.description.changed|sequentialthinking.description|DOCUMENTATION",
        `tool.input.description.changed|${input}.properties.thoughtNumber.description|POTENTIALLY_BREAKING`,
        `tool.input.description.changed|${input}.properties.totalThoughts.description|POTENTIALLY_BREAKING`,
        `tool.input.dialect.inert|${input}.$schema|DOCUMENTATION`,
        ...["branchFromThought", "revisesThought", "thoughtNumber", "totalThoughts"].map((p) =>
          `tool.input.maximum.safeIntegerLimit|${input}.properties.${p}.maximum|NON_BREAKING`
        ),
        "tool.output.schema.added|sequentialthinking.outputSchema|NON_BREAKING",
        "tool.title.changed|sequentialthinking.title|POTENTIALLY_BREAKING",
      ],
      code: 0,
    },
  );
});

Deno.test("proxar diff grades notion-mcp-server 2.0.0 → 2.5.2 definitions that API-delete-a-block never references DOCUMENTATION", async () => {
  const input = "API-delete-a-block.inputSchema";
  await assertVerdict(["notion_delete_block_2.0.0.json", "notion_delete_block_2.5.2.json"], {
    findings: [
      "tool.annotations.title.changed|API-delete-a-block.annotations.title|POTENTIALLY_BREAKING",
      // The seed's convention: a removed input property is BREAKING, whatever else changed.
      `tool.input.property.removed|${input}.properties.Notion-Version|BREAKING`,
      ...["dataSourceIdParentRequest", "movePageParentRequest", "parentRequest"].map((d) =>
        `tool.input.unusedDefinition.changed|${input}.$defs.${d}|DOCUMENTATION`
      ),
    ],
    code: 1,
  });
});

Deno.test("proxar diff grades firecrawl-mcp 2.0.2 → 3.1.13 zod 4's propertyNames {type: string} as no change", async () => {
  const input = "firecrawl_extract.inputSchema";
  // Before: tool.input.type.narrowed at properties.schema.propertyNames.type, BREAKING, although
  // every property name is a string.
  await assertVerdict(["firecrawl_extract_2.0.2.json", "firecrawl_extract_3.1.13.json"], {
    findings: [
      // Unlisted properties are now rejected by the advertised schema: a real narrowing.
      `tool.input.additionalProperties.narrowed|${input}.additionalProperties|BREAKING`,
      `tool.input.description.changed|${input}.properties.schema.description|POTENTIALLY_BREAKING`,
      `tool.input.description.changed|${input}.properties.urls.description|POTENTIALLY_BREAKING`,
      `tool.input.dialect.inert|${input}.$schema|DOCUMENTATION`,
    ],
    code: 1,
  });
});

Deno.test("proxar diff grades @sentry/mcp-server's nullable sort, a type list ⇄ a union by type, as no change", async () => {
  const input = "search_events.inputSchema.properties";
  // 0.37.0 → 0.39.0: sort went from anyOf [string, null] to type [string, null] (before: a
  // tool.input.anyOf.widened finding); environment went from anyOf [anyOf [string, array],
  // null] to anyOf [string, array], a real narrowing, once reported as two branches removed and
  // two added, now as its null branch removed. The sentence "Omit when unused." added to (or
  // removed from) environment's description is an instruction of its own (step unit; before:
  // DOCUMENTATION by step 5 over the whole description, edit 0.91).
  await assertVerdict(["sentry_search_events_0.37.0.json", "sentry_search_events_0.39.0.json"], {
    findings: [
      `tool.input.anyOf.narrowed|${input}.environment.anyOf|BREAKING`,
      `tool.input.description.changed|${input}.environment.description|POTENTIALLY_BREAKING`,
    ],
    code: 1,
  });
  // The other way, as zod 3 → zod 4 writes it: sort was tool.input.anyOf.changed, BREAKING.
  await assertVerdict(["sentry_search_events_0.39.0.json", "sentry_search_events_0.37.0.json"], {
    findings: [
      `tool.input.anyOf.widened|${input}.environment.anyOf|NON_BREAKING`,
      `tool.input.description.changed|${input}.environment.description|POTENTIALLY_BREAKING`,
    ],
    code: 0,
  });
});

Deno.test("proxar diff warns on chrome-devtools-mcp 0.26.0 → 1.0.1 changing the geolocation format in a code span", async () => {
  const input = "emulate.inputSchema";
  // Before: DOCUMENTATION (edit similarity 0.993), although `<latitude>x<longitude>` became
  // `<latitude>,<longitude>` and an agent that follows the old text sends a value the new
  // server does not read.
  await assertVerdict(
    ["chrome_devtools_emulate_0.26.0.json", "chrome_devtools_emulate_1.0.1.json"],
    {
      findings: [
        "server.version.changed|server.serverInfo.version|DOCUMENTATION",
        `tool.input.additionalProperties.widened|${input}.additionalProperties|NON_BREAKING`,
        `tool.input.description.changed|${input}.properties.geolocation.description|POTENTIALLY_BREAKING`,
      ],
      code: 0,
    },
  );
});

Deno.test("proxar diff warns on @supabase/mcp-server-supabase 0.8.0 → 0.12.0 dropping backticked tool names from its instructions", async () => {
  // Before: DOCUMENTATION (edit similarity 0.903), although the instructions no longer name
  // `list_tables`, `get_logs`, `get_advisors`, `get_project_url`, `get_publishable_api_key` and
  // `apply_migration`, the tools a model was told to call.
  await assertVerdict(
    ["supabase_instructions_0.8.0.json", "supabase_instructions_0.12.0.json"],
    {
      findings: [
        "server.instructions.changed|server.instructions|POTENTIALLY_BREAKING",
        "server.version.changed|server.serverInfo.version|DOCUMENTATION",
      ],
      code: 0,
    },
  );
});

Deno.test("proxar diff warns, not fails, on zod 4's email pattern that @cyanheads/git-mcp-server 2.5.8 → 2.6.5 adds beside format email", async () => {
  // Before: tool.input.pattern.narrowed BREAKING (exit 1), although the pattern is the one
  // zod 4.1 writes for z.string().email() and the format was already "email".
  const input = "git_commit.inputSchema";
  const output = "git_commit.outputSchema.properties";
  const counts = ["deletions", "filesChanged", "insertions", "timestamp"];
  const files: [string, string] = ["git_mcp_commit_2.5.8.json", "git_mcp_commit_2.6.5.json"];
  await assertVerdict(files, {
    findings: [
      "server.description.changed|server.serverInfo.description|POTENTIALLY_BREAKING",
      "server.protocolVersion.changed|server.protocolVersion|NON_BREAKING",
      "server.version.changed|server.serverInfo.version|DOCUMENTATION",
      `tool.input.additionalProperties.widened|${input}.additionalProperties|NON_BREAKING`,
      `tool.input.additionalProperties.widened|${input}.properties.author.additionalProperties|NON_BREAKING`,
      `tool.input.pattern.narrowed|${input}.properties.author.properties.email.pattern|POTENTIALLY_BREAKING`,
      ...counts.map((p) => `tool.output.maximum.narrowed|${output}.${p}.maximum|NON_BREAKING`),
      ...counts.map((p) => `tool.output.minimum.narrowed|${output}.${p}.minimum|NON_BREAKING`),
    ],
    code: 0,
  });
  // Back: the pattern removed widens the input, as before.
  const back = await runCli([
    "diff",
    `real_servers/${files[1]}`,
    `real_servers/${files[0]}`,
    "--format",
    "json",
  ]);
  assert.ok(
    findings(back.stdout).includes(
      `tool.input.pattern.widened|${input}.properties.author.properties.email.pattern|NON_BREAKING`,
    ),
  );
});

Deno.test("proxar diff grades @cyanheads/git-mcp-server 2.3.2 ⇄ 2.5.8 moving an integer's minimum 1 to exclusiveMinimum 0 as no change", async () => {
  const input = "git_cherry_pick.inputSchema.properties.mainline";
  const output = "git_log.outputSchema.properties.commits.items.properties.timestamp";
  const files = ["git_mcp_cherry_pick_2.3.2.json", "git_mcp_cherry_pick_2.5.8.json"] as const;
  // mainline, an integer, went from minimum 1 to exclusiveMinimum 0: the same integers. Before:
  // tool.input.minimum.widened forwards, and tool.input.minimum.narrowed (BREAKING) backwards.
  // The output timestamp lost its exclusiveMinimum 0 altogether: a real widening.
  await assertVerdict([files[0], files[1]], {
    findings: [
      "server.protocolVersion.changed|server.protocolVersion|POTENTIALLY_BREAKING",
      "server.version.bumpInsufficient|server.serverInfo.version|POTENTIALLY_BREAKING",
      "server.version.changed|server.serverInfo.version|DOCUMENTATION",
      `tool.input.description.changed|${input}.description|POTENTIALLY_BREAKING`,
      `tool.output.description.changed|${output}.description|POTENTIALLY_BREAKING`,
      `tool.output.minimum.widened|${output}.minimum|BREAKING`,
    ],
    code: 1,
  });
  await assertVerdict([files[1], files[0]], {
    findings: [
      "server.protocolVersion.changed|server.protocolVersion|NON_BREAKING",
      "server.version.bumpInsufficient|server.serverInfo.version|POTENTIALLY_BREAKING",
      "server.version.changed|server.serverInfo.version|DOCUMENTATION",
      `tool.input.description.changed|${input}.description|POTENTIALLY_BREAKING`,
      `tool.output.description.changed|${output}.description|POTENTIALLY_BREAKING`,
      `tool.output.minimum.narrowed|${output}.exclusiveMinimum|NON_BREAKING`,
    ],
    code: 0,
  });
});

Deno.test("proxar diff warns, not fails, when @cyanheads/git-mcp-server 2.6.5 → 2.10.5 stops announcing client capabilities", async () => {
  // 2.6.5 announced roots, sampling and elicitation, which the MCP specification defines for
  // clients only; dropping them was BREAKING three times. completions is a server capability and
  // the format enum really lost "json": both stay BREAKING.
  const removed = (key: string, severity: string) =>
    `server.capability.removed|server.capabilities.${key}|${severity}`;
  await assertVerdict(
    ["git_mcp_capabilities_2.6.5.json", "git_mcp_capabilities_2.10.5.json"],
    {
      findings: [
        ...["changelogPath", "createTag", "skipDocumentation", "updateAgentFiles"].map((a) =>
          `prompt.argument.description.changed|git_wrapup.arguments.${a}.description|POTENTIALLY_BREAKING`
        ),
        removed("completions", "BREAKING"),
        removed("elicitation", "POTENTIALLY_BREAKING"),
        removed("roots", "POTENTIALLY_BREAKING"),
        removed("sampling", "POTENTIALLY_BREAKING"),
        "server.version.bumpInsufficient|server.serverInfo.version|POTENTIALLY_BREAKING",
        "server.version.changed|server.serverInfo.version|DOCUMENTATION",
        "tool.input.description.changed|git_show.inputSchema.properties.format.description|POTENTIALLY_BREAKING",
        "tool.input.enum.narrowed|git_show.inputSchema.properties.format.enum|BREAKING",
      ],
      code: 1,
    },
  );
});

Deno.test("proxar diff pairs mapbox-mcp-server 0.2.0's anyOf overlays (zod 3) with 0.14.0's oneOf (zod 4) branch by branch", async () => {
  // static_map_image_tool (StaticMapImageTool in 0.2.0, renamed in the fixture so the two are
  // paired). Before: "oneOf added" (tool.input.oneOf.narrowed, BREAKING) beside "anyOf removed",
  // hiding what changed in the branches: each lost additionalProperties: false, and the geojson
  // overlay's data became required.
  const items = "static_map_image_tool.inputSchema.properties.overlays.items";
  const opened = (key: string, severity: string, effect: string) =>
    [0, 1, 2, 3].map((i) =>
      `tool.input.additionalProperties.${effect}|${items}.${key}.${i}.additionalProperties|${severity}`
    );
  await assertVerdict(["mapbox_overlays_0.2.0.json", "mapbox_overlays_0.14.0.json"], {
    findings: [
      "server.version.changed|server.serverInfo.version|DOCUMENTATION",
      ...opened("oneOf", "NON_BREAKING", "widened"),
      `tool.input.description.changed|${items}.oneOf.1.properties.url.description|POTENTIALLY_BREAKING`,
      `tool.input.required.added|${items}.oneOf.3.required|BREAKING`,
    ],
    code: 1,
  });
  await assertVerdict(["mapbox_overlays_0.14.0.json", "mapbox_overlays_0.2.0.json"], {
    findings: [
      "server.version.bumpInsufficient|server.serverInfo.version|POTENTIALLY_BREAKING",
      "server.version.changed|server.serverInfo.version|DOCUMENTATION",
      ...opened("anyOf", "BREAKING", "narrowed"),
      `tool.input.description.changed|${items}.anyOf.1.properties.url.description|POTENTIALLY_BREAKING`,
      `tool.input.required.removed|${items}.anyOf.3.required|NON_BREAKING`,
    ],
    code: 1,
  });
});

Deno.test("proxar diff reports @apify/actors-mcp-server 0.9.11 → 0.16.0 dropping a required output field once", async () => {
  // search-actors' pricing lost isFree, which was required. Before: a second finding beside
  // property.removed, tool.output.keyword.changed at pricing.required ("the structured walk
  // reported nothing here"), for the same removal.
  const pricing = "search-actors.outputSchema.properties.actors.items.properties.pricing";
  const files = ["apify_search_actors_0.9.11.json", "apify_search_actors_0.16.0.json"] as const;
  await assertVerdict([files[0], files[1]], {
    findings: [`tool.output.property.removed|${pricing}.properties.isFree|BREAKING`],
    code: 1,
  });
  // Back: the field added as required narrows the output, as before.
  await assertVerdict([files[1], files[0]], {
    findings: [`tool.output.required.added|${pricing}.required|NON_BREAKING`],
    code: 0,
  });
});

Deno.test("proxar diff grades next-devtools-mcp 0.2.6 → 0.3.1 an empty _meta dropped NON_BREAKING", async () => {
  const tool = "upgrade_nextjs_16";
  // Before: tool.meta.changed POTENTIALLY_BREAKING, though _meta {} holds no key to read.
  await assertVerdict(["next_devtools_upgrade_0.2.6.json", "next_devtools_upgrade_0.3.1.json"], {
    findings: [
      "server.capability.changed|server.capabilities.tools|POTENTIALLY_BREAKING",
      // 0.2.6 wrote its capabilities into serverInfo too; a field Proxar does not model, in
      // serverInfo, which is informational: reviewed, not failing the build.
      "server.field.unmodelled|server.serverInfo.capabilities|POTENTIALLY_BREAKING",
      "server.name.changed|server.serverInfo.name|POTENTIALLY_BREAKING",
      "server.version.changed|server.serverInfo.version|DOCUMENTATION",
      `tool.annotations.title.changed|${tool}.annotations.title|POTENTIALLY_BREAKING`,
      `tool.input.additionalProperties.widened|${tool}.inputSchema.additionalProperties|NON_BREAKING`,
      `tool.input.description.changed|${tool}.inputSchema.properties.project_path.description|POTENTIALLY_BREAKING`,
      `tool.input.dialect.inert|${tool}.inputSchema.$schema|DOCUMENTATION`,
      `tool.meta.changed|${tool}._meta|NON_BREAKING`,
      `tool.title.changed|${tool}.title|POTENTIALLY_BREAKING`,
    ],
    code: 0,
  });
});

Deno.test("proxar diff grades next-devtools-mcp 0.2.1 → 0.2.6 a field added to serverInfo POTENTIALLY_BREAKING", async () => {
  const tool = "upgrade_nextjs_16";
  // Before: server.field.unmodelled BREAKING, where an unknown field only added to a tool, prompt
  // or resource is POTENTIALLY_BREAKING: clients that do not know it ignore it.
  await assertVerdict(["next_devtools_upgrade_0.2.1.json", "next_devtools_upgrade_0.2.6.json"], {
    findings: [
      "server.capability.extended|server.capabilities.tools|NON_BREAKING",
      "server.field.unmodelled|server.serverInfo.capabilities|POTENTIALLY_BREAKING",
      "server.name.changed|server.serverInfo.name|POTENTIALLY_BREAKING",
      "server.version.bumpInsufficient|server.serverInfo.version|POTENTIALLY_BREAKING",
      "server.version.changed|server.serverInfo.version|DOCUMENTATION",
      `tool.annotations.title.changed|${tool}.annotations.title|POTENTIALLY_BREAKING`,
      // SDK 1.20 serialised 0.2.1's zod 4 object as it is: a schema of no known keyword but
      // type, which accepted any object.
      `tool.input.additionalProperties.narrowed|${tool}.inputSchema.additionalProperties|BREAKING`,
      `tool.input.dialect.inert|${tool}.inputSchema.$schema|DOCUMENTATION`,
      `tool.input.keyword.unmodelled|${tool}.inputSchema.def|BREAKING`,
      `tool.input.property.added|${tool}.inputSchema.properties.project_path|NON_BREAKING`,
      `tool.meta.changed|${tool}._meta|NON_BREAKING`,
      `tool.title.changed|${tool}.title|POTENTIALLY_BREAKING`,
    ],
    code: 1,
  });
});

/** The messages `proxar diff --format json` gives the changes at `paths`, in report order. */
async function messages([oldFile, newFile]: [string, string], paths: string[]) {
  const result = await runCli([
    "diff",
    `real_servers/${oldFile}`,
    `real_servers/${newFile}`,
    "--format",
    "json",
  ]);
  const report = JSON.parse(result.stdout) as { changes: { path: string; message: string }[] };
  return paths.map((p) => report.changes.find((c) => c.path === p)?.message);
}

Deno.test("proxar diff warns on next-devtools-mcp 0.3.1 → 0.3.10 replacing a tool name and adding trigger lines in long descriptions", async () => {
  const pair: [string, string] = ["next_devtools_all_0.3.1.json", "next_devtools_all_0.3.10.json"];
  // Before: browser_eval.description (edit 0.974) and enable_cache_components.description
  // (edit 0.852, overlap 0.909) were DOCUMENTATION, graded over the whole long text.
  await assertVerdict(pair, {
    findings: [
      "resource.added|cache-components://route-handlers|NON_BREAKING",
      "resource.added|nextjs-docs://llms-index|NON_BREAKING",
      "server.protocolVersion.changed|server.protocolVersion|NON_BREAKING",
      "server.version.bumpInsufficient|server.serverInfo.version|POTENTIALLY_BREAKING",
      "server.version.changed|server.serverInfo.version|DOCUMENTATION",
      "tool.added|nextjs_call|NON_BREAKING",
      "tool.added|nextjs_index|NON_BREAKING",
      "tool.description.changed|browser_eval.description|POTENTIALLY_BREAKING",
      "tool.description.changed|enable_cache_components.description|POTENTIALLY_BREAKING",
      "tool.description.changed|init.description|POTENTIALLY_BREAKING",
      "tool.description.changed|nextjs_docs.description|POTENTIALLY_BREAKING",
      "tool.input.description.changed|nextjs_docs.inputSchema.properties.path.description|POTENTIALLY_BREAKING",
      "tool.input.property.removed|nextjs_docs.inputSchema.properties.action|BREAKING",
      "tool.input.property.removed|nextjs_docs.inputSchema.properties.query|BREAKING",
      "tool.input.property.removed|nextjs_docs.inputSchema.properties.routerType|BREAKING",
      "tool.removed|nextjs_runtime|BREAKING",
    ],
    code: 1,
  });
  const [browserEval, cache] = await messages(pair, [
    "browser_eval.description",
    "enable_cache_components.description",
  ]);
  assert.equal(
    browserEval,
    'browser_eval.description changed (the tool name "nextjs_runtime" was replaced or removed, a tool a model was told to call)',
  );
  assert.match(cache ?? "", /^enable_cache_components\.description changed \(the sentence "/);
});

Deno.test("proxar diff warns on @perplexity-ai/mcp-server 0.9.0 → 1.2.1 dropping '(default)' from one sentence of a description", async () => {
  const pair: [string, string] = ["perplexity_0.9.0.json", "perplexity_1.2.1.json"];
  const size = "inputSchema.properties.search_context_size.description";
  // Before: both search_context_size descriptions (edit 0.912) and perplexity_ask's and
  // perplexity_reason's descriptions (edit 0.94) were DOCUMENTATION.
  await assertVerdict(pair, {
    findings: [
      "server.instructions.changed|server.instructions|POTENTIALLY_BREAKING",
      "server.version.changed|server.serverInfo.version|DOCUMENTATION",
      "tool.description.changed|perplexity_ask.description|POTENTIALLY_BREAKING",
      "tool.description.changed|perplexity_reason.description|POTENTIALLY_BREAKING",
      "tool.description.changed|perplexity_research.description|POTENTIALLY_BREAKING",
      "tool.description.changed|perplexity_search.description|POTENTIALLY_BREAKING",
      `tool.input.description.changed|perplexity_ask.${size}|POTENTIALLY_BREAKING`,
      `tool.input.description.changed|perplexity_reason.${size}|POTENTIALLY_BREAKING`,
      ...["ask", "reason", "research", "search"].flatMap((t) => [
        `tool.input.dialect.inert|perplexity_${t}.inputSchema.$schema|DOCUMENTATION`,
        `tool.output.dialect.inert|perplexity_${t}.outputSchema.$schema|DOCUMENTATION`,
      ]),
      "tool.input.property.added|perplexity_search.inputSchema.properties.search_domain_filter|NON_BREAKING",
      "tool.input.property.added|perplexity_search.inputSchema.properties.search_recency_filter|NON_BREAKING",
      "tool.input.property.removed|perplexity_reason.inputSchema.properties.strip_thinking|BREAKING",
      "tool.input.property.removed|perplexity_research.inputSchema.properties.reasoning_effort|BREAKING",
      "tool.input.property.removed|perplexity_research.inputSchema.properties.strip_thinking|BREAKING",
    ].sort(),
    code: 1,
  });
  const [ask, askSize] = await messages(pair, [
    "perplexity_ask.description",
    `perplexity_ask.${size}`,
  ]);
  assert.equal(askSize, `perplexity_ask.${size} changed (marker "default" 1× → 0×)`);
  assert.equal(
    ask,
    'perplexity_ask.description changed (the sentence "Answer a question using web-grounded AI (Sonar Pro model)." became "Answer a question using web-grounded AI (Perplexity Agent API, fast preset).": edit 0.627, overlap 0.467: overlap below 0.55)',
  );
});

Deno.test("proxar diff pairs mongodb-mcp-server 1.7.0 → 2.1.1 explain's method variants by their name tag", async () => {
  const input = "explain.inputSchema";
  const variant = `${input}.properties.method.items.anyOf`;
  const args = (i: number) => `${variant}.${i}.properties.arguments`;
  // Before: tool.input.anyOf.changed BREAKING at the union ("cannot be paired unambiguously"),
  // the catch-all's keyword.changed for the rest, and none of the descriptions removed inside.
  await assertVerdict(["mongodb_explain_1.7.0.json", "mongodb_explain_2.1.1.json"], {
    findings: [
      "server.version.changed|server.serverInfo.version|DOCUMENTATION",
      ...[0, 1, 2].flatMap((i) => [
        `tool.input.additionalProperties.widened|${variant}.${i}.additionalProperties|NON_BREAKING`,
        `tool.input.additionalProperties.widened|${args(i)}.additionalProperties|NON_BREAKING`,
      ]),
      `tool.input.anyOf.narrowed|${args(1)}.properties.sort.additionalProperties.anyOf|BREAKING`,
      `tool.input.anyOf.widened|${args(0)}.properties.pipeline.items.anyOf|NON_BREAKING`,
      ...[
        `${input}.properties.collection`,
        `${input}.properties.database`,
        `${input}.properties.method`,
        `${args(0)}.properties.pipeline`,
        ...["filter", "limit", "projection", "sort"].map((p) => `${args(1)}.properties.${p}`),
        `${args(2)}.properties.query`,
        `${input}.properties.verbosity`,
      ].map((p) => `tool.input.description.changed|${p}.description|POTENTIALLY_BREAKING`),
      `tool.input.required.added|${input}.required|BREAKING`,
      "tool.output.enum.narrowed|explain.outputSchema.properties.method.enum|NON_BREAKING",
      "tool.output.enum.narrowed|explain.outputSchema.properties.verbosity.enum|NON_BREAKING",
    ].sort(),
    code: 1,
  });
});

Deno.test("proxar diff warns on mobile-mcp 0.0.48 → 1.0.4 pointing a description at a tool in place of a name no tool has", async () => {
  const pair: [string, string] = ["mobile_long_press_0.0.48.json", "mobile_long_press_1.0.4.json"];
  const press = "mobile_long_press_on_screen_at_coordinates";
  // Before: tool.description.changed DOCUMENTATION at press.description (edit 0.953).
  await assertVerdict(pair, {
    findings: [
      "server.version.changed|server.serverInfo.version|DOCUMENTATION",
      `tool.annotations.safetyClaimed|${press}.annotations.destructiveHint|POTENTIALLY_BREAKING`,
      "tool.description.changed|mobile_list_elements_on_screen.description|POTENTIALLY_BREAKING",
      `tool.description.changed|${press}.description|POTENTIALLY_BREAKING`,
      `tool.input.minimum.narrowed|${press}.inputSchema.properties.x.minimum|BREAKING`,
      `tool.input.minimum.narrowed|${press}.inputSchema.properties.y.minimum|BREAKING`,
      "tool.input.property.added|mobile_list_elements_on_screen.inputSchema.properties.format|NON_BREAKING",
    ],
    code: 1,
  });
  const [message] = await messages(pair, [`${press}.description`]);
  assert.equal(
    message,
    `${press}.description changed (the name "list_elements_on_screen" became the tool name "mobile_list_elements_on_screen", a tool a model is now told to call)`,
  );
});

Deno.test("proxar diff sees no change in context7 3.2.5 → 4.1.1 writing its prompts and resources offers out as false", async () => {
  // prompts: {} → {listChanged: false} and resources: {} → {listChanged: false, subscribe: false}
  // were POTENTIALLY_BREAKING twice; an offer left out is one not made. tools turned listChanged
  // off for real: that stays.
  await assertVerdict(
    ["context7_capabilities_3.2.5.json", "context7_capabilities_4.1.1.json"],
    {
      findings: [
        "server.capability.changed|server.capabilities.tools|POTENTIALLY_BREAKING",
        "server.version.changed|server.serverInfo.version|DOCUMENTATION",
        "tool.input.dialect.inert|resolve-library-id.inputSchema.$schema|DOCUMENTATION",
      ],
      code: 0,
    },
  );
});

Deno.test("proxar diff warns, not fails, when @angular/cli 20.1.6 → 20.3.43 drops completions it had nothing to complete with", async () => {
  // 20.1.6 announced completions with no prompt and no resource template (BREAKING before); its
  // resources announced listChanged, so templates added at run time cannot be ruled out. The
  // fields 20.1.6 wrote into serverInfo by mistake are unmodelled, and reviewed: serverInfo is
  // informational (BREAKING before, which failed the build for fields no client reads there).
  await assertVerdict(
    ["angular_cli_completions_20.1.6.json", "angular_cli_completions_20.3.43.json"],
    {
      findings: [
        "server.capability.added|server.capabilities.logging|NON_BREAKING",
        "server.capability.removed|server.capabilities.completions|POTENTIALLY_BREAKING",
        "server.field.unmodelled|server.serverInfo.capabilities|POTENTIALLY_BREAKING",
        "server.field.unmodelled|server.serverInfo.instructions|POTENTIALLY_BREAKING",
        "server.instructions.changed|server.instructions|POTENTIALLY_BREAKING",
        "server.protocolVersion.changed|server.protocolVersion|NON_BREAKING",
        "server.version.changed|server.serverInfo.version|DOCUMENTATION",
        "tool.description.changed|get_best_practices.description|POTENTIALLY_BREAKING",
      ],
      code: 0,
    },
  );
});

Deno.test("proxar diff sees @anthropic-ai/claude-code 1.0.100 → 1.0.128 rename KillBash to KillShell as it gained an output schema", async () => {
  // The same input schema, and an outputSchema on the new side only: no rename was seen, and the
  // output schema added was not reported.
  const pair = ["claude_code_kill_shell_1.0.100.json", "claude_code_kill_shell_1.0.128.json"];
  await assertVerdict(pair as [string, string], {
    findings: [
      "server.version.bumpInsufficient|server.serverInfo.version|POTENTIALLY_BREAKING",
      "server.version.changed|server.serverInfo.version|DOCUMENTATION",
      "tool.added|KillShell|NON_BREAKING",
      "tool.output.schema.added|KillShell.outputSchema|NON_BREAKING",
      "tool.removed|KillBash|BREAKING",
    ],
    code: 1,
  });
  assert.match(
    await textOf(pair[0]!, pair[1]!),
    /Tool "KillBash" was removed; "KillShell" was added with the same inputSchema and now an outputSchema, so it was probably renamed/,
  );
});

Deno.test("proxar diff warns on @cloudbase/cloudbase-mcp 2.34.3 → 2.34.6 adding a Chinese negation, dropping a requirement and a parameter name", async () => {
  // Before: manageCloudRun's description gaining "不需要 buildId 时…" ("when you do not need
  // buildId…", edit 0.939) and managePgDatabase's action description losing "（需 lastN …）"
  // ("requires lastN", edit 0.951) were DOCUMENTATION: no English marker matches inside Chinese.
  // objectName's description dropping lastN from its second sentence stays DOCUMENTATION, as
  // "use A / B / C" → "use A / B" does in English (edit 0.907, overlap 0.952 on the sentence, its
  // Chinese counted in pairs of characters); the property lastN's own removal is BREAKING.
  const pg = "managePgDatabase.inputSchema.properties";
  const run = "manageCloudRun.inputSchema";
  await assertVerdict(
    ["cloudbase_cloud_run_pg_2.34.3.json", "cloudbase_cloud_run_pg_2.34.6.json"],
    {
      findings: [
        "server.version.bumpInsufficient|server.serverInfo.version|POTENTIALLY_BREAKING",
        "server.version.changed|server.serverInfo.version|DOCUMENTATION",
        "tool.annotations.safetyStrengthened|manageCloudRun.annotations.openWorldHint|POTENTIALLY_BREAKING",
        "tool.annotations.safetyStrengthened|managePgDatabase.annotations.openWorldHint|POTENTIALLY_BREAKING",
        "tool.description.changed|manageCloudRun.description|POTENTIALLY_BREAKING",
        `tool.input.description.changed|${pg}.action.description|POTENTIALLY_BREAKING`,
        `tool.input.description.changed|${pg}.objectName.description|DOCUMENTATION`,
        `tool.input.enum.narrowed|${pg}.action.enum|BREAKING`,
        `tool.input.pattern.narrowed|${run}.properties.serverName.pattern|BREAKING`,
        `tool.input.property.added|${run}.properties.waitRegistration|NON_BREAKING`,
        `tool.input.property.removed|${pg}.lastN|BREAKING`,
        `tool.input.required.removed|${run}.required|NON_BREAKING`,
      ],
      code: 1,
    },
  );
});

Deno.test("proxar diff grades airtable-mcp-server 1.4.1 → 1.9.6 turning zod 3's intersection into a record by its properties, not its type", async () => {
  // Before: also tool.input.keyword.changed at field.type, BREAKING ("accepted types any became
  // object"): the old field's type stood in its allOf branches, which the catch-all read apart.
  // The properties that went with the intersection stay removed (BREAKING), as the rule says.
  const input = "create_field.inputSchema";
  const field = `${input}.properties.nested.properties.field`;
  await assertVerdict(["airtable_create_field_1.4.1.json", "airtable_create_field_1.9.6.json"], {
    findings: [
      "server.capability.extended|server.capabilities.tools|NON_BREAKING",
      "server.capability.removed|server.capabilities.resources|POTENTIALLY_BREAKING",
      "server.version.changed|server.serverInfo.version|DOCUMENTATION",
      `tool.input.additionalProperties.widened|${input}.additionalProperties|NON_BREAKING`,
      `tool.input.additionalProperties.widened|${input}.properties.nested.additionalProperties|NON_BREAKING`,
      `tool.input.allOf.widened|${field}.allOf|NON_BREAKING`,
      `tool.input.description.changed|${input}.properties.baseId.description|POTENTIALLY_BREAKING`,
      `tool.input.description.changed|${field}.description|POTENTIALLY_BREAKING`,
      `tool.input.description.changed|${input}.properties.tableId.description|POTENTIALLY_BREAKING`,
      ...[
        "0.properties.description",
        "0.properties.name",
        "1.properties.options",
        "1.properties.type",
      ]
        .map((p) => `tool.input.property.removed|${field}.allOf.${p}|BREAKING`),
      "tool.output.schema.added|create_field.outputSchema|NON_BREAKING",
      "tool.title.changed|create_field.title|POTENTIALLY_BREAKING",
    ].sort(),
    code: 1,
  });
});

Deno.test("proxar diff names server-everything 2025.9.25 → 2026.1.14's prompts renamed from snake_case to kebab-case", async () => {
  // Before: "was removed" and "was added" only, where tools renamed in the same release got a
  // hint. complex_prompt → args-prompt is no rename Proxar can see, and gets none.
  const pair: [string, string] = [
    "everything_prompts_2025.9.25.json",
    "everything_prompts_2026.1.14.json",
  ];
  await assertVerdict(pair, {
    findings: [
      ...["args-prompt", "completable-prompt", "resource-prompt", "simple-prompt"]
        .map((p) => `prompt.added|${p}|NON_BREAKING`),
      ...["complex_prompt", "resource_prompt", "simple_prompt"]
        .map((p) => `prompt.removed|${p}|BREAKING`),
      ...["prompts", "resources", "tools"]
        .map((c) => `server.capability.extended|server.capabilities.${c}|NON_BREAKING`),
      "server.instructions.changed|server.instructions|POTENTIALLY_BREAKING",
      "server.name.changed|server.serverInfo.name|POTENTIALLY_BREAKING",
      "server.title.changed|server.serverInfo.title|POTENTIALLY_BREAKING",
      "server.version.changed|server.serverInfo.version|DOCUMENTATION",
    ],
    code: 1,
  });
  const text = await textOf(...pair);
  assert.deepEqual(await hintsOf(...pair), [
    'hint: renamed to "resource-prompt"?',
    'hint: renamed to "simple-prompt"?',
  ]);
  assert.match(
    text,
    /Prompt "simple_prompt" was removed; "simple-prompt" was added with the same name in another case or separator style, so it was probably renamed/,
  );
});

Deno.test("proxar diff names @azure/mcp 3.0.0-beta.41 → 3.0.0-beta.46 renaming two tools with the same arguments by their names", async () => {
  // Before: neither removal had a hint, since the two tools take the same arguments and a rename
  // was only seen for one tool removed and one added with those schemas.
  const pair: [string, string] = [
    "azure_resilience_drill_3.0.0-beta.41.json",
    "azure_resilience_drill_3.0.0-beta.46.json",
  ];
  const tools = ["drill_check-resync-readiness", "drill_delete"];
  await assertVerdict(pair, {
    findings: [
      "server.version.changed|server.serverInfo.version|DOCUMENTATION",
      ...tools.map((t) => `tool.added|resiliency_${t}|NON_BREAKING`),
      ...tools.map((t) => `tool.removed|resilience_${t}|BREAKING`),
    ],
    code: 1,
  });
  assert.deepEqual(await hintsOf(...pair), [
    'hint: renamed to "resiliency_drill_check-resync-readiness"?',
    'hint: renamed to "resiliency_drill_delete"?',
  ]);
});

Deno.test("proxar diff accepts @testsprite/testsprite-mcp 0.0.19 → 0.0.45 removing a tool: under 0.0.z every release is breaking to a caret range", async () => {
  const pair: [string, string] = [
    "testsprite_rerun_tests_0.0.30.json",
    "testsprite_rerun_tests_0.0.45.json",
  ];
  // Before: server.version.bumpInsufficient POTENTIALLY_BREAKING, "needs a major release (0.1.0
  // or later)", though ^0.0.19 admits 0.0.19 alone and 0.0.45 reaches no client that trusted it.
  await assertVerdict(pair, {
    findings: [
      "server.version.changed|server.serverInfo.version|DOCUMENTATION",
      "tool.description.changed|testsprite_bootstrap.description|POTENTIALLY_BREAKING",
      "tool.input.required.removed|testsprite_bootstrap.inputSchema.required|NON_BREAKING",
      "tool.removed|testsprite_rerun_tests|BREAKING",
    ],
    code: 1,
  });
  const release = async (files: [string, string]) => {
    const args = files.map((f) => `real_servers/${f}`);
    return JSON.parse((await runCli(["diff", ...args, "--format", "json"])).stdout).release;
  };
  assert.deepEqual(await release(pair), {
    level: "major",
    old: "0.0.19",
    new: "0.0.45",
    suggested: "0.0.20",
    sufficient: true,
  });
  // Backwards, the version went down: that still falls short.
  assert.deepEqual(await release([pair[1], pair[0]]), {
    level: "minor",
    old: "0.0.45",
    new: "0.0.19",
    suggested: "0.0.46",
    sufficient: false,
  });
  // The words say what a minor release is on that line (it read "the changes need a minor
  // release (0.0.46 or later)"); the JSON and JUnit fields keep the level and the suggestion.
  const back = [`real_servers/${pair[1]}`, `real_servers/${pair[0]}`];
  const line =
    "under 0.0.z every release is breaking to a caret range: ^0.0.45 admits 0.0.45 alone, so the next patch is one";
  const text = (await runCli(["diff", ...back])).stdout;
  assert.ok(
    text.includes(
      `Release: the changes need a minor release: 0.0.46 or later after 0.0.45 (${line}); serverInfo.version 0.0.19 is not enough.`,
    ),
    text,
  );
  const json = JSON.parse((await runCli(["diff", ...back, "--format", "json"])).stdout);
  const bump = json.changes.find((c: { rule: string }) =>
    c.rule === "server.version.bumpInsufficient"
  );
  assert.equal(
    bump.message,
    `Server version went from "0.0.45" to "0.0.19", a lower version; the changes need a minor release (0.0.46 or later; ${line})`,
  );
  const junit = (await runCli(["diff", ...back, "--format", "junit"])).stdout;
  assert.ok(junit.includes('<property name="release.level" value="minor"/>'), junit);
  assert.ok(junit.includes('<property name="release.suggested" value="0.0.46"/>'), junit);
});

Deno.test("proxar diff says what a major and a minor release are under 0.y.z: @wonderwhy-er/desktop-commander 0.2.19 ⇄ 0.2.38", async () => {
  const pair: [string, string] = [
    "desktop_commander_get_prompts_0.2.19.json",
    "desktop_commander_get_prompts_0.2.38.json",
  ];
  // Before: "the changes need a major release (0.3.0 or later)" and, backwards, "a minor release
  // (0.2.39 or later)": a minor release numbered as a patch read as a contradiction. The level
  // and the suggestion stay; the words say what the line makes of them, in every format.
  await assertVerdict(pair, {
    findings: [
      "server.protocolVersion.changed|server.protocolVersion|NON_BREAKING",
      "server.version.bumpInsufficient|server.serverInfo.version|POTENTIALLY_BREAKING",
      "server.version.changed|server.serverInfo.version|DOCUMENTATION",
      "tool.annotations.safetyClaimed|get_prompts.annotations.readOnlyHint|POTENTIALLY_BREAKING",
      "tool.annotations.title.changed|get_prompts.annotations.title|POTENTIALLY_BREAKING",
      "tool.description.changed|get_prompts.description|POTENTIALLY_BREAKING",
      "tool.input.enum.narrowed|get_prompts.inputSchema.properties.action.enum|BREAKING",
      "tool.input.property.removed|get_prompts.inputSchema.properties.category|BREAKING",
      "tool.input.required.added|get_prompts.inputSchema.required|BREAKING",
    ],
    code: 1,
  });
  const report = async (from: string, to: string, format: string) =>
    (await runCli(["diff", `real_servers/${from}`, `real_servers/${to}`, "--format", format]))
      .stdout;
  /** Asserts the JSON release block, the bumpInsufficient message and the text release line. */
  const says = async (
    [from, to]: [string, string],
    release: { level: string; old: string; new: string; suggested: string },
    moved: string,
    line: string,
  ) => {
    const json = JSON.parse(await report(from, to, "json"));
    assert.deepEqual(json.release, { ...release, sufficient: false });
    const need = `a ${release.level} release`;
    assert.equal(
      json.changes.find((c: JsonChange) => c.rule === "server.version.bumpInsufficient").message,
      `Server version went from "${release.old}" to "${release.new}", ${moved}; the changes need ${need} (${release.suggested} or later; ${line})`,
    );
    assert.ok(
      (await textOf(from, to)).includes(
        `\nRelease: the changes need ${need}: ${release.suggested} or later after ${release.old} (${line}); serverInfo.version ${release.new} is not enough.\n`,
      ),
    );
  };
  const major =
    "under 0.y.z a caret range admits later patches only: ^0.2.19 admits 0.2.20 but not 0.3.0, so the next minor is one";
  await says(
    pair,
    { level: "major", old: "0.2.19", new: "0.2.38", suggested: "0.3.0" },
    "a patch release",
    major,
  );
  assert.ok((await report(pair[0], pair[1], "markdown")).includes(major));
  assert.ok(
    (await report(pair[0], pair[1], "changelog")).includes(
      `proxar: the changes need a major release (0.3.0 or later after 0.2.19; ${major})`,
    ),
  );
  // Backwards the changes add only, and the version went down: a minor release is the next patch.
  await says(
    [pair[1], pair[0]],
    { level: "minor", old: "0.2.38", new: "0.2.19", suggested: "0.2.39" },
    "a lower version",
    "under 0.y.z a caret range admits later patches only: ^0.2.38 admits 0.2.39, so the next patch is one",
  );
  const junit = await report(pair[1], pair[0], "junit");
  assert.ok(junit.includes('<property name="release.level" value="minor"/>'), junit);
  assert.ok(junit.includes('<property name="release.suggested" value="0.2.39"/>'), junit);
});

Deno.test("proxar diff pairs @satelliteoflove/godot-mcp 2.17.0 → 3.23.1 tools renamed with a godot_ prefix and compares their schemas", async () => {
  const pair: [string, string] = ["godot_prefixed_2.17.0.json", "godot_prefixed_3.23.1.json"];
  const report = async (files: [string, string]) => {
    const args = files.map((f) => `real_servers/${f}`);
    const result = await runCli(["diff", ...args, "--format", "json"]);
    assert.equal(result.stderr, "");
    assert.equal(result.code, 1);
    return JSON.parse(result.stdout).changes as {
      rule: string;
      path: string;
      severity: string;
      message: string;
      hint?: string;
    }[];
  };
  // Before: animation and node removed, godot_animation and godot_node added, nothing else; the
  // additionalProperties dropped from both, and every description changed, went unreported.
  const changes = await report(pair);
  const removed = changes.filter((c) => c.rule === "tool.removed");
  assert.deepEqual(removed.map((c) => [c.path, c.severity, c.hint]), [
    ["animation", "BREAKING", 'renamed to "godot_animation"?'],
    ["node", "BREAKING", 'renamed to "godot_node"?'],
  ]);
  assert.equal(
    removed[0]!.message,
    'Tool "animation" was removed; "godot_animation" was added with its name and 1 other tool\'s changed alike ("godot" put before), so it was probably renamed; their schemas are compared under the new name',
  );
  const widened = changes.filter((c) => c.rule === "tool.input.additionalProperties.widened");
  assert.deepEqual(widened.map((c) => [c.path, c.severity]), [
    ["godot_animation.inputSchema.additionalProperties", "NON_BREAKING"],
    ["godot_node.inputSchema.additionalProperties", "NON_BREAKING"],
  ]);
  assert.match(widened[0]!.message, /\(tool renamed from "animation"\)$/);
  assert.deepEqual(
    [...new Set(changes.map((c) => `${c.rule}|${c.severity}`))].sort(),
    [
      "server.version.changed|DOCUMENTATION",
      "tool.added|NON_BREAKING",
      "tool.annotations.safetyStrengthened|POTENTIALLY_BREAKING",
      "tool.annotations.title.changed|POTENTIALLY_BREAKING",
      "tool.input.additionalProperties.widened|NON_BREAKING",
      "tool.input.description.changed|DOCUMENTATION",
      "tool.input.description.changed|POTENTIALLY_BREAKING",
      "tool.removed|BREAKING",
    ],
  );
  // Backwards, the prefix taken off: the same pairs, the other way.
  const back = (await report([pair[1], pair[0]])).filter((c) => c.rule === "tool.removed");
  assert.deepEqual(back.map((c) => [c.path, c.hint]), [
    ["godot_animation", 'renamed to "animation"?'],
    ["godot_node", 'renamed to "node"?'],
  ]);
  assert.match(back[0]!.message, /\("godot" taken off the front\)/);
});

Deno.test("proxar diff reads @runpod/mcp-server 4.0.0's OpenAPI example as an annotation, not an unmodelled keyword", async () => {
  const input = "get-cpu-type.inputSchema";
  // Before: also tool.input.keyword.unmodelled BREAKING at product.example, a keyword of
  // OpenAPI's Schema Object that validators ignore, inside a property added whole.
  await assertVerdict(["runpod_get_cpu_type_3.3.0.json", "runpod_get_cpu_type_4.0.0.json"], {
    findings: [
      "server.capability.added|server.capabilities.resources|NON_BREAKING",
      "server.capability.changed|server.capabilities.tools|POTENTIALLY_BREAKING",
      "server.version.changed|server.serverInfo.version|DOCUMENTATION",
      "tool.annotations.safetyWeakened|get-cpu-type.annotations.readOnlyHint|POTENTIALLY_BREAKING",
      "tool.annotations.title.changed|get-cpu-type.annotations.title|POTENTIALLY_BREAKING",
      "tool.description.changed|get-cpu-type.description|POTENTIALLY_BREAKING",
      `tool.input.additionalProperties.widened|${input}.additionalProperties|NON_BREAKING`,
      `tool.input.dialect.inert|${input}.$schema|DOCUMENTATION`,
      `tool.input.property.added|${input}.properties.include|NON_BREAKING`,
      `tool.input.property.added|${input}.properties.product|NON_BREAKING`,
      `tool.input.property.added|${input}.properties.vcpuCount|NON_BREAKING`,
      `tool.input.property.removed|${input}.properties.cpuTypeId|BREAKING`,
      `tool.input.required.added|${input}.required|BREAKING`,
    ],
    code: 1,
  });
});

Deno.test("proxar diff warns, not fails, when @ivotoby/openapi-mcp-server 1.10.2 → 1.16.1 adds the vendor extension x-content-type to every tool", async () => {
  // Before: tool.input.keyword.unmodelled BREAKING on each of the 59 tools, and exit 1, though
  // no validator reads an x- keyword.
  await assertVerdict([
    "openapi_mcp_x_content_type_1.10.2.json",
    "openapi_mcp_x_content_type_1.16.1.json",
  ], {
    findings: [
      "server.protocolVersion.changed|server.protocolVersion|NON_BREAKING",
      ...["approves-a-pending-comment", "creates-a-new-category"].map((t) =>
        `tool.input.extension.changed|${t}.inputSchema.x-content-type|POTENTIALLY_BREAKING`
      ),
    ],
    code: 0,
  });
});

Deno.test("proxar diff reads @runpod/mcp-server 4.0.0's OpenAPI discriminator as an annotation, graded with the property added whole", async () => {
  const input = "create-endpoint.inputSchema";
  // Before: also tool.input.keyword.unmodelled BREAKING at $defs.EndpointScaling.discriminator,
  // a keyword of OpenAPI's Schema Object that validators ignore, reached only through the new
  // required property body.
  await assertVerdict(["runpod_create_endpoint_3.3.0.json", "runpod_create_endpoint_4.0.0.json"], {
    findings: [
      "server.capability.added|server.capabilities.resources|NON_BREAKING",
      "server.capability.changed|server.capabilities.tools|POTENTIALLY_BREAKING",
      "server.version.changed|server.serverInfo.version|DOCUMENTATION",
      "tool.annotations.title.changed|create-endpoint.annotations.title|POTENTIALLY_BREAKING",
      "tool.description.changed|create-endpoint.description|POTENTIALLY_BREAKING",
      `tool.input.additionalProperties.widened|${input}.additionalProperties|NON_BREAKING`,
      // draft-07 → none (2020-12) with a format the only keyword the drafts read differently.
      `tool.input.dialect.widened|${input}.$schema|NON_BREAKING`,
      ...["name", "scalerType", "scalerValue"].map((p) =>
        `tool.input.property.removed|${input}.properties.${p}|BREAKING`
      ),
      `tool.input.required.added|${input}.required|BREAKING`,
    ],
    code: 1,
  });
});

Deno.test("proxar diff reports creem 1.9.0 → 1.13.0's external_id, a union become a type list, at the union only", async () => {
  const at = "customers-update.inputSchema.properties.request.properties";
  // Before: also tool.input.keyword.changed NON_BREAKING at external_id.type, "accepted types
  // null became null|string (…; the structured walk reported nothing here)", the string branch
  // added seen again from the type list the catch-all compared with the null branch.
  await assertVerdict(["creem_customers_update_1.9.0.json", "creem_customers_update_1.13.0.json"], {
    findings: [
      "server.version.bumpInsufficient|server.serverInfo.version|POTENTIALLY_BREAKING",
      "server.version.changed|server.serverInfo.version|DOCUMENTATION",
      `tool.input.anyOf.narrowed|${at}.external_id.anyOf|BREAKING`,
      `tool.input.anyOf.widened|${at}.external_id.anyOf|NON_BREAKING`,
      `tool.input.property.added|${at}.email|NON_BREAKING`,
    ],
    code: 1,
  });
});

Deno.test("proxar diff warns on @microsoft/workiq 0.2.8 → 1.0.0 changing the EULA URL a model is told to pass", async () => {
  // Before: both descriptions DOCUMENTATION (edit 0.98 and 0.94): "-mcp" left the address that
  // eulaUrl "should be", a value a model copies as written.
  await assertVerdict(["workiq_accept_eula_0.2.8.json", "workiq_accept_eula_1.0.0.json"], {
    findings: [
      "server.protocolVersion.changed|server.protocolVersion|NON_BREAKING",
      "tool.description.changed|accept_eula.description|POTENTIALLY_BREAKING",
      "tool.execution.taskSupport.widened|accept_eula.execution.taskSupport|NON_BREAKING",
      "tool.input.description.changed|accept_eula.inputSchema.properties.eulaUrl.description|POTENTIALLY_BREAKING",
    ],
    code: 0,
  });
});

Deno.test("proxar diff pairs @hypothesi/tauri-mcp-server 0.7.0 → 0.13.0's webview_find_element, which kept all its arguments and gained five", async () => {
  const input = "webview_find_element.inputSchema";
  // Before: tool.removed tauri_webview_find_element without a hint and webview_find_element
  // added whole, its new arguments and descriptions unreported, while the two other tools that
  // lost tauri_ were paired (4 of 9 names in common, a rewritten description).
  await assertVerdict(["tauri_find_element_0.7.0.json", "tauri_find_element_0.13.0.json"], {
    findings: [
      "server.version.changed|server.serverInfo.version|DOCUMENTATION",
      "tool.added|list_devices|NON_BREAKING",
      "tool.added|read_logs|NON_BREAKING",
      "tool.added|webview_find_element|NON_BREAKING",
      "tool.description.changed|read_logs.description|POTENTIALLY_BREAKING",
      "tool.description.changed|webview_find_element.description|POTENTIALLY_BREAKING",
      `tool.input.description.changed|${input}.properties.selector.description|POTENTIALLY_BREAKING`,
      `tool.input.description.changed|${input}.properties.strategy.description|POTENTIALLY_BREAKING`,
      "tool.input.minimum.narrowed|read_logs.inputSchema.properties.lines.exclusiveMinimum|BREAKING",
      ...["level", "maxCharsPerEntry", "maxChars"].map((p) =>
        `tool.input.property.added|read_logs.inputSchema.properties.${p}|NON_BREAKING`
      ),
      ...["includeHtml", "limit", "nth", "properties", "visibleOnly"].map((p) =>
        `tool.input.property.added|${input}.properties.${p}|NON_BREAKING`
      ),
      "tool.input.type.narrowed|read_logs.inputSchema.properties.lines.type|BREAKING",
      "tool.removed|tauri_list_devices|BREAKING",
      "tool.removed|tauri_read_logs|BREAKING",
      "tool.removed|tauri_webview_find_element|BREAKING",
      "tool.removed|tauri_webview_get_styles|BREAKING",
    ],
    code: 1,
  });
});

Deno.test("proxar diff reads resend-mcp 2.6.1 → 2.19.0's move from draft-07 to 2020-12, where format is the only keyword the drafts read differently, as a widening", async () => {
  // zod 3 → zod 4: the schemas kept format: email and moved to 2020-12, which makes format an
  // annotation by default. Before: tool.input.dialect.changed POTENTIALLY_BREAKING per tool (13
  // on the whole server).
  await assertVerdict(["resend_contacts_2.6.1.json", "resend_contacts_2.19.0.json"], {
    findings: [
      "server.version.changed|server.serverInfo.version|DOCUMENTATION",
      "tool.annotations.safetyClaimed|get-contact.annotations.readOnlyHint|POTENTIALLY_BREAKING",
      "tool.input.dialect.widened|get-contact.inputSchema.$schema|NON_BREAKING",
      "tool.input.dialect.widened|remove-contact.inputSchema.$schema|NON_BREAKING",
    ],
    code: 0,
  });
  // The other way, format may be asserted again: values of the wrong format may be rejected.
  await assertVerdict(["resend_contacts_2.19.0.json", "resend_contacts_2.6.1.json"], {
    findings: [
      "server.version.bumpInsufficient|server.serverInfo.version|POTENTIALLY_BREAKING",
      "server.version.changed|server.serverInfo.version|DOCUMENTATION",
      "tool.annotations.safetyWeakened|get-contact.annotations.readOnlyHint|POTENTIALLY_BREAKING",
      "tool.input.dialect.narrowed|get-contact.inputSchema.$schema|POTENTIALLY_BREAKING",
      "tool.input.dialect.narrowed|remove-contact.inputSchema.$schema|POTENTIALLY_BREAKING",
    ],
    code: 0,
  });
});

Deno.test("proxar diff pairs @microsoft/workiq 0.2.8 → 1.0.0's ask_work_iq with ask, whose description holds the old one whole", async () => {
  // Before: ask_work_iq removed (BREAKING) with no hint beside ask added whole: the names differ
  // by words and the descriptions are 0.48 alike, but the new one begins with the old one and
  // both require question. Now the hint, and the two compared under the new name.
  await assertVerdict(["workiq_ask_0.2.8.json", "workiq_ask_1.0.0.json"], {
    findings: [
      "server.protocolVersion.changed|server.protocolVersion|NON_BREAKING",
      "tool.added|ask|NON_BREAKING",
      "tool.added|list_agents|NON_BREAKING",
      "tool.description.changed|ask.description|POTENTIALLY_BREAKING",
      "tool.execution.taskSupport.widened|ask.execution.taskSupport|NON_BREAKING",
      ...["agentId", "conversationId", "fileUrls"].map((p) =>
        `tool.input.property.added|ask.inputSchema.properties.${p}|NON_BREAKING`
      ),
      "tool.removed|ask_work_iq|BREAKING",
    ],
    code: 1,
  });
  await assertVerdict(["workiq_ask_1.0.0.json", "workiq_ask_0.2.8.json"], {
    findings: [
      "server.protocolVersion.changed|server.protocolVersion|POTENTIALLY_BREAKING",
      "tool.added|ask_work_iq|NON_BREAKING",
      "tool.description.changed|ask_work_iq.description|POTENTIALLY_BREAKING",
      "tool.execution.taskSupport.narrowed|ask_work_iq.execution.taskSupport|BREAKING",
      ...["agentId", "conversationId", "fileUrls"].map((p) =>
        `tool.input.property.removed|ask_work_iq.inputSchema.properties.${p}|BREAKING`
      ),
      "tool.removed|ask|BREAKING",
      "tool.removed|list_agents|BREAKING",
    ],
    code: 1,
  });
  const result = await runCli([
    "diff",
    "real_servers/workiq_ask_0.2.8.json",
    "real_servers/workiq_ask_1.0.0.json",
    "--format",
    "json",
  ]);
  const removed = (JSON.parse(result.stdout) as { changes: { rule: string; hint?: string }[] })
    .changes.filter((c) => c.rule === "tool.removed");
  assert.deepEqual(removed.map((c) => c.hint), ['renamed to "ask"?']);
});

Deno.test("proxar diff pairs agent-device 0.19.3 → 0.20.5's rotate with orientation, a word of its description, both requiring orientation", async () => {
  // Before: rotate removed (BREAKING) with no hint beside orientation added whole: the names share
  // no word, the descriptions differ by their verb and noRecord was added to every tool. Now the
  // hint, and the two compared under the new name, both ways.
  const [old, next] = ["agent_device_rotate_0.19.3.json", "agent_device_rotate_0.20.5.json"];
  await assertVerdict([old, next], {
    findings: [
      "server.version.changed|server.serverInfo.version|DOCUMENTATION",
      "tool.added|orientation|NON_BREAKING",
      "tool.description.changed|orientation.description|POTENTIALLY_BREAKING",
      ...["back", "orientation"].flatMap((t) => [
        `tool.input.description.changed|${t}.inputSchema.properties.serial.description|POTENTIALLY_BREAKING`,
        `tool.input.enum.widened|${t}.inputSchema.properties.platform.enum|NON_BREAKING`,
        `tool.input.property.added|${t}.inputSchema.properties.noRecord|NON_BREAKING`,
      ]),
      "tool.output.enum.changed|orientation.outputSchema.properties.action.const|BREAKING",
      "tool.removed|rotate|BREAKING",
    ].sort(),
    code: 1,
  });
  await assertVerdict([next, old], {
    findings: [
      "server.version.bumpInsufficient|server.serverInfo.version|POTENTIALLY_BREAKING",
      "server.version.changed|server.serverInfo.version|DOCUMENTATION",
      "tool.added|rotate|NON_BREAKING",
      "tool.description.changed|rotate.description|POTENTIALLY_BREAKING",
      ...["back", "rotate"].flatMap((t) => [
        `tool.input.description.changed|${t}.inputSchema.properties.serial.description|POTENTIALLY_BREAKING`,
        `tool.input.enum.narrowed|${t}.inputSchema.properties.platform.enum|BREAKING`,
        `tool.input.property.removed|${t}.inputSchema.properties.noRecord|BREAKING`,
      ]),
      "tool.output.enum.changed|rotate.outputSchema.properties.action.const|BREAKING",
      "tool.removed|orientation|BREAKING",
    ].sort(),
    code: 1,
  });
  for (const [from, to, hint] of [[old, next, "orientation"], [next, old, "rotate"]]) {
    const result = await runCli([
      "diff",
      `real_servers/${from}`,
      `real_servers/${to}`,
      "--format",
      "json",
    ]);
    const removed = (JSON.parse(result.stdout) as { changes: { rule: string; hint?: string }[] })
      .changes.filter((c) => c.rule === "tool.removed");
    assert.deepEqual(removed.map((c) => c.hint), [`renamed to "${hint}"?`]);
  }
});

Deno.test("proxar diff pairs dataforseo-mcp-server 2.7.11 → 2.9.11's tools whose names wrote words shortened or in the plural, their descriptions unchanged", async () => {
  // Before: keywords_data_google_trends_explore and dataforseo_labs_google_historical_serp removed
  // (BREAKING) with no hint beside kw_data_google_trends_explore and
  // dataforseo_labs_google_historical_serps added whole, their schemas unreported (date_from and
  // date_to added). Now the hints and the pairs compared, both ways; relevant_pages, another tool
  // added, stays added.
  const [old, next] = [
    "dataforseo_trends_explore_2.7.11.json",
    "dataforseo_trends_explore_2.9.11.json",
  ];
  const serp = "dataforseo_labs_google_historical_serp";
  const [kw, keywords] = ["kw_data_google_trends_explore", "keywords_data_google_trends_explore"];
  await assertVerdict([old, next], {
    findings: [
      "server.version.bumpInsufficient|server.serverInfo.version|POTENTIALLY_BREAKING",
      "server.version.changed|server.serverInfo.version|DOCUMENTATION",
      ...[`${serp}s`, kw].flatMap((t) => [
        `tool.added|${t}|NON_BREAKING`,
        `tool.annotations.safetyClaimed|${t}.annotations.readOnlyHint|POTENTIALLY_BREAKING`,
        `tool.input.additionalProperties.widened|${t}.inputSchema.additionalProperties|NON_BREAKING`,
        `tool.title.changed|${t}.title|POTENTIALLY_BREAKING`,
      ]),
      "tool.added|dataforseo_labs_google_relevant_pages|NON_BREAKING",
      ...["date_from", "date_to"].map((p) =>
        `tool.input.property.added|${serp}s.inputSchema.properties.${p}|NON_BREAKING`
      ),
      `tool.removed|${serp}|BREAKING`,
      `tool.removed|${keywords}|BREAKING`,
    ].sort(),
    code: 1,
  });
  await assertVerdict([next, old], {
    findings: [
      "server.version.bumpInsufficient|server.serverInfo.version|POTENTIALLY_BREAKING",
      "server.version.changed|server.serverInfo.version|DOCUMENTATION",
      ...[serp, keywords].flatMap((t) => [
        `tool.added|${t}|NON_BREAKING`,
        `tool.annotations.safetyWeakened|${t}.annotations.readOnlyHint|POTENTIALLY_BREAKING`,
        `tool.input.additionalProperties.narrowed|${t}.inputSchema.additionalProperties|BREAKING`,
        `tool.title.changed|${t}.title|POTENTIALLY_BREAKING`,
      ]),
      ...["date_from", "date_to"].map((p) =>
        `tool.input.property.removed|${serp}.inputSchema.properties.${p}|BREAKING`
      ),
      "tool.removed|dataforseo_labs_google_relevant_pages|BREAKING",
      `tool.removed|${serp}s|BREAKING`,
      `tool.removed|${kw}|BREAKING`,
    ].sort(),
    code: 1,
  });
  const result = await runCli([
    "diff",
    `real_servers/${old}`,
    `real_servers/${next}`,
    "--format",
    "json",
  ]);
  const removed = (JSON.parse(result.stdout) as { changes: { rule: string; message: string }[] })
    .changes.filter((c) => c.rule === "tool.removed").map((c) => c.message);
  assert.deepEqual(removed, [
    `Tool "${serp}" was removed; "${serp}s" was added with its name but for "serp" written "serps" and a description alike, so it was probably renamed; their schemas are compared under the new name`,
    `Tool "${keywords}" was removed; "${kw}" was added with its name but for "keywords" written "kw" and a description alike, so it was probably renamed; their schemas are compared under the new name`,
  ]);
});

Deno.test("proxar diff does not pair @berthojoris/mcp-mysql-server's export_table_to_csv and safe_export_table, whose descriptions name each other as another tool", async () => {
  // 1.10.0 → 1.30.0 removed export_table_to_csv and added safe_export_table, "Use this instead of
  // export_table_to_csv when handling sensitive data"; 1.43.2 the reverse, "use safe_export_table
  // instead". Before: each read as a rename, and the two tools' arguments were compared (filters,
  // pagination and sorting removed, BREAKING, from a tool that never had them). Now both stay
  // removed and added, both ways; run_query → run_select_query, whose new description holds the
  // old name's words, stays paired.
  const file = (v: string) => `mysql_export_table_${v}.json`;
  const bump = [
    "server.version.bumpInsufficient|server.serverInfo.version|POTENTIALLY_BREAKING",
    "server.version.changed|server.serverInfo.version|DOCUMENTATION",
  ];
  await assertVerdict([file("1.10.0"), file("1.30.0")], {
    findings: [
      ...bump,
      "tool.added|run_select_query|NON_BREAKING",
      "tool.added|safe_export_table|NON_BREAKING",
      "tool.description.changed|run_select_query.description|POTENTIALLY_BREAKING",
      "tool.input.property.added|run_select_query.inputSchema.properties.dry_run|NON_BREAKING",
      "tool.removed|export_table_to_csv|BREAKING",
      "tool.removed|run_query|BREAKING",
    ],
    code: 1,
  });
  await assertVerdict([file("1.30.0"), file("1.10.0")], {
    findings: [
      ...bump,
      "tool.added|export_table_to_csv|NON_BREAKING",
      "tool.added|run_query|NON_BREAKING",
      "tool.description.changed|run_query.description|POTENTIALLY_BREAKING",
      "tool.input.property.removed|run_query.inputSchema.properties.dry_run|BREAKING",
      "tool.removed|run_select_query|BREAKING",
      "tool.removed|safe_export_table|BREAKING",
    ],
    code: 1,
  });
  await assertVerdict([file("1.30.0"), file("1.43.2")], {
    findings: [
      ...bump,
      "tool.added|export_table_to_csv|NON_BREAKING",
      "tool.description.changed|run_select_query.description|POTENTIALLY_BREAKING",
      "tool.removed|safe_export_table|BREAKING",
    ],
    code: 1,
  });
  await assertVerdict([file("1.43.2"), file("1.30.0")], {
    findings: [
      ...bump,
      "tool.added|safe_export_table|NON_BREAKING",
      "tool.description.changed|run_select_query.description|DOCUMENTATION",
      "tool.removed|export_table_to_csv|BREAKING",
    ],
    code: 1,
  });
  const result = await runCli([
    "diff",
    `real_servers/${file("1.10.0")}`,
    `real_servers/${file("1.30.0")}`,
    "--format",
    "json",
  ]);
  const hints = (JSON.parse(result.stdout) as { changes: { rule: string; hint?: string }[] })
    .changes.filter((c) => c.rule === "tool.removed").map((c) => c.hint);
  assert.deepEqual(hints, [undefined, 'renamed to "run_select_query"?']);
});

/** The prose messages of `proxar diff --format json` on two snapshots under `real_servers/`. */
async function proseMessages(oldFile: string, newFile: string): Promise<string[]> {
  const result = await runCli([
    "diff",
    `real_servers/${oldFile}`,
    `real_servers/${newFile}`,
    "--format",
    "json",
  ]);
  assert.equal(result.stderr, "");
  const report = JSON.parse(result.stdout) as {
    changes: { rule: string; severity: string; message: string; prose?: unknown }[];
  };
  return report.changes.filter((c) =>
    c.prose !== undefined && c.rule.endsWith("description.changed")
  )
    .map((c) => `${c.severity} ${c.message}`).sort();
}

Deno.test("proxar diff reads no number in @vuetify/mcp 0.11.0's 'vuetify one subscription' nor in ssh-mcp 2.11.0's 'zero-width characters', both ways", async () => {
  // Before: marker "one" 0× → 1× for each bin tool ("Requires VUETIFY_API_KEY." → "… requires a
  // vuetify one subscription", a product name) and marker "zero" 0× → 1× for remotePath ("zero-width
  // characters", a class of characters). Both stay POTENTIALLY_BREAKING for what did change: the
  // requirement rewritten (step 5), "no" stated twice.
  for (const [a, b] of [["0.4.6", "0.11.0"], ["0.11.0", "0.4.6"]]) {
    const got = await proseMessages(`vuetify_bins_${a}.json`, `vuetify_bins_${b}.json`);
    assert.deepEqual(got, [
      "POTENTIALLY_BREAKING create_vuetify_bin.description changed (edit 0.542, overlap 0.385: edit and overlap below 0.55)",
      "POTENTIALLY_BREAKING get_bin.description changed (edit 0.507, overlap 0.467: edit and overlap below 0.55)",
    ]);
  }
  for (const [a, b, counts] of [["2.8.0", "2.11.0", "0× → 2×"], ["2.11.0", "2.8.0", "2× → 0×"]]) {
    assert.deepEqual(
      await proseMessages(`ssh_sftp_download_${a}.json`, `ssh_sftp_download_${b}.json`),
      [
        `POTENTIALLY_BREAKING sftp-download.inputSchema.properties.remotePath.description changed (marker "no" ${counts})`,
      ],
    );
  }
});

Deno.test("proxar diff grades open-meteo-mcp-server 1.1.3 → 2.1.0 bounds every listed value passes as no change", async () => {
  const season = "seasonal_forecast.inputSchema", weather = "weather_forecast.inputSchema";
  // Before: past_days enum [1, 2] → integer 1..92 read minimum.narrowed and maximum.narrowed,
  // BREAKING, and forecast_days enum [45, 92, 183, 274] → integer 0..217 minimum.narrowed too,
  // though every listed value passes those bounds. 274 fails maximum 217: that stays BREAKING.
  await assertVerdict(["open_meteo_bounds_1.1.3.json", "open_meteo_bounds_2.1.0.json"], {
    findings: [
      "server.capability.extended|server.capabilities.tools|NON_BREAKING",
      "server.version.changed|server.serverInfo.version|DOCUMENTATION",
      "tool.annotations.safetyClaimed|seasonal_forecast.annotations.readOnlyHint|POTENTIALLY_BREAKING",
      "tool.annotations.safetyClaimed|weather_forecast.annotations.readOnlyHint|POTENTIALLY_BREAKING",
      "tool.description.changed|seasonal_forecast.description|POTENTIALLY_BREAKING",
      "tool.description.changed|weather_forecast.description|POTENTIALLY_BREAKING",
      `tool.input.additionalProperties.narrowed|${season}.additionalProperties|BREAKING`,
      `tool.input.additionalProperties.narrowed|${weather}.additionalProperties|BREAKING`,
      `tool.input.default.changed|${season}.properties.forecast_days.default|POTENTIALLY_BREAKING`,
      ...["forecast_days", "latitude", "longitude"].map((x) =>
        `tool.input.description.changed|${season}.properties.${x}.description|POTENTIALLY_BREAKING`
      ),
      ...["latitude", "longitude", "past_days"].map((x) =>
        `tool.input.description.changed|${weather}.properties.${x}.description|POTENTIALLY_BREAKING`
      ),
      `tool.input.dialect.inert|${season}.$schema|DOCUMENTATION`,
      `tool.input.dialect.inert|${weather}.$schema|DOCUMENTATION`,
      `tool.input.enum.widened|${season}.properties.forecast_days.enum|NON_BREAKING`,
      `tool.input.enum.widened|${weather}.properties.past_days.enum|NON_BREAKING`,
      `tool.input.maximum.narrowed|${season}.properties.forecast_days.maximum|BREAKING`,
      "tool.title.changed|seasonal_forecast.title|POTENTIALLY_BREAKING",
      "tool.title.changed|weather_forecast.title|POTENTIALLY_BREAKING",
    ],
    code: 1,
  });
});

Deno.test("proxar diff hints @runpod/mcp-server 4.0.0's get-gpu-type id as its gpuTypeId renamed, both ways", async () => {
  // Before: gpuTypeId (required, described) removed and id (required, no description) added, no
  // hint: property hints needed the same schema. The one required property gone and the one come,
  // a string each, id a word of gpuTypeId: now hinted, the grades unchanged.
  for (
    const [a, b, from, to] of [["3.3.0", "4.0.0", "gpuTypeId", "id"], [
      "4.0.0",
      "3.3.0",
      "id",
      "gpuTypeId",
    ]]
  ) {
    const result = await runCli([
      "diff",
      `real_servers/runpod_get_gpu_type_${a}.json`,
      `real_servers/runpod_get_gpu_type_${b}.json`,
      "--format",
      "json",
    ]);
    assert.equal(result.stderr, "");
    const report = JSON.parse(result.stdout) as {
      changes: { rule: string; path: string; severity: string; hint?: string }[];
    };
    const hinted = report.changes.filter((c) => c.hint !== undefined)
      .map((c) => `${c.rule}|${c.path}|${c.severity}|${c.hint}`).sort();
    assert.deepEqual(hinted, [
      `tool.input.property.removed|get-gpu-type.inputSchema.properties.${from}|BREAKING|renamed to "${to}"?`,
      `tool.input.required.added|get-gpu-type.inputSchema.required|BREAKING|"${to}" renamed from "${from}"?`,
    ]);
  }
});

Deno.test("proxar diff grades agent-device 0.20.5 → 0.21.3's fill.outputSchema, whose properties moved into each branch of a oneOf, as one branch of the union", async () => {
  const input = "fill.inputSchema", output = "fill.outputSchema";
  // Before: its 22 properties each read tool.output.property.removed, BREAKING ("consumers that
  // read it break"), though both branches of the new oneOf declare every one of them.
  await assertVerdict(["agent_device_fill_0.20.5.json", "agent_device_fill_0.21.3.json"], {
    findings: [
      "server.version.changed|server.serverInfo.version|DOCUMENTATION",
      "tool.description.changed|fill.description|POTENTIALLY_BREAKING",
      ...["device", "serial", "text", "udid"].map((x) =>
        `tool.input.description.changed|${input}.properties.${x}.description|POTENTIALLY_BREAKING`
      ),
      `tool.input.enum.widened|${input}.properties.platform.enum|NON_BREAKING`,
      // Removed from the input schema outright: the seed's convention.
      ...[
        "cwd",
        "daemonAuthToken",
        "daemonBaseUrl",
        "iosSimulatorDeviceSet",
        "iosXctestDerivedDataPath",
        "iosXctestEnvDir",
        "iosXctestrunFile",
        "stateDir",
      ].map((x) => `tool.input.property.removed|${input}.properties.${x}|BREAKING`),
      `tool.output.description.changed|${output}.description|POTENTIALLY_BREAKING`,
      `tool.output.description.changed|${output}.oneOf.0.properties.evidence.properties.changedFromBefore.description|POTENTIALLY_BREAKING`,
      // A result may now carry a tiebreak the old schema did not allow: a real widening.
      `tool.output.enum.widened|${output}.oneOf.0.properties.resolution.oneOf.1.properties.tiebreak.enum|BREAKING`,
      // The branches are disjoint (not {required: [verification]} in one, required in the
      // other), so the first branch narrowed narrows the union: these read BREAKING, and the
      // union changed, while the branches were taken to overlap.
      `tool.output.not.narrowed|${output}.oneOf.0.not|NON_BREAKING`,
      `tool.output.oneOf.widened|${output}.oneOf|BREAKING`,
      `tool.output.property.added|${output}.oneOf.0.properties.evidence.properties.surfaceChange|NON_BREAKING`,
      `tool.output.property.added|${output}.oneOf.0.properties.settle.properties.surfaceChange|NON_BREAKING`,
    ],
    code: 1,
  });
});

Deno.test("proxar diff reads @heroui/react-mcp 1.1.0 → 1.1.2's v3.heroui.com → heroui.com as the host replaced, both ways", async () => {
  // Before: marker "v3.heroui.com" 1× → 0×, a host name read as a number (the version 3 dropped).
  for (const [a, b] of [["1.1.0", "1.1.2"], ["1.1.2", "1.1.0"]]) {
    const [from, to] = a === "1.1.0"
      ? ["v3.heroui.com", "heroui.com"]
      : ["heroui.com", "v3.heroui.com"];
    assert.deepEqual(
      await proseMessages(`heroui_component_docs_${a}.json`, `heroui_component_docs_${b}.json`),
      [
        `POTENTIALLY_BREAKING get_component_docs.description changed (the host name \`${from}\` became \`${to}\`, text a model copies verbatim)`,
      ],
    );
  }
});

Deno.test("proxar diff names the prompts dataforseo-mcp-server 2.8.6 → 2.9.11 renamed that take the same arguments, both ways", async () => {
  // Before: all 21 prompts read as removed (BREAKING) beside 21 added, with no hint, though
  // create_content_targeting_decision_stage_users and dfs-decision-stage-content both take
  // product ("The product to search related keywords for"). Now each removed prompt whose
  // arguments one added prompt alone takes is hinted; two taking only url, whose names do not
  // tell which became which, and one whose argument became required, are not; grades unchanged.
  const [old, next] = ["dataforseo_prompts_2.8.6.json", "dataforseo_prompts_2.9.11.json"];
  const renamed = [
    ["create_content_targeting_decision_stage_users", "dfs-decision-stage-content"],
    ["generate_seo_friendly_article_ideas", "dfs-article-ideas-generator"],
    [
      "build_content_that_aligns_with_user_research_behavior_and_ranks_easier",
      "dfs-user-intent-content",
    ],
  ];
  const unhinted = [
    ["check_for_slow_load_time_and_mobile_compatibility_issues", "dfs-performance-mobile-check"],
    ["detect_missing_or_duplicate_meta_tags_hurting_seo", "dfs-meta-tags-check"],
    ["locate_broken_or_redirected_pages_that_waste_valuable_links", "dfs-broken-links-finder"],
  ];
  for (const [from, to, back] of [[old, next, false], [next, old, true]] as const) {
    const result = await runCli([
      "diff",
      `real_servers/${from}`,
      `real_servers/${to}`,
      "--format",
      "json",
    ]);
    assert.equal(result.stderr, "");
    assert.equal(result.code, 1);
    const report = JSON.parse(result.stdout) as {
      changes: { rule: string; path: string; severity: string; hint?: string }[];
    };
    const prompts = report.changes.filter((c) => c.rule.startsWith("prompt."))
      .map((c) => `${c.rule}|${c.path}|${c.severity}|${c.hint ?? "-"}`).sort();
    const side = (pair: string[]) => back ? [pair[1]!, pair[0]!] : [pair[0]!, pair[1]!];
    assert.deepEqual(
      prompts,
      [
        ...renamed.map(side).flatMap(([a, b]) => [
          `prompt.removed|${a}|BREAKING|renamed to "${b}"?`,
          `prompt.added|${b}|NON_BREAKING|-`,
        ]),
        ...unhinted.map(side).flatMap(([a, b]) => [
          `prompt.removed|${a}|BREAKING|-`,
          `prompt.added|${b}|NON_BREAKING|-`,
        ]),
      ].sort(),
    );
  }
});

Deno.test("proxar diff passes @orq-ai/node 3.12.1 → 3.14.45 adding response formats beside a branch that gained an optional property", async () => {
  const params =
    "prompts-create.inputSchema.properties.request.properties.prompt_config.properties.model_parameters.properties";
  const format = `${params}.responseFormat`;
  const description = `${format}.anyOf.0.anyOf.0.properties.json_schema.properties.description`;
  // Before: tool.input.keyword.changed at responseFormat.anyOf.0.anyOf, BREAKING ("anyOf went
  // from 3 to 6 branches, and neither set of branches accepts every value of the other"): the
  // json_schema branch gained an optional description, which the proof does not settle, while
  // three string enums were added beside it. Each new branch only lets values in: one finding
  // at the outer anyOf names the three (it was one each).
  await assertVerdict(["orq_prompts_create_3.12.1.json", "orq_prompts_create_3.14.45.json"], {
    findings: [
      "server.version.changed|server.serverInfo.version|DOCUMENTATION",
      `tool.input.anyOf.widened|${format}.anyOf|NON_BREAKING`,
      `tool.input.enum.widened|${params}.reasoningEffort.enum|NON_BREAKING`,
      `tool.input.property.added|${description}|NON_BREAKING`,
      `tool.input.property.added|${params}.thinkingLevel|NON_BREAKING`,
    ].sort(),
    code: 0,
  });
  // The other way: the branches (one finding) and the property removed, each BREAKING.
  await assertVerdict(["orq_prompts_create_3.14.45.json", "orq_prompts_create_3.12.1.json"], {
    findings: [
      "server.version.bumpInsufficient|server.serverInfo.version|POTENTIALLY_BREAKING",
      "server.version.changed|server.serverInfo.version|DOCUMENTATION",
      `tool.input.anyOf.narrowed|${format}.anyOf|BREAKING`,
      `tool.input.enum.narrowed|${params}.reasoningEffort.enum|BREAKING`,
      `tool.input.property.removed|${description}|BREAKING`,
      `tool.input.property.removed|${params}.thinkingLevel|BREAKING`,
    ].sort(),
    code: 1,
  });
});

Deno.test("proxar diff compares @orq-ai/node 3.12.1 → 3.14.45's knowledge-update body with the union branch that holds its properties", async () => {
  const body = "knowledge-update.inputSchema.properties.request.properties.RequestBody";
  const topK =
    `${body}.anyOf.1.properties.retrieval_settings.properties.rerank_config.anyOf.0.properties.top_k`;
  // The body, one object, became anyOf [external, internal]. Before: the catch-all compared it
  // with external, the first branch, and read embedding_model and retrieval_type removed
  // (tool.input.keyword.changed, BREAKING twice) and the external branch's properties added
  // (keyword.changed, NON_BREAKING three times), though internal holds every old property.
  await assertVerdict(["orq_knowledge_update_3.12.1.json", "orq_knowledge_update_3.14.45.json"], {
    findings: [
      "server.version.changed|server.serverInfo.version|DOCUMENTATION",
      `tool.input.anyOf.widened|${body}.anyOf|NON_BREAKING`,
      `tool.input.property.added|${body}.anyOf.1.properties.type|NON_BREAKING`,
      `tool.input.property.added|${topK}|NON_BREAKING`,
    ].sort(),
    code: 0,
  });
  // The other way: the external branch and the properties removed, each BREAKING (before, the
  // catch-all also read retrieval_type added, keyword.changed NON_BREAKING).
  await assertVerdict(["orq_knowledge_update_3.14.45.json", "orq_knowledge_update_3.12.1.json"], {
    findings: [
      "server.version.bumpInsufficient|server.serverInfo.version|POTENTIALLY_BREAKING",
      "server.version.changed|server.serverInfo.version|DOCUMENTATION",
      `tool.input.anyOf.narrowed|${body}.anyOf|BREAKING`,
      `tool.input.property.removed|${body}.anyOf.1.properties.type|BREAKING`,
      `tool.input.property.removed|${topK}|BREAKING`,
    ].sort(),
    code: 1,
  });
});

Deno.test("proxar diff reads @orq-ai/node 3.12.1 → 3.14.45 wrapping a message's content union beside null as that union, its file part widened", async () => {
  const content =
    "prompts-create.inputSchema.properties.request.properties.prompt_config.properties.messages.items.properties.content";
  // content: anyOf [string, array of parts] → anyOf [anyOf [string, array of parts], null],
  // the file part gaining mimeType and uri and requiring file_data no more. Before: the
  // catch-all compared the array with null in place, tool.input.keyword.changed at
  // content.anyOf.1.type ("accepted types array became null"), BREAKING both ways.
  const file = (at: string) => `${content}.${at}.items.anyOf.2.properties.file`;
  await assertVerdict(["orq_prompt_messages_3.12.1.json", "orq_prompt_messages_3.14.45.json"], {
    findings: [
      "server.version.changed|server.serverInfo.version|DOCUMENTATION",
      `tool.input.anyOf.widened|${content}.anyOf|NON_BREAKING`,
      `tool.input.property.added|${file("anyOf.0.anyOf.1")}.properties.mimeType|NON_BREAKING`,
      `tool.input.property.added|${file("anyOf.0.anyOf.1")}.properties.uri|NON_BREAKING`,
      `tool.input.required.removed|${file("anyOf.0.anyOf.1")}.required|NON_BREAKING`,
    ].sort(),
    code: 0,
  });
  await assertVerdict(["orq_prompt_messages_3.14.45.json", "orq_prompt_messages_3.12.1.json"], {
    findings: [
      "server.version.bumpInsufficient|server.serverInfo.version|POTENTIALLY_BREAKING",
      "server.version.changed|server.serverInfo.version|DOCUMENTATION",
      `tool.input.anyOf.narrowed|${content}.anyOf|BREAKING`,
      `tool.input.property.removed|${file("anyOf.1")}.properties.mimeType|BREAKING`,
      `tool.input.property.removed|${file("anyOf.1")}.properties.uri|BREAKING`,
      `tool.input.required.added|${file("anyOf.1")}.required|BREAKING`,
    ].sort(),
    code: 1,
  });
});

Deno.test("proxar diff reads @moovio/sdk 25.7.0 → 26.2.0 dropping the empty request object ping-ping required as no break", async () => {
  const links = "payment-links-list.inputSchema.properties.request.properties";
  // ping-ping required request: {type: object, properties: {}, additionalProperties: false},
  // so every call sent {request: {}}; 26.2.0 takes no property and is open to any. Before:
  // property.removed BREAKING ("callers that send it are rejected or silently ignored") and
  // keyword.changed BREAKING from the catch-all; six more tools read the same. payment-links-list
  // losing status and type, which held a caller's choice, stays BREAKING.
  await assertVerdict(["moov_ping_25.7.0.json", "moov_ping_26.2.0.json"], {
    findings: [
      "server.version.changed|server.serverInfo.version|DOCUMENTATION",
      "tool.input.additionalProperties.widened|ping-ping.inputSchema.additionalProperties|NON_BREAKING",
      "tool.input.dialect.inert|ping-ping.inputSchema.$schema|DOCUMENTATION",
      `tool.input.property.added|${links}.types|NON_BREAKING`,
      `tool.input.property.removed|${links}.status|BREAKING`,
      `tool.input.property.removed|${links}.type|BREAKING`,
      "tool.input.property.removed|ping-ping.inputSchema.properties.request|NON_BREAKING",
    ],
    code: 1,
  });
  // The other way, calls without request are rejected: a new required property, BREAKING.
  await assertVerdict(["moov_ping_26.2.0.json", "moov_ping_25.7.0.json"], {
    findings: [
      "server.version.bumpInsufficient|server.serverInfo.version|POTENTIALLY_BREAKING",
      "server.version.changed|server.serverInfo.version|DOCUMENTATION",
      "tool.input.additionalProperties.narrowed|ping-ping.inputSchema.additionalProperties|BREAKING",
      "tool.input.dialect.inert|ping-ping.inputSchema.$schema|DOCUMENTATION",
      `tool.input.property.added|${links}.status|NON_BREAKING`,
      `tool.input.property.added|${links}.type|NON_BREAKING`,
      `tool.input.property.removed|${links}.types|BREAKING`,
      "tool.input.required.added|ping-ping.inputSchema.required|BREAKING",
    ],
    code: 1,
  });
});

Deno.test("proxar diff names convex 1.27.0 → 1.32.0's logs limit → entriesLimit a rename, its text gaining a phrase", async () => {
  const input = "logs.inputSchema.properties";
  // Before: removed and added with no hint. The schemas are the same but for the description,
  // "(from the end)" added, which the classifier grades on similarity (neither score high nor
  // low), and the words of limit are all in entriesLimit. tokensLimit, also a limit, has another
  // schema. Grades unchanged.
  const pair: [string, string] = ["convex_logs_1.27.0.json", "convex_logs_1.32.0.json"];
  await assertVerdict(pair, {
    findings: [
      "server.protocolVersion.changed|server.protocolVersion|NON_BREAKING",
      "tool.description.changed|logs.description|POTENTIALLY_BREAKING",
      ...["entriesLimit", "jsonl", "status", "tokensLimit"]
        .map((p) => `tool.input.property.added|${input}.${p}|NON_BREAKING`),
      `tool.input.property.removed|${input}.limit|BREAKING`,
    ],
    code: 1,
  });
  for (const [from, to] of [pair, [pair[1], pair[0]]]) {
    const [gone, come] = from === pair[0] ? ["limit", "entriesLimit"] : ["entriesLimit", "limit"];
    assert.deepEqual(await hintsOf(from!, to!), [
      `hint: renamed to "${come}"?`,
      `hint: renamed from "${gone}"?`,
    ]);
  }
});

Deno.test("proxar diff names @smartbear/mcp 0.40.0 ⇄ 0.41.0's output result → testCases a rename, the $schema inside it dropped", async () => {
  const tool = "zephyr_get_issue_link_test_cases.outputSchema";
  // Before: result removed and testCases required with no hint: their schemas are the same but
  // for the 2020-12 $schema zod 4 wrote inside result, a change that reads no value otherwise.
  // Backwards, result also reads property.added (the old object was closed) beside
  // required.added: two candidates of one name, so no hint either. Grades unchanged.
  const pair: [string, string] = [
    "smartbear_issue_link_test_cases_0.40.0.json",
    "smartbear_issue_link_test_cases_0.41.0.json",
  ];
  await assertVerdict(pair, {
    findings: [
      "server.version.changed|server.serverInfo.version|DOCUMENTATION",
      `tool.output.additionalProperties.narrowed|${tool}.additionalProperties|NON_BREAKING`,
      `tool.output.property.removed|${tool}.properties.result|BREAKING`,
      `tool.output.required.added|${tool}.required|NON_BREAKING`,
    ],
    code: 1,
  });
  assert.deepEqual(await hintsOf(pair[0], pair[1]), [
    'hint: renamed to "testCases"?',
    'hint: "testCases" renamed from "result"?',
  ]);
  assert.deepEqual(await hintsOf(pair[1], pair[0]), [
    'hint: renamed to "result"?',
    'hint: renamed from "testCases"?',
    'hint: "result" renamed from "testCases"?',
    "hint: release 0.42.0",
  ]);
});

Deno.test("proxar diff pairs @mizchi/lsmcp 0.9.4 → 0.10.0's tools renamed with an lsp_ prefix, arguments renamed and descriptions rewritten, both ways", async () => {
  const tools = [
    "check_capabilities",
    "find_references",
    "format_document",
    "get_code_actions",
    "get_diagnostics",
    "get_hover",
    "rename_symbol",
  ];
  const withArguments = tools.filter((t) => t !== "check_capabilities");
  // Before: only check_capabilities (its description alike) was paired; the other six read as
  // removed and added with no hint: format_document and get_code_actions read as themselves,
  // two pairs of the prefix but fewer than half of the seven, and the other four (3 argument
  // names of 6 in common for find_references) did not. Each keeps a property name (root), so
  // the prefix that two tools establish now pairs all seven; grades of what was reported
  // unchanged, the schema changes now said under the new names.
  const input = (t: string) => `lsp_${t}.inputSchema`;
  await assertVerdict(["lsmcp_lsp_prefix_0.9.4.json", "lsmcp_lsp_prefix_0.10.0.json"], {
    findings: [
      "server.name.changed|server.serverInfo.name|POTENTIALLY_BREAKING",
      ...tools.map((t) => `tool.added|lsp_${t}|NON_BREAKING`),
      ...tools.map((t) => `tool.description.changed|lsp_${t}.description|POTENTIALLY_BREAKING`),
      `tool.input.property.added|${input("find_references")}.properties.column|NON_BREAKING`,
      `tool.input.property.added|${input("get_hover")}.properties.column|NON_BREAKING`,
      `tool.input.property.added|${input("get_hover")}.properties.textTarget|NON_BREAKING`,
      ...withArguments.flatMap((t) => [
        `tool.input.property.removed|${input(t)}.properties.filePath|BREAKING`,
        ...t === "get_hover" || t === "rename_symbol"
          ? [`tool.input.property.removed|${input(t)}.properties.target|BREAKING`]
          : [],
      ]),
      ...withArguments.map((t) => `tool.input.required.added|${input(t)}.required|BREAKING`),
      ...tools.map((t) => `tool.removed|${t}|BREAKING`),
    ],
    code: 1,
  });
  for (const [from, to, prefix] of [["0.9.4", "0.10.0", ""], ["0.10.0", "0.9.4", "lsp_"]]) {
    const changes = await changesOf(`lsmcp_lsp_prefix_${from}.json`, `lsmcp_lsp_prefix_${to}.json`);
    const renamed = changes.filter((c) => c.rule === "tool.removed")
      .map((c) => `${c.path} ${c.hint}`).sort();
    const other = prefix === "" ? "lsp_" : "";
    assert.deepEqual(renamed, tools.map((t) => `${prefix}${t} renamed to "${other}${t}"?`));
  }
});

Deno.test("proxar diff names @assistant-ui/mcp-docs-server 0.2.0 → 0.2.3's pages moved from (docs) to (getting-started), both ways", async () => {
  const base = "aui-docs:///";
  const moved = ["cli", "llm", "rtl"];
  // Before: each read resource.removed beside one added, with no hint. The removals stay
  // BREAKING; the page removed without a twin and the one added without one are not named.
  const pair: [string, string] = [
    "assistant_ui_docs_moved_0.2.0.json",
    "assistant_ui_docs_moved_0.2.3.json",
  ];
  await assertVerdict(pair, {
    findings: [
      ...moved.map((p) => `resource.added|${base}(getting-started)/${p}|NON_BREAKING`),
      `resource.added|${base}guides/electron|NON_BREAKING`,
      ...moved.map((p) => `resource.removed|${base}(docs)/${p}|BREAKING`),
      `resource.removed|${base}tools/interactables-legacy|BREAKING`,
      "server.version.bumpInsufficient|server.serverInfo.version|POTENTIALLY_BREAKING",
      "server.version.changed|server.serverInfo.version|DOCUMENTATION",
    ],
    code: 1,
  });
  for (
    const [from, to, gone, come] of [[...pair, "(docs)", "(getting-started)"], [
      pair[1],
      pair[0],
      "(getting-started)",
      "(docs)",
    ]]
  ) {
    const removed = (await changesOf(from!, to!)).filter((c) => c.rule === "resource.removed");
    assert.deepEqual(
      removed.filter((c) => c.hint !== undefined).map((c) => `${c.path} ${c.hint}`),
      moved.map((p) => `${base}${gone}/${p} renamed to "${base}${come}/${p}"?`),
    );
    const why = `${JSON.stringify(gone)} renamed to ${
      JSON.stringify(come)
    } in its URI, as 3 resources were`;
    assert.ok(
      removed[0]!.message.includes(`${why}, so it was probably moved`),
      removed[0]!.message,
    );
  }
});
