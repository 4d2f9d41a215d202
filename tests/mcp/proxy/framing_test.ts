/**
 * The relay's framing: lines survive any chunking, and the envelope read from a large
 * message's ends always agrees with parsing it whole.
 */
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import fc from "fast-check";
import { PassThrough } from "node:stream";
import { LineSplitter } from "../../../mcp/proxy/line_splitter.ts";
import { Relay } from "../../../mcp/proxy/relay.ts";
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

/**
 * The straightforward framing the splitter must agree with: split the whole input at every
 * newline, drop the unfinished rest, take one carriage return off each line's end, skip empty
 * lines and lines whose bytes before the newline number more than `max`; a line is forwarded
 * with one newline after it.
 */
function referenceLines(bytes: Buffer, max: number): { lines: Buffer[]; oversize: number } {
  const lines: Buffer[] = [];
  let oversize = 0;
  let start = 0;
  for (let end = bytes.indexOf(10); end !== -1; end = bytes.indexOf(10, start)) {
    const raw = bytes.subarray(start, end);
    start = end + 1;
    if (raw.length > max) {
      oversize++;
      continue;
    }
    const line = raw.at(-1) === 13 ? raw.subarray(0, -1) : raw;
    if (line.length > 0) lines.push(line);
  }
  if (bytes.length - start > max) oversize++;
  return { lines, oversize };
}

/** A line's text: arbitrary graphemes (multi-byte UTF-8), carriage returns, or a huge line. */
const lineText = fc.oneof(
  { weight: 5, arbitrary: fc.string({ unit: "grapheme", maxLength: 30 }) },
  { weight: 1, arbitrary: fc.constantFrom("", "\r", "\r\r", "é\r", "{}") },
  {
    weight: 1,
    arbitrary: fc.tuple(fc.string({ unit: "grapheme", minLength: 1, maxLength: 4 }), fc.nat(2))
      .map(([unit, k]) => unit.repeat([100, 5_000, 70_000][k]!)),
  },
).map((text) => text.replaceAll("\n", " "));
const framedInput = fc.tuple(
  fc.array(fc.tuple(lineText, fc.constantFrom("\n", "\r\n")), { maxLength: 12 }),
  fc.oneof(fc.constant(""), lineText),
).map(([lines, rest]) => Buffer.from(lines.map(([text, end]) => text + end).join("") + rest));
/** Cut points: chunk sizes, small ones often (splitting UTF-8 sequences and CRLF pairs). */
const chunkSizes = fc.array(
  fc.oneof(fc.integer({ min: 1, max: 3 }), fc.integer({ min: 1, max: 200 }), fc.constant(65_536)),
  { minLength: 1, maxLength: 8 },
);

function chunked(bytes: Buffer, sizes: number[]): Buffer[] {
  const chunks: Buffer[] = [];
  for (let at = 0, i = 0; at < bytes.length; i++) {
    // Tiny chunks cut a huge line into tens of thousands of pieces and find nothing more there.
    const size = Math.max(sizes[i % sizes.length]!, Math.floor(bytes.length / 500));
    // A fresh copy, as every read is: a view into a shared buffer would hide aliasing bugs.
    chunks.push(Buffer.from(bytes.subarray(at, at + size)));
    at += size;
  }
  return chunks;
}

Deno.test("LineSplitter agrees with splitting the whole input, for any chunking, CRLF, UTF-8 and huge lines", () => {
  fc.assert(
    fc.property(
      framedInput,
      chunkSizes,
      fc.oneof(fc.constant(undefined), fc.integer({ min: 0, max: 400 })),
      (bytes, sizes, max) => {
        const seen: Buffer[] = [];
        let oversize = 0;
        const split = new LineSplitter((line, framed) => {
          assert.deepEqual(framed, Buffer.concat([line, Buffer.from("\n")]));
          seen.push(Buffer.from(line));
        }, { ...(max === undefined ? {} : { max }), onOversize: () => oversize++ });
        for (const chunk of chunked(bytes, sizes)) split.push(chunk);
        const expected = referenceLines(bytes, max ?? Infinity);
        assert.deepEqual(seen, expected.lines);
        assert.equal(oversize, expected.oversize);
      },
    ),
    { numRuns: 300 },
  );
});

Deno.test("LineSplitter hands out a line that arrived whole as views of its chunk, copying nothing", () => {
  const chunk = Buffer.from('{"a":1}\n{"b":2}\r\n{"c"');
  const got: [Buffer, Buffer][] = [];
  new LineSplitter((line, framed) => got.push([line, framed])).push(chunk);
  assert.equal(got.length, 2);
  const [[line, framed]] = got as [[Buffer, Buffer]];
  assert.equal(framed.buffer, chunk.buffer);
  assert.equal(framed.byteOffset, chunk.byteOffset);
  assert.equal(line.buffer, chunk.buffer);
  assert.equal(framed.toString(), '{"a":1}\n');
  assert.equal(got[1]![1].toString(), '{"b":2}\n');
});

/** What a relay between four in-memory streams writes on each side for the chunks it reads. */
async function relayed(
  chunks: { client: Buffer[]; upstream: Buffer[] },
): Promise<{ toUpstream: Buffer; toClient: Buffer; logged: number }> {
  const streams = {
    clientIn: new PassThrough(),
    clientOut: new PassThrough(),
    upstreamIn: new PassThrough(),
    upstreamOut: new PassThrough(),
  };
  const toUpstream: Buffer[] = [];
  const toClient: Buffer[] = [];
  streams.upstreamIn.on("data", (chunk: Buffer) => toUpstream.push(chunk));
  streams.clientOut.on("data", (chunk: Buffer) => toClient.push(chunk));
  let logged = 0;
  new Relay(streams, { log: () => logged++ }).start();
  const n = Math.max(chunks.client.length, chunks.upstream.length);
  for (let i = 0; i < n; i++) {
    if (chunks.client[i]) streams.clientIn.write(chunks.client[i]);
    if (chunks.upstream[i]) streams.upstreamOut.write(chunks.upstream[i]);
    if (i % 3 === 0) await new Promise((done) => setImmediate(done));
  }
  for (let turn = 0; turn < 5; turn++) await new Promise((done) => setImmediate(done));
  return { toUpstream: Buffer.concat(toUpstream), toClient: Buffer.concat(toClient), logged };
}

/** A line from a server: a JSON-RPC notification or response, or a line of noise. */
const upstreamLine = fc.oneof(
  fc.record({ jsonrpc: fc.constant("2.0"), method: fc.string(), params: fc.object() })
    .map((m) => JSON.stringify(m)),
  fc.record({ result: fc.object(), jsonrpc: fc.constant("2.0"), id: fc.nat() })
    .map((m) => JSON.stringify(m)),
  fc.string({ unit: "grapheme", maxLength: 20 }).map((text) => `noise ${text}`),
).map((text) => text.replaceAll("\n", " "));

Deno.test("Relay forwards exactly the framed lines, in order, however the bytes are chunked", async () => {
  await fc.assert(
    fc.asyncProperty(
      framedInput,
      fc.array(fc.tuple(upstreamLine, fc.constantFrom("\n", "\r\n")), { maxLength: 12 }),
      chunkSizes,
      async (fromClient, fromUpstream, sizes) => {
        const upstreamBytes = Buffer.from(fromUpstream.map(([line, end]) => line + end).join(""));
        const out = await relayed({
          client: chunked(fromClient, sizes),
          upstream: chunked(upstreamBytes, [...sizes].reverse()),
        });
        const framed = (lines: Buffer[]) =>
          Buffer.concat(lines.flatMap((line) => [line, Buffer.from("\n")]));
        assert.deepEqual(out.toUpstream, framed(referenceLines(fromClient, Infinity).lines));
        const messages = fromUpstream.filter(([line]) => !line.startsWith("noise "));
        assert.deepEqual(
          out.toClient.toString(),
          messages.map(([line]) => `${line}\n`).join(""),
        );
        assert.equal(out.logged, fromUpstream.length - messages.length);
      },
    ),
    { numRuns: 100 },
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
