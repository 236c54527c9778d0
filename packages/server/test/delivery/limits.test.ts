import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { PGLITE } from '../databases.ts';
import { useTestApp } from '../test-app.ts';
import {
  MemoryOrigin,
  createSource,
  deliver,
  pixelFloodPng,
  quadrantsPng,
  useDataDir,
  type TestSource,
} from './fixtures.ts';

describe('delivery limits', () => {
  const origin = new MemoryOrigin();
  const context = useTestApp(
    PGLITE,
    { DATA_DIR: useDataDir(), ORIGIN_MAX_BYTES: '200000' },
    { storageAdapterFactory: origin.factory },
  );
  let source: TestSource;

  beforeAll(async () => {
    source = await createSource(context.app, { bucket: 'limits' });
  });

  it('refuses a PNG whose header claims 60000 x 60000 before decoding it', async () => {
    const flood = await pixelFloodPng(60_000, 60_000);
    expect((await sharp(flood, { limitInputPixels: false }).metadata()).width).toBe(60_000);
    origin.put('limits', 'flood.png', flood);
    const response = await deliver(context.app, source.host, '/flood.png?w=100');
    expect([413, 422]).toContain(response.status);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
  });

  it('answers 422 to a truncated JPEG rather than half an image', async () => {
    const jpeg = await sharp({
      create: { width: 300, height: 200, channels: 3, background: { r: 200, g: 40, b: 40 } },
    })
      .jpeg()
      .toBuffer();
    origin.put('limits', 'truncated.jpg', jpeg.subarray(0, Math.floor(jpeg.length / 2)));
    const response = await deliver(context.app, source.host, '/truncated.jpg?w=100');
    expect(response.status).toBe(422);
  });

  it('refuses a file that is no image as unsupported or unreadable', async () => {
    origin.put('limits', 'notes.png', Buffer.from('just some text, not a picture'));
    expect([415, 422]).toContain((await deliver(context.app, source.host, '/notes.png')).status);
  });

  it('answers 413 to an origin file over ORIGIN_MAX_BYTES', async () => {
    const noise = await sharp(
      Buffer.from(Array.from({ length: 400 * 400 * 3 }, (_, i) => (i * 7919) % 256)),
      {
        raw: { width: 400, height: 400, channels: 3 },
      },
    )
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(noise.length).toBeGreaterThan(200_000);
    origin.put('limits', 'huge.png', noise);
    expect((await deliver(context.app, source.host, '/huge.png?w=10')).status).toBe(413);
  });

  it('answers 400 with every parameter message, one per line', async () => {
    origin.put('limits', 'fine.png', await quadrantsPng(10, 10));
    const response = await deliver(context.app, source.host, '/fine.png?w=abc&nope=1&q=high');
    expect(response.status).toBe(400);
    const lines = response.text.trim().split('\n');
    // An unknown name is ignored, as imgix ignores it; bad values of known ones are not.
    expect(lines).toEqual([
      'The value for "w" must be an integer of at least 2, or a number between 0 and 1.',
      'The value for "q" must be an integer.',
    ]);
  });

  it('answers 429 with Retry-After when the render queue is full', async () => {
    const tight = await context.appWith({
      DATA_DIR: useDataDir(),
      RENDER_CONCURRENCY: '1',
      RENDER_QUEUE_SIZE: '0',
    });
    const big = await sharp({
      create: { width: 1600, height: 1600, channels: 3, background: { r: 10, g: 90, b: 200 } },
    })
      .jpeg()
      .toBuffer();
    origin.put('limits', 'big.jpg', big);
    // All three reach the render queue together: one renders, no room to wait for the others.
    origin.holdUntil(3);
    const responses = await Promise.all(
      [1501, 1502, 1503].map((width) => deliver(tight, source.host, `/big.jpg?w=${width}`)),
    );
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([200, 429, 429]);
    const refused = responses.find((response) => response.status === 429);
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(refused?.headers['cache-control']).toBe('no-store');
  });

  it('answers 504 when a render runs past RENDER_TIMEOUT_MS', async () => {
    const impatient = await context.appWith({ DATA_DIR: useDataDir(), RENDER_TIMEOUT_MS: '100' });
    // A 2,500 px image blurred with imgix's largest radius: seconds of work, far past 100 ms.
    const large = await sharp({
      create: { width: 2500, height: 2500, channels: 3, background: { r: 200, g: 40, b: 40 } },
    })
      .jpeg()
      .toBuffer();
    origin.put('limits', 'large.jpg', large);
    const response = await deliver(impatient, source.host, '/large.jpg?blur=2000&fm=png');
    expect(response.status).toBe(504);
    expect(response.text).toContain('took longer than 100 ms to render');
    expect(response.headers['cache-control']).toBe('no-store');
  });
});
