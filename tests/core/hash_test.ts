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
