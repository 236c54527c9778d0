// /healthz and /readyz on the embedded database, whose one connection a transaction holds from
// BEGIN to COMMIT (src/db/pglite-dialect.ts): a load balancer's probe must not queue behind it.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { PGLITE } from './databases.ts';
import { call } from './requests.ts';
import { useTestApp } from './test-app.ts';

/**
 * A transaction that holds the connection until `release` is called; with `failing`, its last
 * query before that fails (and PostgreSQL rolls it back at its end).
 */
function heldTransaction(context: ReturnType<typeof useTestApp>, failing = false) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let holding = () => {};
  const held = new Promise<void>((resolve) => {
    holding = resolve;
  });
  const done = context.database.db.transaction().execute(async (transaction) => {
    await sql`select 1`.execute(transaction);
    if (failing) await sql`select * from no_such_table`.execute(transaction).catch(() => null);
    holding();
    await released;
  });
  return { held, release, done };
}

describe('GET /healthz and /readyz beside a transaction in flight', () => {
  const context = useTestApp(PGLITE);

  it('answers /healthz without asking the database', async () => {
    const transaction = heldTransaction(context, true);
    await transaction.held;
    const health = await call(context.app, 'GET', '/healthz');
    transaction.release();
    await transaction.done;
    expect(health.status).toBe(200);
    expect(health.body).toEqual({ status: 'healthy' });
  });

  it('answers /readyz with 200 from the answer the database just gave, without queuing', async () => {
    await sql`select 1`.execute(context.database.db);
    const transaction = heldTransaction(context);
    await transaction.held;
    const order: string[] = [];
    const health = call(context.app, 'GET', '/readyz').then((response) => {
      order.push('health');
      return response;
    });
    const answered = await Promise.race([
      health,
      new Promise<null>((resolve) => setTimeout(() => resolve(null), 10_000)),
    ]);
    order.push('released');
    transaction.release();
    await transaction.done;
    expect(order).toEqual(['health', 'released']);
    expect(answered?.status).toBe(200);
    expect(answered?.body).toEqual({ status: 'ready', database: 'up' });
  });

  it('asks the database itself on /readyz once a query has failed since its last answer', async () => {
    const transaction = heldTransaction(context, true);
    await transaction.held;
    const order: string[] = [];
    const health = call(context.app, 'GET', '/readyz').then((response) => {
      order.push('health');
      return response;
    });
    // Long enough for an answer that does not wait on the connection to arrive first.
    await new Promise((resolve) => setTimeout(resolve, 300));
    order.push('released');
    transaction.release();
    await transaction.done;
    expect((await health).status).toBe(200);
    expect(order).toEqual(['released', 'health']);
  });
});
