/**
 * Recognises the executable format and processor of a compiled binary from its first bytes, so
 * the build can check a cross-compiled binary it cannot run.
 * @module
 */

/** The formats Proxar ships binaries in. */
export type BinaryFormat = "elf-x64" | "elf-arm64" | "macho-x64" | "macho-arm64" | "pe-x64";

const ELF_MACHINES: Record<number, BinaryFormat> = { 0x3e: "elf-x64", 0xb7: "elf-arm64" };
const MACHO_CPUS: Record<number, BinaryFormat> = {
  0x01000007: "macho-x64",
  0x0100000c: "macho-arm64",
};
const PE_MACHINES: Record<number, BinaryFormat> = { 0x8664: "pe-x64" };

/**
 * The format of the executable whose first bytes are `head` (4 KiB suffice), or undefined when it
 * is none of {@link BinaryFormat}.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { binaryFormat } from "./_binary_format.ts";
 * const head = new Uint8Array(64);
 * head.set([0x7f, 0x45, 0x4c, 0x46, 2, 1]);
 * head[18] = 0xb7;
 * assert.equal(binaryFormat(head), "elf-arm64");
 * ```
 */
export function binaryFormat(head: Uint8Array): BinaryFormat | undefined {
  if (head.length < 64) return undefined;
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
  // ELF, 64-bit, little-endian: e_machine at offset 18.
  if (view.getUint32(0) === 0x7f454c46 && head[4] === 2 && head[5] === 1) {
    return ELF_MACHINES[view.getUint16(18, true)];
  }
  // Mach-O 64-bit, little-endian (magic 0xfeedfacf): cputype at offset 4.
  if (view.getUint32(0, true) === 0xfeedfacf) return MACHO_CPUS[view.getUint32(4, true)];
  // PE: "MZ", the PE header's offset at 0x3c, "PE\0\0", then the machine.
  if (head[0] === 0x4d && head[1] === 0x5a) {
    const pe = view.getUint32(0x3c, true);
    if (pe + 6 > head.length || view.getUint32(pe) !== 0x50450000) return undefined;
    return PE_MACHINES[view.getUint16(pe + 4, true)];
  }
  return undefined;
}
