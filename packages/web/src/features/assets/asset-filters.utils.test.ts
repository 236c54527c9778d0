import { describe, expect, it } from 'vitest';
import type { AssetFilters } from '../../api/assets.ts';
import {
  DEFAULT_FILTERS,
  colorOptionsFor,
  filtersFromParams,
  filtersToParams,
  toggleMediaKind,
} from './asset-filters.utils.ts';

const fromSearch = (search: string) => filtersFromParams(new URLSearchParams(search));
const toSearch = (filters: AssetFilters, search = '') =>
  filtersToParams(filters, new URLSearchParams(search)).toString();

const everyFilter: AssetFilters = {
  keyword: 'tom cat ',
  mediaKinds: ['IMAGE', 'ANIMATION'],
  contentType: 'image/png',
  hasFaces: true,
  color: '#ff0000',
  hidden: 'true',
  sort: '-file_size',
};

describe('filtersToParams and filtersFromParams', () => {
  it('round-trips every filter through the address', () => {
    const search = toSearch(everyFilter, 'source=abc');
    expect(search).toBe(
      'source=abc&q=tom+cat+&kind=IMAGE%2CANIMATION&type=image%2Fpng&color=ff0000&visibility=hidden&faces=1&sort=-file_size',
    );
    expect(fromSearch(search)).toEqual(everyFilter);
  });

  it('round-trips each visibility and sort', () => {
    for (const hidden of ['false', 'true', 'all'] as const) {
      for (const sort of ['-date_created', 'date_modified', 'name', '-name'] as const) {
        const filters = { ...DEFAULT_FILTERS, hidden, sort };
        expect(fromSearch(toSearch(filters))).toEqual(filters);
      }
    }
  });

  it('leaves the defaults out of the address and keeps the other parameters', () => {
    expect(toSearch(DEFAULT_FILTERS, 'source=abc')).toBe('source=abc');
    expect(toSearch({ ...DEFAULT_FILTERS, keyword: '   ' }, 'source=abc')).toBe('source=abc');
    expect(fromSearch('source=abc')).toEqual(DEFAULT_FILTERS);
  });

  it('drops the filters an earlier view had set', () => {
    const search = toSearch(everyFilter, 'source=abc');
    expect(toSearch({ ...DEFAULT_FILTERS, sort: 'name' }, search)).toBe('source=abc&sort=name');
  });

  it('falls back to the default for unknown or invalid values', () => {
    expect(
      fromSearch(
        'q=%20%20&kind=PDF,&type=text/html&color=red&visibility=secret&faces=yes&sort=random',
      ),
    ).toEqual(DEFAULT_FILTERS);
    expect(fromSearch('color=12345g').color).toBe('');
    expect(fromSearch('type=any').contentType).toBe('');
  });

  it('keeps the valid media kinds of a list, in the API order, once each', () => {
    expect(fromSearch('kind=video,PDF,image,IMAGE').mediaKinds).toEqual(['IMAGE', 'VIDEO']);
  });

  it('reads a colour written with its # or in capitals', () => {
    expect(fromSearch('color=%23FF00aa').color).toBe('#ff00aa');
  });
});

describe('toggleMediaKind', () => {
  it('adds and removes kinds, keeping one order whatever the clicks', () => {
    expect(toggleMediaKind([], 'VIDEO')).toEqual(['VIDEO']);
    expect(toggleMediaKind(['VIDEO'], 'IMAGE')).toEqual(['IMAGE', 'VIDEO']);
    expect(toggleMediaKind(['IMAGE', 'VIDEO'], 'IMAGE')).toEqual(['VIDEO']);
  });
});

describe('colorOptionsFor', () => {
  it('offers the colour of a shared link when it is none of the named ones', () => {
    expect(colorOptionsFor('#e53935').some((option) => option.label === 'Red')).toBe(true);
    expect(colorOptionsFor('#e53935').some((option) => option.value === '#123456')).toBe(false);
    expect(colorOptionsFor('#123456').at(-1)).toEqual({
      value: '#123456',
      label: 'Colour #123456',
    });
  });
});
