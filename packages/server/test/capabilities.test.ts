import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sourceResource } from '../src/api/source-serializer.ts';
import {
  accountCapabilities,
  capabilityGrants,
  installedCapabilities,
  newAccountCapabilities,
  onPath,
  setSourceCapabilities,
  usableCapabilities,
} from '../src/store/capabilities.ts';
import { BACKENDS } from './databases.ts';
import { call, signInAdmin, signUp, type SignedUp } from './requests.ts';
import {
  createSourceThroughApi,
  fakeStorageAdapterFactory,
  s3Configuration,
} from './source-fixtures.ts';
import { useTestApp } from './test-app.ts';

// ffmpeg is not part of every install; image_to_video is offered exactly when it is on PATH.
const FFMPEG = onPath('ffmpeg');
const MODELS_ON_DISK = ['background_removal', 'super_resolution', 'object_removal'];
const GENERATIVE_ENV = { GENERATIVE_API_URL: 'http://127.0.0.1:9/v1' };

function accountPatch(id: string, attributes: Record<string, unknown>) {
  return { data: { type: 'accounts', id, attributes } };
}

describe('what an install offers and a new account gets', () => {
  it('offers the on-disk models always, generation with a provider and video with ffmpeg', () => {
    expect(installedCapabilities({ generative: false, ffmpeg: false })).toEqual(MODELS_ON_DISK);
    expect(installedCapabilities({ generative: true, ffmpeg: true })).toEqual([
      'background_removal',
      'background_replacement',
      'super_resolution',
      'outpainting',
      'object_removal',
      'image_to_video',
    ]);
  });

  it('limits DEFAULT_CAPABILITIES to what the install offers', () => {
    const installed = installedCapabilities({ generative: false, ffmpeg: false });
    expect(newAccountCapabilities('all', installed)).toEqual(MODELS_ON_DISK);
    expect(newAccountCapabilities('none', installed)).toEqual([]);
    expect(newAccountCapabilities(['outpainting', 'super_resolution'], installed)).toEqual([
      'super_resolution',
    ]);
  });

  describe('onPath', () => {
    let folder = '';
    beforeAll(async () => {
      folder = await mkdtemp(path.join(os.tmpdir(), 'darkroom-path-'));
      await writeFile(path.join(folder, 'runnable'), '#!/bin/sh\n');
      await chmod(path.join(folder, 'runnable'), 0o755);
      await writeFile(path.join(folder, 'plain'), 'not a program');
      await chmod(path.join(folder, 'plain'), 0o644);
    });
    afterAll(async () => {
      await rm(folder, { recursive: true, force: true });
    });

    it('finds an executable in a PATH folder, and neither a plain file nor a missing one', () => {
      const pathVariable = ['/nonexistent-darkroom', folder].join(path.delimiter);
      expect(onPath('runnable', pathVariable)).toBe(true);
      expect(onPath('plain', pathVariable)).toBe(false);
      expect(onPath('absent', pathVariable)).toBe(false);
      expect(onPath('runnable', '')).toBe(false);
    });
  });
});

describe.each(BACKENDS)('capabilities on $name', (backend) => {
  const context = useTestApp(backend, {}, { storageAdapterFactory: fakeStorageAdapterFactory });

  async function ownCapabilities(user: SignedUp) {
    const response = await call(context.app, 'GET', `/api/v4/accounts/${user.accountId}`, {
      token: user.token,
    });
    expect(response.status).toBe(200);
    return response.body.data.attributes.capabilities;
  }

  async function createSource(owner: SignedUp) {
    return (await createSourceThroughApi(context.app, owner.token, 'caps', s3Configuration())).id;
  }

  it('gives a new account every capability this install can run by default', async () => {
    const user = await signUp(context.app);
    expect(await ownCapabilities(user)).toEqual(
      FFMPEG ? [...MODELS_ON_DISK, 'image_to_video'] : MODELS_ON_DISK,
    );
    expect(await accountCapabilities(context.database.db, user.accountId)).toEqual(
      await ownCapabilities(user),
    );
  });

  it('adds the generative capabilities when a provider is configured', async () => {
    const app = await context.appWith(GENERATIVE_ENV);
    const user = await signUp(app);
    expect(await ownCapabilities(user)).toEqual(
      expect.arrayContaining(['background_replacement', 'outpainting', ...MODELS_ON_DISK]),
    );
  });

  it('gives nothing with DEFAULT_CAPABILITIES=none', async () => {
    const app = await context.appWith({ DEFAULT_CAPABILITIES: 'none' });
    expect(await ownCapabilities(await signUp(app))).toEqual([]);
  });

  it('gives the listed capabilities the install can run, and no others', async () => {
    const listed = 'outpainting,super_resolution,background_removal';
    const withoutProvider = await context.appWith({ DEFAULT_CAPABILITIES: listed });
    expect(await ownCapabilities(await signUp(withoutProvider))).toEqual([
      'background_removal',
      'super_resolution',
    ]);
    const withProvider = await context.appWith({ DEFAULT_CAPABILITIES: listed, ...GENERATIVE_ENV });
    expect(await ownCapabilities(await signUp(withProvider))).toEqual([
      'background_removal',
      'super_resolution',
      'outpainting',
    ]);
  });

  it("lets an admin replace an account's capabilities", async () => {
    const admin = await signInAdmin(context.app, context.database);
    const user = await signUp(context.app);
    const response = await call(context.app, 'PATCH', `/api/v4/admin/accounts/${user.accountId}`, {
      token: admin.token,
      body: accountPatch(user.accountId, {
        capabilities: ['image_to_video', 'outpainting', 'outpainting'],
      }),
    });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/vnd\.api\+json/);
    expect(response.body.data).toMatchObject({
      type: 'accounts',
      id: user.accountId,
      attributes: { capabilities: ['outpainting', 'image_to_video'] },
    });
    expect(await ownCapabilities(user)).toEqual(['outpainting', 'image_to_video']);

    const cleared = await call(context.app, 'PATCH', `/api/v4/admin/accounts/${user.accountId}`, {
      token: admin.token,
      body: accountPatch(user.accountId, { capabilities: [] }),
    });
    expect(cleared.status).toBe(200);
    expect(await ownCapabilities(user)).toEqual([]);
  });

  it('answers 404 to anyone but an admin, and changes nothing', async () => {
    const user = await signUp(context.app);
    const before = await ownCapabilities(user);
    for (const url of [
      `/api/v4/admin/accounts/${user.accountId}`,
      `/api/v4/accounts/${user.accountId}`,
    ]) {
      const response = await call(context.app, 'PATCH', url, {
        token: user.token,
        body: accountPatch(user.accountId, { capabilities: ['image_to_video'] }),
      });
      expect(response.status, url).toBe(404);
      expect(response.body.errors[0].code).toBe('route_not_found');
    }
    expect(await ownCapabilities(user)).toEqual(before);
  });

  it('refuses unknown names with 422 and a pointer to each', async () => {
    const admin = await signInAdmin(context.app, context.database);
    const user = await signUp(context.app);
    const before = await ownCapabilities(user);
    const response = await call(context.app, 'PATCH', `/api/v4/admin/accounts/${user.accountId}`, {
      token: admin.token,
      body: accountPatch(user.accountId, {
        capabilities: ['super_resolution', 'teleportation', 'multiframe'],
      }),
    });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual([
      expect.objectContaining({
        status: '422',
        code: 'validation_failed',
        detail: expect.stringMatching(/^"teleportation" is not a capability; use background_/),
        source: { pointer: '/data/attributes/capabilities/1' },
      }),
      expect.objectContaining({
        detail: expect.stringMatching(/^"multiframe" is not a capability/),
        source: { pointer: '/data/attributes/capabilities/2' },
      }),
    ]);
    expect(await ownCapabilities(user)).toEqual(before);
  });

  it('refuses a patch without a list, with other attributes, or for another id', async () => {
    const admin = await signInAdmin(context.app, context.database);
    const user = await signUp(context.app);
    const url = `/api/v4/admin/accounts/${user.accountId}`;
    const notAList = await call(context.app, 'PATCH', url, {
      token: admin.token,
      body: accountPatch(user.accountId, { capabilities: 'super_resolution' }),
    });
    expect(notAList.status).toBe(422);
    expect(notAList.body.errors[0].source.pointer).toBe('/data/attributes/capabilities');
    const missing = await call(context.app, 'PATCH', url, {
      token: admin.token,
      body: accountPatch(user.accountId, {}),
    });
    expect(missing.status).toBe(422);
    expect(missing.body.errors[0].source.pointer).toBe('/data/attributes/capabilities');
    const company = await call(context.app, 'PATCH', url, {
      token: admin.token,
      body: accountPatch(user.accountId, { capabilities: [], company: 'Renamed' }),
    });
    expect(company.status).toBe(422);
    expect(company.body.errors[0].source.pointer).toBe('/data/attributes/company');
    const otherId = await call(context.app, 'PATCH', url, {
      token: admin.token,
      body: accountPatch(admin.accountId, { capabilities: [] }),
    });
    expect(otherId.status).toBe(409);
    const unknownAccount = `/api/v4/admin/accounts/${'f'.repeat(24)}`;
    const absent = await call(context.app, 'PATCH', unknownAccount, {
      token: admin.token,
      body: accountPatch('f'.repeat(24), { capabilities: [] }),
    });
    expect(absent.status).toBe(404);
    expect(absent.body.errors[0].code).toBe('not_found');
  });

  it("shows a source's own capabilities, with background_removal in the spec's shape", async () => {
    const app = await context.appWith({ DEFAULT_CAPABILITIES: 'none' });
    const owner = await signUp(app);
    const sourceId = await createSource(owner);
    const read = async () =>
      (await call(app, 'GET', `/api/v4/sources/${sourceId}`, { token: owner.token })).body.data
        .attributes;
    expect(await read()).toMatchObject({
      capabilities: { background_removal: null, multiframe: 'enabled', video: null },
      premium_capabilities: [],
    });
    await setSourceCapabilities(context.database.db, sourceId, [
      'object_removal',
      'background_removal',
    ]);
    expect(await read()).toMatchObject({
      capabilities: { background_removal: 'enabled', multiframe: 'enabled', video: null },
      premium_capabilities: ['background_removal', 'object_removal'],
    });
  });

  it("loads a source's and its account's grants in one read, and shows their union", async () => {
    const admin = await signInAdmin(context.app, context.database);
    const owner = await signUp(context.app);
    const sourceId = await createSource(owner);
    await call(context.app, 'PATCH', `/api/v4/admin/accounts/${owner.accountId}`, {
      token: admin.token,
      body: accountPatch(owner.accountId, { capabilities: ['super_resolution'] }),
    });
    await setSourceCapabilities(context.database.db, sourceId, ['background_removal']);
    const grants = await capabilityGrants(context.database.db, sourceId);
    expect(grants).toEqual({ account: ['super_resolution'], source: ['background_removal'] });
    expect(await capabilityGrants(context.database.db, 'f'.repeat(24))).toBeUndefined();

    const row = await context.database.db
      .selectFrom('sources')
      .selectAll()
      .where('id', '=', sourceId)
      .executeTakeFirstOrThrow();
    const usable = await usableCapabilities(context.database.db, context.app.darkroom.config, [
      row,
    ]);
    expect(usable.get(sourceId)).toEqual(['background_removal', 'super_resolution']);
    const resource = sourceResource(row, context.app.darkroom.secrets, usable.get(sourceId) ?? []);
    expect(resource.attributes.premium_capabilities).toEqual([
      'background_removal',
      'super_resolution',
    ]);
    expect(resource.attributes.capabilities.background_removal).toBe('enabled');
    const api = await call(context.app, 'GET', `/api/v4/sources/${sourceId}`, {
      token: owner.token,
    });
    expect(api.body.data.attributes.premium_capabilities).toEqual([
      'background_removal',
      'super_resolution',
    ]);
  });
});
