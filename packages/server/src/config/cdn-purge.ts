// The CDN_PURGE_* group (settings.ts): what each provider needs, and the API each defaults to.
import type { CdnPurgeProvider } from './parsers.ts';
import type { Setting } from './setting.ts';

/** Where a purge goes by default: Fastly's and Cloudflare's public APIs. Varnish has none. */
export const CDN_API_URLS: Readonly<Record<CdnPurgeProvider, readonly string[]>> = {
  varnish: [],
  fastly: ['https://api.fastly.com'],
  cloudflare: ['https://api.cloudflare.com/client/v4'],
};

/** The CDN every purge is sent to (cdn/), as configured. */
export interface CdnPurgeConfig {
  provider: CdnPurgeProvider;
  /** Each Varnish instance, or the provider's API. */
  urls: readonly string[];
  /** Fastly or Cloudflare API token; null for Varnish. */
  token: string | null;
  /** Fastly service id or Cloudflare zone id; null for Varnish. */
  target: string | null;
}

interface CdnPurgeValues {
  provider: CdnPurgeProvider | null;
  urls: string[] | null;
  token: string | null;
  target: string | null;
}

/** The group's value: null without a provider, else the provider's API by default. */
export function cdnPurgeConfig(values: CdnPurgeValues): CdnPurgeConfig | null {
  const { provider } = values;
  if (provider === null) return null;
  return {
    provider,
    urls: values.urls ?? CDN_API_URLS[provider],
    token: values.token,
    target: values.target,
  };
}

/**
 * The group with its rules across variables: Varnish is reached at the URLs given, Fastly and
 * Cloudflare need a token and the service or zone to purge, and none of the others means
 * anything without a provider (a forgotten CDN_PURGE_PROVIDER would otherwise purge nothing,
 * silently).
 */
export function withCdnPurgeRules<Value>(setting: Setting<Value>): Setting<Value> {
  const rule = (values: Readonly<Record<string, unknown>>) => {
    const provider = values.CDN_PURGE_PROVIDER as CdnPurgeProvider | undefined;
    const unset = (name: string) => values[name] === undefined;
    if (provider === undefined) {
      const set = ['CDN_PURGE_URLS', 'CDN_PURGE_TOKEN', 'CDN_PURGE_TARGET'].find(
        (name) => !unset(name),
      );
      return set === undefined
        ? []
        : [
            {
              name: 'CDN_PURGE_PROVIDER',
              message: `must be set when ${set} is set: it names the CDN's purge API`,
            },
          ];
    }
    const needed =
      provider === 'varnish'
        ? [{ name: 'CDN_PURGE_URLS', why: 'purges are sent to each Varnish instance listed' }]
        : [
            { name: 'CDN_PURGE_TOKEN', why: `${provider}'s purge API needs an API token` },
            {
              name: 'CDN_PURGE_TARGET',
              why: provider === 'fastly' ? 'the service id to purge' : 'the zone id to purge',
            },
          ];
    return needed
      .filter(({ name }) => unset(name))
      .map(({ name, why }) => ({
        name,
        message: `must be set when CDN_PURGE_PROVIDER is ${provider}: ${why}`,
      }));
  };
  return { ...setting, rules: [...setting.rules, rule] };
}
