// The server under test, started as `npm start` does (bench/server-process.ts), with the
// accounts, sources and files of packages/server/test/hostile/targets.ts. When a hostile request
// takes it down, `npm start`'s launcher starts it again on the same data directory and port
// (scripts/start.mjs); the battery records why and goes on with the new process.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sendRaw } from '../../packages/server/test/hostile/raw-http.ts';
import { setUpTargets, type HostileTargets } from '../../packages/server/test/hostile/targets.ts';
import { startServer, type ServerProcess } from '../server-process.ts';
import { cpuSeconds, findServerPid, findServerPidOrNull, residentBytes } from './monitor.ts';

const demoImages = fileURLToPath(new URL('../../packages/server/demo-images/', import.meta.url));
const ADMIN_EMAIL = 'battery-admin@example.com';
const ADMIN_PASSWORD = 'battery-admin-password';
/** How long the launcher may take to start a server that went down (its back-off included). */
const RECOVER_MS = 120_000;
/** The idle baseline is measured over this long. */
const BASELINE_SECONDS = 10;
/** A server still running this long after SIGTERM is killed (shutdown is not measured here). */
const STOP_GRACE_MS = 30_000;
/** The file of the hostile origin that is a plain valid PNG, to see the web folder deployed. */
export const ORIGIN_PROBE_FILE = 'ok.png';

export interface Baseline {
  rss: number;
  /** CPU seconds per second while idle (timers, metering). */
  cpuPerSecond: number;
}

async function signInAdmin(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/v4/sessions`, {
    method: 'POST',
    headers: { 'content-type': 'application/vnd.api+json' },
    body: JSON.stringify({
      data: { type: 'sessions', attributes: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } },
    }),
  });
  if (response.status !== 201) throw new Error(`admin sign-in answered ${response.status}`);
  const document = (await response.json()) as { data: { attributes: { token: string } } };
  return document.data.attributes.token;
}

/** Polls one image per new source until it is delivered: their deploy jobs have run. */
async function waitForDeliveries(port: number, probes: [host: string, target: string][]) {
  for (const [host, target] of probes) {
    const deadline = Date.now() + 120_000;
    for (;;) {
      const answer = await sendRaw(port, { method: 'GET', target, headers: { host } }, 30_000);
      if (answer.status === 200) break;
      if (Date.now() > deadline) {
        throw new Error(`${host}${target} still answers ${answer.status} two minutes after set-up`);
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

export class BatteryServer {
  readonly #originFolderUrl: string;
  /** In the server's environment, to tell its process (and a restarted one) from the launcher. */
  readonly #marker = randomBytes(8).toString('hex');
  #server: ServerProcess | null = null;
  #targets: HostileTargets | null = null;
  pid = 0;
  baseline: Baseline = { rss: 0, cpuPerSecond: 0 };
  /** Why the server went down, each time it did. */
  readonly restarts: string[] = [];

  constructor(originFolderUrl: string) {
    this.#originFolderUrl = originFolderUrl;
  }

  get targets(): HostileTargets {
    if (this.#targets === null) throw new Error('the server is not started');
    return this.#targets;
  }

  get port(): number {
    return this.targets.port;
  }

  alive(): boolean {
    return residentBytes(this.pid) !== null;
  }

  async start(): Promise<void> {
    this.#server = await startServer(
      {
        DARKROOM_BATTERY: this.#marker,
        // The battery's own origin and the URL values it generates are on loopback.
        ALLOW_PRIVATE_ORIGINS: '1',
        ADMIN_EMAIL,
        ADMIN_PASSWORD,
        SIGN_IN_RATE_LIMIT_PER_MINUTE: '1000000',
        // The owner has a managed and a web folder source and the victim two teammates: more than
        // a new account's Free plan includes; the plan's limits are not what the battery tests.
        PLAN_LIMITS: 'false',
        // Thousands of refusals would each log a line at info; a 5xx logs its cause at error, the
        // line a failing request in the report needs beside it.
        LOG_LEVEL: 'error',
      },
      // `npm start` may rebuild the dashboard first, on two cores other work shares.
      { healthyWithinMs: 180_000 },
    );
    this.pid = findServerPid(`DARKROOM_BATTERY=${this.#marker}`);
    const { baseUrl, port } = this.#server;
    this.#targets = await setUpTargets({
      baseUrl,
      deliveryDomain: `localhost:${port}`,
      originFolderUrl: this.#originFolderUrl,
      images: {
        large: readFileSync(`${demoImages}coffee.png`),
        overlay: readFileSync(`${demoImages}astronaut.png`),
      },
      deploy: (hosts) =>
        waitForDeliveries(port, [
          [hosts.managed, '/small.png'],
          [hosts.origin, `/${ORIGIN_PROBE_FILE}`],
          [hosts.victim, '/small.png'],
        ]),
      adminToken: () => signInAdmin(baseUrl),
    });
    // The demo source and the uploads are indexed (and analysed) in the background: wait for
    // quiet before the baseline.
    await this.#server.settled();
    this.baseline = await this.#measureBaseline();
  }

  async #measureBaseline(): Promise<Baseline> {
    const before = cpuSeconds(this.pid) ?? 0;
    await new Promise((resolve) => setTimeout(resolve, BASELINE_SECONDS * 1000));
    const after = cpuSeconds(this.pid) ?? before;
    return { rss: residentBytes(this.pid) ?? 0, cpuPerSecond: (after - before) / BASELINE_SECONDS };
  }

  /**
   * After the server went down: waits for the launcher's new server process to answer /healthz.
   * Throws when none does within RECOVER_MS (the launcher gave up, or it never restarts).
   */
  async recover(reason: string): Promise<void> {
    this.restarts.push(reason);
    const gone = this.pid;
    const deadline = Date.now() + RECOVER_MS;
    while (Date.now() < deadline) {
      const pid = findServerPidOrNull(`DARKROOM_BATTERY=${this.#marker}`);
      if (pid !== null && pid !== gone) {
        const answer = await sendRaw(
          this.port,
          { method: 'GET', target: '/healthz', headers: { host: `127.0.0.1:${this.port}` } },
          5_000,
        );
        if (answer.status === 200) {
          this.pid = pid;
          return;
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    throw new Error(
      `the server went down (${reason}) and npm start's launcher did not bring it back within ${RECOVER_MS / 1000} s`,
    );
  }

  /** Stops the server (SIGTERM through its launcher; SIGKILL by pid if it lingers). */
  async stop(): Promise<void> {
    const server = this.#server;
    this.#server = null;
    if (server === null) return;
    const stopping = server.stop();
    const timer = setTimeout(() => {
      try {
        process.kill(this.pid, 'SIGKILL');
      } catch {
        // Gone meanwhile.
      }
    }, STOP_GRACE_MS);
    await stopping;
    clearTimeout(timer);
  }
}
