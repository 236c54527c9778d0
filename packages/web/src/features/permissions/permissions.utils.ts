import {
  grantsPermission,
  PERMISSION_GROUP_LABELS,
  PERMISSION_GROUPS,
  type PermissionGroup,
} from '@darkroom/core';

/**
 * Why an action or a page is out of reach, and who can change that (platform spec section 5):
 * "Needs the Billing permission group — ask an Account Admin.", or with `action` first,
 * "Uploading files needs the Asset Manager Edit permission group — ask an Account Admin."
 */
export function needsPermissionText(group: PermissionGroup, action?: string): string {
  const needs = `the ${PERMISSION_GROUP_LABELS[group]} permission group — ask an Account Admin.`;
  return action ? `${action} needs ${needs}` : `Needs ${needs}`;
}

/**
 * The other chosen group that already includes `group` (Account Admin includes every group,
 * Asset Manager Edit includes Browse), or null when `group` stands on its own.
 */
export function includedBy(
  chosen: readonly PermissionGroup[],
  group: PermissionGroup,
): PermissionGroup | null {
  return (
    PERMISSION_GROUPS.find(
      (other) => other !== group && chosen.includes(other) && grantsPermission([other], group),
    ) ?? null
  );
}

/**
 * The chosen groups without those another chosen group includes, in the catalogue's order: what
 * the Users page shows and saves, so ['account_admin', 'billing'] is just ['account_admin'].
 */
export function minimalPermissions(chosen: readonly PermissionGroup[]): PermissionGroup[] {
  return PERMISSION_GROUPS.filter(
    (group) => chosen.includes(group) && includedBy(chosen, group) === null,
  );
}

/** The groups' labels for a sentence: "Sources, Asset Manager Browse". */
export function permissionLabels(groups: readonly PermissionGroup[]): string {
  return groups.map((group) => PERMISSION_GROUP_LABELS[group]).join(', ');
}
