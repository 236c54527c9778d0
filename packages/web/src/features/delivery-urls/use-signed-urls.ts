import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { signedUrlQuery, signUrls } from './sign-urls.ts';
import { signingRequirementQuery } from './signing-requirement.ts';

export type SignedUrls =
  | { status: 'pending'; urls: null; error: null }
  | { status: 'ready'; urls: readonly string[]; error: null }
  | { status: 'error'; urls: null; error: Error };

const PENDING: SignedUrls = { status: 'pending', urls: null, error: null };

/**
 * Whether the source's URLs must be signed: `known` when the caller has the source, else looked
 * up (signing-requirement.ts). Undefined while unknown.
 */
export function useSourceRequiresSigning(sourceId: string, known?: boolean): boolean | undefined {
  const queryClient = useQueryClient();
  const query = useQuery({
    ...signingRequirementQuery(queryClient, sourceId),
    enabled: known === undefined && sourceId !== '',
  });
  return known ?? query.data;
}

/**
 * The delivery URLs of a source as the dashboard shows them: as given when the source does not
 * require signing (no request), signed otherwise, all at once (one request for every URL asked
 * for in the same turn, each kept for reuse). `requiresSigning` skips the lookup when the caller
 * has the source.
 */
export function useSignedUrls(
  sourceId: string,
  urls: readonly string[],
  { requiresSigning }: { requiresSigning?: boolean } = {},
): SignedUrls {
  const required = useSourceRequiresSigning(sourceId, requiresSigning);
  const signed = useQueries({
    queries: urls.map((url) => ({ ...signedUrlQuery(sourceId, url), enabled: required === true })),
  });
  if (required === undefined) return PENDING;
  if (!required) return { status: 'ready', urls, error: null };
  const failed = signed.find((query) => query.error !== null);
  if (failed?.error) return { status: 'error', urls: null, error: failed.error };
  if (signed.some((query) => query.data === undefined)) return PENDING;
  return { status: 'ready', urls: signed.map((query) => query.data as string), error: null };
}

/** One URL: the signed one, or null while it is being signed or when signing failed. */
export function useSignedUrl(
  sourceId: string,
  url: string,
  options?: { requiresSigning?: boolean },
) {
  const result = useSignedUrls(sourceId, [url], options);
  return result.urls?.[0] ?? null;
}

/** `src` and `srcSet` of an `<img>`, every candidate signed (srcset entries are "url 2x"). */
export function useSignedImageSources(
  sourceId: string,
  sources: { src: string; srcSet: string } | null,
  options?: { requiresSigning?: boolean },
): { src: string; srcSet: string } | null | 'pending' | 'error' {
  const candidates = sources === null ? [] : sources.srcSet.split(/,\s+/);
  const candidateUrls = candidates.map((candidate) => candidate.trim().split(/\s+/)[0] ?? '');
  const result = useSignedUrls(
    sourceId,
    sources === null ? [] : [sources.src, ...candidateUrls],
    options,
  );
  if (sources === null) return null;
  if (result.status !== 'ready') return result.status;
  const [src = sources.src, ...signedCandidates] = result.urls;
  const srcSet = candidates
    .map((candidate, index) => {
      const descriptor = candidate.trim().split(/\s+/).slice(1).join(' ');
      return [signedCandidates[index], descriptor].filter(Boolean).join(' ');
    })
    .join(', ');
  return { src, srcSet };
}

/** Signs at click time (copy, embed, download): `(urls) => signed urls`. */
export function useSignUrls(sourceId: string) {
  const queryClient = useQueryClient();
  return useCallback(
    (urls: readonly string[]) => signUrls(queryClient, sourceId, urls),
    [queryClient, sourceId],
  );
}
