/** Which negotiable image formats an Accept header admits (RFC 9110 section 12.5.1). */
export interface AcceptedFormats {
  avif: boolean;
  webp: boolean;
}

/**
 * Reads an Accept header for `auto=format`. Only an explicit `image/avif` or `image/webp` range
 * with a non-zero weight counts: browsers that cannot decode WebP still send `image/*` and
 * `*\/*`, so wildcards say nothing about support.
 */
export function acceptedFormats(accept: string | null): AcceptedFormats {
  const admitted = new Set<string>();
  for (const range of (accept ?? '').split(',')) {
    const [type = '', ...parameters] = range.split(';').map((part) => part.trim().toLowerCase());
    const weight = parameters.find((parameter) => parameter.startsWith('q='));
    if (weight !== undefined && !(Number(weight.slice(2)) > 0)) continue;
    admitted.add(type);
  }
  return { avif: admitted.has('image/avif'), webp: admitted.has('image/webp') };
}

/**
 * The part of the Accept header that can change an `auto=format` answer, for the delivery
 * cache key: two requests with the same key get the same bytes.
 */
export function acceptKey(accept: string | null): string {
  const { avif, webp } = acceptedFormats(accept);
  return [avif ? 'avif' : '', webp ? 'webp' : ''].filter(Boolean).join(',') || 'none';
}
