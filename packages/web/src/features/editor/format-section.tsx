import { FileImage } from 'lucide-react';
import { Select } from '../../ui/index.ts';
import type { EditorParams } from './editor-types.ts';
import { EditorSection } from './editor-section.tsx';
import {
  OUTPUT_FORMATS,
  autoValues,
  automaticFormat,
  formatDisabled,
  toggleAuto,
  withParams,
  type FormatSupport,
} from './params.utils.ts';

export interface FormatSectionProps {
  params: EditorParams;
  support: FormatSupport;
  disabled: boolean;
  onChange: (next: EditorParams) => void;
}

/** The choice that takes `fm` off: the output keeps the origin's format. */
export const SAME_AS_ORIGINAL = 'Same as the original';

/**
 * The output format (`fm`); avif and webp only where this browser can show the preview. "Same as
 * the original" takes the format off again, `auto=format` included, since that would pick one.
 */
export function FormatSection({ params, support, disabled, onChange }: FormatSectionProps) {
  const items = [
    { label: SAME_AS_ORIGINAL },
    ...OUTPUT_FORMATS.map((format) => ({
      label: format,
      disabled: formatDisabled(format, support),
    })),
  ];
  // Spec section 4: with auto=format the select shows what the browser gets.
  const shown =
    params.fm ??
    (autoValues(params).includes('format') ? automaticFormat(support) : SAME_AS_ORIGINAL);
  return (
    <EditorSection title="Formatting">
      <Select
        tone="dark"
        label="Output format"
        icon={FileImage}
        options={items}
        value={shown}
        disabled={disabled}
        onChange={(format) =>
          onChange(
            format === SAME_AS_ORIGINAL
              ? withParams(toggleAuto(params, 'format', false, support), { fm: null })
              : withParams(params, { fm: format }),
          )
        }
      />
    </EditorSection>
  );
}
