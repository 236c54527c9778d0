import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface BundleReport {
  /** Gzipped bytes of the JavaScript the browser loads before the first screen shows. */
  initialJavaScriptGzip: number;
  initialFiles: string[];
  /** Every JavaScript chunk with its gzipped size, for spotting a route that leaks into the entry. */
  chunks: { file: string; gzip: number }[];
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
  const gzipOf = (file: string) => gzipSync(readFileSync(join(distDir, file))).byteLength;
  const manifest = JSON.parse(readFileSync(join(distDir, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    { file: string }
  >;
  const chunks = [...new Set(Object.values(manifest).map((entry) => entry.file))]
    .filter((file) => file.endsWith('.js'))
    .map((file) => ({ file, gzip: gzipOf(file) }))
    .sort((a, b) => b.gzip - a.gzip);
  return {
    initialJavaScriptGzip: initialFiles.reduce(
      (sum, file) => sum + gzipOf(file.replace(/^\//, '')),
      0,
    ),
    initialFiles,
    chunks,
  };
}
