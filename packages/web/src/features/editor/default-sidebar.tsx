import type { EditorCapabilities, OriginProperties } from './editor-types.ts';
import { AutoOperationsSection } from './auto-operations-section.tsx';
import { EditorSection } from './editor-section.tsx';
import { FormatSection } from './format-section.tsx';
import { ImageTransformSection } from './image-transform-section.tsx';
import { ModePill } from './mode-pill.tsx';
import { enterCrop, enterFill, trashTransform, type EditorSession } from './modes.utils.ts';
import type { FormatSupport } from './params.utils.ts';
import { ModificationTools } from './premium/modification-tools.tsx';
import { ResizeFields } from './resize-fields.tsx';
import { toast } from '../../ui/index.ts';
import { EditorUrlSection } from '../playground/editor-url-section.tsx';

export interface DefaultSidebarProps {
  session: EditorSession;
  origin: OriginProperties;
  capabilities: EditorCapabilities;
  support: FormatSupport;
  sourceId: string;
  originPath: string;
  loading: boolean;
  onChange: (next: EditorSession) => void;
  onOpenObjectTool: () => void;
}

/** The sidebar outside crop and fill (spec editor section 2, 'Sidebar sections'). */
export function DefaultSidebar({
  session,
  origin,
  capabilities,
  support,
  sourceId,
  originPath,
  loading,
  onChange,
  onOpenObjectTool,
}: DefaultSidebarProps) {
  const setParams = (params: EditorSession['params']) => onChange({ ...session, params });
  return (
    <>
      <EditorSection
        title="Resize & Transform"
        aside={<ModePill mode={session.mode} params={session.params} />}
      >
        <p className="text-xs text-zinc-600">
          Original {origin.originWidth} × {origin.originHeight} px
        </p>
      </EditorSection>
      <EditorSection title="Resize Image">
        <ResizeFields session={session} origin={origin} onChange={onChange} />
      </EditorSection>
      <ImageTransformSection
        params={session.params}
        disabled={false}
        onEnterCrop={() => onChange(enterCrop(session))}
        onEnterFill={() => onChange(enterFill(session, origin))}
        onTrash={() => {
          const trashed = trashTransform(session);
          onChange(trashed.session);
          toast.info(trashed.message, { editor: true });
        }}
      />
      <AutoOperationsSection
        params={session.params}
        support={support}
        disabled={false}
        onChange={setParams}
      />
      <FormatSection
        params={session.params}
        support={support}
        disabled={false}
        onChange={setParams}
      />
      <EditorUrlSection
        assetUrl={origin.originUrl}
        params={session.params}
        sourceId={sourceId}
        originPath={originPath}
        onChange={setParams}
      />
      <div className="px-4">
        <ModificationTools
          params={session.params}
          origin={origin}
          capabilities={capabilities}
          sourceId={sourceId}
          originPath={originPath}
          disabled={loading}
          onChange={setParams}
          onEnterGenerativeFill={() => {
            const fill = enterFill(session, origin);
            onChange({ ...fill, params: { ...fill.params, fill: 'gen' } });
          }}
          onOpenObjectTool={onOpenObjectTool}
        />
      </div>
    </>
  );
}
