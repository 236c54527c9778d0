import { performance } from 'node:perf_hooks';

export interface LatencyReport {
  requests: number;
  errors: number;
  ratePerSecond: number;
  p50: number;
  p99: number;
  max: number;
}

export function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? Number.NaN;
}

/**
 * Sends requests at a fixed arrival rate (open loop, so a slow server cannot slow the load down
 * and hide its own latency) for `seconds`, and reports latency percentiles in milliseconds.
 */
export async function measureLatency(options: {
  url: string;
  headers: Record<string, string>;
  ratePerSecond: number;
  seconds: number;
}): Promise<LatencyReport> {
  const total = options.ratePerSecond * options.seconds;
  const interval = 1000 / options.ratePerSecond;
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let index = 0; index < total; index += 1) {
    const due = started + index * interval;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    inFlight.push(
      (async () => {
        const sent = performance.now();
        try {
          const response = await fetch(options.url, { headers: options.headers });
          await response.arrayBuffer();
          if (!response.ok) errors += 1;
        } catch {
          errors += 1;
        }
        latencies.push(performance.now() - sent);
      })(),
    );
  }
  await Promise.all(inFlight);
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requests: total,
    errors,
    ratePerSecond: total / elapsed,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    max: latencies.at(-1) ?? Number.NaN,
  };
}
