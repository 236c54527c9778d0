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

/** The "any" choice of a filter; a Dropdown value cannot be the empty string's absence. */
export const ANY = 'any';

export const MEDIA_KIND_OPTIONS: Option[] = [
  { value: ANY, label: 'All media' },
  { value: 'IMAGE', label: 'Images' },
  { value: 'ANIMATION', label: 'Animations' },
  { value: 'VIDEO', label: 'Videos' },
];

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
export const COLOR_OPTIONS: Option[] = [
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

/** The media-kind filter as one choice: the list call takes several, the screen offers one. */
export function mediaKindsFrom(value: string): MediaKind[] {
  return value === ANY ? [] : [value as MediaKind];
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
