import { Search } from 'lucide-react';
import { clsx } from 'clsx';
import { useId } from 'react';
import type { AssetFilters, AssetSort, MediaKind } from '../../api/assets.ts';
import { Select } from '../../ui/index.ts';
import {
  ANY,
  CONTENT_TYPE_OPTIONS,
  MEDIA_KINDS,
  SORT_OPTIONS,
  VISIBILITY_OPTIONS,
  colorOptionsFor,
  toggleMediaKind,
} from './asset-filters.utils.ts';

/**
 * Several media kinds at once (the list call takes a comma list): one toggle button per kind,
 * none pressed meaning every kind. Buttons are reachable with Tab and switch with Enter or Space.
 */
function MediaKindToggles({
  kinds,
  onToggle,
}: {
  kinds: MediaKind[];
  onToggle: (kind: MediaKind) => void;
}) {
  const labelId = useId();
  return (
    <div className="flex min-w-0 flex-col gap-1 min-[360px]:col-span-2 md:col-span-3 xl:col-span-2">
      <span id={labelId} className="text-sm font-medium text-zinc-700">
        Media
      </span>
      <div role="group" aria-labelledby={labelId} className="flex h-10 gap-1">
        {MEDIA_KINDS.map(({ value, label }) => {
          const pressed = kinds.includes(value);
          return (
            <button
              key={value}
              type="button"
              aria-pressed={pressed}
              onClick={() => onToggle(value)}
              className={clsx(
                'min-w-0 flex-1 truncate rounded-lg px-2 text-sm ring-1 ring-inset',
                pressed
                  ? 'bg-brand-50 font-medium text-brand-700 ring-brand-500'
                  : 'bg-white text-zinc-800 ring-zinc-300 hover:bg-zinc-50',
              )}
            >
              {label}
            </button>
          );
        })}
      </div>
    </div>
  );
}

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
  /** Gets a change to apply to the latest view: the address may not show the last one yet. */
  onChange: (change: (filters: AssetFilters) => AssetFilters) => void;
}) {
  const searchId = useId();
  const facesId = useId();
  const set = (changes: Partial<AssetFilters>) => onChange((view) => ({ ...view, ...changes }));

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
      <div className="grid grid-cols-1 gap-3 min-[360px]:grid-cols-2 md:grid-cols-3 xl:grid-cols-4 2xl:grid-cols-7">
        <MediaKindToggles
          kinds={filters.mediaKinds}
          onToggle={(kind) =>
            onChange((view) => ({ ...view, mediaKinds: toggleMediaKind(view.mediaKinds, kind) }))
          }
        />
        <Select
          label="Content type"
          options={CONTENT_TYPE_OPTIONS}
          value={filters.contentType || ANY}
          onChange={(value) => set({ contentType: value === ANY ? '' : value })}
        />
        <Select
          label="Colour"
          options={colorOptionsFor(filters.color)}
          value={filters.color || ANY}
          onChange={(value) => set({ color: value === ANY ? '' : value })}
        />
        <Select
          label="Visibility"
          options={VISIBILITY_OPTIONS}
          value={filters.hidden}
          onChange={(value) => set({ hidden: value as AssetFilters['hidden'] })}
        />
        <Select
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
