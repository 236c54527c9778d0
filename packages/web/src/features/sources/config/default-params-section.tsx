import { Plus, X } from 'lucide-react';
import { useState } from 'react';
import type { Source } from '../../../api/sources.ts';
import { Button, CollapsibleSection } from '../../../ui/index.ts';
import type { SourceSchemas } from '../source-schemas.ts';
import { ConfigField, SaveButton, issuesByField, useSaveSource } from './config-controls.tsx';

interface Row {
  id: number;
  key: string;
  value: string;
}

let nextRowId = 0;
const row = (key: string, value: string): Row => ({ id: (nextRowId += 1), key, value });

/** Rendering parameters every URL of the source gets unless it names them itself. */
export function DefaultParamsSection({
  source,
  schemas,
  readOnly,
}: {
  source: Source;
  schemas: SourceSchemas;
  readOnly: boolean;
}) {
  const [rows, setRows] = useState<Row[]>(() =>
    Object.entries(source.production.default_params).map(([key, value]) => row(key, value)),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { save, saving } = useSaveSource(source.id);

  const paramsOf = (list: Row[]) =>
    Object.fromEntries(
      list.filter((item) => item.key.trim() !== '').map((item) => [item.key.trim(), item.value]),
    );

  const validate = (list: Row[]) => {
    const found = issuesByField(
      schemas.settingsPatch.safeParse({ default_params: paramsOf(list) }),
    );
    const keys = list.map((item) => item.key.trim()).filter(Boolean);
    const duplicate = keys.find((key, index) => keys.indexOf(key) !== index);
    if (duplicate) found[`default_params.${duplicate}`] = `${duplicate} is already in the list.`;
    return found;
  };

  const update = (list: Row[]) => {
    setRows(list);
    setErrors(validate(list));
  };

  const onSave = async () => {
    const found = validate(rows);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const result = await save(
      { production: { default_params: paramsOf(rows) } },
      'Default parameters saved',
    );
    if (!result.ok && result.field) setErrors({ [result.field]: result.message });
  };

  return (
    <CollapsibleSection title="Default parameters">
      <p className="mb-3 text-sm text-zinc-600">
        Added to every request of this source unless the URL sets them, for example{' '}
        <code className="rounded bg-zinc-100 px-1">auto</code> ={' '}
        <code className="rounded bg-zinc-100 px-1">format</code>.
      </p>
      <ul className="space-y-3">
        {rows.map((item, index) => (
          <li key={item.id} className="flex items-start gap-2">
            <div className="grid flex-1 gap-2 sm:grid-cols-2">
              <ConfigField
                label={`Parameter ${index + 1} name`}
                value={item.key}
                disabled={readOnly}
                error={errors[`default_params.${item.key.trim()}`]}
                onChange={(key) => update(rows.map((r) => (r.id === item.id ? { ...r, key } : r)))}
              />
              <ConfigField
                label={`Parameter ${index + 1} value`}
                value={item.value}
                disabled={readOnly}
                onChange={(value) =>
                  update(rows.map((r) => (r.id === item.id ? { ...r, value } : r)))
                }
              />
            </div>
            {!readOnly && (
              <button
                type="button"
                aria-label={`Remove parameter ${index + 1}`}
                onClick={() => update(rows.filter((r) => r.id !== item.id))}
                className="mt-6 grid size-10 place-items-center rounded-lg text-zinc-500 hover:bg-red-50 hover:text-red-600"
              >
                <X aria-hidden="true" className="size-4" />
              </button>
            )}
          </li>
        ))}
      </ul>
      {rows.length === 0 && <p className="text-sm text-zinc-500">No default parameters.</p>}
      {errors.default_params && (
        <p className="mt-2 text-xs font-medium text-red-600">{errors.default_params}</p>
      )}
      {!readOnly && (
        <Button
          type="button"
          variant="secondary"
          size="small"
          className="mt-3"
          onClick={() => update([...rows, row('', '')])}
        >
          <Plus aria-hidden="true" className="size-4" />
          Add parameter
        </Button>
      )}
      <SaveButton
        readOnly={readOnly}
        saving={saving}
        disabled={Object.keys(errors).length > 0}
        onSave={() => void onSave()}
        label="Save default parameters"
      />
    </CollapsibleSection>
  );
}
