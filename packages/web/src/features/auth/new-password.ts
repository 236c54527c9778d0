import { newPasswordSchema, personNameSchema } from '@darkroom/core';
import { z } from 'zod';

export const PASSWORDS_DIFFER = 'The two passwords differ: type the same one twice.';

// A new password is typed twice, so a slip of the finger does not lock the user out.
const confirmation = z.string().min(1, 'This field is required');
const typedTwice = (values: { password: string; confirmation: string }) =>
  values.password === values.confirmation;
const differ = { message: PASSWORDS_DIFFER, path: ['confirmation'] };

/** The reset-password form: the API takes `password` alone. */
export const resetPasswordFormSchema = z
  .object({ password: newPasswordSchema, confirmation })
  .refine(typedTwice, differ);
export type ResetPasswordFormValues = z.output<typeof resetPasswordFormSchema>;

/** The accept-invitation form: the name the admin gave, which the teammate may correct. */
export const acceptInvitationFormSchema = z
  .object({ name: personNameSchema, password: newPasswordSchema, confirmation })
  .refine(typedTwice, differ);
export type AcceptInvitationFormValues = z.output<typeof acceptInvitationFormSchema>;
