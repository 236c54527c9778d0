// Usage is billed, so it must be exact whatever the database does: at least 100,000 delivery
// requests from concurrent keep-alive clients to a listening app (cache hits, so mostly the fast
// path and its raw socket path), while the database is stalled (queries neither answered nor
// failed) and then cut (connections reset, an INSERT's outcome unknown to the app) through a proxy
// of this test's own, and on once it is back. Afterwards the usage events count exactly the
// requests answered.
import net, { type AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { openProxiedDatabase, type ProxiedDatabase } from '../database-proxy.ts';
import { postgresUrl } from '../databases.ts';
import { testConfig } from '../test-app.ts';
import {
  MemoryOrigin,
  createSource,
  quadrantsPng,
  useDataDir,
  type TestSource,
} from './fixtures.ts';

const TOTAL_REQUESTS = 100_000;
/** Requests sent once the database is back, to see the meter catch up while answering. */
const AFTER_FAULTS = 5_000;
const CLIENTS = 32;
const TARGETS = ['/pic.png?w=10', '/pic.png?w=20', '/pic.png?w=30&fm=webp', '/other.png'];
const USER_AGENTS = ['Harness/1', 'Harness/2'];
/** Long enough for several of the meter's flushes (one a second) to meet the fault. */
const FAULT_MS = 3_000;

/** The messages of the app's log lines (at warn and above: info would be a line per request). */
class LogLines extends Writable {
  readonly messages: string[] = [];

  override _write(chunk: Buffer, _encoding: string, done: () => void): void {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (line.trim() !== '') this.messages.push(String(JSON.parse(line).msg));
    }
    done();
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await sleep(10);
}

/**
 * One keep-alive connection sending GETs one after the other while `next` gives targets, each
 * answer's status passed to `answered` once its body (Content-Length bytes) has arrived. Raw
 * bytes rather than node:http, whose client would cost this process about as much as the server.
 */
function keepAliveClient(
  port: number,
  head: (target: string) => string,
  next: () => string | null,
  answered: (status: number) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.setNoDelay(true);
    let pending: Buffer = Buffer.alloc(0);
    const send = () => {
      const target = next();
      if (target === null) {
        socket.end();
        resolve();
      } else {
        socket.write(head(target));
      }
    };
    socket.on('connect', send);
    socket.on('error', reject);
    socket.on('data', (chunk: Buffer) => {
      pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
      const headEnd = pending.indexOf('\r\n\r\n');
      if (headEnd < 0) return;
      const headText = pending.subarray(0, headEnd).toString('latin1');
      const length = /\r\ncontent-length: *(\d+)/i.exec(headText);
      if (length === null) {
        reject(new Error(`an answer without Content-Length: ${headText}`));
        socket.destroy();
        return;
      }
      const end = headEnd + 4 + Number(length[1]);
      if (pending.length < end) return;
      if (pending.length > end) {
        reject(new Error('bytes after the answer to the one request sent'));
        socket.destroy();
        return;
      }
      pending = Buffer.alloc(0);
      answered(Number(headText.slice(9, 12)));
      send();
    });
  });
}

describe.skipIf(postgresUrl === null)('usage metering through a database outage', () => {
  const origin = new MemoryOrigin();
  const dataDir = useDataDir();
  const log = new LogLines();
  let proxied: ProxiedDatabase;
  let app: FastifyInstance;
  let source: TestSource;

  beforeAll(async () => {
    proxied = await openProxiedDatabase(postgresUrl ?? '');
    app = await buildApp(testConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'warn' }), {
      database: proxied.database,
      storageAdapterFactory: origin.factory,
      logStream: log,
    });
    origin.put('harness', 'pic.png', await quadrantsPng(40, 30));
    origin.put('harness', 'other.png', await quadrantsPng(20, 20));
    source = await createSource(app, { bucket: 'harness' });
    await app.listen({ port: 0, host: '127.0.0.1' });
  });

  afterAll(async () => {
    await app?.close();
    await proxied?.close();
  });

  it('counts every request answered, exactly, through a stalled and then a cut database', async () => {
    const { port } = app.server.address() as AddressInfo;
    const statuses = new Map<number, number>();
    let answered = 0;
    const count = (status: number) => {
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      answered += 1;
    };
    const headFor = (userAgent: string) => (target: string) =>
      `GET ${target} HTTP/1.1\r\nHost: ${source.host}\r\nUser-Agent: ${userAgent}\r\n\r\n`;
    // The renders, so that what follows is cache hits (the misses are metered and counted too).
    for (const target of TARGETS) {
      let taken = false;
      const once = () => (taken ? null : ((taken = true), target));
      await keepAliveClient(port, headFor(USER_AGENTS[0] ?? ''), once, count);
    }
    let sent = TARGETS.length;
    // The clients go on past the faults, however fast the server answers: at least
    // TOTAL_REQUESTS, and AFTER_FAULTS more once the database is back.
    let lastRequest = Number.POSITIVE_INFINITY;
    const nextTarget = () => {
      if (sent >= lastRequest) return null;
      sent += 1;
      return TARGETS[sent % TARGETS.length] ?? '/';
    };
    const faults = async () => {
      await until(() => answered >= TOTAL_REQUESTS * 0.2);
      proxied.proxy.stall();
      await sleep(FAULT_MS);
      proxied.proxy.resume();
      await until(() => answered >= TOTAL_REQUESTS * 0.5);
      await proxied.proxy.cut();
      await sleep(FAULT_MS);
      await proxied.proxy.restore();
      lastRequest = Math.max(TOTAL_REQUESTS, sent + AFTER_FAULTS);
      return answered;
    };
    const [answeredAfterFaults] = await Promise.all([
      faults(),
      ...Array.from({ length: CLIENTS }, (_, index) =>
        keepAliveClient(
          port,
          headFor(USER_AGENTS[index % USER_AGENTS.length] ?? ''),
          nextTarget,
          count,
        ),
      ),
    ]);
    // The faults ended while requests were still being answered (else the test proved less).
    expect(answered - answeredAfterFaults).toBeGreaterThanOrEqual(AFTER_FAULTS);
    expect(answered).toBe(sent);

    // What the meter kept through the faults reaches the database once it is back.
    for (let attempt = 0; attempt < 120 && app.delivery.usageBacklog > 0; attempt += 1) {
      await app.delivery.flushUsage();
      if (app.delivery.usageBacklog > 0) await sleep(500);
    }
    expect(app.delivery.usageBacklog).toBe(0);
    // The meter met the faults (and kept what failed), and gave nothing up.
    expect(log.messages).toContain('usage events could not be written: kept to retry');
    expect(log.messages).not.toContain('usage events dropped');

    const answeredOk = [...statuses]
      .filter(([status]) => status >= 200 && status < 400)
      .reduce((sum, [, requests]) => sum + requests, 0);
    expect(Object.fromEntries(statuses)).toEqual({ 200: answered });
    const metered = await sql<{ requests: string | null }>`
      select sum(requests) as requests from usage_events
      where source_id = ${source.id} and status >= 200 and status < 400`.execute(proxied.direct.db);
    expect(Number(metered.rows[0]?.requests)).toBe(answeredOk);
  }, 180_000);
});
