import { clsx } from 'clsx';
import { Eye, EyeOff } from 'lucide-react';
import { useId, useState, type HTMLInputTypeAttribute, type ReactNode } from 'react';
import { useFormContext, useFormState } from 'react-hook-form';

export interface TextFieldProps {
  /** The field's path in the form values. */
  name: string;
  label: string;
  description?: ReactNode;
  /** Fields that are not required show an Optional tag (editor spec section 5). */
  required?: boolean;
  /** Masks the value, with a button to show it. */
  secret?: boolean;
  type?: Extract<HTMLInputTypeAttribute, 'text' | 'email' | 'url' | 'tel' | 'search' | 'password'>;
  autoComplete?: string;
  placeholder?: string;
  disabled?: boolean;
  className?: string;
}

/** A labelled text input registered with the surrounding `<Form>`. */
export function TextField({
  name,
  label,
  description,
  required = false,
  secret = false,
  type = 'text',
  autoComplete,
  placeholder,
  disabled,
  className,
}: TextFieldProps) {
  const id = useId();
  const descriptionId = `${id}-description`;
  const errorId = `${id}-error`;
  const { register, getFieldState } = useFormContext();
  const { error } = getFieldState(name, useFormState({ name }));
  const [revealed, setRevealed] = useState(false);
  const describedBy = [description ? descriptionId : null, error ? errorId : null]
    .filter(Boolean)
    .join(' ');

  return (
    <div className={clsx('flex flex-col gap-1', className)}>
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium text-zinc-800">
          {label}
        </label>
        {!required && <span className="text-xs text-zinc-500">Optional</span>}
      </div>
      <div className="relative">
        <input
          id={id}
          type={secret ? (revealed ? 'text' : 'password') : type}
          autoComplete={autoComplete ?? (secret ? 'off' : undefined)}
          spellCheck={secret ? false : undefined}
          placeholder={placeholder}
          disabled={disabled}
          aria-required={required || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          {...register(name)}
          className={clsx(
            'h-10 w-full rounded-lg bg-white px-3 text-sm text-zinc-900 ring-1 ring-inset',
            'placeholder:text-zinc-400',
            'disabled:cursor-not-allowed disabled:bg-zinc-50 disabled:text-zinc-400',
            error ? 'ring-red-500' : 'ring-zinc-300',
            secret && 'pr-11',
          )}
        />
        {secret && (
          <button
            type="button"
            aria-label={`Show ${label}`}
            aria-pressed={revealed}
            aria-controls={id}
            disabled={disabled}
            onClick={() => setRevealed(!revealed)}
            className="absolute inset-y-0 right-0 grid w-10 place-items-center rounded-r-lg text-zinc-500 hover:text-zinc-800"
          >
            {revealed ? (
              <EyeOff aria-hidden="true" className="size-4" />
            ) : (
              <Eye aria-hidden="true" className="size-4" />
            )}
          </button>
        )}
      </div>
      {description && (
        <p id={descriptionId} className="text-xs text-zinc-500">
          {description}
        </p>
      )}
      {error?.message && (
        <p id={errorId} className="text-xs font-medium text-red-600">
          {error.message}
        </p>
      )}
    </div>
  );
}
