/**
 * Text fed to a hash as UTF-8 through one reused buffer (see {@link utf8Into}).
 * @module
 */
import type { Sha256 } from "./sha256.ts";

/** How many UTF-16 code units {@link utf8Into} encodes at a time, at most. */
const CHUNK = 1 << 16;

/** Pieces up to this long are encoded here, code unit by code unit, not by the encoder. */
const SHORT = 64;

const encoder = new TextEncoder();

/**
 * Feeds text to a hash as UTF-8 through one reused buffer: handing strings to `update` made a
 * buffer per piece, and a contract's worth of them stayed in memory until collected. Pieces are
 * encoded one after another into the buffer, which goes to the hash when full: a tool too large
 * to copy whole comes in many small pieces (a view of the buffer for each cost more memory than
 * a copy of the tool, and a call to the encoder more time than encoding it here). A long text goes
 * in chunks, not through a buffer three times its length. `flush` feeds what the buffer holds.
 */
export function utf8Into(hash: Sha256): { write(text: string): void; flush(): void } {
  // UTF-8 takes at most three bytes per UTF-16 code unit.
  const buffer = new Uint8Array(CHUNK * 3);
  let used = 0;
  const flush = () => {
    if (used > 0) hash.update(buffer.subarray(0, used));
    used = 0;
  };
  return {
    write: (text) => {
      const n = text.length;
      if (used + n * 3 > buffer.length) flush();
      if (n <= SHORT) used = encodeShort(text, buffer, used);
      else if (n <= CHUNK) used += encoder.encodeInto(text, buffer.subarray(used)).written;
      else {
        flush();
        for (let at = 0; at < n;) {
          let end = Math.min(at + CHUNK, n);
          // A chunk ends before the high half of a surrogate pair, not between its halves (the
          // text is well formed: lone halves take the slow path before this).
          const last = text.charCodeAt(end - 1);
          if (end < n && last >= 0xd800 && last <= 0xdbff) end--;
          hash.update(buffer.subarray(0, encoder.encodeInto(text.slice(at, end), buffer).written));
          at = end;
        }
      }
    },
    flush,
  };
}

/**
 * Encodes `text` as UTF-8 into `buffer` from `at`, as TextEncoder does (a lone surrogate is
 * U+FFFD); returns the offset after it.
 */
function encodeShort(text: string, buffer: Uint8Array, at: number): number {
  for (let i = 0; i < text.length; i++) {
    let c = text.charCodeAt(i);
    if (c < 0x80) {
      buffer[at++] = c;
      continue;
    }
    if (c < 0x800) {
      buffer[at++] = 0xc0 | (c >> 6);
      buffer[at++] = 0x80 | (c & 0x3f);
      continue;
    }
    if (c >= 0xd800 && c <= 0xdfff) {
      const d = text.charCodeAt(i + 1);
      if (c <= 0xdbff && d >= 0xdc00 && d <= 0xdfff) {
        const point = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
        buffer[at++] = 0xf0 | (point >> 18);
        buffer[at++] = 0x80 | ((point >> 12) & 0x3f);
        buffer[at++] = 0x80 | ((point >> 6) & 0x3f);
        buffer[at++] = 0x80 | (point & 0x3f);
        i++;
        continue;
      }
      c = 0xfffd;
    }
    buffer[at++] = 0xe0 | (c >> 12);
    buffer[at++] = 0x80 | ((c >> 6) & 0x3f);
    buffer[at++] = 0x80 | (c & 0x3f);
  }
  return at;
}
