import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { EVENTS, track } from '../../analytics/track.ts';
import { signInWithSsoCode, useSsoProvidersQuery } from '../../api/sso.ts';
import { redirectTo } from '../../app/redirect.ts';
import { setSession } from '../../app/session.ts';
import { FormErrorBanner, Spinner } from '../../ui/index.ts';
import { destinationAfterSignIn } from './auth.utils.ts';
import { SsoProviderLink } from './sso-provider-link.tsx';
import {
  DEFAULT_SSO_PROVIDER,
  exchangeOnce,
  forgetSsoAuthCode,
  ssoFailureMessage,
  ssoStartHref,
  ssoUnavailableMessage,
  takeSsoAuthCode,
} from './sso.utils.ts';

/**
 * The single sign-on part of the sign-in page: the "Sign in with Google" button when the install
 * has a provider, why the last single sign-on failed, and, coming back from the provider, the
 * exchange of its one-time code for a session (platform spec section 3, `sso_auth_code`).
 */
export function SsoSignIn({ next }: { next: string | null }) {
  const providers = useSsoProvidersQuery();
  const provider = providers.data?.[0];
  const providerName = provider?.name ?? DEFAULT_SSO_PROVIDER;
  const [searchParams, setSearchParams] = useSearchParams();
  // Read once: the parameter leaves the address, so refreshing the page starts clean.
  const [failure] = useState(() => searchParams.get('sso_error'));
  const [code] = useState(takeSsoAuthCode);
  const [exchangeFailed, setExchangeFailed] = useState(false);

  useEffect(() => {
    if (!searchParams.has('sso_error')) return;
    const rest = new URLSearchParams(searchParams);
    rest.delete('sso_error');
    setSearchParams(rest, { replace: true });
  }, [searchParams, setSearchParams]);

  useEffect(() => {
    if (code === null) return;
    let active = true;
    exchangeOnce(code, signInWithSsoCode).then(
      (session) => {
        forgetSsoAuthCode();
        if (!active) return;
        setSession(session);
        track(EVENTS.signedIn);
        redirectTo(destinationAfterSignIn(next), { replace: true });
      },
      () => {
        forgetSsoAuthCode();
        if (active) setExchangeFailed(true);
      },
    );
    return () => {
      active = false;
    };
  }, [code, next]);

  if (code !== null && !exchangeFailed) {
    return (
      <p role="status" className="mb-6 flex items-center gap-2 text-sm text-zinc-700">
        <Spinner />
        Signing you in with {providerName}…
      </p>
    );
  }

  const message = exchangeFailed
    ? ssoUnavailableMessage(providerName)
    : failure === null
      ? null
      : ssoFailureMessage(failure, providerName);
  if (message === null && provider === undefined) return null;
  return (
    <div className="mb-6 space-y-4">
      <FormErrorBanner message={message} />
      {provider && (
        <>
          <SsoProviderLink href={ssoStartHref(provider.startUrl, next)}>
            Sign in with {provider.name}
          </SsoProviderLink>
          <div className="flex items-center gap-3 text-xs text-zinc-500">
            <span aria-hidden="true" className="h-px flex-1 bg-zinc-200" />
            or with your email
            <span aria-hidden="true" className="h-px flex-1 bg-zinc-200" />
          </div>
        </>
      )}
    </div>
  );
}
