import { PDFDocument, rgb } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeForAnalysis } from '../../src/assets/analysis/decode.ts';
import { describeMedia } from '../../src/assets/describe-media.ts';
import { PGLITE } from '../databases.ts';
import { createSource, deliver, useDataDir, type TestSource } from '../delivery/fixtures.ts';
import { call, multipart } from '../requests.ts';
import { useTestApp } from '../test-app.ts';

/** A one-page red PDF of 300x150 pt (written by pdf-lib). */
async function redPdf(): Promise<Buffer> {
  const document = await PDFDocument.create();
  document
    .addPage([300, 150])
    .drawRectangle({ x: 0, y: 0, width: 300, height: 150, color: rgb(1, 0, 0) });
  return Buffer.from(await document.save());
}

describe('PDF files as assets', () => {
  it('describes a PDF by its first page as delivery renders it', async () => {
    const media = await describeMedia(await redPdf(), null, 'brochure.bin');
    expect(media).toMatchObject({
      contentType: 'application/pdf',
      mediaKind: 'IMAGE',
      width: 300,
      height: 150,
      dpiWidth: 72,
      imageMode: 'RGB',
      hasColors: true,
      isRenderable: true,
      error: null,
    });
    expect(media?.colors[0]?.hex).toBe('#ff0000');
  });

  it('decodes the first page for the analysis detectors', async () => {
    const image = await decodeForAnalysis(await redPdf());
    expect([image.width, image.height, image.channels]).toEqual([300, 150, 3]);
    expect([...image.data.subarray(0, 3)]).toEqual([255, 0, 0]);
  });

  it('keeps a damaged PDF as an asset that cannot be rendered, with the reason', async () => {
    const media = await describeMedia(Buffer.from('%PDF-1.4\n1 0 obj\n<< /Ty'), null, 'x.pdf');
    expect(media).toMatchObject({ contentType: 'application/pdf', isRenderable: false });
    expect(media?.error).toMatch(/PDF is damaged/);
  });

  describe('uploaded to a managed source', () => {
    const context = useTestApp(PGLITE, { DATA_DIR: useDataDir() });
    let source: TestSource;

    beforeAll(async () => {
      source = await createSource(context.app, { configuration: { type: 'darkroom_storage' } });
    });

    it('is indexed at once and delivered as an image', async () => {
      const { payload, contentType } = multipart([
        { name: 'path', value: 'docs/brochure.pdf' },
        { name: 'file', value: await redPdf(), filename: 'brochure.pdf' },
      ]);
      const uploaded = await context.app.inject({
        method: 'POST',
        url: `/api/v4/sources/${source.id}/files`,
        headers: { authorization: `Bearer ${source.owner.token}`, 'content-type': contentType },
        payload,
      });
      expect(uploaded.statusCode, uploaded.body).toBe(201);
      const list = await call(context.app, 'GET', `/api/v4/sources/${source.id}/assets`, {
        token: source.owner.token,
      });
      expect(list.status).toBe(200);
      expect(list.body.data).toHaveLength(1);
      expect(list.body.data[0].attributes).toMatchObject({
        origin_path: '/docs/brochure.pdf',
        content_type: 'application/pdf',
        media_kind: 'IMAGE',
        media_width: 300,
        media_height: 150,
      });
      const delivered = await deliver(context.app, source.host, '/docs/brochure.pdf?w=60&fm=png');
      expect(delivered.status).toBe(200);
      expect(delivered.headers['content-type']).toBe('image/png');
    });
  });
});
