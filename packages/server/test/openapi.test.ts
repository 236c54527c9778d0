// The API reference (/api/docs): every route of /api/v4 and /api/v1 is in the OpenAPI document
// and nothing else is, the document is structurally valid OpenAPI 3.1, its request schemas are
// what the handlers accept, and the reference page loads from this server alone.
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathTemplate } from '../src/api/openapi/document.ts';
import { operationKeyText, type OperationKey } from '../src/api/openapi/registry.ts';
import { startStripeStandIn, type StripeStandIn } from './billing/stripe-stand-in.ts';
import { PGLITE } from './databases.ts';
import { openApiProblems } from './openapi-structure.ts';
import { call, signUp } from './requests.ts';
import { useTestApp } from './test-app.ts';

const DOCUMENT_URL = '/api/docs/openapi.json';
const HTML = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
const WEB_DIST_DIR = fileURLToPath(new URL('./fixtures/web-dist', import.meta.url));
// Where the API's route plugins are mounted, longest first: docs keys leave the prefix out.
const MOUNTS = ['/api/v4/admin', '/api/v4', '/api/v1'];

// OpenAPI documents reach the test as parsed JSON; the assertions check their shapes.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

async function referenceDocument(app: FastifyInstance): Promise<Json> {
  const response = await call(app, 'GET', DOCUMENT_URL);
  expect(response.status).toBe(200);
  return response.body;
}

/** `METHOD /path/{template}` of every operation in the document. */
function documentedOperations(document: Json): Set<string> {
  const operations = new Set<string>();
  for (const [path, item] of Object.entries<Json>(document.paths)) {
    for (const method of Object.keys(item)) {
      if (method !== 'parameters') operations.add(`${method.toUpperCase()} ${path}`);
    }
  }
  return operations;
}

function asTemplate(route: OperationKey): string {
  return `${route.method} ${pathTemplate(route.path).template}`;
}

/**
 * The failures, one line each: routes the app registers without docs, and docs of operations
 * no route answers.
 */
function completenessFailures(app: FastifyInstance, document: Json): string[] {
  const documented = documentedOperations(document);
  const routes = app.apiOperations.routes();
  const registered = new Set(routes.map(asTemplate));
  const missing = routes
    .filter((route) => !documented.has(asTemplate(route)))
    .map((route) => {
      const prefix = MOUNTS.find((mount) => route.path.startsWith(`${mount}/`)) ?? '';
      const key = `${route.method} ${route.path.slice(prefix.length)}`;
      return `${operationKeyText(route)} is not in the API reference: in the module that registers it (under ${prefix}), add describeRoutes(app, { '${key}': { summary, tag, answer, ... } }) (api/openapi/registry.ts; fields in api/openapi/operation-doc.ts).`;
    });
  const stale = [...documented]
    .filter((operation) => !registered.has(operation))
    .map(
      (operation) =>
        `${operation} is in the API reference but no route answers it: remove its describeRoutes entry or correct its key.`,
    );
  return [...missing, ...stale];
}

describe('the API reference', () => {
  const context = useTestApp(PGLITE);
  let standIn: StripeStandIn;
  let withStripe: FastifyInstance;

  beforeAll(async () => {
    // The Stripe webhook route exists only with Stripe configured: check that app's routes too.
    standIn = await startStripeStandIn([]);
    withStripe = await context.appWith({
      STRIPE_SECRET_KEY: 'sk_test_standin',
      STRIPE_API_BASE: standIn.url,
      STRIPE_WEBHOOK_SECRET: 'whsec_reference',
    });
  });
  afterAll(async () => {
    await standIn.close();
  });

  it('documents every route under /api/v4 and /api/v1, and no route that does not exist', async () => {
    const failures = [
      ...completenessFailures(context.app, await referenceDocument(context.app)),
      ...completenessFailures(withStripe, await referenceDocument(withStripe)),
    ];
    expect([...new Set(failures)].join('\n')).toBe('');
    // The comparison saw the routes: the app's list is not empty, nor is the document.
    expect(context.app.apiOperations.routes().length).toBeGreaterThan(60);
  });

  it('is a structurally valid OpenAPI 3.1 document', async () => {
    const document = await referenceDocument(withStripe);
    expect(document.openapi).toMatch(/^3\.1\.\d+$/);
    expect(openApiProblems(document)).toEqual([]);
  });

  it("says who may call each operation, as route-permissions.ts's rules do", async () => {
    const { paths } = await referenceDocument(context.app);
    expect(paths['/api/v4/sources'].post['x-permission-group']).toBe('sources');
    expect(paths['/api/v4/sources'].post.description).toContain('Sources permission group');
    expect(paths['/api/v4/sources'].post.responses['403']).toEqual({
      $ref: '#/components/responses/Error403',
    });
    expect(paths['/api/v4/sessions'].post.security).toEqual([]);
    expect(paths['/api/v4/api-keys'].post.security).not.toContainEqual({ apiKey: [] });
    expect(paths['/api/v4/admin/accounts/{id}'].patch['x-permission-group']).toBe('admin');
    expect(paths['/api/v4/admin/accounts/{id}'].patch.tags).toEqual(['Admin: Accounts']);
  });

  describe('POST /api/v4/sources as documented', () => {
    // Validates a body against a documented schema with Fastify's own validator (Ajv), told to
    // judge only: no defaults filled in, no members removed, no types coerced.
    async function documentAccepts(schema: Json, body: unknown): Promise<boolean> {
      const checker = Fastify({
        ajv: {
          customOptions: {
            strict: false,
            useDefaults: false,
            removeAdditional: false,
            coerceTypes: false,
          },
        },
      });
      checker.post('/', { schema: { body: schema } }, async () => ({ ok: true }));
      const response = await checker.inject({ method: 'POST', url: '/', payload: body as object });
      await checker.close();
      return response.statusCode === 200;
    }

    function sourceBody(subdomain: string, attributes: Record<string, unknown> = {}) {
      return {
        data: {
          type: 'sources',
          attributes: {
            name: subdomain,
            production: { type: 'darkroom_storage', darkroom_subdomains: [subdomain] },
            ...attributes,
          },
        },
      };
    }

    it('requires what the handler requires, and accepts what the handler accepts', async () => {
      const operation = (await referenceDocument(context.app)).paths['/api/v4/sources'].post;
      const schema = operation.requestBody.content['application/vnd.api+json'].schema;
      const attributes = schema.properties.data.properties.attributes;
      expect(schema.properties.data.properties.type.const).toBe('sources');
      expect(schema.properties.data.required).toEqual(['type', 'attributes']);
      expect(attributes.required).toEqual(['name', 'production']);
      const managed = attributes.properties.production.anyOf.find(
        (variant: Json) => variant.properties?.type?.const === 'darkroom_storage',
      );
      expect(managed.required).toEqual(['darkroom_subdomains', 'type']);

      const { token } = await signUp(context.app);
      const subdomain = `reference${Math.random().toString(36).slice(2, 10)}`;
      const valid = sourceBody(subdomain);
      expect(await documentAccepts(schema, valid)).toBe(true);
      const created = await call(context.app, 'POST', '/api/v4/sources', { token, body: valid });
      expect(created.status).toBe(201);
      expect(created.body.data.attributes.name).toBe(subdomain);

      // What the document refuses, the handler refuses too, with its own message.
      const { name: _name, ...nameless } = valid.data.attributes;
      const invalid = { data: { type: 'sources', attributes: nameless } };
      expect(await documentAccepts(schema, invalid)).toBe(false);
      const refused = await call(context.app, 'POST', '/api/v4/sources', { token, body: invalid });
      expect(refused.status).toBe(422);
      expect(refused.body.errors[0].source.pointer).toBe('/data/attributes/name');
      expect(refused.body.errors[0].detail).toBe('This field is required');
    });
  });

  it('documents the billing bodies with the schemas their handlers refuse with', async () => {
    const { paths } = await referenceDocument(context.app);
    const attributesOf = (operation: Json) =>
      operation.requestBody.content['application/vnd.api+json'].schema.properties.data.properties
        .attributes;
    const planChange = attributesOf(paths['/api/v4/billing/subscription'].patch);
    expect(planChange.required).toEqual(['price_id']);
    expect(planChange.properties.price_id).toMatchObject({ minLength: 1, maxLength: 255 });
    expect(attributesOf(paths['/api/v4/customer-portal-sessions'].post).required).toEqual([
      'redirect_page',
    ]);

    const { token } = await signUp(context.app);
    const change = (attributes: object) =>
      call(context.app, 'PATCH', '/api/v4/billing/subscription', {
        token,
        body: { data: { type: 'subscriptions', attributes } },
      });
    const missing = await change({});
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toMatchObject([
      { detail: 'This field is required', source: { pointer: '/data/attributes/price_id' } },
    ]);
    const tooLong = await change({ price_id: 'p'.repeat(256) });
    expect(tooLong.body.errors[0].detail).toMatch(/^A price id is at most 255 characters/);
    const portal = await call(context.app, 'POST', '/api/v4/customer-portal-sessions', {
      token,
      body: { data: { type: 'customer_portal_sessions', attributes: { redirect_page: 42 } } },
    });
    expect(portal.status).toBe(422);
    expect(portal.body.errors).toMatchObject([
      {
        detail: 'redirect_page must be a path of the dashboard, such as /billing.',
        source: { pointer: '/data/attributes/redirect_page' },
      },
    ]);
  });

  it('serves the reference page, whose every asset loads from this server', async () => {
    const page = await context.app.inject({ method: 'GET', url: '/api/docs', headers: HTML });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    const assets = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]);
    expect(assets.length).toBeGreaterThanOrEqual(5);
    for (const asset of assets) {
      expect(asset, asset).toMatch(/^\/api\/docs\//);
      const response = await context.app.inject({ method: 'GET', url: String(asset) });
      expect(response.statusCode, asset).toBe(200);
    }
    // The document Swagger UI loads (./json) is the one served at /api/docs/openapi.json.
    const uiDocument = await call(context.app, 'GET', '/api/docs/json');
    expect(uiDocument.body).toEqual(await referenceDocument(context.app));
  });

  it('is public, and the dashboard never answers for it', async () => {
    const document = await context.app.inject({ method: 'GET', url: DOCUMENT_URL });
    expect(document.statusCode).toBe(200);
    expect(document.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(document.body).openapi).toMatch(/^3\.1\./);
    const withTrailingSlash = await context.app.inject({
      method: 'GET',
      url: '/api/docs/',
      headers: HTML,
    });
    expect(withTrailingSlash.statusCode).toBe(200);
    expect(withTrailingSlash.body).toContain('swagger-ui-bundle.js');

    // Beside a dashboard build, whose fallback answers unknown page URLs with its index.html.
    const withDashboard = await context.appWith({ WEB_DIST_DIR });
    for (const url of ['/api/docs', '/api/docs/static/swagger-ui.css', DOCUMENT_URL]) {
      const response = await withDashboard.inject({ method: 'GET', url, headers: HTML });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).not.toContain('Darkroom fixture');
    }
    const unknown = await call(withDashboard, 'GET', '/api/docs/nothing-here', { headers: HTML });
    expect(unknown.status).toBe(404);
    expect(unknown.body.errors[0].code).toBe('route_not_found');
  });
});
