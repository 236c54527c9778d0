import type { PermissionGroup } from '@darkroom/core';
import { hasPermission } from './permissions.ts';
import type { Session } from './session.ts';

export type NavIconName =
  | 'sources'
  | 'assets'
  | 'analytics'
  | 'purges'
  | 'billing'
  | 'users'
  | 'api-keys'
  | 'audit-log'
  | 'admin-users'
  | 'admin-accounts'
  | 'admin-audit-log'
  | 'admin-experiments'
  | 'ui-gallery';

export type NavItem =
  | { kind: 'link'; label: string; to: string; icon: NavIconName }
  | { kind: 'soon'; label: string; icon: NavIconName }
  /** An area the user's permission groups do not open: shown disabled, saying which it needs. */
  | { kind: 'locked'; label: string; icon: NavIconName; needs: PermissionGroup };

export interface NavGroup {
  /** Shown above the group; the product group has none. */
  label: string | null;
  items: NavItem[];
}

type ProductItem = Extract<NavItem, { kind: 'link' }> & { needs?: PermissionGroup };

// The group each area's screens read with (the API's route rules): every user sees the sources.
const PRODUCT_ITEMS: ProductItem[] = [
  { kind: 'link', label: 'Sources', to: '/sources', icon: 'sources' },
  {
    kind: 'link',
    label: 'Assets',
    to: '/assets',
    icon: 'assets',
    needs: 'asset_manager_browse',
  },
  { kind: 'link', label: 'Analytics', to: '/analytics', icon: 'analytics', needs: 'analytics' },
  { kind: 'link', label: 'Purge', to: '/purges', icon: 'purges', needs: 'purge' },
  { kind: 'link', label: 'Billing', to: '/billing', icon: 'billing', needs: 'billing' },
  { kind: 'link', label: 'Users', to: '/users', icon: 'users', needs: 'account_admin' },
  { kind: 'link', label: 'API keys', to: '/api-keys', icon: 'api-keys', needs: 'account_admin' },
  { kind: 'link', label: 'Audit log', to: '/audit-log', icon: 'audit-log', needs: 'account_admin' },
];

const ADMIN_ITEMS: NavItem[] = [
  { kind: 'link', label: 'Admin: users', to: '/admin/users', icon: 'admin-users' },
  { kind: 'link', label: 'Admin: accounts', to: '/admin/accounts', icon: 'admin-accounts' },
  { kind: 'link', label: 'Admin: audit log', to: '/admin/audit-log', icon: 'admin-audit-log' },
  {
    kind: 'link',
    label: 'Admin: experiments',
    to: '/admin/experiments',
    icon: 'admin-experiments',
  },
  { kind: 'link', label: 'UI gallery', to: '/ui', icon: 'ui-gallery' },
];

/** A product area as the session sees it: a link, or locked when its group is not held. */
function productItemFor(item: ProductItem, session: Pick<Session, 'permissions'>): NavItem {
  const { needs, ...link } = item;
  if (needs === undefined || hasPermission(session, needs)) return link;
  return { kind: 'locked', label: item.label, icon: item.icon, needs };
}

/**
 * The navigation for a session: areas its permission groups do not open are locked (platform
 * spec section 5); admins also get a group with the admin pages.
 */
export function navGroupsFor(session: Pick<Session, 'admin' | 'permissions'>): NavGroup[] {
  const items = PRODUCT_ITEMS.map((item) => productItemFor(item, session));
  const groups: NavGroup[] = [{ label: null, items }];
  if (session.admin) groups.push({ label: 'Admin', items: ADMIN_ITEMS });
  return groups;
}

/** Up to two initials for an avatar: "Ada Lovelace" -> "AL", "ada@example.com" -> "A". */
export function initialsOf(nameOrEmail: string | undefined): string {
  const words = (nameOrEmail ?? '')
    .trim()
    .split(/[\s@]+/)
    .filter(Boolean);
  if (words.length === 0) return '?';
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 && !nameOrEmail?.includes('@') ? (words.at(-1)?.[0] ?? '') : '';
  return `${first}${last}`.toUpperCase();
}
