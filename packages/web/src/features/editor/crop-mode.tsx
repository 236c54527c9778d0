import { Crop, PaintBucket } from 'lucide-react';
import { useState } from 'react';
import type { Rect } from '@darkroom/core';
import { Button } from '../../ui/index.ts';
import { CropFrame } from './crop-frame.tsx';
import { initialFrame, sameRect } from './crop-frame.utils.ts';
import type { OriginProperties } from './editor-types.ts';
import { EditorLayout } from './editor-layout.tsx';
import { EditorSection } from './editor-section.tsx';
import { ModePill } from './mode-pill.tsx';
import { applyCrop, canApply, cancelMode, enterFill, type EditorSession } from './modes.utils.ts';
import { ratioOfChoice } from './resize.utils.ts';
import { ResizeFields } from './resize-fields.tsx';

export interface CropModeProps {
  session: EditorSession;
  origin: OriginProperties;
  alt: string;
  onChange: (next: EditorSession) => void;
}

/** The crop panel (spec editor section 2): the frame over the original, its sidebar and info bar. */
export function CropMode({ session, origin, alt, onChange }: CropModeProps) {
  const ratio = session.ratio.locked ? ratioOfChoice(session.ratio.choice, origin) : null;
  const [initial] = useState(() => initialFrame(session.params.rect, origin, ratio));
  const [frame, setFrame] = useState<Rect>(initial);
  const changed = !sameRect(frame, initial) || canApply(session);

  return (
    <EditorLayout
      main={
        <CropFrame
          src={origin.originUrl}
          alt={alt}
          origin={origin}
          aspectRatio={ratio}
          initial={initial}
          onChange={setFrame}
        />
      }
      footer={
        <p
          aria-label="Crop frame"
          className="hidden items-center gap-6 border-t border-zinc-800 bg-zinc-950 px-4 py-2 text-xs text-zinc-300 tabular-nums lg:flex"
        >
          <span>
            Position {frame.left}, {frame.top}
          </span>
          <span>
            Frame {frame.width} × {frame.height} px
          </span>
          <span>
            Original {origin.originWidth} × {origin.originHeight} px
          </span>
        </p>
      }
      sidebarLabel="Crop"
      sidebar={
        <>
          <EditorSection title="Resize & Transform" aside={<ModePill mode="crop" />}>
            <div role="group" aria-label="Crop or fill" className="grid grid-cols-2 gap-2">
              <Button type="button" variant="primary" aria-pressed="true">
                <Crop aria-hidden="true" className="size-4" />
                Crop
              </Button>
              <Button
                type="button"
                variant="secondary"
                aria-pressed="false"
                onClick={() => onChange(enterFill(session, origin))}
              >
                <PaintBucket aria-hidden="true" className="size-4" />
                Fill
              </Button>
            </div>
          </EditorSection>
          <EditorSection title="Crop Size">
            <dl className="grid grid-cols-2 gap-2 text-sm">
              <div className="rounded-lg bg-zinc-50 px-3 py-2 ring-1 ring-zinc-200">
                <dt className="text-xs text-zinc-500">Frame width</dt>
                <dd className="tabular-nums">{frame.width} px</dd>
              </div>
              <div className="rounded-lg bg-zinc-50 px-3 py-2 ring-1 ring-zinc-200">
                <dt className="text-xs text-zinc-500">Frame height</dt>
                <dd className="tabular-nums">{frame.height} px</dd>
              </div>
            </dl>
            <ResizeFields session={session} origin={origin} onChange={onChange} />
          </EditorSection>
          <div className="flex gap-2 p-4">
            <Button
              type="button"
              className="flex-1"
              disabled={!changed}
              onClick={() => onChange(applyCrop(session, frame, origin))}
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
      }
    />
  );
}
