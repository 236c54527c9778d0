/** The JFIF APP0 fields of a JPEG (JFIF 1.02), as ImageIO names them in imgix's `fm=json`. */
export interface JfifFields {
  JFIFVersion: [number, number];
  DensityUnit: number;
  XDensity: number;
  YDensity: number;
}

/** Walks the JPEG's marker segments up to the first scan and reads APP0 `JFIF\0` if present. */
export function readJfif(bytes: Uint8Array): JfifFields | undefined {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return undefined;
  let at = 2;
  while (at + 4 <= bytes.length && bytes[at] === 0xff) {
    const marker = bytes[at + 1] ?? 0;
    // Start of scan: entropy-coded data follows, no more headers.
    if (marker === 0xda) return undefined;
    const length = ((bytes[at + 2] ?? 0) << 8) | (bytes[at + 3] ?? 0);
    const body = at + 4;
    if (
      marker === 0xe0 &&
      length >= 16 &&
      String.fromCharCode(...bytes.subarray(body, body + 5)) === 'JFIF\0'
    ) {
      const byte = (offset: number) => bytes[body + offset] ?? 0;
      return {
        JFIFVersion: [byte(5), byte(6)],
        DensityUnit: byte(7),
        XDensity: (byte(8) << 8) | byte(9),
        YDensity: (byte(10) << 8) | byte(11),
      };
    }
    at += 2 + length;
  }
  return undefined;
}
