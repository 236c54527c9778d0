import { performance } from 'node:perf_hooks';
import { request } from 'undici';
import { percentile } from './api-latency.ts';
import { startServer } from './server-process.ts';

// The URL playground's preview round trip: the time from a parameter change to the preview's
// answer, as the dashboard's playground fetches it (one GET of the rendering URL, read to its
// last byte). Each change is a new URL, so each is a render, not a cache hit.

/** The demo source's PNG (600 x 400), at the width a typical playground URL asks for. */
const TYPICAL_URL = '/coffee.png?w=600&auto=format&fm=webp';
const CHANGES = 30;

export interface PlaygroundFigures {
  medianMs: number;
  p95Ms: number;
  changes: number;
}

export async function measurePlaygroundRoundTrip(): Promise<PlaygroundFigures> {
  const server = await startServer();
  await server.settled();
  try {
    const host = `demo.localhost:${server.port}`;
    const fetchPreview = async (path: string) => {
      const started = performance.now();
      const response = await request(`${server.baseUrl}${path}`, { headers: { host } });
      const body = await response.body.arrayBuffer();
      if (response.statusCode !== 200) {
        throw new Error(`${path} answered ${response.statusCode}: ${Buffer.from(body).toString()}`);
      }
      return performance.now() - started;
    };
    // The origin is read once before the user starts typing (the page's own preview).
    await fetchPreview(TYPICAL_URL);
    const times: number[] = [];
    // One parameter changed per step, as a person drags a value: blur=1, blur=2, ...
    for (let change = 1; change <= CHANGES; change += 1) {
      times.push(await fetchPreview(`${TYPICAL_URL}&blur=${change}`));
    }
    times.sort((a, b) => a - b);
    return { medianMs: percentile(times, 0.5), p95Ms: percentile(times, 0.95), changes: CHANGES };
  } finally {
    await server.stop();
  }
}

/** The bench's line for the playground. */
export async function playgroundResult() {
  const figures = await measurePlaygroundRoundTrip();
  return {
    name: "the playground's preview round trip (parameter change to preview answer, uncached render)",
    figure: `median ${figures.medianMs.toFixed(0)} ms, p95 ${figures.p95Ms.toFixed(0)} ms over ${figures.changes} changes`,
    budget: '',
    ok: null,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await playgroundResult();
  console.info(`${result.name}: ${result.figure}`);
}
