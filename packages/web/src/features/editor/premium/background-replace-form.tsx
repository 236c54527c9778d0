import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../ui/index.ts';
import { PROMPT_MAX_LENGTH, promptError } from './modification-tools.utils.ts';

export interface BackgroundReplaceFormProps {
  /** The prompt in the URL now, if any. */
  current: string | undefined;
  disabled: boolean;
  onSubmit: (prompt: string) => void;
}

/** The background replace prompt: required, at most 1024 characters, changed before it is sent. */
export function BackgroundReplaceForm({ current, disabled, onSubmit }: BackgroundReplaceFormProps) {
  const id = useId();
  const [prompt, setPrompt] = useState(current ?? '');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = promptError(prompt, current);
    setError(problem);
    if (problem === null) onSubmit(prompt.trim());
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-2">
      <label htmlFor={`${id}-prompt`} className="text-sm font-medium text-zinc-900">
        New background
      </label>
      <textarea
        id={`${id}-prompt`}
        value={prompt}
        rows={2}
        maxLength={PROMPT_MAX_LENGTH}
        disabled={disabled}
        aria-invalid={error !== null}
        aria-describedby={error === null ? undefined : `${id}-error`}
        placeholder="A sunny beach at noon"
        onChange={(event) => {
          setPrompt(event.target.value);
          setError(null);
        }}
        className="w-full rounded-md border border-zinc-300 px-2 py-1.5 text-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none disabled:bg-zinc-100"
      />
      {error !== null && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
      <Button type="submit" size="small" disabled={disabled} className="self-start">
        Replace
      </Button>
    </form>
  );
}
