import type { ReactNode } from 'react';
import type { Asset } from '../../api/assets.ts';
import { AltTextPredictions, AssetLabels } from './asset-analysis.tsx';
import { formatFileSize } from './asset.utils.ts';

const dateTimeFormat = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
});

function orNone(value: string | number | null | undefined): string {
  return value === null || value === undefined || value === '' ? '—' : String(value);
}

function yesNo(value: boolean): string {
  return value ? 'Yes' : 'No';
}

function listOrNone(items: readonly unknown[]): string {
  return items.length === 0
    ? '—'
    : items.map((item) => (typeof item === 'string' ? item : JSON.stringify(item))).join(', ');
}

function Swatches({ asset }: { asset: Asset }) {
  if (asset.colors.length === 0) return <>—</>;
  return (
    <ul aria-label="Dominant colours" className="flex flex-wrap gap-2">
      {asset.colors.map((color) => (
        <li key={color.hex} className="flex items-center gap-1.5">
          <span
            aria-hidden="true"
            className="size-5 rounded ring-1 ring-zinc-300"
            style={{ backgroundColor: color.hex }}
          />
          <span className="font-mono text-xs">
            {color.hex} · {Math.round(color.share * 100)}%
          </span>
        </li>
      ))}
    </ul>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-1 gap-1 py-2 sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm font-medium text-zinc-600">{label}</dt>
      <dd className="min-w-0 text-sm break-words text-zinc-900 sm:col-span-2">{children}</dd>
    </div>
  );
}

/**
 * Every field of the asset (spec platform section 3 'Asset'). Faces shows '—' until the asset
 * analysis has looked at the current file; the other AI fields show their empty values as such.
 */
export function AssetDetails({ asset }: { asset: Asset }) {
  const warnings = Object.entries(asset.warnings)
    .filter(([, rating]) => rating !== null)
    .map(([kind, rating]) => `${kind}: ${rating}`);
  return (
    <dl aria-label="Asset details" className="divide-y divide-zinc-100">
      <Row label="Id">{asset.id}</Row>
      <Row label="Origin path">{asset.origin_path}</Row>
      <Row label="Source id">{asset.source_id}</Row>
      <Row label="Content type">{orNone(asset.content_type)}</Row>
      <Row label="File size">{formatFileSize(asset.file_size)}</Row>
      <Row label="Media kind">{asset.media_kind}</Row>
      <Row label="Dimensions">
        {asset.media_width !== null && asset.media_height !== null
          ? `${asset.media_width} × ${asset.media_height} px`
          : '—'}
      </Row>
      <Row label="DPI">
        {asset.dpi_width !== null && asset.dpi_height !== null
          ? `${asset.dpi_width} × ${asset.dpi_height}`
          : '—'}
      </Row>
      <Row label="Image mode">{orNone(asset.image_mode)}</Row>
      <Row label="Colour profile">{orNone(asset.color_profile_name)}</Row>
      <Row label="Colours">
        <Swatches asset={asset} />
      </Row>
      <Row label="Has frames">{yesNo(asset.has_frames)}</Row>
      <Row label="Has colours">{yesNo(asset.has_colors)}</Row>
      <Row label="Renderable">{yesNo(asset.is_renderable)}</Row>
      <Row label="Faces">{asset.face_count === null ? '—' : asset.face_count}</Row>
      <Row label="Has faces">{yesNo(asset.has_faces)}</Row>
      <Row label="Has labels">{yesNo(asset.has_labels)}</Row>
      <Row label="Labels">
        <AssetLabels labels={asset.labels} />
      </Row>
      <Row label="Cloud Vision labels">{listOrNone(asset.labels_cloud_vision)}</Row>
      <Row label="Alt-text predictions">
        <AltTextPredictions predictions={asset.labels_alt_text_predictions} />
      </Row>
      <Row label="Has warnings">{yesNo(asset.has_warnings)}</Row>
      <Row label="Warning ratings">{warnings.length === 0 ? '—' : warnings.join(', ')}</Row>
      <Row label="Identified">{yesNo(asset.is_identified)}</Row>
      <Row label="Name">{asset.name}</Row>
      <Row label="Description">{orNone(asset.description)}</Row>
      <Row label="Categories">{listOrNone(asset.categories)}</Row>
      <Row label="Tags">{listOrNone(asset.labels_user_defined)}</Row>
      <Row label="Metadata">
        {Object.keys(asset.metadata).length === 0 ? (
          '—'
        ) : (
          <pre className="overflow-x-auto rounded bg-zinc-50 p-2 text-xs">
            {JSON.stringify(asset.metadata, null, 2)}
          </pre>
        )}
      </Row>
      <Row label="Uploaded by">{orNone(asset.uploaded_by)}</Row>
      <Row label="Hidden">{yesNo(asset.hidden)}</Row>
      <Row label="Created">{dateTimeFormat.format(new Date(asset.date_created))}</Row>
      <Row label="Modified">{dateTimeFormat.format(new Date(asset.date_modified))}</Row>
      <Row label="URL">
        {asset.fullURL === null ? (
          'None: the source has no subdomain or domain yet'
        ) : (
          <a href={asset.fullURL} className="text-brand-700 break-all hover:underline">
            {asset.fullURL}
          </a>
        )}
      </Row>
      <Row label="Video URL">{orNone(asset.fullVideoURL)}</Row>
    </dl>
  );
}
