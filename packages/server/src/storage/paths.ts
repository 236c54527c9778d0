// Path helpers shared by the adapters: a source's prefix ("Path Prefix" field) is a folder
// below the bucket, and every path an adapter sees is relative to it.

/** `images/products` or `/images/products/` -> `images/products/`; empty stays empty. */
export function normalizeRoot(prefix: string): string {
  const trimmed = prefix.replace(/^\/+|\/+$/g, '');
  return trimmed === '' ? '' : `${trimmed}/`;
}

/** The full key of a path below the root (a leading slash on the path is dropped). */
export function joinRoot(root: string, path: string): string {
  return `${root}${path.replace(/^\/+/, '')}`;
}

/** The path of a full key relative to the root. */
export function stripRoot(root: string, key: string): string {
  return key.startsWith(root) ? key.slice(root.length) : key;
}

/**
 * The segments of a relative path, or null when it tries to leave its root: `..` or `.`
 * segments, a NUL byte or a backslash (a separator on Windows origins).
 */
export function safeSegments(path: string): string[] | null {
  const trimmed = path.replace(/^\/+/, '');
  if (trimmed.includes('\0') || trimmed.includes('\\')) return null;
  const segments = trimmed.split('/');
  if (segments.some((segment) => segment === '.' || segment === '..')) return null;
  return segments;
}
