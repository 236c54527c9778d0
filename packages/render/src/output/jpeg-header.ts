import type sharp from 'sharp';

// Reads what rendering needs from a JPEG's header in JavaScript, for the common case: 8-bit
// baseline or progressive, grey or colour. sharp's metadata() costs a trip through the thread
// pool and a libvips load (plus the EXIF and ICC blocks copied out as buffers) on every
// uncached render; this walk over the markers takes microseconds. Anything it does not fully
// understand answers null, and the caller asks sharp as before: a cheaper path, never a
// different answer.

const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
const APP1 = 0xe1;
const APP2 = 0xe2;
/** Start-of-frame markers this reader accepts: baseline, extended sequential, progressive. */
const PLAIN_FRAMES: ReadonlySet<number> = new Set([0xc0, 0xc1, 0xc2]);
/** Every other start-of-frame marker (lossless, hierarchical, arithmetic): left to sharp. */
const OTHER_FRAMES: ReadonlySet<number> = new Set([
  0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf,
]);
const ORIENTATION_TAG = 0x0112;
const SHORT = 3;

interface Frame {
  width: number;
  height: number;
  channels: 1 | 3;
  progressive: boolean;
}

/** True when bytes[start, end) begins with `signature` (ASCII, NUL included as written). */
function startsWith(bytes: Uint8Array, start: number, end: number, signature: string): boolean {
  if (end - start < signature.length) return false;
  for (let index = 0; index < signature.length; index += 1) {
    if (bytes[start + index] !== signature.charCodeAt(index)) return false;
  }
  return true;
}

/**
 * The orientation in an EXIF block's first image directory (TIFF at `tiff`, ending at `end`):
 * undefined when the tag is absent, null when the block is not one this reader can trust.
 */
function exifOrientation(view: DataView, tiff: number, end: number): number | undefined | null {
  if (end - tiff < 8) return null;
  const order = view.getUint16(tiff);
  if (order !== 0x4949 && order !== 0x4d4d) return null;
  const little = order === 0x4949;
  if (view.getUint16(tiff + 2, little) !== 42) return null;
  const directory = tiff + view.getUint32(tiff + 4, little);
  if (directory + 2 > end) return null;
  const entries = view.getUint16(directory, little);
  if (directory + 2 + entries * 12 > end) return null;
  for (let index = 0; index < entries; index += 1) {
    const entry = directory + 2 + index * 12;
    if (view.getUint16(entry, little) !== ORIENTATION_TAG) continue;
    if (view.getUint16(entry + 2, little) !== SHORT || view.getUint32(entry + 4, little) !== 1) {
      return null;
    }
    const orientation = view.getUint16(entry + 8, little);
    return orientation >= 1 && orientation <= 8 ? orientation : null;
  }
  return undefined;
}

/**
 * sharp's metadata for an 8-bit baseline or progressive JPEG with one or three components,
 * read from its markers; null for any other file, or one whose header is not plain.
 */
export function readJpegHeader(bytes: Uint8Array): sharp.Metadata | null {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== SOI) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let offset = 2;
  let frame: Frame | null = null;
  let orientation: number | undefined;
  let exifSeen = false;
  let hasProfile = false;
  for (;;) {
    if (offset + 4 > bytes.length || bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1] ?? 0;
    if (marker === 0xff) {
      // A fill byte before the marker.
      offset += 1;
      continue;
    }
    if (marker === SOI || marker === EOI || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      // Markers without a length have no place in a header: let sharp judge the file.
      return null;
    }
    const length = view.getUint16(offset + 2);
    const start = offset + 4;
    const end = offset + 2 + length;
    if (length < 2 || end > bytes.length) return null;
    if (marker === SOS) break;
    if (marker === APP1 && !exifSeen && startsWith(bytes, start, end, 'Exif\0\0')) {
      // libvips reads the first EXIF block.
      exifSeen = true;
      const found = exifOrientation(view, start + 6, end);
      if (found === null) return null;
      orientation = found;
    } else if (marker === APP2 && startsWith(bytes, start, end, 'ICC_PROFILE\0')) {
      hasProfile = true;
    } else if (OTHER_FRAMES.has(marker)) {
      return null;
    } else if (PLAIN_FRAMES.has(marker)) {
      if (frame !== null || end - start < 6) return null;
      const precision = bytes[start];
      const height = view.getUint16(start + 1);
      const width = view.getUint16(start + 3);
      const components = bytes[start + 5];
      if (precision !== 8 || width === 0 || height === 0) return null;
      if (components !== 1 && components !== 3) return null;
      frame = { width, height, channels: components, progressive: marker === 0xc2 };
    }
    offset = end;
  }
  if (frame === null) return null;
  const turned = (orientation ?? 1) >= 5;
  return {
    format: 'jpeg',
    size: bytes.length,
    width: frame.width,
    height: frame.height,
    autoOrient: {
      width: turned ? frame.height : frame.width,
      height: turned ? frame.width : frame.height,
    },
    space: frame.channels === 1 ? 'b-w' : 'srgb',
    channels: frame.channels,
    depth: 'uchar',
    isProgressive: frame.progressive,
    isPalette: false,
    hasProfile,
    hasAlpha: false,
    ...(orientation !== undefined && { orientation }),
  };
}
