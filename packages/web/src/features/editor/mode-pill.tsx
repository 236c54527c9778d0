import { Badge } from '../../ui/index.ts';
import type { EditorMode } from './editor-types.ts';
import { modePillLabel } from './modes.utils.ts';

/** The mode pill of the Resize & Transform section. */
export function ModePill({ mode }: { mode: EditorMode }) {
  return (
    <Badge color="blue" size="small">
      <span className="sr-only">Mode: </span>
      {modePillLabel(mode)}
    </Badge>
  );
}
