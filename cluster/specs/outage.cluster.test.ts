// A database outage does not take the fleet down (docs/ARCHITECTURE.md, "Stopping and failing"):
// with PostgreSQL stopped for 10 s (SIGSTOP of the postmaster and its backends: connections open,
// nothing answered), every node keeps delivering what it has cached for the sources it knows,
// /healthz stays 200 (liveness: a balancer keeps the nodes), /readyz answers 503 with the
// database down, and an API write is answered 503 database_unavailable, saying so, instead of
// hanging. Once the database is back, every node is ready again and the API writes.
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  clusterContext,
  createManagedSource,
  deliver,
  pauseDatabase,
  request,
  resumeDatabase,
  signUp,
  sql,
  uploadFile,
  type ApiAnswer,
  type ClusterNode,
  type SignedUp,
} from '../support/nodes.ts';

const OUTAGE_MS = 10_000;
/**
 * Into the outage before the checks: past the 5 s a source lookup is trusted, so each node reads
 * it again, fails, and answers from the last one it read.
 */
const CHECKS_AFTER_MS = 6_000;
const READY_AGAIN_TIMEOUT_MS = 30_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a database outage across the cluster', () => {
  let owner: SignedUp;
  let subdomain: string;

  beforeAll(async () => {
    const { nodes } = clusterContext();
    const [first] = nodes;
    if (first === undefined) throw new Error('no nodes');
    // One sign-up for the whole file: the per-IP sign-in limit is shared by every spec.
    owner = await signUp(first);
    const source = await createManagedSource(first, owner.token, 'outage');
    subdomain = source.subdomain;
    const png = await sharp({
      create: { width: 64, height: 48, channels: 3, background: '#27ae60' },
    })
      .png()
      .toBuffer();
    await uploadFile(first, owner.token, source.id, 'green.png', png);
    // Each node renders and caches the image, and looks the source up.
    for (const node of nodes) {
      expect((await deliver(node, subdomain, '/green.png?w=20')).status, node.name).toBe(200);
    }
  });

  function writeEvent(node: ClusterNode, name: string): Promise<ApiAnswer> {
    return api(node, 'POST', '/api/v4/events', {
      token: owner.token,
      body: { data: { type: 'events', attributes: { name } } },
    });
  }

  it('keeps delivering and stays live while the database is stopped, and is ready again after', async () => {
    const cluster = clusterContext();
    const stamp = Date.now().toString(36);
    pauseDatabase(cluster);
    const pausedAt = Date.now();
    try {
      await sleep(CHECKS_AFTER_MS);
      for (const node of cluster.nodes) {
        const cached = await deliver(node, subdomain, '/green.png?w=20');
        expect(cached.status, `${node.name}: cached delivery`).toBe(200);
        expect(cached.headers['content-type'], node.name).toMatch(/^image\//);

        const health = await request(`${node.baseUrl}/healthz`);
        expect(health.status, `${node.name}: /healthz`).toBe(200);
        const ready = await request(`${node.baseUrl}/readyz`);
        expect(ready.status, `${node.name}: /readyz`).toBe(503);
        expect(JSON.parse(ready.body.toString('utf8'))).toEqual({
          status: 'not_ready',
          database: 'down',
        });

        const write = await writeEvent(node, `outage-${stamp}-${node.name}`);
        expect(write.status, `${node.name}: ${JSON.stringify(write.body)}`).toBe(503);
        expect(write.headers['retry-after']).toBe('5');
        expect(write.body.errors).toEqual([
          {
            status: '503',
            code: 'database_unavailable',
            title: 'Database unavailable',
            detail:
              'The database cannot be reached right now, so this request was not completed. Try again in a few seconds.',
          },
        ]);
      }
      await sleep(Math.max(0, OUTAGE_MS - (Date.now() - pausedAt)));
    } finally {
      resumeDatabase(cluster);
    }

    const deadline = Date.now() + READY_AGAIN_TIMEOUT_MS;
    for (const node of cluster.nodes) {
      for (;;) {
        const ready = await request(`${node.baseUrl}/readyz`);
        if (ready.status === 200) {
          expect(JSON.parse(ready.body.toString('utf8'))).toEqual({
            status: 'ready',
            database: 'up',
          });
          break;
        }
        if (Date.now() > deadline) throw new Error(`node ${node.name} not ready again`);
        await sleep(250);
      }
      const name = `after-outage-${stamp}-${node.name}`;
      expect((await writeEvent(node, name)).status, node.name).toBe(202);
    }
    // What was refused was not written; what was acknowledged was.
    const stored = await sql<{ name: string }>(
      cluster,
      'select name from events where name like $1 order by name',
      [`%-${stamp}-%`],
    );
    expect(stored.map((row) => row.name)).toEqual(
      cluster.nodes.map((node) => `after-outage-${stamp}-${node.name}`),
    );
  });
});
