import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { createLocalAiModels } from '@darkroom/render';
import { afterAll, describe, expect, it } from 'vitest';
import { assetAnalysisHandler } from '../../src/assets/analysis/analysis-job.ts';
import { requestAssetAnalysis } from '../../src/assets/analysis/request.ts';
import { ASSET_ANALYSIS_JOB } from '../../src/jobs/kinds.ts';
import { createJobRunner } from '../../src/jobs/runner.ts';
import { putManagedFile } from '../../src/storage/managed.ts';
import { PGLITE } from '../databases.ts';
import { call, multipart, signUp } from '../requests.ts';
import { createSourceThroughApi } from '../source-fixtures.ts';
import { useTestApp } from '../test-app.ts';

// The images shipped for the demo source, which include the test images.
const imagesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../demo-images');
const image = (name: string) => readFileSync(path.join(imagesDir, name));

describe('asset analysis with the real detectors', { timeout: 300_000 }, () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'darkroom-asset-analysis-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const models = createLocalAiModels();
  const context = useTestApp(
    PGLITE,
    { DATA_DIR: dataDir, ASSET_ANALYSIS: 'true' },
    { aiModels: { detector: models, premium: models } },
  );
  let owner: Awaited<ReturnType<typeof signUp>>;
  let sourceId = '';

  const rowOf = (name: string) =>
    context.database.db
      .selectFrom('assets')
      .selectAll()
      .where('id', '=', `${sourceId}/${name}`)
      .executeTakeFirstOrThrow();

  // The finished indexing run leaves its next scheduled run in the queue too.
  const analysisJobs = () =>
    context.database.db
      .selectFrom('jobs')
      .selectAll()
      .where('kind', '=', ASSET_ANALYSIS_JOB.name)
      .execute();

  it('analyses every image of a source after its first indexing run', async () => {
    owner = await signUp(context.app);
    ({ id: sourceId } = await createSourceThroughApi(context.app, owner.token, 'an'));
    for (const name of ['astronaut.png', 'chelsea.png', 'coins.png']) {
      await putManagedFile(
        context.app.darkroom.origins.options.managedFiles,
        sourceId,
        name,
        Readable.from([image(name)]),
        10_000_000,
      );
    }

    await context.app.darkroom.jobs.drain();

    const astronaut = await rowOf('astronaut.png');
    expect(astronaut.analysed_at).not.toBeNull();
    expect(astronaut.has_faces).toBe(true);
    expect(astronaut.face_count).toBeGreaterThanOrEqual(1);
    const coins = await rowOf('coins.png');
    expect(coins.analysed_at).not.toBeNull();
    expect(coins).toMatchObject({ has_faces: false, face_count: 0 });
    const chelsea = await rowOf('chelsea.png');
    expect(chelsea.labels.map((label) => label.name)).toContain('cat');
    expect(chelsea.labels[0]?.name).toBe('cat');
    for (const label of chelsea.labels) expect(label.confidence).toBeGreaterThanOrEqual(0.3);
    expect(chelsea.alt_text_predictions).toEqual([
      { language: 'en', text: expect.stringMatching(/\bcat\b/) as unknown, templated: false },
    ]);
    expect(await analysisJobs()).toEqual([]);
  });

  it('answers the analysis through the API', async () => {
    const answer = await call(context.app, 'GET', `/api/v4/assets/${sourceId}/chelsea.png`, {
      token: owner.token,
    });
    expect(answer.status).toBe(200);
    const attributes = answer.body.data.attributes;
    expect(attributes).toMatchObject({ has_labels: true, has_faces: false, face_count: 0 });
    expect(attributes.labels[0]).toMatchObject({ name: 'cat' });
    expect(attributes.labels_alt_text_predictions).toEqual([
      {
        language: 'en',
        text: expect.stringMatching(/^Photo of a cat/) as unknown,
        templated: false,
      },
    ]);
  });

  it('goes through a source in slices, each enqueueing the next', async () => {
    const { db } = context.database;
    const { origins } = context.app.darkroom;
    await db
      .updateTable('assets')
      .set({ analysed_at: null })
      .where('source_id', '=', sourceId)
      .execute();
    await requestAssetAnalysis(db, sourceId);
    const oneAtATime = createJobRunner({
      db,
      handlers: [
        assetAnalysisHandler({
          db,
          origins,
          detector: models,
          log: context.app.log,
          sliceBudget: { maxAssets: 1, maxMs: 120_000 },
        }),
      ],
    });

    expect(await oneAtATime.drain()).toBe(3);

    const unanalysed = await db
      .selectFrom('assets')
      .select('id')
      .where('source_id', '=', sourceId)
      .where('analysed_at', 'is', null)
      .execute();
    expect(unanalysed).toEqual([]);
    expect(await rowOf('astronaut.png')).toMatchObject({ has_faces: true });
  });

  it('writes the alt text again in the languages the account chooses', async () => {
    const chosen = await call(context.app, 'POST', '/api/v4/assets/manual-alt-text', {
      token: owner.token,
      body: { data: { type: 'languages', attributes: { languages: ['en', 'de'] } } },
    });
    expect(chosen.status).toBe(201);
    expect((await rowOf('chelsea.png')).analysed_at).toBeNull();

    await context.app.darkroom.jobs.drain();

    const chelsea = await rowOf('chelsea.png');
    expect(chelsea.analysed_at).not.toBeNull();
    expect(chelsea.alt_text_predictions).toEqual([
      { language: 'en', text: expect.stringMatching(/\bcat\b/) as unknown, templated: false },
      { language: 'de', text: expect.stringMatching(/Katze/) as unknown, templated: true },
    ]);
    expect(chelsea.labels[0]?.name).toBe('cat');
  });

  it('analyses an upload once it is indexed', async () => {
    const { payload, contentType } = multipart([
      { name: 'path', value: 'again/astronaut.png' },
      { name: 'file', value: image('astronaut.png'), filename: 'astronaut.png' },
    ]);
    const uploaded = await context.app.inject({
      method: 'POST',
      url: `/api/v4/sources/${sourceId}/files`,
      headers: { authorization: `Bearer ${owner.token}`, 'content-type': contentType },
      payload,
    });
    expect(uploaded.statusCode).toBe(201);
    expect((await rowOf('again/astronaut.png')).analysed_at).toBeNull();

    await context.app.darkroom.jobs.drain();

    expect(await rowOf('again/astronaut.png')).toMatchObject({ has_faces: true });
    expect((await rowOf('again/astronaut.png')).alt_text_predictions).toHaveLength(2);
  });

  it('stores an empty analysis for a file gone from the origin, so the source moves on', async () => {
    const { db } = context.database;
    rmSync(path.join(dataDir, 'managed', sourceId, 'coins.png'));
    await db
      .updateTable('assets')
      .set({ analysed_at: null, face_count: 3, has_faces: true })
      .where('id', '=', `${sourceId}/coins.png`)
      .execute();
    await requestAssetAnalysis(db, sourceId);
    // A second request while one waits adds no second job.
    await requestAssetAnalysis(db, sourceId);
    expect(await analysisJobs()).toHaveLength(1);

    await context.app.darkroom.jobs.drain();

    const coins = await rowOf('coins.png');
    expect(coins.analysed_at).not.toBeNull();
    expect(coins).toMatchObject({ face_count: 0, has_faces: false, labels: [] });
    expect(coins.alt_text_predictions).toEqual([]);
  });
});
