import { clsx } from 'clsx';
import { useId } from 'react';
import { useFormContext, useFormState } from 'react-hook-form';
import { expiryDayBounds, type ApiKeyFormInput } from './api-key-form.schema.ts';

/**
 * The optional expiry day of a new key, as a date input limited to the days the API takes
 * (tomorrow up to five years ahead). Its note gives way to the error that replaces it.
 */
export function ExpiryField() {
  const id = useId();
  const noteId = `${id}-note`;
  const { register } = useFormContext<ApiKeyFormInput>();
  const error = useFormState<ApiKeyFormInput>({ name: 'expires_on' }).errors.expires_on?.message;
  const bounds = expiryDayBounds();

  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium text-zinc-800">
          Expires on
        </label>
        <span className="text-xs text-zinc-500">Optional</span>
      </div>
      <input
        id={id}
        type="date"
        min={bounds.min}
        max={bounds.max}
        aria-invalid={error ? true : undefined}
        aria-describedby={noteId}
        {...register('expires_on')}
        className={clsx(
          'h-10 w-full rounded-lg bg-white px-3 text-sm text-zinc-900 ring-1 ring-inset sm:w-56',
          error ? 'ring-red-500' : 'ring-zinc-300',
        )}
      />
      <p
        id={noteId}
        className={clsx('text-xs', error ? 'font-medium text-red-600' : 'text-zinc-500')}
      >
        {error ??
          'The key stops working when this day starts. Leave it empty for a key that never expires.'}
      </p>
    </div>
  );
}
