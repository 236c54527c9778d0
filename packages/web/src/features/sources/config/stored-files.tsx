import { formatBytes } from '@darkroom/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { assetKeys, getAssets, type Asset, type AssetFilters } from '../../../api/assets.ts';
import { useDeleteAssetMutation } from '../../../api/deletions.ts';
import { Button, toast, useOverlay } from '../../../ui/index.ts';
import { assetPagePath } from '../../assets/asset.utils.ts';
import { errorMessageOf } from '../../forms/server-errors.utils.ts';

/** Every file of the source, hidden ones included, newest first (the asset list call). */
const ALL_FILES: AssetFilters = {
  keyword: '',
  mediaKinds: [],
  contentType: '',
  hasFaces: false,
  color: '',
  hidden: 'all',
  sort: '-date_created',
};

/**
 * The files a managed storage source holds, newest first, a page at a time, each with Delete:
 * the file goes from Darkroom Storage with its asset and renders, and its URL answers 404.
 */
export function StoredFiles({
  sourceId,
  uploaded,
}: {
  sourceId: string;
  /** Uploads finished on this screen: each one lists the files again. */
  uploaded: number;
}) {
  const [page, setPage] = useState(1);
  const files = useQuery({
    queryKey: [...assetKeys.list(sourceId, ALL_FILES), 'page', page, uploaded],
    queryFn: ({ signal }) => getAssets(sourceId, ALL_FILES, page, signal),
    placeholderData: keepPreviousData,
  });
  const remove = useDeleteAssetMutation();
  const overlay = useOverlay();

  const onDelete = async (file: Asset) => {
    const confirmed = await overlay.confirm({
      title: `Delete ${file.origin_path}?`,
      message:
        'The file is deleted from Darkroom Storage with its cached renders, and its URL answers 404 from now on. This cannot be undone.',
      confirmLabel: 'Delete file',
      style: 'attention',
    });
    if (!confirmed) return;
    try {
      await remove.mutateAsync({ sourceId, originPath: file.origin_path });
      toast.success('File deleted', { description: file.origin_path });
      void files.refetch();
    } catch (error) {
      toast.error('Could not delete the file', { description: errorMessageOf(error) });
    }
  };

  if (files.isPending) return <p className="text-sm text-zinc-500">Loading the stored files…</p>;
  if (files.isError) {
    return (
      <p role="alert" className="text-sm text-red-600">
        The stored files could not be listed: {errorMessageOf(files.error)}
      </p>
    );
  }
  const { assets, pagination } = files.data;
  if (assets.length === 0) {
    return <p className="text-sm text-zinc-600">No file is stored in this source yet.</p>;
  }
  return (
    <div className="space-y-2">
      <h3 className="text-sm font-medium text-zinc-800">
        Stored files ({pagination.totalRecords})
      </h3>
      <ul
        aria-label="Stored files"
        className="divide-y divide-zinc-100 rounded-lg ring-1 ring-zinc-200"
      >
        {assets.map((file) => (
          <li key={file.id} className="flex items-center gap-3 px-3 py-2">
            <div className="min-w-0 flex-1">
              <Link
                to={assetPagePath(sourceId, file.origin_path)}
                className="block truncate text-sm font-medium text-zinc-900 hover:text-brand-700 hover:underline"
              >
                {file.origin_path}
              </Link>
              <p className="text-xs text-zinc-500">
                {file.file_size === null ? 'Size unknown' : formatBytes(file.file_size)}
                {file.hidden ? ' · Hidden' : ''}
              </p>
            </div>
            <button
              type="button"
              aria-haspopup="dialog"
              aria-label={`Delete ${file.origin_path}`}
              title="Delete file"
              disabled={remove.isPending}
              onClick={() => void onDelete(file)}
              className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg text-zinc-500 hover:bg-red-50 hover:text-red-600 disabled:opacity-50"
            >
              <Trash2 aria-hidden="true" className="size-4" />
            </button>
          </li>
        ))}
      </ul>
      {pagination.totalPages > 1 && (
        <div className="flex items-center justify-between gap-2">
          <Button
            type="button"
            variant="secondary"
            size="small"
            disabled={!pagination.hasPreviousPage}
            onClick={() => setPage((current) => Math.max(1, current - 1))}
          >
            Previous
          </Button>
          <span className="text-xs text-zinc-600">
            Page {pagination.currentPage} of {pagination.totalPages}
          </span>
          <Button
            type="button"
            variant="secondary"
            size="small"
            disabled={!pagination.hasNextPage}
            onClick={() => setPage((current) => current + 1)}
          >
            Next
          </Button>
        </div>
      )}
    </div>
  );
}
