// Runs one part of the battery: its requests with a few in flight, the server watched throughout
// (bench/battery/monitor.ts); when the server goes down, the reason and the requests in flight are
// printed at once and the part goes on with the process `npm start`'s launcher starts again. Then
// 10 quiet seconds in which the server's CPU time (work left running after timeouts) and memory
// are read.
import {
  answerProblem,
  type StatusExpectation,
} from '../../packages/server/test/hostile/expectations.ts';
import { sendRaw, type RawRequest } from '../../packages/server/test/hostile/raw-http.ts';
import type { BatteryServer } from './battery-server.ts';
import { cpuSeconds, peakResidentBytes, residentBytes, watch, type Watch } from './monitor.ts';

export interface BatteryCase {
  label: string;
  request: RawRequest;
  expect: StatusExpectation;
  deadlineMs: number;
  closeIsAnAnswer?: boolean;
}

export interface Failure {
  label: string;
  /** How to send it again: method, target and Host. */
  replay: string;
  problem: string;
}

export interface PartReport {
  name: string;
  sent: number;
  seconds: number;
  /** Answers by status, plus `timeout` and `closed` for requests never answered. */
  statuses: Map<string, number>;
  serverErrors: number;
  unanswered: number;
  gateway504: number;
  /**
   * Requests the battery gave up waiting for, but for uploads that stop sending (their server
   * timeout is no render): work that may go on after the answer, like a 504's.
   */
  clientTimeouts: number;
  failures: Failure[];
  peakRss: number;
  healthLatencies: number[];
  /** CPU seconds over the quiet window beyond the idle rate. */
  cpuAfter: number;
  /** Resident memory at the end of the quiet window, and the idle size it is compared with. */
  rssAfter: number;
  idleRss: number;
  /** Each time the server went down: why, and the requests in flight. */
  crashes: string[];
}

const QUIET_SECONDS = 10;
/** A progress line every this many requests, so a long part shows it is moving. */
const PROGRESS_EVERY = 1000;

function replayOf(request: RawRequest): string {
  const target =
    request.target.length > 300 ? `${request.target.slice(0, 300)}...` : request.target;
  return `${request.method} ${target}  (Host: ${request.headers.host ?? ''})`;
}

function newReport(name: string, idleRss: number): PartReport {
  return {
    name,
    sent: 0,
    seconds: 0,
    statuses: new Map(),
    serverErrors: 0,
    unanswered: 0,
    gateway504: 0,
    clientTimeouts: 0,
    failures: [],
    peakRss: 0,
    healthLatencies: [],
    cpuAfter: 0,
    rssAfter: 0,
    idleRss,
    crashes: [],
  };
}

function record(
  report: PartReport,
  item: BatteryCase,
  answer: Awaited<ReturnType<typeof sendRaw>>,
) {
  report.sent += 1;
  const key = answer.status === null ? answer.outcome : String(answer.status);
  report.statuses.set(key, (report.statuses.get(key) ?? 0) + 1);
  if (answer.status !== null && answer.status >= 500) report.serverErrors += 1;
  if (answer.status === 504) report.gateway504 += 1;
  if (answer.outcome === 'timeout' && item.closeIsAnAnswer !== true) report.clientTimeouts += 1;
  if (
    answer.status === null &&
    answer.outcome !== 'aborted' &&
    !(item.closeIsAnAnswer && answer.outcome === 'closed')
  ) {
    report.unanswered += 1;
  }
  const problem = answerProblem(item.expect, answer, {
    closeIsAnAnswer: item.closeIsAnAnswer === true,
  });
  if (problem !== null) {
    report.failures.push({ label: item.label, replay: replayOf(item.request), problem });
  }
}

/** Sends `cases`, `concurrency` at a time, to the running server. */
export async function runPart(
  name: string,
  server: BatteryServer,
  cases: readonly BatteryCase[],
  concurrency: number,
): Promise<PartReport> {
  const started = Date.now();
  const report = newReport(name, server.baseline.rss);
  // The peak is the kernel's high-water mark (VmHWM), reset for the part: a spike between two
  // samples still counts. The samples of the watch are the fallback where the reset is refused.
  const hasExactPeak = peakResidentBytes(server.pid, { reset: true }) !== null;
  let watcher = watch(server.pid, server.port);
  const absorb = (result: Watch, pid: number) => {
    const exact = hasExactPeak ? peakResidentBytes(pid) : null;
    report.peakRss = Math.max(report.peakRss, exact ?? 0, result.peakRss);
    report.healthLatencies.push(...result.healthLatencies);
  };
  const inFlight = new Set<string>();
  let next = 0;
  let recovering: Promise<void> | null = null;

  const recoverIfDown = async () => {
    if (server.alive() && watcher.result.killed === null) return;
    recovering ??= (async () => {
      const pid = server.pid;
      const result = await watcher.stop();
      // The process is gone: its high-water mark with it, but the watch saw it grow.
      absorb(result, pid);
      const why =
        result.killed === null ? 'the server exited' : `killed by the battery: ${result.killed}`;
      const crash = `${why}; in flight: ${[...inFlight].join(' | ') || 'nothing'}`;
      report.crashes.push(crash);
      console.info(`  server down: ${crash}`);
      await server.recover(why);
      console.info(`  the launcher started it again (pid ${server.pid}); going on`);
      peakResidentBytes(server.pid, { reset: true });
      watcher = watch(server.pid, server.port);
      recovering = null;
    })();
    await recovering;
  };

  const worker = async () => {
    for (;;) {
      if (recovering !== null) await recovering;
      const item = cases[next];
      next += 1;
      if (item === undefined) return;
      inFlight.add(item.label);
      const answer = await sendRaw(server.port, item.request, item.deadlineMs);
      inFlight.delete(item.label);
      record(report, item, answer);
      if (report.sent % PROGRESS_EVERY === 0) {
        console.info(
          `  ${report.sent} of ${cases.length} sent, ${report.serverErrors} 5xx so far, ${((Date.now() - started) / 1000).toFixed(0)} s`,
        );
      }
      await recoverIfDown();
    }
  };
  await Promise.all(Array.from({ length: concurrency }, () => worker()));

  // The quiet window: no requests; what the server does now is work left over.
  const cpuBefore = cpuSeconds(server.pid) ?? 0;
  await new Promise((resolve) => setTimeout(resolve, QUIET_SECONDS * 1000));
  const cpuAfter = cpuSeconds(server.pid);
  report.cpuAfter = Math.max(
    0,
    (cpuAfter ?? cpuBefore) - cpuBefore - server.baseline.cpuPerSecond * QUIET_SECONDS,
  );
  report.rssAfter = residentBytes(server.pid) ?? 0;
  const last = await watcher.stop();
  absorb(last, server.pid);
  if (!server.alive() || last.killed !== null) {
    const why =
      last.killed === null ? 'the server exited' : `killed by the battery: ${last.killed}`;
    report.crashes.push(`${why} after the part's requests`);
    console.info(`  server down: ${why} after the part's requests`);
    await server.recover(why);
  }
  report.seconds = (Date.now() - started) / 1000;
  return report;
}
