// Pausing and resuming the whole PostgreSQL server: the postmaster and every backend it forked.
// A stopped process keeps its sockets open and answers nothing (signal(7): SIGSTOP cannot be
// caught), which is what a database that hangs, rather than refuses, looks like to its clients.
import { execFileSync } from 'node:child_process';

/** The postmaster's children (backends, checkpointer, WAL writer...), from ps(1). */
function childrenOf(pid: number): number[] {
  try {
    return execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' })
      .split('\n')
      .map((line) => Number(line.trim()))
      .filter((child) => child > 0);
  } catch {
    // ps exits 1 when there are none.
    return [];
  }
}

function signalAll(postmasterPid: number, signal: NodeJS.Signals): void {
  for (const pid of [postmasterPid, ...childrenOf(postmasterPid)]) {
    try {
      process.kill(pid, signal);
    } catch {
      // A backend that ended between the listing and the signal.
    }
  }
}

/** SIGSTOP to the postmaster and its children: connections open, nothing answered. */
export function pausePostgres(postmasterPid: number): void {
  signalAll(postmasterPid, 'SIGSTOP');
}

/** SIGCONT to the postmaster and its children; harmless when they were not paused. */
export function resumePostgres(postmasterPid: number): void {
  signalAll(postmasterPid, 'SIGCONT');
}
