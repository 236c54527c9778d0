import { fieldsFor, type CredentialField } from '@darkroom/core';
import { useState } from 'react';
import type { Source } from '../../../api/sources.ts';
import { CollapsibleSection, Select } from '../../../ui/index.ts';
import type { SourceSchemas } from '../source-schemas.ts';
import { sourceTypeLabel } from '../sources.utils.ts';
import { ConfigField, SaveButton, issuesByField, useSaveSource } from './config-controls.tsx';

function initialDrafts(fields: readonly CredentialField[], production: Record<string, unknown>) {
  // Secrets are never sent back: their inputs start empty and show the masked value as a hint.
  return Object.fromEntries(
    fields.map((field) => {
      const value = production[field.name];
      return [field.name, field.secret || typeof value !== 'string' ? '' : value];
    }),
  );
}

/** The storage credentials: replace only, and only the fields that changed are sent. */
export function CredentialsSection({
  source,
  schemas,
  readOnly,
}: {
  source: Source;
  schemas: SourceSchemas;
  readOnly: boolean;
}) {
  const production = source.production as Record<string, unknown>;
  // A web proxy's notes (its only textarea) are not credentials; Azure's service type (its only
  // select) is, and changes under the same rules as in the wizard.
  const fields = fieldsFor(source.production.type, source.production.storage_provider).filter(
    (field) => field.inputType !== 'textarea',
  );
  const [drafts, setDrafts] = useState<Record<string, string>>(() =>
    initialDrafts(fields, production),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { save, saving } = useSaveSource(source.id);

  const changedFields = (values: Record<string, string>) =>
    fields
      .filter((field) =>
        field.secret
          ? values[field.name] !== ''
          : values[field.name] !== (production[field.name] ?? ''),
      )
      .map((field) => field.name);

  const validate = (values: Record<string, string>) => {
    const changed = changedFields(values);
    const candidate: Record<string, unknown> = {
      type: production.type,
      ...(production.storage_provider ? { storage_provider: production.storage_provider } : {}),
      ...Object.fromEntries(fields.map((field) => [field.name, production[field.name] ?? ''])),
      ...Object.fromEntries(changed.map((name) => [name, values[name]])),
    };
    const found = issuesByField(schemas.configuration.safeParse(candidate));
    // Unchanged secrets are masked here, so only the edited fields can be judged.
    return Object.fromEntries(Object.entries(found).filter(([name]) => changed.includes(name)));
  };

  const onSave = async () => {
    const found = validate(drafts);
    setErrors(found);
    const changed = changedFields(drafts);
    if (Object.keys(found).length > 0 || changed.length === 0) return;
    const changes = Object.fromEntries(
      changed.map((name) => [name, drafts[name]?.trim() === '' ? null : drafts[name]?.trim()]),
    );
    const result = await save({ production: changes }, 'Credentials saved');
    if (result.ok) {
      setDrafts((current) => ({
        ...current,
        ...Object.fromEntries(fields.filter((f) => f.secret).map((f) => [f.name, ''])),
      }));
    } else if (result.field) {
      setErrors({ [result.field]: result.message });
    }
  };

  if (fields.length === 0) return null;
  return (
    <CollapsibleSection title={`Storage: ${sourceTypeLabel(source.production)}`}>
      <p className="mb-3 text-sm text-zinc-600">
        Secret keys are never shown. Type a new value to replace one; leave it empty to keep it.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        {fields.map((field) => {
          const stored = production[field.name];
          const change = (value: string) => {
            const next = { ...drafts, [field.name]: value };
            setDrafts(next);
            setErrors(validate(next));
          };
          if (field.inputType === 'select') {
            return (
              <div key={field.name} className="flex min-w-0 flex-col gap-1">
                <Select
                  label={field.label}
                  options={(field.options ?? []).map((option) => ({ ...option }))}
                  value={drafts[field.name] || null}
                  disabled={readOnly}
                  onChange={change}
                />
                {errors[field.name] ? (
                  <p className="text-xs font-medium text-red-600">{errors[field.name]}</p>
                ) : (
                  <p className="text-xs text-zinc-500">{field.description}</p>
                )}
              </div>
            );
          }
          return (
            <ConfigField
              key={field.name}
              label={field.label}
              optional={!field.required}
              secret={field.secret}
              value={drafts[field.name] ?? ''}
              disabled={readOnly}
              placeholder={
                field.secret
                  ? typeof stored === 'string'
                    ? stored
                    : '••••'
                  : field.placeholder || undefined
              }
              error={errors[field.name]}
              hint={field.secret ? 'Leave empty to keep the current value.' : undefined}
              onChange={change}
            />
          );
        })}
      </div>
      <SaveButton
        readOnly={readOnly}
        saving={saving}
        disabled={Object.keys(errors).length > 0 || changedFields(drafts).length === 0}
        onSave={() => void onSave()}
        label="Save credentials"
      />
    </CollapsibleSection>
  );
}
