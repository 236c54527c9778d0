import * as client from 'openid-client';

/** Seconds each request to the provider (discovery, token, userinfo) may take. */
const PROVIDER_TIMEOUT_S = 10;

export interface OidcClientSettings {
  readonly issuerUrl: URL;
  readonly clientId: string;
  readonly clientSecret: string;
}

/**
 * The provider's metadata and keys, read from its discovery document (OpenID Connect Discovery
 * 1.0) on first use rather than at start: a provider that is down must not stop the server.
 * A failed discovery is forgotten, so the next sign-in tries again.
 */
export class OidcDiscovery {
  #pending: Promise<client.Configuration> | null = null;

  constructor(
    private readonly settings: OidcClientSettings,
    /** ALLOW_PRIVATE_ORIGINS: lets an http:// issuer on a loopback or private address through. */
    private readonly allowPrivateOrigins: boolean,
  ) {}

  configuration(): Promise<client.Configuration> {
    this.#pending ??= this.#discover().catch((error: unknown) => {
      this.#pending = null;
      throw error;
    });
    return this.#pending;
  }

  async #discover(): Promise<client.Configuration> {
    const { issuerUrl, clientId, clientSecret } = this.settings;
    const insecure = issuerUrl.protocol === 'http:';
    if (insecure && !this.allowPrivateOrigins) {
      // OpenID Connect Core 3.1.2.1 and Discovery 1.0 section 3: the provider is reached over TLS.
      throw new Error(
        'OIDC_ISSUER_URL is http://: use https://, or set ALLOW_PRIVATE_ORIGINS for a provider on this machine (development and tests only).',
      );
    }
    return client.discovery(
      issuerUrl,
      clientId,
      { client_secret: clientSecret },
      // RFC 6749 section 2.3.1: every provider supports HTTP Basic for the client secret.
      client.ClientSecretBasic(clientSecret),
      {
        timeout: PROVIDER_TIMEOUT_S,
        ...(insecure ? { execute: [client.allowInsecureRequests] } : {}),
      },
    );
  }
}
