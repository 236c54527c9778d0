// imgix `iptc=allow` (IPTC passthrough for JPEG): the origin's IPTC block, which JPEG keeps in
// an APP13 "Photoshop 3.0" segment, is copied into the rendered JPEG. libvips strips metadata
// (sharp has no IPTC-only switch), so the segment is moved across as bytes.

const SOI = 0xd8;
const SOS = 0xda;
const APP13 = 0xed;
const PHOTOSHOP = Buffer.from('Photoshop 3.0\0', 'latin1');

interface Segment {
  marker: number;
  /** Offset of the 0xFF that starts the segment. */
  start: number;
  /** Offset just past the segment. */
  end: number;
}

/** The marker segments before the image data, or null when `jpeg` is not a JPEG. */
function segments(jpeg: Uint8Array): Segment[] | null {
  if (jpeg[0] !== 0xff || jpeg[1] !== SOI) return null;
  const found: Segment[] = [];
  let offset = 2;
  while (offset + 4 <= jpeg.length && jpeg[offset] === 0xff) {
    const marker = jpeg[offset + 1] ?? 0;
    if (marker === SOS) break;
    const length = ((jpeg[offset + 2] ?? 0) << 8) | (jpeg[offset + 3] ?? 0);
    const end = offset + 2 + length;
    if (length < 2 || end > jpeg.length) return null;
    found.push({ marker, start: offset, end });
    offset = end;
  }
  return found;
}

/** The origin's IPTC segments (APP13 Photoshop blocks), as bytes; empty when it has none. */
export function iptcSegments(origin: Uint8Array): Buffer[] {
  return (segments(origin) ?? [])
    .filter(({ marker, start, end }) => {
      if (marker !== APP13 || end - start < 4 + PHOTOSHOP.length) return false;
      return PHOTOSHOP.equals(origin.subarray(start + 4, start + 4 + PHOTOSHOP.length));
    })
    .map(({ start, end }) => Buffer.from(origin.subarray(start, end)));
}

/**
 * `output` with `iptc` inserted after its application segments that must come first (APP0
 * JFIF, APP1 EXIF/XMP), where readers look for APP13.
 */
export function withIptc(output: Buffer, iptc: readonly Buffer[]): Buffer {
  if (iptc.length === 0) return output;
  const found = segments(output);
  if (found === null) return output;
  const leading = found.filter(({ marker }) => marker >= 0xe0 && marker <= 0xe1);
  const at = leading.length > 0 ? (leading.at(-1)?.end ?? 2) : 2;
  return Buffer.concat([output.subarray(0, at), ...iptc, output.subarray(at)]);
}
