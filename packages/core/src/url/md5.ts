// A small, dependency-free MD5 (RFC 1321) so URL signing runs the same in the browser and on
// the server. MD5 is what imgix-compatible signatures are defined with; it is not used for secrets.

const SHIFTS = [
  7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14,
  20, 5, 9, 14, 20, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 6, 10, 15, 21, 6,
  10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21,
];

const CONSTANTS = Array.from({ length: 64 }, (_, index) =>
  Math.floor(Math.abs(Math.sin(index + 1)) * 2 ** 32),
);

/** Returns the lowercase hex MD5 digest of the UTF-8 encoding of `text`. */
export function md5Hex(text: string): string {
  const message = new TextEncoder().encode(text);
  const paddedLength = (((message.length + 8) >>> 6) + 1) * 64;
  const bytes = new Uint8Array(paddedLength);
  bytes.set(message);
  bytes[message.length] = 0x80;
  const view = new DataView(bytes.buffer);
  const bitLength = message.length * 8;
  view.setUint32(paddedLength - 8, bitLength >>> 0, true);
  view.setUint32(paddedLength - 4, Math.floor(bitLength / 2 ** 32), true);

  let a0 = 0x67452301;
  let b0 = 0xefcdab89;
  let c0 = 0x98badcfe;
  let d0 = 0x10325476;
  const words = new Uint32Array(16);

  for (let offset = 0; offset < paddedLength; offset += 64) {
    for (let index = 0; index < 16; index += 1)
      words[index] = view.getUint32(offset + index * 4, true);
    let a = a0;
    let b = b0;
    let c = c0;
    let d = d0;
    for (let round = 0; round < 64; round += 1) {
      let mixed: number;
      let wordIndex: number;
      if (round < 16) {
        mixed = (b & c) | (~b & d);
        wordIndex = round;
      } else if (round < 32) {
        mixed = (d & b) | (~d & c);
        wordIndex = (5 * round + 1) % 16;
      } else if (round < 48) {
        mixed = b ^ c ^ d;
        wordIndex = (3 * round + 5) % 16;
      } else {
        mixed = c ^ (b | ~d);
        wordIndex = (7 * round) % 16;
      }
      const sum = (mixed + a + (CONSTANTS[round] ?? 0) + (words[wordIndex] ?? 0)) >>> 0;
      const shift = SHIFTS[round] ?? 0;
      a = d;
      d = c;
      c = b;
      b = (b + ((sum << shift) | (sum >>> (32 - shift)))) >>> 0;
    }
    a0 = (a0 + a) >>> 0;
    b0 = (b0 + b) >>> 0;
    c0 = (c0 + c) >>> 0;
    d0 = (d0 + d) >>> 0;
  }

  return [a0, b0, c0, d0]
    .map((word) =>
      Array.from({ length: 4 }, (_, byte) =>
        ((word >>> (byte * 8)) & 0xff).toString(16).padStart(2, '0'),
      ).join(''),
    )
    .join('');
}
