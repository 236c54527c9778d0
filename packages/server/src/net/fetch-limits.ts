/**
 * The bounds of every outbound fetch (origins, fallbacks, overlays, providers) unless the caller
 * sets its own: no request may take unbounded bytes or time from a server on the internet.
 */
export const DEFAULT_FETCH_LIMITS = {
  maxBytes: 50_000_000,
  connectTimeoutMs: 5_000,
  requestTimeoutMs: 20_000,
  maxRedirects: 5,
} as const;
