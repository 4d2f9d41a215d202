import assert from "node:assert/strict";
import fc from "fast-check";
import { type Contract, emptyContract } from "../../core/contract.ts";
import { changedPairs, type EntityPairs, pairEntities } from "../../core/pairing.ts";
import { classifyProse } from "../../core/prose.ts";
import { type Finding, findsNothingInEqualPairs, type Rule } from "../../core/rule.ts";
import { diffContracts } from "../../core/engine.ts";
import { createRegistry } from "../../core/registry.ts";
import { toolSchemaDeltas } from "../../core/schema/compare_tool.ts";
import { builtinRules } from "../../rules/mod.ts";

const word = fc.constantFrom("a", "b", "c");
const prose = fc.constantFrom("Finds items", "Finds all items", "Never deletes", "");
const schema = fc.oneof(
  fc.constant({ type: "object" }),
  fc.record({
    type: fc.constant("object"),
    properties: fc.dictionary(word, fc.constantFrom({ type: "string" }, { type: "integer" })),
    required: fc.uniqueArray(word, { maxLength: 2 }),
  }),
);
const tool = fc.record({
  name: word,
  title: prose,
  description: prose,
  inputSchema: schema,
  outputSchema: schema,
  annotations: fc.record({
    readOnlyHint: fc.boolean(),
    destructiveHint: fc.boolean(),
    title: prose,
    "x-risk": word,
  }, { requiredKeys: [] }),
  icons: fc.array(fc.record({ src: fc.constantFrom("https://x.example/a.png", "data:") })),
  _meta: fc.record({ owner: word }),
  execution: fc.record({ taskSupport: fc.constantFrom("forbidden", "optional", "required", 3) }),
  "x-vendor": fc.nat(2),
}, { requiredKeys: ["name", "inputSchema"] });
const prompt = fc.record({
  name: word,
  description: prose,
  arguments: fc.array(
    fc.record({ name: word, description: prose, required: fc.boolean() }, {
      requiredKeys: ["name"],
    }),
    { maxLength: 2 },
  ),
}, { requiredKeys: ["name"] });
const resource = fc.record({
  uri: fc.constantFrom("file:///a", "file:///b"),
  name: word,
  description: prose,
  mimeType: fc.constantFrom("text/plain", "application/json"),
  size: fc.nat(3),
  annotations: fc.record(
    { priority: fc.constantFrom(0, 0.5, 1), audience: fc.constant(["user"]) },
    {
      requiredKeys: [],
    },
  ),
}, { requiredKeys: ["uri", "name"] });
const template = fc.record({
  uriTemplate: fc.constantFrom("file:///{a}", "file:///{b}"),
  name: word,
  description: prose,
}, { requiredKeys: ["uriTemplate", "name"] });

function reversed(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reversed);
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(Object.entries(value).reverse().map(([k, v]) => [k, reversed(v)]));
}

/** Two lists: the second keeps some entries of the first (some key-reversed) and adds others. */
function sides<T>(entry: fc.Arbitrary<T>): fc.Arbitrary<[T[], T[]]> {
  return fc.tuple(fc.array(entry, { maxLength: 3 }), fc.array(entry, { maxLength: 2 }))
    .chain(([a, extra]) =>
      fc.tuple(
        fc.constant(a),
        fc.subarray(a).map((kept) => [
          ...kept.map((e, i) => (i % 2 === 0 ? e : reversed(e) as T)),
          ...extra,
        ]),
      )
    );
}

const contracts = fc.record({
  tools: sides(tool),
  prompts: sides(prompt),
  resources: sides(resource),
  resourceTemplates: sides(template),
}).map(({ tools, prompts, resources, resourceTemplates }) => {
  const side = (i: 0 | 1): Contract => ({
    ...emptyContract(),
    tools: tools[i] as Contract["tools"],
    prompts: prompts[i] as unknown as Contract["prompts"],
    resources: resources[i] as unknown as Contract["resources"],
    resourceTemplates: resourceTemplates[i] as unknown as Contract["resourceTemplates"],
  });
  return [side(0), side(1)] as const;
});

Deno.test("every built-in rule finds the same with changedPairs() as with every pair", () => {
  const classify = (a: string | undefined, b: string | undefined) => classifyProse(a, b);
  let skipped = 0;
  fc.assert(
    fc.property(contracts, ([old, next]) => {
      const all = pairEntities(old, next);
      const changed = changedPairs(all);
      skipped += all.tools.paired.length - changed.tools.paired.length;
      const deltas = toolSchemaDeltas(all, classify);
      const run = (pairs: EntityPairs) =>
        builtinRules.flatMap((rule) => {
          const found: (Finding & { rule: string })[] = [];
          rule.check({
            old,
            new: next,
            pairs,
            schemaDeltas: (id) => deltas.get(id) ?? [],
            allSchemaDeltas: () => [...deltas.values()].flat(),
            classifyProse: classify,
            findings: () => [],
            report: (f) => void found.push({ ...f, rule: rule.meta.id }),
          });
          return found;
        });
      assert.deepEqual(run(changed), run(all), JSON.stringify([old, next]));
    }),
    { numRuns: 400 },
  );
  assert.ok(skipped > 0, "no generated pair was equal");
});

Deno.test("a rule a library user registers sees every pair, equal ones too; built-in rules see the changed ones", () => {
  const seen: Record<string, string[]> = {};
  const spy = (id: string): Rule => ({
    meta: { id, severity: "NON_BREAKING", summary: "s", rationale: "r", examples: [] },
    check: ({ pairs }) => void (seen[id] = pairs.tools.paired.map((p) => p.new.name)),
  });
  const user = spy("acme.tool.seen");
  const builtin = spy("acme.builtin.seen");
  findsNothingInEqualPairs([builtin]);
  const get = { name: "get", inputSchema: { type: "object" } };
  const old: Contract = { ...emptyContract(), tools: [get, { ...get, name: "put" }] };
  const next: Contract = {
    ...old,
    instructions: "Call get first.",
    tools: [get, { ...get, name: "put", description: "Stores" }],
  };
  diffContracts(old, next, { registry: createRegistry([...builtinRules, user, builtin]) });
  assert.deepEqual(seen, { "acme.tool.seen": ["get", "put"], "acme.builtin.seen": ["put"] });
});
