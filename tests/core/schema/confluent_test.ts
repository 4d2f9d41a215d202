/**
 * Confluent Schema Registry's JSON Schema compatibility examples (vendored with their source in
 * tests/fixtures/confluent/cases.json), run as input schema changes. Every case where Proxar and
 * Confluent disagree must be listed, with its reason, in tests/fixtures/confluent/disagreements.json
 * (rendered into docs/schema-coverage.md), and nothing else may be listed there.
 */
import assert from "node:assert/strict";
import {
  compareWithConfluent,
  confluentCases,
  confluentReasons,
} from "../../../scripts/_confluent_cases.ts";

Deno.test("Confluent's compatibility examples disagree with Proxar exactly where a reason is written", () => {
  const { source, cases } = confluentCases();
  assert.equal(source.repository, "confluentinc/schema-registry");
  assert.equal(cases.length, 217);
  const { agree, disagreements } = compareWithConfluent(cases);
  const listed = confluentReasons();
  assert.deepEqual(disagreements.map((d) => d.case).sort(), listed.map((r) => r.case).sort());
  assert.equal(agree, cases.length - listed.length);
  for (const reason of listed) {
    assert.ok(["seed convention", "known limit", "Proxar is stricter"].includes(reason.kind));
  }
});

Deno.test("Confluent's incompatible examples that Proxar passes are none: no real break is lost", () => {
  const { disagreements } = compareWithConfluent(confluentCases().cases);
  const missed = disagreements.filter((d) => !d.compatible);
  // Adding an optional input property to an open object: the seed's convention, not a lost break.
  assert.deepEqual(missed.map((d) => d.case), [
    "draft-07: Detect property added to open content model",
    "2020-12: Detect property added to open content model",
  ]);
});
