import { formatBytes } from '@darkroom/core';
import type { Size } from '@darkroom/core';
import { formatNameOf, type PreviewFacts as Facts } from './rendering-preview.utils.ts';

export interface PreviewFactsProps {
  facts: Facts;
  /** The image's natural size, once it has loaded. */
  size: Size | null;
}

function milliseconds(value: number): string {
  return `${Math.round(value)} ms`;
}

/** What the preview's answer measured: size, format, bytes and time. */
export function PreviewFacts({ facts, size }: PreviewFactsProps) {
  const rows: [string, string][] = [
    ['Output size', size ? `${size.width} × ${size.height} px` : 'Reading…'],
    ['Format', formatNameOf(facts.contentType)],
    ['Bytes', formatBytes(facts.bytes)],
    ['Round trip', milliseconds(facts.roundTripMs)],
  ];
  if (facts.serverMs !== null) rows.push(['Server time', milliseconds(facts.serverMs)]);
  return (
    <dl
      aria-label="Preview facts"
      className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4"
    >
      {rows.map(([term, value]) => (
        <div key={term} className="min-w-0">
          <dt className="text-xs text-zinc-600">{term}</dt>
          <dd className="font-medium text-zinc-900 tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
