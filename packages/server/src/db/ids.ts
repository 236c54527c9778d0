import { randomBytes } from 'node:crypto';

const ID_PATTERN = /^[0-9a-f]{24}$/;

/** A new resource id: 24 lowercase hex characters (12 random bytes). */
export function newId(): string {
  return randomBytes(12).toString('hex');
}

/** Whether `value` has the shape of a resource id, so malformed ids never reach SQL. */
export function isId(value: unknown): value is string {
  return typeof value === 'string' && ID_PATTERN.test(value);
}
