import type { QueryClient } from '@tanstack/react-query';
import { assetKeys, type AssetSource } from '../../api/assets.ts';
import { getSourceSigningFields } from '../../api/signed-urls.ts';
import type { Source } from '../../api/sources.ts';

type SigningFields = Pick<Source, 'secure_url_enabled' | 'production'>;

/**
 * Whether delivery refuses the source's unsigned URLs: secure URLs on, or a web proxy, which
 * always signs (the server's delivery-source.ts draws the same line).
 */
export function sourceRequiresSigning(source: SigningFields): boolean {
  return source.secure_url_enabled || source.production.type === 'webproxy';
}

/** How long a source's answer to "does it sign?" is reused. */
const REQUIREMENT_STALE_MS = 30_000;

export const deliveryUrlKeys = {
  all: ['delivery-urls'] as const,
  requirement: (sourceId: string) => [...deliveryUrlKeys.all, 'requirement', sourceId] as const,
  signed: (sourceId: string, url: string) =>
    [...deliveryUrlKeys.all, 'signed', sourceId, url] as const,
};

/**
 * The query that tells whether a source signs its URLs. The asset manager's list of sources
 * answers it when it is loaded (no request); otherwise the source is read once.
 */
export function signingRequirementQuery(queryClient: QueryClient, sourceId: string) {
  return {
    queryKey: deliveryUrlKeys.requirement(sourceId),
    // As fresh as the dashboard's other reads (app/query-client.ts): a click-time signing
    // (fetchQuery) reuses it instead of reading the source again.
    staleTime: REQUIREMENT_STALE_MS,
    queryFn: async ({ signal }: { signal?: AbortSignal }) => {
      const listed = queryClient
        .getQueryData<AssetSource[]>(assetKeys.sources())
        ?.find((source) => source.id === sourceId);
      if (listed) return sourceRequiresSigning(listed);
      try {
        return sourceRequiresSigning(await getSourceSigningFields(sourceId, signal));
      } catch {
        // Unknown stays unsigned, as before: images of a source that does not sign still show,
        // and those of one that does fail with delivery's own 403.
        return false;
      }
    },
  };
}
