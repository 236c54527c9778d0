import { passwordResetRequestSchema, type PasswordResetRequestInput } from '@darkroom/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { useRequestPasswordResetMutation } from '../../api/password-resets.ts';
import { useDocumentTitle } from '../../app/document-title.ts';
import { Button, Form, FormRootError, TextField, useZodForm } from '../../ui/index.ts';
import { applyServerErrors } from '../forms/apply-server-errors.ts';
import { AuthCard } from './auth-card.tsx';
import { AuthNotice, authLinkClass } from './auth-notice.tsx';

/**
 * Asks for a password-reset link. The answer is the same whether or not an account has the
 * address (OWASP Forgot Password Cheat Sheet), so the page says "if".
 */
export function ForgotPasswordPage() {
  useDocumentTitle('Forgot password');
  const request = useRequestPasswordResetMutation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useZodForm(passwordResetRequestSchema, { defaultValues: { email: '' } });
  const { isSubmitting } = form.formState;

  const onSubmit = async (values: PasswordResetRequestInput) => {
    try {
      await request.mutateAsync(values);
      setSentTo(values.email);
    } catch (error) {
      applyServerErrors(form, error, ['email']);
    }
  };

  return (
    <AuthCard
      title="Reset your password"
      description="Enter the email you sign in with, and we will send you a link to choose a new password."
      footer={
        <>
          Remembered it?{' '}
          <Link to="/sign-in" className={authLinkClass}>
            Back to sign in
          </Link>
        </>
      }
    >
      {sentTo === null ? (
        <Form form={form} onSubmit={onSubmit} className="space-y-5">
          <FormRootError />
          <TextField name="email" label="Email" type="email" autoComplete="username" required />
          <Button type="submit" color="orange" working={isSubmitting} className="w-full">
            {isSubmitting ? 'Sending…' : 'Send reset link'}
          </Button>
        </Form>
      ) : (
        <AuthNotice tone="success" title="Check your email">
          <p>
            If an account exists for <strong className="break-all">{sentTo}</strong>, we sent it a
            link to choose a new password. The link works once, for one hour.
          </p>
          <p>
            Nothing after a few minutes? Look in your spam folder, or{' '}
            <button
              type="button"
              className={authLinkClass}
              onClick={() => {
                form.reset({ email: sentTo });
                setSentTo(null);
              }}
            >
              try again
            </button>
            . On a server without mail set up, the person who runs it finds the link in its log.
          </p>
        </AuthNotice>
      )}
    </AuthCard>
  );
}
