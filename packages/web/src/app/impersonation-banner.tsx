import { useEndImpersonationMutation } from '../api/admin.ts';
import type { User } from '../api/users.ts';
import { redirectTo } from './redirect.ts';

/** Says whose account the admin is acting in, with the way back. */
export function ImpersonationBanner({ user }: { user: User | undefined }) {
  const endImpersonation = useEndImpersonationMutation();

  const stop = async () => {
    const adminSession = await endImpersonation.mutateAsync();
    redirectTo(adminSession ? '/admin/users' : '/sign-in', { replace: true });
  };

  return (
    <section
      aria-label="Impersonation"
      className="flex flex-wrap items-center justify-center gap-x-4 gap-y-2 bg-brand-600 px-4 py-2 text-center text-sm text-white"
    >
      <p>
        You are impersonating{' '}
        <strong className="font-semibold">
          {user ? `${user.name} (${user.email})` : 'a user'}
        </strong>
      </p>
      <button
        type="button"
        onClick={() => void stop()}
        disabled={endImpersonation.isPending}
        className="rounded-lg bg-white px-3 py-1 text-sm font-medium text-brand-700 shadow-sm hover:bg-brand-50 disabled:opacity-70"
      >
        {endImpersonation.isPending ? 'Stopping…' : 'Stop impersonating'}
      </button>
    </section>
  );
}
