// The surrogate keys delivery answers carry and purges name (docs/ARCHITECTURE.md, "A delivery
// from socket to bytes"): a CDN in front (Fastly's Surrogate-Key, Varnish bans on it,
// Cloudflare's Cache-Tag) drops by key whatever it cached, without knowing Darkroom's URLs. Two
// keys per answer, the same two a purge can name: one for the whole source, one for the origin
// path with every parameter variant. Both are made of letters, digits and hyphens only, so they
// need no quoting in any of the three headers and cannot widen a Varnish ban's expression.

/** The key of every answer of a source. */
export function sourceSurrogateKey(sourceId: string): string {
  return `s-${sourceId}`;
}

/**
 * The key of every answer for one origin path of a source; `pathHash` is delivery's hash of the
 * path (delivery/cached-render.ts), hex, so paths of any length and alphabet make short keys.
 */
export function pathSurrogateKey(sourceId: string, pathHash: string): string {
  return `p-${sourceId}-${pathHash}`;
}

/** The key a purge sends: the path's, or the source's when the whole source is purged. */
export function purgeSurrogateKey(sourceId: string, pathHash: string | null): string {
  return pathHash === null ? sourceSurrogateKey(sourceId) : pathSurrogateKey(sourceId, pathHash);
}
