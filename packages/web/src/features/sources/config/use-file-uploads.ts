import { useEffect, useRef, useState, type DragEvent } from 'react';
import { uploadSourceFile, type SourceFile } from '../../../api/source-files.ts';
import { errorMessageOf } from '../../forms/server-errors.utils.ts';
import { UPLOAD_CONCURRENCY, runWithConcurrency, tooLargeMessage } from './file-upload.utils.ts';
import type { UploadItem } from './upload-row.tsx';

let nextUploadId = 0;

export interface FileUploadsOptions {
  sourceId: string;
  /** The server's per-file limit (ORIGIN_MAX_BYTES, from the platform settings). */
  maxBytes: number;
  /** Where a chosen file goes in the source, e.g. into a folder. */
  pathOf: (file: File) => string;
  /** The delivery URL of a stored file, when the source has one to show. */
  urlOf?: (stored: SourceFile) => string | null;
  /** Lists the newest upload first (under a grid) rather than in the order chosen. */
  newestFirst?: boolean;
  onUploaded?: (stored: SourceFile) => void;
}

export interface FileUploads {
  items: readonly UploadItem[];
  addFiles: (chosen: readonly File[]) => void;
  dragging: boolean;
  /** Handlers of the drop zone; `dropEffect` is what the cursor shows over it. */
  dropZone: (dropEffect: 'copy' | 'none') => {
    onDragEnter: (event: DragEvent<HTMLElement>) => void;
    onDragOver: (event: DragEvent<HTMLElement>) => void;
    onDragLeave: (event: DragEvent<HTMLElement>) => void;
    onDrop: (event: DragEvent<HTMLElement>) => void;
  };
}

/**
 * Uploads into a managed storage source, several at a time: each file goes up on its own with
 * its progress, then shows its URL or the server's refusal. Files over the limit are refused
 * before any byte is sent; leaving the page stops the uploads still running.
 */
export function useFileUploads(options: FileUploadsOptions): FileUploads {
  const { sourceId, maxBytes, pathOf, urlOf, newestFirst = false, onUploaded } = options;
  const [items, setItems] = useState<UploadItem[]>([]);
  const [dragging, setDragging] = useState(false);
  // The File objects stay out of React state until their turn comes: rows render only their facts.
  const files = useRef(new Map<number, File>());
  const controller = useRef<AbortController | null>(null);
  useEffect(() => {
    const current = new AbortController();
    controller.current = current;
    return () => current.abort();
  }, []);

  const update = (id: number, change: (item: UploadItem) => UploadItem) =>
    setItems((current) => current.map((item) => (item.id === id ? change(item) : item)));

  const uploadOne = async (item: UploadItem) => {
    update(item.id, (current) => ({ ...current, status: 'uploading' }));
    const file = files.current.get(item.id);
    files.current.delete(item.id);
    if (!file) return;
    try {
      const stored = await uploadSourceFile(sourceId, file, {
        path: item.path,
        signal: controller.current?.signal,
        onProgress: ({ loaded }) => update(item.id, (current) => ({ ...current, loaded })),
      });
      const url = urlOf?.(stored) ?? null;
      update(item.id, (current) => ({
        ...current,
        loaded: current.size,
        status: 'uploaded',
        file: stored,
        url,
      }));
      onUploaded?.(stored);
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
    if (chosen.length === 0) return;
    const added: UploadItem[] = chosen.map((file) => {
      const id = (nextUploadId += 1);
      const base = { id, path: pathOf(file), size: file.size, loaded: 0 };
      const refusal = tooLargeMessage(file.size, maxBytes);
      if (refusal !== null) return { ...base, status: 'failed', message: refusal };
      files.current.set(id, file);
      return { ...base, status: 'waiting' };
    });
    setItems((current) => (newestFirst ? [...added, ...current] : [...current, ...added]));
    void runWithConcurrency(
      added.filter((item) => item.status === 'waiting'),
      UPLOAD_CONCURRENCY,
      uploadOne,
    );
  };

  const dropZone: FileUploads['dropZone'] = (dropEffect) => ({
    onDragEnter: (event) => {
      event.preventDefault();
      setDragging(true);
    },
    onDragOver: (event) => {
      event.preventDefault();
      event.dataTransfer.dropEffect = dropEffect;
    },
    onDragLeave: (event) => {
      if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
    },
    onDrop: (event) => {
      event.preventDefault();
      setDragging(false);
      if (dropEffect === 'copy') addFiles(Array.from(event.dataTransfer.files));
    },
  });

  return { items, addFiles, dragging, dropZone };
}
