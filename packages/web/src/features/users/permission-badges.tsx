import { PERMISSION_GROUP_LABELS, type PermissionGroup } from '@darkroom/core';
import { Badge } from '../../ui/index.ts';
import { minimalPermissions, permissionLabels } from '../permissions/permissions.utils.ts';

/** How many groups a phone's card shows before "+N more". */
const COMPACT_LIMIT = 2;

/**
 * A teammate's permission groups by their labels (platform spec section 5). A group another one
 * includes is left out: an Account Admin is just "Account Admin". `compact` (phone cards) shows
 * the first two and a count; screen readers still hear every group.
 */
export function PermissionBadges({
  permissions,
  compact = false,
}: {
  permissions: readonly PermissionGroup[];
  compact?: boolean;
}) {
  const groups = minimalPermissions(permissions);
  const shown = compact ? groups.slice(0, COMPACT_LIMIT) : groups;
  const rest = groups.slice(shown.length);
  if (groups.length === 0) return <span className="text-zinc-500">None</span>;
  return (
    <ul aria-label="Permission groups" className="flex flex-wrap gap-1">
      {shown.map((group) => (
        <li key={group}>
          <Badge
            size={compact ? 'small' : 'default'}
            color={group === 'account_admin' ? 'purple' : 'default'}
          >
            {PERMISSION_GROUP_LABELS[group]}
          </Badge>
        </li>
      ))}
      {rest.length > 0 && (
        <li>
          <Badge size="small">
            <span aria-hidden="true">+{rest.length} more</span>
            <span className="sr-only">{permissionLabels(rest)}</span>
          </Badge>
        </li>
      )}
    </ul>
  );
}
