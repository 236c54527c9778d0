// Usage is billed, so it is exact across the cluster whatever the database does (docs/ARCHITECTURE.md,
// "How it scales"): delivery requests spread over nodes a, b and c from concurrent keep-alive
// clients, the database paused (SIGSTOP of the postmaster and its backends: connections open,
// nothing answered) and resumed in the middle. Once every node has written what it kept, the
// usage events of the source count exactly the requests answered.
import http from 'node:http';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  clusterContext,
  createManagedSource,
  pauseDatabase,
  request,
  resumeDatabase,
  signUp,
  sql,
  uploadFile,
  type ClusterNode,
} from '../support/nodes.ts';

/** Requests answered before the database is paused, and sent after it is resumed. */
const BEFORE_PAUSE_REQUESTS = 3_000;
const AFTER_RESUME_REQUESTS = 3_000;
const CLIENTS_PER_NODE = 4;
const TARGETS = ['/pic.png?w=16', '/pic.png?w=24', '/pic.png?w=32&fm=webp'];
/** Longer than a source lookup is trusted (5 s): the nodes answer from their last lookups. */
const PAUSE_MS = 7_000;
/** How long the nodes may take to write what they kept (their retries back off up to 30 s). */
const DRAIN_TIMEOUT_MS = 90_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One GET on a keep-alive agent: its status, once its body has been read. */
function get(agent: http.Agent, node: ClusterNode, host: string, target: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const outgoing = http.get(
      `${node.baseUrl}${target}`,
      { agent, headers: { host, 'user-agent': 'ClusterMeter/1' } },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
  });
}

/** The usage rows a node holds unwritten, from its /metrics. */
async function backlogOf(node: ClusterNode): Promise<number> {
  const text = (await request(`${node.baseUrl}/metrics`)).body.toString('utf8');
  const line = text
    .split('\n')
    .find((candidate) => candidate.startsWith('darkroom_metering_backlog_rows '));
  if (line === undefined) throw new Error(`node ${node.name} reports no metering backlog`);
  return Number(line.split(' ')[1]);
}

describe('usage metering across nodes through a paused database', () => {
  let sourceId: string;
  let host: string;

  beforeAll(async () => {
    const { nodes, deliveryDomain } = clusterContext();
    const [first] = nodes;
    if (first === undefined) throw new Error('no nodes');
    // One sign-up for the whole file: the per-IP sign-in limit is shared by every spec.
    const owner = await signUp(first);
    const source = await createManagedSource(first, owner.token, 'meter');
    sourceId = source.id;
    host = `${source.subdomain}.${deliveryDomain}`;
    const png = await sharp({
      create: { width: 64, height: 48, channels: 3, background: '#2e86c1' },
    })
      .png()
      .toBuffer();
    await uploadFile(first, owner.token, source.id, 'pic.png', png);
  });

  it('counts every request answered by any node, exactly, the database paused midway', async () => {
    const cluster = clusterContext();
    const agents = new Map(
      cluster.nodes.map((node) => [node.name, new http.Agent({ keepAlive: true })]),
    );
    const agentOf = (node: ClusterNode) => agents.get(node.name) ?? new http.Agent();
    const statuses = new Map<number, number>();
    let answered = 0;
    const count = (status: number) => {
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      answered += 1;
    };
    // Each node renders each target once (its own caches): what follows is mostly hits.
    for (const node of cluster.nodes) {
      for (const target of TARGETS) count(await get(agentOf(node), node, host, target));
    }
    // The clients run through three phases, whatever the machine's speed: until a third of the
    // requests are answered, while the database is paused, and for as many again after it is
    // back, so that each phase has its requests by construction rather than by timing.
    let phase: 'before' | 'paused' | 'after' = 'before';
    let answeredWhilePaused = 0;
    let sentAfterResume = 0;
    const finished = () => phase === 'after' && sentAfterResume >= AFTER_RESUME_REQUESTS;
    const client = async (node: ClusterNode) => {
      while (!finished()) {
        const target = TARGETS[answered % TARGETS.length] ?? '/';
        if (phase === 'after') sentAfterResume += 1;
        const status = await get(agentOf(node), node, host, target);
        if (phase === 'paused') answeredWhilePaused += 1;
        count(status);
      }
    };
    const pause = async () => {
      while (answered < BEFORE_PAUSE_REQUESTS) await sleep(10);
      pauseDatabase(cluster);
      phase = 'paused';
      try {
        await sleep(PAUSE_MS);
      } finally {
        resumeDatabase(cluster);
        phase = 'after';
      }
    };
    await Promise.all([
      pause(),
      ...cluster.nodes.flatMap((node) =>
        Array.from({ length: CLIENTS_PER_NODE }, () => client(node)),
      ),
    ]);
    for (const agent of agents.values()) agent.destroy();
    // Requests were answered while the database was paused, and after it came back.
    expect(answeredWhilePaused).toBeGreaterThan(0);
    expect(sentAfterResume).toBeGreaterThanOrEqual(AFTER_RESUME_REQUESTS);
    expect(Object.fromEntries(statuses)).toEqual({ 200: answered });

    // Every node writes what it kept once the database answers again.
    const deadline = Date.now() + DRAIN_TIMEOUT_MS;
    for (;;) {
      const backlogs = await Promise.all(cluster.nodes.map(backlogOf));
      if (backlogs.every((rows) => rows === 0)) break;
      if (Date.now() > deadline) throw new Error(`metering backlogs left: ${backlogs.join(', ')}`);
      await sleep(500);
    }
    const [metered] = await sql<{ requests: string | null }>(
      cluster,
      `select sum(requests) as requests from usage_events
       where source_id = $1 and status >= 200 and status < 400`,
      [sourceId],
    );
    expect(Number(metered?.requests)).toBe(answered);
  });
});
