import { PERMISSION_GROUP_LABELS, type PermissionGroup } from '@darkroom/core';
import { Lock } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../app/document-title.ts';
import { HOME_PATH } from '../../app/guards.ts';
import { usePermission } from '../../app/permissions.ts';
import { useSession } from '../../app/session.ts';
import { minimalPermissions, permissionLabels } from './permissions.utils.ts';

/**
 * What a page shows, instead of its content, to a user whose groups do not include the one it
 * needs (platform spec section 5): which group, who can grant it, and the groups they hold.
 */
export function PermissionRequired({ group }: { group: PermissionGroup }) {
  const titleId = useId();
  const held = minimalPermissions(useSession()?.permissions ?? []);
  return (
    <section
      aria-labelledby={titleId}
      className="flex flex-col items-center gap-2 rounded-lg border border-zinc-200 bg-white px-6 py-12 text-center"
    >
      <span className="mb-1 grid size-10 place-items-center rounded-full bg-zinc-100 text-zinc-600">
        <Lock aria-hidden="true" className="size-5" />
      </span>
      <h2 id={titleId} className="text-base font-medium text-zinc-900">
        This page needs the {PERMISSION_GROUP_LABELS[group]} permission group
      </h2>
      <p className="max-w-md text-sm text-zinc-600">
        Ask an Account Admin of your account to grant it to you on the Users page.
      </p>
      {held.length > 0 && (
        <p className="max-w-md text-sm text-zinc-600">
          Your permission groups: {permissionLabels(held)}.
        </p>
      )}
      <Link to={HOME_PATH} className="mt-3 text-sm font-medium text-brand-700 hover:underline">
        Go to Sources
      </Link>
    </section>
  );
}

function PermissionRequiredPage({ group, title }: { group: PermissionGroup; title: string }) {
  useDocumentTitle(title);
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 lg:px-8">
      <h1 className="mb-6 text-2xl font-semibold tracking-tight text-zinc-900">{title}</h1>
      <PermissionRequired group={group} />
    </div>
  );
}

/**
 * A page reached by its address needs `group`: without it the page explains that instead of
 * loading what the API would refuse (403) and showing the refusal as an error.
 */
export function PermissionGate({
  group,
  title,
  children,
}: {
  group: PermissionGroup;
  /** The page's heading, kept on the explanation. */
  title: string;
  children: ReactNode;
}) {
  if (usePermission(group)) return children;
  return <PermissionRequiredPage group={group} title={title} />;
}
