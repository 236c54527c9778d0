// Every route of the API with what a hostile body needs to reach its handler: the resource type
// and attributes of a well-formed body, the ids its path takes, and the list parameters it reads.
// hostile-battery.test.ts checks this list against the app's route table (`hasRoute`, and the
// number of routes per method in `printRoutes`), so a new route fails that test until it is here.

/** What fills a path parameter: ids of the battery's own account, or a fixed value. */
export type IdKind =
  | 'account'
  | 'user'
  /** A teammate the route may delete (deleting the caller would end the run's session). */
  | 'teammate'
  /** Another teammate, for the admin's delete. */
  | 'spareTeammate'
  | 'source'
  /** A file path of the source (the `*` of /assets/:sourceId/*). */
  | 'assetPath'
  /** The same ending in /refresh, the only POST under /assets/:sourceId/. */
  | 'assetRefresh'
  | 'metric'
  | 'invoice'
  | 'subscription'
  | 'generation'
  /** A well-formed invitation or password-reset token that no link has. */
  | 'linkToken'
  /** A report of imgix's Management API (today's image_analytics) and its file's name. */
  | 'report'
  | 'reportFile';

/** The ids the battery created, by kind. */
export type ApiIds = Readonly<Record<IdKind, string>> & {
  /** A delivery URL of the source (for purges). */
  readonly deliveryUrl: string;
};

export interface ApiRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The Fastify route pattern. */
  pattern: string;
  /** Who may call it: signed-in requests use the user's token, or the admin's for admin routes. */
  access: 'public' | 'user' | 'admin' | 'disposable-session';
  /** What fills each `:param` and `*`, in order. */
  ids?: readonly IdKind[];
  /** A JSON:API body the route accepts (its mutations are the hostile bodies). */
  body?: { type: string; attributes: (ids: ApiIds) => Record<string, unknown> };
  /** `list`: reads sort, filter and include; `include`: reads include only. */
  query?: 'list' | 'include';
}

const API = '/api/v4';
const ADMIN = `${API}/admin`;
/** imgix's Management API. */
const IMGIX = '/api/v1';

function get(pattern: string, extra: Partial<ApiRoute> = {}): ApiRoute {
  return { method: 'GET', pattern, access: 'user', ...extra };
}

function withBody(
  method: ApiRoute['method'],
  pattern: string,
  type: string,
  attributes: (ids: ApiIds) => Record<string, unknown>,
  extra: Partial<ApiRoute> = {},
): ApiRoute {
  return { method, pattern, access: 'user', body: { type, attributes }, ...extra };
}

/** The API's routes (HEAD comes with each GET), as the app registers them without Stripe. */
export const API_ROUTES: readonly ApiRoute[] = [
  get('/healthz', { access: 'public' }),
  get('/readyz', { access: 'public' }),
  // Open to the battery: it asks from this machine and the app sets no METRICS_TOKEN.
  get('/metrics', { access: 'public' }),
  // The API reference (api/openapi/reference-routes.ts): Swagger UI's page, assets, documents.
  ...[
    '/api/docs',
    '/api/docs/',
    '/api/docs/static/index.html',
    '/api/docs/static/swagger-initializer.js',
    '/api/docs/static/*',
    '/api/docs/json',
    '/api/docs/yaml',
    '/api/docs/openapi.json',
  ].map((pattern) => get(pattern, { access: 'public' })),
  withBody(
    'POST',
    `${API}/accounts`,
    'accounts',
    () => ({
      company: 'Battery',
      name: 'Battery Person',
      email: 'battery-signup@example.com',
      password: 'battery-password',
    }),
    { access: 'public' },
  ),
  get(`${API}/accounts`, { query: 'list' }),
  get(`${API}/accounts/:id`, { ids: ['account'] }),
  get(`${API}/account/plan`),
  get(`${API}/account/plan/`),
  get(`${API}/analytics`, { query: 'list' }),
  get(`${API}/analytics/top_assets`, { query: 'list' }),
  get(`${API}/analytics/top_referrers`, { query: 'list' }),
  get(`${API}/analytics/:metric`, { ids: ['metric'], query: 'list' }),
  get(`${API}/assets/sources`, { query: 'list' }),
  get(`${API}/assets/sources/`, { query: 'list' }),
  get(`${API}/assets/manual-alt-text`),
  withBody('POST', `${API}/assets/manual-alt-text`, 'languages', () => ({ languages: ['en'] })),
  get(`${API}/assets/:sourceId/*`, { ids: ['source', 'assetPath'], query: 'include' }),
  withBody('PATCH', `${API}/assets/:sourceId/*`, 'assets', () => ({ name: 'Renamed' }), {
    ids: ['source', 'assetPath'],
  }),
  {
    method: 'POST',
    pattern: `${API}/assets/:sourceId/*`,
    access: 'user',
    ids: ['source', 'assetRefresh'],
  },
  get(`${API}/sessions/current`),
  { method: 'DELETE', pattern: `${API}/sessions/current`, access: 'disposable-session' },
  withBody(
    'POST',
    `${API}/sessions`,
    'sessions',
    () => ({
      email: 'battery-nobody@example.com',
      password: 'battery-password',
    }),
    { access: 'public' },
  ),
  // Single sign-on is not configured here: start and callback send the browser back to sign-in.
  get(`${API}/sso/providers`, { access: 'public' }),
  get(`${API}/sso/start`, { access: 'public' }),
  get(`${API}/sso/callback`, { access: 'public' }),
  get(`${API}/account/sso`),
  withBody('PATCH', `${API}/account/sso`, 'sso_settings', () => ({ require_sso: false })),
  get(`${API}/sources`, { query: 'list' }),
  withBody('POST', `${API}/sources`, 'sources', () => ({
    name: 'Battery extra',
    production: { type: 'darkroom_storage', darkroom_subdomains: ['battery-extra'] },
  })),
  get(`${API}/sources/:id`, { ids: ['source'], query: 'include' }),
  withBody('PATCH', `${API}/sources/:id`, 'sources', () => ({ name: 'Renamed' }), {
    ids: ['source'],
  }),
  get(`${API}/sources/:id/secure-url-token`, { ids: ['source'] }),
  {
    method: 'POST',
    pattern: `${API}/sources/:id/secure-url-token`,
    access: 'user',
    ids: ['source'],
  },
  get(`${API}/sources/:id/origin-authentication`, { ids: ['source'] }),
  withBody(
    'PUT',
    `${API}/sources/:id/origin-authentication`,
    'origin_authentications',
    () => ({ signing_key: null }),
    { ids: ['source'] },
  ),
  withBody(
    'POST',
    `${API}/sources/:id/signed-urls`,
    'signed_urls',
    () => ({ paths: ['/battery.png?w=100'] }),
    { ids: ['source'] },
  ),
  get(`${API}/sources/:id/upload-credentials`, { ids: ['source'] }),
  // The battery's source is Darkroom Storage: the handlers are reached and answer 409.
  withBody(
    'PUT',
    `${API}/sources/:id/upload-credentials`,
    'upload_credentials',
    () => ({ access_key: 'battery', secret_key: 'battery-secret' }),
    { ids: ['source'] },
  ),
  {
    method: 'DELETE',
    pattern: `${API}/sources/:id/upload-credentials`,
    access: 'user',
    ids: ['source'],
  },
  get(`${API}/delivery-markers/current`),
  get(`${API}/experiments/assignments`),
  get(`${API}/sources/:id/assets`, { ids: ['source'], query: 'list' }),
  { method: 'POST', pattern: `${API}/sources/:id/assets/index`, access: 'user', ids: ['source'] },
  { method: 'POST', pattern: `${API}/sources/:id/files`, access: 'user', ids: ['source'] },
  get(`${API}/stripe/passthrough/v1/invoices`, { query: 'list' }),
  get(`${API}/stripe/passthrough/v1/subscriptions/:id`, { ids: ['subscription'] }),
  get(`${API}/users`, { query: 'list' }),
  withBody('POST', `${API}/users`, 'users', () => ({
    name: 'Battery Teammate',
    email: 'battery-teammate-extra@example.com',
    password: 'battery-password',
  })),
  get(`${API}/users/:id`, { ids: ['user'], query: 'include' }),
  // The teammate has a password: the handler is reached and answers 409.
  { method: 'POST', pattern: `${API}/users/:id/invitation`, access: 'user', ids: ['teammate'] },
  get(`${API}/invitations/:token`, { access: 'public', ids: ['linkToken'] }),
  withBody(
    'POST',
    `${API}/invitations/:token/acceptance`,
    'invitation_acceptances',
    () => ({ password: 'battery-password' }),
    { access: 'public', ids: ['linkToken'] },
  ),
  withBody(
    'POST',
    `${API}/password-resets`,
    'password_resets',
    () => ({ email: 'battery-nobody@example.com' }),
    { access: 'public' },
  ),
  withBody(
    'POST',
    `${API}/password-resets/:token`,
    'password_resets',
    () => ({ password: 'battery-password' }),
    { access: 'public', ids: ['linkToken'] },
  ),
  withBody('PATCH', `${API}/users/:id`, 'users', () => ({ permissions: ['purge'] }), {
    ids: ['teammate'],
  }),
  get(`${API}/api-keys`),
  withBody('POST', `${API}/api-keys`, 'api_keys', () => ({
    name: 'Battery key',
    permissions: ['purge'],
  })),
  // No key has the account's id: the handler is reached and answers 404.
  { method: 'DELETE', pattern: `${API}/api-keys/:id`, access: 'user', ids: ['account'] },
  get(`${API}/audit-events`, { query: 'list' }),
  { method: 'DELETE', pattern: `${API}/users/:id`, access: 'user', ids: ['teammate'] },
  withBody('POST', `${API}/events`, 'events', () => ({ name: 'battery', properties: { a: 'b' } })),
  get(`${API}/platform-settings`),
  withBody('POST', `${API}/purges`, 'purges', (ids) => ({ url: ids.deliveryUrl })),
  get(`${API}/purges`, { query: 'list' }),
  // No source has the account's id: the handlers are reached and answer 404, deleting nothing.
  { method: 'DELETE', pattern: `${API}/sources/:id`, access: 'user', ids: ['account'] },
  {
    method: 'DELETE',
    pattern: `${API}/assets/:sourceId/*`,
    access: 'user',
    ids: ['account', 'assetPath'],
  },
  get(`${API}/sources/:id/hidden-assets`, { ids: ['source'] }),
  withBody(
    'PATCH',
    `${API}/sources/:id/hidden-assets`,
    'hidden_assets',
    () => ({ stop_delivering: false }),
    { ids: ['source'] },
  ),
  withBody('POST', `${API}/validations/domains`, 'domain_validations', () => ({
    darkroom_subdomain: 'battery-free-name',
  })),
  withBody(
    'POST',
    `${API}/validations/source/configurations`,
    'source_configuration_validations',
    // Loopback and closed: a configuration check must never reach a host off this machine.
    () => ({ configuration: { type: 'webfolder', webfolder_prefix: 'http://127.0.0.1:1/' } }),
  ),
  withBody('POST', `${API}/video-generations`, 'video_generations', (ids) => ({
    source_id: ids.source,
    origin_path: '/small.png',
    prompt: 'The camera pans slowly.',
    seconds: 5,
  })),
  get(`${API}/video-generations`, { query: 'list' }),
  get(`${API}/video-generations/:id`, { ids: ['generation'] }),
  get(`${API}/video-generations/:id/content`, { ids: ['generation'] }),
  withBody('POST', `${API}/customer-portal-sessions`, 'customer_portal_sessions', () => ({
    redirect_page: '/billing',
  })),
  get(`${API}/billing/prices`),
  get(`${API}/billing/subscription`),
  withBody('PATCH', `${API}/billing/subscription`, 'subscriptions', () => ({
    price_id: 'price_battery_unknown',
  })),
  { method: 'DELETE', pattern: `${API}/billing/subscription`, access: 'user' },
  get(`${API}/billing/usage`),
  get(`${API}/billing/invoices/:id/hosted`, { ids: ['invoice'] }),
  get(`${API}/billing/invoices/:id/pdf`, { ids: ['invoice'] }),
  get(`${IMGIX}/sources`, { query: 'list' }),
  withBody('POST', `${IMGIX}/sources`, 'sources', () => ({
    name: 'Battery imgix',
    deployment: { type: 'darkroom_storage', imgix_subdomains: ['battery-imgix'] },
  })),
  get(`${IMGIX}/sources/:id`, { ids: ['source'] }),
  withBody('PATCH', `${IMGIX}/sources/:id`, 'sources', () => ({ name: 'Renamed via imgix' }), {
    ids: ['source'],
  }),
  withBody('POST', `${IMGIX}/purge`, 'purges', (ids) => ({ url: ids.deliveryUrl })),
  get(`${IMGIX}/sources/:id/assets`, { ids: ['source'], query: 'list' }),
  get(`${IMGIX}/sources/:id/assets/*`, { ids: ['source', 'assetPath'] }),
  withBody('PATCH', `${IMGIX}/sources/:id/assets/*`, 'assets', () => ({ name: 'Renamed' }), {
    ids: ['source', 'assetPath'],
  }),
  get(`${IMGIX}/assets/:id`, { ids: ['source'], query: 'list' }),
  get(`${IMGIX}/assets/:id/*`, { ids: ['source', 'assetPath'] }),
  // The file exists: without ?overwrite=true every upload is refused and nothing changes.
  {
    method: 'POST',
    pattern: `${IMGIX}/sources/:id/upload/*`,
    access: 'user',
    ids: ['source', 'assetPath'],
  },
  {
    method: 'POST',
    pattern: `${IMGIX}/sources/upload/:sourceId/*`,
    access: 'user',
    ids: ['source', 'assetPath'],
  },
  {
    method: 'POST',
    pattern: `${IMGIX}/sources/:id/upload-sessions/*`,
    access: 'user',
    ids: ['source', 'assetPath'],
  },
  // No session has the account's id: refused whatever the token.
  {
    method: 'PUT',
    pattern: `${IMGIX}/upload-sessions/:sessionId`,
    access: 'public',
    ids: ['account'],
  },
  get(`${IMGIX}/reports`, { query: 'list' }),
  get(`${IMGIX}/reports/:reportId`, { ids: ['report'] }),
  get(`${IMGIX}/reports/:reportId/files/:fileName`, { ids: ['report', 'reportFile'] }),
  get(`${ADMIN}/accounts`, { access: 'admin', query: 'list' }),
  get(`${ADMIN}/experiments`, { access: 'admin' }),
  get(`${ADMIN}/accounts/:id`, { access: 'admin', ids: ['account'] }),
  withBody('PATCH', `${ADMIN}/accounts/:id`, 'accounts', () => ({ capabilities: [] }), {
    access: 'admin',
    ids: ['account'],
  }),
  get(`${ADMIN}/users`, { access: 'admin', query: 'list' }),
  get(`${ADMIN}/users/:id`, { access: 'admin', ids: ['user'] }),
  { method: 'DELETE', pattern: `${ADMIN}/users/:id`, access: 'admin', ids: ['spareTeammate'] },
  get(`${ADMIN}/sources`, { access: 'admin', query: 'list' }),
  get(`${ADMIN}/sources/:id`, { access: 'admin', ids: ['source'] }),
  withBody('PATCH', `${ADMIN}/sources/:id`, 'sources', () => ({ name: 'Renamed by admin' }), {
    access: 'admin',
    ids: ['source'],
  }),
  get(`${ADMIN}/sources/:id/secure-url-token`, { access: 'admin', ids: ['source'] }),
  {
    method: 'POST',
    pattern: `${ADMIN}/sources/:id/secure-url-token`,
    access: 'admin',
    ids: ['source'],
  },
  withBody('POST', `${ADMIN}/impersonations`, 'impersonations', (ids) => ({ user_id: ids.user }), {
    access: 'admin',
  }),
  get(`${ADMIN}/events`, { access: 'admin', query: 'list' }),
  get(`${ADMIN}/audit-events`, { access: 'admin', query: 'list' }),
  withBody(
    'POST',
    `${ADMIN}/billing/close-period`,
    'billing_period_closes',
    (ids) => ({
      account_id: ids.account,
    }),
    { access: 'admin' },
  ),
  withBody('PATCH', `${ADMIN}/billing/invoices/:id`, 'invoices', () => ({ status: 'paid' }), {
    access: 'admin',
    ids: ['invoice'],
  }),
];

/** The route's path with `ids` put in for its parameters (each value already URL-encoded). */
export function fillPattern(route: ApiRoute, values: readonly string[]): string {
  let index = 0;
  return route.pattern.replace(/:[A-Za-z]+|\*/g, () => {
    const value = values[index] ?? 'missing';
    index += 1;
    return value;
  });
}
