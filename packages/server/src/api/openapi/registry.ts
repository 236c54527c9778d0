// The API reference's two lists, kept side by side so they can be compared: every route the app
// registers under the documented prefixes (seen by an onRoute hook), and the docs route modules
// give with describeRoutes next to their routes. The reference is built from the docs; the
// completeness test (test/openapi.test.ts) checks the two lists name the same `METHOD path`s.
import type { FastifyInstance } from 'fastify';
import type { OperationDoc, OperationDocs } from './operation-doc.ts';

/** The APIs the reference covers: every route under them must be described. */
export const DOCUMENTED_PREFIXES: readonly string[] = ['/api/v4', '/api/v1'];

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type DocumentedMethod = (typeof METHODS)[number];

/** A route or its docs: the method, and the full path as Fastify spells it (`:id`, `*`). */
export interface OperationKey {
  method: DocumentedMethod;
  path: string;
}

export function operationKeyText({ method, path }: OperationKey): string {
  return `${method} ${path}`;
}

function isDocumented(path: string): boolean {
  return DOCUMENTED_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

// Some lists answer with and without the spec's trailing slash: one entry covers both, as one
// permission rule does (route-permissions.ts).
function withoutTrailingSlash(path: string): string {
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

function isDocumentedMethod(method: string): method is DocumentedMethod {
  return (METHODS as readonly string[]).includes(method);
}

export class ApiOperations {
  readonly #routes = new Map<string, OperationKey>();
  readonly #docs = new Map<string, OperationKey & { doc: OperationDoc }>();

  /** A route the app registered (HEAD, which answers as GET does, and OPTIONS are not kept). */
  addRoute(method: string, url: string): void {
    if (!isDocumentedMethod(method) || !isDocumented(url)) return;
    const key = { method, path: withoutTrailingSlash(url) };
    this.#routes.set(operationKeyText(key), key);
  }

  describe(method: DocumentedMethod, path: string, doc: OperationDoc): void {
    const key = { method, path: withoutTrailingSlash(path) };
    const text = operationKeyText(key);
    if (this.#docs.has(text)) throw new Error(`${text} is described twice for the API reference.`);
    this.#docs.set(text, { ...key, doc });
  }

  /** Every route registered under DOCUMENTED_PREFIXES, in registration order. */
  routes(): OperationKey[] {
    return [...this.#routes.values()];
  }

  /** Every described operation, in the order modules described them. */
  described(): (OperationKey & { doc: OperationDoc })[] {
    return [...this.#docs.values()];
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The API reference's routes and docs (api/openapi/registry.ts). */
    apiOperations: ApiOperations;
  }
}

/**
 * Starts recording the app's API routes. Call it before any API route is registered: an
 * onRoute hook sees only the routes added after it.
 */
export function trackApiOperations(app: FastifyInstance): void {
  const operations = new ApiOperations();
  app.decorate('apiOperations', operations);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) operations.addRoute(method, route.url);
  });
}

const KEY_PATTERN = /^([A-Z]+) (\/\S*)$/;

/**
 * Gives the API reference the docs of a module's routes, keyed `METHOD path` as the module
 * registers them on `app` (its plugin's prefix is added, as Fastify adds it to the routes).
 */
export function describeRoutes(app: FastifyInstance, docs: OperationDocs): void {
  // An app built without the reference (a bare Fastify in a unit test) keeps no docs.
  if (!app.hasDecorator('apiOperations')) return;
  for (const [key, doc] of Object.entries(docs)) {
    const match = KEY_PATTERN.exec(key);
    const method = match?.[1] ?? '';
    if (match === null || !isDocumentedMethod(method)) {
      throw new Error(`"${key}" is not a \`METHOD /path\` key of a route's docs.`);
    }
    app.apiOperations.describe(method, `${app.prefix}${match[2] ?? ''}`, doc);
  }
}
