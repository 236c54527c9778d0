// Web Folder: a base URL on the customer's website (`webfolder_prefix`); each image's path is
// added to it and fetched over HTTP through the SSRF guard.
import type { Agent } from 'undici';
import { storageError } from './errors.ts';
import { getOrigin, headOrigin, fetchOrigin, type HttpOrigin } from './http-origin.ts';
import type { OriginAuth } from './origin-auth.ts';
import { safeSegments } from './paths.ts';
import type { StorageAdapter, StorageOptions } from './types.ts';

const TYPE = 'webfolder';
const FIELD = 'webfolder_prefix';

/** The base URL with a trailing slash, so relative paths land inside the folder. */
function baseUrl(prefix: string): URL {
  try {
    const url = new URL(prefix.trim());
    if (!url.pathname.endsWith('/')) url.pathname = `${url.pathname}/`;
    url.search = '';
    url.hash = '';
    return url;
  } catch (error) {
    throw storageError('invalid_endpoint', TYPE, { field: FIELD, cause: error });
  }
}

/**
 * The address of `path` below the base URL, each segment percent-encoded. Dot segments are
 * refused: URL resolution would walk them (even encoded as %2e) out of the folder.
 */
function webFolderUrl(base: URL, path: string): URL {
  const segments = safeSegments(path);
  if (segments === null || segments.some((segment) => /^(?:\.|%2e){1,2}$/i.test(segment))) {
    throw storageError('not_found', TYPE);
  }
  return new URL(segments.map((segment) => encodeURIComponent(segment)).join('/'), base);
}

export function createWebFolderAdapter(
  configuration: Readonly<Record<string, unknown>>,
  options: StorageOptions,
  agent?: Agent,
  auth?: OriginAuth | null,
): StorageAdapter {
  const prefix =
    typeof configuration.webfolder_prefix === 'string' ? configuration.webfolder_prefix : '';
  const origin: HttpOrigin = {
    type: TYPE,
    field: FIELD,
    options,
    auth: auth ?? null,
    ...(agent ? { agent } : {}),
  };
  return {
    async verify() {
      // Any HTTP answer, a 403 or 404 on the folder itself included (many sites forbid folder
      // listings), proves the server is there; only a failure to connect is an error.
      const response = await fetchOrigin(origin, baseUrl(prefix), { method: 'GET' });
      response.body.destroy();
    },
    async list() {
      // Plain HTTP has no way to list a folder; the asset manager indexes web folders from the
      // paths that are actually requested instead.
      return { objects: [], folders: [], cursor: null };
    },
    async head(path) {
      return headOrigin(origin, path, webFolderUrl(baseUrl(prefix), path));
    },
    async get(path, range) {
      return getOrigin(origin, path, webFolderUrl(baseUrl(prefix), path), range);
    },
  };
}
