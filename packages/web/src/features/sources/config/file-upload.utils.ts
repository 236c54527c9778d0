import { formatBytes } from '@darkroom/core';

/** How many files go up at once: enough to keep the line busy, few enough to show progress. */
export const UPLOAD_CONCURRENCY = 3;

/** The server's limit on a stored path (packages/server/src/api/source-files.ts). */
const MAX_PATH_LENGTH = 1024;

/** A folder as typed, without the slashes people put around it ("/products/" -> "products"). */
export function normalizeFolder(folder: string): string {
  return folder.trim().replace(/^\/+|\/+$/g, '');
}

/**
 * Why the server would refuse this folder, or null. The server's rule: a relative path without
 * `.` or `..` segments, empty segments, backslashes or control characters.
 */
export function folderProblem(folder: string): string | null {
  const normalized = normalizeFolder(folder);
  if (normalized === '') return null;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\\\u0000-\u001f\u007f]/.test(normalized)) {
    return 'Use forward slashes between folders, without backslashes or control characters.';
  }
  const segments = normalized.split('/');
  if (segments.some((segment) => segment === '' || segment === '.' || segment === '..')) {
    return 'Name each folder: no empty, "." or ".." parts.';
  }
  if (normalized.length > MAX_PATH_LENGTH - 1) {
    return `Use a folder path of at most ${MAX_PATH_LENGTH - 1} characters.`;
  }
  return null;
}

/** Where a file is stored: its name, under the folder when there is one. */
export function uploadPath(folder: string, fileName: string): string {
  const normalized = normalizeFolder(folder);
  return normalized === '' ? fileName : `${normalized}/${fileName}`;
}

/** The refusal of a file over the limit, said before any byte is sent. */
export function tooLargeMessage(size: number, maxBytes: number): string | null {
  if (size <= maxBytes) return null;
  return `This file is ${formatBytes(size)}; files can be at most ${formatBytes(maxBytes)}.`;
}

/** Runs `work` over `items`, at most `limit` at a time, in order; never rejects. */
export async function runWithConcurrency<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const item = items[next] as T;
      next += 1;
      await work(item).catch(() => undefined);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}
