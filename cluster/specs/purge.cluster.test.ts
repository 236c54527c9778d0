// A purge reaches every process and the CDN (docs/ARCHITECTURE.md, "How it scales"): a URL
// rendered and cached on nodes a, b and c and in Varnish is purged through node a's API; within
// a second every node renders it afresh and Varnish asks a node again. Each node has its own data
// directory, so its disk cache is its own: only the cluster event (PostgreSQL NOTIFY) tells b and
// c, and only node a's ban (CDN_PURGE_PROVIDER=varnish) tells Varnish. A miss is told by what the
// node did (its /metrics cache counter) and by Varnish's X-Cache (docs/varnish/darkroom.vcl).
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  clusterContext,
  createManagedSource,
  deliver,
  request,
  signUp,
  uploadFile,
  type ClusterNode,
  type SignedUp,
} from '../support/nodes.ts';

/** How soon every process has dropped a purged render. */
const PURGE_REACH_MS = 1_000;
const TARGET = '/purged.png?w=32';

/** The node's count of answers that rendered (cache result `miss`). */
async function missesOf(node: ClusterNode): Promise<number> {
  const answer = await request(`${node.baseUrl}/metrics`);
  expect(answer.status, node.name).toBe(200);
  const match = /^darkroom_delivery_cache_total\{result="miss"\} (\d+)$/m.exec(
    answer.body.toString('utf8'),
  );
  if (match?.[1] === undefined) throw new Error(`${node.name}: no miss counter on /metrics`);
  return Number(match[1]);
}

/** Delivers TARGET on `node` and answers whether the node rendered it (a miss). */
async function deliverIsMiss(node: ClusterNode, subdomain: string): Promise<boolean> {
  const before = await missesOf(node);
  const answer = await deliver(node, subdomain, TARGET);
  expect(answer.status, `${node.name}: ${answer.body.toString('utf8').slice(0, 200)}`).toBe(200);
  return (await missesOf(node)) > before;
}

describe('a purge across the cluster', () => {
  let owner: SignedUp;
  let sourceId: string;
  let subdomain: string;

  beforeAll(async () => {
    const [first] = clusterContext().nodes;
    if (first === undefined) throw new Error('no nodes');
    owner = await signUp(first);
    const source = await createManagedSource(first, owner.token, 'purge');
    subdomain = source.subdomain;
    sourceId = source.id;
    const png = await sharp({
      create: { width: 64, height: 48, channels: 3, background: '#2e86c1' },
    })
      .png()
      .toBuffer();
    await uploadFile(first, owner.token, source.id, 'purged.png', png);
  });

  it('makes the next request on every node and through Varnish a miss, within a second', async () => {
    const { nodes, varnish, deliveryDomain } = clusterContext();
    // Rendered and cached everywhere: a second request on each node is a hit.
    for (const node of nodes) {
      await deliverIsMiss(node, subdomain);
      expect(await deliverIsMiss(node, subdomain), `${node.name} hits its own cache`).toBe(false);
    }
    const cached = await deliver(varnish, subdomain, TARGET);
    expect(cached.status).toBe(200);
    expect((await deliver(varnish, subdomain, TARGET)).headers['x-cache']).toBe('HIT');

    const [nodeA] = nodes;
    if (nodeA === undefined) throw new Error('no node a');
    const purged = await api(nodeA, 'POST', '/api/v4/purges', {
      token: owner.token,
      body: {
        data: {
          type: 'purges',
          attributes: { url: `http://${subdomain}.${deliveryDomain}${TARGET}` },
        },
      },
    });
    expect(purged.status, JSON.stringify(purged.body)).toBe(200);
    const purgedAt = Date.now();

    // Node a dropped its renders before answering; b and c apply the event as NOTIFY reaches them.
    // A node asked before then still hits: it is asked again until it misses or the bound passes.
    for (const node of nodes) {
      let missed = await deliverIsMiss(node, subdomain);
      while (!missed && Date.now() - purgedAt < PURGE_REACH_MS) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        missed = await deliverIsMiss(node, subdomain);
      }
      expect(missed, `node ${node.name} renders again within ${PURGE_REACH_MS} ms`).toBe(true);
    }
    // Varnish was told by node a's ban before the purge was answered.
    const throughVarnish = await deliver(varnish, subdomain, TARGET);
    expect(throughVarnish.status).toBe(200);
    expect(throughVarnish.headers['x-cache']).toBe('MISS');
    expect((await deliver(varnish, subdomain, TARGET)).headers['x-cache']).toBe('HIT');
  });

  it("reaches the other nodes' source lookups at once with a source edit", async () => {
    const { nodes } = clusterContext();
    const [nodeA, ...others] = nodes;
    if (nodeA === undefined) throw new Error('no node a');
    for (const node of others) {
      expect((await deliver(node, subdomain, TARGET)).status, node.name).toBe(200);
    }
    const disabled = await api(nodeA, 'PATCH', `/api/v4/sources/${sourceId}`, {
      token: owner.token,
      body: { data: { type: 'sources', id: sourceId, attributes: { enabled: false } } },
    });
    expect(disabled.status, JSON.stringify(disabled.body)).toBe(200);
    const editedAt = Date.now();
    // Each node keeps a source lookup for 5 s; the edit's cluster event drops it sooner.
    for (const node of others) {
      let status = (await deliver(node, subdomain, TARGET)).status;
      while (status !== 410 && Date.now() - editedAt < PURGE_REACH_MS) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        status = (await deliver(node, subdomain, TARGET)).status;
      }
      expect(status, `node ${node.name} answers the disabled source's 410`).toBe(410);
    }
  });
});
