import { formatBytes } from '@darkroom/core';
import { clsx } from 'clsx';
import { CloudUpload } from 'lucide-react';
import { useRef, useState } from 'react';
import type { Source } from '../../../api/sources.ts';
import { Button, CollapsibleSection } from '../../../ui/index.ts';
import { fileDeliveryUrl } from '../sources.utils.ts';
import { ConfigField } from './config-controls.tsx';
import { folderProblem, uploadPath } from './file-upload.utils.ts';
import { StoredFiles } from './stored-files.tsx';
import { UploadRow, type UploadItem } from './upload-row.tsx';
import { useFileUploads } from './use-file-uploads.ts';

function summaryOf(items: readonly UploadItem[]): string {
  if (items.length === 0) return '';
  const uploaded = items.filter((item) => item.status === 'uploaded').length;
  const failed = items.filter((item) => item.status === 'failed').length;
  const pending = items.length - uploaded - failed;
  const parts = [`${uploaded} of ${items.length} uploaded`];
  if (failed > 0) parts.push(`${failed} failed`);
  if (pending > 0) parts.push(`${pending} in progress`);
  return parts.join(', ');
}

/**
 * The upload panel of a managed storage (darkroom_storage) source: drop files or choose them,
 * optionally into a folder; each goes up on its own with its progress, then shows its delivery
 * URL or the server's refusal.
 */
export function FilesSection({
  source,
  deliveryDomain,
  maxBytes,
}: {
  source: Source;
  deliveryDomain: string;
  /** The server's ORIGIN_MAX_BYTES, from the platform settings. */
  maxBytes: number;
}) {
  const [folder, setFolder] = useState('');
  const picker = useRef<HTMLInputElement>(null);
  const problem = folderProblem(folder);
  const subdomain = source.production.darkroom_subdomains[0];
  const { items, addFiles, dragging, dropZone } = useFileUploads({
    sourceId: source.id,
    maxBytes,
    pathOf: (file) => uploadPath(folder, file.name),
    urlOf: (stored) => (subdomain ? fileDeliveryUrl(subdomain, deliveryDomain, stored.path) : null),
  });
  // A folder name the server would refuse keeps every file back until it is fixed.
  const addToFolder = (chosen: readonly File[]) => {
    if (problem === null) addFiles(chosen);
  };

  return (
    <CollapsibleSection title="Files">
      <div className="space-y-4">
        <p className="text-sm text-zinc-600">
          Darkroom keeps these files for this source and serves each one from your subdomain under
          its path. Up to {formatBytes(maxBytes)} per file.
        </p>
        <ConfigField
          label="Folder"
          optional
          value={folder}
          placeholder="products/2025"
          error={problem ?? undefined}
          hint="The files go into this folder. Leave it empty for the top level."
          onChange={setFolder}
        />
        <div
          data-dragging={dragging || undefined}
          {...dropZone(problem === null ? 'copy' : 'none')}
          className={clsx(
            'flex flex-col items-center gap-3 rounded-lg border-2 border-dashed px-4 py-8 text-center',
            dragging ? 'border-brand-500 bg-brand-50' : 'border-zinc-300 bg-zinc-50',
          )}
        >
          <CloudUpload aria-hidden="true" className="size-8 text-zinc-400" />
          <p className="text-sm text-zinc-700">
            Drag and drop files here, or choose them from your device.
          </p>
          <Button
            type="button"
            color="orange"
            disabled={problem !== null}
            onClick={() => picker.current?.click()}
          >
            Choose files
          </Button>
          <p className="text-xs text-zinc-500">
            Several files at once, up to {formatBytes(maxBytes)} each.
          </p>
          <input
            ref={picker}
            type="file"
            multiple
            hidden
            aria-label="Files to upload"
            onChange={(event) => {
              addToFolder(Array.from(event.target.files ?? []));
              // The same file can be chosen again after a failure.
              event.target.value = '';
            }}
          />
        </div>
        <p aria-live="polite" className="text-sm text-zinc-600">
          {summaryOf(items)}
        </p>
        {items.length > 0 && (
          <ul
            aria-label="Uploads"
            className="divide-y divide-zinc-100 rounded-lg ring-1 ring-zinc-200"
          >
            {items.map((item) => (
              <UploadRow key={item.id} item={item} />
            ))}
          </ul>
        )}
        <StoredFiles
          sourceId={source.id}
          uploaded={items.filter((item) => item.status === 'uploaded').length}
        />
      </div>
    </CollapsibleSection>
  );
}
