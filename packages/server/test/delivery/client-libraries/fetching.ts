// Fetching what a page's markup points at from the listening app, over real HTTP, as a browser
// would: the URL's own host in the Host header, its path and query byte for byte.
import type { FastifyInstance } from 'fastify';
import { deliverRaw, sizeOf, targetOf } from '../fixtures.ts';
import type { Size } from './sizes.ts';

export interface Candidate {
  /** Where the URL came from, for the failure list: "react-imgix fluid srcset 1247w". */
  label: string;
  url: string;
  /** The exact size imgix documents; each rendered side must lie within a pixel of it. */
  expected: Size;
  /** What X-Darkroom-Ignored-Params must say; absent when the URL has no unknown names. */
  ignored?: string;
}

export interface Mismatch {
  label: string;
  url: string;
  expected: string;
  got: string;
}

const IGNORED_HEADER = 'x-darkroom-ignored-params';

function show(size: Size): string {
  const side = (length: number) => String(Math.round(length * 100) / 100);
  return `${side(size.width)}x${side(size.height)}`;
}

/**
 * imgix does not document how it rounds a computed side, so a side is right when it is the
 * exact length rounded either way (an integer length must be met exactly).
 */
function fits(rendered: Size, expected: Size): boolean {
  return (
    Math.abs(rendered.width - expected.width) < 1 && Math.abs(rendered.height - expected.height) < 1
  );
}

async function check(app: FastifyInstance, candidate: Candidate): Promise<Mismatch | null> {
  const { label, url, expected, ignored } = candidate;
  const response = await deliverRaw(app, new URL(url).host, targetOf(url));
  const header = response.headers[IGNORED_HEADER];
  const wanted = `200 ${show(expected)}${ignored === undefined ? '' : ` ignoring ${ignored}`}`;
  if (response.status !== 200) {
    return { label, url, expected: wanted, got: `${response.status} ${response.text.trim()}` };
  }
  const rendered = await sizeOf(response.body);
  if (!fits(rendered, expected) || header !== ignored) {
    const ignoring = header === undefined ? '' : ` ignoring ${String(header)}`;
    return { label, url, expected: wanted, got: `200 ${show(rendered)}${ignoring}` };
  }
  return null;
}

/**
 * Fetches every candidate, a few at a time as a browser loading a page does, and lists those
 * answered otherwise than expected.
 */
export async function mismatchesOf(
  app: FastifyInstance,
  candidates: readonly Candidate[],
  concurrency = 3,
): Promise<Mismatch[]> {
  const mismatches: Mismatch[] = [];
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < candidates.length; index = next++) {
      const candidate = candidates[index];
      if (candidate === undefined) continue;
      const mismatch = await check(app, candidate);
      if (mismatch) mismatches.push(mismatch);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, candidates.length) }, worker));
  return mismatches;
}
