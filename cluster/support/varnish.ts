// Varnish in front of nodes a and b, running the VCL an operator is given (docs/varnish/darkroom.vcl)
// with this cluster's backends added. Varnish concatenates the bodies of several definitions of
// one built-in subroutine in the order they appear (Varnish's VCL reference, "Multiple
// subroutines"), so the harness's vcl_recv, placed before the included file, picks the backend
// and the shipped VCL's own vcl_recv runs after it.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { REPOSITORY_ROOT, sleep } from './node-process.ts';

export const VARNISHD = '/usr/sbin/varnishd';
export const SHIPPED_VCL = path.join(REPOSITORY_ROOT, 'docs/varnish/darkroom.vcl');

const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 15_000;

/** The harness's VCL: two backends behind a round-robin director, then the shipped VCL. */
export function harnessVcl(backendPorts: readonly number[]): string {
  const backends = backendPorts
    .map((port, index) => `backend node_${index} { .host = "127.0.0.1"; .port = "${port}"; }`)
    .join('\n');
  const added = backendPorts
    .map((_, index) => `  cluster_nodes.add_backend(node_${index});`)
    .join('\n');
  return `vcl 4.1;

import directors;

${backends}

sub vcl_init {
  new cluster_nodes = directors.round_robin();
${added}
}

sub vcl_recv {
  set req.backend_hint = cluster_nodes.backend();
}

include "${SHIPPED_VCL}";
`;
}

export interface RunningVarnish {
  baseUrl: string;
  pid: number;
  output(): string;
  stop(): Promise<void>;
}

/** Starts varnishd in the foreground with its working folder in `directory`. */
export async function startVarnish(
  directory: string,
  port: number,
  backendPorts: readonly number[],
): Promise<RunningVarnish> {
  if (!existsSync(SHIPPED_VCL)) throw new Error(`${SHIPPED_VCL} is missing`);
  const vclFile = path.join(directory, 'cluster.vcl');
  writeFileSync(vclFile, harnessVcl(backendPorts));
  const child = spawn(
    VARNISHD,
    [
      '-F',
      // No privilege separation: the harness may run as root (CI) or not, and its working folder
      // is its own temporary one.
      '-j',
      'none',
      '-n',
      path.join(directory, 'work'),
      '-a',
      `127.0.0.1:${port}`,
      '-f',
      vclFile,
      '-s',
      'malloc,64m',
      // Light: a handful of threads and a small shared log, not a production box's defaults.
      '-p',
      'thread_pools=1',
      '-p',
      'thread_pool_min=5',
      '-p',
      'thread_pool_max=100',
      '-p',
      'vsl_space=1M',
      // The shipped VCL declares a backend of its own, the example an operator edits, which the
      // harness leaves unused: VCC refuses an unused backend unless told not to.
      '-p',
      'vcc_err_unref=off',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = () => stopChild(child);
  try {
    await waitForAnswer(baseUrl, child, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, pid: child.pid ?? 0, output: () => output, stop };
}

async function waitForAnswer(
  baseUrl: string,
  child: ChildProcess,
  output: () => string,
): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`varnishd exited (${child.exitCode ?? child.signalCode}):\n${output()}`);
    }
    try {
      // Any answer, a 503 from a backend not listening yet included, means Varnish serves.
      await (await fetch(`${baseUrl}/`, { headers: { host: 'varnish-probe.invalid' } })).text();
      return;
    } catch {
      await sleep(200);
    }
  }
  throw new Error(`varnishd did not answer within ${START_TIMEOUT_MS / 1000} s:\n${output()}`);
}

/** SIGTERM (the manager stops its child too), then SIGKILL if it lingers. */
async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}
