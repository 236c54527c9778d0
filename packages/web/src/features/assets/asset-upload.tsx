import { useQueryClient } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { takesUploadCredentials } from '@darkroom/core';
import { CloudUpload, Lock } from 'lucide-react';
import { useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { assetKeys, type AssetSource } from '../../api/assets.ts';
import { Button } from '../../ui/index.ts';
import { ConfigField } from '../sources/config/config-controls.tsx';
import { folderProblem, uploadPath } from '../sources/config/file-upload.utils.ts';
import { UploadRow } from '../sources/config/upload-row.tsx';
import { useFileUploads } from '../sources/config/use-file-uploads.ts';

/**
 * Drag-and-drop upload over the grid of a source that takes uploads: managed storage, or a
 * storage source with upload credentials, whose files go into the customer's own bucket under
 * the source's prefix. Each file goes up on its own with a progress bar, optionally into a
 * folder; the server indexes it as it stores it, so the grid reloads on success.
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
  const [folder, setFolder] = useState('');
  const problem = folderProblem(folder);
  const { items, addFiles, dragging, dropZone } = useFileUploads({
    sourceId,
    maxBytes,
    pathOf: (file) => uploadPath(folder, file.name),
    newestFirst: true,
    onUploaded: () => {
      void queryClient.invalidateQueries({ queryKey: assetKeys.lists(sourceId) });
      void queryClient.invalidateQueries({ queryKey: assetKeys.sources() });
    },
  });

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="w-full max-w-xs">
          <ConfigField
            label="Upload into folder"
            optional
            value={folder}
            placeholder="products/summer"
            error={problem ?? undefined}
            hint="Drop images onto the grid, or choose them, to add them to this source."
            onChange={setFolder}
          />
        </div>
        <Button
          type="button"
          variant="secondary"
          disabled={problem !== null}
          onClick={() => picker.current?.click()}
        >
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
            if (problem === null) addFiles(Array.from(event.target.files ?? []));
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

/**
 * Why the asset manager cannot upload into a source, and how to enable it: a storage source
 * needs upload credentials (on its source page), a web folder or web proxy cannot take uploads.
 */
export function UploadsUnavailableNote({ source }: { source: AssetSource }) {
  const storage = takesUploadCredentials(source.production.type);
  return (
    <p className="flex items-start gap-2 rounded-lg bg-zinc-50 p-3 text-sm text-zinc-700 ring-1 ring-zinc-200 ring-inset">
      <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-zinc-500" />
      <span className="min-w-0">
        {storage ? (
          <>
            Uploads are off: this source is read-only, as Darkroom has no upload credentials for its
            storage.{' '}
            <Link
              to={`/sources/${encodeURIComponent(source.id)}`}
              className="font-medium text-brand-700 underline underline-offset-2"
            >
              Add upload credentials
            </Link>{' '}
            on the source page to upload into your own storage.
          </>
        ) : (
          'Uploads are off: this source reads its images from a web server, which Darkroom cannot upload to. Add files on that server, or use a storage source.'
        )}
      </span>
    </p>
  );
}
