// Signed URLs (docs/ARCHITECTURE.md, "Signed URLs"): imgix's `s = md5hex(token + path + query)`
// over the request target exactly as the client sent it, so no re-encoding can change what is
// signed.
import { createHash, timingSafeEqual } from 'node:crypto';
import { extractSignature, signaturePayload } from '@darkroom/core';

/**
 * True when `rawTarget` (path and query as sent) ends with the `s` its other bytes sign under
 * `token`. A missing `s`, one that is not the last parameter, or a wrong one is false. The
 * comparison takes the same time wherever the digests differ.
 */
export function hasValidSignature(rawTarget: string, token: string): boolean {
  const parts = extractSignature(rawTarget);
  if (parts === null) return false;
  const expected = createHash('md5')
    .update(signaturePayload(token, parts.path, parts.query), 'utf8')
    .digest();
  const given = Buffer.from(parts.signature, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
