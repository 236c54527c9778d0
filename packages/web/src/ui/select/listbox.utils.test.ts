import { describe, expect, it } from 'vitest';
import {
  filterItems,
  includeIndex,
  firstEnabledIndex,
  isPrintableKey,
  lastEnabledIndex,
  stepIndex,
  typeaheadIndex,
  type ListItem,
} from './listbox.utils.ts';

const items: ListItem[] = [
  { label: 'Apple', disabled: true },
  { label: 'Banana' },
  { label: 'Blueberry' },
  { label: 'Cherry', disabled: true },
  { label: 'Date' },
  { label: 'Elderberry', disabled: true },
];

describe('firstEnabledIndex and lastEnabledIndex', () => {
  it('skip disabled items at either end', () => {
    expect(firstEnabledIndex(items)).toBe(1);
    expect(lastEnabledIndex(items)).toBe(4);
  });

  it('find nothing in an empty or fully disabled list', () => {
    expect(firstEnabledIndex([])).toBeNull();
    expect(lastEnabledIndex([{ label: 'x', disabled: true }])).toBeNull();
  });
});

describe('stepIndex', () => {
  it('starts at the first enabled item going down and the last going up', () => {
    expect(stepIndex(items, null, 1)).toBe(1);
    expect(stepIndex(items, null, -1)).toBe(4);
  });

  it('skips disabled items', () => {
    expect(stepIndex(items, 2, 1)).toBe(4);
    expect(stepIndex(items, 4, -1)).toBe(2);
  });

  it('stays put at the ends instead of wrapping', () => {
    expect(stepIndex(items, 4, 1)).toBe(4);
    expect(stepIndex(items, 1, -1)).toBe(1);
  });

  it('jumps a page and settles on the nearest enabled item', () => {
    const many = Array.from({ length: 30 }, (_, i) => ({ label: `Item ${i}`, disabled: i === 10 }));
    expect(stepIndex(many, 0, 10)).toBe(11);
    expect(stepIndex(many, 25, 10)).toBe(29);
    expect(stepIndex(many, 5, -10)).toBe(0);
  });

  it('falls back towards the start when the page lands past the last enabled item', () => {
    expect(stepIndex(items, 1, 10)).toBe(4);
  });

  it('has nowhere to go in an empty list', () => {
    expect(stepIndex([], null, 1)).toBeNull();
  });
});

describe('typeaheadIndex', () => {
  it('finds the next item starting with a letter, after the current one', () => {
    expect(typeaheadIndex(items, 'b', null)).toBe(1);
    expect(typeaheadIndex(items, 'b', 1)).toBe(2);
  });

  it('wraps around to the start', () => {
    expect(typeaheadIndex(items, 'b', 4)).toBe(1);
  });

  it('cycles through matches when the same letter is typed repeatedly', () => {
    expect(typeaheadIndex(items, 'bb', 1)).toBe(2);
    expect(typeaheadIndex(items, 'bbb', 2)).toBe(1);
  });

  it('extends the current match with a longer query', () => {
    expect(typeaheadIndex(items, 'blu', 1)).toBe(2);
    expect(typeaheadIndex(items, 'ban', 1)).toBe(1);
  });

  it('ignores case and skips disabled items', () => {
    expect(typeaheadIndex(items, 'D', null)).toBe(4);
    expect(typeaheadIndex(items, 'c', null)).toBeNull();
  });
});

describe('filterItems', () => {
  it('keeps items containing the query, ignoring case', () => {
    expect(filterItems(items, 'BERRY').map((item) => item.label)).toEqual([
      'Blueberry',
      'Elderberry',
    ]);
  });

  it('keeps everything for a blank query', () => {
    expect(filterItems(items, '  ')).toBe(items);
  });
});

describe('isPrintableKey', () => {
  const plain = { ctrlKey: false, metaKey: false, altKey: false };

  it('accepts single characters and rejects named keys and shortcuts', () => {
    expect(isPrintableKey({ ...plain, key: 'a' })).toBe(true);
    expect(isPrintableKey({ ...plain, key: 'ArrowDown' })).toBe(false);
    expect(isPrintableKey({ ...plain, key: 'a', ctrlKey: true })).toBe(false);
  });
});

describe('includeIndex', () => {
  it('adds a far-away active row to the rendered range in order', () => {
    expect(includeIndex([0, 1, 2], 999)).toEqual([0, 1, 2, 999]);
    expect(includeIndex([500, 501], 3)).toEqual([3, 500, 501]);
  });

  it('leaves the range alone when the row is already in it or there is none', () => {
    expect(includeIndex([0, 1, 2], 1)).toEqual([0, 1, 2]);
    expect(includeIndex([0, 1, 2], null)).toEqual([0, 1, 2]);
  });
});
