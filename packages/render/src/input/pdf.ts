import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RenderError } from '../pipeline/context.ts';
import { parsePdfInfo, type PdfInfo } from './pdf-info.ts';
import { PopplerFailure, runPoppler } from './poppler.ts';

const PDF_MAGIC = Buffer.from('%PDF-', 'latin1');

/** Whether the bytes are a PDF: its header, `%PDF-` at the start (ISO 32000-1 section 7.5.2). */
export function isPdf(bytes: Uint8Array): boolean {
  return bytes.length >= PDF_MAGIC.length && PDF_MAGIC.every((byte, i) => bytes[i] === byte);
}

/** What the render reports of a PDF origin (`fm=json`) besides the rasterised page's pixels. */
export interface PdfFacts {
  pages: number;
  /** The page rendered, 1-based. */
  page: number;
  /** Its size in points as displayed (after /Rotate). */
  width: number;
  height: number;
  /** The PDF file's size in bytes. */
  bytes: number;
}

export interface PdfRaster {
  png: Buffer;
  facts: PdfFacts;
}

export interface PdfOptions {
  /** imgix `page`: 1-based, 1 by default. */
  page: number;
  /** imgix `pdf-annotation`: false hides the page's annotations (pdftoppm -hide-annotations). */
  annotations: boolean;
  /** The render's pixel budget (RenderLimits.maxInputPixels): poppler never makes more. */
  maxPixels: number;
  signal?: AbortSignal;
}

// pdfinfo prints a few hundred bytes; more is not an answer worth reading.
const INFO_BYTES = 64 * 1024;

/**
 * Rasterises one page of a PDF origin to PNG with Debian's poppler, as imgix renders a PDF
 * (docs.imgix.com/apis/rendering/pdf: one page, the first unless `page` names another). The
 * page is drawn at one pixel per point (72 DPI), or smaller when that would pass the pixel
 * budget. poppler reads files, not stdin in every tool: the bytes go to a private temporary
 * directory, removed whatever happens.
 */
export async function rasterisePdf(bytes: Uint8Array, options: PdfOptions): Promise<PdfRaster> {
  if (!Number.isInteger(options.page) || options.page < 1) {
    throw new RenderError(400, `page must be a whole number from 1; got ${options.page}.`);
  }
  const directory = await mkdtemp(join(tmpdir(), 'darkroom-pdf-'));
  try {
    const file = join(directory, 'origin.pdf');
    await writeFile(file, bytes, { mode: 0o600 });
    const page = await pageInfo(file, options);
    const size = rasterSize(page, options.maxPixels);
    const png = await runPoppler(
      'pdftoppm',
      [
        '-png',
        '-singlefile',
        '-f',
        String(options.page),
        '-l',
        String(options.page),
        // Exact pixel sizes rather than a DPI, so poppler's rounding cannot pass the budget.
        '-scale-to-x',
        String(size.width),
        '-scale-to-y',
        String(size.height),
        ...(options.annotations ? [] : ['-hide-annotations']),
        file,
      ],
      // PNG of 8-bit RGB at worst stores its pixels uncompressed, plus row filters and chunks.
      { signal: options.signal, maxOutputBytes: size.width * size.height * 4 + 1024 * 1024 },
    ).catch(unreadable);
    const turned = page.rotation % 180 !== 0;
    return {
      png,
      facts: {
        pages: page.pages,
        page: options.page,
        width: turned ? page.height : page.width,
        height: turned ? page.width : page.height,
        bytes: bytes.byteLength,
      },
    };
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

interface PageInfo {
  pages: number;
  width: number;
  height: number;
  rotation: number;
}

/** The document's page count and the requested page's size, refusing pages it does not have. */
async function pageInfo(file: string, options: PdfOptions): Promise<PageInfo> {
  const run = { signal: options.signal, maxOutputBytes: INFO_BYTES };
  const document = await info(file, [], run);
  if (document.pages < 1) {
    throw new RenderError(422, 'The origin PDF is damaged: it has no pages poppler can read.');
  }
  if (options.page > document.pages) {
    // 400, not 422: the origin is sound, the URL asks for a page it does not have.
    throw new RenderError(
      400,
      `page=${options.page} is past the end of the PDF, which has ${document.pages} page${document.pages === 1 ? '' : 's'}.`,
    );
  }
  const page =
    options.page === 1
      ? document
      : await info(file, ['-f', String(options.page), '-l', String(options.page)], run);
  if (page.size === null || !(page.size.width > 0) || !(page.size.height > 0)) {
    throw new RenderError(422, `The origin PDF is damaged: page ${options.page} has no size.`);
  }
  return { pages: document.pages, ...page.size, rotation: page.rotation };
}

async function info(
  file: string,
  range: string[],
  run: { signal?: AbortSignal; maxOutputBytes: number },
): Promise<PdfInfo> {
  const text = await runPoppler('pdfinfo', [...range, file], run).catch(unreadable);
  return parsePdfInfo(text.toString('latin1'));
}

/**
 * The page's pixel size: one pixel per point, as displayed (a /Rotate of 90 or 270 swaps the
 * sides), scaled down by the same factor on both sides until it fits `maxPixels`.
 */
export function rasterSize(
  page: Pick<PageInfo, 'width' | 'height' | 'rotation'>,
  maxPixels: number,
): { width: number; height: number } {
  const turned = page.rotation % 180 !== 0;
  const [width, height] = turned ? [page.height, page.width] : [page.width, page.height];
  const scale = Math.min(1, Math.sqrt(maxPixels / (width * height)));
  const sized = {
    width: Math.max(1, Math.floor(width * scale)),
    height: Math.max(1, Math.floor(height * scale)),
  };
  // A sliver held at one pixel wide gives its length back: take it from the long side.
  if (sized.width * sized.height > maxPixels) {
    if (sized.width === 1) sized.height = Math.max(1, Math.floor(maxPixels));
    else sized.width = Math.max(1, Math.floor(maxPixels / sized.height));
  }
  return sized;
}

/**
 * poppler's exit status 1 is a file it could not open (pdfinfo(1), "EXIT CODES"): damaged, or
 * encrypted with a user password this server does not have. Other failures say so too.
 */
function unreadable(error: unknown): never {
  if (!(error instanceof PopplerFailure)) throw error;
  if (/password/i.test(error.stderr)) {
    throw new RenderError(
      422,
      'The origin PDF is encrypted: it needs a password to open, which Darkroom does not take.',
      { cause: error },
    );
  }
  throw new RenderError(422, 'The origin PDF is damaged: poppler cannot read it.', {
    cause: error,
  });
}
