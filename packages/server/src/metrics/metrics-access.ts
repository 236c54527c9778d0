// Who may read /metrics. Its numbers tell how busy the server is and which work backs up: no
// secret, but nothing to show the internet either. With METRICS_TOKEN set, a scraper sends it as a
// bearer token (RFC 6750 section 2.1) from anywhere. Without it, only a client on this machine
// asking directly may read them: a request that came through a proxy comes from loopback whoever
// sent it, so one carrying a forwarding header (Forwarded, RFC 7239; X-Forwarded-For; X-Real-IP)
// is refused even from loopback, whatever TRUST_PROXY says.
import { createHash, timingSafeEqual } from 'node:crypto';
import { BlockList, isIPv4 } from 'node:net';
import type { FastifyRequest } from 'fastify';
import { bearerToken } from '../api/authentication.ts';

/** `allowed`; `unauthorized` (401: the token is missing or wrong); `hidden` (404, as no route). */
export type MetricsAccess = 'allowed' | 'unauthorized' | 'hidden';

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip'] as const;

function isLoopback(address: string | undefined): boolean {
  if (address === undefined) return false;
  // An IPv4 client of a dual-stack socket shows as ::ffff:127.0.0.1 (RFC 4291 section 2.5.5.2).
  const plain = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  return LOOPBACK.check(plain, isIPv4(plain) ? 'ipv4' : 'ipv6');
}

/** Compares digests, so neither the time taken nor a length difference tells what matched. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/** Whether `request` may read /metrics when the configured token is `token` (null: unset). */
export function metricsAccess(request: FastifyRequest, token: string | null): MetricsAccess {
  if (token !== null) {
    const given = bearerToken(request);
    return given !== null && sameSecret(given, token) ? 'allowed' : 'unauthorized';
  }
  const forwarded = FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined);
  return !forwarded && isLoopback(request.socket.remoteAddress) ? 'allowed' : 'hidden';
}
