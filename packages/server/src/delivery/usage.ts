// What a delivery request is metered as (spec platform section 3, 'Analytics metrics'): one
// usage event per answer, built here from what serving the request found out.
import type { DeliverySource } from './delivery-source.ts';
import type { UsageEvent } from './metering.ts';
import { headerText, type DeliveryRequest } from './request.ts';

/** What serving a request learnt for its usage event, filled in as it goes. */
export interface Usage {
  /** The origin path (the request path until the origin path is known). */
  path: string;
  cache: 'hit' | 'miss' | 'none';
  renderMs: number | null;
  originBytes: number | null;
  originMs: number | null;
  premium: boolean;
  /** Milliseconds of video encoded by this request (a video job's), for the video metrics. */
  encodedMs?: number | null;
  /** The answer's video length and size, to meter the milliseconds delivered (a range counts its share). */
  video?: { ms: number; bytes: number } | null;
  /** The dashboard's own request (a valid internal marker): not metered. */
  internal?: boolean;
}

/** The usage of a request before anything about its render is known. */
export function newUsage(path: string): Usage {
  return {
    path,
    cache: 'none',
    renderMs: null,
    originBytes: null,
    originMs: null,
    premium: false,
  };
}

/**
 * The one spelling of an origin path in usage: with a single leading `/`, as assets spell their
 * origin_path. A request refused before its origin path was known carries the request path
 * (`/a.png`), a resolved one the origin path (`a.png`): both are the same asset.
 */
export function usagePath(path: string): string {
  return `/${path.replace(/^\/+/, '')}`;
}

/** The usage event of one answer: `body` is what was answered (null for none). */
export function usageEvent(
  request: DeliveryRequest,
  source: DeliverySource,
  status: number,
  body: Buffer | null,
  usage: Usage,
): UsageEvent {
  const sentBytes = request.method === 'HEAD' || body === null ? 0 : body.length;
  const video = usage.video ?? null;
  // Minutes delivered: a whole clip or segment sent counts its length, a range its share.
  const deliveredMs =
    video === null || sentBytes === 0 || (status !== 200 && status !== 206)
      ? null
      : Math.round((video.ms * sentBytes) / Math.max(1, video.bytes));
  return {
    source_id: source.id,
    account_id: source.accountId,
    path: usagePath(usage.path),
    status,
    bytes_out: sentBytes,
    render_ms: usage.renderMs,
    cache: usage.cache,
    origin_bytes: usage.originBytes,
    origin_ms: usage.originMs,
    user_agent: headerText(request, 'user-agent'),
    referrer: headerText(request, 'referer'),
    operation: usage.premium ? 'premium' : 'standard',
    occurred_at: new Date(),
    video_encoded_ms: usage.encodedMs ?? null,
    video_delivered_ms: deliveredMs,
  };
}
