import type { FastifyRequest } from 'fastify';
import { requireAuth } from './authentication.ts';

/**
 * Where a resource module is mounted: `account` under /api/v4 sees the caller's account
 * only; `admin` under /api/v4/admin (admin sessions only) sees every account.
 */
export type RouteScope = 'account' | 'admin';

/** The account a request may see, or null for every account (admin routes). */
export function scopeAccountId(request: FastifyRequest, scope: RouteScope): string | null {
  const auth = requireAuth(request);
  return scope === 'admin' ? null : auth.user.accountId;
}
