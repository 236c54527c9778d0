import { clsx } from 'clsx';
import { CloudUpload } from 'lucide-react';
import { useEffect, useRef, useState, type DragEvent } from 'react';
import { uploadSourceFile } from '../../../api/source-files.ts';
import type { Source } from '../../../api/sources.ts';
import { Button, CollapsibleSection } from '../../../ui/index.ts';
import { errorMessageOf } from '../../forms/server-errors.utils.ts';
import { fileDeliveryUrl, formatBytes } from '../sources.utils.ts';
import { ConfigField } from './config-controls.tsx';
import {
  UPLOAD_CONCURRENCY,
  folderProblem,
  runWithConcurrency,
  tooLargeMessage,
  uploadPath,
} from './file-upload.utils.ts';
import { UploadRow, type UploadItem } from './upload-row.tsx';

let nextUploadId = 0;

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
  const [items, setItems] = useState<UploadItem[]>([]);
  const [dragging, setDragging] = useState(false);
  const picker = useRef<HTMLInputElement>(null);
  // The File objects stay out of React state until their turn comes: rows render only their facts.
  const files = useRef(new Map<number, File>());
  // Leaving the page stops the uploads still running.
  const controller = useRef<AbortController | null>(null);
  useEffect(() => {
    const current = new AbortController();
    controller.current = current;
    return () => current.abort();
  }, []);

  const problem = folderProblem(folder);
  const subdomain = source.production.darkroom_subdomains[0];

  const update = (id: number, change: (item: UploadItem) => UploadItem) =>
    setItems((current) => current.map((item) => (item.id === id ? change(item) : item)));

  const uploadOne = async (item: UploadItem) => {
    update(item.id, (current) => ({ ...current, status: 'uploading' }));
    const file = files.current.get(item.id);
    files.current.delete(item.id);
    if (!file) return;
    try {
      const stored = await uploadSourceFile(source.id, file, {
        path: item.path,
        signal: controller.current?.signal,
        onProgress: ({ loaded }) => update(item.id, (current) => ({ ...current, loaded })),
      });
      const url = subdomain ? fileDeliveryUrl(subdomain, deliveryDomain, stored.path) : null;
      update(item.id, (current) => ({
        ...current,
        loaded: current.size,
        status: 'uploaded',
        file: stored,
        url,
      }));
    } catch (error) {
      if (controller.current?.signal.aborted) return;
      update(item.id, (current) => ({
        ...current,
        status: 'failed',
        message: errorMessageOf(error),
      }));
    }
  };

  const addFiles = (chosen: readonly File[]) => {
    if (chosen.length === 0 || problem !== null) return;
    const added: UploadItem[] = chosen.map((file) => {
      const id = (nextUploadId += 1);
      const base = { id, path: uploadPath(folder, file.name), size: file.size, loaded: 0 };
      const refusal = tooLargeMessage(file.size, maxBytes);
      if (refusal !== null) return { ...base, status: 'failed', message: refusal };
      files.current.set(id, file);
      return { ...base, status: 'waiting' };
    });
    setItems((current) => [...current, ...added]);
    void runWithConcurrency(
      added.filter((item) => item.status === 'waiting'),
      UPLOAD_CONCURRENCY,
      uploadOne,
    );
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    addFiles(Array.from(event.dataTransfer.files));
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
          onDragEnter={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragOver={(event) => {
            event.preventDefault();
            event.dataTransfer.dropEffect = problem === null ? 'copy' : 'none';
          }}
          onDragLeave={(event) => {
            if (!event.currentTarget.contains(event.relatedTarget as Node | null)) {
              setDragging(false);
            }
          }}
          onDrop={onDrop}
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
              addFiles(Array.from(event.target.files ?? []));
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
      </div>
    </CollapsibleSection>
  );
}
