import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { Link, Outlet, useSearchParams } from 'react-router';
import { useResendInvitationMutation } from '../../api/invitations.ts';
import { useDeleteUserMutation, useUsersQuery, type User } from '../../api/users.ts';
import { useDocumentTitle } from '../../app/document-title.ts';
import { useSession } from '../../app/session.ts';
import { toast, useOverlay } from '../../ui/index.ts';
import { errorMessageOf } from '../forms/server-errors.utils.ts';
import { ListEmpty, ListError, ListSkeleton } from '../lists/list-states.tsx';
import { Pagination } from '../lists/pagination.tsx';
import { parsePageParam, searchWithPage } from '../lists/pagination.utils.ts';
import { PermissionGate } from '../permissions/permission-required.tsx';
import { EditPermissionsDialog } from './edit-permissions-dialog.tsx';
import { invitationOutcomeText } from './invitation-outcome.tsx';
import { MailDeliveryNotice } from './mail-delivery-notice.tsx';
import { SingleSignOnSetting } from './single-sign-on-setting.tsx';
import { UsersList } from './users-list.tsx';

const primaryLinkClass =
  'inline-flex h-10 items-center justify-center gap-2 rounded-lg bg-brand-600 px-4 text-sm font-medium whitespace-nowrap text-white shadow-sm hover:bg-brand-700';

/**
 * The account's teammates and their permission groups, with the add-user flow at /users/new.
 * Reading and changing them needs Account Admin (platform spec section 5).
 */
export function UsersPage() {
  return (
    <PermissionGate group="account_admin" title="Users">
      <UsersScreen />
    </PermissionGate>
  );
}

function UsersScreen() {
  useDocumentTitle('Users');
  const session = useSession();
  const [searchParams] = useSearchParams();
  const page = parsePageParam(searchParams.get('page'));
  const users = useUsersQuery({ page });
  const deleteUser = useDeleteUserMutation();
  const resendInvitation = useResendInvitationMutation();
  const overlay = useOverlay();
  const search = searchWithPage(searchParams, page);
  const [editing, setEditing] = useState<User | null>(null);

  const confirmDelete = async (user: User) => {
    const confirmed = await overlay.confirm({
      title: `Delete ${user.name}?`,
      message: `${user.email} will be signed out at once and can no longer sign in to this account.`,
      confirmLabel: 'Delete user',
      style: 'attention',
    });
    if (!confirmed) return;
    try {
      await deleteUser.mutateAsync(user.id);
      toast.success('User deleted', { description: `${user.name} no longer has access.` });
    } catch (error) {
      toast.error('Could not delete the user', {
        description: errorMessageOf(error),
      });
    }
  };

  const resend = async (user: User) => {
    try {
      const invitation = await resendInvitation.mutateAsync(user.id);
      const description = invitationOutcomeText(invitation);
      // Without mail, the admin has a step left: the toast stays until read.
      if (invitation.delivery === 'log') {
        toast.warning('Invitation created', { description, duration: Infinity });
      } else {
        toast.success('Invitation sent', { description });
      }
    } catch (error) {
      toast.error('Could not resend the invitation', { description: errorMessageOf(error) });
    }
  };

  const addUserLink = (
    <Link to={`/users/new${search}`} className={primaryLinkClass}>
      <UserPlus aria-hidden="true" className="size-4" />
      Add user
    </Link>
  );

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 lg:px-8">
      <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-zinc-900">Users</h1>
          <p className="mt-1 text-sm text-zinc-600">
            Teammates who can sign in to this account, and what their permission groups allow.
          </p>
        </div>
        {addUserLink}
      </div>

      <MailDeliveryNotice />
      <SingleSignOnSetting />

      {users.isPending ? (
        <ListSkeleton label="Loading users" />
      ) : users.isError ? (
        <ListError
          message={errorMessageOf(users.error)}
          onRetry={() => void users.refetch()}
          retrying={users.isFetching}
        />
      ) : users.data.users.length === 0 ? (
        page > 1 ? (
          <ListEmpty
            title="This page is empty"
            description="The list is shorter than this page."
            action={
              <Link to="/users" className="text-sm font-medium text-brand-700 hover:underline">
                Go to the first page
              </Link>
            }
          />
        ) : (
          <ListEmpty
            title="No teammates yet"
            description="Add the people who work with you on this account."
            action={addUserLink}
          />
        )
      ) : (
        <div aria-busy={users.isPlaceholderData || undefined}>
          <UsersList
            users={users.data.users}
            currentUserId={session?.userId ?? ''}
            onEditPermissions={setEditing}
            onDelete={(user) => void confirmDelete(user)}
            deletingId={deleteUser.isPending ? deleteUser.variables : null}
            onResendInvitation={(user) => void resend(user)}
            resendingId={resendInvitation.isPending ? resendInvitation.variables : null}
          />
          <Pagination
            label="Users pages"
            pagination={users.data.pagination}
            hrefFor={(target) => `/users${searchWithPage(searchParams, target)}`}
          />
        </div>
      )}

      {editing && (
        <EditPermissionsDialog
          user={editing}
          isYou={editing.id === session?.userId}
          onClose={() => setEditing(null)}
        />
      )}
      <Outlet />
    </div>
  );
}
