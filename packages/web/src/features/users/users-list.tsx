import { MailPlus, ShieldCheck, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { User } from '../../api/users.ts';
import { Badge } from '../../ui/index.ts';
import { TableHead } from '../lists/table-head.tsx';
import { PermissionBadges } from './permission-badges.tsx';
import { formatDate } from './users.utils.ts';

const USER_COLUMNS = [
  { title: 'Name' },
  { title: 'Email' },
  { title: 'Permissions' },
  { title: 'Created' },
  { title: 'Actions', hidden: true },
] as const;

export interface UsersListProps {
  users: User[];
  currentUserId: string;
  onEditPermissions: (user: User) => void;
  onDelete: (user: User) => void;
  /** The user whose deletion is under way, whose button shows it. */
  deletingId?: string | null;
  /** Emails a teammate who has not accepted yet a new invitation. */
  onResendInvitation: (user: User) => void;
  /** The user whose invitation is being resent, whose button shows it. */
  resendingId?: string | null;
}

/**
 * Under a teammate's name while their invitation is not accepted: they cannot sign in yet. Past
 * its expiry the link no longer works, and Resend sends a new one.
 */
function InvitationStatus({ user, now }: { user: User; now: number }) {
  const expires = user.date_invitation_expires;
  if (expires === null) return null;
  const expired = expires <= now;
  return (
    <span className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs font-normal text-zinc-500">
      <Badge size="small" color={expired ? 'red' : 'yellow'}>
        {expired ? 'Invitation expired' : 'Invitation pending'}
      </Badge>
      <span>
        {expired ? 'Expired' : 'Expires'} {formatDate(expires)}
      </span>
    </span>
  );
}

function ResendInvitationButton({
  user,
  busy,
  onResend,
}: {
  user: User;
  busy: boolean;
  onResend: () => void;
}) {
  return (
    <button
      type="button"
      onClick={onResend}
      disabled={busy}
      aria-label={`Resend the invitation to ${user.name}`}
      title="Resend invitation"
      className="inline-flex size-9 items-center justify-center rounded-lg text-zinc-500 hover:bg-zinc-100 hover:text-zinc-900 disabled:opacity-50"
    >
      <MailPlus aria-hidden="true" className="size-4" />
    </button>
  );
}

/** A teammate's name, marked "You" beside it, or under it when the column is narrow. */
function UserName({ name, isYou }: { name: string; isYou: boolean }) {
  return (
    <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
      <span className="min-w-0 break-words">{name}</span>
      {isYou && (
        <Badge size="small" color="blue">
          You
        </Badge>
      )}
    </span>
  );
}

function EditPermissionsButton({ user, onEdit }: { user: User; onEdit: () => void }) {
  return (
    <button
      type="button"
      onClick={onEdit}
      aria-haspopup="dialog"
      aria-label={`Edit permissions of ${user.name}`}
      title="Edit permissions"
      className="inline-flex size-9 items-center justify-center rounded-lg text-zinc-500 hover:bg-zinc-100 hover:text-zinc-900"
    >
      <ShieldCheck aria-hidden="true" className="size-4" />
    </button>
  );
}

function DeleteButton({
  user,
  busy,
  onDelete,
}: {
  user: User;
  busy: boolean;
  onDelete: () => void;
}) {
  return (
    <button
      type="button"
      onClick={onDelete}
      disabled={busy}
      aria-label={`Delete ${user.name}`}
      title="Delete user"
      className="inline-flex size-9 items-center justify-center rounded-lg text-zinc-500 hover:bg-red-50 hover:text-red-600 disabled:opacity-50"
    >
      <Trash2 aria-hidden="true" className="size-4" />
    </button>
  );
}

/** Teammates as a table on wider screens and as cards on phones. */
export function UsersList({
  users,
  currentUserId,
  onEditPermissions,
  onDelete,
  deletingId = null,
  onResendInvitation,
  resendingId = null,
}: UsersListProps) {
  // Read when the list opens: whether a listed invitation has expired.
  const [now] = useState(() => Date.now());
  const resendButton = (user: User) =>
    user.date_invitation_expires !== null && (
      <ResendInvitationButton
        user={user}
        busy={resendingId === user.id}
        onResend={() => onResendInvitation(user)}
      />
    );
  return (
    <>
      {/* Between phone and laptop widths the table may be wider than its frame: it scrolls there
          rather than cutting off the actions. */}
      <div className="hidden overflow-x-auto rounded-lg border border-zinc-200 bg-white shadow-sm sm:block">
        <table className="min-w-full divide-y divide-zinc-200 text-sm">
          <TableHead columns={USER_COLUMNS} />
          <tbody className="divide-y divide-zinc-100">
            {users.map((user) => {
              const isYou = user.id === currentUserId;
              return (
                <tr key={user.id} className="hover:bg-zinc-50/60">
                  <td className="px-4 py-3 font-medium text-zinc-900">
                    <UserName name={user.name} isYou={isYou} />
                    <InvitationStatus user={user} now={now} />
                  </td>
                  {/* An address is one word: broken at its hyphen it reads as two. */}
                  <td className="px-4 py-3 whitespace-nowrap text-zinc-600">{user.email}</td>
                  <td className="px-4 py-3">
                    <PermissionBadges permissions={user.permissions} />
                  </td>
                  <td className="px-4 py-3 whitespace-nowrap text-zinc-600">
                    {formatDate(user.date_created)}
                  </td>
                  <td className="px-4 py-2 text-right whitespace-nowrap">
                    {resendButton(user)}
                    <EditPermissionsButton user={user} onEdit={() => onEditPermissions(user)} />
                    {!isYou && (
                      <DeleteButton
                        user={user}
                        busy={deletingId === user.id}
                        onDelete={() => onDelete(user)}
                      />
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>

      <ul className="space-y-3 sm:hidden">
        {users.map((user) => {
          const isYou = user.id === currentUserId;
          return (
            <li
              key={user.id}
              className="flex items-start gap-3 rounded-lg border border-zinc-200 bg-white p-4 shadow-sm"
            >
              <div className="min-w-0 flex-1">
                <p className="font-medium text-zinc-900">
                  <UserName name={user.name} isYou={isYou} />
                </p>
                <p className="truncate text-sm text-zinc-600">{user.email}</p>
                <InvitationStatus user={user} now={now} />
                <div className="mt-2">
                  <PermissionBadges permissions={user.permissions} compact />
                </div>
                <p className="mt-1 text-xs text-zinc-500">Added {formatDate(user.date_created)}</p>
              </div>
              <div className="flex shrink-0 flex-col">
                {resendButton(user)}
                <EditPermissionsButton user={user} onEdit={() => onEditPermissions(user)} />
                {!isYou && (
                  <DeleteButton
                    user={user}
                    busy={deletingId === user.id}
                    onDelete={() => onDelete(user)}
                  />
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </>
  );
}
