// The dashboard's own delivery requests (grid thumbnails, previews) are not customer traffic, so
// they stay out of analytics and billing (docs/ARCHITECTURE.md, "The dashboard's own requests").
// An <img> cannot send a header and a cookie cannot reach every source's subdomain, so the
// server mints the dashboard a query parameter: an expiry and an HMAC of it and the account
// under a key derived from the install's secret key. Only the server can make one, it is good
// for the account's own sources only, and it lapses within two hours.
import { createHmac, timingSafeEqual } from 'node:crypto';

/** The query parameter delivery reads, then removes before anything else sees the query. */
export const INTERNAL_MARKER_PARAM = 'dr-internal';

const HOUR_MS = 60 * 60_000;
/**
 * A marker is minted for the rest of the current hour plus one more: every URL the dashboard
 * builds within an hour is the same (the browser's cache keeps working), and a marker copied
 * out of the page stops counting as internal within two hours at most.
 */
const LIFETIME_HOURS = 2;
const KEY_LABEL = 'darkroom internal delivery marker v1';

export interface InternalMarker {
  value: string;
  expiresAt: Date;
}

export class InternalMarkers {
  readonly #key: Buffer;

  /** `secretKey` is the install's key (DARKROOM_SECRET_KEY or DATA_DIR/secret.key). */
  constructor(secretKey: Buffer) {
    // A key of its own, so a marker's MAC can never stand for anything else made with the key.
    this.#key = createHmac('sha256', secretKey).update(KEY_LABEL).digest();
  }

  #mac(accountId: string, expiresSeconds: number): string {
    return createHmac('sha256', this.#key)
      .update(`${accountId}\n${expiresSeconds}`)
      .digest('base64url');
  }

  /** The marker the dashboard of `accountId` adds to its own delivery URLs. */
  mint(accountId: string, now = Date.now()): InternalMarker {
    const expiresMs = (Math.floor(now / HOUR_MS) + LIFETIME_HOURS) * HOUR_MS;
    const expiresSeconds = expiresMs / 1000;
    return {
      value: `${expiresSeconds}.${this.#mac(accountId, expiresSeconds)}`,
      expiresAt: new Date(expiresMs),
    };
  }

  /** Whether `value` is a marker this install minted for `accountId` that has not lapsed. */
  verifies(value: string, accountId: string, now = Date.now()): boolean {
    const match = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(value);
    if (match === null) return false;
    const expiresSeconds = Number(match[1]);
    const expiresMs = expiresSeconds * 1000;
    if (expiresMs <= now || expiresMs > now + LIFETIME_HOURS * HOUR_MS) return false;
    const expected = Buffer.from(this.#mac(accountId, expiresSeconds));
    const given = Buffer.from(match[2] ?? '');
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}

/**
 * The raw request target without the marker's pairs, and the marker's value (the last one sent;
 * null without one). The rest of the target is kept byte for byte: the signature (`s`) covers it.
 */
export function takeInternalMarker(rawUrl: string): { url: string; marker: string | null } {
  const queryStart = rawUrl.indexOf('?');
  if (queryStart === -1 || !rawUrl.includes(INTERNAL_MARKER_PARAM)) {
    return { url: rawUrl, marker: null };
  }
  let marker: string | null = null;
  const kept: string[] = [];
  for (const pair of rawUrl.slice(queryStart + 1).split('&')) {
    const equals = pair.indexOf('=');
    const name = equals === -1 ? pair : pair.slice(0, equals);
    if (name === INTERNAL_MARKER_PARAM) {
      marker = equals === -1 ? '' : safeDecode(pair.slice(equals + 1));
    } else {
      kept.push(pair);
    }
  }
  const path = rawUrl.slice(0, queryStart);
  return { url: kept.length === 0 ? path : `${path}?${kept.join('&')}`, marker };
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return '';
  }
}
