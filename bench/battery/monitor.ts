// Watches the server process while a part of the battery runs: resident memory every 100 ms,
// `/healthz` latency every 50 ms, CPU time from /proc; and stops (SIGKILL, by pid) a server that
// grows past what this shared machine can give it or stops answering, so the battery can restart
// it and go on.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';

const MIB = 2 ** 20;
/** Past this the battery kills the server: the budget is 1 GiB, and others share the machine. */
export const MEMORY_CEILING = 4096 * MIB;
/** A /healthz unanswered this long: the server is frozen, and is killed. */
export const FROZEN_MS = 60_000;
const SAMPLE_MS = 100;
const PROBE_MS = 50;

function readProc(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

/** VmRSS of `pid` in bytes, or null once the process is gone. */
export function residentBytes(pid: number): number | null {
  const status = readProc(`/proc/${pid}/status`);
  const match = status === null ? null : /^VmRSS:\s+(\d+) kB/m.exec(status);
  return match ? Number(match[1]) * 1024 : null;
}

/**
 * VmHWM of `pid` (its peak resident memory) in bytes, or null once it is gone. With `reset`, the
 * peak is first set back to the current size (writing 5 to /proc/{pid}/clear_refs, Linux's
 * documented way to reset it; root or the process's owner may) and null returned if refused.
 */
export function peakResidentBytes(pid: number, options: { reset?: boolean } = {}): number | null {
  if (options.reset === true) {
    try {
      writeFileSync(`/proc/${pid}/clear_refs`, '5');
    } catch {
      return null;
    }
  }
  const status = readProc(`/proc/${pid}/status`);
  const match = status === null ? null : /^VmHWM:\s+(\d+) kB/m.exec(status);
  return match ? Number(match[1]) * 1024 : null;
}

/** User plus system CPU time of `pid`, in seconds (clock ticks of 1/100 s), or null when gone. */
export function cpuSeconds(pid: number): number | null {
  const stat = readProc(`/proc/${pid}/stat`);
  if (stat === null) return null;
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  if (fields[0] === 'Z') return null;
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

function parentOf(pid: number): number | null {
  const stat = readProc(`/proc/${pid}/stat`);
  return stat === null ? null : Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
}

/**
 * The pid of the server that `startServer` launched with `marker` in its environment, or null
 * while there is none: scripts/start.mjs (the launcher) runs packages/server/src/main.ts as its
 * child, whose own children (AI workers) inherit the marker too. The server is the marked child
 * of a marked process whose parent is not marked.
 */
export function findServerPidOrNull(marker: string): number | null {
  const marked = new Set<number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const environ = readProc(`/proc/${entry}/environ`);
    if (environ?.split('\0').includes(marker) && residentBytes(Number(entry)) !== null) {
      marked.add(Number(entry));
    }
  }
  for (const pid of marked) {
    const parent = parentOf(pid);
    const grandparent = parent === null ? null : parentOf(parent);
    if (parent !== null && marked.has(parent) && grandparent !== null && !marked.has(grandparent)) {
      return pid;
    }
  }
  return null;
}

export function findServerPid(marker: string): number {
  const pid = findServerPidOrNull(marker);
  if (pid === null) throw new Error(`no server process carries ${marker}`);
  return pid;
}

export interface Watch {
  peakRss: number;
  /** Every /healthz latency measured, in ms (an unanswered probe counts until it ended). */
  healthLatencies: number[];
  /** Why the battery killed the server, if it did. */
  killed: string | null;
  /** True once the server process is gone (it exited, or was killed). */
  gone: boolean;
}

/** Samples memory and probes /healthz until `stop()`; kills a server past the ceilings. */
export function watch(pid: number, port: number): { result: Watch; stop(): Promise<Watch> } {
  const result: Watch = { peakRss: 0, healthLatencies: [], killed: null, gone: false };
  const kill = (reason: string) => {
    if (result.killed !== null || result.gone) return;
    result.killed = reason;
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  };
  const sampler = setInterval(() => {
    const rss = residentBytes(pid);
    if (rss === null) {
      result.gone = true;
      return;
    }
    result.peakRss = Math.max(result.peakRss, rss);
    if (rss > MEMORY_CEILING) kill(`resident memory reached ${(rss / MIB).toFixed(0)} MiB`);
  }, SAMPLE_MS);
  // Probed from a thread of its own (health-probe-worker.mjs), so that what is timed is the
  // server's answer, not a pause of this process's own event loop.
  const prober = new Worker(new URL('./health-probe-worker.mjs', import.meta.url), {
    workerData: { port, intervalMs: PROBE_MS, frozenMs: FROZEN_MS },
  });
  prober.on('message', (outcome: number | 'refused' | 'timeout') => {
    // A refused connection (the server is gone) is no latency; a probe left unanswered is.
    if (typeof outcome === 'number') result.healthLatencies.push(outcome);
    else if (outcome === 'timeout') {
      result.healthLatencies.push(FROZEN_MS);
      kill(`/healthz unanswered for ${FROZEN_MS / 1000} s`);
    }
  });
  const proberDone = new Promise((resolve) => prober.once('exit', resolve));
  return {
    result,
    async stop() {
      clearInterval(sampler);
      prober.postMessage('stop');
      await proberDone;
      return result;
    },
  };
}
