import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGLITE } from '../databases.ts';
import { startHttpServer, type TestHttpServer } from '../origin-servers/http.ts';
import { useTestApp } from '../test-app.ts';
import { MemoryOrigin, createSource, deliver, useDataDir, type TestSource } from './fixtures.ts';

/** A solid square PNG. */
function square(size: number, colour: { r: number; g: number; b: number }): Promise<Buffer> {
  return sharp({ create: { width: size, height: size, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

/** The colour of one pixel of an encoded image. */
async function pixel(bytes: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
  const offset = (y * info.width + x) * info.channels;
  return [...data.subarray(offset, offset + 3)];
}

describe('mark, mask and blend images', () => {
  const origin = new MemoryOrigin();
  const strict = useTestApp(
    PGLITE,
    { DATA_DIR: useDataDir() },
    { storageAdapterFactory: origin.factory },
  );
  let source: TestSource;
  let markServer: TestHttpServer;

  beforeAll(async () => {
    origin.put('overlay', 'base.png', await square(100, { r: 0, g: 0, b: 255 }));
    origin.put('overlay', 'logo.png', await square(40, { r: 255, g: 0, b: 0 }));
    source = await createSource(strict.app, { bucket: 'overlay' });
    const greenLogo = await square(40, { r: 0, g: 255, b: 0 });
    markServer = await startHttpServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'image/png' });
      response.end(greenLogo);
    });
  });

  afterAll(async () => {
    await markServer.close();
  });

  it('reads a mark given as a path from the same source, through its storage', async () => {
    const response = await deliver(strict.app, source.host, '/base.png?mark=/logo.png&mark-pad=0');
    expect(response.status).toBe(200);
    // Bottom right corner carries the red mark; the top left is still the blue base.
    expect(await pixel(response.body, 90, 90)).toEqual([255, 0, 0]);
    expect(await pixel(response.body, 5, 5)).toEqual([0, 0, 255]);
    expect(origin.readsOf('overlay', 'logo.png')).toBe(1);
  });

  it('renders a mark path with its own parameters first', async () => {
    const response = await deliver(
      strict.app,
      source.host,
      `/base.png?mark=${encodeURIComponent('/logo.png?w=10')}&mark-pad=0`,
    );
    expect(response.status).toBe(200);
    expect(await pixel(response.body, 95, 95)).toEqual([255, 0, 0]);
    expect(await pixel(response.body, 85, 85)).toEqual([0, 0, 255]);
  });

  it('refuses a mark or mask URL on the source own delivery host', async () => {
    for (const parameter of ['mark', 'mask', 'blend']) {
      const url = encodeURIComponent(`http://${source.host}/logo.png`);
      const response = await deliver(strict.app, source.host, `/base.png?${parameter}=${url}`);
      expect(response.status, parameter).toBe(400);
    }
  });

  it('refuses a mark on a private address through the SSRF guard', async () => {
    const url = encodeURIComponent(`${markServer.url}/logo.png`);
    const response = await deliver(strict.app, source.host, `/base.png?mark=${url}`);
    expect(response.status).toBe(400);
    expect(markServer.requests).toHaveLength(0);
  });

  it('fetches a mark from another host when the guard allows it', async () => {
    const relaxed = await strict.appWith({ DATA_DIR: useDataDir(), ALLOW_PRIVATE_ORIGINS: '1' });
    const url = encodeURIComponent(`${markServer.url}/logo.png`);
    const response = await deliver(relaxed, source.host, `/base.png?mark=${url}&mark-pad=0`);
    expect(response.status).toBe(200);
    expect(await pixel(response.body, 90, 90)).toEqual([0, 255, 0]);
    expect(markServer.requests.at(-1)?.url).toBe('/logo.png');
  });

  it('answers 422 when a mark path does not exist on the source', async () => {
    const response = await deliver(strict.app, source.host, '/base.png?mark=/nothing.png');
    expect(response.status).toBe(422);
  });
});
