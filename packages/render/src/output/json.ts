import type { RenderResult, SourceImage } from '../pipeline/context.ts';
import { facesJson } from '../ai/faces.ts';
import type { DetectedFace } from '../ai/types.ts';
import type { PdfFacts } from '../input/pdf.ts';
import { exifGroups } from './exif-groups.ts';
import { profileDescription } from './icc.ts';
import { readJfif } from './jfif.ts';
import { OUTPUT_MEDIA_TYPES, sourceMediaType } from './media-types.ts';

const BITS_PER_SAMPLE: Record<string, number> = {
  uchar: 8,
  char: 8,
  ushort: 16,
  short: 16,
  uint: 32,
  int: 32,
  float: 32,
  double: 64,
};

function colorModel(space: string | undefined, channels: number | undefined): string {
  if (channels !== undefined && channels <= 2) return 'Gray';
  switch (space) {
    case 'b-w':
    case 'grey16':
      return 'Gray';
    case 'cmyk':
      return 'CMYK';
    case 'lab':
    case 'labs':
      return 'Lab';
    default:
      return 'RGB';
  }
}

/**
 * imgix's `fm=json` answer (docs.imgix.com, "Extract Image Metadata with JSON Output Format"):
 * the origin's properties under ImageIO's names, whatever other parameters the URL carries.
 * Pixel sizes are as stored, one frame for animations, with `Orientation` beside them.
 */
function describeSource(source: SourceImage): Record<string, unknown> {
  const { metadata, bytes } = source;
  const density = metadata.density ?? 72;
  const description: Record<string, unknown> = {
    PixelWidth: metadata.width,
    PixelHeight: metadata.height,
    DPIWidth: density,
    DPIHeight: density,
    Depth: BITS_PER_SAMPLE[metadata.depth ?? 'uchar'] ?? 8,
    ColorModel: colorModel(metadata.space, metadata.channels),
    Orientation: metadata.orientation ?? 1,
    'Content-Type':
      sourceMediaType(source.format, metadata.compression) ?? 'application/octet-stream',
    'Content-Length': String(bytes.byteLength),
  };
  if (source.pdf) Object.assign(description, pdfDescription(source.pdf));
  const profileName = metadata.icc && profileDescription(metadata.icc);
  if (profileName) description['ProfileName'] = profileName;
  if (metadata.hasAlpha) description['HasAlpha'] = true;
  if (source.pages > 1) description['Output'] = { Frames: source.pages };
  Object.assign(description, exifGroups(metadata.exif));
  if (source.format === 'jpeg') {
    description['JFIF'] = { ...readJfif(bytes), IsProgressive: metadata.isProgressive ?? false };
  }
  return description;
}

/**
 * A PDF origin is described by the page rendered (its pixels, above) and by the file itself:
 * its type and length, and a `PDF` group with the page count and the page's size in points.
 * The group's field names are Darkroom's own: no stored imgix page shows a PDF's JSON answer.
 */
function pdfDescription(pdf: PdfFacts): Record<string, unknown> {
  return {
    'Content-Type': 'application/pdf',
    'Content-Length': String(pdf.bytes),
    PDF: { PageCount: pdf.pages, Page: pdf.page, PageWidth: pdf.width, PageHeight: pdf.height },
  };
}

/** `faces`: the detected faces when `faces=1` asked for them (imgix adds a `Faces` list). */
export function jsonResult(
  source: SourceImage,
  faces: readonly DetectedFace[] | null = null,
): RenderResult {
  const description = describeSource(source);
  if (faces !== null) description['Faces'] = facesJson(faces);
  return {
    body: Buffer.from(JSON.stringify(description)),
    contentType: OUTPUT_MEDIA_TYPES.json,
    format: 'json',
    width: null,
    height: null,
    variesOnAccept: false,
    premium: false,
  };
}
