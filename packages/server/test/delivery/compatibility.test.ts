import ImgixClient from '@imgix/js-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { PGLITE } from '../databases.ts';
import { useTestApp } from '../test-app.ts';
import {
  MemoryOrigin,
  createSource,
  deliver,
  quadrantsPng,
  sizeOf,
  targetOf,
  useDataDir,
  type TestSource,
} from './fixtures.ts';

/** Each `url descriptor` entry of a srcset attribute. */
function srcsetEntries(srcset: string): { url: string; descriptor: string }[] {
  return srcset.split(',\n').map((entry) => {
    const [url = '', descriptor = ''] = entry.trim().split(' ');
    return { url, descriptor };
  });
}

describe('@imgix/js-core compatibility', () => {
  const origin = new MemoryOrigin();
  const context = useTestApp(
    PGLITE,
    { DATA_DIR: useDataDir() },
    { storageAdapterFactory: origin.factory },
  );
  let plainSource: TestSource;
  let secureSource: TestSource;
  let plain: ImgixClient;
  let secure: ImgixClient;

  beforeAll(async () => {
    origin.put('compat', 'gallery/cat photo.png', await quadrantsPng(400, 300));
    plainSource = await createSource(context.app, { bucket: 'compat' });
    secureSource = await createSource(context.app, {
      bucket: 'compat',
      production: { secure_url_enabled: true },
    });
    plain = new ImgixClient({ domain: `${plainSource.subdomain}.localhost`, useHTTPS: false });
    secure = new ImgixClient({
      domain: `${secureSource.subdomain}.localhost`,
      secureURLToken: secureSource.token,
      useHTTPS: false,
    });
  });

  it('serves a plain URL with an encoded path and the ixlib parameter', async () => {
    const url = plain.buildURL('/gallery/cat photo.png', { w: 120, fit: 'crop', h: 60 });
    const response = await deliver(context.app, plainSource.host, targetOf(url));
    expect(response.status).toBe(200);
    expect(await sizeOf(response.body)).toEqual({ width: 120, height: 60 });
  });

  it('serves a signed URL', async () => {
    const url = secure.buildURL('/gallery/cat photo.png', { h: 30 });
    const response = await deliver(context.app, secureSource.host, targetOf(url));
    expect(response.status).toBe(200);
    expect(await sizeOf(response.body)).toEqual({ width: 40, height: 30 });
  });

  it('decodes *64 parameters to the same render as their plain form', async () => {
    const text = 'Hello, wörld & friends?';
    const encoded = secure.buildURL('/gallery/cat photo.png', { txt64: text, w: 100 });
    expect(encoded).toMatch(/txt64=[\w-]+&/);
    const first = await deliver(context.app, secureSource.host, targetOf(encoded));
    expect(first.status).toBe(200);
    const reads = origin.readsOf('compat', 'gallery/cat photo.png');
    const spelled = secure.buildURL('/gallery/cat photo.png', { txt: text, w: 100 });
    const second = await deliver(context.app, secureSource.host, targetOf(spelled));
    expect(second.status).toBe(200);
    // One cache entry: the decoded txt64 is the very same parameter as txt.
    expect(origin.readsOf('compat', 'gallery/cat photo.png')).toBe(reads);
    expect(second.body.equals(first.body)).toBe(true);
  });

  it('answers 400 to a *64 value that is not base64url', async () => {
    const response = await deliver(
      context.app,
      plainSource.host,
      '/gallery/cat%20photo.png?txt64=%25%25%25',
    );
    expect(response.status).toBe(400);
    expect(response.text).toContain('txt64');
  });

  it('serves every entry of a width srcset at its width', async () => {
    const srcset = secure.buildSrcSet('/gallery/cat photo.png', {}, { widths: [100, 160, 240] });
    const entries = srcsetEntries(srcset);
    expect(entries.map((entry) => entry.descriptor)).toEqual(['100w', '160w', '240w']);
    for (const { url, descriptor } of entries) {
      const response = await deliver(context.app, secureSource.host, targetOf(url));
      expect(response.status, url).toBe(200);
      expect((await sizeOf(response.body)).width).toBe(Number.parseInt(descriptor, 10));
    }
  });

  it('serves every entry of a device-pixel-ratio srcset at width times dpr', async () => {
    const srcset = secure.buildSrcSet('/gallery/cat photo.png', { w: 60 });
    const entries = srcsetEntries(srcset);
    expect(entries.map((entry) => entry.descriptor)).toEqual(['1x', '2x', '3x', '4x', '5x']);
    for (const { url, descriptor } of entries) {
      expect(url).toContain('q=');
      const response = await deliver(context.app, secureSource.host, targetOf(url));
      expect(response.status, url).toBe(200);
      expect((await sizeOf(response.body)).width).toBe(60 * Number.parseInt(descriptor, 10));
    }
  });
});
