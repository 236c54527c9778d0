import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { requestFirstIndexes } from '../../src/assets/first-index.ts';
import { DEMO_IMAGES, DEMO_SOURCE_ID } from '../../src/demo/demo-source.ts';
import { putManagedFile } from '../../src/storage/managed.ts';
import { PGLITE } from '../databases.ts';
import { signUp } from '../requests.ts';
import { createSourceThroughApi } from '../source-fixtures.ts';
import { useTestApp } from '../test-app.ts';
import { assetsOf, runOf } from './index-fixtures.ts';

describe('the app indexes sources as they deploy and the demo source once', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'darkroom-app-index-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const context = useTestApp(PGLITE, { DATA_DIR: dataDir });
  // The source the first test deploys, which the last one indexes again as if it were older.
  let sourceId = '';

  it('starts an indexing run when a new source is deployed', async () => {
    const owner = await signUp(context.app);
    ({ id: sourceId } = await createSourceThroughApi(context.app, owner.token, 'ix'));
    // Files already in the source's folder when the deployment check runs.
    const png = await sharp({ create: { width: 5, height: 7, channels: 3, background: '#ff0000' } })
      .png()
      .toBuffer();
    await putManagedFile(
      context.app.darkroom.origins.options.managedFiles,
      sourceId,
      'first.png',
      Readable.from([png]),
      1_000_000,
    );

    await context.app.darkroom.jobs.drain();

    const { db } = context.database;
    expect(await runOf(db, sourceId)).toMatchObject({ status: 'finished', reason: 'deploy' });
    expect(await assetsOf(db, sourceId)).toMatchObject([
      { origin_path: '/first.png', media_width: 5, media_height: 7, account_id: owner.accountId },
    ]);
  });

  it('indexes the shipped demo images the first time, and only then', async () => {
    const { db } = context.database;
    await requestFirstIndexes(db);
    await context.app.darkroom.jobs.drain();
    const first = await runOf(db, DEMO_SOURCE_ID);
    expect(first.status).toBe('finished');
    const assets = await assetsOf(db, DEMO_SOURCE_ID);
    expect(assets.map((asset) => asset.origin_path).sort()).toEqual(
      DEMO_IMAGES.map((name) => `/${name}`).sort(),
    );
    expect(assets.find((asset) => asset.origin_path === '/rocket.jpg')).toMatchObject({
      media_width: 640,
      media_height: 427,
      color_profile_name: 'Adobe RGB (1998)',
    });

    await requestFirstIndexes(db);
    expect((await runOf(db, DEMO_SOURCE_ID)).run_id).toBe(first.run_id);
  });

  it('indexes a source deployed before indexing existed (it has no run yet)', async () => {
    const { db } = context.database;
    await db.deleteFrom('asset_index_runs').where('source_id', '=', sourceId).execute();
    await db.deleteFrom('assets').where('source_id', '=', sourceId).execute();
    await requestFirstIndexes(db);
    await context.app.darkroom.jobs.drain();
    expect(await runOf(db, sourceId)).toMatchObject({ status: 'finished', reason: 'deploy' });
    expect(await assetsOf(db, sourceId)).toMatchObject([{ origin_path: '/first.png' }]);
  });
});
