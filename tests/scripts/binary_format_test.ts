import assert from "node:assert/strict";
import { binaryFormat } from "../../scripts/_binary_format.ts";

function bytes(length: number, writes: [number, number[]][]): Uint8Array {
  const head = new Uint8Array(length);
  for (const [offset, values] of writes) head.set(values, offset);
  return head;
}

const elf = (machine: number) =>
  bytes(64, [[0, [0x7f, 0x45, 0x4c, 0x46, 2, 1]], [18, [machine & 0xff, machine >> 8]]]);
const macho = (cpu: number[]) => bytes(64, [[0, [0xcf, 0xfa, 0xed, 0xfe]], [4, cpu]]);
const pe = (machine: number[]) =>
  bytes(256, [[0, [0x4d, 0x5a]], [0x3c, [0x80, 0, 0, 0]], [0x80, [0x50, 0x45, 0, 0, ...machine]]]);

Deno.test("binaryFormat() recognises each shipped platform's executable header", () => {
  assert.equal(binaryFormat(elf(0x3e)), "elf-x64");
  assert.equal(binaryFormat(elf(0xb7)), "elf-arm64");
  assert.equal(binaryFormat(macho([0x07, 0, 0, 0x01])), "macho-x64");
  assert.equal(binaryFormat(macho([0x0c, 0, 0, 0x01])), "macho-arm64");
  assert.equal(binaryFormat(pe([0x64, 0x86])), "pe-x64");
});

Deno.test("binaryFormat() rejects other processors, other formats and short input", () => {
  assert.equal(binaryFormat(elf(0x28)), undefined); // 32-bit ARM
  assert.equal(binaryFormat(pe([0x64, 0xaa])), undefined); // Windows on ARM
  assert.equal(binaryFormat(bytes(64, [[0, [0x23, 0x21]]])), undefined); // a "#!" script
  assert.equal(binaryFormat(elf(0x3e).subarray(0, 20)), undefined);
  assert.equal(binaryFormat(bytes(64, [[0, [0x4d, 0x5a]], [0x3c, [0xff, 0, 0, 0]]])), undefined);
});
