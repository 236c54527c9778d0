import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { PGLITE } from './databases.ts';
import { useTestApp } from './test-app.ts';

// A build as packages/web's precompress plugin leaves it: each text file with its .br and .gz.
const distDir = mkdtempSync(path.join(os.tmpdir(), 'darkroom-web-dist-'));
const SCRIPT = `export const greeting = ${JSON.stringify('hello '.repeat(2000))};\n`;
const HTML_PAGE =
  '<!doctype html><title>Darkroom fixture</title><script src="/assets/app-1.js"></script>';
function writeWithCompressedForms(relative: string, text: string): void {
  const file = path.join(distDir, relative);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
  writeFileSync(`${file}.br`, brotliCompressSync(Buffer.from(text)));
  writeFileSync(`${file}.gz`, gzipSync(Buffer.from(text)));
}
writeWithCompressedForms('index.html', HTML_PAGE);
writeWithCompressedForms('assets/app-1.js', SCRIPT);
// An image is not compressed at build: it is sent as it is whatever the client accepts.
writeFileSync(path.join(distDir, 'assets/logo-1.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
afterAll(() => rmSync(distDir, { recursive: true, force: true }));

describe('the dashboard build, compressed', () => {
  const context = useTestApp(PGLITE, { WEB_DIST_DIR: distDir });

  const get = (url: string, headers: Record<string, string>) =>
    context.app.inject({ method: 'GET', url, headers });

  it('sends JavaScript in Brotli to a browser that accepts it, gzip to one that does not', async () => {
    const brotli = await get('/assets/app-1.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toMatch(/^(?:text|application)\/javascript/);
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(SCRIPT);
    expect(brotli.rawPayload.length).toBeLessThan(SCRIPT.length / 10);

    const gzip = await get('/assets/app-1.js', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT);
    expect(gzip.headers.etag).not.toBe(brotli.headers.etag);
  });

  it('sends the plain file to a client that accepts no compression', async () => {
    const plain = await get('/assets/app-1.js', { 'accept-encoding': 'identity' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(SCRIPT);
    const none = await get('/assets/app-1.js', {});
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.body).toBe(SCRIPT);
  });

  it('compresses index.html and the client-side routes answered with it', async () => {
    for (const url of ['/', '/assets?source=x', '/analytics']) {
      const page = await get(url, { accept: 'text/html', 'accept-encoding': 'br, gzip' });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-encoding'], url).toBe('br');
      expect(page.headers['content-type'], url).toMatch(/^text\/html/);
      expect(page.headers['cache-control'], url).toBe('no-cache');
      expect(brotliDecompressSync(page.rawPayload).toString(), url).toBe(HTML_PAGE);
    }
  });

  it('sends a file without compressed forms as it is', async () => {
    const logo = await get('/assets/logo-1.png', { 'accept-encoding': 'br, gzip' });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-encoding']).toBeUndefined();
    expect(logo.headers['content-type']).toBe('image/png');
    expect(logo.rawPayload.length).toBe(4);
  });
});
