import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { NEEDS_FFMPEG, NEEDS_GENERATIVE_PROVIDER } from '../src/api/platform-settings.ts';
import { BACKENDS } from './databases.ts';
import { call, signUp } from './requests.ts';
import { useTestApp } from './test-app.ts';

const GENERATIVE_ENV = { GENERATIVE_API_URL: 'http://127.0.0.1:9/v1' };

describe.each(BACKENDS)('platform settings on $name', (backend) => {
  const context = useTestApp(backend);
  const originalPath = process.env.PATH;
  // Two PATHs for the server to look for ffmpeg in: one holding an executable of that name
  // and one empty, so the answer does not depend on what this machine has installed.
  let withFfmpeg = '';
  let withoutFfmpeg = '';

  beforeAll(async () => {
    withFfmpeg = await mkdtemp(path.join(os.tmpdir(), 'darkroom-ffmpeg-'));
    withoutFfmpeg = await mkdtemp(path.join(os.tmpdir(), 'darkroom-no-ffmpeg-'));
    await writeFile(path.join(withFfmpeg, 'ffmpeg'), '#!/bin/sh\n');
    await chmod(path.join(withFfmpeg, 'ffmpeg'), 0o755);
  });
  afterEach(() => {
    process.env.PATH = originalPath;
  });
  afterAll(async () => {
    await rm(withFfmpeg, { recursive: true, force: true });
    await rm(withoutFfmpeg, { recursive: true, force: true });
  });

  async function settings(app = context.app) {
    const owner = await signUp(context.app);
    const response = await call(app, 'GET', '/api/v4/platform-settings', { token: owner.token });
    expect(response.status).toBe(200);
    return response.body.data.attributes;
  }

  async function premiumFeatures(app = context.app) {
    return (await settings(app)).premium_features;
  }

  it('keeps the delivery domain and origin rules beside the premium features', async () => {
    const owner = await signUp(context.app);
    const response = await call(context.app, 'GET', '/api/v4/platform-settings', {
      token: owner.token,
    });
    expect(response.body.data.attributes).toMatchObject({
      delivery_domain: 'localhost:8080',
      allow_private_origins: false,
      max_origin_bytes: 50000000,
      generative_video: false,
    });
  });

  it('says which features need a generative provider and which need ffmpeg', async () => {
    process.env.PATH = withoutFfmpeg;
    // The plans of the built-in catalogue (billing/catalogue.ts) that grant each, cheapest first.
    expect(await premiumFeatures()).toEqual([
      {
        name: 'background_removal',
        available: true,
        unavailable_reason: null,
        plans: ['Starter', 'Growth'],
      },
      {
        name: 'background_replacement',
        available: false,
        unavailable_reason: NEEDS_GENERATIVE_PROVIDER,
        plans: ['Growth'],
      },
      { name: 'super_resolution', available: true, unavailable_reason: null, plans: ['Growth'] },
      {
        name: 'outpainting',
        available: false,
        unavailable_reason: NEEDS_GENERATIVE_PROVIDER,
        plans: ['Growth'],
      },
      { name: 'object_removal', available: true, unavailable_reason: null, plans: ['Growth'] },
      {
        name: 'image_to_video',
        available: false,
        unavailable_reason: NEEDS_FFMPEG,
        plans: ['Growth'],
      },
    ]);
    expect(NEEDS_GENERATIVE_PROVIDER).toBe(
      'Needs a generative image provider (GENERATIVE_API_URL).',
    );
    expect(NEEDS_FFMPEG).toBe('Needs ffmpeg on the server.');
  });

  it('offers every feature with a provider configured and ffmpeg on PATH', async () => {
    const app = await context.appWith(GENERATIVE_ENV);
    process.env.PATH = withFfmpeg;
    const features = await premiumFeatures(app);
    expect(features).toHaveLength(6);
    for (const feature of features) {
      expect(feature).toMatchObject({ available: true, unavailable_reason: null });
    }
    // The same provider makes videos from a still and a prompt (api/video-generations.ts).
    expect((await settings(app)).generative_video).toBe(true);
  });

  it('offers video as soon as ffmpeg appears, without a restart', async () => {
    process.env.PATH = withoutFfmpeg;
    expect((await premiumFeatures()).at(-1)).toMatchObject({ available: false });
    process.env.PATH = withFfmpeg;
    expect((await premiumFeatures()).at(-1)).toEqual({
      name: 'image_to_video',
      available: true,
      unavailable_reason: null,
      plans: ['Growth'],
    });
  });

  it('offers object replacement only with a generative provider', async () => {
    expect((await settings()).object_replacement).toEqual({
      available: false,
      unavailable_reason: NEEDS_GENERATIVE_PROVIDER,
    });
    const app = await context.appWith(GENERATIVE_ENV);
    expect((await settings(app)).object_replacement).toEqual({
      available: true,
      unavailable_reason: null,
    });
  });

  it('names the plans an operator added to the catalogue that grant a feature', async () => {
    await context.database.db
      .insertInto('billing_prices')
      .values({
        id: 'price_studio',
        lookup_key: 'studio',
        product_id: 'prod_studio',
        product_name: 'Studio',
        product_metadata: JSON.stringify({ capabilities: 'super_resolution, not_a_feature' }),
        currency: 'usd',
        unit_amount: 2900,
        nickname: 'Studio',
        recurring: JSON.stringify({ interval: 'month', interval_count: 1 }),
        metadata: JSON.stringify({}),
        position: 1,
      })
      .execute();
    try {
      const features = await premiumFeatures();
      const plansOf = (name: string) => features.find((f: { name: string }) => f.name === name);
      expect(plansOf('super_resolution').plans).toEqual(['Studio', 'Growth']);
      expect(plansOf('background_removal').plans).toEqual(['Starter', 'Growth']);
    } finally {
      await context.database.db
        .deleteFrom('billing_prices')
        .where('id', '=', 'price_studio')
        .execute();
    }
  });

  it('says whether mail goes out by SMTP or its links are written to the log', async () => {
    // The test apps have no SMTP_URL: invitation and reset links go to the server log.
    expect((await settings()).mail_delivery).toBe('log');
    // Nothing is sent while reading the settings, so the SMTP server need not exist.
    const app = await context.appWith({ SMTP_URL: 'smtp://127.0.0.1:9' });
    expect((await settings(app)).mail_delivery).toBe('smtp');
  });

  it('refuses callers who are not signed in', async () => {
    expect((await call(context.app, 'GET', '/api/v4/platform-settings')).status).toBe(401);
  });
});
