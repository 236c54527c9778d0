import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGLITE } from '../databases.ts';
import { startHttpServer, type TestHttpServer } from '../origin-servers/http.ts';
import { useTestApp } from '../test-app.ts';
import {
  MemoryOrigin,
  createSource,
  deliver,
  sizeOf,
  useDataDir,
  type TestSource,
} from './fixtures.ts';

/** A solid PNG. */
function rectangle(
  width: number,
  height: number,
  colour: { r: number; g: number; b: number },
): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

/** The colour of one pixel of an encoded image. */
async function pixel(bytes: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
  const offset = (y * info.width + x) * info.channels;
  return [...data.subarray(offset, offset + 3)];
}

// docs.imgix.com/apis/rendering/append/append-image: the appended image is fetched as a mark is,
// and "the whole request fails with the origin's status": 404 for a missing file, 422 for one
// that is not an image.
describe('append images', () => {
  const origin = new MemoryOrigin();
  const strict = useTestApp(
    PGLITE,
    { DATA_DIR: useDataDir() },
    { storageAdapterFactory: origin.factory },
  );
  let source: TestSource;
  let appendServer: TestHttpServer;

  beforeAll(async () => {
    origin.put('appends', 'base.png', await rectangle(100, 50, { r: 0, g: 0, b: 255 }));
    origin.put('appends', 'badge.png', await rectangle(30, 50, { r: 255, g: 0, b: 0 }));
    origin.put('appends', 'notes.txt', Buffer.from('not an image'));
    source = await createSource(strict.app, { bucket: 'appends' });
    const greenBadge = await rectangle(30, 50, { r: 0, g: 255, b: 0 });
    appendServer = await startHttpServer((request, response) => {
      if (request.url === '/badge.png') {
        response.writeHead(200, { 'content-type': 'image/png' });
        response.end(greenBadge);
      } else if (request.url === '/page.html') {
        response.writeHead(200, { 'content-type': 'text/html' });
        response.end('<html>not an image</html>');
      } else if (request.url === '/private.png') {
        response.writeHead(403).end();
      } else {
        response.writeHead(404).end();
      }
    });
  });

  afterAll(async () => {
    await appendServer.close();
  });

  it('appends a file of the same source, read through its storage', async () => {
    const response = await deliver(strict.app, source.host, '/base.png?append=/badge.png');
    expect(response.status).toBe(200);
    expect(await sizeOf(response.body)).toEqual({ width: 130, height: 50 });
    expect(await pixel(response.body, 50, 25)).toEqual([0, 0, 255]);
    expect(await pixel(response.body, 115, 25)).toEqual([255, 0, 0]);
    expect(origin.readsOf('appends', 'badge.png')).toBeGreaterThanOrEqual(1);
  });

  it('answers 404 when the appended path does not exist on the source', async () => {
    const response = await deliver(strict.app, source.host, '/base.png?append=/nothing.png');
    expect(response.status).toBe(404);
    // A missing mark is still a 422: only an append fails with the origin's status.
    const mark = await deliver(strict.app, source.host, '/base.png?mark=/nothing.png');
    expect(mark.status).toBe(422);
  });

  it('answers 422 when the appended file is not an image', async () => {
    const response = await deliver(strict.app, source.host, '/base.png?append=/notes.txt');
    expect(response.status).toBe(422);
  });

  it('refuses an append on a private address through the SSRF guard', async () => {
    const url = encodeURIComponent(`${appendServer.url}/badge.png`);
    const response = await deliver(strict.app, source.host, `/base.png?append=${url}`);
    expect(response.status).toBe(400);
    expect(appendServer.requests).toHaveLength(0);
  });

  it("fetches an append URL and answers a failing one with the origin's status", async () => {
    const relaxed = await strict.appWith({ DATA_DIR: useDataDir(), ALLOW_PRIVATE_ORIGINS: '1' });
    const at = (path: string) => encodeURIComponent(`${appendServer.url}${path}`);
    const appended = await deliver(
      relaxed,
      source.host,
      `/base.png?append=${at('/badge.png')}&append-side=bottom`,
    );
    expect(appended.status).toBe(200);
    expect(await sizeOf(appended.body)).toEqual({ width: 100, height: 100 });
    expect(await pixel(appended.body, 50, 75)).toEqual([0, 255, 0]);
    expect(appendServer.requests.at(-1)?.url).toBe('/badge.png');

    const missing = await deliver(relaxed, source.host, `/base.png?append=${at('/gone.png')}`);
    expect(missing.status).toBe(404);
    const refused = await deliver(relaxed, source.host, `/base.png?append=${at('/private.png')}`);
    expect(refused.status).toBe(403);
    const page = await deliver(relaxed, source.host, `/base.png?append=${at('/page.html')}`);
    expect(page.status).toBe(422);
  });
});
