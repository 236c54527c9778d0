// What an operator watches on each process of a cluster: `/metrics` in Prometheus's text format
// on every node, counting that node's own requests, renders and cache results beside the shared
// job queue and its PostgreSQL pool; and X-Request-Id on every answer, echoed when the client (or
// the proxy in front) sent a sane one and made by the node otherwise.
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

/** Prometheus's text exposition format, version 0.0.4. */
const PROMETHEUS_TEXT = /^text\/plain; version=0\.0\.4/;
/** The families the request, render, cache, job and pool paths report. */
const FAMILIES = {
  darkroom_http_requests_total: 'counter',
  darkroom_delivery_cache_total: 'counter',
  darkroom_render_duration_seconds: 'histogram',
  darkroom_jobs_queued: 'gauge',
  darkroom_jobs_running: 'gauge',
  darkroom_job_lag_seconds: 'gauge',
  darkroom_db_pool_connections: 'gauge',
  darkroom_db_pool_max_connections: 'gauge',
} as const;
/** What a node makes up: a per-process prefix and a counter (net/request-id.ts). */
const MADE_UP_ID = /^[A-Za-z0-9_-]+-[0-9a-z]+$/;

async function scrape(node: ClusterNode): Promise<string> {
  const answer = await request(`${node.baseUrl}/metrics`);
  expect(answer.status, node.name).toBe(200);
  expect(answer.headers['content-type']).toMatch(PROMETHEUS_TEXT);
  return answer.body.toString('utf8');
}

/** The value of the sample `name{labels}` (labels exactly as exposed), or undefined. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('operating the cluster', () => {
  let owner: SignedUp;
  let subdomain: string;

  beforeAll(async () => {
    const { nodes } = clusterContext();
    const [first] = nodes;
    if (first === undefined) throw new Error('no nodes');
    // One sign-up for the whole file: the per-IP sign-in limit is shared by every spec.
    owner = await signUp(first);
    const source = await createManagedSource(first, owner.token, 'ops');
    subdomain = source.subdomain;
    const png = await sharp({
      create: { width: 64, height: 48, channels: 3, background: '#c0392b' },
    })
      .png()
      .toBuffer();
    await uploadFile(first, owner.token, source.id, 'red.png', png);
  });

  it('exposes the request, render, cache, job and pool families on every node', async () => {
    for (const node of clusterContext().nodes) {
      const text = await scrape(node);
      for (const [family, type] of Object.entries(FAMILIES)) {
        expect(text, `${node.name}: ${family}`).toContain(`# TYPE ${family} ${type}\n`);
      }
      // The job queue is the shared one: every kind is reported by every node.
      expect(
        sample(text, 'darkroom_jobs_queued{kind="source-deploy"}'),
        node.name,
      ).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'darkroom_db_pool_max_connections'), node.name).toBeGreaterThan(0);
    }
  });

  it("counts each node's own requests and renders", async () => {
    const { nodes } = clusterContext();
    const [first, second] = nodes;
    if (first === undefined || second === undefined) throw new Error('two nodes needed');
    const apiSeries = 'darkroom_http_requests_total{kind="api",status_class="2xx"}';
    const before = await Promise.all(nodes.map(scrape));

    for (let call = 0; call < 3; call += 1) {
      const answer = await api(second, 'GET', '/api/v4/sessions/current', { token: owner.token });
      expect(answer.status).toBe(200);
    }
    const width = 20 + Math.floor(Math.random() * 1000);
    const miss = await deliver(first, subdomain, `/red.png?w=${width}&fm=png`);
    expect(miss.status, miss.body.toString()).toBe(200);
    const hit = await deliver(first, subdomain, `/red.png?w=${width}&fm=png`);
    expect(hit.status).toBe(200);

    const after = await Promise.all(nodes.map(scrape));
    const change = (index: number, series: string) =>
      (sample(after[index] ?? '', series) ?? 0) - (sample(before[index] ?? '', series) ?? 0);
    expect(change(1, apiSeries)).toBe(3);
    expect(change(0, apiSeries)).toBe(0);
    expect(change(2, apiSeries)).toBe(0);
    expect(change(0, 'darkroom_delivery_cache_total{result="miss"}')).toBe(1);
    expect(change(0, 'darkroom_delivery_cache_total{result="hit"}')).toBe(1);
    expect(change(0, 'darkroom_render_duration_seconds_count')).toBe(1);
    expect(change(1, 'darkroom_render_duration_seconds_count')).toBe(0);
    expect(change(0, 'darkroom_http_requests_total{kind="delivery",status_class="2xx"}')).toBe(2);
  });

  it('echoes a sent X-Request-Id on API and delivery answers of every node', async () => {
    for (const node of clusterContext().nodes) {
      const id = `cluster-${node.name}-${Date.now()}`;
      const apiAnswer = await api(node, 'GET', '/api/v4/sessions/current', {
        token: owner.token,
        headers: { 'x-request-id': `${id}.api` },
      });
      expect(apiAnswer.headers['x-request-id']).toBe(`${id}.api`);
      // A render, then the same URL from memory (delivery's fast path), then a refusal.
      const path = `/red.png?w=${30 + (node.port % 500)}&fm=png`;
      for (const [step, pathAndQuery] of [
        ['miss', path],
        ['hit', path],
        ['missing', '/no-such-file.png'],
      ] as const) {
        const answer = await deliver(node, subdomain, pathAndQuery, {
          'x-request-id': `${id}.${step}`,
        });
        expect(answer.headers['x-request-id'], `${node.name} ${step} (${answer.status})`).toBe(
          `${id}.${step}`,
        );
      }
    }
  });

  it('makes an X-Request-Id when none was sent, or an unusable one, unique across nodes', async () => {
    const made: string[] = [];
    for (const node of clusterContext().nodes) {
      const apiAnswer = await api(node, 'GET', '/api/v4/sessions/current', { token: owner.token });
      const delivered = await deliver(node, subdomain, '/red.png?w=16&fm=png');
      const forged = await deliver(node, subdomain, '/red.png?w=16&fm=png', {
        'x-request-id': 'two words\tand a tab',
      });
      for (const answer of [apiAnswer, delivered, forged]) {
        const id = answer.headers['x-request-id'];
        expect(id, node.name).toMatch(MADE_UP_ID);
        made.push(String(id));
      }
    }
    expect(new Set(made).size).toBe(made.length);
  });
});
