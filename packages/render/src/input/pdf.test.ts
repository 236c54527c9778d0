import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { RenderError } from '../pipeline/context.ts';
import { pdfDocument, threePagePdf } from '../testing/pdf-documents.ts';
import { renderQuery } from '../testing/render-query.ts';
import { parsePdfInfo } from './pdf-info.ts';
import { isPdf, rasterSize, rasterisePdf } from './pdf.ts';

/** The colour at the centre of an encoded image. */
async function centre(body: Buffer): Promise<[number, number, number]> {
  const { data, info } = await sharp(body).raw().toBuffer({ resolveWithObject: true });
  const at =
    (Math.floor(info.height / 2) * info.width + Math.floor(info.width / 2)) * info.channels;
  return [data[at] ?? -1, data[at + 1] ?? -1, data[at + 2] ?? -1];
}

async function refusal(bytes: Buffer, query: string, limits = {}): Promise<RenderError> {
  const failure = await renderQuery(bytes, query, { limits }).catch((error: unknown) => error);
  if (!(failure instanceof RenderError))
    throw new Error(`expected a refusal, got ${String(failure)}`);
  return failure;
}

async function pdfTemporaries(): Promise<string[]> {
  return (await readdir(tmpdir())).filter((name) => name.startsWith('darkroom-pdf-'));
}

describe('PDF origins, rasterised with poppler', () => {
  const document = threePagePdf();

  it('knows a PDF by its header', () => {
    expect(isPdf(document)).toBe(true);
    expect(isPdf(Buffer.from('%PDF'))).toBe(false);
    expect(isPdf(Buffer.from('<svg/>'))).toBe(false);
  });

  it('renders the first page by default, one pixel per point', async () => {
    const result = await renderQuery(document, 'fm=png');
    expect([result.width, result.height]).toEqual([200, 100]);
    expect(await centre(result.body)).toEqual([255, 0, 0]);
  });

  it('renders the page that page=N names', async () => {
    const result = await renderQuery(document, 'page=2&fm=png');
    expect([result.width, result.height]).toEqual([100, 300]);
    // Page 2 is blue with a yellow Square annotation over its centre, drawn by default.
    expect(await centre(result.body)).toEqual([255, 255, 0]);
    const third = await renderQuery(document, 'page=3&fm=png');
    expect(await centre(third.body)).toEqual([0, 255, 0]);
  });

  it('hides annotations with pdf-annotation=false (and its alias annotation=false)', async () => {
    const hidden = await renderQuery(document, 'page=2&pdf-annotation=false&fm=png');
    expect(await centre(hidden.body)).toEqual([0, 0, 255]);
    const alias = await renderQuery(document, 'page=2&annotation=false&fm=png');
    expect(await centre(alias.body)).toEqual([0, 0, 255]);
  });

  it('applies every other parameter to the page: w=200 resizes', async () => {
    const result = await renderQuery(document, 'page=2&w=200&fm=png');
    expect([result.width, result.height]).toEqual([200, 600]);
    const jpeg = await renderQuery(document, 'w=50&fm=jpg');
    expect([jpeg.width, jpeg.height, jpeg.format]).toEqual([50, 25, 'jpg']);
  });

  it('refuses a page past the end with 400, naming the page count', async () => {
    const failure = await refusal(document, 'page=4');
    expect(failure.status).toBe(400);
    expect(failure.message).toBe('page=4 is past the end of the PDF, which has 3 pages.');
    expect((await refusal(document, 'page=0')).status).toBe(400);
  });

  it('refuses a damaged PDF with 422', async () => {
    const damaged = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Cat');
    const failure = await refusal(damaged, 'w=10');
    expect(failure.status).toBe(422);
    expect(failure.message).toMatch(/PDF is damaged/);
  });

  it('rasterises a page larger than the pixel budget within it', async () => {
    // 2000 x 1000 pt is 2 megapixels at one pixel per point; the budget here is 100 000.
    const large = pdfDocument([{ width: 2000, height: 1000, rgb: [10, 200, 30] }]);
    const raster = await rasterisePdf(large, { page: 1, annotations: true, maxPixels: 100_000 });
    const { width = 0, height = 0 } = await sharp(raster.png).metadata();
    expect(width * height).toBeLessThanOrEqual(100_000);
    expect([width, height]).toEqual([447, 223]);
    const rendered = await renderQuery(large, 'fm=png', { limits: { maxInputPixels: 100_000 } });
    expect((rendered.width ?? 0) * (rendered.height ?? 0)).toBeLessThanOrEqual(100_000);
    expect(await centre(rendered.body)).toEqual([10, 200, 30]);
  });

  it('keeps every raster size within the budget, slivers and turned pages included', () => {
    expect(rasterSize({ width: 612, height: 792, rotation: 0 }, 50_000_000)).toEqual({
      width: 612,
      height: 792,
    });
    expect(rasterSize({ width: 100, height: 300, rotation: 90 }, 1e6)).toEqual({
      width: 300,
      height: 100,
    });
    const sliver = rasterSize({ width: 1, height: 14400, rotation: 0 }, 100);
    expect(sliver.width * sliver.height).toBeLessThanOrEqual(100);
  });

  it('answers fm=json with the page count and the page size', async () => {
    const result = await renderQuery(document, 'page=2&fm=json');
    const json = JSON.parse(result.body.toString('utf8')) as Record<string, unknown>;
    expect(json).toMatchObject({
      PixelWidth: 100,
      PixelHeight: 300,
      'Content-Type': 'application/pdf',
      'Content-Length': String(document.byteLength),
      PDF: { PageCount: 3, Page: 2, PageWidth: 100, PageHeight: 300 },
    });
  });

  it('kills poppler at the deadline (504) and leaves no temporary file', async () => {
    const before = await pdfTemporaries();
    // 48 megapixels: pdftoppm takes about 2.4 s on this page, far past the 300 ms allowed.
    const slow = pdfDocument([{ width: 8000, height: 6000, rgb: [200, 30, 30] }]);
    const started = Date.now();
    const failure = await refusal(slow, 'fm=png', { timeoutMs: 300 });
    expect(failure.status).toBe(504);
    expect(Date.now() - started).toBeLessThan(1500);
    const controller = new AbortController();
    controller.abort();
    const cancelled = await renderQuery(document, 'fm=png', { signal: controller.signal }).catch(
      (error: unknown) => error,
    );
    expect(cancelled).toBeInstanceOf(RenderError);
    expect((cancelled as RenderError).status).toBe(504);
    expect(await pdfTemporaries()).toEqual(before);
  });

  it('answers 415 when poppler-utils is not installed', async () => {
    const path = process.env['PATH'];
    process.env['PATH'] = await mkdtemp(join(tmpdir(), 'no-poppler-'));
    try {
      const failure = await refusal(document, 'fm=png');
      expect(failure.status).toBe(415);
      expect(failure.message).toBe('PDF origins need poppler-utils installed.');
    } finally {
      await rm(process.env['PATH'], { recursive: true, force: true });
      process.env['PATH'] = path;
    }
  });

  it('reads what pdfinfo prints', () => {
    const info = parsePdfInfo(
      'Pages:           3\nEncrypted:       no\nPage    2 size:  595.276 x 841.89 pts (A4)\nPage    2 rot:   270\n',
    );
    expect(info).toEqual({
      pages: 3,
      encrypted: false,
      size: { width: 595.276, height: 841.89 },
      rotation: 270,
    });
  });
});
