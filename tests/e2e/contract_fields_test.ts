/**
 * End-to-end tests of the contract fields of the MCP specification (through revision 2026-07-28)
 * and of tool annotations graded by their effective values: the CLI on fixture pairs under
 * `tests/fixtures/contract/`, both directions, exact findings and exit codes, and the real
 * everything server, which advertises `execution.taskSupport` on every tool.
 */
import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { findings, FIXTURES, runCli } from "../helpers.ts";
import { everythingSpec, removeDir, tempDir } from "./_live_servers.ts";

async function diff(oldFile: string, newFile: string, cwd?: string) {
  const args = ["diff", oldFile, newFile, "--format", "json"];
  const result = await runCli(args, cwd ? { cwd } : {});
  assert.equal(result.stderr, "");
  return { code: result.code, found: findings(result.stdout), report: JSON.parse(result.stdout) };
}

const c = (name: string) => `contract/${name}.json`;

Deno.test("proxar diff: a server rebuilt on an SDK that advertises execution is not BREAKING", async () => {
  const { code, found } = await diff(c("tasks_before"), c("tasks_sdk"));
  // echo gets "forbidden" and export an empty execution: both mean what absence meant.
  assert.deepEqual(found, [
    "tool.execution.taskSupport.widened|research.execution.taskSupport|NON_BREAKING",
  ]);
  assert.equal(code, 0);
});

Deno.test("proxar diff: taskSupport that drops a way of calling a tool is BREAKING in both directions", async () => {
  let { code, found, report } = await diff(c("tasks_sdk"), c("tasks_before"));
  assert.deepEqual(found, [
    "tool.execution.taskSupport.narrowed|research.execution.taskSupport|BREAKING",
  ]);
  assert.equal(code, 1);
  assert.equal(
    report.changes[0].message,
    '"research": execution.taskSupport changed from "optional" to "forbidden": clients that called it as a task now get an error',
  );
  ({ code, found, report } = await diff(c("tasks_before"), c("tasks_required")));
  assert.deepEqual(found, [
    "tool.execution.taskSupport.narrowed|research.execution.taskSupport|BREAKING",
    // A value the specification does not define stays with the catch-all.
    "tool.field.unmodelled|export.execution.taskSupport|BREAKING",
  ]);
  assert.equal(code, 1);
  const narrowed = report.changes.find((x: { rule: string }) => x.rule.endsWith("narrowed"));
  assert.equal(
    narrowed.message,
    '"research": execution.taskSupport changed from "forbidden" to "required": clients without task support, and plain calls, can no longer call it',
  );
  ({ code, found } = await diff(c("tasks_required"), c("tasks_sdk")));
  assert.deepEqual(found, [
    "tool.execution.taskSupport.widened|research.execution.taskSupport|NON_BREAKING",
    "tool.field.unmodelled|export.execution.taskSupport|BREAKING",
  ]);
  assert.equal(code, 1);
});

/**
 * Unknown keys of serverInfo, a prompt argument and resource annotations: only added, or removed.
 * serverInfo's is POTENTIALLY_BREAKING either way: it is informational.
 */
const unknownKeys = (severity: string) => [
  "server.field.unmodelled|server.serverInfo.x-region|POTENTIALLY_BREAKING",
  `prompt.field.unmodelled|triage.arguments.issue.x-hidden|${severity}`,
  `resource.field.unmodelled|file:///logs/app.log.annotations.x-cache|${severity}`,
];

const META_FINDINGS = [
  "prompt.meta.changed|triage._meta|POTENTIALLY_BREAKING",
  "resource.annotations.priority.changed|file:///logs/app.log.annotations.priority|POTENTIALLY_BREAKING",
  "resourceTemplate.meta.changed|file:///logs/{day}.log._meta|POTENTIALLY_BREAKING",
  "resourceTemplate.annotations.audience.changed|file:///logs/{day}.log.annotations.audience|POTENTIALLY_BREAKING",
  "server.icons.changed|server.serverInfo.icons|DOCUMENTATION",
  "server.websiteUrl.changed|server.serverInfo.websiteUrl|DOCUMENTATION",
  "prompt.icons.changed|triage.icons|DOCUMENTATION",
  "resource.annotations.lastModified.changed|file:///logs/app.log.annotations.lastModified|DOCUMENTATION",
  "resource.icons.changed|file:///logs/app.log.icons|DOCUMENTATION",
  "resource.size.changed|file:///logs/app.log.size|DOCUMENTATION",
];

Deno.test("proxar diff grades icons, _meta, size, resource annotations and server fields, both ways", async () => {
  for (
    const [a, b, severity] of [
      ["meta_before", "meta_after", "POTENTIALLY_BREAKING"],
      ["meta_after", "meta_before", "BREAKING"],
    ]
  ) {
    const { code, found } = await diff(c(a!), c(b!));
    // The resource's audience only changed order: no finding.
    assert.deepEqual(found, [...META_FINDINGS, ...unknownKeys(severity!)].sort(), `${a} → ${b}`);
    // Unknown fields only added are reviewed, not failing the build; removed, they are BREAKING.
    assert.equal(code, severity === "BREAKING" ? 1 : 0);
  }
});

Deno.test("proxar diff grades annotations by their effective value, every change at least POTENTIALLY_BREAKING", async () => {
  let { code, found } = await diff(c("hints_before"), c("hints_after"));
  assert.deepEqual(found, [
    "tool.annotations.safetyClaimed|archive_issue.annotations.readOnlyHint|POTENTIALLY_BREAKING",
    "tool.annotations.safetyClaimed|delete_issue.annotations.destructiveHint|POTENTIALLY_BREAKING",
    "tool.annotations.safetyStrengthened|search_issues.annotations.openWorldHint|POTENTIALLY_BREAKING",
    "tool.annotations.safetyWeakened|close_issue.annotations.idempotentHint|POTENTIALLY_BREAKING",
  ]);
  assert.equal(code, 0);
  ({ code, found } = await diff(c("hints_after"), c("hints_before")));
  assert.deepEqual(found, [
    "tool.annotations.safetyStrengthened|close_issue.annotations.idempotentHint|POTENTIALLY_BREAKING",
    "tool.annotations.safetyWeakened|archive_issue.annotations.readOnlyHint|POTENTIALLY_BREAKING",
    "tool.annotations.safetyWeakened|delete_issue.annotations.destructiveHint|POTENTIALLY_BREAKING",
    "tool.annotations.safetyWeakened|search_issues.annotations.openWorldHint|POTENTIALLY_BREAKING",
  ]);
  assert.equal(code, 0);
});

Deno.test("proxar diff on the everything server: an SDK that adds execution and tasks breaks only the tool that requires tasks", async () => {
  const dir = tempDir();
  try {
    const snap = await runCli(
      ["snapshot", everythingSpec(), "--out", "new.json"],
      { cwd: dir },
    );
    assert.equal(snap.code, 0, snap.stderr);
    const current = JSON.parse(readFileSync(join(dir, "new.json"), "utf8"));
    assert.ok(current.tools.every((t: { execution?: unknown }) => t.execution !== undefined));
    // The same server as an older SDK listed it: no execution, no tasks capability.
    const older = structuredClone(current);
    for (const t of older.tools) delete t.execution;
    delete older.capabilities.tasks;
    delete older.hash;
    writeFileSync(join(dir, "old.json"), JSON.stringify(older));
    let { code, found } = await diff("old.json", "new.json", dir);
    assert.deepEqual(found, [
      "server.capability.added|server.capabilities.tasks|NON_BREAKING",
      "tool.execution.taskSupport.narrowed|simulate-research-query.execution.taskSupport|BREAKING",
    ]);
    assert.equal(code, 1);
    ({ code, found } = await diff("new.json", "old.json", dir));
    assert.deepEqual(found, [
      "server.capability.removed|server.capabilities.tasks|BREAKING",
      // required → forbidden: task-aware clients that called it as a task now fail.
      "tool.execution.taskSupport.narrowed|simulate-research-query.execution.taskSupport|BREAKING",
    ]);
    assert.equal(code, 1);
  } finally {
    removeDir(dir);
  }
});

Deno.test("proxar diff: a case change is DOCUMENTATION for words, POTENTIALLY_BREAKING for identifiers", async () => {
  for (const [a, b] of [["case_before", "case_after"], ["case_after", "case_before"]]) {
    const { code, found, report } = await diff(c(a!), c(b!));
    assert.deepEqual(found, [
      "tool.description.changed|search_issues.description|DOCUMENTATION",
      "tool.description.changed|set_state.description|POTENTIALLY_BREAKING",
      "tool.input.description.changed|set_state.inputSchema.properties.issueId.description|POTENTIALLY_BREAKING",
    ]);
    assert.equal(code, 0);
    const prose = (path: string) =>
      report.changes.find((x: { path: string }) => x.path === path).prose;
    const flip = a === "case_after";
    const pair = (o: string, n: string) => flip ? { old: n, new: o } : { old: o, new: n };
    // An enum value of the contract, and a backticked token (whole, parts included).
    assert.deepEqual(prose("set_state.description"), {
      severity: "POTENTIALLY_BREAKING",
      step: "identifierCase",
      caseChange: pair("OPEN", "open"),
    });
    assert.deepEqual(
      prose("set_state.inputSchema.properties.issueId.description").caseChange,
      pair("Issue.Id", "issue.id"),
    );
    assert.equal(prose("search_issues.description").step, "equal");
  }
});

Deno.test("proxar diff follows a rename through: the pair is compared, properties get rename hints", async () => {
  for (const [a, b] of [["rename_before", "rename_after"], ["rename_after", "rename_before"]]) {
    const forward = a === "rename_before";
    const [oldTool, newTool] = forward
      ? ["search_issues", "find_issues"]
      : ["find_issues", "search_issues"];
    const [oldId, newId] = forward ? ["id", "issueId"] : ["issueId", "id"];
    const [oldAt, newAt] = forward ? ["closedAt", "closed_at"] : ["closed_at", "closedAt"];
    const { code, found, report } = await diff(c(a!), c(b!));
    assert.deepEqual(
      found,
      [
        `tool.removed|${oldTool}|BREAKING`,
        `tool.added|${newTool}|NON_BREAKING`,
        // The renamed tool compared with its old self, under the new name.
        `tool.description.changed|${newTool}.description|POTENTIALLY_BREAKING`,
        `tool.annotations.${
          forward ? "safetyWeakened" : "safetyClaimed"
        }|${newTool}.annotations.readOnlyHint|POTENTIALLY_BREAKING`,
        `tool.execution.taskSupport.narrowed|${newTool}.execution.taskSupport|BREAKING`,
        // A property renamed: both findings keep their severity and get a hint.
        `tool.input.property.removed|close_issue.inputSchema.properties.${oldId}|BREAKING`,
        "tool.input.required.added|close_issue.inputSchema.required|BREAKING",
        `tool.output.property.removed|close_issue.outputSchema.properties.${oldAt}|BREAKING`,
        `tool.output.property.added|close_issue.outputSchema.properties.${newAt}|NON_BREAKING`,
      ].sort(),
    );
    assert.equal(code, 1);
    const by = (rule: string) =>
      report.changes.find((x: { rule: string }) => x.rule === rule) as {
        message: string;
        hint?: string;
      };
    assert.match(
      by("tool.description.changed").message,
      new RegExp(`\\(tool renamed from "${oldTool}"\\)$`),
    );
    assert.equal(by("tool.removed").hint, `renamed to "${newTool}"?`);
    assert.equal(by("tool.input.property.removed").hint, `renamed to "${newId}"?`);
    assert.equal(by("tool.input.required.added").hint, `"${newId}" renamed from "${oldId}"?`);
    assert.equal(by("tool.output.property.removed").hint, `renamed to "${newAt}"?`);
    assert.equal(by("tool.output.property.added").hint, `renamed from "${oldAt}"?`);
  }
});

Deno.test("proxar diff compares each extension and experimental capability on its own, both ways", async () => {
  let { code, found } = await diff(c("caps_before"), c("caps_after"));
  assert.deepEqual(found, [
    "server.capability.added|server.capabilities.experimental.x-audit|NON_BREAKING",
    "server.capability.changed|server.capabilities.extensions.example.com/ui|POTENTIALLY_BREAKING",
    "server.capability.removed|server.capabilities.extensions.io.modelcontextprotocol/tasks|BREAKING",
  ]);
  assert.equal(code, 1);
  ({ code, found } = await diff(c("caps_after"), c("caps_before")));
  assert.deepEqual(found, [
    "server.capability.added|server.capabilities.extensions.io.modelcontextprotocol/tasks|NON_BREAKING",
    "server.capability.changed|server.capabilities.extensions.example.com/ui|POTENTIALLY_BREAKING",
    "server.capability.removed|server.capabilities.experimental.x-audit|BREAKING",
  ]);
  assert.equal(code, 1);
});

Deno.test("proxar diff: an empty experimental capability dropped or added passes the gate, both ways", async () => {
  // experimental: {} names no capability (the MCP Python SDK announces it when none is
  // registered; the TypeScript SDK leaves it out).
  let { code, found, report } = await diff(
    c("caps_experimental_empty_before"),
    c("caps_experimental_empty_after"),
  );
  assert.deepEqual(found, [
    "server.capability.removed|server.capabilities.experimental|NON_BREAKING",
  ]);
  assert.equal(code, 0);
  assert.equal(
    report.changes[0].message,
    'The server no longer announces the "experimental" capability, which was empty: it named no experimental capability, so none went away',
  );
  ({ code, found } = await diff(
    c("caps_experimental_empty_after"),
    c("caps_experimental_empty_before"),
  ));
  assert.deepEqual(found, [
    "server.capability.added|server.capabilities.experimental|NON_BREAKING",
  ]);
  assert.equal(code, 0);
});

Deno.test("proxar diff grades listChanged or subscribe turned on as extended only where the MCP specification defines them", async () => {
  // The same flags inside experimental and extensions entries are their authors' options.
  let { code, found } = await diff(c("caps_offers_before"), c("caps_offers_after"));
  assert.deepEqual(found, [
    "server.capability.changed|server.capabilities.experimental.acme/push|POTENTIALLY_BREAKING",
    "server.capability.changed|server.capabilities.extensions.example.com/ui|POTENTIALLY_BREAKING",
    "server.capability.extended|server.capabilities.resources|NON_BREAKING",
    "server.capability.extended|server.capabilities.tools|NON_BREAKING",
  ]);
  assert.equal(code, 0);
  ({ code, found } = await diff(c("caps_offers_after"), c("caps_offers_before")));
  assert.deepEqual(found, [
    "server.capability.changed|server.capabilities.experimental.acme/push|POTENTIALLY_BREAKING",
    "server.capability.changed|server.capabilities.extensions.example.com/ui|POTENTIALLY_BREAKING",
    "server.capability.changed|server.capabilities.resources|POTENTIALLY_BREAKING",
    "server.capability.changed|server.capabilities.tools|POTENTIALLY_BREAKING",
  ]);
  assert.equal(code, 0);
});

Deno.test("proxar diff: dropping capabilities that listed nothing and a newer protocol revision pass the gate", async () => {
  // Modelled on tavily-mcp: 0.2.3 announced prompts and resources and listed neither; a later
  // release stopped announcing them, and its SDK answered 2025-06-18 instead of 2025-03-26.
  let { code, found, report } = await diff(c("caps_unlisted_before"), c("caps_unlisted_after"));
  assert.deepEqual(found, [
    "server.capability.removed|server.capabilities.prompts|NON_BREAKING",
    // resources/read may still have served links its tools returned, which no list names.
    "server.capability.removed|server.capabilities.resources|POTENTIALLY_BREAKING",
    "server.protocolVersion.changed|server.protocolVersion|NON_BREAKING",
    "server.version.changed|server.serverInfo.version|DOCUMENTATION",
  ]);
  assert.equal(code, 0);
  assert.deepEqual(
    report.changes.filter((c: { rule: string }) => c.rule === "server.capability.removed")
      .map((c: { message: string }) => c.message),
    [
      'The server no longer announces the "resources" capability, under which the old contract listed nothing; clients may still have read resources by URI, such as links its tools returned',
      'The server no longer announces the "prompts" capability, under which the old contract listed nothing',
    ],
  );
  // Back again: the capabilities are added, the protocol revision (and the version) is older.
  ({ code, found } = await diff(c("caps_unlisted_after"), c("caps_unlisted_before")));
  assert.deepEqual(found, [
    "server.capability.added|server.capabilities.prompts|NON_BREAKING",
    "server.capability.added|server.capabilities.resources|NON_BREAKING",
    "server.protocolVersion.changed|server.protocolVersion|POTENTIALLY_BREAKING",
    "server.version.bumpInsufficient|server.serverInfo.version|POTENTIALLY_BREAKING",
    "server.version.changed|server.serverInfo.version|DOCUMENTATION",
  ]);
  assert.equal(code, 0); // the default threshold fails on BREAKING only
  // A prompt listed under the dropped capability keeps it BREAKING.
  ({ code, found } = await diff(c("caps_listed_before"), c("caps_unlisted_after")));
  assert.deepEqual(found, [
    "prompt.removed|research|BREAKING",
    "server.capability.removed|server.capabilities.prompts|BREAKING",
    "server.capability.removed|server.capabilities.resources|POTENTIALLY_BREAKING",
    "server.protocolVersion.changed|server.protocolVersion|NON_BREAKING",
    // 0.2.3 → 0.2.11 with a BREAKING change: a patch bump is not enough.
    "server.version.bumpInsufficient|server.serverInfo.version|POTENTIALLY_BREAKING",
    "server.version.changed|server.serverInfo.version|DOCUMENTATION",
  ]);
  assert.equal(code, 1);
});

Deno.test("proxar diff: a dropped capability whose list the old file leaves out warns, and a snapshot of the file keeps it left out", async () => {
  // The same tavily-mcp 0.2.3 contract, hand-written without its prompts, resources and
  // templates lists: not captured is not "none", so the server may have served prompts.
  const dir = tempDir();
  try {
    const old = join(dir, "old.json");
    writeFileSync(old, readFileSync(join(FIXTURES, c("caps_left_out_before")), "utf8"));
    const next = join(FIXTURES, c("caps_unlisted_after"));
    const expected = [
      "server.capability.removed|server.capabilities.prompts|POTENTIALLY_BREAKING",
      "server.capability.removed|server.capabilities.resources|POTENTIALLY_BREAKING",
      "server.protocolVersion.changed|server.protocolVersion|NON_BREAKING",
      "server.version.changed|server.serverInfo.version|DOCUMENTATION",
    ];
    let { code, found, report } = await diff(old, next);
    assert.deepEqual(found, expected);
    assert.equal(code, 0); // warned, not failed: the default threshold fails on BREAKING
    assert.equal(
      report.changes.find((x: { path: string }) => x.path.endsWith("prompts")).message,
      'The server no longer announces the "prompts" capability; the old contract does not record prompts (the list is left out, not empty), so whether the server served any cannot be told',
    );
    const hash = report.old.hash;
    // A snapshot of the file leaves the lists out too, with the hash the file always had.
    const snap = join(dir, "snap.json");
    const written = await runCli(["snapshot", old, "--out", snap]);
    assert.equal(written.code, 0, written.stderr);
    const text = readFileSync(snap, "utf8");
    assert.equal(JSON.parse(text).hash, hash);
    // Its summary says which lists were not captured rather than counting them as none.
    assert.match(
      written.stdout,
      /, \d+ tools, prompts not captured, resources not captured, resource templates not captured \(sha256:/,
    );
    assert.deepEqual(Object.keys(JSON.parse(text)).filter((k) => k.endsWith("s")), [
      "capabilities",
      "tools",
    ]);
    ({ code, found, report } = await diff(snap, next));
    assert.deepEqual(found, expected);
    assert.equal(report.old.hash, hash);
    // The lists recorded as empty: the same file with them, same hash, passes as before.
    ({ code, found, report } = await diff(c("caps_unlisted_before"), c("caps_unlisted_after")));
    assert.equal(report.old.hash, hash);
    assert.equal(found[0], "server.capability.removed|server.capabilities.prompts|NON_BREAKING");
  } finally {
    removeDir(dir);
  }
});
