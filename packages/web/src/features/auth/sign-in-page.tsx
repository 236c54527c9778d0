import { signInSchema } from '@darkroom/core';
import { Link, useSearchParams } from 'react-router';
import { EVENTS, track } from '../../analytics/track.ts';
import { useSignInMutation, type SignInValues } from '../../api/sessions.ts';
import { useDocumentTitle } from '../../app/document-title.ts';
import { redirectTo } from '../../app/redirect.ts';
import { setSession } from '../../app/session.ts';
import { Button, Form, FormRootError, TextField, useZodForm } from '../../ui/index.ts';
import { applyServerErrors } from '../forms/apply-server-errors.ts';
import { AuthCard } from './auth-card.tsx';
import { SIGN_IN_MESSAGES, authLink, destinationAfterSignIn } from './auth.utils.ts';
import { SsoSignIn } from './sso-sign-in.tsx';

export function SignInPage() {
  useDocumentTitle('Sign in');
  const [searchParams] = useSearchParams();
  const next = searchParams.get('next');
  const signIn = useSignInMutation();
  const form = useZodForm(signInSchema, { defaultValues: { email: '', password: '' } });
  const { isSubmitting } = form.formState;

  const onSubmit = async (values: SignInValues) => {
    try {
      const session = await signIn.mutateAsync(values);
      setSession(session);
      track(EVENTS.signedIn);
      redirectTo(destinationAfterSignIn(next), { replace: true });
    } catch (error) {
      applyServerErrors(form, error, ['email', 'password'], SIGN_IN_MESSAGES);
    }
  };

  return (
    <AuthCard
      title="Sign in to Darkroom"
      description="Welcome back. Enter your email and password."
      footer={
        <>
          New to Darkroom?{' '}
          <Link
            to={authLink('/sign-up', next)}
            className="font-medium text-brand-700 hover:underline"
          >
            Create an account
          </Link>
        </>
      }
    >
      <SsoSignIn next={next} />
      <Form form={form} onSubmit={onSubmit} className="space-y-5">
        <FormRootError />
        <TextField name="email" label="Email" type="email" autoComplete="username" required />
        <TextField
          name="password"
          label="Password"
          secret
          autoComplete="current-password"
          required
        />
        <p className="-mt-2 text-right text-sm">
          <Link to="/forgot-password" className="font-medium text-brand-700 hover:underline">
            Forgot password?
          </Link>
        </p>
        <Button type="submit" color="orange" working={isSubmitting} className="w-full">
          {isSubmitting ? 'Signing in…' : 'Sign in'}
        </Button>
      </Form>
    </AuthCard>
  );
}
