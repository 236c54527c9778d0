import { Badge } from '../../ui/index.ts';
import type { EditorMode, EditorParams } from './editor-types.ts';
import { modePillLabel } from './modes.utils.ts';

/** The mode pill of the Resize & Transform section. */
export function ModePill({ mode, params }: { mode: EditorMode; params?: EditorParams }) {
  return (
    <Badge color="blue" size="small">
      <span className="sr-only">Mode: </span>
      {modePillLabel(mode, params)}
    </Badge>
  );
}
