import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { request } from 'undici';
import { nginxAvailable, startNginxPeer, type NginxPeer } from './nginx-peer.ts';
import { startPeer, type PeerProcess } from './peers.ts';
import { freePort, startServer, type ServerProcess } from './server-process.ts';
import { measureHttp, measureInProcess, type ThroughputReport } from './throughput.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
/** The workload: the demo source's 1411 x 1411 JPEG to 512 px wide at quality 75. */
const IMAGE_FILE = join(root, 'packages/server/demo-images/retina.jpg');
const IMAGE_NAME = 'retina.jpg';
const WIDTH = 512;
const SECONDS = 6;
const CONNECTIONS = 2;
/** Connections of the cache-hit comparison: enough to keep one server process busy. */
const HIT_CONNECTIONS = 64;
/**
 * Every server is measured once per round, in turn, and the median round reported: a shared
 * two-core machine drifts by 10-20% from one minute to the next, more than the differences
 * measured, and one round in three or four lands on such a swing.
 */
const ROUNDS = 5;

/** One output format of the comparison, as each server is asked for it. */
export interface Workload {
  name: string;
  /** Delivery's query on the demo source. */
  darkroomQuery: string;
  /** sharp's format and options writing the bytes delivery answers (render/src/output/encode.ts). */
  sharpFormat: 'jpeg' | 'webp' | 'avif';
  sharpOptions: sharp.JpegOptions | sharp.WebpOptions | sharp.AvifOptions;
  /** IPX's modifiers, or null where IPX cannot write the format (it has no progressive JPEG). */
  ipxModifiers: string | null;
  /** The nginx `image_filter` location, or null where it cannot write the format. */
  nginx: 'resizedUrl' | 'progressiveUrl' | null;
}

export const WORKLOADS: readonly Workload[] = [
  {
    name: 'baseline JPEG',
    darkroomQuery: `w=${WIDTH}&q=75&jpg-progressive=false`,
    sharpFormat: 'jpeg',
    sharpOptions: { quality: 75, progressive: false, chromaSubsampling: '4:2:0' },
    ipxModifiers: `w_${WIDTH},q_75,f_jpeg`,
    nginx: 'resizedUrl',
  },
  {
    name: 'progressive JPEG',
    darkroomQuery: `w=${WIDTH}&q=75`,
    sharpFormat: 'jpeg',
    sharpOptions: { quality: 75, progressive: true, chromaSubsampling: '4:2:0' },
    ipxModifiers: null,
    nginx: 'progressiveUrl',
  },
  {
    name: 'WebP',
    darkroomQuery: `w=${WIDTH}&q=75&fm=webp`,
    sharpFormat: 'webp',
    sharpOptions: { quality: 75, lossless: false },
    ipxModifiers: `w_${WIDTH},q_75,f_webp`,
    nginx: null,
  },
  {
    name: 'AVIF',
    darkroomQuery: `w=${WIDTH}&q=75&fm=avif`,
    sharpFormat: 'avif',
    sharpOptions: { quality: 75, chromaSubsampling: '4:2:0', effort: 3 },
    ipxModifiers: `w_${WIDTH},q_75,f_avif`,
    nginx: null,
  },
];

export interface WorkloadFigures {
  workload: Workload;
  /** (a) sharp in this process, the file in memory. */
  bareSharp: ThroughputReport;
  /** (a') a minimal node:http + sharp server (bench/peers/minimal-sharp-server.ts). */
  minimalServer: ThroughputReport;
  /** (b) Darkroom, render cache off. */
  darkroom: ThroughputReport;
  /** (c) IPX 3, or null where it cannot write the format. */
  ipx: ThroughputReport | null;
  /** (d) nginx image_filter, or null where it cannot write the format or is not installed. */
  nginx: ThroughputReport | null;
  /** (b)/(a') and (b)/(c) of each round, in order; the budgets read their medians. */
  vsMinimal: number[];
  vsIpx: number[] | null;
  /** Whether (a), (a') and (b) answered the very same bytes: the ratios compare equal work. */
  sameBytes: boolean;
  /** Bytes of each server's answer. */
  bytes: { darkroom: number; ipx: number | null; nginx: number | null };
}

export interface DeliveryFigures {
  workloads: WorkloadFigures[];
  /** Darkroom's cache hits and nginx serving the same bytes as a static file, median rounds. */
  cacheHits: ThroughputReport;
  nginxStatic: ThroughputReport | null;
  /** Hits over nginx static, per round. */
  hitRatios: number[];
  /** Peak resident memory of the server while rendering at full concurrency, bytes. */
  peakRenderMemory: number;
  renderConcurrency: number;
}

function demoHeaders(port: number) {
  return { host: `demo.localhost:${port}` };
}

/** GET through undici: fetch() drops a Host header, and delivery is chosen by Host. */
async function get(url: string, headers: Record<string, string> = {}) {
  const response = await request(url, { headers });
  const body = Buffer.from(await response.body.arrayBuffer());
  return { status: response.statusCode, body, text: body.toString('utf8') };
}

/**
 * Renders at full concurrency (more requests in flight than the render queue runs at once, on the
 * largest demo images, to sizes up to 4000 px) and reports the server's peak resident memory.
 */
async function peakMemoryUnderLoad(server: ServerProcess) {
  const targets = [
    '/hubble_deep_field.jpg?w=4000&fm=png',
    '/astronaut.png?w=3000&blur=20',
    '/retina.jpg?w=2800&fm=webp',
    '/coffee.png?w=3500&sat=40&fm=avif',
  ];
  const inFlight = 16;
  const deadline = Date.now() + 10_000;
  let index = 0;
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (Date.now() < deadline) {
        const target = targets[index % targets.length] ?? '';
        index += 1;
        try {
          await get(`${server.baseUrl}${target}`, demoHeaders(server.port));
        } catch {
          // A refused request (queue full) still leaves the renders in flight to measure.
        }
      }
    }),
  );
  return server.memory().peak;
}

/** One server of a round: how to measure it once. */
type Series = () => Promise<ThroughputReport>;

function httpSeries(url: string, headers?: Record<string, string>, connections = CONNECTIONS) {
  return () => measureHttp({ url, headers, connections, seconds: SECONDS });
}

/** Runs every series once per round, in turn, ROUNDS times, after one short warm-up each. */
async function alternate(series: readonly Series[]): Promise<ThroughputReport[][]> {
  const rounds: ThroughputReport[][] = series.map(() => []);
  for (const measure of series) await measure();
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [index, measure] of series.entries()) rounds[index]?.push(await measure());
  }
  return rounds;
}

function ratios(numerator: readonly ThroughputReport[], denominator: readonly ThroughputReport[]) {
  return numerator.map(
    (report, round) => report.requestsPerSecond / (denominator[round]?.requestsPerSecond ?? NaN),
  );
}

interface Peers {
  darkroom: ServerProcess;
  minimal: PeerProcess;
  ipx: PeerProcess;
  nginx: NginxPeer | null;
}

async function measureWorkload(workload: Workload, peers: Peers): Promise<WorkloadFigures> {
  const input = readFileSync(IMAGE_FILE);
  const bareWork = () =>
    sharp(input)
      .resize({ width: WIDTH })
      .toFormat(workload.sharpFormat, workload.sharpOptions)
      .toBuffer();
  const darkroomUrl = `${peers.darkroom.baseUrl}/${IMAGE_NAME}?${workload.darkroomQuery}`;
  const darkroomHeaders = demoHeaders(peers.darkroom.port);
  const minimalUrl = `${peers.minimal.baseUrl}/${IMAGE_NAME}?w=${WIDTH}&format=${workload.sharpFormat}&options=${encodeURIComponent(JSON.stringify(workload.sharpOptions))}`;
  const ipxUrl =
    workload.ipxModifiers === null
      ? null
      : `${peers.ipx.baseUrl}/${workload.ipxModifiers}/${IMAGE_NAME}`;
  const nginxUrl =
    workload.nginx === null || peers.nginx === null ? null : peers.nginx[workload.nginx];

  const answers = {
    darkroom: await get(darkroomUrl, darkroomHeaders),
    minimal: await get(minimalUrl),
    ipx: ipxUrl === null ? null : await get(ipxUrl),
    nginx: nginxUrl === null ? null : await get(nginxUrl),
  };
  for (const [name, answer] of Object.entries(answers)) {
    if (answer !== null && answer.status !== 200) {
      throw new Error(`${name} answered ${answer.status} for ${workload.name}: ${answer.text}`);
    }
  }
  const bare = (await bareWork()) as Buffer;
  const sameBytes = bare.equals(answers.darkroom.body) && bare.equals(answers.minimal.body);
  if (!sameBytes) {
    // The ratios only mean something when the servers do the same work.
    console.warn(
      `${workload.name}: (a) ${bare.length} bytes, (a') ${answers.minimal.body.length}, (b) ${answers.darkroom.body.length}: update WORKLOADS to encode what delivery answers`,
    );
  }

  const series: Series[] = [
    () => measureInProcess(bareWork, { concurrency: CONNECTIONS, seconds: SECONDS }),
    httpSeries(minimalUrl),
    httpSeries(darkroomUrl, darkroomHeaders),
    ...(ipxUrl === null ? [] : [httpSeries(ipxUrl)]),
    ...(nginxUrl === null ? [] : [httpSeries(nginxUrl)]),
  ];
  const [bareRounds = [], minimalRounds = [], darkroomRounds = [], ...rest] =
    await alternate(series);
  const ipxRounds = ipxUrl === null ? null : (rest.shift() ?? []);
  const nginxRounds = nginxUrl === null ? null : (rest.shift() ?? []);
  return {
    workload,
    bareSharp: medianRound(bareRounds),
    minimalServer: medianRound(minimalRounds),
    darkroom: medianRound(darkroomRounds),
    ipx: ipxRounds === null ? null : medianRound(ipxRounds),
    nginx: nginxRounds === null ? null : medianRound(nginxRounds),
    vsMinimal: ratios(darkroomRounds, minimalRounds),
    vsIpx: ipxRounds === null ? null : ratios(darkroomRounds, ipxRounds),
    sameBytes,
    bytes: {
      darkroom: answers.darkroom.body.length,
      ipx: answers.ipx?.body.length ?? null,
      nginx: answers.nginx?.body.length ?? null,
    },
  };
}

/**
 * Cache hits: Darkroom (render cache on) against nginx serving the bytes of the same answer as a
 * static file, one process each, alternating rounds.
 */
async function measureCacheHits(staticUrl: string | null) {
  const server = await startServer();
  try {
    await server.settled();
    const url = `${server.baseUrl}/${IMAGE_NAME}?w=${WIDTH}&q=75`;
    const headers = demoHeaders(server.port);
    await get(url, headers);
    const series: Series[] = [
      httpSeries(url, headers, HIT_CONNECTIONS),
      ...(staticUrl === null ? [] : [httpSeries(staticUrl, {}, HIT_CONNECTIONS)]),
    ];
    const [hitRounds = [], staticRounds] = await alternate(series);
    return {
      cacheHits: medianRound(hitRounds),
      nginxStatic: staticRounds === undefined ? null : medianRound(staticRounds),
      hitRatios: staticRounds === undefined ? [] : ratios(hitRounds, staticRounds),
    };
  } finally {
    await server.stop();
  }
}

/** `names`: the workloads to measure (WORKLOADS' names, lower case); every one when empty. */
export async function measureDelivery(names: readonly string[] = []): Promise<DeliveryFigures> {
  const imageDirectory = dirname(IMAGE_FILE);
  const darkroom = await startServer({ RENDER_CACHE_MAX_BYTES: '0' });
  const started: { stop(): Promise<void> }[] = [darkroom];
  const workDir = mkdtempSync(join(tmpdir(), 'darkroom-nginx-'));
  try {
    await darkroom.settled();
    const hitBytes = (
      await get(`${darkroom.baseUrl}/${IMAGE_NAME}?w=${WIDTH}&q=75`, demoHeaders(darkroom.port))
    ).body;
    const minimal = await startPeer('minimal-sharp-server.ts', imageDirectory);
    started.push(minimal);
    const ipx = await startPeer('ipx-server.ts', imageDirectory);
    started.push(ipx);
    const nginx = nginxAvailable()
      ? await startNginxPeer({
          workDir,
          imageFile: IMAGE_FILE,
          staticBytes: hitBytes,
          port: await freePort(),
        })
      : null;
    if (nginx !== null) started.push(nginx);
    const peers: Peers = { darkroom, minimal, ipx, nginx };
    const workloads: WorkloadFigures[] = [];
    const chosen = WORKLOADS.filter(
      (workload) => names.length === 0 || names.includes(workload.name.toLowerCase()),
    );
    for (const workload of chosen) workloads.push(await measureWorkload(workload, peers));
    const peakRenderMemory = await peakMemoryUnderLoad(darkroom);
    await darkroom.stop();
    const hits = await measureCacheHits(nginx?.staticUrl ?? null);
    return { workloads, ...hits, peakRenderMemory, renderConcurrency: 16 };
  } finally {
    for (const peer of started.reverse()) await peer.stop();
    rmSync(workDir, { recursive: true, force: true });
  }
}

/** The round with the median requests per second. */
function medianRound(rounds: readonly ThroughputReport[]): ThroughputReport {
  const sorted = [...rounds].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond);
  const median = sorted[Math.floor(sorted.length / 2)];
  if (median === undefined) throw new Error('no rounds were measured');
  return median;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

export function describe(report: ThroughputReport): string {
  return `${report.requestsPerSecond.toFixed(0)} req/s, p50 ${report.p50.toFixed(1)} ms, p99 ${report.p99.toFixed(1)} ms (${report.requests} requests, ${report.errors} errors, ${report.tool})`;
}
