// What a key may be, on both back ends: a relative path that cannot climb out of the folder it
// is read in, so a key built from a customer's path is safe on the data directory as in a bucket.

/** Files being written on the data directory start with this; no key segment may. */
export const PARTIAL_PREFIX = '.upload-';

/**
 * True for `a/b.png`: segments neither empty, `.` nor `..`, no NUL byte or backslash (a separator
 * on Windows), no leading slash, and no segment that a partial file's name could take.
 */
export function isObjectKey(key: string): boolean {
  if (key === '' || key.includes('\0') || key.includes('\\')) return false;
  return key
    .split('/')
    .every(
      (segment) =>
        segment !== '' &&
        segment !== '.' &&
        segment !== '..' &&
        !segment.startsWith(PARTIAL_PREFIX),
    );
}

/** A list prefix split at its last slash: the folder listed and the start of the names in it. */
export function splitPrefix(prefix: string): { folder: string; namePrefix: string } {
  const slash = prefix.lastIndexOf('/');
  return {
    folder: slash === -1 ? '' : prefix.slice(0, slash),
    namePrefix: prefix.slice(slash + 1),
  };
}
