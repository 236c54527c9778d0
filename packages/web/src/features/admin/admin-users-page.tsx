import { Search, UserRoundCog } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useAdminUsersQuery, useImpersonateMutation, type AdminUser } from '../../api/admin.ts';
import { useDocumentTitle } from '../../app/document-title.ts';
import { redirectTo } from '../../app/redirect.ts';
import { Badge, Button, toast } from '../../ui/index.ts';
import { errorMessageOf } from '../forms/server-errors.utils.ts';
import { ListEmpty, ListError, ListSkeleton } from '../lists/list-states.tsx';
import { Pagination } from '../lists/pagination.tsx';
import { TableHead } from '../lists/table-head.tsx';
import { parsePageParam, searchWithPage } from '../lists/pagination.utils.ts';
import { formatDate } from '../users/users.utils.ts';

const ADMIN_USER_COLUMNS = [
  { title: 'Name' },
  { title: 'Email' },
  { title: 'Company' },
  { title: 'Role' },
  { title: 'Created' },
  { title: 'Actions', hidden: true },
] as const;

function ImpersonateButton({
  user,
  working,
  disabled,
  onImpersonate,
}: {
  user: AdminUser;
  working: boolean;
  disabled: boolean;
  onImpersonate: () => void;
}) {
  // Admins cannot be impersonated (the API answers 403), so they get no button.
  if (user.admin) return null;
  return (
    <Button
      type="button"
      variant="secondary"
      size="small"
      working={working}
      disabled={disabled}
      onClick={onImpersonate}
      aria-label={`Impersonate ${user.name}`}
    >
      {!working && <UserRoundCog aria-hidden="true" className="size-4" />}
      Impersonate
    </Button>
  );
}

/** The email filter. Its box follows the address, so Back and Forward restore the search. */
function EmailSearch({ email }: { email: string }) {
  const [draft, setDraft] = useState(email);
  const [shownEmail, setShownEmail] = useState(email);
  if (email !== shownEmail) {
    setShownEmail(email);
    setDraft(email);
  }
  const searchId = useId();

  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    const params = new URLSearchParams();
    if (draft.trim()) params.set('email', draft.trim());
    redirectTo(`/admin/users${searchWithPage(params, 1)}`);
  };

  return (
    <form role="search" onSubmit={submitSearch} className="mb-6 flex gap-2">
      <label htmlFor={searchId} className="sr-only">
        Search by email
      </label>
      <div className="relative max-w-md flex-1">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-zinc-400"
        />
        <input
          id={searchId}
          type="search"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          placeholder="Search by email"
          className="h-10 w-full rounded-lg border border-zinc-300 bg-white pr-3 pl-9 text-sm text-zinc-900 placeholder:text-zinc-400 focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none"
        />
      </div>
      <Button type="submit" variant="secondary">
        Search
      </Button>
    </form>
  );
}

/** Every user across accounts, for admins, with the way in to act as one of them. */
export function AdminUsersPage() {
  useDocumentTitle('Admin: users');
  const [searchParams] = useSearchParams();
  const page = parsePageParam(searchParams.get('page'));
  const email = searchParams.get('email') ?? '';
  const users = useAdminUsersQuery({ page, email });
  const impersonate = useImpersonateMutation();
  const startImpersonating = async (user: AdminUser) => {
    try {
      await impersonate.mutateAsync(user.id);
      redirectTo('/users');
    } catch (error) {
      toast.error(`Could not impersonate ${user.name}`, {
        description: errorMessageOf(error),
      });
    }
  };

  const actionFor = (user: AdminUser) => (
    <ImpersonateButton
      user={user}
      working={impersonate.isPending && impersonate.variables === user.id}
      disabled={impersonate.isPending}
      onImpersonate={() => void startImpersonating(user)}
    />
  );

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 lg:px-8">
      <div className="mb-6">
        <h1 className="text-2xl font-semibold tracking-tight text-zinc-900">Admin: users</h1>
        <p className="mt-1 text-sm text-zinc-600">Users of every account.</p>
      </div>

      <EmailSearch email={email} />

      {users.isPending ? (
        <ListSkeleton label="Loading users" />
      ) : users.isError ? (
        <ListError
          message={errorMessageOf(users.error)}
          onRetry={() => void users.refetch()}
          retrying={users.isFetching}
        />
      ) : users.data.users.length === 0 ? (
        <ListEmpty
          title="No users found"
          description={email ? `No user's email contains "${email}".` : undefined}
        />
      ) : (
        <div aria-busy={users.isPlaceholderData || undefined}>
          <div className="hidden overflow-x-auto rounded-lg border border-zinc-200 bg-white shadow-sm md:block">
            <table className="min-w-full divide-y divide-zinc-200 text-sm">
              <TableHead columns={ADMIN_USER_COLUMNS} />
              <tbody className="divide-y divide-zinc-100">
                {users.data.users.map((user) => (
                  <tr key={user.id}>
                    <td className="px-4 py-3 font-medium whitespace-nowrap text-zinc-900">
                      {user.name}
                    </td>
                    <td className="px-4 py-3 text-zinc-600">{user.email}</td>
                    <td className="px-4 py-3 whitespace-nowrap text-zinc-600">
                      {user.company ?? '—'}
                    </td>
                    <td className="px-4 py-3">
                      {user.admin ? <Badge color="purple">Admin</Badge> : <Badge>Member</Badge>}
                    </td>
                    <td className="px-4 py-3 whitespace-nowrap text-zinc-600">
                      {formatDate(user.date_created)}
                    </td>
                    <td className="px-4 py-2 text-right">{actionFor(user)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ul className="space-y-3 md:hidden">
            {users.data.users.map((user) => (
              <li
                key={user.id}
                className="rounded-lg border border-zinc-200 bg-white p-4 shadow-sm"
              >
                <div className="flex items-start justify-between gap-3">
                  <div className="min-w-0">
                    <p className="font-medium text-zinc-900">{user.name}</p>
                    <p className="truncate text-sm text-zinc-600">{user.email}</p>
                    <p className="mt-1 text-xs text-zinc-500">{user.company ?? '—'}</p>
                  </div>
                  {user.admin ? <Badge color="purple">Admin</Badge> : <Badge>Member</Badge>}
                </div>
                {!user.admin && <div className="mt-3">{actionFor(user)}</div>}
              </li>
            ))}
          </ul>
          <Pagination
            label="Users pages"
            pagination={users.data.pagination}
            hrefFor={(target) => `/admin/users${searchWithPage(searchParams, target)}`}
          />
        </div>
      )}
    </div>
  );
}
