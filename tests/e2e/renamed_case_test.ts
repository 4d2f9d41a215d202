/**
 * End-to-end tests of tools renamed to another case or separator style (`getUser` → `get_user`,
 * `get-user`): the removed and the added tool are paired as a rename one to one, so their schema
 * changes are reported too, under the new name with the rename in the message, beside
 * tool.removed (BREAKING, with a rename hint) and tool.added. Rename hints used to need equal
 * schemas, so such a rename with a schema change read as an unrelated removal and addition.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { findings, runCli } from "../helpers.ts";

const dir = "renames";

async function diff(old: string, next: string) {
  const result = await runCli([
    "diff",
    `${dir}/${old}.json`,
    `${dir}/${next}.json`,
    "--format",
    "json",
  ]);
  assert.equal(result.stderr, "");
  const report = JSON.parse(result.stdout) as {
    changes: { rule: string; path: string; message: string; hint?: string; new?: unknown }[];
  };
  const by = (rule: string) => report.changes.find((c) => c.rule === rule)!;
  return { code: result.code, found: findings(result.stdout), by, changes: report.changes };
}

Deno.test("proxar diff pairs getUser → get_user as a rename and reports their schema changes", async () => {
  const { code, found, by } = await diff("camel", "snake");
  assert.equal(code, 1);
  assert.deepEqual(found, [
    "tool.added|get_user|NON_BREAKING",
    "tool.input.type.changed|get_user.inputSchema.properties.id.type|BREAKING",
    "tool.output.type.widened|get_user.outputSchema.properties.name.type|BREAKING",
    "tool.removed|getUser|BREAKING",
  ]);
  const removed = by("tool.removed");
  assert.equal(
    removed.message,
    'Tool "getUser" was removed; "get_user" was added with the same name in another case or separator style, so it was probably renamed; their schemas are compared under the new name',
  );
  assert.equal(removed.hint, 'renamed to "get_user"?');
  assert.equal(removed.new, "get_user");
  assert.match(by("tool.input.type.changed").message, /\(tool renamed from "getUser"\)$/);
  assert.match(by("tool.output.type.widened").message, /\(tool renamed from "getUser"\)$/);
});

Deno.test("proxar diff pairs get_user → getUser the other way, each side graded by its variance", async () => {
  const { code, found, by } = await diff("snake", "camel");
  assert.equal(code, 1);
  assert.deepEqual(found, [
    "tool.added|getUser|NON_BREAKING",
    "tool.input.type.changed|getUser.inputSchema.properties.id.type|BREAKING",
    "tool.output.type.narrowed|getUser.outputSchema.properties.name.type|NON_BREAKING",
    "tool.removed|get_user|BREAKING",
  ]);
  assert.equal(by("tool.removed").hint, 'renamed to "getUser"?');
});

Deno.test("proxar diff pairs no rename when two added tools share the removed one's name but for style", async () => {
  // getUser could have become get_user or get-user: no pairing, no hint, no schema diff.
  const { code, found, by } = await diff("camel", "ambiguous");
  assert.equal(code, 1);
  assert.deepEqual(found, [
    "tool.added|get-user|NON_BREAKING",
    "tool.added|get_user|NON_BREAKING",
    "tool.removed|getUser|BREAKING",
  ]);
  assert.equal(by("tool.removed").message, 'Tool "getUser" was removed');
  assert.equal(by("tool.removed").hint, undefined);
});

Deno.test("proxar diff locates a renamed tool's findings in the old file at the old tool", async () => {
  // The old tool stands second there, under its old name; its description changed too.
  const result = await runCli([
    "diff",
    `${dir}/camel_second.json`,
    `${dir}/snake.json`,
    "--format",
    "json",
  ]);
  assert.equal(result.code, 1);
  const changes = JSON.parse(result.stdout).changes as {
    rule: string;
    pointer: string;
    oldPointer?: string;
    locations: { old?: { line: number; column: number } };
  }[];
  const by = (rule: string) => changes.find((c) => c.rule === rule)!;
  const type = by("tool.input.type.changed");
  assert.equal(type.pointer, "/tools/0/inputSchema/properties/id/type");
  assert.equal(type.oldPointer, "/tools/1/inputSchema/properties/id/type");
  assert.deepEqual(type.locations.old, { file: `${dir}/camel_second.json`, line: 12, column: 33 });
  const description = by("tool.description.changed");
  assert.equal(description.oldPointer, "/tools/1/description");
  assert.deepEqual(description.locations.old, {
    file: `${dir}/camel_second.json`,
    line: 9,
    column: 7,
  });
});

Deno.test("proxar diff pairs no tools without arguments as a rename (brightdata's links → network requests)", async () => {
  // Both tools take no argument: equal schemas said nothing, yet the pair was a probable rename
  // and the new tool's description and annotations were reported as the old one's changes.
  const tmp = mkdtempSync(join(tmpdir(), "proxar-no-args-"));
  try {
    const tool = (name: string, description: string, annotations: object) =>
      JSON.stringify({
        tools: [{
          name,
          description,
          inputSchema: { type: "object", properties: {} },
          annotations,
        }],
      });
    writeFileSync(
      join(tmp, "old.json"),
      tool("scraping_browser_links", "Get all links on the current page", { readOnlyHint: true }),
    );
    writeFileSync(
      join(tmp, "new.json"),
      tool("scraping_browser_network_requests", "Get the network requests the page made", {
        readOnlyHint: true,
        openWorldHint: true,
      }),
    );
    for (const [from, to] of [["old", "new"], ["new", "old"]]) {
      const r = await runCli(
        ["diff", join(tmp, `${from}.json`), join(tmp, `${to}.json`), "--format", "json"],
      );
      assert.equal(r.stderr, "");
      assert.equal(r.code, 1);
      const [gone, added] = from === "old"
        ? ["scraping_browser_links", "scraping_browser_network_requests"]
        : ["scraping_browser_network_requests", "scraping_browser_links"];
      assert.deepEqual(findings(r.stdout), [
        `tool.added|${added}|NON_BREAKING`,
        `tool.removed|${gone}|BREAKING`,
      ]);
      const removed = JSON.parse(r.stdout).changes.find((c: { rule: string }) =>
        c.rule === "tool.removed"
      );
      assert.equal(removed.message, `Tool "${gone}" was removed`);
      assert.equal(removed.hint, undefined);
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
});

Deno.test("proxar diff hints a property rename whose description was reworded, both ways, one to one", async () => {
  // @postman/postman-mcp-server 2.12.0 → 2.13.0 renamed createCollectionRequest's folderId to
  // folder and turned "the system will create" into "the system creates": no hint, since the
  // schemas were compared with their descriptions.
  const at = (tool: string, side: string, name: string) =>
    `${tool}.${side}Schema.properties.${name}`;
  // Unrelated (limit → offset: no rewording) and undecidable (two added, each the removed one's
  // description reworded): no hint.
  const expected = (from: string, to: string, gone: string[], come: string[]) =>
    [
      ...["input", "output"].flatMap((side) => [
        `tool.${side}.property.added|${at("create_request", side, to)}|renamed from "${from}"?`,
        `tool.${side}.property.removed|${at("create_request", side, from)}|renamed to "${to}"?`,
      ]),
      ...gone.map((p) => `tool.input.property.removed|${p}|-`),
      ...come.map((p) => `tool.input.property.added|${p}|-`),
    ].sort();
  const limit = at("list_requests", "input", "limit");
  const offset = at("list_requests", "input", "offset");
  const target = at("move_request", "input", "targetId");
  const twins = [at("move_request", "input", "folderId"), at("move_request", "input", "parentId")];
  for (
    const [old, next, want] of [
      [
        "reworded_old",
        "reworded_new",
        expected("folderId", "folder", [limit, target], [offset, ...twins]),
      ],
      [
        "reworded_new",
        "reworded_old",
        expected("folder", "folderId", [offset, ...twins], [limit, target]),
      ],
    ] as const
  ) {
    const { code, changes } = await diff(old, next);
    assert.equal(code, 1);
    assert.deepEqual(changes.map((c) => `${c.rule}|${c.path}|${c.hint ?? "-"}`).sort(), want);
  }
});

Deno.test("proxar diff pairs a tool renamed with its properties' style, and hints each property rename, input and output", async () => {
  // @azure/mcp 3.0.0-beta.41 → 3.0.0-beta.46: resilience_* → resiliency_*, recovery-plan →
  // recoveryplan; the pair read as a tool removed and an unrelated one added.
  const { code, found, by, changes } = await diff("style_old", "style_new");
  assert.equal(code, 1);
  const tool = "resiliency_recoveryplan_get";
  assert.deepEqual(found, [
    `tool.added|${tool}|NON_BREAKING`,
    `tool.description.changed|${tool}.description|POTENTIALLY_BREAKING`,
    `tool.input.property.removed|${tool}.inputSchema.properties.recovery-plan|BREAKING`,
    `tool.input.required.added|${tool}.inputSchema.required|BREAKING`,
    `tool.output.property.added|${tool}.outputSchema.properties.recoveryjob|NON_BREAKING`,
    `tool.output.property.removed|${tool}.outputSchema.properties.recovery-job|BREAKING`,
    "tool.removed|resilience_recoveryplan_get|BREAKING",
  ]);
  assert.equal(
    by("tool.removed").message,
    `Tool "resilience_recoveryplan_get" was removed; "${tool}" was added with the closest name and the same schemas but for prose and property names in another case or separator style, so it was probably renamed; their schemas are compared under the new name`,
  );
  assert.deepEqual(
    changes.filter((c) => c.hint).map((c) => `${c.rule}: ${c.hint}`).sort(),
    [
      'tool.input.property.removed: renamed to "recoveryplan"?',
      'tool.input.required.added: "recoveryplan" renamed from "recovery-plan"?',
      'tool.output.property.added: renamed from "recovery-job"?',
      'tool.output.property.removed: renamed to "recoveryjob"?',
      `tool.removed: renamed to "${tool}"?`,
    ],
  );
  // The other way round: the same pairs, each side graded by its variance.
  const back = await diff("style_new", "style_old");
  assert.deepEqual(back.found, [
    "tool.added|resilience_recoveryplan_get|NON_BREAKING",
    "tool.description.changed|resilience_recoveryplan_get.description|POTENTIALLY_BREAKING",
    "tool.input.property.removed|resilience_recoveryplan_get.inputSchema.properties.recoveryplan|BREAKING",
    "tool.input.required.added|resilience_recoveryplan_get.inputSchema.required|BREAKING",
    "tool.output.property.added|resilience_recoveryplan_get.outputSchema.properties.recovery-job|NON_BREAKING",
    "tool.output.property.removed|resilience_recoveryplan_get.outputSchema.properties.recoveryjob|BREAKING",
    `tool.removed|${tool}|BREAKING`,
  ]);
  assert.equal(back.changes.filter((c) => c.hint).length, 5);
});

Deno.test("proxar diff hints no rename of a required bare string to an optional one of another name, and keeps both findings, both ways, input and output", async () => {
  // dub 0.61.0 → 0.64.6 partners-analytics: programId (required) dropped, query (optional)
  // added, each {type: string}: the pair read 'renamed to "query"?' on nothing but the type.
  const tmp = mkdtempSync(join(tmpdir(), "proxar-bare-hint-"));
  try {
    const schema = (name: string, required: boolean) => ({
      type: "object",
      properties: { [name]: { type: "string" }, start: { type: "string" } },
      ...required ? { required: [name] } : {},
    });
    const contract = (name: string, required: boolean) =>
      JSON.stringify({
        tools: [{
          name: "partners-analytics",
          inputSchema: schema(name, required),
          outputSchema: schema(name, required),
        }],
      });
    writeFileSync(join(tmp, "old.json"), contract("programId", true));
    writeFileSync(join(tmp, "new.json"), contract("query", false));
    const at = (side: string, name: string) =>
      `partners-analytics.${side}Schema.properties.${name}`;
    for (const forward of [true, false]) {
      const [from, to] = forward ? ["old", "new"] : ["new", "old"];
      const r = await runCli(
        ["diff", join(tmp, `${from}.json`), join(tmp, `${to}.json`), "--format", "json"],
      );
      assert.equal(r.stderr, "");
      assert.equal(r.code, 1);
      const [gone, come] = forward ? ["programId", "query"] : ["query", "programId"];
      const required = "partners-analytics.inputSchema.required";
      const requiredOut = "partners-analytics.outputSchema.required";
      assert.deepEqual(
        findings(r.stdout),
        forward
          ? [
            `tool.input.property.added|${at("input", come)}|NON_BREAKING`,
            `tool.input.property.removed|${at("input", gone)}|BREAKING`,
            `tool.output.property.added|${at("output", come)}|NON_BREAKING`,
            `tool.output.property.removed|${at("output", gone)}|BREAKING`,
          ]
          : [
            `tool.input.property.removed|${at("input", gone)}|BREAKING`,
            `tool.input.required.added|${required}|BREAKING`,
            `tool.output.property.removed|${at("output", gone)}|BREAKING`,
            `tool.output.required.added|${requiredOut}|NON_BREAKING`,
          ].sort(),
      );
      const hinted = JSON.parse(r.stdout).changes.filter((c: { hint?: string }) => c.hint);
      assert.deepEqual(hinted, []);
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
});

Deno.test("proxar diff pairs a tool whose name swapped a word its old description writes, taking every argument of the old, and compares the two, both ways", async () => {
  // dub 0.57.0 → 0.61.0: embed-tokens_create → embed-tokens-referrals read as removed and added,
  // the partner argument it gained unreported.
  const tmp = mkdtempSync(join(tmpdir(), "proxar-swapped-"));
  try {
    const tool = (name: string, description: string, more: object) => {
      const string = { type: "string" };
      const properties = { partnerId: string, programId: string, tenantId: string, ...more };
      const request = { type: "object", properties, required: ["programId"] };
      return { name, description, inputSchema: { type: "object", properties: { request } } };
    };
    writeFileSync(
      join(tmp, "old.json"),
      JSON.stringify({
        tools: [tool("embed-tokens_create", "Create a new embed token for the referral link.", {})],
      }),
    );
    writeFileSync(
      join(tmp, "new.json"),
      JSON.stringify({
        tools: [
          tool("embed-tokens-referrals", "Create a new referrals embed token for the partner.", {
            partner: { type: "object" },
          }),
        ],
      }),
    );
    for (const forward of [true, false]) {
      const [from, to] = forward ? ["old", "new"] : ["new", "old"];
      const [gone, come] = forward
        ? ["embed-tokens_create", "embed-tokens-referrals"]
        : ["embed-tokens-referrals", "embed-tokens_create"];
      const r = await runCli(
        ["diff", join(tmp, `${from}.json`), join(tmp, `${to}.json`), "--format", "json"],
      );
      assert.equal(r.stderr, "");
      assert.equal(r.code, 1);
      const partner = `${come}.inputSchema.properties.request.properties.partner`;
      assert.deepEqual(
        findings(r.stdout),
        [
          `tool.added|${come}|NON_BREAKING`,
          `tool.description.changed|${come}.description|POTENTIALLY_BREAKING`,
          forward
            ? `tool.input.property.added|${partner}|NON_BREAKING`
            : `tool.input.property.removed|${partner}|BREAKING`,
          `tool.removed|${gone}|BREAKING`,
        ].sort(),
      );
      const removed = JSON.parse(r.stdout).changes.find((c: { rule: string }) =>
        c.rule === "tool.removed"
      );
      assert.equal(removed.hint, `renamed to "${come}"?`);
      const [x, y] = forward ? ["create", "referrals"] : ["referrals", "create"];
      assert.match(removed.message, new RegExp(`but for "${x}" swapped for "${y}"`));
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
});
