import { useId, useState } from 'react';
import { usePurgeMutation, type PurgeRequest } from '../../api/purges.ts';
import { useSourcesQuery } from '../../api/sources.ts';
import { Button, Select, toast } from '../../ui/index.ts';
import { mapServerErrors } from '../forms/server-errors.utils.ts';
import { ConfigField } from '../sources/config/config-controls.tsx';
import { prefixProblem, urlProblem } from './purges.utils.ts';

type Mode = 'url' | 'prefix';
type Field = 'url' | 'source_id' | 'prefix';

const MODES: { value: Mode; label: string; hint: string }[] = [
  { value: 'url', label: 'One image', hint: 'Every size and format of one image, by its URL.' },
  {
    value: 'prefix',
    label: 'A path prefix',
    hint: 'Every image of a source whose path starts with the prefix.',
  },
];

/** The sources the list shows at most: an account with more types the prefix's source by URL. */
const SOURCE_CHOICES = 100;

/**
 * Purges one image by its delivery URL, or every path of a source under a prefix. Each field
 * says what is wrong before the request; the server's refusals land on their field.
 */
export function PurgeForm() {
  const [mode, setMode] = useState<Mode>('url');
  const [url, setUrl] = useState('');
  const [sourceId, setSourceId] = useState('');
  const [prefix, setPrefix] = useState('/');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const purge = usePurgeMutation();
  const sources = useSourcesQuery({ page: 1, pageSize: SOURCE_CHOICES, sort: 'name' });
  const ownSources = (sources.data?.sources ?? []).filter((source) => !source.demo);
  const modeName = useId();
  const chosenSource = sourceId || ownSources[0]?.id || '';

  const submit = async () => {
    const request: PurgeRequest =
      mode === 'url' ? { url: url.trim() } : { source_id: chosenSource, prefix: prefix.trim() };
    const problems: Partial<Record<Field, string>> =
      mode === 'url'
        ? { url: urlProblem(url) ?? undefined }
        : {
            source_id: chosenSource === '' ? 'Choose the source to purge.' : undefined,
            prefix: prefixProblem(prefix) ?? undefined,
          };
    const found = Object.fromEntries(Object.entries(problems).filter(([, message]) => message));
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0) return;
    try {
      await purge.mutateAsync(request);
      toast.success('Purged', {
        description: 'The next request for it renders again from the origin.',
      });
      if (mode === 'url') setUrl('');
    } catch (error) {
      const mapped = mapServerErrors<Field>(error, ['url', 'source_id', 'prefix']);
      setErrors(Object.fromEntries(mapped.fieldErrors.map((item) => [item.field, item.message])));
      setFormError(mapped.formError);
    }
  };

  return (
    <form
      aria-label="Purge"
      noValidate
      className="space-y-4 rounded-lg bg-white p-4 shadow-sm ring-1 ring-zinc-200 sm:p-6"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <fieldset>
        <legend className="text-sm font-medium text-zinc-800">What to purge</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {MODES.map((option) => (
            <label
              key={option.value}
              className="flex cursor-pointer gap-3 rounded-lg border border-zinc-200 p-3 has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600"
            >
              <input
                type="radio"
                name={modeName}
                value={option.value}
                checked={mode === option.value}
                onChange={() => {
                  setMode(option.value);
                  setErrors({});
                  setFormError(null);
                }}
                className="mt-0.5 size-4 accent-brand-600"
              />
              <span>
                <span className="block text-sm font-medium text-zinc-900">{option.label}</span>
                <span className="block text-xs text-zinc-600">{option.hint}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>

      {mode === 'url' ? (
        <ConfigField
          label="Image URL"
          value={url}
          onChange={setUrl}
          inputMode="url"
          placeholder="https://my-images.example.com/photos/cat.jpg"
          error={errors.url}
          hint="Its query does not matter: every size and format of the image is purged."
        />
      ) : (
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="flex min-w-0 flex-col gap-1">
            <Select
              label="Source"
              options={ownSources.map((source) => ({ value: source.id, label: source.name }))}
              value={chosenSource || null}
              onChange={(value) => setSourceId(value)}
            />
            {errors.source_id && (
              <p role="alert" className="text-xs text-red-600">
                {errors.source_id}
              </p>
            )}
            {sources.isSuccess && ownSources.length === 0 && (
              <p className="text-xs text-zinc-600">
                Your account has no source of its own to purge yet.
              </p>
            )}
          </div>
          <ConfigField
            label="Path prefix"
            value={prefix}
            onChange={setPrefix}
            placeholder="/products/"
            error={errors.prefix}
            hint="Every image whose path starts with this. / purges the whole source."
          />
        </div>
      )}

      {formError && (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
          {formError}
        </p>
      )}
      <div className="flex justify-end">
        <Button type="submit" color="orange" working={purge.isPending}>
          Purge
        </Button>
      </div>
    </form>
  );
}
