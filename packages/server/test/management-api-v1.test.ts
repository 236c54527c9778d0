// imgix's Management API (/api/v1) driven by imgix's own client, imgix-management-js, against the
// listening app. The client builds every URL on https://api.imgix.com (its constants.js) and
// hands its request options to node-fetch 2 as they are, `agent` included: the loopback agent
// below opens each of its connections to the app's port instead of api.imgix.com's, so every
// call is a real HTTP request over a socket, with the client's own method, path, headers
// (Authorization: Bearer, Content-Type: application/vnd.api+json or application/octet-stream)
// and body. Nothing in the client or the app is patched; only where its sockets go differs.
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ImgixAPI from 'imgix-management-js';
import fetch from 'node-fetch';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signUp, type SignedUp } from './requests.ts';
import { storageSetups, useObjectStoreBackends } from './storage/object-store-backends.ts';
import { useTestApp } from './test-app.ts';

/** The dashboard's address the app writes into upload and report URLs (PUBLIC_URL). */
const PUBLIC_URL = 'https://darkroom.example.com';

/**
 * An agent for https:// URLs whose connections are plain TCP to the app on loopback: the
 * request goes out as the client wrote it (Host: api.imgix.com), only not to imgix.
 */
class LoopbackAgent extends http.Agent {
  constructor(private readonly port: number) {
    super({ keepAlive: false });
    // node:https checks an agent's protocol against the URL's.
    (this as unknown as { protocol: string }).protocol = 'https:';
  }

  override createConnection(): net.Socket {
    return net.connect(this.port, '127.0.0.1');
  }
}

interface ImgixError {
  status: number;
  // The answer's JSON, as imgix-management-js's APIError keeps it.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  response: any;
}

/** Runs a call expected to fail and returns imgix-management-js's APIError. */
async function failure(promise: Promise<unknown>): Promise<ImgixError> {
  try {
    await promise;
  } catch (error) {
    return error as ImgixError;
  }
  throw new Error('the call succeeded');
}

function png(width: number, height: number, color: { r: number; g: number; b: number }) {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
}

const { backends: stores } = await useObjectStoreBackends();

describe.each(storageSetups(stores))(
  "imgix's Management API through imgix-management-js on $database.name, files in the $store.name",
  ({ database: backend, store }) => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'darkroom-management-api-'));
    const context = useTestApp(backend, { DATA_DIR: dataDir, PUBLIC_URL, ...store.env });
    let agent: LoopbackAgent;
    let owner: SignedUp;
    let apiKey: string;
    /** Speaks to Darkroom exactly as to imgix, through the loopback agent. */
    let imgix: (path: string, options?: Record<string, unknown>) => Promise<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    let managed: { id: string; subdomain: string };
    let second: { id: string; subdomain: string };

    function clientFor(key: string) {
      const api = new ImgixAPI({ apiKey: key });
      return (requestPath: string, options: Record<string, unknown> = {}) =>
        api.request(requestPath, { ...options, agent } as Parameters<typeof api.request>[1]);
    }

    async function createKey(permissions: string[]): Promise<string> {
      const created = await call(context.app, 'POST', '/api/v4/api-keys', {
        token: owner.token,
        body: {
          data: {
            type: 'api_keys',
            attributes: { name: `Key ${permissions.join(' ')}`, permissions },
          },
        },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      return created.body.data.attributes.key as string;
    }

    /** A delivery request over a socket, Host naming the source's subdomain. */
    async function deliver(subdomain: string, target: string) {
      const { port } = context.app.server.address() as AddressInfo;
      const host = `${subdomain}.${context.app.darkroom.config.deliveryDomain}`;
      return new Promise<{ status: number; body: Buffer }>((resolve, reject) => {
        http
          .get({ host: '127.0.0.1', port, path: target, headers: { host } }, (response) => {
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('end', () =>
              resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks) }),
            );
          })
          .on('error', reject);
      });
    }

    beforeAll(async () => {
      await context.app.listen({ port: 0, host: '127.0.0.1' });
      agent = new LoopbackAgent((context.app.server.address() as AddressInfo).port);
      owner = await signUp(context.app);
      apiKey = await createKey(['sources', 'purge', 'asset_manager_edit', 'analytics']);
      imgix = clientFor(apiKey);
    });

    afterAll(() => {
      agent?.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('creates sources with imgix attributes, named freely, answering imgix shapes', async () => {
      const suffix = Math.random().toString(36).slice(2, 8);
      const create = async (name: string, subdomain: string) => {
        const answer = await imgix('sources', {
          method: 'POST',
          body: {
            data: {
              type: 'sources',
              attributes: {
                name,
                deployment: {
                  type: 'darkroom_storage',
                  imgix_subdomains: [subdomain],
                  cache_ttl_behavior: 'enforce_minimum',
                  annotation: 'created by imgix-management-js',
                },
              },
            },
            jsonapi: { version: '1.0' },
          },
        });
        return { id: answer.data.id as string, subdomain, answer };
      };
      const alpha = await create(`Alpha products ${suffix}`, `alpha-${suffix}`);
      const beta = await create(`Beta archive ${suffix}`, `beta-${suffix}`);
      managed = { id: alpha.id, subdomain: alpha.subdomain };
      second = { id: beta.id, subdomain: beta.subdomain };
      expect(alpha.answer).toMatchObject({
        data: {
          type: 'sources',
          attributes: {
            name: `Alpha products ${suffix}`,
            enabled: true,
            deployment_status: 'deploying',
            deployment: {
              type: 'darkroom_storage',
              imgix_subdomains: [`alpha-${suffix}`],
              cache_ttl_behavior: 'enforce_minimum',
              image_error: null,
              image_error_append_qs: false,
              secure_url_enabled: false,
              annotation: null,
            },
          },
        },
        jsonapi: { version: '1.0' },
      });
      expect(alpha.answer.data.attributes).not.toHaveProperty('secure_url_token');
      await context.app.darkroom.jobs.drain();
    });

    it('lists sources with filter, sort, page and fields', async () => {
      const all = await imgix('sources?sort=-name');
      expect(all.data.map((source: { id: string }) => source.id)).toEqual([second.id, managed.id]);
      expect(all.data[0].attributes.deployment_status).toBe('deployed');

      const filtered = await imgix(
        `sources?filter[name]=alpha&filter[deployment.type]=darkroom_storage`,
      );
      expect(filtered.data.map((source: { id: string }) => source.id)).toEqual([managed.id]);
      const bySubdomain = await imgix(
        `sources?filter[deployment.imgix_subdomains]=${second.subdomain}`,
      );
      expect(bySubdomain.data.map((source: { id: string }) => source.id)).toEqual([second.id]);

      // imgix counts pages from 0 (imgix-management-js's README: page[number]=0).
      const page = await imgix('sources?sort=name&page[number]=1&page[size]=1');
      expect(page.data.map((source: { id: string }) => source.id)).toEqual([second.id]);
      expect(page.meta.pagination).toMatchObject({
        currentPage: 1,
        previousPage: 0,
        nextPage: null,
        totalRecords: 2,
      });

      const sparse = await imgix(
        `sources/${managed.id}?fields[sources]=name,deployment_status,deployment.default_params`,
      );
      expect(sparse.data.attributes).toEqual({
        name: expect.stringMatching(/^Alpha/),
        deployment_status: 'deployed',
        deployment: { default_params: {} },
      });
    });

    it('maps deployment.* updates onto Darkroom settings, read back through /api/v4', async () => {
      const extra = `alpha-extra-${Math.random().toString(36).slice(2, 8)}`;
      const updated = await imgix(`sources/${managed.id}`, {
        method: 'PATCH',
        body: {
          data: {
            id: managed.id,
            type: 'sources',
            attributes: {
              deployment: {
                default_params: { auto: 'format', q: '75' },
                imgix_subdomains: [managed.subdomain, extra],
                cache_ttl_behavior: 'override_origin',
                cache_ttl_value: 86400,
                image_missing: 'https://images.example.com/missing.png',
                image_missing_append_qs: true,
              },
            },
          },
        },
      });
      expect(updated.data.attributes.deployment).toMatchObject({
        default_params: { auto: 'format', q: '75' },
        imgix_subdomains: [managed.subdomain, extra],
        cache_ttl_behavior: 'override_origin',
        cache_ttl_value: 86400,
        image_missing: 'https://images.example.com/missing.png',
        image_missing_append_qs: true,
      });
      const v4 = await call(context.app, 'GET', `/api/v4/sources/${managed.id}`, { token: apiKey });
      expect(v4.status).toBe(200);
      expect(v4.body.data.attributes).toMatchObject({
        image_missing: { url: 'https://images.example.com/missing.png', append_qs: true },
        production: {
          default_params: { auto: 'format', q: '75' },
          darkroom_subdomains: [managed.subdomain, extra],
          cache_ttl_behavior: 'override',
          cache_ttl_value: 86400,
        },
      });
      // Back to the one subdomain and no default parameters for the delivery checks below.
      await imgix(`sources/${managed.id}`, {
        method: 'PATCH',
        body: {
          data: {
            type: 'sources',
            attributes: {
              deployment: { default_params: {}, imgix_subdomains: [managed.subdomain] },
            },
          },
        },
      });
    });

    it('answers errors in JSON:API shape, naming the attribute in imgix terms', async () => {
      const unknown = await failure(
        imgix(`sources/${managed.id}`, {
          method: 'PATCH',
          body: { data: { type: 'sources', attributes: { deployment: { origin_shield: true } } } },
        }),
      );
      expect(unknown.status).toBe(422);
      expect(unknown.response).toMatchObject({
        errors: [
          {
            status: '422',
            title: 'Validation failed',
            detail: expect.stringContaining('origin_shield'),
            source: { pointer: '/data/attributes/deployment/origin_shield' },
          },
        ],
        jsonapi: { version: '1.0' },
      });

      const readOnly = await failure(
        imgix(`sources/${managed.id}`, {
          method: 'PATCH',
          body: { data: { type: 'sources', attributes: { deployment_status: 'deployed' } } },
        }),
      );
      expect(readOnly.response.errors[0]).toMatchObject({
        detail: 'deployment_status cannot be changed.',
        source: { pointer: '/data/attributes/deployment_status' },
      });

      const badSubdomain = await failure(
        imgix(`sources/${managed.id}`, {
          method: 'PATCH',
          body: {
            data: {
              type: 'sources',
              attributes: { deployment: { imgix_subdomains: ['Not A Label'] } },
            },
          },
        }),
      );
      expect(badSubdomain.status).toBe(422);
      expect(badSubdomain.response.errors[0].source).toEqual({
        pointer: '/data/attributes/deployment/imgix_subdomains/0',
      });

      const taken = await failure(
        imgix(`sources/${second.id}`, {
          method: 'PATCH',
          body: {
            data: {
              type: 'sources',
              attributes: { deployment: { imgix_subdomains: [managed.subdomain] } },
            },
          },
        }),
      );
      expect(taken.status).toBe(409);
      expect(taken.response.errors[0].source).toEqual({
        pointer: '/data/attributes/deployment/imgix_subdomains/0',
      });

      const behavior = await failure(
        imgix(`sources/${managed.id}`, {
          method: 'PATCH',
          body: {
            data: {
              type: 'sources',
              attributes: { deployment: { cache_ttl_behavior: 'minimum' } },
            },
          },
        }),
      );
      expect(behavior.response.errors[0]).toMatchObject({
        source: { pointer: '/data/attributes/deployment/cache_ttl_behavior' },
      });

      const badSort = await failure(imgix('sources?sort=deployment_status'));
      expect(badSort.status).toBe(400);
      expect(badSort.response.errors[0].source).toEqual({ parameter: 'sort' });

      const missing = await failure(imgix('sources/0123456789abcdef01234567'));
      expect(missing.status).toBe(404);
      expect(missing.response.errors[0]).toMatchObject({ status: '404', title: 'Not found' });
    });

    it('uploads to a managed source, then lists, gets and updates the asset', async () => {
      const red = await png(40, 30, { r: 220, g: 20, b: 20 });
      // imgix-management-js's README form, and imgix's documented one.
      const first = await imgix(`sources/upload/${managed.id}/products/red.png`, {
        method: 'POST',
        body: red,
      });
      expect(first.data).toMatchObject({
        type: 'assets',
        id: `${managed.id}/products/red.png`,
        attributes: { origin_path: '/products/red.png', media_width: 40, media_height: 30 },
      });
      await imgix(`sources/${managed.id}/upload/products/wide.png`, {
        method: 'POST',
        body: await png(80, 20, { r: 20, g: 20, b: 220 }),
      });
      const again = await failure(
        imgix(`sources/${managed.id}/upload/products/red.png`, { method: 'POST', body: red }),
      );
      expect(again.status).toBe(409);
      expect(again.response.errors[0].source).toEqual({ parameter: 'overwrite' });

      const listed = await imgix(`sources/${managed.id}/assets?sort=file_size&page[size]=10`);
      expect(
        listed.data
          .map((asset: { attributes: { origin_path: string } }) => asset.attributes.origin_path)
          .sort(),
      ).toEqual(['/products/red.png', '/products/wide.png']);
      const wide = await imgix(`sources/${managed.id}/assets?filter[keyword]=wide`);
      expect(wide.data.map((asset: { id: string }) => asset.id)).toEqual([
        `${managed.id}/products/wide.png`,
      ]);

      // imgix-management-js's README: read the custom fields, change one, send them all back.
      const document = {
        data: {
          id: `${managed.id}/products/red.png`,
          type: 'assets',
          attributes: {} as Record<string, unknown>,
        },
      };
      const current = await imgix(`sources/${managed.id}/assets/products/red.png`);
      expect(current.data.attributes.custom_fields).toEqual({});
      document.data.attributes.custom_fields = {
        ...current.data.attributes.custom_fields,
        type: 'dessert',
      };
      document.data.attributes.name = 'Red square';
      document.data.attributes.categories = ['Fruit'];
      document.data.attributes.tags = { sweet: 1 };
      const patched = await imgix(`sources/${managed.id}/assets/products/red.png`, {
        method: 'PATCH',
        body: document,
      });
      expect(patched.data.attributes).toMatchObject({
        name: 'Red square',
        categories: ['Fruit'],
        tags: { sweet: 1 },
        custom_fields: { type: 'dessert' },
      });
      const v4 = await call(context.app, 'GET', `/api/v4/assets/${managed.id}/products/red.png`, {
        token: apiKey,
      });
      expect(v4.body.data.attributes).toMatchObject({
        name: 'Red square',
        categories: ['Fruit'],
        labels_user_defined: ['sweet'],
      });
      const byField = await imgix(`sources/${managed.id}/assets?filter[custom:type]=dessert`);
      expect(byField.data.map((asset: { id: string }) => asset.id)).toEqual([
        `${managed.id}/products/red.png`,
      ]);
      const byOlderPath = await imgix(`assets/${managed.id}/products/red.png`);
      expect(byOlderPath.data.attributes.custom_fields).toEqual({ type: 'dessert' });

      const readOnly = await failure(
        imgix(`sources/${managed.id}/assets/products/red.png`, {
          method: 'PATCH',
          body: { data: { type: 'assets', attributes: { media_width: 10 } } },
        }),
      );
      expect(readOnly.status).toBe(422);
      expect(readOnly.response.errors[0].source).toEqual({
        pointer: '/data/attributes/media_width',
      });
    });

    it('purges a URL, and the next delivery renders the new file', async () => {
      const first = await deliver(managed.subdomain, '/products/red.png?w=20');
      expect(first.status).toBe(200);
      expect((await sharp(first.body).metadata()).height).toBe(15);
      // The file changes at the origin behind Darkroom's back: the cached render stays.
      const file = `managed/${managed.id}/products/red.png`;
      await store.write(dataDir, file, await png(40, 40, { r: 220, g: 20, b: 20 }));
      const stale = await deliver(managed.subdomain, '/products/red.png?w=20');
      expect((await sharp(stale.body).metadata()).height).toBe(15);

      const deliveryDomain = context.app.darkroom.config.deliveryDomain;
      const purged = await imgix('purge', {
        method: 'POST',
        body: {
          data: {
            type: 'purges',
            attributes: { url: `http://${managed.subdomain}.${deliveryDomain}/products/red.png` },
          },
        },
      });
      expect(purged.data).toMatchObject({
        type: 'purges',
        attributes: { purge_id: purged.data.id },
      });
      const fresh = await deliver(managed.subdomain, '/products/red.png?w=20');
      expect((await sharp(fresh.body).metadata()).height).toBe(20);

      // A sub-image (here used as a mark): its parents' renders go too.
      const withMark = `/products/wide.png?w=40&mark=/products/red.png&mark-w=10`;
      const marked = await deliver(managed.subdomain, withMark);
      expect(marked.status).toBe(200);
      await store.write(dataDir, file, await png(40, 40, { r: 250, g: 250, b: 20 }));
      expect((await deliver(managed.subdomain, withMark)).body.equals(marked.body)).toBe(true);
      const subImage = await imgix('purge', {
        method: 'POST',
        body: {
          data: {
            type: 'purges',
            attributes: {
              url: `http://${managed.subdomain}.${deliveryDomain}/products/red.png`,
              sub_image: true,
              source_id: managed.id,
            },
          },
        },
      });
      expect(subImage.data.attributes).toMatchObject({ sub_image: true, source_id: managed.id });
      expect((await deliver(managed.subdomain, withMark)).body.equals(marked.body)).toBe(false);

      // Audit events are written once the answer has left (api/audit-log.ts): wait for both.
      let audit = await call(
        context.app,
        'GET',
        '/api/v4/audit-events?filter[action]=purge.requested',
        {
          token: owner.token,
        },
      );
      for (let tries = 0; audit.body.data.length < 2 && tries < 50; tries += 1) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        audit = await call(
          context.app,
          'GET',
          '/api/v4/audit-events?filter[action]=purge.requested',
          {
            token: owner.token,
          },
        );
      }
      expect(audit.body.data.length).toBe(2);
      expect(audit.body.data[0].attributes).toMatchObject({
        details: { url: expect.stringContaining('/products/red.png') },
      });
    });

    it('uploads through an upload session: open, PUT to its URL, close', async () => {
      const opened = await imgix(`sources/${managed.id}/upload-sessions/sessions/big.png`, {
        method: 'POST',
      });
      expect(opened.data).toMatchObject({
        type: 'upload-sessions',
        attributes: { status: 'PENDING', origin_path: '/sessions/big.png' },
      });
      const url = new URL(opened.data.attributes.url as string);
      expect(url.origin).toBe(PUBLIC_URL);
      const early = await failure(
        imgix(`sources/${managed.id}/upload-sessions/${opened.data.id}`, { method: 'POST' }),
      );
      expect(early.status).toBe(409);

      // The upload URL needs no API key, as a presigned storage URL needs none.
      const bytes = await png(64, 48, { r: 20, g: 200, b: 20 });
      const put = await fetch(url.href, {
        method: 'PUT',
        body: bytes,
        headers: { 'content-type': 'image/png' },
        agent,
      });
      expect(put.status).toBe(200);
      const wrongToken = new URL(url.href);
      wrongToken.searchParams.set('token', 'drk_upload_wrong');
      expect((await fetch(wrongToken.href, { method: 'PUT', body: bytes, agent })).status).toBe(
        404,
      );

      const closed = await imgix(`sources/${managed.id}/upload-sessions/${opened.data.id}`, {
        method: 'POST',
      });
      expect(closed.data.attributes.status).toBe('COMPLETE');
      const asset = await imgix(`sources/${managed.id}/assets/sessions/big.png`);
      expect(asset.data.attributes).toMatchObject({ media_width: 64, media_height: 48 });
    });

    it('lists reports and serves their files', async () => {
      const listed = await imgix('reports?filter[report_type]=image_analytics&sort=-period_start');
      const today = listed.data[0];
      expect(today.attributes).toMatchObject({ report_type: 'image_analytics', completed: false });
      expect(today.id).toBe(
        `image_analytics_${new Date().toISOString().slice(0, 10).replaceAll('-', '')}`,
      );
      const one = await imgix(`reports/${today.id}`);
      expect(one.data.attributes.files).toHaveLength(1);
      const file = new URL(one.data.attributes.files[0] as string);
      expect(file.origin).toBe(PUBLIC_URL);
      const csv = await fetch(file.href, { headers: { authorization: `Bearer ${apiKey}` }, agent });
      expect(csv.status).toBe(200);
      const text = await csv.text();
      expect(text.split('\r\n')[0]).toBe('source_id,origin_path,requests,bandwidth');
      expect(text).toContain(`${managed.id},/products/red.png,`);
      expect((await imgix('reports?filter[report_type]=cdn_logs')).data).toEqual([]);
    });

    it('asks for the group each route needs: 403 naming it, 401 without a key', async () => {
      const browseOnly = clientFor(await createKey(['asset_manager_browse']));
      const refused = await failure(
        browseOnly('purge', {
          method: 'POST',
          body: { data: { type: 'purges', attributes: { url: 'https://example.com/a.png' } } },
        }),
      );
      expect(refused.status).toBe(403);
      expect(refused.response.errors[0]).toMatchObject({
        status: '403',
        title: 'Forbidden',
        detail: expect.stringContaining('the Purge permission group'),
      });
      expect((await failure(browseOnly('sources'))).status).toBe(403);
      expect((await browseOnly(`sources/${managed.id}/assets`)).data.length).toBeGreaterThan(0);
      const overwrite = await failure(
        clientFor(await createKey(['asset_manager_edit']))(
          `sources/${managed.id}/upload/products/red.png?overwrite=true`,
          { method: 'POST', body: await png(4, 4, { r: 0, g: 0, b: 0 }) },
        ),
      );
      expect(overwrite.status).toBe(403);
      expect(overwrite.response.errors[0].detail).toContain('the Purge permission group');

      const anonymous = await failure(clientFor('')('sources'));
      expect(anonymous.status).toBe(401);
      const wrongKey = await failure(clientFor('drk_key_not_a_key')('sources'));
      expect(wrongKey.status).toBe(401);
    });
  },
);
