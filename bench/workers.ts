// Uncached delivery with one server process and with two (WORKERS=2, node:cluster), both on a
// throwaway PostgreSQL (more than one worker needs it), and one process with smaller libuv thread
// pools than the launcher gives it, to see what the threads beside the renders are worth
// (packages/server/src/cluster-workers/thread-pool.ts). The servers run side by side, idle but for
// the one measured, and are measured in turn over ROUNDS rounds, as bench/delivery.ts measures its
// pair: a shared machine drifts between minutes more than one setup differs from another.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import pg from 'pg';
import { THREADS_BESIDE_RENDERS } from '../packages/server/src/cluster-workers/thread-pool.ts';
import {
  PostgresUnavailableError,
  startThrowawayPostgres,
  type ThrowawayPostgres,
} from '../packages/server/test/postgres-global-setup.ts';
import { processTreeCpuSeconds, startServer, type ServerProcess } from './server-process.ts';
import { measureHttp, type ThroughputReport } from './throughput.ts';

/** The delivery benchmark's workload: the demo source's 1411 x 1411 JPEG to 512 px at q=75. */
const TARGET = '/retina.jpg?w=512&q=75';
const SECONDS = 10;
const ROUNDS = 5;

interface Setup {
  workers: number;
  /** UV_THREADPOOL_SIZE; null: the launcher's (RENDER_CONCURRENCY + THREADS_BESIDE_RENDERS). */
  threads: number | null;
}

export interface WorkerRun extends Setup {
  /** The median round. */
  report: ThroughputReport;
  /** Cores the server's processes kept busy over the median round (CPU seconds per second). */
  coresBusy: number;
  /** Cores PostgreSQL kept busy meanwhile (every delivery records its usage event). */
  databaseCoresBusy: number;
  /** Cores the load generator kept busy meanwhile (this process, or wrk). */
  clientCoresBusy: number;
  /** Cores anything else on the machine kept busy meanwhile: what made the figure less sure. */
  otherCoresBusy: number;
}

export type WorkerFigures =
  | {
      measured: true;
      cores: number;
      connections: number;
      /** One worker and two, with the launcher's thread pool. */
      one: WorkerRun;
      two: WorkerRun;
      /** One worker with fewer threads beside its renders than the launcher gives. */
      threadPools: WorkerRun[];
      /** The thread pool the launcher gives one worker (its renders: one per core). */
      launcherThreads: number;
    }
  | { measured: false; reason: string };

async function createDatabase(maintenanceUrl: string): Promise<string> {
  const name = `darkroom_bench_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: maintenanceUrl });
  await client.connect();
  try {
    await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(maintenanceUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A server of the setup on its own database, render cache off, settled. */
async function startSetup(postgres: ThrowawayPostgres, setup: Setup) {
  const server = await startServer(
    {
      WORKERS: String(setup.workers),
      DATABASE_URL: await createDatabase(postgres.url),
      DARKROOM_SECRET_KEY: randomBytes(32).toString('hex'),
      // Every request fetches and renders.
      RENDER_CACHE_MAX_BYTES: '0',
      UV_THREADPOOL_SIZE: setup.threads === null ? '' : String(setup.threads),
    },
    { healthyWithinMs: 180_000 },
  );
  await server.settled();
  return server;
}

/**
 * CPU seconds this process and the children it has waited for (wrk, run with spawnSync) have used:
 * utime, stime, cutime and cstime of /proc/self/stat, in clock ticks of 1/100 s.
 */
function clientCpuSeconds(): number {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields.slice(11, 15).reduce((sum, ticks) => sum + Number(ticks), 0) / 100;
}

/** CPU seconds every core of the machine has spent busy (not idle nor waiting): /proc/stat. */
function machineCpuSeconds(): number {
  const [line = ''] = readFileSync('/proc/stat', 'utf8').split('\n');
  // cpu user nice system idle iowait irq softirq steal ...
  const ticks = line.trim().split(/\s+/).slice(1).map(Number);
  const busy = [0, 1, 2, 5, 6, 7].reduce((sum, field) => sum + (ticks[field] ?? 0), 0);
  return busy / 100;
}

type Round = Omit<WorkerRun, keyof Setup>;

async function measureRound(
  server: ServerProcess,
  postgres: ThrowawayPostgres,
  connections: number,
  seconds: number,
): Promise<Round> {
  const url = `${server.baseUrl}${TARGET}`;
  const headers = { host: `demo.localhost:${server.port}` };
  const cpu = () => ({
    server: server.cpuSeconds(),
    database: processTreeCpuSeconds(postgres.postmasterPid),
    client: clientCpuSeconds(),
    machine: machineCpuSeconds(),
  });
  const before = cpu();
  const started = performance.now();
  const report = await measureHttp({ url, headers, connections, seconds });
  const elapsed = (performance.now() - started) / 1000;
  const after = cpu();
  const cores = (part: keyof typeof before) => (after[part] - before[part]) / elapsed;
  return {
    report,
    coresBusy: cores('server'),
    databaseCoresBusy: cores('database'),
    clientCoresBusy: cores('client'),
    otherCoresBusy: Math.max(
      0,
      cores('machine') - cores('server') - cores('database') - cores('client'),
    ),
  };
}

function medianRun(setup: Setup, rounds: readonly Round[]): WorkerRun {
  const sorted = [...rounds].sort(
    (a, b) => a.report.requestsPerSecond - b.report.requestsPerSecond,
  );
  const median = sorted[Math.floor(sorted.length / 2)];
  if (median === undefined) throw new Error('no rounds were measured');
  return { ...setup, ...median };
}

/**
 * Uncached throughput of each setup on this machine, with as many requests in flight as twice
 * its cores (each render slot has the next request waiting). Every server keeps its default
 * RENDER_CONCURRENCY (the cores shared among its workers).
 */
export async function measureWorkers(): Promise<WorkerFigures> {
  let postgres: ThrowawayPostgres;
  try {
    postgres = await startThrowawayPostgres();
  } catch (error) {
    if (!(error instanceof PostgresUnavailableError)) throw error;
    return { measured: false, reason: `PostgreSQL is needed for two workers: ${error.message}` };
  }
  const cores = os.availableParallelism();
  const connections = 2 * cores;
  const setups: Setup[] = [
    { workers: 1, threads: null },
    { workers: 2, threads: null },
    // One worker renders `cores` at once: no thread beside them, then half the launcher's.
    { workers: 1, threads: cores },
    { workers: 1, threads: cores + THREADS_BESIDE_RENDERS / 2 },
  ];
  const servers: ServerProcess[] = [];
  try {
    for (const setup of setups) servers.push(await startSetup(postgres, setup));
    // Warm up each: the JIT, the database pool, the origin file in the page cache.
    for (const server of servers) await measureRound(server, postgres, connections, 2);
    const rounds = setups.map((): Round[] => []);
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const [index, server] of servers.entries()) {
        rounds[index]?.push(await measureRound(server, postgres, connections, SECONDS));
      }
    }
    const [one, two, ...threadPools] = setups.map((setup, index) =>
      medianRun(setup, rounds[index] ?? []),
    );
    if (one === undefined || two === undefined) throw new Error('a setup was not measured');
    const launcherThreads = cores + THREADS_BESIDE_RENDERS;
    return { measured: true, cores, connections, one, two, threadPools, launcherThreads };
  } finally {
    for (const server of servers) await server.stop();
    postgres.stop();
  }
}

/** CPU one request cost in a run, in ms: server, PostgreSQL and load generator together. */
function cpuPerRequestMs(run: WorkerRun): number {
  const busy = run.coresBusy + run.databaseCoresBusy + run.clientCoresBusy;
  return (busy / run.report.requestsPerSecond) * 1000;
}

/**
 * What the pair implies for W workers, from what was measured: each process serves at most what
 * the one-worker run did, and all of them together no more than the cores other processes leave
 * divided by the CPU one request costs, which each run measures (a second process has its own
 * event loop, JIT and caches to keep):
 * throughput(W) ≈ min(W × one-worker figure, free cores / CPU per request with W workers).
 * Checked against the two-worker run, and said which term bounds one worker here.
 */
export function scalingFormula(figures: Extract<WorkerFigures, { measured: true }>): {
  ratio: number;
  text: string;
} {
  const { one, two, cores } = figures;
  const perProcess = one.report.requestsPerSecond;
  const [oneMs, twoMs] = [cpuPerRequestMs(one), cpuPerRequestMs(two)];
  const freeCores = cores - two.otherCoresBusy;
  const predicted = Math.min(2 * perProcess, (freeCores * 1000) / twoMs);
  const measured = two.report.requestsPerSecond;
  const error = ((measured - predicted) / predicted) * 100;
  const oneBusy = one.coresBusy + one.databaseCoresBusy + one.clientCoresBusy;
  const oneFree = cores - one.otherCoresBusy;
  // A process that leaves a fifth of the free cores idle is held back by itself (its event loop).
  const bound =
    oneBusy >= 0.8 * oneFree
      ? 'the cores, not the process, bound it here: more workers only add CPU per request'
      : 'the process, not the cores, bounds it here: workers scale it until the cores are busy';
  const signed = (value: number) => `${value >= 0 ? '+' : ''}${value.toFixed(0)}%`;
  return {
    ratio: measured / perProcess,
    text:
      `throughput(W) ≈ min(W × ${perProcess.toFixed(0)} req/s, free cores / CPU per request, ` +
      `${oneMs.toFixed(1)} ms with 1 worker and ${twoMs.toFixed(1)} ms with 2 ` +
      `(${signed(((twoMs - oneMs) / oneMs) * 100)})); with the ${freeCores.toFixed(2)} of ${cores} ` +
      `cores free during the 2-worker run it predicts ${predicted.toFixed(0)} req/s, measured ` +
      `${measured.toFixed(0)} (${signed(error)}); one worker kept ${oneBusy.toFixed(2)} of ` +
      `${oneFree.toFixed(2)} free cores busy: ${bound}`,
  };
}
