import assert from "node:assert/strict";
import fc from "fast-check";
import { escapePointerToken, pointerOf, pointerTokens } from "../../core/json.ts";

Deno.test("pointerOf() escapes each token as RFC 6901 asks, and pointerTokens() reads it back", () => {
  const token = fc.oneof(
    fc.string({ unit: fc.constantFrom("a", "~", "/", "0", "1", "é") }),
    fc.nat({ max: 20 }),
  );
  fc.assert(fc.property(fc.array(token, { maxLength: 5 }), (tokens) => {
    const reference = tokens
      .map((t) => "/" + String(t).replaceAll("~", "~0").replaceAll("/", "~1"))
      .join("");
    assert.equal(pointerOf(tokens), reference);
    assert.deepEqual(pointerTokens(pointerOf(tokens)), tokens.map(String));
  }));
  assert.equal(escapePointerToken("a/b~c"), "a~1b~0c");
  assert.equal(escapePointerToken("~1"), "~01");
  assert.equal(escapePointerToken(7), "7");
  assert.equal(pointerOf([]), "");
});
