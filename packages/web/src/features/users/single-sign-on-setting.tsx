import { useId } from 'react';
import { useAccountSsoQuery, useRequireSsoMutation } from '../../api/sso.ts';
import { Switch, toast } from '../../ui/index.ts';
import { DEFAULT_SSO_PROVIDER } from '../auth/sso.utils.ts';
import { errorMessageOf } from '../forms/server-errors.utils.ts';

/**
 * Whether the account's users must sign in with the install's single sign-on provider (Account
 * Admin). Shown only when the install has a provider, or the requirement is still on without one,
 * so it can be turned off.
 */
export function SingleSignOnSetting() {
  const headingId = useId();
  const descriptionId = useId();
  const settings = useAccountSsoQuery();
  const change = useRequireSsoMutation();
  if (!settings.data) return null;
  const { available, providerName, requireSso, signedInWithSso } = settings.data;
  if (!available && !requireSso) return null;
  const name = providerName ?? DEFAULT_SSO_PROVIDER;
  // The server refuses it too: an admin whose own sign-in never went through the provider could
  // lock themselves out.
  const mustSignInFirst = available && !requireSso && !signedInWithSso;

  const onChange = async (required: boolean) => {
    try {
      await change.mutateAsync(required);
      toast.success(required ? 'Single sign-on required' : 'Passwords work again', {
        description: required
          ? `This account's users now sign in with ${name}.`
          : 'Users of this account can sign in with their password again.',
      });
    } catch (error) {
      toast.error('Could not change single sign-on', { description: errorMessageOf(error) });
    }
  };

  return (
    <section
      aria-labelledby={headingId}
      className="mb-6 rounded-lg border border-zinc-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <h2 id={headingId} className="text-base font-semibold text-zinc-900">
        Single sign-on
      </h2>
      <p id={descriptionId} className="mt-1 text-sm text-zinc-600">
        When required, the users of this account sign in with {name} only, and their passwords stop
        working. Darkroom administrators can still sign in with a password if {name} is unavailable.
      </p>
      {mustSignInFirst && (
        <p className="mt-2 text-sm text-amber-800">
          To turn this on, sign out and sign in with {name} yourself first, so you know it works for
          you before it is the only way in.
        </p>
      )}
      <Switch
        className="mt-4"
        checked={requireSso}
        onCheckedChange={(required) => void onChange(required)}
        label="Require single sign-on"
        aria-describedby={descriptionId}
        disabled={change.isPending || (!requireSso && (!available || !signedInWithSso))}
      />
    </section>
  );
}
