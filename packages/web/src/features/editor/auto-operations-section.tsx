import { InfoTooltip, Switch } from '../../ui/index.ts';
import type { EditorParams } from './editor-types.ts';
import { EditorSection } from './editor-section.tsx';
import { AUTO_OPTIONS, autoValues, toggleAuto, type FormatSupport } from './params.utils.ts';

export interface AutoOperationsSectionProps {
  params: EditorParams;
  support: FormatSupport;
  disabled: boolean;
  onChange: (next: EditorParams) => void;
}

/** The `auto` switches (spec editor section 4): a switch group over one comma-separated list. */
export function AutoOperationsSection({
  params,
  support,
  disabled,
  onChange,
}: AutoOperationsSectionProps) {
  const values = autoValues(params);
  return (
    <EditorSection
      title="Automatic Operations"
      aside={
        <InfoTooltip
          label="About Automatic Operations"
          content="Let Darkroom pick the format, compress, enhance and fix red eyes. Compression is a standard transformation (1/500 credit per image)."
        />
      }
    >
      <fieldset className="grid grid-cols-2 gap-3">
        <legend className="sr-only">Automatic operations</legend>
        {AUTO_OPTIONS.map((option) => (
          <Switch
            key={option.value}
            label={option.label}
            checked={values.includes(option.value)}
            disabled={disabled}
            onCheckedChange={(checked) =>
              onChange(toggleAuto(params, option.value, checked, support))
            }
          />
        ))}
      </fieldset>
    </EditorSection>
  );
}
