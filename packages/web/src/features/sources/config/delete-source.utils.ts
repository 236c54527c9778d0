import type { Source } from '../../../api/sources.ts';

/** What must be typed to delete a source: its subdomain, or its name when it has none. */
export function deletionWord(source: Pick<Source, 'name' | 'production'>): string {
  return source.production.darkroom_subdomains[0] ?? source.name;
}

/** Whether `typed` confirms deleting the source: its subdomain or its name, exactly. */
export function confirmsDeletion(
  source: Pick<Source, 'name' | 'production'>,
  typed: string,
): boolean {
  const value = typed.trim();
  return value !== '' && (value === deletionWord(source) || value === source.name);
}
