import { formatBytes } from '@darkroom/core';
import { CircleCheck, Copy, ExternalLink, FileImage, TriangleAlert } from 'lucide-react';
import type { SourceFile } from '../../../api/source-files.ts';
import { Button } from '../../../ui/index.ts';
import { copyDeliveryUrl } from './copy-url.ts';

/** One file of the upload panel, from choosing it to the server's answer. */
export type UploadItem = {
  id: number;
  path: string;
  size: number;
  loaded: number;
} & (
  | { status: 'waiting' }
  | { status: 'uploading' }
  | { status: 'uploaded'; file: SourceFile; url: string | null }
  | { status: 'failed'; message: string }
);

function ProgressBar({ item }: { item: UploadItem }) {
  const percent = item.size > 0 ? Math.min(100, Math.round((item.loaded / item.size) * 100)) : 0;
  return (
    <div className="flex items-center gap-2">
      <div
        role="progressbar"
        aria-label={`Uploading ${item.path}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-1.5 flex-1 overflow-hidden rounded-full bg-zinc-200"
      >
        <div className="h-full rounded-full bg-brand-600" style={{ width: `${percent}%` }} />
      </div>
      <span className="w-10 text-right text-xs text-zinc-600 tabular-nums">{percent}%</span>
    </div>
  );
}

function Uploaded({ item }: { item: Extract<UploadItem, { status: 'uploaded' }> }) {
  const size = item.file.size ?? item.size;
  const { url } = item;
  return (
    <div className="space-y-2">
      <p className="flex items-center gap-1 text-xs font-medium text-green-700">
        <CircleCheck aria-hidden="true" className="size-3.5" />
        Uploaded, {formatBytes(size)}
      </p>
      {url && (
        <div className="flex flex-wrap items-center gap-2">
          <code className="w-full min-w-0 rounded bg-zinc-100 px-2 py-1 font-mono text-xs break-all text-zinc-800 sm:w-auto sm:flex-1">
            {url}
          </code>
          <Button
            type="button"
            variant="secondary"
            size="small"
            aria-label={`Copy the URL of ${item.path}`}
            onClick={() => void copyDeliveryUrl(url)}
          >
            <Copy aria-hidden="true" className="size-4" />
            Copy
          </Button>
          <a
            href={url}
            target="_blank"
            rel="noreferrer"
            aria-label={`Open ${item.path} in a new tab`}
            className="inline-flex h-8 items-center gap-1 rounded-lg px-2 text-sm font-medium text-brand-700 hover:bg-brand-50"
          >
            Open
            <ExternalLink aria-hidden="true" className="size-3.5" />
          </a>
        </div>
      )}
    </div>
  );
}

export function UploadRow({ item }: { item: UploadItem }) {
  return (
    <li className="flex gap-3 px-3 py-3">
      <FileImage aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-zinc-400" />
      <div className="min-w-0 flex-1 space-y-1.5">
        <p className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
          <span className="min-w-0 font-medium break-all text-zinc-900">{item.path}</span>
          <span className="text-xs text-zinc-500">{formatBytes(item.size)}</span>
        </p>
        {item.status === 'waiting' && <p className="text-xs text-zinc-500">Waiting…</p>}
        {item.status === 'uploading' && <ProgressBar item={item} />}
        {item.status === 'uploaded' && <Uploaded item={item} />}
        {item.status === 'failed' && (
          <p className="flex items-start gap-1 text-xs font-medium text-red-600">
            <TriangleAlert aria-hidden="true" className="mt-px size-3.5 shrink-0" />
            {item.message}
          </p>
        )}
      </div>
    </li>
  );
}
