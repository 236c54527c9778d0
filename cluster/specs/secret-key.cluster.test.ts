// Every process sharing the database must hold the same DARKROOM_SECRET_KEY (docs/ARCHITECTURE.md,
// "How it scales"): a fourth process started with another key, or with none, exits with EX_CONFIG
// (78, sysexits.h) and says why, and leaves the three nodes and the key's fingerprint as they were.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { secretKeyFingerprint } from '../../packages/server/src/crypto/key-fingerprint.ts';
import { clusterContext, freePort, request, runUntilExit, sql } from '../support/nodes.ts';

const EX_CONFIG = 78;

/** The settings of a fourth node beside the cluster's: its own port and data directory. */
async function fourthNode(label: string): Promise<Record<string, string>> {
  const port = await freePort();
  return {
    PORT: String(port),
    DATA_DIR: path.join(clusterContext().runDir, `fourth-${label}`),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
  };
}

async function storedFingerprints(): Promise<string[]> {
  const rows = await sql<{ value: string }>(
    clusterContext(),
    "select value from install_facts where name = 'secret_key_fingerprint'",
  );
  return rows.map((row) => row.value);
}

describe('the secret key across processes', () => {
  it('refuses a process with another DARKROOM_SECRET_KEY on the same database', async () => {
    const cluster = clusterContext();
    const [model] = cluster.nodes;
    if (model === undefined) throw new Error('no nodes');
    const otherKey = randomBytes(32).toString('hex');
    const refused = await runUntilExit(model, {
      ...(await fourthNode('other-key')),
      DARKROOM_SECRET_KEY: otherKey,
    });
    expect(refused.code, refused.output).toBe(EX_CONFIG);
    expect(refused.output).toContain(
      "DARKROOM_SECRET_KEY is not the key this database's storage secrets are encrypted with",
    );
    expect(refused.output).toContain('Start every process that shares the database with the same');
    // Neither key is written out, only the start of their fingerprints.
    expect(refused.output).not.toContain(otherKey);
    expect(refused.output).not.toContain(cluster.secretKeyHex);
    expect(await storedFingerprints()).toEqual([
      secretKeyFingerprint(Buffer.from(cluster.secretKeyHex, 'hex')),
    ]);
  });

  it('refuses a process without DARKROOM_SECRET_KEY on a shared database, naming it', async () => {
    const cluster = clusterContext();
    const [model] = cluster.nodes;
    if (model === undefined) throw new Error('no nodes');
    const refused = await runUntilExit(model, {
      ...(await fourthNode('no-key')),
      DARKROOM_SECRET_KEY: undefined,
    });
    expect(refused.code, refused.output).toBe(EX_CONFIG);
    expect(refused.output).toContain('DARKROOM_SECRET_KEY');
    expect(refused.output).toContain('must be set when DATABASE_URL is set');
  });

  it('leaves every node serving', async () => {
    for (const node of clusterContext().nodes) {
      expect((await request(`${node.baseUrl}/healthz`)).status, node.name).toBe(200);
    }
  });
});
