// The API reference, public at /api/docs: Swagger UI (@fastify/swagger-ui, its assets served
// from this server, none from a CDN) over the OpenAPI document at /api/docs/openapi.json.
// @fastify/swagger runs in static mode: it serves the document built from the route modules'
// docs and adds no schema to any route, so requests are validated once, by the handlers' zod
// schemas, with their messages.
import fastifySwagger, { type StaticDocumentSpec } from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { buildOpenApiDocument, type OpenApiDocument } from './document.ts';

export const REFERENCE_PREFIX = '/api/docs';
export const DOCUMENT_PATH = `${REFERENCE_PREFIX}/openapi.json`;

// Everything from this server; "Try it out" may call this server only (connect-src), so a token
// typed into the page cannot be sent elsewhere. Swagger UI needs no inline script.
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "base-uri 'self'",
  "connect-src 'self'",
  "font-src 'self' data:",
  "form-action 'self'",
  "frame-ancestors 'self'",
  "img-src 'self' data:",
  "object-src 'none'",
  "script-src 'self'",
  "script-src-attr 'none'",
  // Swagger UI (React) sets style attributes on its elements (collapsing sections, the model
  // views) and adds one <style> element of its own, allowed by its hash; every other stylesheet
  // comes from this server.
  "style-src 'self' 'sha256-RL3ie0nH+Lzz2YNqQN83mnU0J1ot4QL7b99vMdIX99w='",
  "style-src-attr 'unsafe-inline'",
].join('; ');

/** The reference's top bar shows Darkroom's mark (the dashboard's favicon) and name. */
const REFERENCE_LOGO_SVG = [
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 190 32" width="190" height="32">',
  '<rect width="32" height="32" rx="7" fill="#18181b"/>',
  '<circle cx="16" cy="16" r="8" fill="none" stroke="#f97316" stroke-width="3"/>',
  '<circle cx="16" cy="16" r="3" fill="#f97316"/>',
  '<text x="42" y="23" fill="#ffffff" font-family="sans-serif" font-size="19" font-weight="700">',
  'Darkroom API</text></svg>',
].join('');

/**
 * Serves the reference. Register it after the error handler (plugins keep the handler present
 * when they register) and after trackApiOperations. The document is built at its first request,
 * when every route module has long described its routes, and kept: apps that never serve it
 * (most test apps) never pay for building it.
 */
export async function registerApiReference(app: FastifyInstance): Promise<void> {
  const document = {} as OpenApiDocument;
  let built = false;
  const build = async () => {
    if (built) return;
    Object.assign(document, buildOpenApiDocument(app.apiOperations.described()));
    built = true;
  };
  await app.register(fastifySwagger, {
    mode: 'static',
    // The static mode's type names OpenAPI 3.0 documents; it serves the object it is given.
    specification: { document: document as unknown as StaticDocumentSpec['document'] },
  });
  // Built, and written out as YAML (which @fastify/swagger then keeps), once the server listens,
  // before traffic arrives: the YAML alone takes half a second of the event loop, which a first
  // request for /api/docs/yaml would otherwise take from every other request. Apps that only
  // answer injected requests (tests) never listen and never pay for it.
  app.addHook('onListen', async () => {
    await build();
    app.swagger({ yaml: true });
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: REFERENCE_PREFIX,
    staticCSP: CONTENT_SECURITY_POLICY,
    theme: { title: 'Darkroom API reference' },
    logo: { type: 'image/svg+xml', content: REFERENCE_LOGO_SVG, href: '/', target: '_self' },
    uiConfig: { deepLinking: true, docExpansion: 'list', persistAuthorization: false },
    // Its /json and /yaml read the document: built before any of its routes answers.
    uiHooks: { onRequest: build },
  });
  app.get(DOCUMENT_PATH, async (_request, reply) => {
    await build();
    return reply.header('cache-control', 'no-cache').type('application/json').send(app.swagger());
  });
}
