// A real OpenID provider for the single sign-on tests: node-oidc-provider (a certified OpenID
// Connect implementation) on loopback, with one confidential client that must use PKCE, and its
// development login and consent pages, where any login and password sign in.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import Provider from 'oidc-provider';

/** Who a login typed at the provider's login page signs in as. */
export interface ProviderPerson {
  email: string;
  emailVerified: boolean;
  name: string;
}

export interface TestOidcProviderOptions {
  /** The client's registered redirect URIs: the app's `{PUBLIC_URL}/api/v4/sso/callback`. */
  redirectUris: string[];
  /** Put the email in the ID token too (as Google does), not only at the UserInfo endpoint. */
  emailInIdToken?: boolean;
  /** A fixed port (default: any free one). */
  port?: number;
}

export interface TestOidcProvider {
  issuer: string;
  port: number;
  clientId: string;
  clientSecret: string;
  /** Logins that sign in as someone else than "the login is a verified email". */
  people: Map<string, ProviderPerson>;
  /** The app's settings for this provider. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/** By default a login is the email of a person whose provider has verified it. */
function personOf(people: Map<string, ProviderPerson>, login: string): ProviderPerson {
  return people.get(login) ?? { email: login, emailVerified: true, name: 'Test Person' };
}

export async function startOidcProvider(
  options: TestOidcProviderOptions,
): Promise<TestOidcProvider> {
  const people = new Map<string, ProviderPerson>();
  const clientId = 'darkroom-test';
  const clientSecret = randomBytes(24).toString('base64url');
  let handler: http.RequestListener = (_request, response) => response.writeHead(503).end();
  const server = http.createServer((request, response) => handler(request, response));
  const sockets = new Set<Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;
  const signingKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    // RFC 7636: an authorization request without a code challenge is refused.
    pkce: { methods: ['S256'], required: () => true },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    conformIdTokenClaims: options.emailInIdToken !== true,
    // Seconds; set so the library does not print a notice for each default it falls back on.
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 600,
      IdToken: 600,
      Interaction: 600,
      Session: 600,
    },
    features: { devInteractions: { enabled: true } },
    cookies: { keys: [randomBytes(16).toString('hex')] },
    jwks: { keys: [{ ...signingKey.export({ format: 'jwk' }), kid: 'test', use: 'sig' }] },
    async findAccount(_context, sub) {
      const person = personOf(people, sub);
      return {
        accountId: sub,
        async claims() {
          return {
            sub,
            email: person.email,
            email_verified: person.emailVerified,
            name: person.name,
          };
        },
      };
    },
  });
  handler = provider.callback();

  return {
    issuer,
    port,
    clientId,
    clientSecret,
    people,
    env: {
      OIDC_ISSUER_URL: issuer,
      OIDC_CLIENT_ID: clientId,
      OIDC_CLIENT_SECRET: clientSecret,
      // The provider listens on loopback over plain http.
      ALLOW_PRIVATE_ORIGINS: '1',
    },
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}
