// docs/varnish/darkroom.vcl with Debian's real varnishd, in front of two Darkroom apps sharing one
// database (each with a data directory of its own, as two servers): Varnish caches what delivery
// answers, and a purge through the API bans it there by surrogate key (CDN_PURGE_PROVIDER=varnish)
// while the cluster event drops both apps' own renders, so the next request through Varnish is a
// miss that renders the new file. Skipped, saying why, without varnishd.
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, PGLITE } from './databases.ts';
import { call } from './requests.ts';
import { useTestApp } from './test-app.ts';
import {
  MemoryOrigin,
  createSource,
  quadrantsPng,
  sizeOf,
  useDataDir,
  type TestSource,
} from './delivery/fixtures.ts';

const VARNISHD = '/usr/sbin/varnishd';
const SHIPPED_VCL = fileURLToPath(new URL('../../../docs/varnish/darkroom.vcl', import.meta.url));
const varnishInstalled = existsSync(VARNISHD);
if (!varnishInstalled) console.info(`[varnish test] skipped: no ${VARNISHD} on this machine`);

/** PostgreSQL when the suite has one (two apps as two servers would share it), else PGlite. */
const BACKEND = BACKENDS.at(-1) ?? PGLITE;

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * The shipped VCL included after the two apps as round-robin backends. Varnish runs the bodies of
 * a subroutine defined twice one after the other, so this vcl_recv picks the backend and the
 * shipped one's runs next (Varnish's VCL reference). Its own example backend stays unused.
 */
function testVcl(appPorts: readonly number[]): string {
  const backends = appPorts
    .map((port, index) => `backend app_${index} { .host = "127.0.0.1"; .port = "${port}"; }`)
    .join('\n');
  const added = appPorts.map((_, index) => `  apps.add_backend(app_${index});`).join('\n');
  return `vcl 4.1;
import directors;
${backends}
sub vcl_init {
  new apps = directors.round_robin();
${added}
}
sub vcl_recv {
  set req.backend_hint = apps.backend();
}
include "${SHIPPED_VCL}";
`;
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function request(
  port: number,
  target: string,
  options: { method?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      {
        host: '127.0.0.1',
        port,
        path: target,
        method: options.method ?? 'GET',
        headers: options.headers,
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
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
    outgoing.end();
  });
}

async function startVarnish(directory: string, port: number, appPorts: number[]) {
  const vcl = path.join(directory, 'test.vcl');
  writeFileSync(vcl, testVcl(appPorts));
  const child: ChildProcess = spawn(
    VARNISHD,
    [
      ...['-F', '-n', path.join(directory, 'work'), '-f', vcl],
      ...['-a', `127.0.0.1:${port}`, '-s', 'malloc,64m'],
      // Its own temporary folder, as whichever user runs the tests (root in CI).
      ...['-j', 'none'],
      // A handful of threads and a small shared log: not a production box's defaults.
      ...['-p', 'thread_pools=1', '-p', 'thread_pool_min=5', '-p', 'vsl_space=1M'],
      // The shipped VCL's example backend is unused here.
      ...['-p', 'vcc_err_unref=off'],
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`varnishd exited:\n${output}`);
    try {
      await request(port, '/', { headers: { host: 'varnish-probe.invalid' } });
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`varnishd did not answer:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

async function until(done: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe.runIf(varnishInstalled)('Varnish with docs/varnish/darkroom.vcl in front', () => {
  const origin = new MemoryOrigin();
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'darkroom-varnish-'));
  const dataDirs = [useDataDir(), useDataDir()];
  let varnishPort = 0;
  const appEnv = (dataDir: string) => ({
    DATA_DIR: dataDir,
    CDN_PURGE_PROVIDER: 'varnish',
    // Read when the app is built, once the port is chosen.
    get CDN_PURGE_URLS() {
      return `http://127.0.0.1:${varnishPort}`;
    },
  });
  beforeAll(async () => {
    varnishPort = await freePort();
  });
  const context = useTestApp(BACKEND, appEnv(dataDirs[0] ?? ''), {
    storageAdapterFactory: origin.factory,
  });
  let apps: FastifyInstance[] = [];
  let varnish: { stop(): Promise<void> } | null = null;
  let source: TestSource;

  beforeAll(async () => {
    apps = [context.app, await context.appWith(appEnv(dataDirs[1] ?? ''))];
    const appPorts: number[] = [];
    for (const app of apps) {
      await app.listen({ port: 0, host: '127.0.0.1' });
      appPorts.push((app.server.address() as AddressInfo).port);
    }
    varnish = await startVarnish(workDir, varnishPort, appPorts);
    source = await createSource(context.app, { bucket: 'varnish' });
  }, 120_000);

  afterAll(async () => {
    await varnish?.stop();
    rmSync(workDir, { recursive: true, force: true });
  });

  const throughVarnish = (target: string) =>
    request(varnishPort, target, { headers: { host: source.host } });

  /** Where app `index` keeps the renders of `originPath` on disk. */
  function rendersOf(index: number, originPath: string): string {
    const hash = createHash('sha256').update(originPath).digest('hex');
    return path.join(dataDirs[index] ?? '', 'render-cache', source.id, hash.slice(0, 2), hash);
  }

  it('caches deliveries, and a purge through the API makes the next request a miss', async () => {
    origin.put('varnish', 'cached.png', await quadrantsPng(40, 30));
    const first = await throughVarnish('/cached.png?w=20');
    expect(first.status).toBe(200);
    expect(first.headers['x-cache']).toBe('MISS');
    // The keys are Varnish's to ban on; clients do not see them.
    expect(first.headers['surrogate-key']).toBeUndefined();
    const second = await throughVarnish('/cached.png?w=20');
    expect(second.headers['x-cache']).toBe('HIT');
    expect(second.body.equals(first.body)).toBe(true);
    expect(origin.readsOf('varnish', 'cached.png')).toBe(1);
    // Both apps hold a render of the old file (Varnish asked one of them; the other is asked here).
    for (const app of apps) {
      await request((app.server.address() as AddressInfo).port, '/cached.png?w=20', {
        headers: { host: source.host },
      });
    }
    const rendered = [0, 1].filter((index) => existsSync(rendersOf(index, 'cached.png')));
    expect(rendered).toEqual([0, 1]);

    origin.put('varnish', 'cached.png', await quadrantsPng(80, 40));
    const purged = await call(context.app, 'POST', '/api/v4/purges', {
      token: source.owner.token,
      body: { data: { type: 'purges', attributes: { url: `http://${source.host}/cached.png` } } },
    });
    expect(purged.status).toBe(200);
    // Both apps have dropped their renders of the path (the other one through the cluster event).
    await until(
      () => !existsSync(rendersOf(0, 'cached.png')) && !existsSync(rendersOf(1, 'cached.png')),
      'both apps dropped their renders',
    );

    const after = await throughVarnish('/cached.png?w=20');
    expect(after.status).toBe(200);
    expect(after.headers['x-cache']).toBe('MISS');
    expect(await sizeOf(after.body)).toEqual({ width: 20, height: 10 });
    expect((await throughVarnish('/cached.png?w=20')).headers['x-cache']).toBe('HIT');
  });

  it('bans a whole source by its key, and only that source', async () => {
    origin.put('varnish', 'a.png', await quadrantsPng(40, 30));
    const otherSource = await createSource(context.app, { bucket: 'varnish' });
    await throughVarnish('/a.png?w=10');
    await request(varnishPort, '/a.png?w=10', { headers: { host: otherSource.host } });
    expect((await throughVarnish('/a.png?w=10')).headers['x-cache']).toBe('HIT');

    await context.app.delivery.purge(source.id, null);
    expect((await throughVarnish('/a.png?w=10')).headers['x-cache']).toBe('MISS');
    const untouched = await request(varnishPort, '/a.png?w=10', {
      headers: { host: otherSource.host },
    });
    expect(untouched.headers['x-cache']).toBe('HIT');
  });

  it('refuses a BAN whose key is not one surrogate key, and bans nothing', async () => {
    origin.put('varnish', 'kept.png', await quadrantsPng(40, 30));
    await throughVarnish('/kept.png?w=10');
    const refused = await request(varnishPort, '/', {
      method: 'BAN',
      headers: { 'x-darkroom-ban-key': '.*' },
    });
    expect(refused.status).toBe(400);
    expect((await throughVarnish('/kept.png?w=10')).headers['x-cache']).toBe('HIT');
  });
});
