// Prints a part's figures beside their budgets, in `npm run bench`'s PASS/MISS
// format, then the failing requests so they can be sent again.
import { percentile } from '../api-latency.ts';
import type { PartReport } from './part.ts';

const MIB = 2 ** 20;
const MEMORY_BUDGET = 1024 * MIB;
const HEALTH_BUDGET_MS = 100;
const RETURN_BUDGET = 150 * MIB;
/** CPU under a tenth of a second after the idle rate is taken off counts as none (tick noise). */
const CPU_NOISE_SECONDS = 0.1;
const FAILURES_SHOWN = 20;

export interface Verdict {
  part: string;
  name: string;
  figure: string;
  budget: string;
  ok: boolean | null;
}

const count = (value: number) => value.toLocaleString('en');
const mib = (bytes: number) => `${(bytes / MIB).toFixed(0)} MiB`;

/** The part's verdicts, in the order they are printed. */
export function verdicts(report: PartReport): Verdict[] {
  const part = report.name;
  const sorted = [...report.healthLatencies].sort((a, b) => a - b);
  const worst = sorted.at(-1) ?? Number.NaN;
  const p99 = percentile(sorted, 0.99);
  const timedOut = report.gateway504 > 0 || report.clientTimeouts > 0;
  const overIdle = report.rssAfter - report.idleRss;
  return [
    {
      part,
      name: 'server errors (5xx)',
      figure: count(report.serverErrors),
      budget: '0',
      ok: report.serverErrors === 0,
    },
    {
      part,
      name: 'requests never answered (timeouts, dropped connections)',
      figure: count(report.unanswered),
      budget: '0',
      ok: report.unanswered === 0,
    },
    {
      part,
      name: 'answers other than expected (4xx for malformed input, ...)',
      figure: count(report.failures.length),
      budget: '0',
      ok: report.failures.length === 0,
    },
    {
      part,
      name: 'server went down (crashed, or killed by the battery past 4 GiB or 60 s frozen)',
      figure: report.crashes.length === 0 ? 'never' : `${report.crashes.length} times`,
      budget: 'never',
      ok: report.crashes.length === 0,
    },
    {
      part,
      name: 'peak resident memory of the server',
      figure: mib(report.peakRss),
      budget: '< 1024 MiB',
      ok: report.peakRss < MEMORY_BUDGET,
    },
    {
      part,
      // The budget is the 99th percentile (the developers' guide: "/healthz p99 under 100 ms
      // while renders run"); the worst probe is printed beside it so a stall still shows.
      name: '/healthz latency p99 (probed every 50 ms)',
      figure: `${p99.toFixed(0)} ms (worst ${worst.toFixed(0)} ms, ${count(sorted.length)} probes)`,
      budget: `< ${HEALTH_BUDGET_MS} ms`,
      ok: p99 < HEALTH_BUDGET_MS,
    },
    {
      part,
      // Work a timed-out render goes on doing shows as CPU once the requests stop. Without a
      // timeout in the part there is nothing to measure; the quiet window's CPU is shown anyway.
      name: timedOut
        ? `server CPU in the 10 s after the part, beyond idle (after ${count(report.gateway504)} 504s and ${count(report.clientTimeouts)} requests unanswered in time)`
        : 'server CPU after timeouts (none timed out; CPU in the 10 s after the part, beyond idle)',
      figure: `${report.cpuAfter.toFixed(1)} s`,
      budget: '0 s',
      ok: !timedOut || report.cpuAfter < CPU_NOISE_SECONDS,
    },
    {
      part,
      name: 'resident memory 10 s after the part, over idle',
      figure: `${mib(report.rssAfter)}, ${overIdle >= 0 ? '+' : ''}${mib(overIdle)} over idle ${mib(report.idleRss)}`,
      budget: 'within 150 MiB of idle',
      ok: report.rssAfter > 0 && overIdle <= RETURN_BUDGET,
    },
  ];
}

export function formatVerdict(verdict: Verdict): string {
  const mark = verdict.ok === null ? 'info' : verdict.ok ? 'PASS' : 'MISS';
  const budget = verdict.budget === '' ? '' : `  [budget ${verdict.budget}]`;
  return `${mark}  ${verdict.name}: ${verdict.figure}${budget}`;
}

export function printPart(report: PartReport, details: string): Verdict[] {
  const statuses = [...report.statuses]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([status, times]) => `${status} x${count(times)}`)
    .join(', ');
  console.info(
    `\n${report.name}: ${count(report.sent)} requests sent, ${report.seconds.toFixed(0)} s (${details})`,
  );
  console.info(`  statuses: ${statuses}`);
  const list = verdicts(report);
  for (const verdict of list) console.info(`  ${formatVerdict(verdict)}`);
  for (const crash of report.crashes) console.info(`  server down: ${crash}`);
  if (report.failures.length > 0) {
    const shown = report.failures.slice(0, FAILURES_SHOWN);
    console.info(`  failing requests (${shown.length} of ${count(report.failures.length)}):`);
    for (const failure of shown) {
      console.info(`    ${failure.label}\n      ${failure.replay}\n      -> ${failure.problem}`);
    }
  }
  return list;
}
