import { useQueryClient } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { CloudUpload } from 'lucide-react';
import { useRef, type ReactNode } from 'react';
import { assetKeys } from '../../api/assets.ts';
import { Button } from '../../ui/index.ts';
import { UploadRow } from '../sources/config/upload-row.tsx';
import { useFileUploads } from '../sources/config/use-file-uploads.ts';

/**
 * Drag-and-drop upload over the grid of a managed storage source. Each file goes up on its own
 * with a progress bar; the server indexes it as it stores it, so the grid reloads on success.
 */
export function AssetUpload({
  sourceId,
  maxBytes,
  children,
}: {
  sourceId: string;
  /** The server's per-file limit (platform settings). */
  maxBytes: number;
  children: ReactNode;
}) {
  const queryClient = useQueryClient();
  const picker = useRef<HTMLInputElement>(null);
  const { items, addFiles, dragging, dropZone } = useFileUploads({
    sourceId,
    maxBytes,
    pathOf: (file) => file.name,
    newestFirst: true,
    onUploaded: () => {
      void queryClient.invalidateQueries({ queryKey: assetKeys.lists(sourceId) });
      void queryClient.invalidateQueries({ queryKey: assetKeys.sources() });
    },
  });

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-zinc-600">
          Drop images onto the grid to add them to this source.
        </p>
        <Button type="button" variant="secondary" onClick={() => picker.current?.click()}>
          <CloudUpload aria-hidden="true" className="size-4" />
          Upload files
        </Button>
        <input
          ref={picker}
          type="file"
          multiple
          hidden
          accept="image/*,video/*"
          aria-label="Files to upload"
          onChange={(event) => {
            addFiles(Array.from(event.target.files ?? []));
            // The same file can be chosen again after a failure.
            event.target.value = '';
          }}
        />
      </div>
      {items.length > 0 && (
        <ul
          aria-label="Uploads"
          className="divide-y divide-zinc-100 rounded-lg bg-white ring-1 ring-zinc-200"
        >
          {items.map((item) => (
            <UploadRow key={item.id} item={item} />
          ))}
        </ul>
      )}
      <div
        role="region"
        aria-label="Drop files here to upload them"
        data-dragging={dragging || undefined}
        {...dropZone('copy')}
        className={clsx('rounded-lg', dragging && 'ring-2 ring-brand-500 ring-offset-2')}
      >
        {children}
      </div>
    </div>
  );
}
