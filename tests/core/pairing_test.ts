import assert from "node:assert/strict";
import fc from "fast-check";
import { emptyContract, type Tool } from "../../core/contract.ts";
import { jsonEqual, type JsonObject, type JsonValue } from "../../core/json.ts";
import { equalPairs, isEqualPair, pairEntities } from "../../core/pairing.ts";
import { classifyProse } from "../../core/prose.ts";
import { compareSchemaSide, toolSchemaDeltas } from "../../core/schema/compare_tool.ts";
import { reversed } from "./_objects.ts";

const leaf = fc.oneof(
  fc.record({ type: fc.constantFrom("string", "integer", "null") }),
  fc.record({ enum: fc.uniqueArray(fc.constantFrom("a", "b", 1), { minLength: 1 }) }),
  // A broken reference: "#" under two keywords can send the structured walk into exponential work.
  fc.record({ $ref: fc.constant("#/$defs/A") }),
);
const { schema } = fc.letrec((tie) => ({
  schema: fc.oneof(
    { depthSize: "small" },
    leaf,
    fc.record({
      type: fc.constant("object"),
      properties: fc.dictionary(fc.constantFrom("a", "b", "c"), tie("schema"), { maxKeys: 3 }),
      required: fc.uniqueArray(fc.constantFrom("a", "b"), { maxLength: 2 }),
    }, { requiredKeys: ["type"] }),
    fc.record({ anyOf: fc.array(tie("schema"), { minLength: 1, maxLength: 2 }) }),
  ),
}));
const tool = fc.record({
  name: fc.constantFrom("a", "b", "c", "d"),
  description: fc.constantFrom("Finds items", "Finds all items"),
  inputSchema: schema,
  outputSchema: schema,
  annotations: fc.record({ readOnlyHint: fc.boolean() }),
}, { requiredKeys: ["name", "inputSchema"] }) as fc.Arbitrary<Tool>;

/** The tools of a contract: some shared with another list as they are, or with keys reversed. */
const sides = fc.tuple(fc.array(tool, { maxLength: 4 }), fc.array(tool, { maxLength: 4 }))
  .chain(([a, extra]) =>
    fc.tuple(
      fc.constant(a),
      fc.subarray(a).map((kept) => [
        ...kept.map((t, i) => i % 2 === 0 ? t : reversed(t)),
        ...extra,
      ]),
    )
  );

Deno.test("equalPairs() and isEqualPair() agree with jsonEqual on every pair", () => {
  fc.assert(
    fc.property(sides, ([a, b]) => {
      const pairs = pairEntities({ ...emptyContract(), tools: a }, {
        ...emptyContract(),
        tools: b,
      });
      const twins = equalPairs(pairs);
      assert.equal(equalPairs(pairs), twins);
      for (const p of pairs.tools.paired) {
        assert.equal(isEqualPair(pairs, p), jsonEqual(p.old, p.new));
        assert.equal(twins.has(p.new), jsonEqual(p.old, p.new));
      }
    }),
    { numRuns: 300 },
  );
});

Deno.test("toolSchemaDeltas() loses nothing by skipping equal tools", () => {
  const classify = (x: string | undefined, y: string | undefined) => classifyProse(x, y);
  fc.assert(
    fc.property(sides, ([a, b]) => {
      const pairs = pairEntities({ ...emptyContract(), tools: a }, {
        ...emptyContract(),
        tools: b,
      });
      // The slow path: every pair's schemas compared, equal tools included.
      const all = pairs.tools.paired.flatMap((p) =>
        (["inputSchema", "outputSchema"] as const).flatMap((key) => {
          const before = p.old[key] as JsonValue | undefined;
          const after = p.new[key] as JsonValue | undefined;
          if (before === undefined || after === undefined || jsonEqual(before, after)) return [];
          return compareSchemaSide(before, after, {
            side: key === "inputSchema" ? "input" : "output",
            basePath: `${p.id}.${key}`,
            basePointer: `/tools/${p.newIndex}/${key}`,
          }, classify).map((d) => ({ ...d, tool: p.id }));
        })
      );
      // An output schema added or removed is graded without a comparison.
      const fast = [...toolSchemaDeltas(pairs, classify).values()].flat()
        .filter((d) => !d.rule.startsWith("tool.output.schema."));
      const key = (d: { tool: string; rule: string; pointer: string; message: string }) =>
        `${d.tool} ${d.rule} ${d.pointer} ${d.message}`;
      assert.deepEqual(fast.map(key).sort(), all.map(key).sort());
    }),
    { numRuns: 300 },
  );
});

Deno.test("pairEntities() pairs a tool renamed to another case or separator style, one to one", () => {
  const tool = (name: string, type: string) => ({
    name,
    inputSchema: { type, properties: { id: { type: "string" } } },
  });
  const contract = (...tools: ReturnType<typeof tool>[]) => ({ ...emptyContract(), tools });
  const renames = (a: ReturnType<typeof contract>, b: ReturnType<typeof contract>) =>
    pairEntities(a, b).tools.paired.map((p) => `${p.renamedFrom}→${p.id}`).sort();
  assert.deepEqual(
    renames(contract(tool("getUser", "object")), contract(tool("get-user", "string"))),
    ["getUser→get-user"],
  );
  // A tool with the same schemas wins; the name is then taken.
  assert.deepEqual(
    renames(
      contract(tool("getUser", "object")),
      contract(tool("get_user", "string"), tool("fetchUser", "object")),
    ),
    ["getUser→fetchUser"],
  );
  // Equal schemas and the same name: one pair.
  assert.deepEqual(
    renames(contract(tool("getUser", "object")), contract(tool("get_user", "object"))),
    ["getUser→get_user"],
  );
  // Two removed tools with one key: no pair.
  assert.deepEqual(
    renames(
      contract(tool("getUser", "object"), tool("GetUser", "array")),
      contract(tool("get_user", "string")),
    ),
    [],
  );
});

Deno.test("pairEntities() pairs alike names with the same schemas but for prose and the style of property names", () => {
  // @azure/mcp 3.0.0-beta.41 → 3.0.0-beta.46: resilience_* → resiliency_*, recovery-plan →
  // recoveryplan, "recovery plan" → "recoveryplan" in the descriptions.
  const tool = (name: string, plan: string, said: string, output?: JsonValue) => ({
    name,
    inputSchema: {
      type: "object",
      properties: {
        [plan]: { type: "string", description: `The name of the ${said}.` },
        "service-group": { type: "string" },
      },
      required: [plan, "service-group"],
    },
    ...(output === undefined ? {} : { outputSchema: output }),
  });
  const contract = (...tools: ReturnType<typeof tool>[]) => ({ ...emptyContract(), tools });
  const renames = (a: ReturnType<typeof contract>, b: ReturnType<typeof contract>) =>
    pairEntities(a, b).tools.paired.map((p) => `${p.renamedFrom}→${p.id}`).sort();
  const old = tool("resilience_recoveryplan_create", "recovery-plan", "recovery plan");
  const next = tool("resiliency_recoveryplan_create", "recoveryplan", "recoveryplan");
  assert.deepEqual(renames(contract(old), contract(next)), [
    "resilience_recoveryplan_create→resiliency_recoveryplan_create",
  ]);
  // Both ways, and with output schemas that differ the same way.
  const out = (key: string) => ({ type: "object", properties: { [key]: { type: "string" } } });
  assert.deepEqual(
    renames(
      contract(tool("resiliency_get", "recoveryplan", "x", out("planName"))),
      contract(tool("resilience_get", "recovery-plan", "y", out("plan_name"))),
    ),
    ["resiliency_get→resilience_get"],
  );
  // Names not alike: no pair, however alike the schemas.
  assert.deepEqual(
    renames(contract(old), contract(tool("delete_plan", "recoveryplan", "recoveryplan"))),
    [],
  );
  // A property renamed otherwise, or a type changed, is another shape: no pair.
  assert.deepEqual(
    renames(contract(old), contract(tool("resiliency_recoveryplan_create", "plan", "plan"))),
    [],
  );
  const typed = tool("resiliency_recoveryplan_create", "recoveryplan", "recoveryplan");
  (typed.inputSchema.properties["service-group"] as { type: string }).type = "integer";
  assert.deepEqual(renames(contract(old), contract(typed)), []);
  // Two removed tools of that shape: each pairs with its closest name, one to one.
  const oldDelete = tool("resilience_recoveryplan_delete", "recovery-plan", "recovery plan");
  const newDelete = tool("resiliency_recoveryplan_delete", "recoveryplan", "recoveryplan");
  assert.deepEqual(renames(contract(old, oldDelete), contract(newDelete, next)), [
    "resilience_recoveryplan_create→resiliency_recoveryplan_create",
    "resilience_recoveryplan_delete→resiliency_recoveryplan_delete",
  ]);
  // One added tool, two removed as alike to it: none is paired.
  const shaped = (name: string, plan: string) => tool(name, plan, "plan");
  assert.deepEqual(
    renames(
      contract(
        shaped("resilience_plan_a", "recovery-plan"),
        shaped("resilience_plan_b", "recovery-plan"),
      ),
      contract(shaped("resiliency_plan_c", "recoveryplan")),
    ),
    [],
  );
});

type Schemas = { inputSchema: JsonValue; outputSchema?: JsonValue };

Deno.test("pairEntities() pairs no tools by equal schemas that declare no property", () => {
  // brightdata: scraping_browser_links → scraping_browser_network_requests, both without
  // arguments, read as a rename, and the new tool's description and annotations as its changes.
  const renames = (old: Schemas, next: Schemas) =>
    pairEntities(
      { ...emptyContract(), tools: [{ name: "scraping_browser_links", ...old }] },
      { ...emptyContract(), tools: [{ name: "scraping_browser_network_requests", ...next }] },
    ).tools.paired.map((p) => `${p.renamedFrom}→${p.id}`);
  const none = [] as string[];
  const renamed = ["scraping_browser_links→scraping_browser_network_requests"];
  for (const inputSchema of [{}, { type: "object" }, { type: "object", properties: {} }]) {
    assert.deepEqual(renames({ inputSchema }, { inputSchema }), none, JSON.stringify(inputSchema));
    // An output schema that declares no property says no more.
    const outputSchema = { type: "object" };
    assert.deepEqual(renames({ inputSchema, outputSchema }, { inputSchema, outputSchema }), none);
  }
  // A declared property, in the input or in the output schema, tells tools apart.
  const inputSchema = { type: "object", properties: { url: { type: "string" } } };
  assert.deepEqual(renames({ inputSchema }, { inputSchema }), renamed);
  const outputSchema = { type: "object", properties: { links: { type: "array" } } };
  const bare = { type: "object" };
  assert.deepEqual(
    renames({ inputSchema: bare, outputSchema }, { inputSchema: bare, outputSchema }),
    renamed,
  );
  // The same name in another case or separator style still pairs, whatever the schemas.
  const cased = pairEntities(
    { ...emptyContract(), tools: [{ name: "listLinks", inputSchema: bare }] },
    { ...emptyContract(), tools: [{ name: "list_links", inputSchema: bare }] },
  ).tools.paired.map((p) => `${p.renamedFrom}→${p.id}`);
  assert.deepEqual(cased, ["listLinks→list_links"]);
});

Deno.test("pairEntities() pairs a tool renamed as it gained or lost its output schema", () => {
  // @anthropic-ai/claude-code 1.0.100 → 1.0.128: KillBash became KillShell with the same input
  // schema in the release that gave every tool an output schema; no rename was seen.
  const renames = (old: Schemas, next: Schemas) =>
    pairEntities(
      { ...emptyContract(), tools: [{ name: "KillBash", ...old }] },
      { ...emptyContract(), tools: [{ name: "KillShell", ...next }] },
    ).tools.paired.map((p) => `${p.renamedFrom}→${p.id}`);
  const inputSchema = { type: "object", properties: { shell_id: { type: "string" } } };
  const outputSchema = { type: "object", properties: { message: { type: "string" } } };
  const other = { type: "object", properties: { status: { type: "number" } } };
  // Both directions: gained, lost.
  assert.deepEqual(renames({ inputSchema }, { inputSchema, outputSchema }), [
    "KillBash→KillShell",
  ]);
  assert.deepEqual(renames({ inputSchema, outputSchema }, { inputSchema }), [
    "KillBash→KillShell",
  ]);
  // Two output schemas that differ: another tool as much as a renamed one, so no pair.
  assert.deepEqual(
    renames({ inputSchema, outputSchema }, { inputSchema, outputSchema: other }),
    [],
  );
  // The input schemas must tell the tools apart on their own: bare ones pair nothing.
  const bare = { type: "object" };
  assert.deepEqual(renames({ inputSchema: bare }, { inputSchema: bare, outputSchema }), []);
  // Another input schema: no pair.
  assert.deepEqual(renames({ inputSchema }, { inputSchema: other, outputSchema }), []);
});

Deno.test("pairEntities() pairs tools whose names gained or lost one word shared by half the tools removed", () => {
  // Four property names shared of five, so each pair reads as one tool (see the next test).
  const shared = Object.fromEntries(["a", "b", "c", "d"].map((p) => [p, { type: "string" }]));
  const tool = (name: string, type = "string") => ({
    name,
    inputSchema: { type: "object", properties: { [name]: { type }, ...shared } },
  });
  const contract = (...names: string[]) => ({
    ...emptyContract(),
    tools: names.map((n) => tool(n)),
  });
  const renames = (a: string[], b: string[]) =>
    pairEntities(contract(...a), contract(...b)).tools.paired.map((p) =>
      `${p.renamedFrom}→${p.id} ${p.renamedBy}`
    ).sort();
  // A prefix put before every name (@satelliteoflove/godot-mcp 2.17.0 → 3.23.1), and taken off.
  const named = ["animation", "node", "sceneTree"];
  const prefixed = ["godot_animation", "godot_node", "godot_scene_tree"];
  assert.deepEqual(renames(named, prefixed), [
    "animation→godot_animation affix",
    "node→godot_node affix",
    "sceneTree→godot_scene_tree affix",
  ]);
  assert.deepEqual(renames(prefixed, named), [
    "godot_animation→animation affix",
    "godot_node→node affix",
    "godot_scene_tree→sceneTree affix",
  ]);
  assert.deepEqual(renames(["get", "list"], ["get_v2", "list_v2"]), [
    "get→get_v2 affix",
    "list→list_v2 affix",
  ]);
  // One name alone, or two of five removed: a tool of its own as much as a rename.
  assert.deepEqual(renames(["search"], ["search_v2"]), []);
  assert.deepEqual(renames(["a_x", "b_x", "c", "d", "e"], ["a", "b", "f", "g", "h"]), []);
  // Two of two removed beside many added (@digitalocean/mcp 1.0.30 → 1.0.70), and backwards.
  const many = ["f", "g", "h", "i", "j"];
  assert.deepEqual(renames(["a", "b"], ["x_a", "x_b", ...many]), ["a→x_a affix", "b→x_b affix"]);
  assert.deepEqual(renames(["x_a", "x_b", ...many], ["a", "b"]), ["x_a→a affix", "x_b→b affix"]);
  // A name that two added names explain was split, not renamed (godot-mcp 3.23.1 → 4.1.11).
  assert.deepEqual(
    renames(["godot_node", "godot_scene"], [
      "godot_node_read",
      "godot_node_edit",
      "godot_scene_read",
      "godot_scene_edit",
    ]),
    [],
  );
});

/** A tool with a description and string properties of these names. */
const described = (name: string, description: string, ...properties: string[]): Tool => ({
  name,
  description,
  inputSchema: {
    type: "object",
    properties: Object.fromEntries(properties.map((p) => [p, { type: "string" }])),
  },
});

/** The renames pairEntities() finds between two tool lists, `old→new how`, sorted. */
const renamesOf = (a: Tool[], b: Tool[]) =>
  pairEntities({ ...emptyContract(), tools: a }, { ...emptyContract(), tools: b }).tools.paired
    .map((p) => `${p.renamedFrom}→${p.id} ${p.renamedBy}`).sort();

/** {@link renamesOf} without the tools paired by their unchanged names. */
const renamed = (a: Tool[], b: Tool[]) => renamesOf(a, b).filter((r) => !r.startsWith("undefined"));

Deno.test("pairEntities() pairs tools by an affix only when each still reads as itself", () => {
  const tool = described;
  const renames = (a: Tool[], b: Tool[]) => renamesOf(a, b).map((r) => r.replace(/ \w+$/, ""));
  // A sub-resource's tools beside the resource's: other tools, though "comment" was put after both.
  const issues = [
    tool("create_issue", "Create an issue.", "repo", "title", "body"),
    tool("update_issue", "Update an issue.", "repo", "number", "state"),
  ];
  const comments = [
    tool("create_issue_comment", "Comment on an issue.", "repo", "number", "body"),
    tool("update_issue_comment", "Edit a comment.", "repo", "comment_id", "body"),
  ];
  assert.deepEqual(renames(issues, comments), []);
  assert.deepEqual(renames(comments, issues), []);
  // Nor when every description opens alike: the shared opening is no evidence (second review).
  const opening = (open: string, list: Tool[]) =>
    list.map((t) => ({ ...t, description: `${open}${t.description}` }));
  for (const open of ["GitHub: ", "This tool is part of the Acme suite. ", "E.g. "]) {
    assert.deepEqual(renames(opening(open, issues), opening(open, comments)), [], open);
  }
  // A server that put "Acme: " before every description and acme_ before every name renamed them.
  const users = [tool("list_users", "List users."), tool("whoami", "Show the current user.")];
  const acme = [
    tool("acme_list_users", "Acme: list users."),
    tool("acme_whoami", "Acme: show the current user."),
  ];
  assert.deepEqual(renames(users, acme), ["list_users→acme_list_users", "whoami→acme_whoami"]);
  // The same first sentence, the rest rewritten (@satelliteoflove/godot-mcp 2.17.0 → 3.23.1).
  const input = (name: string, more: string) =>
    tool(name, `Inject input into a running Godot game for testing${more}`, "action", "text");
  const old = [input("input", ". Use get_map first."), tool("node", "Manage nodes.", "path")];
  const now = [
    input("godot_input", ": named actions, joypad buttons and analog axes. Use get_map first."),
    tool("godot_node", "Manage scene nodes.", "path"),
  ];
  assert.deepEqual(renames(old, now), ["input→godot_input", "node→godot_node"]);
  assert.deepEqual(renames(now, old), ["godot_input→input", "godot_node→node"]);
  // No description: two thirds of the property names in common are enough, half is not.
  const bare = (name: string, ...p: string[]): Tool => {
    const { description: _, ...rest } = tool(name, "", ...p);
    return rest;
  };
  assert.deepEqual(
    renames([bare("a", "x", "y", "z"), bare("b", "u", "v")], [
      bare("k_a", "x", "y", "z", "w"),
      bare("k_b", "u", "v", "w"),
    ]),
    ["a→k_a", "b→k_b"],
  );
  assert.deepEqual(
    renames([bare("a", "x", "y"), bare("b", "u", "v")], [
      bare("k_a", "x", "w"),
      bare("k_b", "u", "v", "w", "z"),
    ]),
    [],
  );
  // Every name of one kept by the other, three or more, whatever the other added: the tool with
  // arguments added (@hypothesi/tauri-mcp-server 0.7.0 → 0.13.0's webview_find_element kept the
  // four of tauri_webview_find_element beside five new ones, its description rewritten), both ways.
  const few = [bare("t_find", "a", "b", "c"), bare("t_list", "u", "v", "w")];
  const more = [bare("find", "a", "b", "c", "d", "e", "f"), bare("list", "u", "v", "w", "z")];
  assert.deepEqual(renames(few, more), ["t_find→find", "t_list→list"]);
  assert.deepEqual(renames(more, few), ["find→t_find", "list→t_list"]);
  // One name of the three not kept, or two kept of two: unpaired (half or less in common).
  const other = [bare("find", "a", "b", "x", "d", "e", "f"), bare("list", "u", "v", "w", "z")];
  assert.deepEqual(renames(few, other), []);
  const two = [bare("t_find", "a", "b"), bare("t_list", "u", "v", "w")];
  assert.deepEqual(renames(two, more), []);
  // A tool split in two stays unpaired though one part kept only names of the whole: godot-mcp
  // 3.23.1 → 4.1.11 split godot_node into godot_node_read and godot_node_edit, whose four names
  // are all godot_node's; the other part reads as another tool, yet it explains the name too.
  const whole = [bare("node", "a", "b", "c", "d", "e"), bare("anim", "u", "v", "w", "x")];
  const parts = [
    bare("node_edit", "a", "b", "c"),
    bare("node_read", "a", "f", "g", "h"),
    bare("anim_edit", "u", "v", "w"),
    bare("anim_read", "u", "y", "z", "q"),
  ];
  assert.deepEqual(renames(whole, parts), []);
  assert.deepEqual(renames(parts, whole), []);
});

Deno.test("pairEntities() pairs one tool whose name gained or lost words only on the same schemas or a description alike", () => {
  const [tool, renames] = [described, renamesOf];
  // testsprite-mcp 0.0.11 → 0.0.30: a word put inside the name, the same arguments and description,
  // beside another tool added with the same arguments (so neither the schemas nor the names told).
  const prd = tool("generate_prd", "Generate a structured standard PRD.", "projectPath");
  const standardized = { ...prd, name: "generate_standardized_prd" };
  const rerun = tool(
    "rerun_tests",
    "Run node command manually to re-run the tests.",
    "projectPath",
  );
  assert.deepEqual(renames([prd], [standardized, rerun]), [
    "generate_prd→generate_standardized_prd words",
  ]);
  assert.deepEqual(renames([standardized], [prd, rerun]), [
    "generate_standardized_prd→generate_prd words",
  ]);
  // A description alike is enough with other arguments; the same schemas without a description.
  const more = tool("generate_standardized_prd", "Generate a structured, standard PRD.", "path");
  assert.deepEqual(renames([prd], [more]), ["generate_prd→generate_standardized_prd words"]);
  const bare = (t: Tool): Tool => {
    const { description: _, ...rest } = t;
    return rest;
  };
  assert.deepEqual(renames([bare(prd)], [bare(standardized), bare(rerun)]), [
    "generate_prd→generate_standardized_prd words",
  ]);
  // The same tool's arguments mostly kept under a new description (testsprite_bootstrap_tests →
  // testsprite_bootstrap): no such evidence, nor for a sub-resource's tool (create_issue →
  // create_issue_comment, half the arguments shared, "GitHub: " before every description).
  const bootstrap = tool("bootstrap_tests", "Bootstrap Testsprite first.", "a", "b", "c", "d");
  const next = tool(
    "bootstrap",
    "BEFORE calling this tool, check the config.",
    "a",
    "b",
    "c",
    "d",
    "e",
  );
  assert.deepEqual(renames([bootstrap], [next]), []);
  const issue = tool("create_issue", "GitHub: Create an issue.", "repo", "title", "body");
  const comment = tool(
    "create_issue_comment",
    "GitHub: Comment on an issue.",
    "repo",
    "number",
    "body",
  );
  assert.deepEqual(renames([issue], [comment]), []);
  // A name two added names explain, or an added name two removed ones do: none is paired.
  const read = { ...standardized, name: "generate_prd_read" };
  assert.deepEqual(renames([prd], [standardized, read]), []);
  assert.deepEqual(renames([prd, { ...prd, name: "generate_standardized" }], [standardized]), []);
  // Too short a description is no evidence: "Deprecated." on both.
  const short = (name: string, p: string) => tool(name, "Deprecated.", p);
  assert.deepEqual(renames([short("list_users", "a")], [short("list_users_v2", "b")]), []);
});

Deno.test("pairEntities() pairs one tool whose name wrote words shortened or in the plural only on a description alike or the same schemas", () => {
  const tool = described;
  // dataforseo-mcp-server 2.7.11 → 2.9.11: keywords → kw (and dataforseo → dfs), serp → serps, the
  // descriptions unchanged, the arguments changed, beside another tool added.
  const explore = tool(
    "keywords_data_dfs_trends",
    "Keyword popularity data from Google Trends.",
    "k",
  );
  const kw = { ...tool("kw_data_dfs_trends", explore.description!, "k", "date"), title: "Trends" };
  const serp = tool("historical_serp", "Google SERPs collected within a time frame.", "k");
  const serps = tool("historical_serps", serp.description!, "k", "date_from");
  const other = tool("relevant_pages", "Pages relevant to a keyword.", "k");
  assert.deepEqual(renamesOf([explore, serp], [kw, serps, other]), [
    "historical_serp→historical_serps words",
    "keywords_data_dfs_trends→kw_data_dfs_trends words",
  ]);
  assert.deepEqual(renamesOf([kw, serps, other], [explore, serp]), [
    "historical_serps→historical_serp words",
    "kw_data_dfs_trends→keywords_data_dfs_trends words",
  ]);
  // The same schemas are evidence enough without a description.
  const bare = (t: Tool): Tool => ({ name: t.name, inputSchema: t.inputSchema });
  assert.deepEqual(renamesOf([bare(serp)], [{ ...bare(serp), name: "historical_serps" }]), [
    "historical_serp→historical_serps schemas",
  ]);
  assert.deepEqual(renamesOf([bare(explore)], [bare(kw)]), []);
  // Another description, another verb (get → set), another number (v1 → v10), or every word
  // shortened: no evidence, no pair.
  assert.deepEqual(
    renamesOf([explore], [{ ...kw, description: "Search volume by location." }]),
    [],
  );
  const user = tool("get_user", "Returns one user of the workspace.", "id");
  assert.deepEqual(renamesOf([user], [{ ...user, name: "set_user", inputSchema: {} }]), []);
  const v1 = tool("search_v1", "Searches the index.", "q");
  assert.deepEqual(renamesOf([v1], [{ ...v1, name: "search_v10", inputSchema: {} }]), []);
  const words = tool("keywords_data", "Keyword popularity data from Google Trends.", "k");
  assert.deepEqual(renamesOf([words], [{ ...words, name: "kw_dt", inputSchema: {} }]), []);
  // Two alike beside one: unpaired, one to one only.
  const twice = [kw, { ...kw, name: "kw_data_dataforseo_trends" }];
  assert.deepEqual(renamesOf([explore], twice), []);
});

Deno.test("pairEntities() pairs one tool whose name put a word in the plural only when one tool takes every argument of the other", () => {
  // get_user (a required id) → get_users (a limit), the description the same: a tool that lists
  // users beside one that gets one is another tool, though it read "probably renamed" and its
  // schemas were compared under the new name (property id removed, BREAKING).
  const required = (t: Tool, ...names: string[]): Tool => ({
    ...t,
    inputSchema: { ...(t.inputSchema as JsonObject), required: names },
  });
  const user = required(described("get_user", "Returns one user of the workspace.", "id"), "id");
  const users = described("get_users", user.description!, "limit");
  assert.deepEqual(renamesOf([user], [users]), []);
  assert.deepEqual(renamesOf([users], [user]), []);
  // The old arguments kept, one more beside them (dataforseo historical_serp → historical_serps,
  // keyword required on both): paired both ways.
  const more = required(described("get_users", user.description!, "id", "limit"), "id");
  assert.deepEqual(renamesOf([user], [more]), ["get_user→get_users words"]);
  assert.deepEqual(renamesOf([more], [user]), ["get_users→get_user words"]);
  // Kept, but required otherwise: another tool.
  assert.deepEqual(renamesOf([user], [required(more, "id", "limit")]), []);
  // A word shortened, not put in the plural, is read as before whatever the arguments.
  assert.deepEqual(
    renamesOf([described("get_user_profile", user.description!, "id")], [
      described("get_user_prof", user.description!, "limit"),
    ]),
    ["get_user_profile→get_user_prof words"],
  );
});

Deno.test("pairEntities() pairs one tool whose name shortened its words when a description writes the other name out", () => {
  // dataforseo-mcp-server 2.7.11 → 2.8.6: no arguments on either side, descriptions 0.68 alike,
  // the new one naming the tool by its old name written out in words.
  const old: Tool = {
    name: "ai_optimization_keyword_data_locations_and_languages",
    description:
      "Utility tool for ai_keyword_data_search_volume to get list of availible locations and languages",
    inputSchema: { type: "object", properties: {} },
  };
  const next: Tool = {
    name: "ai_opt_kw_data_loc_and_lang",
    description:
      "Utility tool for 'AI Optimization Keyword Data Locations and Languages' (ai_opt_kw_data_loc_and_lang) to get list of availible locations and languages",
    inputSchema: { type: "object", properties: {} },
  };
  const other = { ...next, name: "ai_opt_llm_ment_loc_and_lang", description: "Other tool." };
  assert.deepEqual(renamesOf([old], [next, other]), [
    "ai_optimization_keyword_data_locations_and_languages→ai_opt_kw_data_loc_and_lang words",
  ]);
  assert.deepEqual(renamesOf([next, other], [old]), [
    "ai_opt_kw_data_loc_and_lang→ai_optimization_keyword_data_locations_and_languages words",
  ]);
  // Without the name written out (0.68 alike): no evidence, no pair.
  assert.deepEqual(
    renamesOf([old], [{ ...next, description: "Lists locations and languages." }]),
    [],
  );
  // Its words out of order: no pair.
  const shuffled = next.description!.replace("Keyword Data", "Data Keyword");
  assert.deepEqual(renamesOf([old], [{ ...next, description: shuffled }]), []);
  // Names that do not shorten word for word stay apart however the description reads.
  assert.deepEqual(renamesOf([{ ...old, name: "ai_optimization_locations" }], [next]), []);
});

Deno.test("pairEntities() takes a description that mentions another tool, or other arguments, for no rename", () => {
  // Review of 081c807: a new tool whose description names the removed one by its identifier,
  // with other arguments, read 'probably renamed' and compared two unrelated tools.
  const schema = (...names: string[]) => ({
    type: "object",
    properties: Object.fromEntries(names.map((n) => [n, { type: "string" }])),
    required: names,
  });
  const gone: Tool = {
    name: "delete_user_account",
    description: "Deletes the account and all its data",
    inputSchema: schema("account_id"),
  };
  const added: Tool = {
    name: "delete_user",
    description: "Removes a user from a team. Their account stays; delete_user_account deletes it.",
    inputSchema: schema("team", "user"),
  };
  assert.deepEqual(renamesOf([gone], [added]), []);
  assert.deepEqual(renamesOf([added], [gone]), []);
  // Written out in words, but over other arguments: still no rename.
  const words = {
    ...added,
    description: "Removes a user from a team; delete user account deletes it.",
  };
  assert.deepEqual(renamesOf([gone], [words]), []);
  // Written out in words over the same arguments (of another type: not the schemas step's
  // evidence): the rename it reads as.
  const kept = {
    ...words,
    inputSchema: { ...schema("account_id"), properties: { account_id: { type: "integer" } } },
  };
  assert.deepEqual(renamesOf([gone], [kept]), ["delete_user_account→delete_user words"]);
  assert.deepEqual(renamesOf([kept], [gone]), ["delete_user→delete_user_account words"]);
});

Deno.test("pairEntities() pairs one tool whose name lost words when one description holds the other whole and both require the same names", () => {
  // @microsoft/workiq 0.2.8 → 1.0.0: ask_work_iq → ask, the description extended (0.48 alike),
  // question required on both sides, list_agents added beside it.
  const required = (t: Tool, ...names: string[]): Tool => ({
    ...t,
    inputSchema: { ...(t.inputSchema as JsonObject), required: names },
  });
  const said =
    "Ask a question to Microsoft 365 Copilot for information about emails, meetings, files, and other M365 data.";
  const ask = required(described("ask_work_iq", said, "question"), "question");
  const next = required(
    described(
      "ask",
      `${said} Returns the answer as text content, with conversationId in structured content for multi-turn conversations.`,
      "question",
      "agentId",
      "conversationId",
    ),
    "question",
  );
  const list = described("list_agents", "List available Microsoft 365 Copilot agents.");
  assert.deepEqual(renamesOf([ask], [next, list]), ["ask_work_iq→ask words"]);
  assert.deepEqual(renamesOf([next, list], [ask]), ["ask→ask_work_iq words"]);
  // Other required names, none required, or a description of fewer than six words: unpaired.
  assert.deepEqual(renamesOf([ask], [required(next, "question", "agentId"), list]), []);
  assert.deepEqual(renamesOf([required(ask)], [required(next), list]), []);
  const short = (t: Tool, description: string) => ({ ...t, description });
  assert.deepEqual(
    renamesOf([short(ask, "Ask a question.")], [short(next, "Ask a question. Returns text.")]),
    [],
  );
  // Held whole by two added tools: none is paired.
  assert.deepEqual(renamesOf([ask], [next, { ...next, name: "ask_iq" }]), []);
});

Deno.test("pairEntities() does not pair a tool whose description names the other as another tool, unless as its old name", () => {
  // @berthojoris/mcp-mysql-server 1.10.0 → 1.30.0: export_table_to_csv removed, safe_export_table
  // added, "Use this instead of export_table_to_csv …", both requiring table_name alike.
  const table = { type: "string", description: "Name of the table to export" };
  const inputSchema = { type: "object", properties: { table }, required: ["table"] };
  const csv = {
    name: "export_table_to_csv",
    description: "Export table data to CSV.",
    inputSchema,
  };
  const safe = {
    name: "safe_export_table",
    description: "Exports table data with masking. Use this instead of export_table_to_csv.",
    inputSchema: { ...inputSchema, properties: { table, limit: { type: "number" } } },
  };
  assert.deepEqual(renamesOf([csv], [safe]), []);
  assert.deepEqual(renamesOf([safe], [csv]), []);
  // The reverse wording, the name in backticks, in another case: apart too.
  const back = {
    ...csv,
    description: "Export table data to CSV; use `Safe_Export_Table` instead.",
  };
  assert.deepEqual(renamesOf([safe], [back]), []);
  // The old name said as such: a rename, both ways.
  for (const word of ["formerly", "renamed from", "replaces the deprecated"]) {
    const renamed = { ...safe, description: `Exports table data (${word} export_table_to_csv).` };
    assert.deepEqual(renamesOf([csv], [renamed]), [
      "export_table_to_csv→safe_export_table mentioned",
    ]);
    assert.deepEqual(renamesOf([renamed], [csv]), [
      "safe_export_table→export_table_to_csv mentioned",
    ]);
  }
  // A name of one word written in the other's description is words of it (agent-device rotate →
  // orientation), and a longer identifier that holds the name is not the name.
  const longer = { ...safe, description: "Exports table data; export_table_to_csv_v2 is faster." };
  assert.deepEqual(renamesOf([csv], [longer]), ["export_table_to_csv→safe_export_table mentioned"]);
});

Deno.test("pairEntities() pairs one tool named by the other's description only when both require the same arguments alike, one to one", () => {
  // agent-device 0.19.3 → 0.20.5: rotate ("Rotate device orientation.") → orientation ("Set device
  // orientation."), both requiring orientation, one of four values, beside a tool kept.
  const orientation = { type: "string", enum: ["portrait", "landscape-left", "landscape-right"] };
  const requiring = (
    name: string,
    description: string,
    required: Record<string, JsonValue>,
    more: Record<string, JsonValue> = {},
  ): Tool => ({
    name,
    description,
    inputSchema: {
      type: "object",
      properties: { device: { type: "string" }, ...required, ...more },
      required: Object.keys(required),
    },
  });
  const renamesOf = (a: Tool[], b: Tool[]) => renamed(a, b);
  // The new tool gained an argument, as every tool of the release did: the schemas differ.
  const rotate = requiring("rotate", "Rotate device orientation.", { orientation });
  const set = requiring("orientation", "Set device orientation.", { orientation }, {
    noRecord: { type: "boolean" },
  });
  const back = requiring("back", "Navigate back.", {});
  assert.deepEqual(renamesOf([back, rotate], [back, set]), ["rotate→orientation mentioned"]);
  assert.deepEqual(renamesOf([back, set], [back, rotate]), ["orientation→rotate mentioned"]);
  // The name in neither description, another required argument, or a bare string required alike
  // (search_code and an added query tool, both requiring a query): other tools.
  assert.deepEqual(renamesOf([rotate], [{ ...set, name: "landscape" }]), []);
  assert.deepEqual(
    renamesOf([rotate], [
      requiring("orientation", "Set device orientation.", { angle: orientation }),
    ]),
    [],
  );
  const query = (description: string) => ({ query: { type: "string", description } });
  assert.deepEqual(
    renamesOf(
      [requiring("search_code", "Search code with a query.", query("Search terms."))],
      [requiring("query", "Run a SQL statement.", query("The SQL to run."))],
    ),
    [],
  );
  // The required argument's schema changed: no such evidence.
  const narrowed = { ...orientation, enum: ["portrait"] };
  assert.deepEqual(
    renamesOf([rotate], [
      requiring("orientation", "Set device orientation.", { orientation: narrowed }),
    ]),
    [],
  );
  // Two added tools the old description names, or two removed ones naming the added: none paired.
  const device = { ...set, name: "device" };
  assert.deepEqual(renamesOf([rotate], [set, device]), []);
  assert.deepEqual(
    renamesOf([rotate, requiring("turn", "Turn device orientation.", { orientation })], [set]),
    [],
  );
});

Deno.test("pairEntities() counts duplicate identities per side, in the order they first occur", () => {
  const t = (name: string, n = 0): Tool => ({ name, inputSchema: { minimum: n } });
  const old = {
    ...emptyContract(),
    tools: [t("b"), t("a"), t("a", 1), t("c"), t("b", 1), t("a", 2)],
  };
  const next = { ...emptyContract(), tools: [t("c"), t("c", 1), t("d")] };
  const pairs = pairEntities(old, next).tools;
  assert.deepEqual([...pairs.duplicates.old], [["b", 2], ["a", 3]]);
  assert.deepEqual([...pairs.duplicates.new], [["c", 2]]);
  // The first entry of each identity is the one paired, removed or added.
  assert.deepEqual(pairs.paired.map((p) => [p.id, p.oldIndex, p.newIndex, p.old, p.new]), [
    ["c", 3, 0, old.tools[3], next.tools[0]],
  ]);
  assert.deepEqual(pairs.removed.map((r) => [r.id, r.index, r.value]), [
    ["b", 0, old.tools[0]],
    ["a", 1, old.tools[1]],
  ]);
  assert.deepEqual(pairs.added.map((r) => [r.id, r.index, r.value]), [["d", 2, next.tools[2]]]);
});

Deno.test("pairEntities() pairs one tool whose name swapped a word the other's description writes, taking every argument of the other, both ways, one to one", () => {
  // dub 0.57.0 → 0.61.0: embed-tokens_create → embed-tokens-referrals, arguments in a request
  // object, the three old ones kept and partner added, programId required on both sides, beside
  // 39 tools renamed from _ to - and partners-update-sale added.
  const string = { type: "string" };
  const wrapped = (
    name: string,
    description: string,
    names: string[],
    required: string[],
  ): Tool => ({
    name,
    description,
    inputSchema: {
      type: "object",
      properties: {
        request: {
          type: "object",
          properties: Object.fromEntries(names.map((n) => [n, string])),
          required,
        },
      },
    },
  });
  const three = ["partnerId", "programId", "tenantId"];
  const create = wrapped(
    "embed-tokens_create",
    "Create a new embed token\n\nCreate a new embed token for the referral link.",
    three,
    ["programId"],
  );
  const referrals = wrapped(
    "embed-tokens-referrals",
    "Create a new referrals embed token\n\nCreate a new referrals embed token for the given partner/tenant.",
    [...three, "partner"],
    ["programId"],
  );
  const sale = wrapped("partners-update-sale", "Update a sale for a partner.", ["saleId"], [
    "saleId",
  ]);
  assert.deepEqual(renamed([create], [referrals, sale]), [
    "embed-tokens_create→embed-tokens-referrals swapped",
  ]);
  assert.deepEqual(renamed([referrals, sale], [create]), [
    "embed-tokens-referrals→embed-tokens_create swapped",
  ]);
  // The new word in neither description (create_issue → update_issue), another required
  // argument, an argument not kept, fewer than three arguments, two words swapped, or a
  // description that sets the other tool apart: other tools.
  const issue = (name: string, description: string, names: string[], required: string[]) =>
    wrapped(name, description, names, required);
  const fields = ["owner", "repo", "title", "body"];
  assert.deepEqual(
    renamed([issue("create_issue_now", "Create an issue.", fields, ["owner"])], [
      issue("update_issue_now", "Change an issue.", [...fields, "state"], ["owner"]),
    ]),
    [],
  );
  for (
    const next of [
      wrapped(referrals.name, referrals.description!, [...three, "partner"], ["partnerId"]),
      wrapped(referrals.name, referrals.description!, ["partnerId", "programId", "partner"], [
        "programId",
      ]),
      wrapped("embed-keys-referrals", referrals.description!, [...three, "partner"], [
        "programId",
      ]),
      {
        ...referrals,
        description: `${referrals.description} Use this instead of embed-tokens_create.`,
      },
    ]
  ) {
    assert.deepEqual(renamed([create], [next]), [], next.name);
    assert.deepEqual(renamed([next], [create]), [], next.name);
  }
  const two = ["partnerId", "programId"];
  assert.deepEqual(
    renamed([wrapped(create.name, create.description!, two, ["programId"])], [
      wrapped(referrals.name, referrals.description!, [...two, "partner"], ["programId"]),
    ]),
    [],
  );
  // get_file_contents → get_file_history, the same arguments and a limit: "contents" is in the
  // new description, "history" not in the old one.
  const file = ["owner", "repo", "path"];
  assert.deepEqual(
    renamed([wrapped("get_file_contents", "Get the contents of a file.", file, ["path"])], [
      wrapped("get_file_history", "Get the history of a file's contents.", [...file, "limit"], [
        "path",
      ]),
    ]),
    [],
  );
  // Two added that each read as it: neither.
  const invites = wrapped(
    "embed-tokens-referral",
    "Create a referral embed token.",
    [...three, "invite"],
    ["programId"],
  );
  assert.deepEqual(renamed([create], [referrals, invites]), []);
});

Deno.test("pairEntities() pairs the other tools of an affix that two tools reading as themselves establish when each shares a property name, both ways", () => {
  const tool = described;
  const renames = (a: Tool[], b: Tool[]) => renamesOf(a, b).map((r) => r.replace(/ \w+$/, ""));
  // @mizchi/lsmcp 0.9.4 → 0.10.0 put lsp_ before 13 tools: format_document and get_code_actions
  // kept their descriptions (alike), find_references and get_hover rewrote theirs and renamed
  // arguments (filePath → relativePath), keeping root and line.
  const old = [
    tool("format_document", "Format an entire document using LSP.", "root", "filePath", "tabSize"),
    tool("get_code_actions", "Get available code actions for a range.", "root", "filePath"),
    tool("find_references", "Find all references to symbol across the codebase", "root", "line"),
    tool("get_hover", "Get hover information for a symbol", "root", "line", "target"),
  ];
  const prefixed = (t: Tool, description: string, ...properties: string[]) =>
    tool(`lsp_${t.name}`, description, ...properties);
  const now = [
    prefixed(old[0]!, "Format an entire document using LSP!", "root", "relativePath", "tabSize"),
    prefixed(old[1]!, "Get available code actions for a range!", "root", "relativePath"),
    prefixed(old[2]!, "Requires exact line:column coordinates.", "root", "line", "column", "uri"),
    prefixed(
      old[3]!,
      "Requires exact line:column coordinates. Hover.",
      "root",
      "line",
      "textTarget",
    ),
  ];
  const pairs = old.map((t) => `${t.name}→lsp_${t.name}`).sort();
  assert.deepEqual(renames(old, now), pairs);
  assert.deepEqual(renames(now, old), old.map((t) => `lsp_${t.name}→${t.name}`).sort());
  // A property name shared on the output side is evidence too.
  const output = (t: Tool, name: string): Tool => ({
    ...t,
    inputSchema: { type: "object" },
    outputSchema: { type: "object", properties: { [name]: { type: "string" } } },
  });
  const outs = [output(old[2]!, "references"), output(now[2]!, "references")];
  assert.deepEqual(renames([old[0]!, old[1]!, outs[0]!], [now[0]!, now[1]!, outs[1]!]), [
    "find_references→lsp_find_references",
    "format_document→lsp_format_document",
    "get_code_actions→lsp_get_code_actions",
  ]);
  // No property name in common: another tool under the prefixed name, left unpaired.
  const apart = [tool("lsp_find_references", "Requires exact coordinates.", "uri", "position")];
  assert.deepEqual(renames(old.slice(0, 3), [now[0]!, now[1]!, ...apart]), pairs.slice(1, 3));
  // Undecidable: one pair alike alone does not establish the affix, so the others stay unpaired
  // (format_document, its description alike, is paired as one tool whose name gained a word).
  assert.deepEqual(renames([old[0]!, old[2]!, old[3]!], [now[0]!, now[2]!, now[3]!]), [
    "format_document→lsp_format_document",
  ]);
});
