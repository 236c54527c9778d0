// Small seeded samples of `npm run battery` (bench/battery), sent over real sockets to a listening
// test app with the same generators (test/hostile): no input gets a 5xx, malformed input gets a
// 4xx, an upload that is cut short or never ends leaves no file and does not stop the server.
// Figures (memory, /healthz latency, CPU after timeouts) are the battery's printout, never here.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PARAMETER_NAMES } from '@darkroom/core';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGLITE } from './databases.ts';
import { apiCases, rawApiRequest } from './hostile/api-requests.ts';
import { API_ROUTES } from './hostile/api-routes.ts';
import { deliveryCases, rawDeliveryRequest } from './hostile/delivery-urls.ts';
import {
  HOSTILE_FILE_ANSWER,
  answerProblem,
  type StatusExpectation,
} from './hostile/expectations.ts';
import {
  HOSTILE_FILES,
  HOSTILE_FILE_QUERIES,
  buildHostileFiles,
  hostileOriginHandler,
} from './hostile/hostile-files.ts';
import { sendRaw, type RawRequest } from './hostile/raw-http.ts';
import { setUpTargets, smallImage, type HostileTargets } from './hostile/targets.ts';
import { UPLOAD_CASES } from './hostile/uploads.ts';
import { startHttpServer, type TestHttpServer } from './origin-servers/http.ts';
import { signInAdmin } from './requests.ts';
import { useTestApp } from './test-app.ts';

const SEED = 21;
/** ORIGIN_MAX_BYTES of the test app: small, so the upload one byte over it stays cheap. */
const MAX_BYTES = 3_000_000;
/** A stalled upload is answered 408 after this (REQUEST_TIMEOUT_MS, node:http's requestTimeout). */
const REQUEST_TIMEOUT_MS = 5_000;
/** A deadline no request of a sample should come near. */
const DEADLINE_MS = 25_000;
const CONCURRENCY = 3;

/**
 * One file of each kind the battery sends, chosen among those that claim more than they hold
 * (headers, chunks, references): they end quickly whether refused or rendered, unlike the real
 * bombs, which the battery sends to a server in its own process.
 */
const SAMPLE_FILES = [
  'png-header-claims-65535.png',
  'png-giant-icc.png',
  'png-claims-2147483647-frames.png',
  'tiff-header-claims-4294967295.tif',
  'tiff-ifd-loop.tif',
  'gif-screen-claims-65535.gif',
  'webp-canvas-claims-16384.webp',
  'psd-header-claims-30000.psd',
  'heic-brand-then-garbage.heic',
  'svg-use-bomb.svg',
  'svg-entity-bomb.svg',
  'svg-external-entity-file.svg',
  'zero-bytes.png',
];

const demoImages = fileURLToPath(new URL('../demo-images/', import.meta.url));

interface SampleCase {
  label: string;
  request: RawRequest;
  expect: StatusExpectation;
  deadlineMs?: number;
  closeIsAnAnswer?: boolean;
}

/** Sends `cases` a few at a time; returns one line per answer the expectation refuses. */
async function problemsOf(port: number, cases: readonly SampleCase[]): Promise<string[]> {
  const problems: string[] = [];
  let next = 0;
  const worker = async () => {
    for (let item = cases[next++]; item !== undefined; item = cases[next++]) {
      const answer = await sendRaw(port, item.request, item.deadlineMs ?? DEADLINE_MS);
      const problem = answerProblem(item.expect, answer, {
        closeIsAnAnswer: item.closeIsAnAnswer === true,
      });
      if (problem !== null) {
        problems.push(
          `${item.label} [${item.request.method} ${item.request.target.slice(0, 200)}]: ${problem}`,
        );
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, () => worker()));
  return problems;
}

describe('hostile input over real sockets (samples of npm run battery)', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'darkroom-hostile-'));
  // PGlite only: PostgreSQL refuses the same characters, and these samples are about the server.
  const context = useTestApp(PGLITE, {
    DATA_DIR: dataDir,
    // The hostile origin and the URL values the generators write are on loopback.
    ALLOW_PRIVATE_ORIGINS: '1',
    ORIGIN_MAX_BYTES: String(MAX_BYTES),
    REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
  });
  let origin: TestHttpServer;
  let originFolderUrl: string;
  let targets: HostileTargets;
  let port: number;

  beforeAll(async () => {
    const chosen = HOSTILE_FILES.filter((file) => SAMPLE_FILES.includes(file.name));
    const built = await buildHostileFiles(chosen);
    const probe = { name: 'ok.png', contentType: 'image/png', heavy: false, build: smallImage };
    built.set(probe.name, { file: probe, bytes: await smallImage() });
    origin = await startHttpServer(hostileOriginHandler(built));
    originFolderUrl = `${origin.url}/hostile/`;
    await context.app.listen({ port: 0, host: '127.0.0.1' });
    port = (context.app.server.address() as AddressInfo).port;
    targets = await setUpTargets({
      baseUrl: `http://127.0.0.1:${port}`,
      deliveryDomain: context.app.darkroom.config.deliveryDomain,
      originFolderUrl,
      images: {
        large: await readFile(`${demoImages}coffee.png`),
        overlay: await readFile(`${demoImages}astronaut.png`),
      },
      deploy: async () => {
        await context.app.darkroom.jobs.drain();
      },
      adminToken: async () => (await signInAdmin(context.app, context.database)).token,
    });
  }, 120_000);

  afterAll(async () => {
    await origin?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('picks the same cases for the same seed, reaching every catalogue parameter and route', () => {
    const options = {
      seed: SEED,
      // One case per group (each parameter, the query and the path cases) reaches every one.
      count: PARAMETER_NAMES.length + 2,
      images: targets.images,
      loopbackUrl: 'http://127.0.0.1:1',
    };
    const first = deliveryCases(options).map((item) => item.target);
    expect(deliveryCases(options).map((item) => item.target)).toEqual(first);
    expect(deliveryCases({ ...options, seed: SEED + 1 }).map((item) => item.target)).not.toEqual(
      first,
    );
    const named = new Set(
      first.flatMap((target) =>
        [...new URLSearchParams(target.split('?')[1] ?? '').keys()].map((key) =>
          key.replace(/64$/, ''),
        ),
      ),
    );
    expect(PARAMETER_NAMES.filter((name) => !named.has(name))).toEqual([]);
    const routes = new Set(
      apiCases({ seed: SEED, ids: targets.ids, count: API_ROUTES.length }).map(
        (item) => item.route,
      ),
    );
    expect(routes.size).toBe(API_ROUTES.length);
  });

  it('lists every API route the app registers, so the API sample reaches them all', () => {
    for (const route of API_ROUTES) {
      expect(
        context.app.hasRoute({ method: route.method, url: route.pattern }),
        `${route.method} ${route.pattern}`,
      ).toBe(true);
    }
    // Each route's methods are listed once in the route tree: "users (GET, HEAD, POST)". The
    // tree split at common prefixes, since without them two wildcard routes whose paths share a
    // prefix (/sources/:id/upload/* and /sources/:id/upload-sessions/*) print as one line.
    const registered = new Map<string, number>();
    for (const [, methods = ''] of context.app
      .printRoutes({ commonPrefix: true })
      .matchAll(/\(([A-Z, ]+)\)/g)) {
      for (const method of methods.split(', ')) {
        if (method !== 'HEAD') registered.set(method, (registered.get(method) ?? 0) + 1);
      }
    }
    const listed = new Map<string, number>();
    for (const route of API_ROUTES) listed.set(route.method, (listed.get(route.method) ?? 0) + 1);
    expect(Object.fromEntries(listed)).toEqual(Object.fromEntries(registered));
  });

  it('answers 240 malformed or extreme delivery URLs without a 5xx, refusing malformed values', async () => {
    const cases = deliveryCases({
      seed: SEED,
      count: 240,
      images: targets.images,
      loopbackUrl: originFolderUrl.replace(/\/$/, ''),
    }).map((item) => ({
      label: item.label,
      request: rawDeliveryRequest(item, targets.managedHost),
      expect: item.expect,
    }));
    expect(await problemsOf(port, cases)).toEqual([]);
  }, 120_000);

  it('answers 100 malformed API requests over every route without a 5xx', async () => {
    const tokens = {
      user: targets.victim.token,
      admin: targets.adminToken,
      disposable: targets.disposable.token,
    };
    const cases = apiCases({ seed: SEED, ids: targets.ids, count: 100 }).map((item) => ({
      label: item.label,
      request: rawApiRequest(item, tokens, `127.0.0.1:${port}`),
      expect: item.expect,
    }));
    expect(await problemsOf(port, cases)).toEqual([]);
  }, 120_000);

  it('renders or refuses hostile origin files from a web folder source, never a 5xx', async () => {
    const cases: SampleCase[] = SAMPLE_FILES.flatMap((name) =>
      HOSTILE_FILE_QUERIES.map((query) => ({
        label: `${name}?${query}`,
        request: {
          method: 'GET',
          target: `/${name}${query === '' ? '' : `?${query}`}`,
          headers: { host: targets.originHost },
        },
        expect: HOSTILE_FILE_ANSWER,
      })),
    );
    expect(cases.length).toBeGreaterThanOrEqual(SAMPLE_FILES.length * 4);
    expect(await problemsOf(port, cases)).toEqual([]);
  }, 120_000);

  it('refuses malformed, cut-short and never-ending uploads with a 4xx, leaving no file', async () => {
    const target = {
      host: `127.0.0.1:${port}`,
      managedPath: `/api/v4/sources/${targets.managedSourceId}/files`,
      otherPath: `/api/v4/sources/${targets.originSourceId}/files`,
      token: targets.owner.token,
      maxBytes: MAX_BYTES,
    };
    const cases = UPLOAD_CASES.map((item) => ({
      label: item.label,
      request: item.request(target),
      expect: item.expect,
      // The stalled upload waits for REQUEST_TIMEOUT_MS, not for the battery's long deadline.
      deadlineMs: Math.min(item.deadlineMs, REQUEST_TIMEOUT_MS + DEADLINE_MS),
      closeIsAnAnswer: item.closeIsAnAnswer === true,
    }));
    expect(await problemsOf(port, cases)).toEqual([]);
    const folder = path.join(dataDir, 'managed', targets.managedSourceId, 'battery');
    expect(existsSync(path.join(folder, 'upload.png'))).toBe(true);
    expect(existsSync(path.join(folder, 'unclosed.png'))).toBe(false);
    expect(existsSync(path.join(folder, 'stalled.png'))).toBe(false);
    // The file named ../../../etc/passwd, taken from the source's folder.
    const source = path.join(dataDir, 'managed', targets.managedSourceId);
    expect(existsSync(path.resolve(source, '../../../etc/passwd'))).toBe(false);
    expect(existsSync(path.resolve(source, '../etc/passwd'))).toBe(false);
    const health = await sendRaw(
      port,
      { method: 'GET', target: '/healthz', headers: { host: `127.0.0.1:${port}` } },
      DEADLINE_MS,
    );
    expect(health.status).toBe(200);
  }, 120_000);
});
