/**
 * Property rename hints: one to one, by equal schemas first, then by schemas the same but for a
 * reworded description or title (@postman/postman-mcp-server 2.12.0 → 2.13.0's folderId → folder).
 */
import assert from "node:assert/strict";
import type { JsonObject } from "../../../core/json.ts";
import { classifyProse } from "../../../core/prose.ts";
import { compareSchemaSide } from "../../../core/schema/compare_tool.ts";

/** `name: hint` of every delta of an input schema change that has a hint. */
function hints(before: JsonObject, after: JsonObject): string[] {
  const schema = (properties: JsonObject): JsonObject => ({ type: "object", properties });
  return compareSchemaSide(
    schema(before),
    schema(after),
    { side: "input", basePath: "t", basePointer: "" },
    (a, b) => classifyProse(a, b),
  ).filter((d) => d.hint).map((d) => `${d.path.slice(d.path.lastIndexOf(".") + 1)}: ${d.hint}`)
    .sort();
}

const text = (description: string, extra: JsonObject = {}) => ({
  type: "string",
  description,
  ...extra,
});
const WILL =
  "The folder ID. By default, the system will create the request at the collection level.";
const DOES = "The folder ID. By default, the system creates the request at the collection level.";

Deno.test("hintPropertyRenames() pairs a property whose description was reworded, both ways", () => {
  assert.deepEqual(hints({ folderId: text(WILL) }, { folder: text(DOES) }), [
    'folder: renamed from "folderId"?',
    'folderId: renamed to "folder"?',
  ]);
  assert.deepEqual(hints({ folder: text(DOES) }, { folderId: text(WILL) }), [
    'folder: renamed to "folderId"?',
    'folderId: renamed from "folder"?',
  ]);
  // A nested title reworded too.
  const nested = (title: string) => ({ type: "array", items: { type: "string", title } });
  assert.deepEqual(
    hints({ tags: nested("The name of a tag attached to the request") }, {
      labels: nested("The name of a tag attached to this request"),
    }),
    [
      'labels: renamed from "tags"?',
      'tags: renamed to "labels"?',
    ],
  );
});

Deno.test("hintPropertyRenames() pairs no property whose description says something else, or whose schema differs", () => {
  const limit = { type: "integer", description: "The maximum number of requests to return." };
  const offset = { type: "integer", description: "The number of requests to skip." };
  assert.deepEqual(hints({ limit }, { offset }), []);
  // The same description beside another type, format or default is no rewording.
  assert.deepEqual(hints({ folderId: text(WILL) }, { folder: text(DOES, { format: "uuid" }) }), []);
  // A description added or dropped (step 2 of the classifier) is no rewording either.
  assert.deepEqual(hints({ folderId: text(WILL) }, { folder: { type: "string" } }), []);
  // A limit changed in the text is a marker, not a rewording.
  assert.deepEqual(
    hints({ size: text("Page size, at most 50 items per page.") }, {
      pageSize: text("Page size, at most 100 items per page."),
    }),
    [],
  );
});

Deno.test("hintPropertyRenames() pairs only one to one, an equal schema first", () => {
  // Two added, each the removed one reworded: undecidable, so neither is said.
  assert.deepEqual(
    hints({ folderId: text(WILL) }, { folder: text(DOES), parent: text(`${DOES}`) }),
    [],
  );
  assert.deepEqual(
    hints({ folderId: text(WILL), parentId: text(WILL) }, { folder: text(DOES) }),
    [],
  );
  // An equal twin wins over a reworded one, and the reworded one is left without a hint.
  assert.deepEqual(hints({ folderId: text(WILL) }, { folder: text(WILL), parent: text(DOES) }), [
    'folder: renamed from "folderId"?',
    'folderId: renamed to "folder"?',
  ]);
});

Deno.test("hintPropertyRenames() compares no prose past 64 pairs of one shape in one object", () => {
  // An object rewritten whole: 9 × 9 string properties, each description reworded.
  const side = (prefix: string, said: string, n: number) =>
    Object.fromEntries(
      Array.from({ length: n }, (_, i) => [`${prefix}${i}`, text(`${said} of field ${i} x.`)]),
    );
  const runs = (n: number) => {
    let count = 0;
    const found = compareSchemaSide(
      { type: "object", properties: side("a", "The value", n) },
      { type: "object", properties: side("b", "The values", n) },
      { side: "input", basePath: "t", basePointer: "" },
      (a, b) => (count++, classifyProse(a, b)),
    ).filter((d) => d.hint).length;
    return { count, found };
  };
  assert.deepEqual(runs(9), { count: 0, found: 0 });
  // At 8 × 8 they are compared, and none is a rewording of two others.
  assert.deepEqual(runs(8), { count: 64, found: 16 });
});

Deno.test("hintPropertyRenames() takes its classifier runs from one budget for the diff", () => {
  // Review of e878839: 100 tools × 16 reworded properties cost 256 runs each, unbounded.
  const object = (name: string, said: string) => ({
    type: "object",
    properties: { [name]: text(said) },
  });
  let count = 0;
  const classify = (a: string | undefined, b: string | undefined) => (count++, classifyProse(a, b));
  const proseRuns = { left: 2 };
  const side = () =>
    compareSchemaSide(object("folderId", WILL), object("folder", DOES), {
      side: "input",
      basePath: "t",
      basePointer: "",
      proseRuns,
    }, classify).filter((d) => d.hint).length;
  // Two runs: two tools hinted, the third left out with the budget spent.
  assert.deepEqual([side(), side(), side()], [2, 2, 0]);
  assert.deepEqual({ count, left: proseRuns.left }, { count: 2, left: 0 });
});

Deno.test("hintPropertyRenames() classifies no texts whose lengths are far apart", () => {
  let count = 0;
  const found = compareSchemaSide(
    { type: "object", properties: { folderId: text(WILL) } },
    { type: "object", properties: { folder: text("The folder ID.") } },
    { side: "input", basePath: "t", basePointer: "" },
    (a, b) => (count++, classifyProse(a, b)),
  ).filter((d) => d.hint);
  assert.deepEqual({ count, found: found.length }, { count: 0, found: 0 });
});

/** `name: hint` of every delta of a change on `side`, the object at `properties.plan`. */
function sideHints(side: "input" | "output", before: JsonObject, after: JsonObject): string[] {
  const schema = (properties: JsonObject): JsonObject => ({ type: "object", properties });
  return compareSchemaSide(
    schema(before),
    schema(after),
    { side, basePath: "t", basePointer: "" },
    (a, b) => classifyProse(a, b),
  ).filter((d) => d.hint).map((d) => `${d.rule} ${d.path}: ${d.hint}`).sort();
}

Deno.test("hintPropertyRenames() pairs a name in another case or separator style, whatever its schema, both sides", () => {
  // @azure/mcp 3.0.0-beta.46: recovery-job → recoveryjob, "recovery job" → "recoveryjob" in its
  // description, which the classifier does not call a rewording.
  const before = { "recovery-job": text("The name of the recovery job.") };
  const after = { recoveryjob: text("The name of the recoveryjob.") };
  assert.deepEqual(hints(before, {}), []);
  for (const side of ["input", "output"] as const) {
    assert.deepEqual(sideHints(side, before, after), [
      `tool.${side}.property.added t.properties.recoveryjob: renamed from "recovery-job"?`,
      `tool.${side}.property.removed t.properties.recovery-job: renamed to "recoveryjob"?`,
    ]);
    // Another type too: the name still tells.
    assert.deepEqual(sideHints(side, { userId: text("x") }, { user_id: { type: "integer" } }), [
      `tool.${side}.property.added t.properties.user_id: renamed from "userId"?`,
      `tool.${side}.property.removed t.properties.userId: renamed to "user_id"?`,
    ]);
  }
  // The same name wins over an equal schema, which is then left without a hint.
  assert.deepEqual(
    hints({ "recovery-plan": text("A") }, { recoveryplan: text("B"), plan: text("A") }),
    ['recovery-plan: renamed to "recoveryplan"?', 'recoveryplan: renamed from "recovery-plan"?'],
  );
  // Unrelated names get none, and two added with one name in two styles get none either.
  assert.deepEqual(hints({ "recovery-job": text("A") }, { recoveryplan: text("B") }), []);
  assert.deepEqual(
    hints({ "recovery-job": text("A") }, { recoveryjob: text("B"), recoveryJob: text("C") }),
    [],
  );
});

Deno.test("hintPropertyRenames() pairs no property whose description turned its bound into the opposite", () => {
  // min_price "Minimum price in USD" → max_price "Maximum price in USD": another limit, not a
  // rename (the classifier reads minimum and maximum as markers).
  const price = (said: string) => ({ type: "number", description: said });
  assert.deepEqual(
    hints({ min_price: price("Minimum price in USD") }, {
      max_price: price("Maximum price in USD"),
    }),
    [],
  );
  assert.deepEqual(
    hints({ max_price: price("Maximum price in USD") }, {
      min_price: price("Minimum price in USD"),
    }),
    [],
  );
  // The same bound reworded still pairs.
  assert.deepEqual(
    hints({ max_price: price("Maximum price in USD") }, {
      price_cap: price("Maximum price, in USD"),
    }),
    ['max_price: renamed to "price_cap"?', 'price_cap: renamed from "max_price"?'],
  );
});

/** `name: hint` of every delta with a hint, of `side` from `before` to `after` (whole schemas). */
function wholeHints(side: "input" | "output", before: JsonObject, after: JsonObject): string[] {
  return compareSchemaSide(
    before,
    after,
    { side, basePath: "t", basePointer: "" },
    (a, b) => classifyProse(a, b),
  ).filter((d) => d.hint).map((d) => `${d.path.slice(d.path.lastIndexOf(".") + 1)}: ${d.hint}`)
    .sort();
}

Deno.test("hintPropertyRenames() pairs the one required property swapped for another whose name holds its words, of a type in common, its schema changed, both ways, both sides", () => {
  const object = (properties: JsonObject, required: string[]): JsonObject => ({
    type: "object",
    properties,
    required,
  });
  // @runpod/mcp-server 3.3.0 → 4.0.0's get-gpu-type: gpuTypeId (described) → id (not), beside
  // arguments removed and added; creem 1.4.5 → 1.9.0's products-create: request → an object of
  // more properties under createProductRequestEntity. Both read as removed and added, no hint.
  const gpu = object({
    gpuTypeId: { type: "string", description: "ID of the GPU type to retrieve" },
    includeAvailability: { type: "boolean" },
  }, ["gpuTypeId"]);
  const byId = object({ id: { type: "string" }, count: { type: "integer" } }, ["id"]);
  const product = (name: string, extra: JsonObject) =>
    object({ [name]: object({ name: { type: "string" }, ...extra }, ["name"]) }, [name]);
  const request = product("request", {});
  const entity = product("createProductRequestEntity", { image_urls: { type: "array" } });
  for (const side of ["input", "output"] as const) {
    for (
      const [a, b, x, y] of [[gpu, byId, "gpuTypeId", "id"], [
        request,
        entity,
        "request",
        "createProductRequestEntity",
      ]] as const
    ) {
      for (const [before, after, from, to] of [[a, b, x, y], [b, a, y, x]] as const) {
        const got = wholeHints(side, before, after);
        assert.ok(got.includes(`${from}: renamed to "${to}"?`), `${side} ${from} → ${to}: ${got}`);
        assert.equal(got.length, 2, `${side} ${from} → ${to}: ${got}`);
        assert.ok(got.some((h) => h.endsWith(`renamed from "${from}"?`)), `${side}: ${got}`);
      }
    }
  }
  // Names that share no word (Claude Code's TodoWrite item id → activeForm), types that meet in
  // none, two required properties gone for one, or optional ones: no hint.
  for (
    const [before, after] of [
      [
        object({ id: { type: "string" } }, ["id"]),
        object({ activeForm: { type: "string", minLength: 1 } }, ["activeForm"]),
      ],
      [
        object({ podId: { type: "string" } }, ["podId"]),
        object({ id: { type: "integer" } }, ["id"]),
      ],
      [
        object({ podId: { type: "string" }, endpointId: { type: "string" } }, [
          "podId",
          "endpointId",
        ]),
        object({ id: { type: "string" } }, ["id"]),
      ],
      [
        object({ podId: { type: "string", description: "The pod to read" } }, []),
        object({ id: { type: "string" } }, []),
      ],
    ] as const
  ) {
    for (const side of ["input", "output"] as const) {
      assert.deepEqual(wholeHints(side, before, after), [], `${side} ${JSON.stringify(after)}`);
      assert.deepEqual(wholeHints(side, after, before), [], `${side} ${JSON.stringify(before)}`);
    }
  }
});

Deno.test("hintPropertyRenames() pairs equal schemas of no more than a type only under related names or both required, both ways, both sides", () => {
  const object = (properties: JsonObject, required: string[]): JsonObject => ({
    type: "object",
    properties,
    required,
  });
  const bare = { type: "string" };
  const pair = (from: string, to: string) => [
    `${from}: renamed to "${to}"?`,
    `${to}: renamed from "${from}"?`,
  ];
  const cases: [JsonObject, JsonObject, string, string, boolean][] = [
    // dub 0.61.0 → 0.64.6 partners-analytics: programId (required) → query (optional), a bare
    // string each: no rename.
    [
      object({ programId: bare }, ["programId"]),
      object({ query: bare }, []),
      "programId",
      "query",
      false,
    ],
    // Optional on both sides, names unrelated: no more evidence.
    [object({ programId: bare }, []), object({ query: bare }, []), "programId", "query", false],
    // Required on both sides: @unkey/api 2.0.0 → 2.1.4 identities-update-identity.
    [
      object({ externalId: bare }, ["externalId"]),
      object({ identity: bare }, ["identity"]),
      "externalId",
      "identity",
      true,
    ],
    // Related names, optional: the words of one within the other, or one respelt.
    [object({ userId: bare }, []), object({ id: bare }, []), "userId", "id", true],
    [object({ colour: bare }, []), object({ color: bare }, []), "colour", "color", true],
    // A schema that says more than its type: unrelated names, optional, still a rename.
    [
      object({ programId: { type: "string", format: "uuid" } }, []),
      object({ query: { type: "string", format: "uuid" } }, []),
      "programId",
      "query",
      true,
    ],
  ];
  for (const [a, b, x, y, renamed] of cases) {
    for (const [before, after, from, to] of [[a, b, x, y], [b, a, y, x]] as const) {
      for (const side of ["input", "output"] as const) {
        const got = wholeHints(side, before, after);
        const required = (after.required as string[]).includes(to);
        const want = !renamed
          ? []
          : required
          ? [`${from}: renamed to "${to}"?`, `required: "${to}" renamed from "${from}"?`]
          : pair(from, to).sort();
        assert.deepEqual(got, want, `${side} ${from} → ${to}`);
      }
    }
  }
  // A bare string removed beside two added: the one of a related name is its twin.
  assert.deepEqual(
    wholeHints("input", object({ userId: bare }, []), object({ id: bare, query: bare }, [])),
    pair("userId", "id").sort(),
  );
});

Deno.test("hintPropertyRenames() pairs a property under a related name whose text gained a phrase, both ways", () => {
  // convex 1.27.0 → 1.32.0's logs: limit → entriesLimit, "(from the end)" added. The classifier
  // grades the texts on similarity (edit 0.854, overlap 0.833: neither high nor low), so the
  // reworded step did not pair them; the related names tell.
  const schema = (description: string) => ({
    type: "integer",
    exclusiveMinimum: 0,
    maximum: 1000,
    description,
  });
  const OLD =
    "Maximum number of log entries to return. If omitted, returns all available in this chunk.";
  const NEW =
    "Maximum number of log entries to return (from the end). If omitted, returns all available in this chunk.";
  assert.deepEqual(hints({ limit: schema(OLD) }, { entriesLimit: schema(NEW) }), [
    'entriesLimit: renamed from "limit"?',
    'limit: renamed to "entriesLimit"?',
  ]);
  assert.deepEqual(hints({ entriesLimit: schema(NEW) }, { limit: schema(OLD) }), [
    'entriesLimit: renamed to "limit"?',
    'limit: renamed from "entriesLimit"?',
  ]);
  // Unrelated names with the same texts get none; nor do related ones whose text changed a
  // marker (a number), nor two related ones added for one removed.
  assert.deepEqual(hints({ limit: schema(OLD) }, { count: schema(NEW) }), []);
  assert.deepEqual(
    hints({ limit: schema(OLD) }, {
      entriesLimit: schema(NEW.replace("return", "return, 10 at most,")),
    }),
    [],
  );
  assert.deepEqual(
    hints({ limit: schema(OLD) }, { entriesLimit: schema(NEW), pageLimit: schema(NEW) }),
    [],
  );
});

Deno.test("hintPropertyRenames() pairs schemas the same but for a $schema whose change reads no value otherwise, both ways, both sides", () => {
  const d7 = "http://json-schema.org/draft-07/schema#";
  const d2020 = "https://json-schema.org/draft/2020-12/schema";
  const object = (properties: JsonObject): JsonObject => ({ type: "object", properties });
  // @smartbear/mcp 0.40.0 → 0.41.0 zephyr_get_issue_link_test_cases: result, with the $schema
  // zod 4 wrote inside it, → testCases without it. The format is read alike by 2020-12 and the
  // default (2020-12).
  const cases = (dialect: string) => ({
    type: "array",
    items: { type: "object", properties: { self: { type: "string", format: "uri" } } },
    $schema: dialect,
  });
  const { $schema: _, ...bare } = cases(d2020);
  // Or one draft for another: draft-07 → 2020-12 where no keyword they read apart is used.
  const plain = { type: "array", items: { type: "string" }, minItems: 1 };
  const pairs: [JsonObject, JsonObject, boolean][] = [
    [cases(d2020), bare, true],
    [{ ...plain, $schema: d7 }, { ...plain, $schema: d2020 }, true],
    // Undecidable as one schema: draft-07 asserts the format that the default reads as an
    // annotation, so the two accept different values; no hint.
    [cases(d7), bare, false],
    // A keyword the drafts read apart (items as a list): no hint either.
    [
      { type: "array", items: [{ type: "string" }], $schema: d7 },
      { type: "array", items: [{ type: "string" }] },
      false,
    ],
  ];
  for (const [a, b, renamed] of pairs) {
    for (
      const [before, after, from, to] of [[a, b, "result", "testCases"], [
        b,
        a,
        "testCases",
        "result",
      ]] as const
    ) {
      for (const side of ["input", "output"] as const) {
        const got = wholeHints(side, object({ [from]: before }), object({ [to]: after }));
        const want = renamed
          ? [`${from}: renamed to "${to}"?`, `${to}: renamed from "${from}"?`]
          : [];
        assert.deepEqual(got, want.sort(), `${side} ${from} → ${to} ${JSON.stringify(before)}`);
      }
    }
  }
  // Two added alike: which one it became is undecidable, so neither is said.
  assert.deepEqual(
    wholeHints(
      "output",
      object({ result: cases(d2020) }),
      object({ testCases: bare, cases: bare }),
    ),
    [],
  );
});

Deno.test("hintPropertyRenames() reads a new required property that is also property.added as one, both ways, both sides", () => {
  const list = { type: "array", items: { type: "string" }, minItems: 1 };
  const object = (name: string, closed: boolean): JsonObject => ({
    type: "object",
    properties: { [name]: list },
    required: [name],
    ...closed ? { additionalProperties: false } : {},
  });
  // obsidian-mcp-server 3.1.5 → 3.2.9, @smartbear/mcp 0.41.0 → 0.40.0: a required property
  // added to an output object the old schema closed reads property.added and required.added;
  // the two candidates of one name made the rename undecidable, so neither was hinted.
  for (const closed of [true, false]) {
    for (const [from, to] of [["testCases", "result"], ["result", "testCases"]] as const) {
      for (const side of ["input", "output"] as const) {
        const got = wholeHints(side, object(from, closed), object(to, false));
        assert.ok(got.includes(`${from}: renamed to "${to}"?`), `${side} ${closed} ${got}`);
        assert.ok(got.includes(`required: "${to}" renamed from "${from}"?`), `${side} ${got}`);
      }
    }
  }
  // Undecidable: two new required properties alike, each read twice, are still two.
  const two: JsonObject = {
    type: "object",
    properties: { result: list, cases: list },
    required: ["result", "cases"],
  };
  assert.deepEqual(wholeHints("output", object("testCases", true), two), []);
});
