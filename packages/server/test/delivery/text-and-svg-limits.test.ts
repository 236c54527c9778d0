// Text and SVG origins that used to freeze or swell the server: refused up front with a 4xx that
// says which limit, or rendered off the event loop while /healthz keeps answering. Timings and
// memory are the battery's figures (`npm run battery`), never asserted here.
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { PGLITE } from '../databases.ts';
import { useTestApp } from '../test-app.ts';
import { MemoryOrigin, createSource, deliver, useDataDir, type TestSource } from './fixtures.ts';

const NS = 'xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"';

function svg(width: number, height: number, body: string, extra = ''): Buffer {
  return Buffer.from(`<svg ${NS} width="${width}" height="${height}"${extra}>${body}</svg>`);
}

const SVG_BOMBS: Readonly<Record<string, Buffer>> = {
  'viewbox-bomb.svg': svg(
    100000,
    100000,
    '<circle cx="0.5" cy="0.5" r="0.5"/>',
    ' viewBox="0 0 1 1"',
  ),
  'near-the-pixel-limit.svg': svg(7000, 7000, '<rect width="7000" height="7000" fill="red"/>'),
  'blur-filter-bomb.svg': svg(
    4000,
    4000,
    '<filter id="f" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="1000"/></filter><rect width="4000" height="4000" fill="red" filter="url(#f)"/>',
  ),
  'many-elements.svg': svg(1000, 1000, '<rect width="1" height="1"/>'.repeat(50_000)),
};

describe('text and SVG limits on a delivery host', () => {
  const origin = new MemoryOrigin();
  const context = useTestApp(
    PGLITE,
    { DATA_DIR: useDataDir() },
    { storageAdapterFactory: origin.factory },
  );
  let source: TestSource;

  beforeAll(async () => {
    origin.put(
      'limits',
      'photo.png',
      await sharp({ create: { width: 600, height: 400, channels: 3, background: '#48a' } })
        .png()
        .toBuffer(),
    );
    for (const [name, bytes] of Object.entries(SVG_BOMBS)) origin.put('limits', name, bytes);
    source = await createSource(context.app, { bucket: 'limits' });
  });

  it('answers /healthz while a text outline renders', async () => {
    const rendering = deliver(
      context.app,
      source.host,
      '/photo.png?txt=W&txt-size=900&txt-line=100&txt-shad=10',
    );
    const health = await context.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    const rendered = await rendering;
    expect(rendered.status).toBe(200);
    expect(rendered.headers['content-type']).toBe('image/png');
  });

  it('refuses txt-line past its range with 400, naming the range', async () => {
    for (const width of [400, 8000]) {
      const response = await deliver(
        context.app,
        source.host,
        `/photo.png?txt=W&txt-line=${width}`,
      );
      expect(response.status).toBe(400);
      expect(response.text).toContain(
        'The value for "txt-line" must be an integer between 0 and 100.',
      );
    }
  });

  it('refuses long, many-lined or oversized text with 413 and the limit, never a 5xx', async () => {
    // 1,500 lines pass imgix's 8,000-character URL limit (414): 150 show the line limit.
    const lines = Array.from({ length: 150 }, () => 'line').join('%0A');
    const cases: [string, RegExp][] = [
      [`txt=${'W'.repeat(7000)}`, /txt has 7000 characters; this server draws at most 2000/],
      [`txt=${lines}`, /txt has 150 lines; this server draws at most 100/],
      ['txt=W&txt-size=8000', /txt-size 8000 px would be drawn on about 8000x10000 pixels/],
      [`txt=${'W'.repeat(1500)}&txt-size=400&txt-width=8192`, /txt-size 400 px/],
    ];
    for (const [query, message] of cases) {
      const response = await deliver(context.app, source.host, `/photo.png?${query}`);
      expect(response.status, query.slice(0, 40)).toBe(413);
      expect(response.text).toMatch(message);
    }
  });

  it('renders a long caption clipped to the image', async () => {
    const response = await deliver(context.app, source.host, `/photo.png?txt=${'W'.repeat(1900)}`);
    expect(response.status).toBe(200);
  });

  it('refuses SVG bombs with 413 before librsvg runs, saying which limit', async () => {
    const expected: Readonly<Record<string, RegExp>> = {
      'viewbox-bomb.svg': /too large to render: 100000x100000/,
      'near-the-pixel-limit.svg': /rasterises to 7000x7000 .* up to 16\.8 megapixels/,
      'blur-filter-bomb.svg': /feGaussianBlur stdDeviation="1000"/,
      'many-elements.svg': /more than 10000 elements/,
    };
    for (const [name, message] of Object.entries(expected)) {
      const response = await deliver(context.app, source.host, `/${name}?w=200`);
      expect(response.status, name).toBe(413);
      expect(response.text, name).toMatch(message);
    }
  });
});
