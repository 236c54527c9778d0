import type { MediaKind } from '@darkroom/core';

/** How many leading bytes are enough to tell every format below apart. */
export const SNIFF_BYTES = 4096;

export interface SniffedMedia {
  kind: Extract<MediaKind, 'IMAGE' | 'VIDEO'>;
  contentType: string;
}

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0): boolean =>
  bytes.length >= offset + signature.length &&
  signature.every((byte, index) => bytes[offset + index] === byte);

const ascii = (bytes: Uint8Array, start: number, end: number): string =>
  Buffer.from(bytes.subarray(start, end)).toString('latin1');

// ISO base media files (MP4, MOV, AVIF, HEIF) name what they hold in the `ftyp` box's brands.
const IMAGE_BRANDS: Readonly<Record<string, string>> = {
  avif: 'image/avif',
  avis: 'image/avif',
  heic: 'image/heic',
  heix: 'image/heic',
  mif1: 'image/heif',
  msf1: 'image/heif',
};
const QUICKTIME_ATOMS = new Set(['moov', 'mdat', 'wide', 'free', 'skip', 'pnot']);

function sniffIsoMedia(bytes: Uint8Array): SniffedMedia | null {
  if (bytes.length < 12) return null;
  const box = ascii(bytes, 4, 8);
  if (box !== 'ftyp') {
    return QUICKTIME_ATOMS.has(box) ? { kind: 'VIDEO', contentType: 'video/quicktime' } : null;
  }
  const size = Buffer.from(bytes).readUInt32BE(0);
  const end = Math.min(bytes.length, Math.max(16, size));
  const brands = [ascii(bytes, 8, 12)];
  for (let offset = 16; offset + 4 <= end; offset += 4)
    brands.push(ascii(bytes, offset, offset + 4));
  // The major brand decides; an image brand among the compatible ones only when no video one leads.
  const major = brands[0] ?? '';
  if (major === 'qt  ') return { kind: 'VIDEO', contentType: 'video/quicktime' };
  const imageType = IMAGE_BRANDS[major];
  if (imageType !== undefined) return { kind: 'IMAGE', contentType: imageType };
  return { kind: 'VIDEO', contentType: 'video/mp4' };
}

// WebM is Matroska with the `webm` DocType inside the leading EBML header.
function sniffMatroska(bytes: Uint8Array): SniffedMedia | null {
  if (!startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3])) return null;
  const header = ascii(bytes, 0, Math.min(bytes.length, 64));
  return header.includes('webm')
    ? { kind: 'VIDEO', contentType: 'video/webm' }
    : { kind: 'VIDEO', contentType: 'video/x-matroska' };
}

function sniffSvg(bytes: Uint8Array): SniffedMedia | null {
  const text = Buffer.from(bytes)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (!text.startsWith('<')) return null;
  // XML prologue, comments and doctype may come first; the root element must be <svg>.
  const withoutPreamble = text.replace(
    /^(?:<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<!DOCTYPE[^>]*>|\s)+/i,
    '',
  );
  return /^<svg[\s>]/i.test(withoutPreamble)
    ? { kind: 'IMAGE', contentType: 'image/svg+xml' }
    : null;
}

/**
 * What an object really is, from its first bytes (never its name): an image format sharp can
 * read or a PDF, an MP4, QuickTime or WebM video, or null for anything else.
 */
export function sniffMedia(bytes: Uint8Array): SniffedMedia | null {
  const image = (contentType: string): SniffedMedia => ({ kind: 'IMAGE', contentType });
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return image('image/jpeg');
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return image('image/png');
  if (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a') return image('image/gif');
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return image('image/webp');
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a])) {
    return image('image/tiff');
  }
  if (
    startsWith(bytes, [0xff, 0x0a]) ||
    startsWith(bytes, [0, 0, 0, 0x0c, 0x4a, 0x58, 0x4c, 0x20])
  ) {
    return image('image/jxl');
  }
  if (ascii(bytes, 0, 2) === 'BM' && bytes.length >= 26) return image('image/bmp');
  // Delivery rasterises a PDF's pages with poppler (render's input/pdf.ts): an image to index.
  if (ascii(bytes, 0, 5) === '%PDF-') return image('application/pdf');
  return sniffIsoMedia(bytes) ?? sniffMatroska(bytes) ?? sniffSvg(bytes);
}
