import { useState } from 'react';
import { Link } from 'react-router';
import { errorWithCode, isApiRequestError } from '../../api/client.ts';
import { useResetPasswordMutation } from '../../api/password-resets.ts';
import { useDocumentTitle } from '../../app/document-title.ts';
import { clearSession } from '../../app/session.ts';
import { Button, Form, FormRootError, useZodForm } from '../../ui/index.ts';
import { applyServerErrors } from '../forms/apply-server-errors.ts';
import { AuthCard } from './auth-card.tsx';
import { AuthNotice, authLinkClass } from './auth-notice.tsx';
import { useLinkToken } from './link-token.ts';
import { NewPasswordFields } from './new-password-fields.tsx';
import { resetPasswordFormSchema, type ResetPasswordFormValues } from './new-password.ts';

/** The emailed reset link's page (`/reset-password#token`): a new password, typed twice. */
export function ResetPasswordPage() {
  useDocumentTitle('Choose a new password');
  const token = useLinkToken();
  const reset = useResetPasswordMutation();
  const [done, setDone] = useState(false);
  // A used or expired link cannot become good again, and one refused while the account requires
  // single sign-on sets no password whatever is typed: the form gives way to the way out.
  const [linkProblem, setLinkProblem] = useState<{ message: string; askAgain: boolean } | null>(
    null,
  );
  const form = useZodForm(resetPasswordFormSchema, {
    defaultValues: { password: '', confirmation: '' },
  });
  const { isSubmitting } = form.formState;

  const onSubmit = async ({ password }: ResetPasswordFormValues) => {
    try {
      await reset.mutateAsync({ token, values: { password } });
      // The server ended every session of the user: one kept here would only fail.
      clearSession();
      setDone(true);
    } catch (error) {
      if (isApiRequestError(error) && (error.status === 404 || error.status === 410)) {
        setLinkProblem({ message: error.message, askAgain: true });
      } else if (isApiRequestError(error) && errorWithCode(error, 'sso_required')) {
        // A new link would be refused alike: the way in is the provider's sign-in.
        setLinkProblem({ message: error.message, askAgain: false });
      } else {
        applyServerErrors(form, error, ['password']);
      }
    }
  };

  const askAgain = (
    <Link to="/forgot-password" className={authLinkClass}>
      Ask for a new link
    </Link>
  );

  return (
    <AuthCard
      title="Choose a new password"
      description="Choosing one signs you out everywhere; then sign in with it."
      footer={
        <Link to="/sign-in" className={authLinkClass}>
          Back to sign in
        </Link>
      }
    >
      {done ? (
        <AuthNotice tone="success" title="Your password is changed">
          <p>Every session was signed out. Sign in with your new password.</p>
          <p>
            <Link to="/sign-in" className={authLinkClass}>
              Sign in
            </Link>
          </p>
        </AuthNotice>
      ) : token === '' || linkProblem !== null ? (
        <AuthNotice tone="problem" title="This link cannot be used">
          <p>
            {linkProblem?.message ??
              'The link is incomplete: open it from the email again, or copy it whole.'}
          </p>
          {linkProblem?.askAgain !== false && <p>{askAgain}</p>}
        </AuthNotice>
      ) : (
        <Form form={form} onSubmit={onSubmit} className="space-y-5">
          <FormRootError />
          <NewPasswordFields />
          <Button type="submit" color="orange" working={isSubmitting} className="w-full">
            {isSubmitting ? 'Saving…' : 'Set new password'}
          </Button>
        </Form>
      )}
    </AuthCard>
  );
}
