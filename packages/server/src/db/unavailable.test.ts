import net, { type AddressInfo } from 'node:net';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './unavailable.ts';

/** A loopback port nothing listens on (taken, then let go). */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** An error as pg builds one from a server's ErrorResponse. */
function serverError(code: string): Error {
  return Object.assign(new Error('server said no'), { code, severity: 'FATAL' });
}

describe('isDatabaseUnavailable', () => {
  it('recognises a connection pg could not make', async () => {
    const client = new pg.Client({ host: '127.0.0.1', port: await closedPort(), user: 'x' });
    const error = await client.connect().then(
      () => null,
      (failure: unknown) => failure,
    );
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it("recognises a pool's wait for a connection that timed out", async () => {
    // A server that accepts connections and never answers, as a paused PostgreSQL does.
    const silent = net.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const pool = new pg.Pool({
      host: '127.0.0.1',
      port: (silent.address() as AddressInfo).port,
      connectionTimeoutMillis: 100,
    });
    const error = await pool.query('select 1').then(
      () => null,
      (failure: unknown) => failure,
    );
    await pool.end();
    silent.close();
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it('recognises a server shutting down or refusing connections, by SQLSTATE', () => {
    for (const code of ['57P01', '57P02', '57P03', '53300', '08006', '08001']) {
      expect(isDatabaseUnavailable(serverError(code)), code).toBe(true);
    }
  });

  it('leaves alone what the database answered about the query itself', () => {
    for (const code of ['23505', '22P02', '42P01', '40001']) {
      expect(isDatabaseUnavailable(serverError(code)), code).toBe(false);
    }
    expect(isDatabaseUnavailable(new Error('something else'))).toBe(false);
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
  });
});
