import { useVirtualizer } from '@tanstack/react-virtual';
import { EyeOff, Film } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { Asset } from '../../api/assets.ts';
import { Spinner } from '../../ui/index.ts';
import { useSignedImageSources } from '../delivery-urls/use-signed-urls.ts';
import { assetPagePath, thumbnailSources } from './asset.utils.ts';
import { useMarkedSources } from './internal-marker.ts';
import { columnsFor, GRID_GAP_PX, THUMBNAIL_PX, tileSizeFor } from './asset-grid.utils.ts';

/** Before the first measurement (and in jsdom, which lays nothing out): a common laptop size. */
const INITIAL_RECT = { width: 960, height: 640 };

function useElementWidth(element: HTMLElement | null): number {
  const [width, setWidth] = useState(INITIAL_RECT.width);
  useEffect(() => {
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry && entry.contentRect.width > 0) setWidth(entry.contentRect.width);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return width;
}

function AssetTile({ asset, size }: { asset: Asset; size: number }) {
  // Signed when the source requires it; a placeholder until then, or when signing failed.
  const signed = useSignedImageSources(
    asset.source_id,
    asset.is_renderable && asset.fullURL !== null
      ? thumbnailSources(asset.fullURL, THUMBNAIL_PX)
      : null,
  );
  // Marked as the dashboard's own, after signing: thumbnails are no customer traffic.
  const marked = useMarkedSources(typeof signed === 'string' ? null : signed);
  const thumbnail = typeof marked === 'string' ? null : marked;
  return (
    <Link
      to={assetPagePath(asset.source_id, asset.origin_path)}
      className="group block rounded-lg bg-white ring-1 ring-zinc-200 hover:ring-brand-500 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none"
      style={{ width: size }}
    >
      <span
        className="relative block overflow-hidden rounded-t-lg bg-zinc-100"
        style={{ height: size }}
      >
        {signed === 'pending' || marked === 'pending' ? null : thumbnail ? (
          <img
            src={thumbnail.src}
            srcSet={thumbnail.srcSet}
            alt=""
            loading="lazy"
            decoding="async"
            width={size}
            height={size}
            className="size-full object-cover"
          />
        ) : (
          <Film aria-hidden="true" className="absolute inset-0 m-auto size-8 text-zinc-400" />
        )}
        {asset.hidden && (
          <span className="absolute top-2 left-2 inline-flex items-center gap-1 rounded bg-zinc-900/80 px-1.5 py-0.5 text-xs text-white">
            <EyeOff aria-hidden="true" className="size-3" />
            Hidden
          </span>
        )}
      </span>
      <span className="block truncate px-2 py-1.5 text-xs font-medium text-zinc-800 group-hover:text-brand-700">
        {asset.name}
      </span>
    </Link>
  );
}

/**
 * The assets as a grid of Darkroom-rendered thumbnails. Only the rows in view are in the page
 * (10,000 assets scroll like 50), and reaching the end asks for the next page.
 */
export function AssetGrid({
  assets,
  total,
  hasNextPage,
  fetchingNextPage,
  onLoadMore,
}: {
  assets: readonly Asset[];
  total: number;
  hasNextPage: boolean;
  fetchingNextPage: boolean;
  onLoadMore: () => void;
}) {
  const [scrollElement, setScrollElement] = useState<HTMLDivElement | null>(null);
  const width = useElementWidth(scrollElement);
  const columns = columnsFor(width);
  const tileSize = tileSizeFor(width, columns);
  const rowCount = Math.ceil(assets.length / columns);
  // Caption below the square thumbnail, plus the gap to the next row: only the first guess,
  // each row is then measured as laid out (a caption's height depends on the font and the
  // user's text size), so rows never overlap.
  const rowHeight = tileSize + 32 + GRID_GAP_PX;

  // The virtualiser hands out fresh functions each render; nothing here memoises them.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rowCount,
    getScrollElement: () => scrollElement,
    estimateSize: () => rowHeight,
    overscan: 3,
    initialRect: INITIAL_RECT,
    // A row not laid out yet (or never, as in jsdom) keeps its estimate: a zero height would
    // put every row in view and measure again forever.
    measureElement: (element) => element.getBoundingClientRect().height || rowHeight,
  });
  const rows = virtualizer.getVirtualItems();
  const lastRowShown = rows.at(-1)?.index ?? -1;

  useEffect(() => {
    if (hasNextPage && !fetchingNextPage && lastRowShown >= rowCount - 2) onLoadMore();
  }, [hasNextPage, fetchingNextPage, lastRowShown, rowCount, onLoadMore]);

  return (
    <div
      ref={setScrollElement}
      className="h-[70dvh] min-h-80 overflow-y-auto rounded-lg bg-zinc-50 p-2 ring-1 ring-zinc-200"
    >
      <p className="sr-only" aria-live="polite">
        {assets.length} of {total} assets shown
      </p>
      <ul aria-label="Assets" className="relative" style={{ height: virtualizer.getTotalSize() }}>
        {rows.map((row) => (
          <li
            key={row.key}
            ref={virtualizer.measureElement}
            data-index={row.index}
            className="absolute inset-x-0 top-0 flex items-start"
            style={{
              transform: `translateY(${row.start}px)`,
              gap: GRID_GAP_PX,
              paddingBottom: GRID_GAP_PX,
            }}
          >
            {assets.slice(row.index * columns, row.index * columns + columns).map((asset) => (
              <AssetTile key={asset.id} asset={asset} size={tileSize} />
            ))}
          </li>
        ))}
      </ul>
      {fetchingNextPage && (
        <p className="flex items-center justify-center gap-2 py-3 text-sm text-zinc-600">
          <Spinner />
          Loading more assets…
        </p>
      )}
    </div>
  );
}
