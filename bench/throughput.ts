import { spawnSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { Agent, request } from 'undici';
import { percentile } from './api-latency.ts';

/** What a closed-loop run measured: requests per second and latency percentiles in ms. */
export interface ThroughputReport {
  requests: number;
  errors: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  tool: string;
}

/** Runs `work` `concurrency` at a time for `seconds`, in this process (the bare-sharp ceiling). */
export async function measureInProcess(
  work: () => Promise<unknown>,
  options: { concurrency: number; seconds: number },
): Promise<ThroughputReport> {
  const latencies: number[] = [];
  let errors = 0;
  const deadline = performance.now() + options.seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: options.concurrency }, async () => {
      while (performance.now() < deadline) {
        const begin = performance.now();
        try {
          await work();
          latencies.push(performance.now() - begin);
        } catch {
          errors += 1;
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    errors,
    requestsPerSecond: latencies.length / elapsed,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    tool: 'in-process',
  };
}

function wrkMilliseconds(text: string): number {
  const match = /^([\d.]+)(us|ms|s)$/.exec(text.trim());
  if (!match) return Number.NaN;
  const value = Number(match[1]);
  return match[2] === 'us' ? value / 1000 : match[2] === 's' ? value * 1000 : value;
}

function hasWrk(): boolean {
  return spawnSync('wrk', ['--version'], { stdio: 'ignore' }).error === undefined;
}

/**
 * Closed-loop HTTP load: `connections` requests in flight for `seconds`. Uses wrk when it is
 * installed (C, one thread: it leaves the other core to the server, which matters on two cores
 * when a Node client would need as much CPU as the server it measures), else undici.
 */
export async function measureHttp(options: {
  url: string;
  headers?: Record<string, string>;
  connections: number;
  seconds: number;
}): Promise<ThroughputReport> {
  if (hasWrk()) {
    // wrk adds `Host: {url's host}` unless its headers table has the key `Host` spelled so: a
    // `host` header then goes out as a second Host line, in an order that changes from run to
    // run, and Node keeps the first one. Half the runs measured the API's 404 instead.
    const headerArgs = Object.entries(options.headers ?? {}).flatMap(([name, value]) => [
      '-H',
      `${name.toLowerCase() === 'host' ? 'Host' : name}: ${value}`,
    ]);
    const run = spawnSync(
      'wrk',
      [
        '-t1',
        `-c${options.connections}`,
        `-d${options.seconds}s`,
        '--latency',
        ...headerArgs,
        options.url,
      ],
      { encoding: 'utf8' },
    );
    const output = run.stdout;
    const total = /(\d+) requests in/.exec(output);
    const rate = /Requests\/sec:\s+([\d.]+)/.exec(output);
    const p50 = /\s50%\s+(\S+)/.exec(output);
    const p99 = /\s99%\s+(\S+)/.exec(output);
    const non2xx = /Non-2xx or 3xx responses: (\d+)/.exec(output);
    const socketErrors =
      /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
    if (!total || !rate || !p50 || !p99) throw new Error(`could not read wrk output:\n${output}`);
    const errors =
      Number(non2xx?.[1] ?? 0) +
      (socketErrors ? socketErrors.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0);
    if (errors > 0) {
      // Say what failed: a figure made of error answers would mislead.
      console.warn(`wrk saw ${errors} errors:\n${output}`);
    }
    return {
      requests: Number(total[1]),
      errors,
      requestsPerSecond: Number(rate[1]),
      p50: wrkMilliseconds(p50[1] ?? ''),
      p99: wrkMilliseconds(p99[1] ?? ''),
      tool: 'wrk',
    };
  }
  const dispatcher = new Agent({ connections: options.connections, pipelining: 1 });
  try {
    return await measureInProcess(
      async () => {
        const response = await request(options.url, {
          headers: options.headers ?? {},
          dispatcher,
        });
        await response.body.arrayBuffer();
        if (response.statusCode >= 400) throw new Error(`status ${response.statusCode}`);
      },
      { concurrency: options.connections, seconds: options.seconds },
    ).then((report) => ({ ...report, tool: 'undici' }));
  } finally {
    await dispatcher.close();
  }
}
