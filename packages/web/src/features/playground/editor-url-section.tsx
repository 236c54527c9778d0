import { ExternalLink } from 'lucide-react';
import { Link } from 'react-router';
import { assetPagePath } from '../assets/asset.utils.ts';
import { EditorSection } from '../editor/editor-section.tsx';
import type { EditorParams } from '../editor/editor-types.ts';
import { searchWithParams } from '../editor/params.utils.ts';
import { PlaygroundUrlField } from './playground-url-field.tsx';
import { PLAYGROUND_ANCHOR } from './url-playground.tsx';

export interface EditorUrlSectionProps {
  assetUrl: string;
  params: EditorParams;
  sourceId: string;
  originPath: string;
  onChange: (params: EditorParams) => void;
}

/**
 * The URL the editor builds, shown and editable in its sidebar: typing in it moves the editor's
 * controls, and their changes rewrite it; parameters the editor has no control for stay in it.
 */
export function EditorUrlSection({
  assetUrl,
  params,
  sourceId,
  originPath,
  onChange,
}: EditorUrlSectionProps) {
  const query = searchWithParams(new URLSearchParams(), params).toString();
  return (
    <EditorSection title="URL">
      <PlaygroundUrlField assetUrl={assetUrl} params={params} onParamsChange={onChange} />
      <Link
        to={`${assetPagePath(sourceId, originPath)}${query ? `?${query}` : ''}#${PLAYGROUND_ANCHOR}`}
        className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
      >
        Open in the URL playground
        <ExternalLink aria-hidden="true" className="size-4" />
      </Link>
    </EditorSection>
  );
}
