import { Crop, PaintBucket } from 'lucide-react';
import { Button } from '../../ui/index.ts';
import type { OriginProperties } from './editor-types.ts';
import { EditorSection } from './editor-section.tsx';
import { GenerativeFillSection } from './generative-fill-section.tsx';
import { ModePill } from './mode-pill.tsx';
import { applyFill, canApply, cancelMode, enterCrop, type EditorSession } from './modes.utils.ts';
import { ResizeFields } from './resize-fields.tsx';

export interface FillSidebarProps {
  session: EditorSession;
  origin: OriginProperties;
  generativeFillAvailable: boolean;
  loading: boolean;
  onChange: (next: EditorSession) => void;
}

/** The fill sidebar (spec editor section 2): Crop and Fill, Fill Size, Generative Fill. */
export function FillSidebar({
  session,
  origin,
  generativeFillAvailable,
  loading,
  onChange,
}: FillSidebarProps) {
  return (
    <>
      <EditorSection title="Resize & Transform" aside={<ModePill mode="fill" />}>
        <div role="group" aria-label="Crop or fill" className="grid grid-cols-2 gap-2">
          <Button
            type="button"
            variant="secondary"
            aria-pressed="false"
            onClick={() => onChange(enterCrop(session))}
          >
            <Crop aria-hidden="true" className="size-4" />
            Crop
          </Button>
          <Button type="button" variant="primary" aria-pressed="true">
            <PaintBucket aria-hidden="true" className="size-4" />
            Fill
          </Button>
        </div>
      </EditorSection>
      <EditorSection title="Fill Size">
        <ResizeFields session={session} origin={origin} onChange={onChange} />
      </EditorSection>
      <GenerativeFillSection
        params={session.params}
        available={generativeFillAvailable}
        loading={loading}
        onChange={(params) => onChange({ ...session, params })}
      />
      <div className="flex gap-2 p-4">
        <Button
          type="button"
          className="flex-1"
          disabled={!canApply(session)}
          onClick={() => onChange(applyFill(session))}
        >
          Apply
        </Button>
        <Button
          type="button"
          variant="secondary"
          className="flex-1"
          onClick={() => onChange(cancelMode(session))}
        >
          Cancel
        </Button>
      </div>
    </>
  );
}
