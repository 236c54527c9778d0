import type { Purge } from '../../api/purges.ts';

/** What a purge named, as the history shows it: the URL, or the prefix of its source. */
export function purgeTargetText(purge: Pick<Purge, 'kind' | 'url' | 'prefix'>): string {
  return purge.kind === 'url' ? (purge.url ?? '') : `${purge.prefix ?? '/'} (path prefix)`;
}

/** Who asked for a purge: their name then, or an API key (purges made by scripts). */
export function purgeRequesterText(purge: Pick<Purge, 'requested_by_name'>): string {
  return purge.requested_by_name ?? 'An API key';
}

/**
 * A prefix as the server takes it, or the message saying what to fix: it starts with `/` (a
 * path of the source), and `/` alone is the whole source.
 */
export function prefixProblem(prefix: string): string | null {
  const value = prefix.trim();
  if (value === '')
    return 'Enter the path prefix to purge, such as /products/, or / for the whole source.';
  if (!value.startsWith('/')) return 'Start the path prefix with /, such as /products/.';
  return null;
}

/** A delivery URL the server takes, or the message saying what to fix (its own wording). */
export function urlProblem(url: string): string | null {
  const value = url.trim();
  if (value === '') return 'Enter the full delivery URL of the image, with http:// or https://.';
  try {
    const parsed = new URL(value);
    if (parsed.protocol === 'http:' || parsed.protocol === 'https:') return null;
  } catch {
    // Not a URL at all: the same message.
  }
  return 'Enter the full delivery URL of the image, with http:// or https://.';
}
