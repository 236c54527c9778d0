import type { Noun } from './types.ts';

// Short constructors that keep the 80-line vocabularies of the language files readable.
export const masculine = (one: string, many: string): Noun => ({ gender: 'm', one, many });
export const feminine = (one: string, many: string): Noun => ({ gender: 'f', one, many });
export const neuter = (one: string, many: string): Noun => ({ gender: 'n', one, many });

/** 'a, b and c' with the language's word for 'and'. */
export function joinList(items: readonly string[], and: string): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${and} ${items.at(-1) ?? ''}`;
}

/** The number word from two to ten (index 0 is two), else digits. */
export function countWord(count: number, words: readonly string[]): string {
  return words[count - 2] ?? String(count);
}
