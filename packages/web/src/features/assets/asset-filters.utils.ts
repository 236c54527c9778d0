import type { AssetFilters, AssetSort, MediaKind } from '../../api/assets.ts';
import type { Option } from '../../ui/index.ts';

export const DEFAULT_FILTERS: AssetFilters = {
  keyword: '',
  mediaKinds: [],
  contentType: '',
  hasFaces: false,
  color: '',
  hidden: 'false',
  sort: '-date_created',
};

/** How long the search box waits after the last key before it searches. */
export const SEARCH_DEBOUNCE_MS = 300;

/** The "any" choice of a filter; a Select value cannot be the empty string's absence. */
export const ANY = 'any';

export const CONTENT_TYPE_OPTIONS: Option[] = [
  { value: ANY, label: 'Any type' },
  ...[
    'image/jpeg',
    'image/png',
    'image/webp',
    'image/avif',
    'image/gif',
    'image/svg+xml',
    'image/tiff',
    'image/heic',
    'video/mp4',
    'video/quicktime',
    'video/webm',
  ].map((type) => ({ value: type, label: type })),
];

/** Named colours for the colour filter: the server matches assets whose dominant colour is near. */
const COLOR_OPTIONS: Option[] = [
  { value: ANY, label: 'Any colour' },
  { value: '#e53935', label: 'Red' },
  { value: '#fb8c00', label: 'Orange' },
  { value: '#fdd835', label: 'Yellow' },
  { value: '#43a047', label: 'Green' },
  { value: '#1e88e5', label: 'Blue' },
  { value: '#8e24aa', label: 'Purple' },
  { value: '#ec407a', label: 'Pink' },
  { value: '#6d4c41', label: 'Brown' },
  { value: '#000000', label: 'Black' },
  { value: '#ffffff', label: 'White' },
  { value: '#9e9e9e', label: 'Grey' },
];

export const SORT_OPTIONS: { value: AssetSort; label: string }[] = [
  { value: '-date_created', label: 'Newest first' },
  { value: 'date_created', label: 'Oldest first' },
  { value: '-date_modified', label: 'Recently modified' },
  { value: 'date_modified', label: 'Least recently modified' },
  { value: '-file_size', label: 'Largest first' },
  { value: 'file_size', label: 'Smallest first' },
  { value: 'name', label: 'Name A–Z' },
  { value: '-name', label: 'Name Z–A' },
];

export const VISIBILITY_OPTIONS: { value: AssetFilters['hidden']; label: string }[] = [
  { value: 'false', label: 'Visible' },
  { value: 'true', label: 'Hidden' },
  { value: 'all', label: 'Visible and hidden' },
];

export const MEDIA_KINDS: { value: MediaKind; label: string }[] = [
  { value: 'IMAGE', label: 'Images' },
  { value: 'ANIMATION', label: 'Animations' },
  { value: 'VIDEO', label: 'Videos' },
];

/** `kinds` with `kind` switched on or off, kept in the API's order so one view has one address. */
export function toggleMediaKind(kinds: MediaKind[], kind: MediaKind): MediaKind[] {
  const next = kinds.includes(kind) ? kinds.filter((other) => other !== kind) : [...kinds, kind];
  return MEDIA_KINDS.map((option) => option.value).filter((value) => next.includes(value));
}

/** The colour options, plus the address's colour when it is none of the named ones. */
export function colorOptionsFor(color: string): Option[] {
  if (color === '' || COLOR_OPTIONS.some((option) => option.value === color)) return COLOR_OPTIONS;
  return [...COLOR_OPTIONS, { value: color, label: `Colour ${color}` }];
}

/** The query parameters of the asset manager's address that hold the view (next to `source`). */
const PARAMS = {
  keyword: 'q',
  mediaKinds: 'kind',
  contentType: 'type',
  color: 'color',
  hidden: 'visibility',
  hasFaces: 'faces',
  sort: 'sort',
} as const;

const HEX_COLOR = /^[0-9a-f]{6}$/;

const VISIBILITY_PARAMS: Record<AssetFilters['hidden'], string> = {
  false: 'visible',
  true: 'hidden',
  all: 'all',
};

function oneOf<T extends string>(value: string | null, allowed: readonly T[]): T | undefined {
  return allowed.find((candidate) => candidate === value);
}

/**
 * The view an address holds. A shared or hand-edited link may carry anything: a value that is
 * not one the screen offers falls back to the default instead of failing the page.
 */
export function filtersFromParams(params: URLSearchParams): AssetFilters {
  const kinds = (params.get(PARAMS.mediaKinds) ?? '').toUpperCase().split(',');
  const contentType = params.get(PARAMS.contentType)?.toLowerCase() ?? '';
  const color = params.get(PARAMS.color)?.toLowerCase().replace(/^#/, '') ?? '';
  const visibility = (Object.keys(VISIBILITY_PARAMS) as AssetFilters['hidden'][]).find(
    (hidden) => VISIBILITY_PARAMS[hidden] === params.get(PARAMS.hidden),
  );
  const keyword = params.get(PARAMS.keyword) ?? '';
  return {
    keyword: keyword.trim() === '' ? DEFAULT_FILTERS.keyword : keyword,
    mediaKinds: MEDIA_KINDS.map((option) => option.value).filter((kind) => kinds.includes(kind)),
    contentType:
      contentType !== ANY && CONTENT_TYPE_OPTIONS.some((option) => option.value === contentType)
        ? contentType
        : DEFAULT_FILTERS.contentType,
    hasFaces: params.get(PARAMS.hasFaces) === '1',
    color: HEX_COLOR.test(color) ? `#${color}` : DEFAULT_FILTERS.color,
    hidden: visibility ?? DEFAULT_FILTERS.hidden,
    sort:
      oneOf(
        params.get(PARAMS.sort),
        SORT_OPTIONS.map((option) => option.value),
      ) ?? DEFAULT_FILTERS.sort,
  };
}

/**
 * `params` with the view written into it: other parameters (the source) stay, defaults are left
 * out so the plain view keeps a plain address. The keyword is kept as typed (not trimmed) so
 * that reading the address back does not undo a space the user has just typed.
 */
export function filtersToParams(filters: AssetFilters, params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const name of Object.values(PARAMS)) next.delete(name);
  if (filters.keyword.trim() !== '') next.set(PARAMS.keyword, filters.keyword);
  if (filters.mediaKinds.length > 0) next.set(PARAMS.mediaKinds, filters.mediaKinds.join(','));
  if (filters.contentType !== '') next.set(PARAMS.contentType, filters.contentType);
  if (filters.color !== '') next.set(PARAMS.color, filters.color.replace(/^#/, ''));
  if (filters.hidden !== DEFAULT_FILTERS.hidden) {
    next.set(PARAMS.hidden, VISIBILITY_PARAMS[filters.hidden]);
  }
  if (filters.hasFaces) next.set(PARAMS.hasFaces, '1');
  if (filters.sort !== DEFAULT_FILTERS.sort) next.set(PARAMS.sort, filters.sort);
  return next;
}

/** True when any filter differs from the defaults (the empty state then says "no match"). */
export function isFiltered(filters: AssetFilters): boolean {
  return (
    filters.keyword.trim() !== '' ||
    filters.mediaKinds.length > 0 ||
    filters.contentType !== '' ||
    filters.hasFaces ||
    filters.color !== '' ||
    filters.hidden !== 'false'
  );
}
