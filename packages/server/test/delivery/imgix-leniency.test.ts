// What imgix renders rather than refuses: query names it does not know (cache busters, analytics
// tags, ixid) are ignored, and w, h and dpr past their maximums are held (docs.imgix.com: "All
// output images will be sized down to accommodate this limit"; dpr's "maximum value is 5").
import ImgixClient from '@imgix/js-core';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { PGLITE } from '../databases.ts';
import { call } from '../requests.ts';
import { useTestApp } from '../test-app.ts';
import {
  MemoryOrigin,
  createSource,
  deliver,
  deliverRaw,
  quadrantsPng,
  sizeOf,
  targetOf,
  useDataDir,
  type Delivered,
  type TestSource,
} from './fixtures.ts';

const IGNORED = 'x-darkroom-ignored-params';
// The ixid imgix appends to the image URLs of Unsplash and its other customers.
const IXID = 'M3w0NTY3fDB8MXxzZWFyY2h8MXx8Y2F0fGVufDB8fHx8MTcwMDAwMDAwMHww';

// Hop-by-hop and clock headers, which Node writes for the connection rather than the answer, and
// the request id, which is each request's own (test/metrics.test.ts checks it).
const CONNECTION_HEADERS = new Set([
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'x-request-id',
]);

function answerOf(response: Delivered) {
  const headers = Object.fromEntries(
    Object.entries(response.headers).filter(([name]) => !CONNECTION_HEADERS.has(name)),
  );
  return { status: response.status, headers, body: response.body.toString('base64') };
}

describe('unknown parameters and documented clamps on delivery', () => {
  const origin = new MemoryOrigin();
  const context = useTestApp(
    PGLITE,
    { DATA_DIR: useDataDir() },
    { storageAdapterFactory: origin.factory },
  );
  let plain: TestSource;
  let open: TestSource;
  let secure: TestSource;

  beforeAll(async () => {
    origin.put('lenient', 'pic.png', await quadrantsPng(60, 40));
    origin.put('lenient', 'busted.png', await quadrantsPng(60, 40));
    origin.put('lenient', 'fast.png', await quadrantsPng(60, 40));
    origin.put('lenient', 'wide.png', await quadrantsPng(100, 4));
    origin.put('lenient', 'dense.png', await quadrantsPng(60, 40));
    plain = await createSource(context.app, { bucket: 'lenient' });
    open = await createSource(context.app, {
      bucket: 'lenient',
      production: { crossdomain_cors_enabled: true },
    });
    secure = await createSource(context.app, {
      bucket: 'lenient',
      production: { secure_url_enabled: true },
    });
  });

  describe('unknown parameters', () => {
    it('render as if absent, from one cached render, whatever their values', async () => {
      const base = await deliver(context.app, plain.host, '/busted.png?w=30');
      expect(base.status).toBe(200);
      expect(base.headers[IGNORED]).toBeUndefined();
      const variants = [
        '/busted.png?w=30&v=1700000000',
        '/busted.png?v=1700000001&w=30',
        '/busted.png?w=30&utm_source=x&utm_medium=y',
        `/busted.png?w=30&ixid=${IXID}`,
      ];
      for (const target of variants) {
        const response = await deliver(context.app, plain.host, target);
        expect(response.status, target).toBe(200);
        expect(response.body.equals(base.body), target).toBe(true);
        expect(response.headers.etag, target).toBe(base.headers.etag);
      }
      // One origin read: every variant was a hit on the plain URL's render.
      expect(origin.readsOf('lenient', 'busted.png')).toBe(1);
    });

    it('are named in X-Darkroom-Ignored-Params, in query order, once each', async () => {
      const cases: [string, string][] = [
        ['/pic.png?v=1700000000', 'v'],
        ['/pic.png?v=1&w=20&utm_source=x&utm_medium=y&v=2', 'v,utm_source,utm_medium'],
        [`/pic.png?ixid=${IXID}&ixlib=js-3.8.0`, 'ixid'],
        ['/pic.png?w=20&a%2Cb=1&caf%C3%A9=1', 'a%2Cb,caf%C3%A9'],
      ];
      for (const [target, header] of cases) {
        const response = await deliver(context.app, plain.host, target);
        expect(response.status, target).toBe(200);
        expect(response.headers[IGNORED], target).toBe(header);
      }
      const head = await deliver(context.app, plain.host, '/pic.png?v=3', { method: 'HEAD' });
      expect(head.headers[IGNORED]).toBe('v');
      const notModified = await deliver(context.app, plain.host, '/pic.png?v=3', {
        headers: { 'if-none-match': String(head.headers.etag) },
      });
      expect(notModified.status).toBe(304);
      expect(notModified.headers[IGNORED]).toBe('v');
    });

    it('keep their 400 for an invalid value of a known parameter', async () => {
      const response = await deliver(context.app, plain.host, '/pic.png?v=1&w=abc');
      expect(response.status).toBe(400);
      expect(response.text.trim()).toBe(
        'The value for "w" must be an integer of at least 2, or a number between 0 and 1.',
      );
    });

    it('are answered alike by the fast path, from the same cached render', async () => {
      const target = '/fast.png?w=25&v=9&utm_campaign=launch';
      const miss = await deliver(context.app, plain.host, target);
      expect(miss.headers[IGNORED]).toBe('v,utm_campaign');
      const fastPath = vi.spyOn(context.app.delivery, 'answerFromMemory');
      try {
        const slow = answerOf(await deliver(context.app, plain.host, target));
        // The first socket hit resolves the request, the second is written ready-made.
        const fast = answerOf(await deliverRaw(context.app, plain.host, target));
        const again = answerOf(await deliverRaw(context.app, plain.host, target));
        // Another cache buster: a hit on the same render, with its own header.
        const other = await deliverRaw(context.app, plain.host, '/fast.png?v=10&w=25');
        expect(fastPath.mock.results.map((result) => result.value)).toEqual([true, true, true]);
        expect(fast).toEqual(slow);
        expect(again).toEqual(slow);
        expect(other.headers[IGNORED]).toBe('v');
        expect(other.body.equals(miss.body)).toBe(true);
      } finally {
        fastPath.mockRestore();
      }
      expect(origin.readsOf('lenient', 'fast.png')).toBe(1);
    });

    it('expose the header to scripts of other origins wherever CORS headers are sent', async () => {
      const cors = await deliver(context.app, open.host, '/pic.png?w=20&v=1');
      expect(cors.headers[IGNORED]).toBe('v');
      expect(cors.headers['access-control-expose-headers']).toContain('X-Darkroom-Ignored-Params');
      const dashboard = await deliver(context.app, plain.host, '/pic.png?w=20&v=1', {
        headers: { origin: 'http://localhost:8080' },
      });
      expect(dashboard.headers['access-control-expose-headers']).toContain(
        'X-Darkroom-Ignored-Params',
      );
    });

    it('still count in the signature, which signs the whole query', async () => {
      const client = new ImgixClient({
        domain: `${secure.subdomain}.localhost`,
        secureURLToken: secure.token,
        useHTTPS: false,
        includeLibraryParam: false,
      });
      const target = targetOf(client.buildURL('/pic.png', { w: 32, v: 1 }));
      expect(target).toContain('v=1');
      const signed = await deliver(context.app, secure.host, target);
      expect(signed.status).toBe(200);
      expect(signed.headers[IGNORED]).toBe('v');
      const altered = await deliver(context.app, secure.host, target.replace('v=1', 'v=2'));
      expect(altered.status).toBe(403);
      const added = await deliver(context.app, secure.host, target.replace('&s=', '&v=2&s='));
      expect(added.status).toBe(403);
      const dropped = await deliver(context.app, secure.host, target.replace('&v=1', ''));
      expect(dropped.status).toBe(403);
    });

    it('are still refused in a source default_params, with the rendering message', async () => {
      const response = await call(context.app, 'PATCH', `/api/v4/sources/${plain.id}`, {
        token: plain.owner.token,
        body: {
          data: {
            type: 'sources',
            id: plain.id,
            attributes: { production: { default_params: { v: '1', w: '100' } } },
          },
        },
      });
      expect(response.status).toBe(422);
      expect(response.body.errors).toEqual([
        expect.objectContaining({
          detail: '"v" is not a valid parameter.',
          source: { pointer: '/data/attributes/production/default_params/v' },
        }),
      ]);
    });
  });

  describe('sizes past the limits', () => {
    it('sizes w=9000 down to 8192 keeping the aspect ratio, as w=8192 renders', async () => {
      const held = await deliver(context.app, plain.host, '/wide.png?w=9000');
      expect(held.status).toBe(200);
      // fit=clip, the default, scales the 100x4 image to the box: 9000 wide, sized down to 8192.
      expect(await sizeOf(held.body)).toEqual({ width: 8192, height: 328 });
      const limit = await deliver(context.app, plain.host, '/wide.png?w=8192');
      expect(held.body.equals(limit.body)).toBe(true);
      const huge = await deliver(context.app, plain.host, '/wide.png?width=1000000000000');
      expect(huge.status).toBe(200);
      expect(await sizeOf(huge.body)).toEqual({ width: 8192, height: 328 });
    });

    it('keeps the box of h=20000&w=100: inside it by default, its shape with fit=crop', async () => {
      const clip = await deliver(context.app, plain.host, '/pic.png?h=20000&w=100');
      expect(clip.status).toBe(200);
      // 60x40 in a 100x20000 box: the width binds.
      expect(await sizeOf(clip.body)).toEqual({ width: 100, height: 67 });
      const crop = await deliver(context.app, plain.host, '/pic.png?h=20000&w=100&fit=crop');
      expect(crop.status).toBe(200);
      // 1:200, sized down until its long side is 8192.
      expect(await sizeOf(crop.body)).toEqual({ width: 41, height: 8192 });
    });

    it('renders dpr=6 as dpr=5, from the same cached render', async () => {
      const five = await deliver(context.app, plain.host, '/dense.png?w=10&dpr=5');
      const six = await deliver(context.app, plain.host, '/dense.png?w=10&dpr=6');
      expect([five.status, six.status]).toEqual([200, 200]);
      expect(await sizeOf(six.body)).toEqual({ width: 50, height: 33 });
      expect(six.body.equals(five.body)).toBe(true);
      expect(origin.readsOf('lenient', 'dense.png')).toBe(1);
      expect((await deliver(context.app, plain.host, '/dense.png?w=10&dpr=-1')).status).toBe(400);
    });
  });
});
