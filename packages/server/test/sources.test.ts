import { describe, expect, it } from 'vitest';
import { CREDENTIAL_FAILURE_MESSAGES, BUCKET_MISSING_MESSAGES } from '@darkroom/core';
import { BACKENDS } from './databases.ts';
import { call, signInAdmin, signUp, type SignedUp } from './requests.ts';
import {
  ACCESS_KEY,
  SECRET_KEY,
  fakeStorageAdapterFactory,
  s3Configuration,
} from './source-fixtures.ts';
import { useTestApp } from './test-app.ts';

const DEMO_ID = '000000000000000000000000';
let counter = 0;
/** A subdomain no other test uses. */
function uniqueSubdomain(label = 'src'): string {
  counter += 1;
  return `${label}${counter}${Math.random().toString(36).slice(2, 8)}`;
}

function sourceBody(attributes: Record<string, unknown>) {
  return { data: { type: 'sources', attributes } };
}

describe.each(BACKENDS)('sources on $name', (backend) => {
  const context = useTestApp(backend, {}, { storageAdapterFactory: fakeStorageAdapterFactory });

  async function createSource(
    owner: SignedUp,
    options: { subdomain?: string; bucket?: string; production?: Record<string, unknown> } = {},
  ) {
    const subdomain = options.subdomain ?? uniqueSubdomain();
    const response = await call(context.app, 'POST', '/api/v4/sources', {
      token: owner.token,
      body: sourceBody({
        name: subdomain,
        production: {
          ...s3Configuration(options.bucket),
          darkroom_subdomains: [subdomain],
          ...options.production,
        },
      }),
    });
    return response;
  }

  async function created(owner: SignedUp, options: Parameters<typeof createSource>[1] = {}) {
    const response = await createSource(owner, options);
    expect(response.status).toBe(201);
    return response.body.data as {
      id: string;
      attributes: Record<string, unknown> & { production: Record<string, unknown> };
    };
  }

  async function events(accountId: string) {
    return context.database.db
      .selectFrom('events')
      .select(['name', 'properties'])
      .where('account_id', '=', accountId)
      .orderBy('created_at')
      .execute();
  }

  it('creates a deploying source with masked secrets, then the job marks it deployed', async () => {
    const owner = await signUp(context.app);
    const source = await created(owner);
    expect(source.attributes).toMatchObject({
      deployment_status: 'deploying',
      date_deployed: null,
      enabled: true,
      global_version: 1,
      secure_url_enabled: false,
      secure_url_token: expect.stringMatching(/^••••[0-9a-f]{4}$/),
      // DEFAULT_CAPABILITIES=all, within what this install runs (ffmpeg, no generative provider).
      capabilities: { background_removal: 'enabled', multiframe: 'enabled', video: null },
      premium_capabilities: [
        'background_removal',
        'super_resolution',
        'object_removal',
        'image_to_video',
      ],
      management_capabilities: {
        custom_ai_features: {
          'alt-text': { enabled: false, model_name: null, parameters: { language: 'en' } },
        },
      },
      demo: false,
      production: {
        type: 's3',
        aws_access_key: '••••MPLE',
        aws_secret_key: '••••EKEY',
        aws_bucket: 'my-images',
        cache_ttl_behavior: 'default',
        cache_ttl_value: 31536000,
        cache_ttl_error: 300,
        custom_domains: [],
        default_params: {},
      },
    });
    expect(source.attributes.production).not.toHaveProperty('storage_provider');
    await context.app.darkroom.jobs.drain();
    const read = await call(context.app, 'GET', `/api/v4/sources/${source.id}`, {
      token: owner.token,
    });
    expect(read.body.data.attributes).toMatchObject({
      deployment_status: 'deployed',
      deployment_error: null,
      date_deployed: expect.any(Number),
    });
    expect((await events(owner.accountId)).map((event) => event.name)).toEqual([
      'Source Created',
      'Source Deployed',
    ]);
  });

  it('marks a source failed with the catalogue sentence when its origin check fails', async () => {
    const owner = await signUp(context.app);
    const source = await created(owner, { bucket: 'missing-bucket' });
    await context.app.darkroom.jobs.drain();
    const read = await call(context.app, 'GET', `/api/v4/sources/${source.id}`, {
      token: owner.token,
    });
    expect(read.body.data.attributes).toMatchObject({
      deployment_status: 'failed',
      deployment_error: BUCKET_MISSING_MESSAGES.s3,
      date_deployed: null,
    });
    const names = (await events(owner.accountId)).map((event) => event.name);
    expect(names).toEqual(['Source Created', 'Source Creation Errored']);
  });

  it('keeps secrets encrypted at rest and out of every response', async () => {
    const owner = await signUp(context.app);
    const source = await created(owner);
    const row = await context.database.db
      .selectFrom('sources')
      .selectAll()
      .where('id', '=', source.id)
      .executeTakeFirstOrThrow();
    const stored = JSON.stringify(row);
    expect(stored).not.toContain(ACCESS_KEY);
    expect(stored).not.toContain(SECRET_KEY);
    expect(row.credentials.aws_access_key).toMatch(/^v1:/);
    expect(row.credentials.aws_bucket).toBe('my-images');
    expect(row.secure_url_token).toMatch(/^v1:/);
    const token = await call(context.app, 'GET', `/api/v4/sources/${source.id}/secure-url-token`, {
      token: owner.token,
    });
    const plainToken = token.body.data.attributes.token as string;
    for (const url of [`/api/v4/sources/${source.id}`, '/api/v4/sources?include=account']) {
      const text = JSON.stringify(
        (await call(context.app, 'GET', url, { token: owner.token })).body,
      );
      expect(text).not.toContain(ACCESS_KEY);
      expect(text).not.toContain(SECRET_KEY);
      expect(text).not.toContain(plainToken);
    }
  });

  it('lists the caller sources with filters, sorting and pagination, never the demo source', async () => {
    const owner = await signUp(context.app);
    const first = await created(owner, { subdomain: uniqueSubdomain('a') });
    const second = await created(owner, { subdomain: uniqueSubdomain('b') });
    await call(context.app, 'PATCH', `/api/v4/sources/${first.id}`, {
      token: owner.token,
      body: { data: { type: 'sources', id: first.id, attributes: { enabled: false } } },
    });
    const other = await signUp(context.app);
    await created(other);

    const all = await call(context.app, 'GET', '/api/v4/sources?include=account', {
      token: owner.token,
    });
    expect(all.status).toBe(200);
    expect(all.body.data.map((source: { id: string }) => source.id).sort()).toEqual(
      [first.id, second.id].sort(),
    );
    expect(all.body.meta.pagination).toMatchObject({ totalRecords: 2, pageSize: 25 });
    expect(all.body.included).toEqual([
      expect.objectContaining({ type: 'accounts', id: owner.accountId }),
    ]);

    const recent = await call(
      context.app,
      'GET',
      '/api/v4/sources?filter[enabled]=true&page[size]=1&sort=-date_modified',
      { token: owner.token },
    );
    expect(recent.body.data.map((source: { id: string }) => source.id)).toEqual([second.id]);

    const newestModified = await call(
      context.app,
      'GET',
      '/api/v4/sources?page[size]=1&sort=-date_modified',
      { token: owner.token },
    );
    expect(newestModified.body.data[0].id).toBe(first.id);
    expect(newestModified.body.meta.pagination).toMatchObject({ totalPages: 2, hasNextPage: true });

    const disabled = await call(context.app, 'GET', '/api/v4/sources?filter[enabled]=false', {
      token: owner.token,
    });
    expect(disabled.body.data.map((source: { id: string }) => source.id)).toEqual([first.id]);

    const bad = await call(context.app, 'GET', '/api/v4/sources?filter[enabled]=maybe', {
      token: owner.token,
    });
    expect(bad.status).toBe(400);
  });

  it('answers another account source with 404 and lets an admin see every account', async () => {
    const owner = await signUp(context.app);
    const source = await created(owner);
    const stranger = await signUp(context.app);
    const path = `/api/v4/sources/${source.id}`;
    expect((await call(context.app, 'GET', path, { token: stranger.token })).status).toBe(404);
    const patch = await call(context.app, 'PATCH', path, {
      token: stranger.token,
      body: { data: { type: 'sources', id: source.id, attributes: { enabled: false } } },
    });
    expect(patch.status).toBe(404);
    expect(
      (await call(context.app, 'GET', `${path}/secure-url-token`, { token: stranger.token }))
        .status,
    ).toBe(404);

    const admin = await signInAdmin(context.app, context.database);
    const adminRead = await call(context.app, 'GET', `/api/v4/admin/sources/${source.id}`, {
      token: admin.token,
    });
    expect(adminRead.status).toBe(200);
    const adminList = await call(
      context.app,
      'GET',
      `/api/v4/admin/sources?filter[account_id]=${owner.accountId}`,
      { token: admin.token },
    );
    expect(adminList.body.data.map((row: { id: string }) => row.id)).toEqual([source.id]);
    expect(
      (await call(context.app, 'GET', '/api/v4/admin/sources', { token: owner.token })).status,
    ).toBe(404);
  });

  it('shows the demo source to every signed-in account and refuses to edit it', async () => {
    const someone = await signUp(context.app);
    const demo = await call(context.app, 'GET', `/api/v4/sources/${DEMO_ID}`, {
      token: someone.token,
    });
    expect(demo.status).toBe(200);
    expect(demo.body.data.attributes).toMatchObject({
      demo: true,
      deployment_status: 'deployed',
      production: {
        type: 'darkroom_storage',
        darkroom_subdomains: ['demo'],
        cache_ttl_value: 31536000,
        cache_ttl_error: 300,
      },
    });
    const patch = await call(context.app, 'PATCH', `/api/v4/sources/${DEMO_ID}`, {
      token: someone.token,
      body: { data: { type: 'sources', id: DEMO_ID, attributes: { enabled: false } } },
    });
    expect(patch.status).toBe(403);
    expect(patch.body.errors[0]).toMatchObject({
      code: 'forbidden',
      detail: 'The demo source cannot be edited.',
    });
    const regenerate = await call(
      context.app,
      'POST',
      `/api/v4/sources/${DEMO_ID}/secure-url-token`,
      { token: someone.token },
    );
    expect(regenerate.status).toBe(403);
    const list = await call(context.app, 'GET', '/api/v4/sources', { token: someone.token });
    expect(list.body.data).toEqual([]);
    expect((await call(context.app, 'GET', `/api/v4/sources/${DEMO_ID}`)).status).toBe(401);
  });

  it('rejects unknown and other-provider fields with a pointer each', async () => {
    const owner = await signUp(context.app);
    const subdomain = uniqueSubdomain();
    const response = await call(context.app, 'POST', '/api/v4/sources', {
      token: owner.token,
      body: sourceBody({
        name: subdomain,
        production: {
          ...s3Configuration(),
          gcs_bucket: 'other',
          surprise: true,
          darkroom_subdomains: [subdomain],
        },
      }),
    });
    expect(response.status).toBe(422);
    const pointers = response.body.errors.map(
      (error: { source: { pointer: string } }) => error.source.pointer,
    );
    expect(pointers).toEqual(
      expect.arrayContaining([
        '/data/attributes/production/gcs_bucket',
        '/data/attributes/production/surprise',
      ]),
    );
  });

  it('reports field errors under /data/attributes/production and requires name to equal the subdomain', async () => {
    const owner = await signUp(context.app);
    const subdomain = uniqueSubdomain();
    const response = await call(context.app, 'POST', '/api/v4/sources', {
      token: owner.token,
      body: sourceBody({
        name: 'another-name',
        production: {
          ...s3Configuration('Bad..Bucket'),
          darkroom_subdomains: [subdomain, 'Not Valid'],
          cache_ttl_value: 10,
        },
      }),
    });
    expect(response.status).toBe(422);
    const byPointer = Object.fromEntries(
      response.body.errors.map((error: { source: { pointer: string }; detail: string }) => [
        error.source.pointer,
        error.detail,
      ]),
    );
    expect(Object.keys(byPointer)).toEqual(
      expect.arrayContaining([
        '/data/attributes/production/aws_bucket',
        '/data/attributes/production/darkroom_subdomains/1',
        '/data/attributes/production/cache_ttl_value',
      ]),
    );
    const named = await call(context.app, 'POST', '/api/v4/sources', {
      token: owner.token,
      body: sourceBody({
        name: 'another-name',
        production: { ...s3Configuration(), darkroom_subdomains: [subdomain] },
      }),
    });
    expect(named.status).toBe(422);
    expect(named.body.errors[0].source.pointer).toBe('/data/attributes/name');
  });

  it('refuses taken and reserved subdomains as already in use', async () => {
    const owner = await signUp(context.app);
    const source = await created(owner);
    const subdomain = source.attributes.name as string;
    const again = await createSource(owner, { subdomain });
    expect(again.status).toBe(409);
    expect(again.body.errors[0]).toMatchObject({
      detail: `This domain is already in use by source ${source.id}.`,
      source: { pointer: '/data/attributes/production/darkroom_subdomains/0' },
    });
    const stranger = await signUp(context.app);
    const foreign = await createSource(stranger, { subdomain });
    expect(foreign.body.errors[0].detail).toBe('A different account owns this domain.');
    for (const reserved of ['demo', 'www', 'api']) {
      const response = await createSource(owner, { subdomain: reserved });
      expect(response.status).toBe(409);
      expect(response.body.errors[0].detail).toMatch(/already in use by source/);
    }
  });

  it('turns multiframe rendering off and on through PATCH enable_multiframe', async () => {
    const owner = await signUp(context.app);
    const source = await created(owner);
    const patch = (attributes: Record<string, unknown>) =>
      call(context.app, 'PATCH', `/api/v4/sources/${source.id}`, {
        token: owner.token,
        body: { data: { type: 'sources', id: source.id, attributes } },
      });
    // enable_multiframe (spec platform section 3, 'Source'): off, delivery renders animations as
    // their first frame.
    const notBoolean = await patch({ enable_multiframe: 'off' });
    expect(notBoolean.status).toBe(422);
    expect(notBoolean.body.errors[0].source.pointer).toBe('/data/attributes/enable_multiframe');
    const single = await patch({ enable_multiframe: false });
    expect(single.status).toBe(200);
    expect(single.body.data.attributes).toMatchObject({
      enable_multiframe: false,
      capabilities: { multiframe: null },
    });
    // A change of what delivery renders bumps the version, so cached renders are not reused.
    expect(single.body.data.attributes.global_version).toBe(2);
  });

  it('validates PATCH settings and keeps omitted secrets', async () => {
    const owner = await signUp(context.app);
    const source = await created(owner);
    await context.app.darkroom.jobs.drain();
    const path = `/api/v4/sources/${source.id}`;
    const patch = (attributes: Record<string, unknown>) =>
      call(context.app, 'PATCH', path, {
        token: owner.token,
        body: { data: { type: 'sources', id: source.id, attributes } },
      });

    const bounds = await patch({ production: { cache_ttl_value: 60 } });
    expect(bounds.status).toBe(422);
    expect(bounds.body.errors[0].source.pointer).toBe(
      '/data/attributes/production/cache_ttl_value',
    );
    const tooLong = await patch({ production: { cache_ttl_value: 31536001 } });
    expect(tooLong.status).toBe(422);
    const ch = await patch({ production: { default_params: { ch: 'dpr' } } });
    expect(ch.status).toBe(422);
    expect(ch.body.errors[0].source.pointer).toBe('/data/attributes/production/default_params/ch');
    const duplicate = await patch({
      production: { custom_domains: ['img.example.com', 'IMG.example.com'] },
    });
    expect(duplicate.status).toBe(422);
    expect(duplicate.body.errors[0].source.pointer).toBe(
      '/data/attributes/production/custom_domains/1',
    );
    const provider = await patch({ production: { type: 'gcs' } });
    expect(provider.status).toBe(422);
    expect(provider.body.errors[0].source.pointer).toBe('/data/attributes/production/type');
    const foreignField = await patch({ production: { bucket_name: 'nope' } });
    expect(foreignField.status).toBe(422);

    const saved = await patch({
      name: 'Renamed',
      production: {
        cache_ttl_behavior: 'override',
        cache_ttl_value: 3600,
        default_params: { auto: 'format' },
        aws_bucket: 'new-bucket',
        aws_secret_key: '••••EKEY',
      },
      image_error: { url: 'https://example.com/error.png', append_qs: true },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data.attributes).toMatchObject({
      name: 'Renamed',
      global_version: 2,
      deployment_status: 'deploying',
      image_error: { url: 'https://example.com/error.png', append_qs: true },
      production: {
        cache_ttl_behavior: 'override',
        cache_ttl_value: 3600,
        default_params: { auto: 'format' },
        aws_bucket: 'new-bucket',
        aws_secret_key: '••••EKEY',
      },
    });
    const row = await context.database.db
      .selectFrom('sources')
      .select('credentials')
      .where('id', '=', source.id)
      .executeTakeFirstOrThrow();
    expect(context.app.darkroom.secrets.decrypt(row.credentials.aws_secret_key ?? '')).toBe(
      SECRET_KEY,
    );
    await context.app.darkroom.jobs.drain();
    const settingsOnly = await patch({ production: { crossdomain_cors_enabled: true } });
    expect(settingsOnly.body.data.attributes).toMatchObject({
      deployment_status: 'deployed',
      global_version: 3,
    });
  });

  it('shows the secure URL token on request and regenerates it', async () => {
    const owner = await signUp(context.app);
    const source = await created(owner);
    const path = `/api/v4/sources/${source.id}/secure-url-token`;
    const shown = await call(context.app, 'GET', path, { token: owner.token });
    expect(shown.status).toBe(200);
    const token = shown.body.data.attributes.token as string;
    expect(shown.body.data).toMatchObject({ type: 'secure_url_tokens', id: source.id });
    expect(token).toMatch(/^[0-9a-f]{32}$/);
    expect(source.attributes.secure_url_token).toBe(`••••${token.slice(-4)}`);
    const regenerated = await call(context.app, 'POST', path, { token: owner.token });
    expect(regenerated.status).toBe(201);
    expect(regenerated.body.data.attributes.token).not.toBe(token);
    const again = await call(context.app, 'GET', path, { token: owner.token });
    expect(again.body.data.attributes.token).toBe(regenerated.body.data.attributes.token);
  });

  it('answers platform settings to signed-in callers', async () => {
    const owner = await signUp(context.app);
    const response = await call(context.app, 'GET', '/api/v4/platform-settings', {
      token: owner.token,
    });
    expect(response.body.data).toEqual({
      type: 'platform_settings',
      id: 'current',
      attributes: {
        delivery_domain: 'localhost:8080',
        allow_private_origins: false,
        max_origin_bytes: 50000000,
        // Depends on the install; platform-settings.test.ts checks it.
        premium_features: expect.any(Array),
        generative_video: false,
        // No generative image provider in the test install: the object tool's Replace mode says so.
        object_replacement: {
          available: false,
          unavailable_reason: 'Needs a generative image provider (GENERATIVE_API_URL).',
        },
        // No SMTP_URL in the test install: mail is written to the server log.
        mail_delivery: 'log',
      },
    });
    expect((await call(context.app, 'GET', '/api/v4/platform-settings')).status).toBe(401);
  });

  it('finds an enabled source by its delivery host and ignores disabled ones', async () => {
    const { findSourceByHost } = await import('../src/store/source-hosts.ts');
    const owner = await signUp(context.app);
    const source = await created(owner);
    const subdomain = source.attributes.name as string;
    const { db } = context.database;
    expect((await findSourceByHost(db, `${subdomain}.localhost:8080`, 'localhost:8080'))?.id).toBe(
      source.id,
    );
    expect((await findSourceByHost(db, 'demo.localhost', 'localhost:8080'))?.id).toBe(DEMO_ID);
    await call(context.app, 'PATCH', `/api/v4/sources/${source.id}`, {
      token: owner.token,
      body: { data: { type: 'sources', id: source.id, attributes: { enabled: false } } },
    });
    expect(await findSourceByHost(db, `${subdomain}.localhost:8080`, 'localhost:8080')).toBe(
      undefined,
    );
  });

  it('maps credential failures to invalid_source_config in the deploy error', async () => {
    const owner = await signUp(context.app);
    const source = await created(owner, { bucket: 'denied-bucket' });
    await context.app.darkroom.jobs.drain();
    const row = await context.database.db
      .selectFrom('sources')
      .select(['deployment_status', 'deployment_error'])
      .where('id', '=', source.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      deployment_status: 'failed',
      deployment_error: CREDENTIAL_FAILURE_MESSAGES.s3,
    });
  });
});
