import { Link } from 'react-router';
import { EVENTS, track } from '../../analytics/track.ts';
import { useAcceptInvitationMutation, useInvitationQuery } from '../../api/invitations.ts';
import type { Invitation } from '../../api/invitation-resource.ts';
import { useSsoProvidersQuery } from '../../api/sso.ts';
import { errorMessageOf } from '../forms/server-errors.utils.ts';
import { useDocumentTitle } from '../../app/document-title.ts';
import { HOME_PATH } from '../../app/guards.ts';
import { redirectTo } from '../../app/redirect.ts';
import { setSession } from '../../app/session.ts';
import {
  Button,
  Form,
  FormErrorBanner,
  FormRootError,
  Spinner,
  TextField,
  useZodForm,
} from '../../ui/index.ts';
import { applyServerErrors } from '../forms/apply-server-errors.ts';
import { formatDate } from '../users/users.utils.ts';
import { AuthCard } from './auth-card.tsx';
import { AuthNotice, authLinkClass } from './auth-notice.tsx';
import { useLinkToken } from './link-token.ts';
import { NewPasswordFields } from './new-password-fields.tsx';
import { acceptInvitationFormSchema, type AcceptInvitationFormValues } from './new-password.ts';
import { SsoProviderLink } from './sso-provider-link.tsx';
import { ssoStartHref, ssoUnavailableMessage } from './sso.utils.ts';

const signInFooter = (
  <>
    Already chose a password?{' '}
    <Link to="/sign-in" className={authLinkClass}>
      Sign in
    </Link>
  </>
);

/**
 * The emailed invitation's page (`/accept-invitation#token`): shows the account and email it is
 * for, and signs the teammate in once they choose a password, or, when the account requires
 * single sign-on, sends them to the provider, whose sign-in accepts the invitation.
 */
export function AcceptInvitationPage() {
  useDocumentTitle('Accept your invitation');
  const token = useLinkToken();
  const invitation = useInvitationQuery(token);

  if (token !== '' && invitation.isPending) {
    return (
      <AuthCard title="Accept your invitation" footer={signInFooter}>
        <div role="status" className="flex items-center gap-2 text-sm text-zinc-600">
          <Spinner />
          Loading your invitation…
        </div>
      </AuthCard>
    );
  }
  if (token === '' || invitation.isError || !invitation.data) {
    return (
      <AuthCard title="Accept your invitation" footer={signInFooter}>
        <AuthNotice tone="problem" title="This invitation cannot be used">
          <p>
            {token === ''
              ? 'The link is incomplete: open it from the email again, or copy it whole.'
              : errorMessageOf(invitation.error)}
          </p>
        </AuthNotice>
      </AuthCard>
    );
  }
  const providerName = invitation.data.sso_provider_name;
  if (invitation.data.sign_in === 'sso' && providerName !== null) {
    return <AcceptWithSso invitation={invitation.data} providerName={providerName} />;
  }
  return <AcceptInvitationForm token={token} invitation={invitation.data} />;
}

/** No password to choose: the account signs in with its provider, as this teammate will. */
function AcceptWithSso({
  invitation,
  providerName,
}: {
  invitation: Invitation;
  providerName: string;
}) {
  const providers = useSsoProvidersQuery();
  const provider = providers.data?.[0];
  return (
    <AuthCard
      title={`Join ${invitation.company} on Darkroom`}
      description={`The invitation expires on ${formatDate(invitation.date_expires)}.`}
      footer={
        <>
          Already joined?{' '}
          <Link to="/sign-in" className={authLinkClass}>
            Sign in
          </Link>
        </>
      }
    >
      <p className="mb-5 text-sm text-zinc-700">
        {invitation.company} signs in with {providerName}: continue with {providerName} as{' '}
        <strong className="break-all">{invitation.email}</strong>.
      </p>
      {provider ? (
        <SsoProviderLink href={ssoStartHref(provider.startUrl, null)}>
          Sign in with {provider.name}
        </SsoProviderLink>
      ) : providers.isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-zinc-600">
          <Spinner />
          Loading {providerName} Sign-In…
        </p>
      ) : (
        <FormErrorBanner message={ssoUnavailableMessage(providerName)} />
      )}
    </AuthCard>
  );
}

function AcceptInvitationForm({ token, invitation }: { token: string; invitation: Invitation }) {
  const accept = useAcceptInvitationMutation();
  const form = useZodForm(acceptInvitationFormSchema, {
    defaultValues: { name: invitation.name, password: '', confirmation: '' },
  });
  const { isSubmitting } = form.formState;

  const onSubmit = async ({ name, password }: AcceptInvitationFormValues) => {
    try {
      const session = await accept.mutateAsync({ token, values: { name, password } });
      setSession(session);
      track(EVENTS.signedIn);
      redirectTo(HOME_PATH, { replace: true });
    } catch (error) {
      applyServerErrors(form, error, ['name', 'password']);
    }
  };

  return (
    <AuthCard
      title={`Join ${invitation.company} on Darkroom`}
      description={`Choose your password to accept. The invitation expires on ${formatDate(invitation.date_expires)}.`}
      footer={signInFooter}
    >
      <p className="mb-5 text-sm text-zinc-700">
        You sign in with <strong className="break-all">{invitation.email}</strong>.
      </p>
      <Form form={form} onSubmit={onSubmit} className="space-y-5">
        <FormRootError />
        {/* Lets password managers save the new password under the right address. */}
        <input type="email" autoComplete="username" value={invitation.email} readOnly hidden />
        <TextField name="name" label="Your name" autoComplete="name" required />
        <NewPasswordFields />
        <Button type="submit" color="orange" working={isSubmitting} className="w-full">
          {isSubmitting ? 'Accepting…' : 'Accept and sign in'}
        </Button>
      </Form>
    </AuthCard>
  );
}
