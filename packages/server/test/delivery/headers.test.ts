import { beforeAll, describe, expect, it } from 'vitest';
import { PGLITE } from '../databases.ts';
import { useTestApp } from '../test-app.ts';
import {
  MemoryOrigin,
  createSource,
  deliver,
  deliverRaw,
  quadrantsPng,
  useDataDir,
  type TestSource,
} from './fixtures.ts';

describe('delivery headers', () => {
  const origin = new MemoryOrigin();
  const context = useTestApp(
    PGLITE,
    { DATA_DIR: useDataDir() },
    { storageAdapterFactory: origin.factory },
  );
  let plain: TestSource;
  let open: TestSource;

  beforeAll(async () => {
    origin.put('headers', 'photos/summer beach.png', await quadrantsPng(20, 20));
    plain = await createSource(context.app, { bucket: 'headers' });
    open = await createSource(context.app, {
      bucket: 'headers',
      production: { crossdomain_cors_enabled: true, crossdomain_xml_enabled: true },
    });
  });

  it('sends nosniff on images and sandboxes text answers', async () => {
    const image = await deliver(context.app, plain.host, '/photos/summer%20beach.png');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.headers['content-security-policy']).toBeUndefined();
    const error = await deliver(context.app, plain.host, '/missing.png');
    expect(error.headers['x-content-type-options']).toBe('nosniff');
    expect(error.headers['content-security-policy']).toContain('sandbox');
  });

  it('serves byte ranges of a render: 206, suffixes, If-Range, 416, and the fast path', async () => {
    const target = '/photos/summer%20beach.png?w=16';
    const whole = await deliver(context.app, plain.host, target);
    expect(whole.status).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    const size = whole.body.length;
    // The render is in memory now: a ranged request must still get its part, not the hit.
    const part = await deliver(context.app, plain.host, target, {
      headers: { range: 'bytes=0-9' },
    });
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-9/${size}`);
    expect(part.headers['content-length']).toBe('10');
    expect(part.body.equals(whole.body.subarray(0, 10))).toBe(true);
    const suffix = await deliver(context.app, plain.host, target, {
      headers: { range: 'bytes=-4' },
    });
    expect(suffix.body.equals(whole.body.subarray(size - 4))).toBe(true);
    const head = await deliver(context.app, plain.host, target, {
      method: 'HEAD',
      headers: { range: 'bytes=5-' },
    });
    expect([head.status, head.headers['content-length']]).toEqual([206, String(size - 5)]);
    const stale = await deliver(context.app, plain.host, target, {
      headers: { range: 'bytes=0-9', 'if-range': '"another"' },
    });
    expect(stale.status).toBe(200);
    expect(stale.body.length).toBe(size);
    const beyond = await deliver(context.app, plain.host, target, {
      headers: { range: `bytes=${size}-` },
    });
    expect(beyond.status).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${size}`);
    expect(beyond.headers['cache-control']).toBe('no-store');
    // Over a real socket, where hits in memory are answered before Fastify (fast-path.ts).
    await deliverRaw(context.app, plain.host, target);
    const raw = await deliverRaw(context.app, plain.host, target, {
      headers: { range: 'bytes=2-5' },
    });
    expect([raw.status, raw.headers['content-range']]).toEqual([206, `bytes 2-5/${size}`]);
    expect(raw.body.equals(whole.body.subarray(2, 6))).toBe(true);
    // Afterwards the plain hit is whole again.
    const again = await deliver(context.app, plain.host, target);
    expect([again.status, again.body.length]).toEqual([200, size]);
  });

  it('says Vary: Origin on every answer whose CORS headers depend on Origin', async () => {
    const target = '/photos/summer%20beach.png?w=5';
    const miss = await deliver(context.app, plain.host, target);
    expect(miss.headers.vary).toBe('Origin');
    // The second is a memory hit over a real socket, answered before Fastify (fast-path.ts).
    await deliverRaw(context.app, plain.host, target);
    const hit = await deliverRaw(context.app, plain.host, target);
    expect(hit.headers.vary).toBe('Origin');
    const notModified = await deliverRaw(context.app, plain.host, target, {
      headers: { 'if-none-match': String(miss.headers.etag) },
    });
    expect([notModified.status, notModified.headers.vary]).toEqual([304, 'Origin']);
    const missing = await deliver(context.app, plain.host, '/missing.png');
    expect([missing.status, missing.headers.vary]).toEqual([404, 'Origin']);
    // With the source's own CORS headers (Access-Control-Allow-Origin: *) nothing depends on Origin.
    const open200 = await deliver(context.app, open.host, target);
    expect(open200.headers.vary).toBeUndefined();
    // An Origin the dashboard answers adds no second Origin.
    const dashboard = await deliver(context.app, plain.host, target, {
      headers: { origin: 'http://localhost:8080' },
    });
    expect(dashboard.headers.vary).toBe('Origin');
  });

  it('sends CORS headers only when crossdomain_cors_enabled', async () => {
    const withCors = await deliver(context.app, open.host, '/photos/summer%20beach.png');
    expect(withCors.headers['access-control-allow-origin']).toBe('*');
    const without = await deliver(context.app, plain.host, '/photos/summer%20beach.png');
    expect(without.headers['access-control-allow-origin']).toBeUndefined();
  });

  it("lets the dashboard's own origin read any source's answers, and no other origin", async () => {
    const dashboard = 'http://localhost:8080';
    const target = '/photos/summer%20beach.png?w=7';
    // Twice: the second is a memory hit, which the fast path leaves to the slow one with an Origin.
    for (let round = 0; round < 2; round += 1) {
      const read = await deliverRaw(context.app, plain.host, target, {
        method: 'HEAD',
        headers: { origin: dashboard },
      });
      expect(read.status).toBe(200);
      expect(read.headers['access-control-allow-origin']).toBe(dashboard);
      expect(read.headers['access-control-expose-headers']).toContain(
        'X-Darkroom-Bg-Remove-Failure-Reason',
      );
      expect(read.headers.vary).toContain('Origin');
    }
    const stranger = await deliverRaw(context.app, plain.host, target, {
      headers: { origin: 'http://evil.example' },
    });
    expect(stranger.headers['access-control-allow-origin']).toBeUndefined();
    const sibling = await deliverRaw(context.app, plain.host, target, {
      headers: { origin: `http://${open.host}` },
    });
    expect(sibling.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('lets the dashboard read answers at PUBLIC_URL too, when it is not on the delivery domain', async () => {
    const dashboard = 'https://dashboard.example.com';
    const app = await context.appWith({ DATA_DIR: useDataDir(), PUBLIC_URL: `${dashboard}/` });
    const target = '/photos/summer%20beach.png?w=8';
    const read = await deliverRaw(app, plain.host, target, { headers: { origin: dashboard } });
    expect(read.status).toBe(200);
    expect(read.headers['access-control-allow-origin']).toBe(dashboard);
    expect(read.headers.vary).toContain('Origin');
    const otherScheme = await deliverRaw(app, plain.host, target, {
      headers: { origin: 'http://dashboard.example.com' },
    });
    expect(otherScheme.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers a CORS preflight when crossdomain_cors_enabled, 405 otherwise', async () => {
    const preflight = await deliver(context.app, open.host, '/photos/summer%20beach.png', {
      method: 'OPTIONS',
      headers: { origin: 'https://shop.example', 'access-control-request-method': 'GET' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-methods']).toBe('GET, HEAD, OPTIONS');
    const refused = await deliver(context.app, plain.host, '/photos/summer%20beach.png', {
      method: 'OPTIONS',
    });
    expect(refused.status).toBe(405);
  });

  it('serves /crossdomain.xml only when crossdomain_xml_enabled', async () => {
    const enabled = await deliver(context.app, open.host, '/crossdomain.xml');
    expect(enabled.status).toBe(200);
    expect(enabled.headers['content-type']).toBe('text/x-cross-domain-policy; charset=utf-8');
    expect(enabled.text).toContain('<allow-access-from domain="*"');
    expect((await deliver(context.app, plain.host, '/crossdomain.xml')).status).toBe(404);
    expect(origin.reads.some((read) => read.endsWith('crossdomain.xml'))).toBe(false);
  });

  it('turns dl into an attachment with a safely quoted file name', async () => {
    const named = await deliver(context.app, plain.host, '/photos/summer%20beach.png?dl=beach.png');
    expect(named.headers['content-disposition']).toBe(
      `attachment; filename="beach.png"; filename*=UTF-8''beach.png`,
    );
    const unicode = await deliver(
      context.app,
      plain.host,
      `/photos/summer%20beach.png?dl=${encodeURIComponent('plage d\'été "1";.png')}`,
    );
    expect(unicode.headers['content-disposition']).toBe(
      `attachment; filename="plage d'_t_ _1__.png"; filename*=UTF-8''plage%20d%27%C3%A9t%C3%A9%20%221%22%3B.png`,
    );
    const sneaky = await deliver(
      context.app,
      plain.host,
      `/photos/summer%20beach.png?dl=${encodeURIComponent('../../etc/passwd\r\nX-Evil: 1')}`,
    );
    expect(sneaky.headers['content-disposition']).toBe(
      `attachment; filename="....etcpasswdX-Evil: 1"; filename*=UTF-8''....etcpasswdX-Evil%3A%201`,
    );
    expect(sneaky.headers['x-evil']).toBeUndefined();
  });

  it('names a dl download after the origin file when dl has no value', async () => {
    const response = await deliver(context.app, plain.host, '/photos/summer%20beach.png?dl=');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="summer beach.png"; filename*=UTF-8''summer%20beach.png`,
    );
  });

  it('serves dl variants from one cached render', async () => {
    origin.put('headers', 'once.png', await quadrantsPng(10, 10));
    await deliver(context.app, plain.host, '/once.png?w=5&dl=a.png');
    await deliver(context.app, plain.host, '/once.png?w=5&dl=b.png');
    await deliver(context.app, plain.host, '/once.png?w=5');
    expect(origin.readsOf('headers', 'once.png')).toBe(1);
  });
});
