// Renders that run as jobs, exactly once across the cluster (docs/ARCHITECTURE.md, "An AI render"
// and "The job system"): an AI render asked on every node at the same moment is one job, whose
// render every node then answers (each from its own data directory: the job leaves the render in
// the shared object store) and which is metered once; and a render job whose node is killed
// while it renders is taken over by another node once its lease lapses.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { sleep } from '../support/node-process.ts';
import {
  clusterContext,
  createManagedSource,
  currentPid,
  deliver,
  killNode,
  nodeNamed,
  signUp,
  sql,
  startNode,
  uploadFile,
  type ClusterNode,
  type HttpAnswer,
} from '../support/nodes.ts';

const run = promisify(execFile);

/** JOB_LEASE_MS (30 s) and a poll: the most a killed node's job waits for another node. */
const TAKEOVER_WITHIN_MS = 60_000;
/**
 * A render job on two cores shared with everything else: a node's model worker loads the model
 * before its first AI render (over three minutes measured on a loaded machine), ffmpeg encodes.
 */
const RENDER_WITHIN_MS = 420_000;

interface JobRow extends Record<string, unknown> {
  id: string;
  locked_by: string | null;
  attempts: number;
  failed_at: Date | null;
  last_error: string | null;
}

/** The jobs (pending or failed) of `kind` replaying `target` on the source's host. */
function jobsOf(kind: string, subdomain: string, target: string): Promise<JobRow[]> {
  const host = `${subdomain}.${clusterContext().deliveryDomain}`;
  return sql<JobRow>(
    clusterContext(),
    `select id, locked_by, attempts, failed_at, last_error from jobs
     where kind = $1 and payload->>'host' = $2 and payload->>'url' = $3`,
    [kind, host, target],
  );
}

/** A PNG of a red disc on a pale background: something for background removal to find. */
function discPng(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="120">
    <rect width="160" height="120" fill="#eef2f3"/><circle cx="80" cy="60" r="38" fill="#c0392b"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** An H.264 MP4 of ffmpeg's test pattern, `seconds` long. */
async function testClip(seconds: number): Promise<Buffer> {
  const directory = await mkdtemp(path.join(tmpdir(), 'darkroom-cluster-clip-'));
  try {
    const file = path.join(directory, 'clip.mp4');
    await run('ffmpeg', [
      ...['-v', 'error', '-f', 'lavfi', '-i', `testsrc2=size=640x360:rate=25:duration=${seconds}`],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-y', file],
    ]);
    return await readFile(file);
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

/** The node whose server process is `pid`, or its parent (a worker of it). */
async function nodeOfProcess(pid: number): Promise<ClusterNode | undefined> {
  const parent = await readFile(`/proc/${pid}/stat`, 'utf8')
    .then((stat) => Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]))
    .catch(() => null);
  return clusterContext().nodes.find((node) => {
    const server = currentPid(node);
    return server === pid || server === parent;
  });
}

/** Asks `node` for `target` until it answers something other than 423. */
async function untilAnswered(
  name: string,
  subdomain: string,
  target: string,
  seenJobs: { kind: string; ids: Set<string> },
): Promise<HttpAnswer> {
  const deadline = Date.now() + RENDER_WITHIN_MS;
  for (;;) {
    const answer = await deliver(nodeNamed(name), subdomain, target);
    for (const job of await jobsOf(seenJobs.kind, subdomain, target)) seenJobs.ids.add(job.id);
    if (answer.status !== 423) return answer;
    if (Date.now() > deadline) throw new Error(`${target} still rendering on node ${name}`);
    await sleep(1_000);
  }
}

describe('renders and render jobs across the nodes', () => {
  let subdomain: string;
  let sourceId: string;

  beforeAll(async () => {
    const first = nodeNamed('a');
    // One sign-up for the whole file: the per-IP sign-in limit is shared by every spec. New
    // accounts get every premium capability the install can run (DEFAULT_CAPABILITIES=all).
    const owner = await signUp(first);
    const source = await createManagedSource(first, owner.token, 'renders');
    subdomain = source.subdomain;
    sourceId = source.id;
    await uploadFile(first, owner.token, source.id, 'disc.png', await discPng());
    await uploadFile(first, owner.token, source.id, 'clip.mp4', await testClip(10));
  });

  it(
    'renders an AI render asked on every node at once in one job, which every node then answers, metered once',
    { timeout: RENDER_WITHIN_MS + 60_000 },
    async () => {
      const target = '/disc.png?bg-remove=true&w=96&fm=png';
      const names = clusterContext().nodes.map((node) => node.name);
      const askedAt = Date.now();
      const asked = await Promise.all(
        names.map((name) => deliver(nodeNamed(name), subdomain, target)),
      );
      expect(asked.map((answer) => answer.status)).toEqual(names.map(() => 423));
      const seen = { kind: 'ai-render', ids: new Set<string>() };
      const queued = await jobsOf(seen.kind, subdomain, target);
      for (const job of queued) seen.ids.add(job.id);
      // Done already on a fast machine (the row is deleted then), never two.
      expect(queued.length).toBeLessThanOrEqual(1);

      const answers = await Promise.all(
        names.map((name) => untilAnswered(name, subdomain, target, seen)),
      );
      console.info(
        `[renders] every node answered the AI render ${((Date.now() - askedAt) / 1000).toFixed(1)} s after it was asked`,
      );
      expect(answers.map((answer) => answer.status)).toEqual(names.map(() => 200));
      expect(answers[0]?.headers['content-type']).toBe('image/png');
      for (const answer of answers.slice(1)) {
        expect(answer.body.equals(answers[0]?.body ?? Buffer.alloc(0))).toBe(true);
      }
      expect(seen.ids.size).toBe(1);
      expect(await jobsOf(seen.kind, subdomain, target)).toEqual([]);

      // Every node writes its usage events within a second or two: the one premium render
      // shows, and no second one follows it.
      const premiumRenders = async () => {
        const [row] = await sql<{ renders: number }>(
          clusterContext(),
          `select coalesce(sum(requests), 0)::integer as renders from usage_events
           where source_id = $1 and operation = 'premium' and render_ms is not null`,
          [sourceId],
        );
        return row?.renders ?? 0;
      };
      const deadline = Date.now() + 30_000;
      while ((await premiumRenders()) === 0 && Date.now() < deadline) await sleep(500);
      await sleep(3_000);
      expect(await premiumRenders()).toBe(1);
    },
  );

  it(
    'takes over the video job of a node killed while it renders, within a minute',
    { timeout: TAKEOVER_WITHIN_MS + 2 * RENDER_WITHIN_MS },
    async () => {
      // HEVC at libx265's `fast` preset: seconds of encoding on any machine.
      const target = '/clip.mp4?fm=mp4&video-codec=h265&w=640';
      expect((await deliver(nodeNamed('a'), subdomain, target)).status).toBe(423);

      const claimed = await waitFor('a node to claim the video job', RENDER_WITHIN_MS, async () => {
        const [job] = await jobsOf('video-render', subdomain, target);
        if (job === undefined) throw new Error('The video job finished before a node was killed.');
        return job.locked_by === null ? null : job;
      });
      const pid = Number(claimed.locked_by?.split(':').pop());
      const holder = await nodeOfProcess(pid);
      if (holder === undefined) throw new Error(`No node runs process ${pid}.`);
      await killNode(holder);
      const killedAt = Date.now();
      try {
        const takenOver = await waitFor(
          'another node to take the job over',
          TAKEOVER_WITHIN_MS,
          async () => {
            const [job] = await jobsOf('video-render', subdomain, target);
            // Only the lease holder records a job's end: nobody held it but the killed node.
            if (job === undefined) throw new Error('The video job ended without being taken over.');
            return job.locked_by !== null && job.locked_by !== claimed.locked_by ? job : null;
          },
        );
        console.info(
          `[renders] the video job was taken over ${((Date.now() - killedAt) / 1000).toFixed(1)} s after its node was killed`,
        );
        expect(takenOver.attempts).toBe(claimed.attempts + 1);
      } finally {
        await startNode(holder);
      }
      const seen = { kind: 'video-render', ids: new Set([claimed.id]) };
      const answers = await Promise.all(
        clusterContext().nodes.map((node) => untilAnswered(node.name, subdomain, target, seen)),
      );
      expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
      expect(answers[0]?.headers['content-type']).toBe('video/mp4');
      expect(seen.ids).toEqual(new Set([claimed.id]));
      expect(await jobsOf('video-render', subdomain, target)).toEqual([]);
    },
  );
});

/** Polls `check` every 250 ms until it answers something other than null. */
async function waitFor<T>(
  what: string,
  timeoutMs: number,
  check: () => Promise<T | null>,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await check();
    if (found !== null) return found;
    if (Date.now() > deadline) throw new Error(`Waited ${timeoutMs / 1000} s for ${what}.`);
    await sleep(250);
  }
}
