import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { signUrls, signUrlsInSnippet } from '../delivery-urls/sign-urls.ts';
import { signingRequirementQuery } from '../delivery-urls/signing-requirement.ts';

/** How the playground signs the URLs it fetches and hands out. */
export interface PlaygroundSigner {
  /** Whether the source refuses unsigned URLs. */
  requiresSigning: () => Promise<boolean>;
  /** The URLs as they may be fetched or shared: signed when the source requires it. */
  sign: (urls: readonly string[]) => Promise<string[]>;
  /** A snippet with its URLs of the asset signed when the source requires it. */
  signSnippet: (snippet: string, options: { baseUrl: string; html: boolean }) => Promise<string>;
}

/**
 * The source's signing, through the dashboard's delivery-URL module: the server signs (the token
 * never reaches the page), in one request for all the URLs asked for together.
 */
export function usePlaygroundSigner(sourceId: string): PlaygroundSigner {
  const queryClient = useQueryClient();
  return useMemo(
    () => ({
      requiresSigning: () => queryClient.fetchQuery(signingRequirementQuery(queryClient, sourceId)),
      sign: (urls) => signUrls(queryClient, sourceId, urls),
      signSnippet: (snippet, options) => signUrlsInSnippet(queryClient, sourceId, snippet, options),
    }),
    [queryClient, sourceId],
  );
}
