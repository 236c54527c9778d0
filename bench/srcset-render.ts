// The largest entry of react-imgix's default srcset, rendered uncached: react-imgix writes widths
// up to 8192 for a flexible image, and imgix's default fit=clip scales a small origin up to it,
// so a site that lists its images this way asks a 600 px PNG for an 8192 px one.
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import ImgixModule from 'react-imgix';
import { request } from 'undici';
import { startServer } from './server-process.ts';

// react-imgix is CommonJS: under Node's own ESM loader its default import is module.exports,
// whose `default` is the component (bundlers and vitest hand over the component directly).
const Imgix = (ImgixModule as unknown as { default?: typeof ImgixModule }).default ?? ImgixModule;

/** The demo source's PNG (600 x 400). */
const ORIGIN = '/coffee.png';
const ROUNDS = 3;

export interface SrcsetRenderFigures {
  /** The URL of the largest entry, as react-imgix wrote it (its host replaced by the server's). */
  path: string;
  descriptor: string;
  width: number;
  height: number;
  bytes: number;
  /** Wall time of each uncached render, ms. */
  renderMs: number[];
}

/** The largest `w` entry of the srcset react-imgix writes for `<Imgix src sizes="100vw">`. */
function largestEntry(src: string): { url: string; descriptor: string } {
  const html = renderToString(createElement(Imgix, { src, sizes: '100vw' }));
  const srcset = /srcSet="([^"]*)"|srcset="([^"]*)"/i.exec(html);
  const list = (srcset?.[1] ?? srcset?.[2] ?? '').replaceAll('&amp;', '&');
  const entries = list.split(/,\s+/).map((entry) => {
    const [url = '', descriptor = ''] = entry.trim().split(/\s+/);
    return { url, descriptor, width: Number.parseInt(descriptor, 10) };
  });
  const largest = entries.sort((a, b) => b.width - a.width)[0];
  if (largest === undefined || !Number.isFinite(largest.width)) {
    throw new Error(`react-imgix wrote no width srcset: ${html}`);
  }
  return largest;
}

export async function measureSrcsetRender(): Promise<SrcsetRenderFigures> {
  // Uncached: every round renders.
  const server = await startServer({ RENDER_CACHE_MAX_BYTES: '0' });
  await server.settled();
  try {
    const entry = largestEntry(`http://demo.localhost${ORIGIN}`);
    const url = new URL(entry.url);
    const path = `${url.pathname}${url.search}`;
    const renderMs: number[] = [];
    let answer = { width: 0, height: 0, bytes: 0 };
    for (let round = 0; round < ROUNDS; round += 1) {
      const started = performance.now();
      const response = await request(`${server.baseUrl}${path}`, {
        headers: { host: `demo.localhost:${server.port}` },
      });
      const body = Buffer.from(await response.body.arrayBuffer());
      renderMs.push(performance.now() - started);
      if (response.statusCode !== 200) {
        throw new Error(`${path} answered ${response.statusCode}: ${body.toString('utf8')}`);
      }
      const { default: sharp } = await import('sharp');
      const { width = 0, height = 0 } = await sharp(body).metadata();
      answer = { width, height, bytes: body.length };
    }
    return { path, descriptor: entry.descriptor, ...answer, renderMs };
  } finally {
    await server.stop();
  }
}
