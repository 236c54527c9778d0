import type { HlsConfig, LoaderResponse, RetryConfig } from 'hls.js';

/** Delivery answers 423 while a stream is being made (Retry-After: 2); ask again as long as this. */
const PROCESSING_RETRIES = 90;
const PROCESSING_RETRY_MS = 2000;

/** True for the answer delivery gives while the stream is still rendering. */
export function isStillProcessing(response: Pick<LoaderResponse, 'code'> | undefined): boolean {
  return response?.code === 423;
}

/**
 * hls.js retries server errors on its own but not 4xx; a 423 means "ask again shortly", so the
 * first view of a video waits for its stream instead of failing.
 */
const retryWhileProcessing: RetryConfig = {
  maxNumRetry: PROCESSING_RETRIES,
  retryDelayMs: PROCESSING_RETRY_MS,
  maxRetryDelayMs: PROCESSING_RETRY_MS,
  backoff: 'linear',
  shouldRetry: (config, retryCount, _isTimeout, response, retry) =>
    isStillProcessing(response) ? retryCount < (config?.maxNumRetry ?? 0) : retry,
};

/**
 * Delivery holds a GET for a stream being made up to RENDER_JOB_WAIT_MS (at most 60 s) before it
 * answers 423, so the first byte may be that long in coming without anything being wrong.
 */
const FIRST_BYTE_TIMEOUT_MS = 65_000;

const loadPolicy = {
  default: {
    maxTimeToFirstByteMs: FIRST_BYTE_TIMEOUT_MS,
    maxLoadTimeMs: FIRST_BYTE_TIMEOUT_MS + 30_000,
    timeoutRetry: { maxNumRetry: 2, retryDelayMs: 0, maxRetryDelayMs: 0 },
    errorRetry: retryWhileProcessing,
  },
};

/** The player's hls.js settings: playlists and segments wait out a 423 while the stream renders. */
export const HLS_PLAYER_CONFIG: Partial<HlsConfig> = {
  manifestLoadPolicy: loadPolicy,
  playlistLoadPolicy: loadPolicy,
  fragLoadPolicy: loadPolicy,
};
