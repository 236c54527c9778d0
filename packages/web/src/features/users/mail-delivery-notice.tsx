import { CircleAlert } from 'lucide-react';
import { useId } from 'react';
import { usePlatformSettingsQuery } from '../../api/platform-settings.ts';

/**
 * On a server without SMTP_URL nothing is emailed: invitation and password-reset links are
 * written to the server log instead (README, "Mail"). The Users page says so once, before the
 * admin invites anyone or is asked about a forgotten password, with the settings that send mail.
 * It reads the same `delivery` of the server's mailer that each invitation reports.
 */
export function MailDeliveryNotice() {
  const titleId = useId();
  const settings = usePlatformSettingsQuery();
  if (settings.data?.mail_delivery !== 'log') return null;
  return (
    <section
      aria-labelledby={titleId}
      className="mb-6 flex gap-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200 ring-inset"
    >
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div className="min-w-0 space-y-1">
        <h2 id={titleId} className="font-medium">
          This server does not send email
        </h2>
        <p>
          Invitation and password-reset links are written to the server log instead, for whoever
          runs the server to pass on. To email them, set <MailSetting name="SMTP_URL" /> (the mail
          server) and <MailSetting name="MAIL_FROM" /> (the sender) on the server and restart it.
        </p>
      </div>
    </section>
  );
}

function MailSetting({ name }: { name: string }) {
  return <code className="rounded bg-amber-100 px-1 py-0.5 font-mono text-xs">{name}</code>;
}
