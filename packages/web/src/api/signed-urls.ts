import type { SourceResource } from '@darkroom/core';
import { apiFetch, resourceDocument, type ApiDocument } from './client.ts';

/** One path of `POST /sources/{id}/signed-urls`, as the server answers it. */
export interface SignedPath {
  path: string;
  signed_path: string;
  url: string | null;
}

interface SignedUrlsResource {
  type: 'signed_urls';
  id: string;
  attributes: { signed: boolean; urls: SignedPath[] };
}

/** The most paths the server signs in one request (api/signed-urls.ts). */
export const MAX_SIGNED_PATHS = 200;

/**
 * `POST /sources/{id}/signed-urls`: the paths (path and query as a browser sends them) signed
 * with the source's token, in the order given; unsigned when the source does not require it.
 */
export async function postSignedUrls(
  sourceId: string,
  paths: readonly string[],
  signal?: AbortSignal,
): Promise<SignedPath[]> {
  const document = await apiFetch<ApiDocument<SignedUrlsResource>>(
    `/sources/${encodeURIComponent(sourceId)}/signed-urls`,
    { method: 'POST', body: resourceDocument('signed_urls', { paths }), signal },
  );
  return document.data.attributes.urls;
}

/** `GET /sources/{id}`: what decides whether the source's URLs must be signed. */
export async function getSourceSigningFields(
  sourceId: string,
  signal?: AbortSignal,
): Promise<Pick<SourceResource['attributes'], 'secure_url_enabled' | 'production'>> {
  const document = await apiFetch<ApiDocument<SourceResource>>(
    `/sources/${encodeURIComponent(sourceId)}`,
    { signal },
  );
  return document.data.attributes;
}
