// `npm run bench`: measures the budgets of the developers' guide and prints each figure beside
// its budget. `npm run bench -- --only=api` (or bundle, delivery, encode, srcset, ai, analytics,
// workers, playground) runs one group.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { measureLatency } from './api-latency.ts';
import { measureAiOperations } from './ai-operations.ts';
import { measureAiRenders } from './ai-renders.ts';
import { measureAnalytics } from './analytics.ts';
import { measureBundle } from './bundle-size.ts';
import { describe, measureDelivery, median } from './delivery.ts';
import { sweepFormat } from './encode-settings.ts';
import { playgroundResult } from './playground.ts';
import { startServer } from './server-process.ts';
import { measureSrcsetRender } from './srcset-render.ts';
import { measureWorkers, scalingFormula, type WorkerRun } from './workers.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const JSONAPI = 'application/vnd.api+json';
const results: { name: string; figure: string; budget: string; ok: boolean | null }[] = [];
const only = process.argv.find((argument) => argument.startsWith('--only='))?.slice(7) ?? null;
const runs = (group: string) => only === null || only === group;

async function post(baseUrl: string, path: string, body: unknown, token?: string) {
  const response = await fetch(`${baseUrl}/api/v4${path}`, {
    method: 'POST',
    headers: {
      'content-type': JSONAPI,
      accept: JSONAPI,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  if (!response.ok)
    throw new Error(`POST ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as { data: { id: string; attributes: Record<string, unknown> } };
}

// Dashboard: JavaScript transferred before the first screen, compressed as the server sends it.
const bundle = measureBundle(join(root, 'packages/web/dist'));
if (runs('bundle')) {
  const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
  results.push({
    name: 'dashboard JavaScript transferred before first screen (Brotli)',
    figure: `${kb(bundle.initialJavaScriptBrotli)} (${bundle.initialFiles.length} files; gzip ${kb(bundle.initialJavaScriptGzip)}, uncompressed ${kb(bundle.initialJavaScriptRaw)})`,
    budget: '< 250 KB',
    ok: bundle.initialJavaScriptBrotli < 250 * 1000,
  });
}

// API: p99 at 200 requests per second on the embedded database, server in its own process.
if (runs('api')) {
  const server = await startServer();
  try {
    await server.settled();
    const { baseUrl } = server;
    const session = await post(baseUrl, '/accounts', {
      data: {
        type: 'accounts',
        attributes: {
          company: 'Bench',
          name: 'Bench Owner',
          email: 'bench@example.com',
          password: 'bench-password',
        },
      },
    });
    const token = String(session.data.attributes.token);
    // Up to 40 teammates, as many as the new account's plan allows (the Free plan: 3 users).
    let users = 1;
    for (let index = 0; index < 40; index += 1) {
      const response = await fetch(`${baseUrl}/api/v4/users`, {
        method: 'POST',
        headers: { 'content-type': JSONAPI, accept: JSONAPI, authorization: `Bearer ${token}` },
        body: JSON.stringify({
          data: {
            type: 'users',
            attributes: {
              name: `Teammate ${index}`,
              email: `teammate${index}@example.com`,
              password: 'teammate-password',
            },
          },
        }),
      });
      const text = await response.text();
      if (response.status === 403 && text.includes('plan_limit_reached')) break;
      if (!response.ok) throw new Error(`POST /users answered ${response.status}: ${text}`);
      users += 1;
    }
    const headers = { accept: JSONAPI, authorization: `Bearer ${token}` };
    // Warm up the JIT and the database's caches before measuring.
    await measureLatency({
      url: `${baseUrl}/api/v4/users?page[size]=25`,
      headers,
      ratePerSecond: 100,
      seconds: 3,
    });
    const latency = await measureLatency({
      url: `${baseUrl}/api/v4/users?page[size]=25&sort=name`,
      headers,
      ratePerSecond: 200,
      seconds: 15,
    });
    results.push({
      name: `API GET /users p99 at 200 req/s, embedded database (${users} users)`,
      figure: `${latency.p99.toFixed(1)} ms (p50 ${latency.p50.toFixed(1)} ms, max ${latency.max.toFixed(1)} ms, ${latency.requests} requests, ${latency.errors} errors, ${latency.ratePerSecond.toFixed(0)} req/s)`,
      budget: '< 50 ms',
      ok: latency.p99 < 50 && latency.errors === 0,
    });
  } finally {
    await server.stop();
  }
}

// Delivery against the peers a self-hoster would pick (bench/delivery.ts): retina.jpg to w=512 at
// q=75 as a baseline and a progressive JPEG, WebP and AVIF, two connections, served by (a) sharp
// in-process, (a') a minimal node:http + sharp server, (b) Darkroom uncached, (c) IPX 3 and
// (d) nginx image_filter, in turn over 5 rounds; then cache hits against nginx serving the same
// bytes as a static file.
if (runs('delivery')) {
  // `--formats=baseline jpeg,webp` measures those workloads only.
  const formats = process.argv.find((argument) => argument.startsWith('--formats='))?.slice(10);
  const delivery = await measureDelivery(formats?.toLowerCase().split(',') ?? []);
  const percent = (ratio: number) => `${(ratio * 100).toFixed(1)}%`;
  const roundsOf = (values: readonly number[]) => values.map(percent).join(', ');
  for (const figures of delivery.workloads) {
    const { workload } = figures;
    const label = (server: string) => `${workload.name}: ${server} (median round)`;
    results.push(
      {
        name: label('(a) sharp in-process'),
        figure: describe(figures.bareSharp),
        budget: '',
        ok: null,
      },
      {
        name: label("(a') minimal node:http + sharp server"),
        figure: describe(figures.minimalServer),
        budget: '',
        ok: null,
      },
      {
        name: label('(b) Darkroom, uncached'),
        figure: `${describe(figures.darkroom)}, ${figures.bytes.darkroom} bytes${figures.sameBytes ? '' : ' (NOT the bytes (a) writes)'}`,
        budget: 'p99 < 2x p50',
        ok: figures.darkroom.p99 < 2 * figures.darkroom.p50 && figures.darkroom.errors === 0,
      },
      {
        name: label('(c) IPX 3'),
        figure: figures.ipx
          ? `${describe(figures.ipx)}, ${figures.bytes.ipx} bytes`
          : 'IPX has no option for this format',
        budget: '',
        ok: null,
      },
      {
        name: label('(d) nginx image_filter'),
        figure: figures.nginx
          ? `${describe(figures.nginx)}, ${figures.bytes.nginx} bytes`
          : 'image_filter cannot write this format (or nginx is not installed)',
        budget: '',
        ok: null,
      },
      {
        name: `${workload.name}: Darkroom uncached vs the minimal server (b/a', median of rounds)`,
        figure: `${percent(median(figures.vsMinimal))} (rounds ${roundsOf(figures.vsMinimal)}; vs in-process ${percent(figures.darkroom.requestsPerSecond / figures.bareSharp.requestsPerSecond)})`,
        budget: '>= 97%',
        ok: median(figures.vsMinimal) >= 0.97,
      },
    );
    if (figures.vsIpx !== null) {
      results.push({
        name: `${workload.name}: Darkroom uncached vs IPX 3 (b/c, median of rounds)`,
        figure: `${percent(median(figures.vsIpx))} (rounds ${roundsOf(figures.vsIpx)})`,
        budget: '> 100%',
        ok: median(figures.vsIpx) > 1,
      });
    }
  }
  results.push(
    {
      name: 'cache hits, one process, 64 connections (median round)',
      figure: describe(delivery.cacheHits),
      budget: '',
      ok: null,
    },
    {
      name: 'nginx serving the same bytes as a static file, one worker, 64 connections',
      figure: delivery.nginxStatic ? describe(delivery.nginxStatic) : 'nginx is not installed',
      budget: '',
      ok: null,
    },
    {
      name: 'cache hits vs nginx static (median of rounds)',
      figure:
        delivery.hitRatios.length > 0
          ? `${percent(median(delivery.hitRatios))} (rounds ${roundsOf(delivery.hitRatios)})`
          : 'not measured: nginx is not installed',
      budget: '>= 60%',
      ok: delivery.hitRatios.length > 0 ? median(delivery.hitRatios) >= 0.6 : null,
    },
    {
      name: `server memory while rendering, ${delivery.renderConcurrency} requests in flight`,
      figure: `${(delivery.peakRenderMemory / 2 ** 20).toFixed(0)} MiB peak resident`,
      budget: '< 1024 MiB',
      ok: delivery.peakRenderMemory < 2 ** 30,
    },
  );
}

// AVIF and WebP efforts (bench/encode-settings.ts): bytes and encode time of each effort at equal
// SSIM on the demo images; delivery's effort must be one no other beats on both.
if (runs('encode')) {
  for (const format of ['webp', 'avif'] as const) {
    const sweep = await sweepFormat(format);
    const delivered = sweep.points.find((point) => point.effort === sweep.deliveryEffort);
    for (const point of sweep.points) {
      const relative = (value: number, base: number | undefined) =>
        base === undefined ? '' : ` (${((value / base) * 100).toFixed(0)}%)`;
      results.push({
        name: `${format} effort ${point.effort}${point.effort === sweep.deliveryEffort ? ' (delivery)' : ''}${sweep.front.includes(point.effort) ? ', on the front' : ''}`,
        figure: `${(point.bytes / 1000).toFixed(1)} KB${relative(point.bytes, delivered?.bytes)}, ${point.milliseconds.toFixed(0)} ms${relative(point.milliseconds, delivered?.milliseconds)}, q ${point.qualities[0]}-${point.qualities[1]}`,
        budget: '',
        ok: null,
      });
    }
    results.push({
      name: `${format}: delivery's effort ${sweep.deliveryEffort} is one no other effort beats on both bytes and time at equal SSIM`,
      figure: `front: efforts ${sweep.front.join(', ')}`,
      budget: `effort ${sweep.deliveryEffort} on the front`,
      ok: sweep.front.includes(sweep.deliveryEffort),
    });
  }
}

// The largest entry of react-imgix's default srcset (bench/srcset-render.ts): an 8192 px PNG from a
// 600 px origin must render well inside the default 30 s render timeout (a third of it).
if (runs('srcset')) {
  const srcset = await measureSrcsetRender();
  const sorted = [...srcset.renderMs].sort((a, b) => a - b);
  const medianMs = sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
  results.push({
    name: `largest react-imgix srcset entry (${srcset.descriptor}), uncached: ${srcset.path}`,
    figure: `${(medianMs / 1000).toFixed(2)} s median of ${sorted.length} (${sorted.map((ms) => (ms / 1000).toFixed(2)).join(', ')} s), ${srcset.width}x${srcset.height} PNG, ${(srcset.bytes / 2 ** 20).toFixed(1)} MiB`,
    budget: '< 10 s',
    ok: medianMs < 10_000,
  });
}

// AI renders (bench/ai-renders.ts): Darkroom's request-to-200 for each AI operation on a demo
// image beside the model's bare inference on the same pixels; then CPU time and peak memory of
// each operation on a 1-megapixel image (AI_OPERATIONS in bench/ai-operation.ts).
if (runs('ai')) {
  const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  for (const figures of await measureAiRenders()) {
    const ratio = figures.requestMs / figures.inferenceMs;
    results.push({
      name: `AI render, ${figures.operation} (${figures.image}): request-to-200 / bare inference`,
      figure: `${ratio.toFixed(2)}x: ${seconds(figures.requestMs)} against ${seconds(figures.inferenceMs)} (medians of ${figures.requestRounds.length}; ${figures.pendingAnswers} answers 423 on the way; the same render without the operation ${seconds(figures.plainMs)})`,
      budget: '<= 1.3x',
      ok: ratio <= 1.3,
    });
  }
  for (const figures of await measureAiOperations()) {
    results.push({
      name: `AI ${figures.operation} on a 1-megapixel image (worker process)`,
      figure: `${(figures.cpuMs / 1000).toFixed(1)} s CPU, ${(figures.wallMs / 1000).toFixed(1)} s wall, ${(figures.peakRssBytes / 2 ** 20).toFixed(0)} MiB peak resident`,
      budget: '',
      ok: null,
    });
  }
}

// Analytics (spec platform section 3, 'Analytics metrics'): 10 million usage events, their
// rollup, a month at daily granularity.
if (runs('analytics')) {
  const analytics = await measureAnalytics();
  results.push(
    {
      name: `usage events ingested (generate_series, ${analytics.events.toLocaleString('en')} events)`,
      figure: `${(analytics.events / analytics.ingestSeconds).toFixed(0)} events/s (${analytics.ingestSeconds.toFixed(1)} s)`,
      budget: '',
      ok: null,
    },
    {
      name: 'usage events rolled up into hourly and daily aggregates',
      figure: `${(analytics.events / analytics.rollupSeconds).toFixed(0)} events/s (${analytics.rollupSeconds.toFixed(1)} s)`,
      budget: '',
      ok: null,
    },
    ...analytics.queries.map((query) => ({
      name: `analytics query, a month by day: ${query.name}`,
      figure: `${query.ms.toFixed(0)} ms`,
      budget: '',
      ok: null,
    })),
  );
}

// Every core (WORKERS, bench/workers.ts): uncached delivery with one server process and with two,
// on PostgreSQL, the formula the pair implies for more, and one process with smaller thread pools
// than the launcher gives it.
if (runs('workers')) {
  const figures = await measureWorkers();
  if (figures.measured) {
    const { one, two, cores, connections } = figures;
    const scaling = scalingFormula(figures);
    const busy = (run: WorkerRun) =>
      `${describe(run.report)}; cores busy: server ${run.coresBusy.toFixed(2)}, PostgreSQL ${run.databaseCoresBusy.toFixed(2)}, load generator ${run.clientCoresBusy.toFixed(2)}, other processes ${run.otherCoresBusy.toFixed(2)} (of ${cores})`;
    results.push(
      {
        name: `uncached delivery, 1 worker, ${connections} connections (median round)`,
        figure: busy(one),
        budget: '',
        ok: null,
      },
      {
        name: `uncached delivery, 2 workers, ${connections} connections (median round)`,
        figure: busy(two),
        budget: '',
        ok: null,
      },
      {
        name: 'uncached delivery, 2 workers vs 1',
        figure: `${scaling.ratio.toFixed(2)}x`,
        budget: '',
        ok: null,
      },
      { name: 'what the pair implies', figure: scaling.text, budget: '', ok: null },
      ...figures.threadPools.map((run) => ({
        name: `uncached delivery, 1 worker, UV_THREADPOOL_SIZE=${run.threads} (the launcher's ${figures.launcherThreads}: ${one.report.requestsPerSecond.toFixed(0)} req/s)`,
        figure: busy(run),
        budget: '',
        ok: null,
      })),
    );
  } else {
    results.push({
      name: 'uncached delivery, 1 and 2 workers',
      figure: `not measured: ${figures.reason}`,
      budget: '',
      ok: null,
    });
  }
}

if (runs('playground')) results.push(await playgroundResult());

console.info('\nDarkroom benchmarks');
for (const result of results) {
  const verdict = result.ok === null ? 'info' : result.ok ? 'PASS' : 'MISS';
  console.info(
    `${verdict}  ${result.name}: ${result.figure}${result.budget ? `  [budget ${result.budget}]` : ''}`,
  );
}
if (runs('bundle')) {
  console.info('\nLargest dashboard chunks (Brotli):');
  for (const chunk of bundle.chunks.slice(0, 8))
    console.info(`  ${(chunk.brotli / 1000).toFixed(1)} KB  ${chunk.file}`);
}
process.exitCode = results.some((result) => result.ok === false) ? 1 : 0;
