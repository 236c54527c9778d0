import { FileImage } from 'lucide-react';
import { Select } from '../../ui/index.ts';
import type { EditorParams } from './editor-types.ts';
import { EditorSection } from './editor-section.tsx';
import {
  OUTPUT_FORMATS,
  autoValues,
  automaticFormat,
  formatDisabled,
  withParams,
  type FormatSupport,
} from './params.utils.ts';

export interface FormatSectionProps {
  params: EditorParams;
  support: FormatSupport;
  disabled: boolean;
  onChange: (next: EditorParams) => void;
}

/** The output format (`fm`); avif and webp only where this browser can show the preview. */
export function FormatSection({ params, support, disabled, onChange }: FormatSectionProps) {
  const items = OUTPUT_FORMATS.map((format) => ({
    label: format,
    disabled: formatDisabled(format, support),
  }));
  // Spec section 4: with auto=format the select shows what the browser gets.
  const shown =
    params.fm ?? (autoValues(params).includes('format') ? automaticFormat(support) : null);
  return (
    <EditorSection title="Formatting">
      <Select
        tone="dark"
        label="Output format"
        icon={FileImage}
        options={items}
        value={shown}
        placeholder="Same as the original"
        disabled={disabled}
        onChange={(format) => onChange(withParams(params, { fm: format }))}
      />
    </EditorSection>
  );
}
