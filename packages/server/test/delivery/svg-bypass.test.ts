import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { PGLITE } from '../databases.ts';
import { useTestApp } from '../test-app.ts';
import { MemoryOrigin, createSource, deliver, useDataDir, type TestSource } from './fixtures.ts';

const LOGO = `<?xml version="1.0"?>
<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20" onload="alert(1)">
  <script>alert(2)</script>
  <rect width="40" height="20" fill="#0a0"/>
</svg>`;

describe('SVG origins served as SVG (rasterize-bypass, svg-sanitize)', () => {
  const origin = new MemoryOrigin();
  const context = useTestApp(
    PGLITE,
    { DATA_DIR: useDataDir() },
    { storageAdapterFactory: origin.factory },
  );
  let source: TestSource;

  beforeAll(async () => {
    origin.put('vector', 'logo.svg', Buffer.from(LOGO));
    origin.put(
      'vector',
      'photo.png',
      await sharp({ create: { width: 8, height: 4, channels: 3, background: '#00f' } })
        .png()
        .toBuffer(),
    );
    source = await createSource(context.app, { bucket: 'vector' });
  });

  it('rasterizes an SVG without the parameter', async () => {
    const response = await deliver(context.app, source.host, '/logo.svg?w=80&fm=png');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect((await sharp(response.body).metadata()).width).toBe(80);
  });

  it('serves the SVG itself, sanitized, in a sandbox, ignoring every other parameter', async () => {
    const response = await deliver(
      context.app,
      source.host,
      '/logo.svg?rasterize-bypass=true&w=80&fm=png',
    );
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('image/svg+xml');
    expect(response.headers['content-security-policy']).toContain('sandbox');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.text).toContain('<rect width="40" height="20" fill="#0a0">');
    expect(response.text).not.toMatch(/alert|script|onload/);
  });

  it('serves the file as it is with svg-sanitize=false, still in a sandbox', async () => {
    const response = await deliver(
      context.app,
      source.host,
      '/logo.svg?rasterize-bypass=1&svg-sanitize=false',
    );
    expect(response.status).toBe(200);
    expect(response.text).toBe(LOGO);
    expect(response.headers['content-security-policy']).toContain('sandbox');
  });

  it('renders a raster origin as usual: the parameter is for vector files', async () => {
    const response = await deliver(
      context.app,
      source.host,
      '/photo.png?rasterize-bypass=true&w=4&fm=jpg',
    );
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('image/jpeg');
  });

  it('answers 422 for an SVG that is not well-formed', async () => {
    origin.put(
      'vector',
      'broken.svg',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><g></svg>'),
    );
    const response = await deliver(context.app, source.host, '/broken.svg?rasterize-bypass=true');
    expect(response.status).toBe(422);
    expect(response.text).toMatch(/not well-formed/);
  });
});
