import type { PermissionGroup } from '@darkroom/core';
import { clsx } from 'clsx';
import { Lock } from 'lucide-react';
import { needsPermissionText } from './permissions.utils.ts';

/**
 * The visible reason beside a control the user's groups do not allow (platform spec section 5).
 * Give the control `aria-describedby={id}` so it is announced with the control too.
 */
export function PermissionNote({
  group,
  action,
  id,
  boxed = false,
  className,
}: {
  group: PermissionGroup;
  /** What is out of reach, e.g. "Uploading files"; without it the note starts "Needs the…". */
  action?: string;
  id?: string;
  /** A panel of its own, where it stands in for a section rather than beside a control. */
  boxed?: boolean;
  className?: string;
}) {
  return (
    <p
      id={id}
      className={clsx(
        'flex items-start gap-1.5 text-zinc-600',
        boxed ? 'rounded-lg bg-zinc-50 p-3 text-sm ring-1 ring-zinc-200 ring-inset' : 'text-xs',
        className,
      )}
    >
      <Lock aria-hidden="true" className="mt-0.5 size-3.5 shrink-0 text-zinc-500" />
      <span>{needsPermissionText(group, action)}</span>
    </p>
  );
}
