/** Placeholder tiles while the first page of assets loads. */
export function AssetGridSkeleton({ tiles = 12 }: { tiles?: number }) {
  return (
    <div role="status" aria-live="polite">
      <span className="sr-only">Loading assets</span>
      <div
        aria-hidden="true"
        className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-6"
      >
        {Array.from({ length: tiles }, (_, index) => (
          <div
            key={index}
            className="animate-pulse rounded-lg bg-white ring-1 ring-zinc-200 motion-reduce:animate-none"
          >
            <div className="aspect-square rounded-t-lg bg-zinc-200" />
            <div className="m-2 h-3 w-2/3 rounded bg-zinc-100" />
          </div>
        ))}
      </div>
    </div>
  );
}
