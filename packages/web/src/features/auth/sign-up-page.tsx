import { MIN_PASSWORD_LENGTH, signUpSchema } from '@darkroom/core';
import { Link, useSearchParams } from 'react-router';
import { EVENTS, track } from '../../analytics/track.ts';
import { useSignUpMutation, type SignUpValues } from '../../api/accounts.ts';
import { useDocumentTitle } from '../../app/document-title.ts';
import { redirectTo } from '../../app/redirect.ts';
import { setSession } from '../../app/session.ts';
import { Button, Form, FormRootError, TextField, useZodForm } from '../../ui/index.ts';
import { applyServerErrors } from '../forms/apply-server-errors.ts';
import { AuthCard } from './auth-card.tsx';
import { SIGN_UP_MESSAGES, authLink, destinationAfterSignIn } from './auth.utils.ts';

const FIELDS = ['company', 'name', 'email', 'password'] as const;

export function SignUpPage() {
  useDocumentTitle('Create your account');
  const [searchParams] = useSearchParams();
  const next = searchParams.get('next');
  const signUp = useSignUpMutation();
  const form = useZodForm(signUpSchema, {
    defaultValues: { company: '', name: '', email: '', password: '' },
  });
  // The length hint gives way to the error that repeats it.
  const { errors, isSubmitting } = form.formState;

  const onSubmit = async (values: SignUpValues) => {
    try {
      const session = await signUp.mutateAsync(values);
      setSession(session);
      track(EVENTS.signedUp);
      redirectTo(destinationAfterSignIn(next), { replace: true });
    } catch (error) {
      applyServerErrors(form, error, FIELDS, SIGN_UP_MESSAGES);
    }
  };

  return (
    <AuthCard
      title="Create your account"
      description="Start delivering your images with Darkroom."
      footer={
        <>
          Already have an account?{' '}
          <Link
            to={authLink('/sign-in', next)}
            className="font-medium text-brand-700 hover:underline"
          >
            Sign in
          </Link>
        </>
      }
    >
      <Form form={form} onSubmit={onSubmit} className="space-y-5">
        <FormRootError />
        <TextField name="company" label="Company" autoComplete="organization" required />
        <TextField name="name" label="Your name" autoComplete="name" required />
        <TextField name="email" label="Work email" type="email" autoComplete="email" required />
        <TextField
          name="password"
          label="Password"
          secret
          autoComplete="new-password"
          description={
            errors.password ? undefined : `Use at least ${MIN_PASSWORD_LENGTH} characters.`
          }
          required
        />
        <Button type="submit" color="orange" working={isSubmitting} className="w-full">
          {isSubmitting ? 'Creating account…' : 'Create account'}
        </Button>
      </Form>
    </AuthCard>
  );
}
