import { Copy, PenLine } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Size } from '@darkroom/core';
import type { Asset } from '../../api/assets.ts';
import { PopoverMenu, Spinner, toast } from '../../ui/index.ts';
import { assetPagePath } from '../assets/asset.utils.ts';
import { copyToClipboard } from '../assets/copy-to-clipboard.ts';
import type { EditorParams } from '../editor/editor-types.ts';
import { renderingUrl, searchWithParams } from '../editor/params.utils.ts';
import { usePlaygroundSigner } from './playground-signing.ts';
import { PlaygroundUrlField } from './playground-url-field.tsx';
import { PreviewFacts } from './preview-facts.tsx';
import { SNIPPETS, type SnippetInput } from './snippets.utils.ts';
import { useRenderingPreview } from './use-rendering-preview.ts';

export interface UrlPlaygroundProps {
  asset: Asset;
  /** The asset's delivery URL, without a query. */
  assetUrl: string;
  /** The parameters it opens with (a link from the editor carries the edit). */
  initialParams: EditorParams;
}

export const PLAYGROUND_ANCHOR = 'url-playground';

/**
 * The URL playground (on every image's page): the rendering URL as text beside its live preview,
 * what the delivery answered (its error text as it gives it, or the output's size, format, bytes
 * and time), and the URL copied as code.
 */
export function UrlPlayground({ asset, assetUrl, initialParams }: UrlPlaygroundProps) {
  const [params, setParams] = useState<EditorParams>(initialParams);
  const [naturalSize, setNaturalSize] = useState<Size | null>(null);
  const signer = usePlaygroundSigner(asset.source_id);
  const url = renderingUrl(assetUrl, params);
  const preview = useRenderingPreview(url, signer);

  const copy = async (kind: (typeof SNIPPETS)[number]['kind'] | 'signed') => {
    const requiresSigning = await signer.requiresSigning().catch(() => false);
    const input: SnippetInput = {
      assetUrl,
      params,
      alt: asset.alt_text ?? asset.name,
      outputSize: naturalSize,
      sourceWidth: asset.media_width ?? null,
      requiresSigning,
    };
    try {
      if (kind === 'signed') {
        if (!requiresSigning) {
          toast.info('This source does not require signed URLs: the URL works as it is.');
        }
        const [signed = url] = await signer.sign([url]);
        await copyToClipboard(signed, 'Signed URL copied');
        return;
      }
      const snippet = SNIPPETS.find((candidate) => candidate.kind === kind);
      if (!snippet) return;
      const text = await signer.signSnippet(snippet.build(input), {
        baseUrl: assetUrl,
        html: snippet.html,
      });
      await copyToClipboard(text, `${snippet.label} copied`);
    } catch {
      toast.error(
        'The URL could not be signed. Try again, or check the source’s secure URL token.',
      );
    }
  };

  const editorLink = `${assetPagePath(asset.source_id, asset.origin_path)}/editing?${searchWithParams(new URLSearchParams(), params).toString()}`;
  return (
    <section
      id={PLAYGROUND_ANCHOR}
      aria-labelledby="url-playground-heading"
      className="scroll-mt-4 rounded-lg bg-white p-4 ring-1 ring-zinc-200"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="url-playground-heading" className="text-base font-semibold text-zinc-900">
            URL playground
          </h2>
          <p className="mt-1 text-sm text-zinc-600">
            Edit the rendering URL and see what the delivery answers.
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Link
            to={editorLink}
            className="inline-flex h-10 items-center gap-2 rounded-lg border border-zinc-300 bg-white px-4 text-sm font-medium text-zinc-900 hover:bg-zinc-50"
          >
            <PenLine aria-hidden="true" className="size-4" />
            Open in the editor
          </Link>
          <PopoverMenu
            label="Copy as"
            items={[
              { label: 'URL', icon: Copy, onSelect: () => void copy('url') },
              { label: 'Signed URL', icon: Copy, onSelect: () => void copy('signed') },
              ...SNIPPETS.filter((snippet) => snippet.kind !== 'url').map((snippet) => ({
                label: snippet.label,
                icon: Copy,
                onSelect: () => void copy(snippet.kind),
              })),
            ]}
          />
        </div>
      </div>
      <div className="mt-4 grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="flex min-w-0 flex-col gap-4">
          <div
            className="flex min-h-64 items-center justify-center overflow-hidden rounded-lg bg-zinc-100 ring-1 ring-zinc-200"
            aria-busy={preview.kind === 'loading' || preview.kind === 'rendering'}
          >
            {preview.kind === 'ready' ? (
              <img
                src={preview.objectUrl}
                alt={`Preview of ${asset.name}`}
                onLoad={(event) =>
                  setNaturalSize({
                    width: event.currentTarget.naturalWidth,
                    height: event.currentTarget.naturalHeight,
                  })
                }
                className="max-h-[60dvh] max-w-full object-contain"
              />
            ) : preview.kind === 'failed' ? (
              <div role="alert" className="max-w-md p-6 text-center">
                <p className="text-sm font-semibold text-red-800">
                  {preview.status === null
                    ? 'No answer from the delivery'
                    : `The delivery refused this URL (${preview.status})`}
                </p>
                <p className="mt-2 font-mono text-sm break-words whitespace-pre-line text-red-700">
                  {preview.message}
                </p>
              </div>
            ) : (
              <p role="status" className="flex items-center gap-2 text-sm text-zinc-600">
                <Spinner />
                {preview.kind === 'rendering' ? 'Still rendering, asking again…' : 'Rendering…'}
              </p>
            )}
          </div>
          {preview.kind === 'ready' && <PreviewFacts facts={preview.facts} size={naturalSize} />}
        </div>
        <PlaygroundUrlField
          assetUrl={assetUrl}
          params={params}
          onParamsChange={(next) => {
            setNaturalSize(null);
            setParams(next);
          }}
          ignoredParams={preview.kind === 'ready' ? preview.facts.ignoredParams : []}
        />
      </div>
    </section>
  );
}
