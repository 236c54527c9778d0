import { Search } from 'lucide-react';
import { useId } from 'react';
import type { AssetFilters, AssetSort } from '../../api/assets.ts';
import { Dropdown } from '../../ui/index.ts';
import {
  ANY,
  COLOR_OPTIONS,
  CONTENT_TYPE_OPTIONS,
  MEDIA_KIND_OPTIONS,
  SORT_OPTIONS,
  VISIBILITY_OPTIONS,
  mediaKindsFrom,
} from './asset-filters.utils.ts';

/**
 * Search, filters and sort of the asset grid. The search box answers every key; the page
 * debounces what it sends (asset-manager-page.tsx).
 */
export function AssetFiltersBar({
  filters,
  searchText,
  onSearchTextChange,
  onChange,
}: {
  filters: AssetFilters;
  searchText: string;
  onSearchTextChange: (text: string) => void;
  onChange: (filters: AssetFilters) => void;
}) {
  const searchId = useId();
  const facesId = useId();
  const set = (changes: Partial<AssetFilters>) => onChange({ ...filters, ...changes });

  return (
    <div className="space-y-3">
      <div className="relative">
        <label htmlFor={searchId} className="sr-only">
          Search assets
        </label>
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute inset-y-0 left-3 my-auto size-4 text-zinc-400"
        />
        <input
          id={searchId}
          type="search"
          value={searchText}
          onChange={(event) => onSearchTextChange(event.target.value)}
          placeholder="Search by path, name, description, category or tag"
          className="h-10 w-full rounded-lg bg-white pr-3 pl-9 text-sm text-zinc-900 ring-1 ring-zinc-300 ring-inset placeholder:text-zinc-400"
        />
      </div>
      <div className="grid grid-cols-1 gap-3 min-[360px]:grid-cols-2 md:grid-cols-3 xl:grid-cols-6">
        <Dropdown
          label="Media"
          options={MEDIA_KIND_OPTIONS}
          value={filters.mediaKinds[0] ?? ANY}
          onChange={(value) => set({ mediaKinds: mediaKindsFrom(value) })}
        />
        <Dropdown
          label="Content type"
          options={CONTENT_TYPE_OPTIONS}
          value={filters.contentType || ANY}
          onChange={(value) => set({ contentType: value === ANY ? '' : value })}
        />
        <Dropdown
          label="Colour"
          options={COLOR_OPTIONS}
          value={filters.color || ANY}
          onChange={(value) => set({ color: value === ANY ? '' : value })}
        />
        <Dropdown
          label="Visibility"
          options={VISIBILITY_OPTIONS}
          value={filters.hidden}
          onChange={(value) => set({ hidden: value as AssetFilters['hidden'] })}
        />
        <Dropdown
          label="Sort"
          options={SORT_OPTIONS}
          value={filters.sort}
          onChange={(value) => set({ sort: value as AssetSort })}
        />
        <div className="flex items-end">
          <label htmlFor={facesId} className="flex h-10 items-center gap-2 text-sm text-zinc-800">
            <input
              id={facesId}
              type="checkbox"
              checked={filters.hasFaces}
              onChange={(event) => set({ hasFaces: event.target.checked })}
              className="size-4 rounded border-zinc-300 accent-brand-600"
            />
            Has faces
          </label>
        </div>
      </div>
    </div>
  );
}
