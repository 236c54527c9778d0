// Permission groups (platform spec section 5: every user holds at least one). The set is imgix's
// (docs.imgix.com, "Permissions" in the dashboard guide): Account Admin holds every other group,
// and Asset Manager Edit holds Asset Manager Browse.
import { z } from 'zod';

export const PERMISSION_GROUPS = [
  'account_admin',
  'billing',
  'sources',
  'analytics',
  'purge',
  'asset_manager_browse',
  'asset_manager_edit',
] as const;

export type PermissionGroup = (typeof PERMISSION_GROUPS)[number];

/** What the dashboard and error messages call each group. */
export const PERMISSION_GROUP_LABELS: Readonly<Record<PermissionGroup, string>> = {
  account_admin: 'Account Admin',
  billing: 'Billing',
  sources: 'Sources',
  analytics: 'Analytics',
  purge: 'Purge',
  asset_manager_browse: 'Asset Manager Browse',
  asset_manager_edit: 'Asset Manager Edit',
};

/** What holding each group lets a user do, for the Users page. */
export const PERMISSION_GROUP_DESCRIPTIONS: Readonly<Record<PermissionGroup, string>> = {
  account_admin: 'Everything below, plus the account, its users and their permissions.',
  billing: 'Plans, subscription, usage and invoices.',
  sources: 'Create and configure sources, their domains and secure URL tokens.',
  analytics: 'Read usage analytics.',
  purge: 'Purge cached images.',
  asset_manager_browse: 'Browse assets and their details.',
  asset_manager_edit: 'Upload, edit and index assets (includes Asset Manager Browse).',
};

/** The first user of an account, and users from before groups existed, hold this group. */
export const FIRST_USER_PERMISSIONS: readonly PermissionGroup[] = ['account_admin'];

/** True when a user holding `held` may do what needs `needed`. */
export function grantsPermission(
  held: readonly PermissionGroup[],
  needed: PermissionGroup,
): boolean {
  if (held.includes('account_admin') || held.includes(needed)) return true;
  return needed === 'asset_manager_browse' && held.includes('asset_manager_edit');
}

/** The groups `held` amounts to, implied ones included, in the catalogue's order. */
export function effectivePermissions(held: readonly PermissionGroup[]): PermissionGroup[] {
  return PERMISSION_GROUPS.filter((group) => grantsPermission(held, group));
}

/** A user's groups as the API takes them: at least one, each known, none twice. */
export const userPermissionsSchema = z
  .array(
    z.enum(PERMISSION_GROUPS, {
      error: () => `Use the permission groups ${PERMISSION_GROUPS.join(', ')}`,
    }),
  )
  .min(1, 'Give every user at least one permission group')
  .max(PERMISSION_GROUPS.length)
  .refine((groups) => new Set(groups).size === groups.length, 'List each permission group once')
  .transform((groups) => PERMISSION_GROUPS.filter((group) => groups.includes(group)));
