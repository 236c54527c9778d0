import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PGLITE } from './databases.ts';
import { call } from './requests.ts';
import { useTestApp } from './test-app.ts';

const WEB_DIST_DIR = fileURLToPath(new URL('./fixtures/web-dist', import.meta.url));
const HTML = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

// Serving files does not touch the database, so the embedded one is enough here.
describe('the dashboard build', () => {
  const context = useTestApp(PGLITE, { WEB_DIST_DIR });

  it('serves index.html at / without long-term caching', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/', headers: HTML });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('Darkroom fixture');
  });

  it('serves hashed assets as immutable', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers client-side routes with index.html for browsers', async () => {
    for (const url of ['/users', '/users/new', '/admin/users', '/sign-in?next=%2Fusers']) {
      const response = await context.app.inject({ method: 'GET', url, headers: HTML });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('Darkroom fixture');
    }
  });

  it('never falls back to index.html for the API, the probes, non-HTML clients or writes', async () => {
    const api = await call(context.app, 'GET', '/api/v4/unknown', { headers: HTML });
    expect(api.status).toBe(404);
    expect(api.body.errors[0].code).toBe('route_not_found');
    const apiRoot = await call(context.app, 'GET', '/api', { headers: HTML });
    expect(apiRoot.body.errors[0].code).toBe('route_not_found');
    const health = await call(context.app, 'GET', '/healthz/extra', { headers: HTML });
    expect(health.body.errors[0].code).toBe('route_not_found');
    const ready = await call(context.app, 'GET', '/readyz/extra', { headers: HTML });
    expect(ready.body.errors[0].code).toBe('route_not_found');
    const json = await call(context.app, 'GET', '/users', {
      headers: { accept: 'application/json' },
    });
    expect(json.status).toBe(404);
    const missingAsset = await call(context.app, 'GET', '/assets/missing.js');
    expect(missingAsset.status).toBe(404);
    const post = await call(context.app, 'POST', '/users', { headers: HTML });
    expect(post.status).toBe(404);
  });

  it('keeps the API working next to the dashboard', async () => {
    expect((await call(context.app, 'GET', '/healthz')).status).toBe(200);
    expect((await call(context.app, 'GET', '/api/v4/sessions/current')).status).toBe(401);
  });
});

describe('without a dashboard build', () => {
  const context = useTestApp(PGLITE, { WEB_DIST_DIR: '/nonexistent/darkroom-dist' });

  it('answers / with 404 route_not_found', async () => {
    const response = await call(context.app, 'GET', '/', { headers: HTML });
    expect(response.status).toBe(404);
    expect(response.body.errors[0].code).toBe('route_not_found');
  });
});
