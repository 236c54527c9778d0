// Web Proxy: the request path is the whole origin URL, percent-encoded
// (`/http%3A%2F%2Favatars.com%2Fjohn-smith.png`), fetched through the SSRF guard. Secure URLs
// are always on for these sources, which the delivery layer enforces, not this adapter.
import type { Agent } from 'undici';
import { storageError } from './errors.ts';
import { getOrigin, headOrigin, type HttpOrigin } from './http-origin.ts';
import type { OriginAuth } from './origin-auth.ts';
import type { StorageAdapter, StorageOptions } from './types.ts';

const TYPE = 'webproxy';

/**
 * The origin address a web-proxy path names: decoded once when it is encoded (`http%3A...`),
 * taken as it is when already plain (`http://...`); only http and https.
 */
export function webProxyUrl(path: string): URL {
  const trimmed = path.replace(/^\/+/, '');
  let address = trimmed;
  if (/^https?%3A/i.test(trimmed)) {
    try {
      address = decodeURIComponent(trimmed);
    } catch (error) {
      throw storageError('invalid_endpoint', TYPE, { cause: error });
    }
  }
  if (!/^https?:\/\//i.test(address)) throw storageError('invalid_endpoint', TYPE);
  try {
    return new URL(address);
  } catch (error) {
    throw storageError('invalid_endpoint', TYPE, { cause: error });
  }
}

export function createWebProxyAdapter(
  options: StorageOptions,
  agent?: Agent,
  auth?: OriginAuth | null,
): StorageAdapter {
  const origin: HttpOrigin = {
    type: TYPE,
    field: null,
    options,
    auth: auth ?? null,
    ...(agent ? { agent } : {}),
  };
  return {
    // Every request names its own origin, so there is nothing to check before one arrives.
    async verify() {},
    async list() {
      return { objects: [], folders: [], cursor: null };
    },
    async head(path) {
      return headOrigin(origin, path, webProxyUrl(path));
    },
    async get(path, range) {
      return getOrigin(origin, path, webProxyUrl(path), range);
    },
  };
}
