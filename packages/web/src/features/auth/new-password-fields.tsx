import { MIN_PASSWORD_LENGTH } from '@darkroom/core';
import { useFormState } from 'react-hook-form';
import { TextField } from '../../ui/index.ts';

/** The new password and its confirmation, as the reset and invitation forms ask for them. */
export function NewPasswordFields() {
  // The length hint gives way to the error that repeats it.
  const { errors } = useFormState({ name: 'password' });
  return (
    <>
      <TextField
        name="password"
        label="New password"
        secret
        autoComplete="new-password"
        description={
          errors.password ? undefined : `Use at least ${MIN_PASSWORD_LENGTH} characters.`
        }
        required
      />
      <TextField
        name="confirmation"
        label="Confirm new password"
        secret
        autoComplete="new-password"
        required
      />
    </>
  );
}
