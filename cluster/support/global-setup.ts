// The cluster test's global setup: a throwaway PostgreSQL, s3rver (verifying Signature V4),
// three Darkroom server processes a, b and c sharing the database, the secret key and the object
// store, each with its own data directory and port, and Varnish in front of a and b, all on
// loopback in one temporary folder. What it hands the specs is support/context.ts.
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import {
  S3_ACCESS_KEY,
  S3_SECRET_KEY,
  startS3rver,
} from '../../packages/server/test/origin-servers/s3rver.ts';
import {
  PostgresUnavailableError,
  startThrowawayPostgres,
} from '../../packages/server/test/postgres-global-setup.ts';
import type { ClusterContext, ClusterNode } from './context.ts';
import { listenPorts } from './listen-ports.ts';
import {
  isNodeProcess,
  isRunning,
  logTail,
  recordedPids,
  recordPid,
  spawnServer,
  waitForExit,
  waitUntilReady,
} from './node-process.ts';
import { resumePostgres } from './postgres-processes.ts';
import { startVarnish, VARNISHD } from './varnish.ts';

const BUCKET = 'darkroom-cluster';
const DELIVERY_DOMAIN = 'cluster.test';
const ADMIN_EMAIL = 'operator@cluster.test';
const ADMIN_PASSWORD = 'operator-password-1';
const NODE_NAMES = ['a', 'b', 'c'] as const;
/** A node drains its requests for up to SHUTDOWN_GRACE_MS (25 s) after SIGTERM. */
const NODE_STOP_TIMEOUT_MS = 30_000;

/**
 * What every node is started with besides its own port and folder. Every request of the specs
 * comes from 127.0.0.1, so the per-IP API limits are out of the way, while the sign-in limit is
 * one the rate-limit spec reaches on purpose (the other specs sign up once per file).
 */
function sharedEnvironment(settings: {
  databaseUrl: string;
  secretKeyHex: string;
  s3Endpoint: string;
  varnishUrl: string;
}): Record<string, string> {
  // Only what a process needs to run: a Darkroom setting of the shell running the tests (an
  // operator's SMTP_URL, say) must not reach the nodes.
  const inherited = Object.fromEntries(
    ['PATH', 'HOME', 'TMPDIR', 'LANG', 'TZ']
      .filter((name) => process.env[name] !== undefined)
      .map((name) => [name, process.env[name] ?? '']),
  );
  return {
    ...inherited,
    HOST: '127.0.0.1',
    DATABASE_URL: settings.databaseUrl,
    DARKROOM_SECRET_KEY: settings.secretKeyHex,
    OBJECT_STORE_URL: `s3://${BUCKET}/cluster`,
    OBJECT_STORE_ENDPOINT: settings.s3Endpoint,
    OBJECT_STORE_REGION: 'us-east-1',
    OBJECT_STORE_ACCESS_KEY_ID: S3_ACCESS_KEY,
    OBJECT_STORE_SECRET_ACCESS_KEY: S3_SECRET_KEY,
    DELIVERY_DOMAIN,
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    ALLOW_PRIVATE_ORIGINS: '1',
    LOG_LEVEL: 'warn',
    CDN_PURGE_PROVIDER: 'varnish',
    CDN_PURGE_URLS: settings.varnishUrl,
    RATE_LIMIT_PER_MINUTE: '1000000',
    RATE_LIMIT_TOKEN_PER_MINUTE: '1000000',
    SIGN_IN_RATE_LIMIT_PER_MINUTE: '30',
    // One process per node: its pid is the server that serves, so a SIGKILL is the node's death.
    WORKERS: '1',
    // Read from git otherwise, once per start.
    DARKROOM_COMMIT: 'cluster-test',
    // The specs watch render jobs move between nodes from their first 423; holding a request
    // until its render exists (the default) is the server suite's to test.
    RENDER_JOB_WAIT_MS: '0',
  };
}

/** Creates an empty database next to `maintenanceUrl`'s and answers its URL. */
async function createDatabase(maintenanceUrl: string, name: string): Promise<string> {
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

interface StartedNode {
  node: ClusterNode;
  child: ChildProcess;
  exit: { code: number | null; signal: NodeJS.Signals | null } | null;
}

function launchNode(node: ClusterNode, pidFile: string): StartedNode {
  const child = spawnServer(node.env, node.logFile);
  if (child.pid === undefined) throw new Error(`node ${node.name} could not be started`);
  recordPid(pidFile, node.name, child.pid);
  const started: StartedNode = { node: { ...node, pid: child.pid }, child, exit: null };
  child.on('exit', (code, signal) => (started.exit = { code, signal }));
  return started;
}

async function launchReadyNode(node: ClusterNode, pidFile: string): Promise<StartedNode> {
  const started = launchNode(node, pidFile);
  await waitUntilReady(node.baseUrl, started.node.pid, node.logFile);
  return started;
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const runDir = mkdtempSync(path.join(os.tmpdir(), 'darkroom-cluster-'));
  const pidFile = path.join(runDir, 'node-pids');
  const stops: Array<() => Promise<void> | void> = [
    () => rmSync(runDir, { recursive: true, force: true }),
  ];
  const started: StartedNode[] = [];
  let postmasterPid: number | null = null;

  const teardown = async () => {
    // A spec that failed while the database was paused must not leave the nodes' shutdown, or
    // pg_ctl's, waiting on it.
    if (postmasterPid !== null) resumePostgres(postmasterPid);
    await stopNodes(started, pidFile);
    reportNodes(project, started);
    for (const stop of stops.reverse()) {
      try {
        await stop();
      } catch (error) {
        console.error('[cluster] teardown:', error);
      }
    }
  };

  const startedAt = Date.now();
  const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;
  try {
    if (!existsSync(VARNISHD)) {
      throw new Error(`The cluster test needs Varnish at ${VARNISHD}: apt-get install varnish`);
    }
    const postgres = await startThrowawayPostgres().catch((error: unknown) => {
      if (!(error instanceof PostgresUnavailableError)) throw error;
      throw new Error(
        `The cluster test needs PostgreSQL (apt-get install postgresql): ${error.message}`,
      );
    });
    stops.push(() => postgres.stop());
    postmasterPid = postgres.postmasterPid;
    const databaseUrl = await createDatabase(postgres.url, 'darkroom_cluster');

    const s3 = await startS3rver([BUCKET]);
    stops.push(() => s3.close());

    const [varnishPort = 0, ...ports] = await listenPorts(NODE_NAMES.length + 1);
    const varnishDir = path.join(runDir, 'varnish');
    mkdirSync(varnishDir);
    const varnish = await startVarnish(varnishDir, varnishPort, ports.slice(0, 2));
    stops.push(() => varnish.stop());

    const servicesReady = seconds(startedAt);
    const secretKeyHex = randomBytes(32).toString('hex');
    const shared = sharedEnvironment({
      databaseUrl,
      secretKeyHex,
      s3Endpoint: s3.endpoint,
      varnishUrl: varnish.baseUrl,
    });
    const nodes: ClusterNode[] = NODE_NAMES.map((name, index) => {
      const port = ports[index] ?? 0;
      const dataDir = path.join(runDir, `node-${name}`);
      const baseUrl = `http://127.0.0.1:${port}`;
      return {
        name,
        baseUrl,
        port,
        pid: 0,
        dataDir,
        env: { ...shared, PORT: String(port), DATA_DIR: dataDir, PUBLIC_URL: baseUrl },
        logFile: path.join(runDir, `node-${name}.log`),
      };
    });
    // The first node migrates the empty database; the others then start side by side (they would
    // wait on the migration's advisory lock anyway, each holding a connection and a core).
    const [first, ...others] = nodes;
    if (first === undefined) throw new Error('no nodes');
    const firstStartedAt = Date.now();
    started.push(await launchReadyNode(first, pidFile));
    const firstReady = seconds(firstStartedAt);
    const othersStartedAt = Date.now();
    const rest = others.map((node) => launchNode(node, pidFile));
    started.push(...rest);
    await Promise.all(rest.map(({ node }) => waitUntilReady(node.baseUrl, node.pid, node.logFile)));
    const othersReady = seconds(othersStartedAt);

    const cluster: ClusterContext = {
      nodes: started.map(({ node }) => node),
      deliveryDomain: DELIVERY_DOMAIN,
      postgres: { url: databaseUrl, postmasterPid: postgres.postmasterPid },
      s3: {
        endpoint: s3.endpoint,
        bucket: BUCKET,
        accessKeyId: S3_ACCESS_KEY,
        secretAccessKey: S3_SECRET_KEY,
      },
      varnish: { baseUrl: varnish.baseUrl },
      adminEmail: ADMIN_EMAIL,
      adminPassword: ADMIN_PASSWORD,
      secretKeyHex,
      pidFile,
      runDir,
    };
    project.provide('cluster', cluster);
    console.info(
      `[cluster] PostgreSQL ${postgres.port}, s3rver ${s3.endpoint}, Varnish ${varnish.baseUrl}, ` +
        `${cluster.nodes.map((node) => `${node.name} ${node.baseUrl}`).join(', ')}; ` +
        `ready in ${seconds(startedAt)} (PostgreSQL, s3rver and Varnish ${servicesReady}, ` +
        `node a with the migrations ${firstReady}, b and c ${othersReady})`,
    );
  } catch (error) {
    for (const { node } of started)
      console.error(`[cluster] node ${node.name}:\n${logTail(node.logFile)}`);
    await teardown();
    throw error;
  }
  return teardown;
}

/**
 * SIGTERM to every node process still running, the setup's and those the specs started again,
 * then SIGKILL to any that has not exited when a drain would have ended.
 */
async function stopNodes(started: readonly StartedNode[], pidFile: string): Promise<void> {
  const dataDirs = new Map(started.map(({ node }) => [node.name, node.dataDir]));
  const running = recordedPids(pidFile).filter(([name, pid]) => {
    const dataDir = dataDirs.get(name);
    return isRunning(pid) && (dataDir === undefined || isNodeProcess(pid, dataDir));
  });
  for (const [, pid] of running) process.kill(pid, 'SIGTERM');
  await Promise.all(
    running.map(async ([name, pid]) => {
      if (await waitForExit(pid, NODE_STOP_TIMEOUT_MS)) return;
      console.error(`[cluster] node ${name} (pid ${pid}) ignored SIGTERM; killing it`);
      process.kill(pid, 'SIGKILL');
      await waitForExit(pid, NODE_STOP_TIMEOUT_MS);
    }),
  );
  // The 'exit' events of the setup's own children, which may follow the process's end.
  await Promise.all(
    started.map(({ child }) =>
      child.exitCode !== null || child.signalCode !== null
        ? undefined
        : new Promise((resolve) => child.once('exit', resolve)),
    ),
  );
}

/**
 * Prints a node's output when it exited with an error code (by itself, or a shutdown that failed),
 * and every node's when a test failed: a spec's failure often shows only there.
 */
function reportNodes(project: TestProject, started: readonly StartedNode[]): void {
  const { state } = project.vitest;
  // A hook that failed fails its file without failing a test.
  const failures = state.getCountOfFailedTests() + state.getFailedFilepaths().length;
  for (const { node, exit } of started) {
    const failedExit = exit !== null && exit.code !== null && exit.code !== 0;
    if (!failedExit && failures === 0) continue;
    const why = failedExit ? `exited with code ${exit?.code}` : 'output, as tests failed';
    console.error(`[cluster] node ${node.name} ${why}:\n${logTail(node.logFile)}`);
  }
}
