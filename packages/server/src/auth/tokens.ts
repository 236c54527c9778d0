import { createHash, randomBytes } from 'node:crypto';

const TOKEN_PREFIX = 'drk_';

/** A new bearer token: 32 random bytes, base64url, prefixed so leaked tokens are recognisable. */
export function newToken(prefix = TOKEN_PREFIX): string {
  return prefix + randomBytes(32).toString('base64url');
}

/** What the database stores instead of the token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
