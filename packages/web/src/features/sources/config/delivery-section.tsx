import { useState } from 'react';
import type { FallbackImage, Source } from '../../../api/sources.ts';
import { CollapsibleSection, Switch } from '../../../ui/index.ts';
import type { SourceSchemas } from '../source-schemas.ts';
import { ConfigField, SaveButton, issuesByField, useSaveSource } from './config-controls.tsx';

/** CORS and crossdomain.xml: each switch saves at once. */
export function CrossOriginSection({ source, readOnly }: { source: Source; readOnly: boolean }) {
  const { save, saving } = useSaveSource(source.id);
  const toggle = (field: 'crossdomain_cors_enabled' | 'crossdomain_xml_enabled', on: boolean) =>
    void save({ production: { [field]: on } }, on ? 'Setting turned on' : 'Setting turned off');
  return (
    <CollapsibleSection title="Cross-origin access">
      <div className="space-y-3">
        <Switch
          label="CORS headers (Access-Control-Allow-Origin: *)"
          checked={source.production.crossdomain_cors_enabled}
          disabled={readOnly || saving}
          onCheckedChange={(on) => toggle('crossdomain_cors_enabled', on)}
        />
        <Switch
          label="Serve crossdomain.xml (for Flash-era and Unity clients)"
          checked={source.production.crossdomain_xml_enabled}
          disabled={readOnly || saving}
          onCheckedChange={(on) => toggle('crossdomain_xml_enabled', on)}
        />
      </div>
    </CollapsibleSection>
  );
}

type FallbackField = 'image_error' | 'image_missing';

interface FallbackDraft {
  url: string;
  append_qs: boolean;
}

function draftOf(image: FallbackImage | null): FallbackDraft {
  return { url: image?.url ?? '', append_qs: image?.append_qs ?? false };
}

function valueOf(draft: FallbackDraft): FallbackImage | null {
  return draft.url.trim() === '' ? null : { url: draft.url.trim(), append_qs: draft.append_qs };
}

const FALLBACKS: ReadonlyArray<{ field: FallbackField; label: string; hint: string }> = [
  {
    field: 'image_error',
    label: 'Error image URL',
    hint: 'Served instead when an image cannot be processed.',
  },
  {
    field: 'image_missing',
    label: 'Missing image URL',
    hint: 'Served instead when an image is not found in your storage.',
  },
];

/** The error and missing-image fallbacks, each a URL with its append_qs switch. */
export function FallbacksSection({
  source,
  schemas,
  readOnly,
}: {
  source: Source;
  schemas: SourceSchemas;
  readOnly: boolean;
}) {
  const [drafts, setDrafts] = useState<Record<FallbackField, FallbackDraft>>({
    image_error: draftOf(source.image_error),
    image_missing: draftOf(source.image_missing),
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { save, saving } = useSaveSource(source.id);

  const validate = (next: Record<FallbackField, FallbackDraft>) =>
    issuesByField(
      schemas.settingsPatch.safeParse({
        image_error: valueOf(next.image_error),
        image_missing: valueOf(next.image_missing),
      }),
    );

  const update = (field: FallbackField, patch: Partial<FallbackDraft>) => {
    const next = { ...drafts, [field]: { ...drafts[field], ...patch } };
    setDrafts(next);
    setErrors(validate(next));
  };

  const onSave = async () => {
    const found = validate(drafts);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const result = await save(
      { image_error: valueOf(drafts.image_error), image_missing: valueOf(drafts.image_missing) },
      'Fallback images saved',
    );
    if (!result.ok && result.field) setErrors({ [`${result.field}.url`]: result.message });
  };

  return (
    <CollapsibleSection title="Fallback images">
      <div className="space-y-5">
        {FALLBACKS.map(({ field, label, hint }) => (
          <div key={field} className="space-y-2">
            <ConfigField
              label={label}
              optional
              value={drafts[field].url}
              inputMode="url"
              placeholder="https://www.example.com/fallback.png"
              disabled={readOnly}
              error={errors[`${field}.url`] ?? errors[field]}
              hint={hint}
              onChange={(url) => update(field, { url })}
            />
            <Switch
              label="Append the request’s query string to this URL (append_qs)"
              checked={drafts[field].append_qs}
              disabled={readOnly}
              onCheckedChange={(append_qs) => update(field, { append_qs })}
            />
          </div>
        ))}
      </div>
      <SaveButton
        readOnly={readOnly}
        saving={saving}
        disabled={Object.keys(errors).length > 0}
        onSave={() => void onSave()}
        label="Save fallback images"
      />
    </CollapsibleSection>
  );
}
