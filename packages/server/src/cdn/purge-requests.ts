// The HTTP requests that purge surrogate keys at each CDN, from its documented purge API:
// - Varnish has no purge API of its own: docs/varnish/darkroom.vcl turns `BAN` with
//   `X-Darkroom-Ban-Key` into a ban on the cached objects' Surrogate-Key; one request per
//   instance and key.
// - Fastly: "Purge by surrogate key", batched (`POST /service/{service_id}/purge` with the keys
//   space-separated in `Surrogate-Key`, the API token in `Fastly-Key`).
// - Cloudflare: "Purge Cached Content" by cache tags (`POST /zones/{zone_id}/purge_cache` with
//   `{"tags": [...]}`, a bearer API token).
import type { CdnPurgeConfig } from '../config/cdn-purge.ts';

/** One request of a purge; `origin` names where it goes in the log (no path, no credentials). */
export interface PurgeRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
}

/** The header docs/varnish/darkroom.vcl reads the key to ban from. */
export const VARNISH_BAN_KEY_HEADER = 'X-Darkroom-Ban-Key';

function joined(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}${path}`;
}

/** The requests that purge `keys` at the CDN `config` names. */
export function purgeRequests(config: CdnPurgeConfig, keys: readonly string[]): PurgeRequest[] {
  if (keys.length === 0) return [];
  switch (config.provider) {
    case 'varnish':
      return config.urls.flatMap((url) =>
        keys.map((key) => ({
          url: joined(url, '/'),
          method: 'BAN',
          headers: { [VARNISH_BAN_KEY_HEADER]: key },
        })),
      );
    case 'fastly':
      return config.urls.map((url) => ({
        url: joined(url, `/service/${encodeURIComponent(config.target ?? '')}/purge`),
        method: 'POST',
        headers: {
          'Fastly-Key': config.token ?? '',
          'Surrogate-Key': keys.join(' '),
          Accept: 'application/json',
        },
      }));
    case 'cloudflare':
      return config.urls.map((url) => ({
        url: joined(url, `/zones/${encodeURIComponent(config.target ?? '')}/purge_cache`),
        method: 'POST',
        headers: {
          Authorization: `Bearer ${config.token ?? ''}`,
          'Content-Type': 'application/json',
        },
        body: JSON.stringify({ tags: keys }),
      }));
  }
}
