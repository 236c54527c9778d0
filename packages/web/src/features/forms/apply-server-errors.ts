import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { mapServerErrors, type ErrorMessages } from './server-errors.utils.ts';

/**
 * Shows a failed submit on the form: field errors under their fields (the first one focused) and
 * anything else as the form's root error (`FormRootError`). What the user typed stays as it was.
 */
export function applyServerErrors<TValues extends FieldValues>(
  form: { setError: UseFormSetError<TValues> },
  error: unknown,
  fields: readonly Path<TValues>[],
  messages?: ErrorMessages,
): void {
  const { fieldErrors, formError } = mapServerErrors(error, fields, messages);
  fieldErrors.forEach(({ field, message }, index) => {
    form.setError(field, { type: 'server', message }, { shouldFocus: index === 0 });
  });
  if (formError) form.setError('root', { type: 'server', message: formError });
}
