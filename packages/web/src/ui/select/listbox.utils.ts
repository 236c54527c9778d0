// Keyboard rules shared by the select and the combobox (WAI-ARIA APG listbox pattern):
// navigation skips disabled items and stops at the ends rather than wrapping.

export interface ListItem {
  label: string;
  disabled?: boolean;
}

export const PAGE_STEP = 10;

function enabled(items: readonly ListItem[], index: number): boolean {
  const item = items[index];
  return item !== undefined && item.disabled !== true;
}

export function firstEnabledIndex(items: readonly ListItem[]): number | null {
  for (let i = 0; i < items.length; i++) if (enabled(items, i)) return i;
  return null;
}

export function lastEnabledIndex(items: readonly ListItem[]): number | null {
  for (let i = items.length - 1; i >= 0; i--) if (enabled(items, i)) return i;
  return null;
}

/**
 * The index `delta` rows away from `from`, moved on to the nearest enabled item in the same
 * direction, or back towards `from` when there is none that way. Without a start the first
 * (or, moving up, the last) enabled item.
 */
export function stepIndex(
  items: readonly ListItem[],
  from: number | null,
  delta: number,
): number | null {
  if (from === null) return delta >= 0 ? firstEnabledIndex(items) : lastEnabledIndex(items);
  if (items.length === 0) return null;
  const direction = delta >= 0 ? 1 : -1;
  const target = Math.min(Math.max(from + delta, 0), items.length - 1);
  for (let i = target; i >= 0 && i < items.length; i += direction) {
    if (enabled(items, i)) return i;
  }
  for (let i = target - direction; i !== from && i >= 0 && i < items.length; i -= direction) {
    if (enabled(items, i)) return i;
  }
  return from;
}

/**
 * The item typeahead lands on. A single character (or the same character typed again and
 * again) cycles through the items starting with it; a longer query extends the current match.
 */
export function typeaheadIndex(
  items: readonly ListItem[],
  query: string,
  from: number | null,
): number | null {
  const lower = query.toLowerCase();
  if (lower === '' || items.length === 0) return null;
  const repeated = [...lower].every((char) => char === lower[0]);
  const needle = repeated ? lower.slice(0, 1) : lower;
  const start = from === null ? 0 : needle.length === 1 ? from + 1 : from;
  for (let k = 0; k < items.length; k++) {
    const index = (start + k) % items.length;
    const item = items[index];
    if (item && enabled(items, index) && item.label.toLowerCase().startsWith(needle)) return index;
  }
  return null;
}

/** The items whose label contains the query, ignoring case and surrounding spaces. */
export function filterItems<T extends ListItem>(items: readonly T[], query: string): readonly T[] {
  const needle = query.trim().toLowerCase();
  if (needle === '') return items;
  return items.filter((item) => item.label.toLowerCase().includes(needle));
}

/** Whether a key press types a character (and so feeds typeahead) rather than commanding. */
export function isPrintableKey(event: {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
}): boolean {
  return event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey;
}

/**
 * Adds an index to a virtualised list's rendered range, so the option that
 * aria-activedescendant names always exists in the document.
 */
export function includeIndex(indexes: readonly number[], extra: number | null): number[] {
  if (extra === null || indexes.includes(extra)) return [...indexes];
  return [...indexes, extra].sort((a, b) => a - b);
}
