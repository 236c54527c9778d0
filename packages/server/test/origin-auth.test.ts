// Origin request authentication of web folder and web proxy sources, against loopback origins
// that demand each scheme (docs/origin-authentication.md): the check before saving, the headers
// on delivery's origin fetches, redirects, and how the secrets are kept and shown.
import { SOURCE_MESSAGES, signUrlPath } from '@darkroom/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGLITE } from './databases.ts';
import { createSource, deliver, quadrantsPng, sizeOf, useDataDir } from './delivery/fixtures.ts';
import { startAuthOrigin, type DemandedScheme } from './origin-servers/auth-origin.ts';
import { startHttpServer, type TestHttpServer } from './origin-servers/http.ts';
import { call, signUp, type SignedUp } from './requests.ts';
import { useTestApp } from './test-app.ts';

const USERNAME = 'darkroom';
const PASSWORD = 'correct-origin-password';
const HEADER_NAME = 'X-Origin-Token';
const HEADER_VALUE = 'handshake-value-0123456789';
const SIGNING_KEY = 'k3y-for-signing-origin-requests';

const AUTH_HEADERS = [
  'authorization',
  'x-origin-token',
  'x-darkroom-signature',
  'x-darkroom-host',
  'x-darkroom-request-id',
  'x-darkroom-timestamp',
];

describe('origin request authentication', () => {
  // The origins listen on loopback, which only a development setting lets through.
  const context = useTestApp(PGLITE, { DATA_DIR: useDataDir(), ALLOW_PRIVATE_ORIGINS: '1' });
  const servers: TestHttpServer[] = [];
  let png: Buffer;
  // Another host: the redirect target that must never see the source's credentials.
  let elsewhere: TestHttpServer;

  beforeAll(async () => {
    png = await quadrantsPng(40, 30);
    elsewhere = await startHttpServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'image/png', 'content-length': png.length });
      response.end(png);
    }, '127.0.0.2');
    servers.push(elsewhere);
  });
  afterAll(async () => {
    for (const server of servers) await server.close();
  });

  async function originDemanding(scheme: DemandedScheme) {
    const origin = await startAuthOrigin({
      scheme,
      files: { 'cat.png': png },
      redirects: { 'moved.png': `${elsewhere.url}/cat.png`, 'old.png': '/images/cat.png' },
    });
    servers.push(origin);
    return origin;
  }

  async function webFolderOn(origin: TestHttpServer, owner?: SignedUp) {
    return createSource(context.app, {
      ...(owner ? { owner } : {}),
      configuration: { type: 'webfolder', webfolder_prefix: `${origin.url}/images/` },
    });
  }

  const put = (token: string, id: string, attributes: Record<string, unknown>) =>
    call(context.app, 'PUT', `/api/v4/sources/${id}/origin-authentication`, {
      token,
      body: { data: { type: 'origin_authentications', id, attributes } },
    });

  const storedRow = (id: string) =>
    context.database.db
      .selectFrom('sources')
      .select('origin_auth')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  it('proves Basic authentication against the origin, keeps it encrypted and masked, and sends it on delivery', async () => {
    const origin = await originDemanding({ kind: 'basic', username: USERNAME, password: PASSWORD });
    const source = await webFolderOn(origin);
    const token = source.owner.token;

    const wrong = await put(token, source.id, {
      basic_auth: { username: USERNAME, password: 'not-the-password' },
      test_path: 'cat.png',
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors[0].detail).toBe(SOURCE_MESSAGES.invalidRequestAuthentication);
    expect(wrong.body.errors[0].detail).toMatch(
      /^These request authentication settings are not valid\./,
    );
    expect((await storedRow(source.id)).origin_auth).toBeNull();

    const right = await put(token, source.id, {
      basic_auth: { username: USERNAME, password: PASSWORD },
      test_path: 'cat.png',
    });
    expect(right.status, JSON.stringify(right.body)).toBe(200);
    expect(right.body.data.attributes).toEqual({
      basic_auth: { username: USERNAME, password: '••••word' },
      custom_header: null,
      signing_key: null,
    });
    const read = await call(
      context.app,
      'GET',
      `/api/v4/sources/${source.id}/origin-authentication`,
      {
        token,
      },
    );
    expect(read.body.data.attributes.basic_auth.password).toBe('••••word');
    expect(JSON.stringify(read.body)).not.toContain(PASSWORD);

    const stored = (await storedRow(source.id)).origin_auth;
    expect(stored?.basic_username).toBe(USERNAME);
    expect(stored?.basic_password).toMatch(/^v1:/);
    expect(JSON.stringify(stored)).not.toContain(PASSWORD);

    const delivered = await deliver(context.app, source.host, '/cat.png?w=20');
    expect(delivered.status).toBe(200);
    expect(await sizeOf(delivered.body)).toEqual({ width: 20, height: 15 });
    const fetched = origin.requests.filter((request) => request.url === '/images/cat.png');
    expect(fetched.at(-1)?.headers.authorization).toBe(
      `Basic ${Buffer.from(`${USERNAME}:${PASSWORD}`).toString('base64')}`,
    );
  });

  it('keeps a stored secret sent back masked, and turns a scheme off with null', async () => {
    const origin = await originDemanding({ kind: 'basic', username: USERNAME, password: PASSWORD });
    const source = await webFolderOn(origin);
    const token = source.owner.token;
    expect(
      (
        await put(token, source.id, {
          basic_auth: { username: USERNAME, password: PASSWORD },
          test_path: 'cat.png',
        })
      ).status,
    ).toBe(200);

    const kept = await put(token, source.id, {
      basic_auth: { username: USERNAME, password: '••••word' },
      test_path: 'cat.png',
    });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(kept.body.data.attributes.basic_auth).toEqual({
      username: USERNAME,
      password: '••••word',
    });

    const off = await put(token, source.id, { basic_auth: null });
    expect(off.status).toBe(200);
    expect(off.body.data.attributes.basic_auth).toBeNull();
    expect((await storedRow(source.id)).origin_auth).toBeNull();

    // Without a stored password there is nothing to keep.
    const missing = await put(token, source.id, {
      basic_auth: { username: USERNAME },
      test_path: 'cat.png',
    });
    expect(missing.status).toBe(422);
    expect(missing.body.errors[0]).toMatchObject({
      detail: 'This field is required',
      source: { pointer: '/data/attributes/basic_auth/password' },
    });
  });

  it('proves the custom header (the handshake) and refuses a wrong value', async () => {
    const origin = await originDemanding({
      kind: 'header',
      name: HEADER_NAME,
      value: HEADER_VALUE,
    });
    const source = await webFolderOn(origin);
    const token = source.owner.token;

    const wrong = await put(token, source.id, {
      custom_header: { name: HEADER_NAME, value: 'another-value' },
      test_path: 'cat.png',
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors[0].detail).toBe(SOURCE_MESSAGES.invalidRequestAuthentication);

    const right = await put(token, source.id, {
      custom_header: { name: HEADER_NAME, value: HEADER_VALUE },
      test_path: 'cat.png',
    });
    expect(right.status, JSON.stringify(right.body)).toBe(200);
    expect(right.body.data.attributes.custom_header).toEqual({
      name: HEADER_NAME,
      value: '••••6789',
    });
    expect(JSON.stringify((await storedRow(source.id)).origin_auth)).not.toContain(HEADER_VALUE);

    const delivered = await deliver(context.app, source.host, '/cat.png');
    expect(delivered.status).toBe(200);
    expect(origin.requests.at(-1)?.headers['x-origin-token']).toBe(HEADER_VALUE);
  });

  it('signs every request so that the origin verifies it with its own reading of the canonical string', async () => {
    const origin = await originDemanding({ kind: 'signature', key: SIGNING_KEY });
    const source = await webFolderOn(origin);
    const token = source.owner.token;

    const wrong = await put(token, source.id, {
      signing_key: 'not-the-signing-key',
      test_path: 'cat.png',
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors[0].detail).toBe(SOURCE_MESSAGES.invalidRequestAuthentication);
    expect(origin.refusals.at(-1)).toBe('signature');

    const right = await put(token, source.id, { signing_key: SIGNING_KEY, test_path: 'cat.png' });
    expect(right.status, JSON.stringify(right.body)).toBe(200);
    expect(right.body.data.attributes.signing_key).toBe('••••ests');

    const refusedBefore = origin.refusals.length;
    const delivered = await deliver(context.app, source.host, '/cat.png?w=10');
    expect(delivered.status).toBe(200);
    // A redirect on the origin's own host is signed again for the address it names.
    const redirected = await deliver(context.app, source.host, '/old.png?w=12');
    expect(redirected.status).toBe(200);
    expect(origin.refusals.length).toBe(refusedBefore);
    const ids = origin.requests
      .map((request) => request.headers['x-darkroom-request-id'])
      .filter((id) => id !== undefined);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('never sends the credentials across a redirect to another host', async () => {
    const origin = await originDemanding({ kind: 'basic', username: USERNAME, password: PASSWORD });
    const source = await webFolderOn(origin);
    const token = source.owner.token;
    // Every scheme at once, so that no header of any of them may reach the other host.
    const set = await put(token, source.id, {
      basic_auth: { username: USERNAME, password: PASSWORD },
      custom_header: { name: HEADER_NAME, value: HEADER_VALUE },
      signing_key: SIGNING_KEY,
      test_path: 'cat.png',
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);

    const before = elsewhere.requests.length;
    const delivered = await deliver(context.app, source.host, '/moved.png?w=8');
    expect(delivered.status).toBe(200);
    const redirected = elsewhere.requests.slice(before);
    expect(redirected.length).toBeGreaterThan(0);
    for (const request of redirected) {
      for (const name of AUTH_HEADERS) expect(request.headers[name]).toBeUndefined();
    }
    // The origin itself did get them on the first hop.
    const first = origin.requests.filter((request) => request.url === '/images/moved.png');
    expect(first.at(-1)?.headers['x-origin-token']).toBe(HEADER_VALUE);
  });

  it('authenticates a web proxy to the address each request names', async () => {
    const origin = await originDemanding({
      kind: 'header',
      name: HEADER_NAME,
      value: HEADER_VALUE,
    });
    const owner = await signUp(context.app);
    await context.database.db
      .updateTable('accounts')
      .set({ webproxy_access: true })
      .where('id', '=', owner.accountId)
      .execute();
    const proxy = await createSource(context.app, { owner, configuration: { type: 'webproxy' } });
    const imageUrl = `${origin.url}/images/cat.png`;

    const wrong = await put(owner.token, proxy.id, {
      custom_header: { name: HEADER_NAME, value: 'not-the-handshake' },
      test_path: imageUrl,
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors[0].detail).toBe(SOURCE_MESSAGES.invalidRequestAuthentication);

    const right = await put(owner.token, proxy.id, {
      custom_header: { name: HEADER_NAME, value: HEADER_VALUE },
      test_path: imageUrl,
    });
    expect(right.status, JSON.stringify(right.body)).toBe(200);

    // Web proxies always sign their URLs (spec platform section 3).
    const target = signUrlPath(proxy.token, `/${encodeURIComponent(imageUrl)}?w=10`);
    const delivered = await deliver(context.app, proxy.host, target);
    expect(delivered.status).toBe(200);
    expect(origin.requests.at(-1)?.headers['x-origin-token']).toBe(HEADER_VALUE);
  });

  it('validates the settings with the rules of spec platform section 5', async () => {
    const origin = await originDemanding({ kind: 'basic', username: USERNAME, password: PASSWORD });
    const source = await webFolderOn(origin);
    const token = source.owner.token;

    const longHandshake = await put(token, source.id, {
      custom_header: { name: HEADER_NAME, value: 'x'.repeat(257) },
      test_path: 'cat.png',
    });
    expect(longHandshake.status).toBe(422);
    expect(longHandshake.body.errors[0]).toMatchObject({
      detail: 'The handshake can be at most 256 characters long.',
      source: { pointer: '/data/attributes/custom_header/value' },
    });

    const longKey = await put(token, source.id, { signing_key: 'k'.repeat(33), test_path: 'x' });
    expect(longKey.status).toBe(422);
    expect(longKey.body.errors[0].detail).toBe(
      'The signing key can be at most 32 characters long.',
    );

    const reserved = await put(token, source.id, {
      custom_header: { name: 'X-Darkroom-Signature', value: 'forged' },
      test_path: 'cat.png',
    });
    expect(reserved.status).toBe(422);
    expect(reserved.body.errors[0].source.pointer).toBe('/data/attributes/custom_header/name');

    const noTest = await put(token, source.id, {
      basic_auth: { username: USERNAME, password: PASSWORD },
    });
    expect(noTest.status).toBe(422);
    expect(noTest.body.errors[0].source.pointer).toBe('/data/attributes/test_path');

    const missingFile = await put(token, source.id, {
      basic_auth: { username: USERNAME, password: PASSWORD },
      test_path: 'nowhere.png',
    });
    expect(missingFile.status).toBe(422);
    expect(missingFile.body.errors[0].source.pointer).toBe('/data/attributes/test_path');
  });

  it('refuses storage sources and sources of other accounts', async () => {
    const owner = await signUp(context.app);
    const stranger = await signUp(context.app);
    const origin = await originDemanding({ kind: 'basic', username: USERNAME, password: PASSWORD });
    const source = await webFolderOn(origin, owner);
    const foreign = await put(stranger.token, source.id, { basic_auth: null });
    expect(foreign.status).toBe(404);

    const managed = await createSource(context.app, {
      owner,
      configuration: { type: 'darkroom_storage' },
    });
    const storage = await call(
      context.app,
      'GET',
      `/api/v4/sources/${managed.id}/origin-authentication`,
      { token: owner.token },
    );
    expect(storage.status).toBe(409);
  });
});
