import { MAX_ALT_TEXT_LANGUAGES } from '@darkroom/core';
import { ALT_TEXT_LANGUAGES, type AltTextLanguageCode } from '@darkroom/core';
import { useId, useState, type FormEvent } from 'react';
import { useSaveAltTextLanguagesMutation } from '../../../api/alt-text-languages.ts';
import { Button, FormErrorBanner, toast } from '../../../ui/index.ts';
import {
  SAVED_MESSAGE,
  isLanguageChosen,
  languageErrorsOf,
  toggleLanguage,
  type LanguageErrors,
  type LanguageToggle,
} from './alt-text-languages.utils.ts';

const REFUSALS: Record<Extract<LanguageToggle, { ok: false }>['reason'], string> = {
  'last-language': 'Keep at least one language: alt text is always written in one or more.',
  'too-many': `Choose at most ${MAX_ALT_TEXT_LANGUAGES} languages.`,
};

const NO_ERRORS: LanguageErrors = { byLanguage: {}, general: null };

export interface AltTextLanguagesFormProps {
  /** The tags the account has saved, in their saved order. */
  savedTags: readonly string[];
  onDone: () => void;
}

/** One checkbox per language alt text can be written in, English first, and Save. */
export function AltTextLanguagesForm({ savedTags, onDone }: AltTextLanguagesFormProps) {
  const legendId = useId();
  const hintId = useId();
  const noticeId = useId();
  const [tags, setTags] = useState<string[]>(() => [...savedTags]);
  const [notice, setNotice] = useState<string | null>(null);
  const [errors, setErrors] = useState<LanguageErrors>(NO_ERRORS);
  const save = useSaveAltTextLanguagesMutation();

  const change = (code: AltTextLanguageCode, checked: boolean) => {
    const next = toggleLanguage(tags, code, checked);
    if (!next.ok) {
      setNotice(REFUSALS[next.reason]);
      return;
    }
    setNotice(null);
    setTags(next.tags);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setErrors(NO_ERRORS);
    try {
      await save.mutateAsync(tags);
      toast.success(SAVED_MESSAGE);
      onDone();
    } catch (error) {
      setErrors(languageErrorsOf(error, tags));
    }
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} className="mt-6 space-y-4" noValidate>
      <FormErrorBanner title="Could not save the languages" message={errors.general} />
      <fieldset aria-labelledby={legendId} aria-describedby={`${hintId} ${noticeId}`}>
        <legend id={legendId} className="text-sm font-medium text-zinc-900">
          Languages
        </legend>
        <p id={hintId} className="mt-1 text-sm text-zinc-600">
          Choose at least one and at most {MAX_ALT_TEXT_LANGUAGES}.
        </p>
        <ul className="mt-3 divide-y divide-zinc-100 rounded-lg ring-1 ring-zinc-200">
          {ALT_TEXT_LANGUAGES.map((language) => (
            <LanguageRow
              key={language.code}
              code={language.code}
              name={language.name}
              nativeName={language.nativeName}
              templated={language.templated}
              checked={isLanguageChosen(tags, language.code)}
              error={errors.byLanguage[language.code]}
              disabled={save.isPending}
              onChange={change}
            />
          ))}
        </ul>
        <p id={noticeId} role="status" className="mt-2 min-h-5 text-sm text-amber-700">
          {notice}
        </p>
      </fieldset>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="secondary" onClick={onDone} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" color="orange" working={save.isPending}>
          Save
        </Button>
      </div>
    </form>
  );
}

interface LanguageRowProps {
  code: AltTextLanguageCode;
  name: string;
  nativeName: string;
  templated: boolean;
  checked: boolean;
  error: string | undefined;
  disabled: boolean;
  onChange: (code: AltTextLanguageCode, checked: boolean) => void;
}

function LanguageRow({
  code,
  name,
  nativeName,
  templated,
  checked,
  error,
  disabled,
  onChange,
}: LanguageRowProps) {
  const inputId = useId();
  const noteId = useId();
  const errorId = useId();
  const describedBy = error ? `${noteId} ${errorId}` : noteId;
  return (
    <li className="px-3 py-2.5">
      <div className="flex items-start gap-3">
        <input
          id={inputId}
          type="checkbox"
          checked={checked}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => onChange(code, event.target.checked)}
          className="mt-0.5 size-4 shrink-0 rounded border-zinc-300 accent-brand-600"
        />
        <div className="min-w-0 text-sm">
          <label htmlFor={inputId} className="font-medium text-zinc-900">
            {name}
            {nativeName !== name && (
              <>
                {' · '}
                <span lang={code} className="font-normal text-zinc-600">
                  {nativeName}
                </span>
              </>
            )}
          </label>
          <p id={noteId} className="text-xs text-zinc-500">
            {templated
              ? 'Templated: one fixed sentence pattern with translated words.'
              : 'Composed for each image.'}
          </p>
          {error && (
            <p id={errorId} className="mt-1 text-xs text-red-700">
              {error}
            </p>
          )}
        </div>
      </div>
    </li>
  );
}
