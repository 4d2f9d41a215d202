import assert from "node:assert/strict";
import { contractHash } from "../../core/hash.ts";
import { contractFromValue } from "../../core/load_contract.ts";

Deno.test("contractHash() ignores key order and tool order", () => {
  const a = contractFromValue(
    JSON.parse(
      '{"tools":[{"name":"b","inputSchema":{"type":"object","title":"T"}},{"name":"a","inputSchema":{}}]}',
    ),
  );
  const b = contractFromValue(
    JSON.parse(
      '{"tools":[{"name":"a","inputSchema":{}},{"inputSchema":{"title":"T","type":"object"},"name":"b"}]}',
    ),
  );
  assert.equal(contractHash(a), contractHash(b));
  assert.match(contractHash(a), /^sha256:[0-9a-f]{64}$/);
});

Deno.test("contractHash() hashes hostile text with lone surrogates instead of failing", () => {
  const lone = contractFromValue(
    JSON.parse('{"tools":[{"name":"a","description":"x\\ud800y","inputSchema":{}}]}'),
  );
  const clean = contractFromValue(
    JSON.parse('{"tools":[{"name":"a","description":"xy","inputSchema":{}}]}'),
  );
  assert.match(contractHash(lone), /^sha256:[0-9a-f]{64}$/);
  assert.notEqual(contractHash(lone), contractHash(clean));
});

Deno.test("contractHash() hashes a list left out as an empty one, as before lists were marked captured", () => {
  // Pins store these hashes: a contract that leaves lists out keeps the hash it always had.
  const tools = [{ name: "a", inputSchema: {} }];
  assert.equal(
    contractHash(contractFromValue({ tools })),
    "sha256:8f1f7911352478ee9c24ecab1fe214756920b7a846e846b3ef425b15d170b7d9",
  );
  const snapshot = {
    proxar: 1,
    server: { name: "s", version: "1" },
    capabilities: { prompts: {} },
    tools,
  };
  const hash = "sha256:ba0edd567199971f3af35def32827411b35ce9ab46322743af52a7180f17fa35";
  assert.equal(contractHash(contractFromValue(snapshot)), hash);
  const recorded = { ...snapshot, prompts: [], resources: [], resourceTemplates: [] };
  assert.equal(contractHash(contractFromValue(recorded)), hash);
  assert.deepEqual(contractFromValue(snapshot).uncaptured, [
    "prompts",
    "resources",
    "resourceTemplates",
  ]);
  assert.equal(contractFromValue(recorded).uncaptured, undefined);
});
