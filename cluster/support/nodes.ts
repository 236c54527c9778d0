// What every cluster spec uses: HTTP to a node (delivery with a Host header, the JSON:API), an
// account and a deployed managed-storage source, killing and starting a node again, SQL on the
// shared database, and pausing the database.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http, { type IncomingHttpHeaders } from 'node:http';
import { JSONAPI_MEDIA_TYPE } from '@darkroom/core';
import pg from 'pg';
import { inject } from 'vitest';
import type { ClusterContext, ClusterNode } from './context.ts';
import {
  isNodeProcess,
  isRunning,
  recordedPids,
  recordPid,
  REPOSITORY_ROOT,
  sleep,
  spawnServer,
  waitForExit,
  waitUntilReady,
} from './node-process.ts';
import { pausePostgres, resumePostgres } from './postgres-processes.ts';

export type { ClusterContext, ClusterNode } from './context.ts';

/** What the global setup started (support/context.ts). */
export function clusterContext(): ClusterContext {
  return inject('cluster');
}

/** Node `name` ('a', 'b' or 'c'). */
export function nodeNamed(name: string): ClusterNode {
  const node = clusterContext().nodes.find((candidate) => candidate.name === name);
  if (node === undefined) throw new Error(`no node ${name}`);
  return node;
}

export interface HttpAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/**
 * One HTTP/1.1 request on a connection of its own (no keep-alive pool: a node killed between two
 * requests must not leave a dead socket to the next one). node:http, because fetch does not let a
 * caller set Host.
 */
export function request(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: Buffer | string } = {},
): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      url,
      { method: options.method ?? 'GET', headers: options.headers, agent: false },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
      },
    );
    outgoing.on('error', reject);
    outgoing.end(options.body);
  });
}

/**
 * A delivery request for `pathAndQuery` of the source on `subdomain`, sent to `server` (a node,
 * or `clusterContext().varnish`) with `Host: {subdomain}.{DELIVERY_DOMAIN}`.
 */
export function deliver(
  server: Pick<ClusterNode, 'baseUrl'>,
  subdomain: string,
  pathAndQuery: string,
  headers: Record<string, string> = {},
): Promise<HttpAnswer> {
  const host = `${subdomain}.${clusterContext().deliveryDomain}`;
  return request(`${server.baseUrl}${pathAndQuery}`, { headers: { host, ...headers } });
}

export interface ApiAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  // Specs read arbitrary document members; their assertions check the shapes.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

/** A JSON:API call to `path` (`/api/v4/...`), with an optional bearer token and document. */
export async function api(
  node: Pick<ClusterNode, 'baseUrl'>,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  path: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<ApiAnswer> {
  const headers: Record<string, string> = { accept: JSONAPI_MEDIA_TYPE, ...options.headers };
  if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] ??= JSONAPI_MEDIA_TYPE;
  const answer = await request(`${node.baseUrl}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = answer.body.toString('utf8');
  let body: unknown = null;
  if (text.length > 0) {
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
  }
  return { status: answer.status, headers: answer.headers, body };
}

/** The password of every account signUp creates. */
export const PASSWORD = 'correct horse battery';

/** An email no other spec uses. */
export function uniqueEmail(label = 'user'): string {
  return `${label}-${randomBytes(5).toString('hex')}@example.com`;
}

export interface SignedUp {
  token: string;
  email: string;
  password: string;
  accountId: string;
  userId: string;
}

/**
 * Signs up a new account on `node` and answers its first session. Sign-ups count against the
 * per-IP sign-in limit every node shares (30 a minute): sign up once per spec file.
 */
export async function signUp(
  node: Pick<ClusterNode, 'baseUrl'>,
  attributes: Partial<Record<'company' | 'name' | 'email' | 'password', string>> = {},
): Promise<SignedUp> {
  const email = attributes.email ?? uniqueEmail();
  const password = attributes.password ?? PASSWORD;
  const response = await api(node, 'POST', '/api/v4/accounts', {
    body: {
      data: {
        type: 'accounts',
        attributes: { company: 'Acme', name: 'Ada Lovelace', ...attributes, email, password },
      },
    },
  });
  if (response.status !== 201) {
    throw new Error(`sign-up failed (${response.status}): ${JSON.stringify(response.body)}`);
  }
  const session = response.body.data.attributes;
  return {
    token: session.token,
    email,
    password,
    accountId: session.account_id,
    userId: session.user_id,
  };
}

/** `POST /api/v4/sessions` with a password; 201 with the session, or the refusal. */
export function signIn(
  node: Pick<ClusterNode, 'baseUrl'>,
  email: string,
  password: string,
): Promise<ApiAnswer> {
  return api(node, 'POST', '/api/v4/sessions', {
    body: { data: { type: 'sessions', attributes: { email, password } } },
  });
}

/** How long a source's deployment job may take: any node's runner may claim it. */
const DEPLOY_TIMEOUT_MS = 60_000;

/**
 * Creates a Darkroom Storage source on a fresh subdomain starting with `label` and waits until
 * its deployment job has deployed it.
 */
export async function createManagedSource(
  node: Pick<ClusterNode, 'baseUrl'>,
  token: string,
  label = 'cluster',
): Promise<{ id: string; subdomain: string }> {
  const subdomain = `${label}${randomBytes(4).toString('hex')}`;
  const created = await api(node, 'POST', '/api/v4/sources', {
    token,
    body: {
      data: {
        type: 'sources',
        attributes: {
          name: subdomain,
          production: { type: 'darkroom_storage', darkroom_subdomains: [subdomain] },
        },
      },
    },
  });
  if (created.status !== 201) {
    throw new Error(`source creation failed (${created.status}): ${JSON.stringify(created.body)}`);
  }
  const id: string = created.body.data.id;
  const deadline = Date.now() + DEPLOY_TIMEOUT_MS;
  for (;;) {
    const source = await api(node, 'GET', `/api/v4/sources/${id}`, { token });
    const { deployment_status: status, deployment_error: error } =
      source.body?.data?.attributes ?? {};
    if (status === 'deployed') return { id, subdomain };
    if (status === 'failed') throw new Error(`source ${subdomain} failed to deploy: ${error}`);
    if (Date.now() > deadline) {
      throw new Error(
        `source ${subdomain} not deployed after ${DEPLOY_TIMEOUT_MS / 1000} s: ${status}`,
      );
    }
    await sleep(200);
  }
}

/**
 * Uploads `bytes` as `filePath` into a Darkroom Storage source (`POST /sources/{id}/files`,
 * multipart/form-data) and answers the file's resource.
 */
export async function uploadFile(
  node: Pick<ClusterNode, 'baseUrl'>,
  token: string,
  sourceId: string,
  filePath: string,
  bytes: Buffer,
): Promise<{ id: string; attributes: { path: string; size: number; content_type: string } }> {
  const boundary = `----cluster${randomBytes(8).toString('hex')}`;
  const part = (disposition: string, extra = '') =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; ${disposition}\r\n${extra}\r\n`);
  const payload = Buffer.concat([
    part('name="path"'),
    Buffer.from(`${filePath}\r\n`),
    part(
      `name="file"; filename="${filePath.split('/').pop()}"`,
      'Content-Type: application/octet-stream\r\n',
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const answer = await request(`${node.baseUrl}/api/v4/sources/${sourceId}/files`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    body: payload,
  });
  const text = answer.body.toString('utf8');
  if (answer.status !== 201) throw new Error(`upload failed (${answer.status}): ${text}`);
  return JSON.parse(text).data;
}

/** The pid of the node's latest process: the setup's, or the one a spec started again. */
export function currentPid(node: ClusterNode): number {
  const pids = recordedPids(clusterContext().pidFile).filter(([name]) => name === node.name);
  return pids.at(-1)?.[1] ?? node.pid;
}

/** SIGKILL to the node's process (no drain, no goodbye), resolving once it has died. */
export async function killNode(node: ClusterNode): Promise<void> {
  const pid = currentPid(node);
  if (!isRunning(pid) || !isNodeProcess(pid, node.dataDir)) return;
  process.kill(pid, 'SIGKILL');
  if (!(await waitForExit(pid, 10_000))) throw new Error(`node ${node.name} survived SIGKILL`);
}

/**
 * Starts the node again with the environment, port and data directory it had, after it was
 * killed, and answers it once ready. Its output goes on in the node's log; teardown stops it.
 */
export async function startNode(node: ClusterNode): Promise<ClusterNode> {
  const previous = currentPid(node);
  if (isRunning(previous) && isNodeProcess(previous, node.dataDir)) {
    throw new Error(`node ${node.name} is still running (pid ${previous})`);
  }
  const child = spawnServer(node.env, node.logFile);
  if (child.pid === undefined) throw new Error(`node ${node.name} could not be started`);
  recordPid(clusterContext().pidFile, node.name, child.pid);
  // The node outlives this spec file's worker; nothing here waits for its end.
  child.unref();
  await waitUntilReady(node.baseUrl, child.pid, node.logFile);
  return { ...node, pid: child.pid };
}

export interface Exited {
  code: number | null;
  output: string;
}

/**
 * Runs a Darkroom server process with `env` (values replacing the node environment's; undefined
 * removes one) until it exits on its own, for a start that must be refused. One still running
 * after `timeoutMs` is killed, and answers code null.
 */
export function runUntilExit(
  base: ClusterNode,
  env: Record<string, string | undefined>,
  timeoutMs = 60_000,
): Promise<Exited> {
  const merged = Object.fromEntries(
    Object.entries({ ...base.env, ...env }).filter(
      (entry): entry is [string, string] => entry[1] !== undefined,
    ),
  );
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: REPOSITORY_ROOT,
    env: { ...merged, DARKROOM_LAUNCHED_SERVER: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

/** One statement on the shared database, on a connection of its own. */
export async function sql<Row extends Record<string, unknown> = Record<string, unknown>>(
  cluster: ClusterContext,
  query: string,
  values: unknown[] = [],
): Promise<Row[]> {
  const client = new pg.Client({ connectionString: cluster.postgres.url });
  await client.connect();
  try {
    return (await client.query<Row>(query, values)).rows;
  } finally {
    await client.end();
  }
}

/** Pauses the whole database server (SIGSTOP): connections stay open and nothing answers. */
export function pauseDatabase(cluster: ClusterContext): void {
  pausePostgres(cluster.postgres.postmasterPid);
}

/** Resumes the database server paused by pauseDatabase. */
export function resumeDatabase(cluster: ClusterContext): void {
  resumePostgres(cluster.postgres.postmasterPid);
}

export { freePort } from '../../packages/server/test/postgres-global-setup.ts';
