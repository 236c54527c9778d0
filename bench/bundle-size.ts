import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export interface BundleReport {
  /**
   * Bytes of JavaScript transferred before the first screen shows, as the server sends them to a
   * browser that accepts Brotli (every current one does): the build's `.br` files.
   */
  initialJavaScriptBrotli: number;
  /** The same JavaScript gzipped (`.gz`), what a client without Brotli receives. */
  initialJavaScriptGzip: number;
  /** The same JavaScript uncompressed, for comparison. */
  initialJavaScriptRaw: number;
  initialFiles: string[];
  /** Every JavaScript chunk with its Brotli size, for spotting a route that leaks into the entry. */
  chunks: { file: string; brotli: number }[];
}

/**
 * What the server sends for `file` with `encoding`: the build's pre-compressed form beside it
 * (packages/web precompress-plugin.ts, served by packages/server/src/web-dashboard.ts). A build
 * without them is compressed here as the plugin would, so the figure stays comparable.
 */
function transferred(distDir: string, file: string, encoding: 'br' | 'gz'): number {
  const compressed = join(distDir, `${file}.${encoding}`);
  if (existsSync(compressed)) return readFileSync(compressed).byteLength;
  const bytes = readFileSync(join(distDir, file));
  return encoding === 'br'
    ? brotliCompressSync(bytes, {
        params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
      }).byteLength
    : gzipSync(bytes, { level: constants.Z_BEST_COMPRESSION }).byteLength;
}

/**
 * Measures the dashboard build: the entry script plus every chunk index.html preloads is what
 * runs before the first screen; lazily imported route chunks are not counted.
 */
export function measureBundle(distDir: string): BundleReport {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const initialFiles = [
    ...html.matchAll(/<script[^>]+src="([^"]+\.js)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g),
  ].map((match) => match[1] ?? '');
  const manifest = JSON.parse(readFileSync(join(distDir, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    { file: string }
  >;
  const chunks = [...new Set(Object.values(manifest).map((entry) => entry.file))]
    .filter((file) => file.endsWith('.js'))
    .map((file) => ({ file, brotli: transferred(distDir, file, 'br') }))
    .sort((a, b) => b.brotli - a.brotli);
  const initial = initialFiles.map((file) => file.replace(/^\//, ''));
  const total = (size: (file: string) => number) =>
    initial.reduce((sum, file) => sum + size(file), 0);
  return {
    initialJavaScriptBrotli: total((file) => transferred(distDir, file, 'br')),
    initialJavaScriptGzip: total((file) => transferred(distDir, file, 'gz')),
    initialJavaScriptRaw: total((file) => readFileSync(join(distDir, file)).byteLength),
    initialFiles,
    chunks,
  };
}
