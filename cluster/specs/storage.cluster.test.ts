// Files one process receives are every process's (docs/ARCHITECTURE.md, "How it scales"): a file
// uploaded to a managed source through node a lands in the shared object store (s3rver, Signature
// V4 checked), not in node a's data directory; nodes b and c, each with a data directory of its
// own, render it, node c lists it, and an indexing run node c asks for keeps it. Generated videos
// take the same store; their storage is covered by the server's suites
// (packages/server/test/ai/video-generations.test.ts, on both back ends).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { sleep } from '../support/node-process.ts';
import {
  api,
  clusterContext,
  createManagedSource,
  deliver,
  nodeNamed,
  signUp,
  sql,
  uploadFile,
  type SignedUp,
} from '../support/nodes.ts';

const FILE = 'shelf/blue.png';
/** An indexing run of one file, on two cores shared with three servers. */
const INDEX_WITHIN_MS = 60_000;

describe('managed storage files across the cluster', () => {
  let owner: SignedUp;
  let source: { id: string; subdomain: string };
  let png: Buffer;

  beforeAll(async () => {
    const a = nodeNamed('a');
    owner = await signUp(a);
    source = await createManagedSource(a, owner.token, 'storage');
    png = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#1f618d' } })
      .png()
      .toBuffer();
    const uploaded = await uploadFile(a, owner.token, source.id, FILE, png);
    expect(uploaded.attributes).toMatchObject({ path: FILE, size: png.length });
  });

  it('keeps an upload in the shared bucket, not in the data directory of the node that took it', async () => {
    const { s3 } = clusterContext();
    const client = new S3Client({
      region: 'us-east-1',
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    });
    try {
      const listed = await client.send(
        new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: 'cluster/managed/' }),
      );
      const keys = (listed.Contents ?? []).map((item) => item.Key);
      expect(keys).toContain(`cluster/managed/${source.id}/${FILE}`);
    } finally {
      client.destroy();
    }
    expect(existsSync(path.join(nodeNamed('a').dataDir, 'managed', source.id))).toBe(false);
  });

  it('renders the file on nodes b and c', async () => {
    for (const name of ['b', 'c']) {
      const answer = await deliver(nodeNamed(name), source.subdomain, `/${FILE}?w=100`);
      expect(answer.status, `${name}: ${answer.body.toString('utf8').slice(0, 200)}`).toBe(200);
      const { width, height } = await sharp(answer.body).metadata();
      expect([width, height], name).toEqual([100, 75]);
    }
  });

  it("lists the file through node c's asset API, and keeps it through an indexing run it asks for", async () => {
    const c = nodeNamed('c');
    const assetPaths = async (): Promise<string[]> => {
      const list = await api(c, 'GET', `/api/v4/sources/${source.id}/assets`, {
        token: owner.token,
      });
      expect(list.status).toBe(200);
      return (list.body.data as { attributes: { origin_path: string } }[]).map(
        (asset) => asset.attributes.origin_path,
      );
    };
    expect(await assetPaths()).toEqual([`/${FILE}`]);

    const asked = new Date();
    const indexing = await api(c, 'POST', `/api/v4/sources/${source.id}/assets/index`, {
      token: owner.token,
    });
    expect(indexing.status).toBe(202);
    // Any node's job runner may take the run: wait for it in the shared database.
    const deadline = Date.now() + INDEX_WITHIN_MS;
    for (;;) {
      const [run] = await sql<{ status: string; finished_at: Date | null }>(
        clusterContext(),
        'select status, finished_at from asset_index_runs where source_id = $1',
        [source.id],
      );
      if (run?.status === 'finished' && run.finished_at !== null && run.finished_at >= asked) {
        break;
      }
      if (run?.status === 'failed') throw new Error('the indexing run failed');
      if (Date.now() > deadline) throw new Error(`no finished indexing run: ${run?.status}`);
      await sleep(250);
    }
    expect(await assetPaths()).toEqual([`/${FILE}`]);
  });
});
