/**
 * An enum's message lists at most 20 values and counts the rest: a country enum of 244 codes added
 * to a free string read as one message of 1,600 characters (@polar-sh/sdk 0.34.17 → 0.36.2,
 * customers-create's billing_address.country). The finding's old and new values keep every one.
 */
import assert from "node:assert/strict";
import type { JsonValue } from "../../../core/json.ts";
import { diffContracts } from "../../../core/engine.ts";
import { contractFromValue } from "../../../core/load_contract.ts";
import { registry } from "./_schema_helpers.ts";

function changes(a: JsonValue, b: JsonValue) {
  const wrap = (country: JsonValue) =>
    contractFromValue({
      tools: [{ name: "t", inputSchema: { type: "object", properties: { country } } }],
    });
  return diffContracts(wrap(a), wrap(b), { registry }).changes;
}

const codes = Array.from({ length: 30 }, (_, i) => `C${String(i).padStart(2, "0")}`);
const quoted = (list: string[]) => list.map((c) => `"${c}"`).join(", ");

Deno.test("diff lists at most 20 values of an enum in its message and counts the rest", () => {
  const [restricted] = changes({ type: "string" }, { type: "string", enum: codes });
  assert.equal(
    restricted!.message,
    `t.inputSchema.properties.country: allowed values narrowed (now restricted to 30 values: ${
      quoted(codes.slice(0, 20))
    } and 10 more)`,
  );
  assert.deepEqual(restricted!.new, codes);
  const [grown] = changes({ type: "string", enum: codes.slice(0, 5) }, {
    type: "string",
    enum: codes,
  });
  assert.equal(
    grown!.message,
    `t.inputSchema.properties.country: allowed values widened (added 25 values: ${
      quoted(codes.slice(5, 25))
    } and 5 more)`,
  );
  // Twenty or fewer are listed whole, as before.
  const [few] = changes({ type: "string", enum: codes.slice(0, 10) }, {
    type: "string",
    enum: codes.slice(0, 30),
  });
  assert.equal(
    few!.message,
    `t.inputSchema.properties.country: allowed values widened (added ${quoted(codes.slice(10))})`,
  );
  const [short] = changes({ type: "string" }, { type: "string", enum: codes.slice(0, 20) });
  assert.equal(
    short!.message,
    `t.inputSchema.properties.country: allowed values narrowed (now restricted to ${
      quoted(codes.slice(0, 20))
    })`,
  );
});
