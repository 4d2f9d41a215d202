/**
 * zod 4 writes its own `pattern` beside the `format` of a string format. Added on input where
 * the same format is written on both sides, one of those exact patterns is
 * tool.input.pattern.narrowed POTENTIALLY_BREAKING, not BREAKING; any other pattern, a pattern
 * beside another format, a format added with it, the output side and `not` keep their grade.
 */
import assert from "node:assert/strict";
import type { JsonValue } from "../../../core/json.ts";
import { zodPatterns } from "../../../core/schema/_zod_patterns.ts";
import { catchAll, schemaFindings } from "./_schema_helpers.ts";
import { listed, z4 } from "./_zod_sdk.ts";

// deno-lint-ignore no-explicit-any
const FORMATS: [string, (z: any) => unknown][] = [
  ["email", (z) => z.email()],
  ["uuid", (z) => z.uuid()],
  ["uuidv4", (z) => z.uuidv4()],
  ["uuidv6", (z) => z.uuidv6()],
  ["uuidv7", (z) => z.uuidv7()],
  ["guid", (z) => z.guid()],
  ["emoji", (z) => z.emoji()],
  ["base64", (z) => z.base64()],
  ["base64url", (z) => z.base64url()],
  ["nanoid", (z) => z.nanoid()],
  ["cuid", (z) => z.cuid()],
  ["cuid2", (z) => z.cuid2()],
  ["ulid", (z) => z.ulid()],
  ["xid", (z) => z.xid()],
  ["ksuid", (z) => z.ksuid()],
  ["ipv4", (z) => z.ipv4()],
  ["ipv6", (z) => z.ipv6()],
  ["cidrv4", (z) => z.cidrv4()],
  ["cidrv6", (z) => z.cidrv6()],
  ["e164", (z) => z.e164()],
  ["hostname", (z) => z.hostname()],
  ["date", (z) => z.iso.date()],
  ["duration", (z) => z.iso.duration()],
  ["string().email()", (z) => z.string().email()],
  ["string().datetime()", (z) => z.string().datetime()],
  ...[null, -1, 0, 3, 9].flatMap((precision) =>
    [false, true].flatMap((offset) =>
      [false, true].map((local): [string, (z: typeof z4) => unknown] => [
        `datetime ${JSON.stringify({ precision, offset, local })}`,
        (z) => z.iso.datetime({ precision, offset, local }),
      ])
    )
  ),
];

/** What zod 4 (this project's, through the MCP SDK as a server lists it) writes for each. */
const written = await Promise.all(FORMATS.map(async ([name, make]) => {
  const tools = await listed(z4, (z) => ({ v: make(z) })) as {
    tools: { inputSchema: { properties: { v: { format?: string; pattern?: string } } } }[];
  };
  return [name, tools.tools[0]!.inputSchema.properties.v] as const;
}));

const holder = (s: JsonValue) => ({ type: "object", properties: { v: s } });
const at = (side: string) => `t.${side}Schema.properties.v.pattern`;

Deno.test("zodPatterns() holds every pattern zod 4 writes beside a format", () => {
  const missing = written.filter(([, s]) =>
    s.format !== undefined && s.pattern !== undefined &&
    !zodPatterns().get(s.format)?.has(s.pattern)
  ).map(([name]) => name);
  assert.deepEqual(missing, []);
  // Formats zod writes without a pattern (url, jwt) need no entry.
  assert.ok(written.filter(([, s]) => s.pattern !== undefined).length >= 40);
});

Deno.test("diff grades zod 4's own pattern added beside an unchanged format on input POTENTIALLY_BREAKING", () => {
  for (const [name, s] of written) {
    if (s.format === undefined || s.pattern === undefined) continue;
    const before = holder({ type: "string", format: s.format });
    const after = holder({ type: "string", format: s.format, pattern: s.pattern });
    assert.deepEqual(schemaFindings("input", before, after), [
      `tool.input.pattern.narrowed ${at("input")} POTENTIALLY_BREAKING`,
    ], name);
  }
});

Deno.test("diff keeps a pattern added BREAKING when it is not zod's for that format", () => {
  const email = zodPatterns().get("email")!.values().next().value!;
  const uuid = zodPatterns().get("uuid")!.values().next().value!;
  const pairs: [JsonValue, JsonValue][] = [
    // An author's own pattern.
    [{ type: "string", format: "email" }, { type: "string", format: "email", pattern: "^a" }],
    // zod's uuid pattern beside an email format.
    [{ type: "string", format: "email" }, { type: "string", format: "email", pattern: uuid }],
    // zod's email pattern without a format, or with the format added at the same time.
    [{ type: "string" }, { type: "string", pattern: email }],
  ];
  for (const [a, b] of pairs) {
    assert.deepEqual(schemaFindings("input", holder(a), holder(b)), [
      `tool.input.pattern.narrowed ${at("input")} BREAKING`,
    ], JSON.stringify(b));
  }
  assert.deepEqual(
    schemaFindings(
      "input",
      holder({ type: "string" }),
      holder({ type: "string", format: "email", pattern: email }),
    ),
    [
      "tool.input.format.narrowed t.inputSchema.properties.v.format BREAKING",
      `tool.input.pattern.narrowed ${at("input")} BREAKING`,
    ],
  );
  // The undecidable case: zod's pattern replacing another pattern is compared as languages.
  assert.deepEqual(
    schemaFindings(
      "input",
      holder({ type: "string", format: "email", pattern: "^.+@.+$" }),
      holder({ type: "string", format: "email", pattern: email }),
    ).map((l) => l.split(" ")[2]),
    ["BREAKING"],
  );
});

Deno.test("diff keeps the variance grade of zod's pattern on output, removed, and under not", () => {
  const email = zodPatterns().get("email")!.values().next().value!;
  const plain = holder({ type: "string", format: "email" });
  const zod = holder({ type: "string", format: "email", pattern: email });
  assert.deepEqual(schemaFindings("output", plain, zod), [
    `tool.output.pattern.narrowed ${at("output")} NON_BREAKING`,
  ]);
  assert.deepEqual(schemaFindings("input", zod, plain), [
    `tool.input.pattern.widened ${at("input")} NON_BREAKING`,
  ]);
  assert.deepEqual(schemaFindings("output", zod, plain), [
    `tool.output.pattern.widened ${at("output")} BREAKING`,
  ]);
  const negated = (s: JsonValue) => ({ type: "object", not: s });
  assert.deepEqual(
    schemaFindings(
      "input",
      negated({ type: "string", format: "email" }),
      negated({ type: "string", format: "email", pattern: email }),
    ),
    ["tool.input.pattern.narrowed t.inputSchema.not.pattern NON_BREAKING"],
  );
});

Deno.test("catchAllDiff() leaves zod's pattern added beside an unchanged format on input to the walk", () => {
  const email = zodPatterns().get("email")!.values().next().value!;
  const diff = (side: "input" | "output", a: JsonValue, b: JsonValue) =>
    catchAll(a, b, { side }).map((d) => `${d.rule} ${d.severity}`);
  const plain = holder({ type: "string", format: "email" });
  assert.deepEqual(
    diff("input", plain, holder({ type: "string", format: "email", pattern: email })),
    [],
  );
  assert.deepEqual(
    diff("input", plain, holder({ type: "string", format: "email", pattern: "^a" })),
    [
      "tool.input.keyword.narrowed BREAKING",
    ],
  );
  assert.deepEqual(
    diff("output", plain, holder({ type: "string", format: "email", pattern: email })),
    ["tool.output.keyword.narrowed NON_BREAKING"],
  );
});
