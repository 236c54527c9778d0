import {
  CACHE_TTL_BEHAVIORS,
  CACHE_TTL_BEHAVIOR_LABELS,
  type CacheTtlBehavior,
} from '@darkroom/core';
import { useState } from 'react';
import type { Source } from '../../../api/sources.ts';
import { CollapsibleSection, Select } from '../../../ui/index.ts';
import type { SourceSchemas } from '../source-schemas.ts';
import { humanDuration } from '../sources.utils.ts';
import { ConfigField, SaveButton, issuesByField, useSaveSource } from './config-controls.tsx';

const BEHAVIOR_OPTIONS = CACHE_TTL_BEHAVIORS.map((value) => ({
  value,
  label: CACHE_TTL_BEHAVIOR_LABELS[value],
}));

const BEHAVIOR_HINTS: Record<CacheTtlBehavior, string> = {
  default: 'Use the cache headers your storage sends; the TTL applies when it sends none.',
  override: 'Ignore the storage’s cache headers and always cache for the TTL.',
  minimum: 'Cache for at least the TTL, longer when the storage asks for it.',
};

function secondsOf(text: string): number | string {
  return /^\d+$/.test(text.trim()) ? Number(text.trim()) : text;
}

function hintFor(text: string): string {
  const value = secondsOf(text);
  return typeof value === 'number' ? `${value} seconds = ${humanDuration(value)}` : 'In seconds.';
}

/** Cache TTL behaviour, TTL and error TTL. */
export function CacheSection({
  source,
  schemas,
  readOnly,
}: {
  source: Source;
  schemas: SourceSchemas;
  readOnly: boolean;
}) {
  const production = source.production;
  const [behavior, setBehavior] = useState<CacheTtlBehavior>(production.cache_ttl_behavior);
  const [ttl, setTtl] = useState(String(production.cache_ttl_value));
  const [errorTtl, setErrorTtl] = useState(String(production.cache_ttl_error));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { save, saving } = useSaveSource(source.id);

  const candidate = {
    cache_ttl_behavior: behavior,
    cache_ttl_value: secondsOf(ttl),
    cache_ttl_error: secondsOf(errorTtl),
  };
  const validate = (values: typeof candidate) =>
    issuesByField(schemas.settingsPatch.safeParse(values));

  const change = (next: Partial<typeof candidate>) => {
    // Validation runs on every change, with the server's rules.
    setErrors(validate({ ...candidate, ...next }));
  };

  const onSave = async () => {
    const found = validate(candidate);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const changes: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(candidate)) {
      if (production[key] !== value) changes[key] = value;
    }
    if (Object.keys(changes).length === 0) return;
    const result = await save({ production: changes }, 'Cache settings saved');
    if (!result.ok && result.field) setErrors({ [result.field]: result.message });
  };

  return (
    <CollapsibleSection title="Caching">
      <div className="grid gap-4 sm:grid-cols-3">
        <div className="flex flex-col gap-1">
          <Select
            label="Cache TTL behavior"
            options={BEHAVIOR_OPTIONS}
            value={behavior}
            disabled={readOnly}
            onChange={(value) => {
              setBehavior(value as CacheTtlBehavior);
              change({ cache_ttl_behavior: value as CacheTtlBehavior });
            }}
          />
          <p className="text-xs text-zinc-500">{BEHAVIOR_HINTS[behavior]}</p>
        </div>
        <ConfigField
          label="TTL (seconds)"
          value={ttl}
          inputMode="numeric"
          disabled={readOnly}
          error={errors.cache_ttl_value}
          hint={hintFor(ttl)}
          onChange={(value) => {
            setTtl(value);
            change({ cache_ttl_value: secondsOf(value) });
          }}
        />
        <ConfigField
          label="Error TTL (seconds)"
          value={errorTtl}
          inputMode="numeric"
          disabled={readOnly}
          error={errors.cache_ttl_error}
          hint={hintFor(errorTtl)}
          onChange={(value) => {
            setErrorTtl(value);
            change({ cache_ttl_error: secondsOf(value) });
          }}
        />
      </div>
      <SaveButton
        readOnly={readOnly}
        saving={saving}
        disabled={Object.keys(errors).length > 0}
        onSave={() => void onSave()}
        label="Save caching"
      />
    </CollapsibleSection>
  );
}
