import { PDFDocument, rgb } from 'pdf-lib';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { PGLITE } from '../databases.ts';
import { useTestApp } from '../test-app.ts';
import { MemoryOrigin, createSource, deliver, useDataDir, type TestSource } from './fixtures.ts';

/** A two-page PDF: a red 300x150 pt page, then a blue 120x240 pt one (written by pdf-lib). */
async function twoPagePdf(): Promise<Buffer> {
  const document = await PDFDocument.create();
  for (const [width, height, colour] of [
    [300, 150, rgb(1, 0, 0)],
    [120, 240, rgb(0, 0, 1)],
  ] as const) {
    document.addPage([width, height]).drawRectangle({ x: 0, y: 0, width, height, color: colour });
  }
  return Buffer.from(await document.save());
}

async function centre(body: Buffer): Promise<number[]> {
  const { data, info } = await sharp(body).raw().toBuffer({ resolveWithObject: true });
  const at =
    (Math.floor(info.height / 2) * info.width + Math.floor(info.width / 2)) * info.channels;
  return [data[at] ?? -1, data[at + 1] ?? -1, data[at + 2] ?? -1];
}

describe('PDF origins over HTTP (page, pdf-annotation)', () => {
  const origin = new MemoryOrigin();
  const context = useTestApp(
    PGLITE,
    { DATA_DIR: useDataDir() },
    { storageAdapterFactory: origin.factory },
  );
  let source: TestSource;

  beforeAll(async () => {
    origin.put('documents', 'brochure.pdf', await twoPagePdf());
    source = await createSource(context.app, { bucket: 'documents' });
  });

  it('renders the first page, resized, as an image', async () => {
    const response = await deliver(context.app, source.host, '/brochure.pdf?w=150&fm=png');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    const { width, height } = await sharp(response.body).metadata();
    expect([width, height]).toEqual([150, 75]);
    expect(await centre(response.body)).toEqual([255, 0, 0]);
  });

  it('renders the page that page=2 names, and reports the page count in fm=json', async () => {
    const second = await deliver(context.app, source.host, '/brochure.pdf?page=2&fm=png');
    expect(second.status).toBe(200);
    expect(await centre(second.body)).toEqual([0, 0, 255]);
    const json = await deliver(context.app, source.host, '/brochure.pdf?fm=json');
    expect(json.status).toBe(200);
    expect(JSON.parse(json.text)).toMatchObject({
      PixelWidth: 300,
      PixelHeight: 150,
      PDF: { PageCount: 2, Page: 1 },
    });
  });

  it('answers 400 naming the page count for a page the PDF does not have', async () => {
    const response = await deliver(context.app, source.host, '/brochure.pdf?page=3');
    expect(response.status).toBe(400);
    expect(response.text).toContain('which has 2 pages');
  });
});
