import { CircleAlert, MailCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import type { Invitation } from '../../api/invitation-resource.ts';
import { formatDate } from './users.utils.ts';

/** The sentence that says how an invitation went out, for the dialog and for the resend toast. */
export function invitationOutcomeText(invitation: Invitation): string {
  const until = `The link works once, until ${formatDate(invitation.date_expires)}.`;
  return invitation.delivery === 'log'
    ? `Mail is not configured on this server (SMTP_URL): the invitation link for ${invitation.email} was written to the server log. Ask whoever runs the server for it and pass it on. ${until}`
    : `Invitation sent to ${invitation.email}. ${until}`;
}

/** How the invited teammate gets in: choosing a password, or with the account's provider. */
export function invitationNextStep(invitation: Invitation): string {
  const provider = invitation.sign_in === 'sso' ? invitation.sso_provider_name : null;
  return provider === null
    ? `${invitation.name} joins once they choose a password from the link.`
    : `${invitation.name} joins once they sign in with ${provider} from the link.`;
}

/**
 * Says where the invitation went: to the teammate's inbox, or (without SMTP on the server) to the
 * server's log, which the admin has to fetch it from. Announced, and focused for keyboard users.
 */
export function InvitationOutcome({ invitation }: { invitation: Invitation }) {
  const message = useRef<HTMLDivElement>(null);
  useEffect(() => message.current?.focus(), []);
  const logged = invitation.delivery === 'log';
  const Icon = logged ? CircleAlert : MailCheck;
  return (
    <div
      ref={message}
      tabIndex={-1}
      role="status"
      className={
        logged
          ? 'mt-6 flex gap-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200 ring-inset'
          : 'mt-6 flex gap-2 rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900 ring-1 ring-emerald-200 ring-inset'
      }
    >
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <p className="min-w-0 break-words">{invitationOutcomeText(invitation)}</p>
    </div>
  );
}
