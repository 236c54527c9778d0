// From the request path to the path the source's storage adapter reads.

export type OriginPath =
  { ok: true; path: string } | { ok: false; status: 400 | 404; message: string };

/**
 * The origin path of a raw request path. Web proxy sources get the path as sent (minus the
 * leading `/`): it is the encoded origin URL, which their adapter decodes once. Every other
 * source gets it percent-decoded exactly once, and a path that would climb out of the source's
 * root (`..`, `.`, a NUL or a backslash, decoded or not) is refused rather than normalised.
 */
export function originPath(rawPath: string, sourceType: string): OriginPath {
  const trimmed = rawPath.replace(/^\/+/, '');
  if (trimmed === '') return { ok: false, status: 404, message: 'No image path was given.' };
  if (sourceType === 'webproxy') return { ok: true, path: trimmed };
  let decoded: string;
  try {
    decoded = decodeURIComponent(trimmed);
  } catch {
    return { ok: false, status: 400, message: 'The image path is not validly percent-encoded.' };
  }
  const segments = decoded.split('/');
  const climbs = segments.some((segment) => segment === '..' || segment === '.');
  if (climbs || decoded.includes('\0') || decoded.includes('\\')) {
    return { ok: false, status: 400, message: 'The image path may not contain "." or "..".' };
  }
  return { ok: true, path: decoded };
}
