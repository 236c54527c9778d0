import type { QueryClient } from '@tanstack/react-query';
import { signPath } from './signing-batcher.ts';
import { deliveryUrlKeys, signingRequirementQuery } from './signing-requirement.ts';

/**
 * How long a signed URL is reused. A signature does not expire, but regenerating the token
 * changes it: a page open that long asks again.
 */
export const SIGNED_URL_STALE_MS = 5 * 60_000;

/**
 * The query of one signed URL: the signature covers the path and query exactly as the browser
 * sends them (docs/ARCHITECTURE.md, "Signed URLs"), so the URL is first put in the form the
 * browser will send (`new URL` percent-encodes spaces and non-ASCII), and that is signed.
 */
export function signedUrlQuery(sourceId: string, url: string) {
  return {
    queryKey: deliveryUrlKeys.signed(sourceId, url),
    queryFn: async () => {
      const parsed = new URL(url);
      const signedPath = await signPath(sourceId, `${parsed.pathname}${parsed.search}`);
      return `${parsed.origin}${signedPath}`;
    },
    staleTime: SIGNED_URL_STALE_MS,
  };
}

/**
 * The delivery URLs of a source as they may be shared: signed when the source requires it (one
 * request for them all), as given otherwise. For click-time actions (copy, embed, download).
 */
export async function signUrls(
  queryClient: QueryClient,
  sourceId: string,
  urls: readonly string[],
): Promise<string[]> {
  const requiresSigning = await queryClient.fetchQuery(
    signingRequirementQuery(queryClient, sourceId),
  );
  if (!requiresSigning) return [...urls];
  return Promise.all(urls.map((url) => queryClient.fetchQuery(signedUrlQuery(sourceId, url))));
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * A code snippet (an `<img srcset>`) with every delivery URL starting with `baseUrl` signed.
 * The snippet builders stay pure and synchronous; their URLs are signed afterwards in one
 * request. In HTML (`html`), URLs sit in attributes with `&` written `&amp;` (HTML, "Character
 * references"), and the signed ones are written the same way.
 */
export async function signUrlsInSnippet(
  queryClient: QueryClient,
  sourceId: string,
  snippet: string,
  { baseUrl, html }: { baseUrl: string; html: boolean },
): Promise<string> {
  // A URL ends at whitespace, a quote or `<` (srcset entries are "url 100w, url 116w").
  const pattern = new RegExp(`${escapeRegExp(baseUrl)}[^\\s"'<]*`, 'g');
  const found = [...new Set(snippet.match(pattern) ?? [])];
  if (found.length === 0) return snippet;
  const signed = await signUrls(
    queryClient,
    sourceId,
    found.map((url) => (html ? url.replaceAll('&amp;', '&') : url)),
  );
  const bySnippetUrl = new Map(
    found.map((url, index) => {
      const signedUrl = signed[index] ?? url;
      return [url, html ? signedUrl.replaceAll('&', '&amp;') : signedUrl];
    }),
  );
  return snippet.replace(pattern, (url) => bySnippetUrl.get(url) ?? url);
}
