// What the request log says of each request. Some URLs carry a credential: the invitation and
// password-reset tokens in the paths of /api/v4/invitations/{token} and
// /api/v4/password-resets/{token}, the secret of an imgix upload session's URL
// (/api/v1/upload-sessions/{id}?token=), and the authorization code and state a provider sends
// back to /api/v4/sso/callback (RFC 6749 section 4.1.2). The log keeps those URLs with the
// credentials masked, as the OWASP Logging Cheat Sheet asks of access tokens and session ids.

interface SecretsOf {
  /** Matches the path of the URLs that carry them (more than the route: masking more is safe). */
  path: RegExp;
  /** The path itself holds a token: what `path` matched becomes its first group and `[token]`. */
  pathToken: boolean;
  /** Query parameters whose values are masked. */
  query: readonly string[];
}

const SECRET_URLS: readonly SecretsOf[] = [
  {
    path: /^(\/api\/v4\/(?:invitations|password-resets)\/)[^/]+/i,
    pathToken: true,
    query: [],
  },
  { path: /^\/api\/v1\/upload-sessions\//i, pathToken: false, query: ['token'] },
  { path: /^\/api\/v4\/sso\/callback/i, pathToken: false, query: ['code', 'state'] },
];

function decoded(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    return name;
  }
}

/** `query` (without `?`) with the values of `names` replaced by `[name]`; the rest as it was. */
function maskQuery(query: string, names: readonly string[]): string {
  return query
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const rawName = equals === -1 ? pair : pair.slice(0, equals);
      const name = decoded(rawName);
      return names.includes(name) ? `${rawName}=[${name}]` : pair;
    })
    .join('&');
}

/** `url` with the credentials of the routes above masked: `[token]`, `[code]`, `[state]`. */
export function maskSecrets(url: string): string {
  const queryStart = url.indexOf('?');
  let path = queryStart === -1 ? url : url.slice(0, queryStart);
  let query = queryStart === -1 ? null : url.slice(queryStart + 1);
  for (const secrets of SECRET_URLS) {
    if (!secrets.path.test(path)) continue;
    if (secrets.pathToken) path = path.replace(secrets.path, '$1[token]');
    if (query !== null) query = maskQuery(query, secrets.query);
  }
  return query === null ? path : `${path}?${query}`;
}

/** The request as Fastify's logger gets it (a FastifyRequest, typed loosely by Fastify). */
interface LoggedRequest {
  method?: string;
  url?: string;
  headers?: Record<string, string | string[] | undefined>;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** Fastify's own request serializer, with credentials in URLs masked. */
export function serializeRequest(raw: unknown) {
  const request = raw as LoggedRequest;
  const version = request.headers?.['accept-version'];
  return {
    method: request.method,
    url: request.url === undefined ? undefined : maskSecrets(request.url),
    version: typeof version === 'string' ? version : undefined,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
