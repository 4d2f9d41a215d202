/**
 * The relay's framing: lines survive any chunking, and the envelope read from a large
 * message's ends always agrees with parsing it whole.
 */
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import fc from "fast-check";
import { LineSplitter } from "../../../mcp/proxy/line_splitter.ts";
import { envelope, peek } from "../../../mcp/proxy/peek.ts";

Deno.test("LineSplitter yields the same lines however the bytes are chunked", () => {
  fc.assert(
    fc.property(
      fc.array(fc.string({ minLength: 1 }).filter((s) => !s.includes("\n") && !s.endsWith("\r"))),
      fc.array(fc.nat(40), { minLength: 1 }),
      (lines, cuts) => {
        const bytes = Buffer.from(lines.map((l) => `${l}\n`).join(""));
        const seen: string[] = [];
        const split = new LineSplitter((line) => seen.push(line.toString()));
        let at = 0;
        for (let i = 0; at < bytes.length; i++) {
          const size = 1 + cuts[i % cuts.length]!;
          split.push(bytes.subarray(at, at + size));
          at += size;
        }
        assert.deepEqual(seen, lines);
      },
    ),
  );
});

Deno.test("LineSplitter drops a line over the limit and keeps the next", () => {
  const seen: string[] = [];
  const oversize: number[] = [];
  const split = new LineSplitter((line) => seen.push(line.toString()), {
    max: 10,
    onOversize: (n) => oversize.push(n),
  });
  split.push(Buffer.from("0123456789ABC"));
  split.push(Buffer.from("DEF\nok\r\n"));
  assert.deepEqual(seen, ["ok"]);
  assert.deepEqual(oversize, [13]);
});

const id = fc.oneof(fc.integer(), fc.string({ maxLength: 12 }));
const payload = fc.dictionary(
  fc.constantFrom("id", "method", "text", "result", "jsonrpc", "data"),
  fc.oneof(fc.string({ minLength: 0, maxLength: 30 }), fc.integer(), id),
  { maxKeys: 5 },
);
/**
 * A string of 20,000 to about 21,200 characters, arbitrary in the 600 at either end (the part
 * peek() reads is 512 bytes), and in the middle a short arbitrary unit repeated: generating every
 * one of 20,000 characters made this the slowest property of the suite for nothing it could find.
 */
const largeFiller = fc.tuple(
  fc.string({ maxLength: 600 }),
  fc.string({ minLength: 1, maxLength: 8 }),
  fc.string({ maxLength: 600 }),
).map(([head, unit, tail]) => head + unit.repeat(Math.ceil(20_000 / unit.length)) + tail);
/** Small messages are read at their ends too (the whole line is one "end"). */
const filler = fc.oneof(
  largeFiller,
  fc.string({ maxLength: 200 }),
  fc.string({ unit: "grapheme", maxLength: 40 }),
);
const message = fc.oneof(
  fc.record({ jsonrpc: fc.constant("2.0"), id, result: fc.record({ p: payload, big: filler }) }),
  fc.record({ result: fc.record({ big: filler, p: payload }), jsonrpc: fc.constant("2.0"), id }),
  fc.record({
    jsonrpc: fc.constant("2.0"),
    id,
    error: fc.record({ code: fc.integer(), message: filler }),
  }),
  fc.record({
    method: fc.string({ maxLength: 20 }),
    params: fc.record({ p: payload, big: filler }),
    jsonrpc: fc.constant("2.0"),
    id,
  }),
  fc.record({
    jsonrpc: fc.constant("2.0"),
    method: fc.string({ maxLength: 20 }),
    params: fc.record({ big: filler, p: payload }),
  }),
  fc.record({
    method: fc.string({ maxLength: 20 }),
    params: fc.record({ id, big: filler }),
    jsonrpc: fc.constant("2.0"),
  }),
);

Deno.test("peek() reads the same envelope from a message's ends as from parsing it, large or small", () => {
  fc.assert(
    fc.property(message, (value) => {
      const line = Buffer.from(JSON.stringify(value));
      assert.deepEqual(peek(line), envelope(JSON.parse(line.toString())));
    }),
    { numRuns: 300 },
  );
});

Deno.test("peek() parses a message whose id or method is not ASCII, and one with its id in the middle", () => {
  for (
    const value of [
      { jsonrpc: "2.0", id: "ünï", result: {} },
      { method: "tools/cäll", params: {}, jsonrpc: "2.0", id: 1 },
      { jsonrpc: "2.0", method: "tools/list", id: 7, params: {} },
      { jsonrpc: "2.0", method: "notifications/progress", params: { id: 3 } },
    ]
  ) {
    const line = Buffer.from(JSON.stringify(value));
    assert.deepEqual(peek(line), envelope(value));
  }
});

Deno.test("peek() rejects lines that are not JSON-RPC messages", () => {
  for (const text of ["debug: hello", "[1,2]", '{"jsonrpc":"2.0"}', "null"]) {
    assert.equal(peek(Buffer.from(text)), undefined);
  }
});
