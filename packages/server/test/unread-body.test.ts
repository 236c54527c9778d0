import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { requestHead, type RawRequest } from './hostile/raw-http.ts';
import { PGLITE } from './databases.ts';
import { signUp } from './requests.ts';
import { useTestApp } from './test-app.ts';

const TWO_MB = Buffer.from(JSON.stringify({ padding: 'x'.repeat(2_000_000) }));

interface Outcome {
  status: number | null;
  /** The error the client's socket met (EPIPE, ECONNRESET), or null. */
  error: string | null;
}

/** `request` sent `rounds` times, three at a time, by a client thread of its own. */
async function sendRounds(port: number, request: RawRequest, rounds = 15): Promise<Outcome[]> {
  const worker = new Worker(new URL('./hostile/send-bodies-worker.mjs', import.meta.url), {
    workerData: { port, head: requestHead(request), body: request.body ?? Buffer.alloc(0), rounds },
  });
  const [outcomes] = (await once(worker, 'message')) as [Outcome[]];
  await worker.terminate();
  return outcomes;
}

describe('an answer sent before the request body was read', () => {
  const context = useTestApp(PGLITE);

  async function listening(): Promise<number> {
    if (!context.app.server.listening) await context.app.listen({ port: 0, host: '127.0.0.1' });
    return (context.app.server.address() as AddressInfo).port;
  }

  // Closing a connection while its body still arrives makes the kernel reset it; the client,
  // still sending, fails with EPIPE or ECONNRESET and may never read the answer.
  it('lets the client send its whole body, then answers, for a route that never reads it', async () => {
    const port = await listening();
    const outcomes = await sendRounds(port, {
      method: 'GET',
      target: '/api/v4/sources',
      headers: { host: `127.0.0.1:${port}`, 'content-type': 'application/json' },
      body: TWO_MB,
    });
    expect(outcomes).toEqual(outcomes.map(() => ({ status: 401, error: null })));
  });

  it('does the same for a body over the limit', async () => {
    const port = await listening();
    const owner = await signUp(context.app);
    const outcomes = await sendRounds(port, {
      method: 'PATCH',
      target: `/api/v4/accounts/${owner.accountId}`,
      headers: {
        host: `127.0.0.1:${port}`,
        authorization: `Bearer ${owner.token}`,
        'content-type': 'application/vnd.api+json',
      },
      body: TWO_MB,
    });
    expect(outcomes).toEqual(outcomes.map(() => ({ status: 413, error: null })));
  });

  it('closes at once when the announced body is past what it would read', async () => {
    const port = await listening();
    const started = Date.now();
    const [outcome] = await sendRounds(
      port,
      {
        method: 'GET',
        target: '/api/v4/sources',
        headers: { host: `127.0.0.1:${port}` },
        body: Buffer.alloc(64 * 1024),
        contentLength: 64 * 1024 * 1024,
      },
      1,
    );
    expect(outcome?.status).toBe(401);
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
