import type { Session } from './session.ts';

export type NavIconName =
  'sources' | 'assets' | 'analytics' | 'billing' | 'users' | 'admin-users' | 'ui-gallery';

export type NavItem =
  | { kind: 'link'; label: string; to: string; icon: NavIconName }
  | { kind: 'soon'; label: string; icon: NavIconName };

export interface NavGroup {
  /** Shown above the group; the product group has none. */
  label: string | null;
  items: NavItem[];
}

const PRODUCT_ITEMS: NavItem[] = [
  { kind: 'link', label: 'Sources', to: '/sources', icon: 'sources' },
  { kind: 'link', label: 'Assets', to: '/assets', icon: 'assets' },
  { kind: 'link', label: 'Analytics', to: '/analytics', icon: 'analytics' },
  { kind: 'link', label: 'Billing', to: '/billing', icon: 'billing' },
  { kind: 'link', label: 'Users', to: '/users', icon: 'users' },
];

const ADMIN_ITEMS: NavItem[] = [
  { kind: 'link', label: 'Admin: users', to: '/admin/users', icon: 'admin-users' },
  { kind: 'link', label: 'UI gallery', to: '/ui', icon: 'ui-gallery' },
];

/** The navigation for a session: admins also get a group with the admin pages. */
export function navGroupsFor(session: Pick<Session, 'admin'>): NavGroup[] {
  const groups: NavGroup[] = [{ label: null, items: PRODUCT_ITEMS }];
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
