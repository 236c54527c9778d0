import {
  Building2,
  ChartColumn,
  CreditCard,
  Database,
  Eraser,
  FileClock,
  FlaskConical,
  Images,
  KeyRound,
  Lock,
  ScrollText,
  Shapes,
  ShieldUser,
  Users,
  type LucideIcon,
} from 'lucide-react';
import clsx from 'clsx';
import { useId } from 'react';
import { NavLink } from 'react-router';
import type { User } from '../api/users.ts';
import { needsPermissionText } from '../features/permissions/permissions.utils.ts';
import { Badge } from '../ui/index.ts';
import { navGroupsFor, type NavIconName, type NavItem } from './layout.utils.ts';
import type { Session } from './session.ts';
import { UserMenu } from './user-menu.tsx';
import { Wordmark } from './wordmark.tsx';

const ICONS: Record<NavIconName, LucideIcon> = {
  sources: Database,
  assets: Images,
  analytics: ChartColumn,
  purges: Eraser,
  billing: CreditCard,
  users: Users,
  'api-keys': KeyRound,
  'audit-log': ScrollText,
  'admin-users': ShieldUser,
  'admin-accounts': Building2,
  'admin-audit-log': FileClock,
  'admin-experiments': FlaskConical,
  'ui-gallery': Shapes,
};

const itemClass = 'flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium';

/** An area the user's groups do not open: disabled, with the reason under it (spec section 5). */
function LockedNavEntry({ item }: { item: Extract<NavItem, { kind: 'locked' }> }) {
  const Icon = ICONS[item.icon];
  const noteId = useId();
  return (
    <>
      <span
        role="link"
        aria-disabled="true"
        aria-describedby={noteId}
        className={clsx(itemClass, 'cursor-not-allowed text-zinc-500')}
      >
        <Icon aria-hidden="true" className="size-4 shrink-0" />
        <span className="flex-1">{item.label}</span>
        <Lock aria-hidden="true" className="size-3.5 shrink-0" />
      </span>
      <p id={noteId} className="pr-3 pb-1 pl-10 text-xs text-zinc-400">
        {needsPermissionText(item.needs)}
      </p>
    </>
  );
}

function NavEntry({ item, onNavigate }: { item: NavItem; onNavigate?: () => void }) {
  const Icon = ICONS[item.icon];
  if (item.kind === 'locked') return <LockedNavEntry item={item} />;
  if (item.kind === 'soon') {
    return (
      // A disabled link (WAI-ARIA): announced, but neither focusable nor followable.
      <span
        role="link"
        aria-disabled="true"
        className={clsx(itemClass, 'cursor-not-allowed text-zinc-500')}
      >
        <Icon aria-hidden="true" className="size-4 shrink-0" />
        <span className="flex-1">{item.label}</span>{' '}
        <Badge size="small" color="dark-default">
          Soon
        </Badge>
      </span>
    );
  }
  return (
    <NavLink
      to={item.to}
      onClick={onNavigate}
      className={({ isActive }) =>
        clsx(
          itemClass,
          'transition-colors',
          isActive
            ? 'bg-zinc-800 text-white'
            : 'text-zinc-300 hover:bg-zinc-800/60 hover:text-white',
        )
      }
    >
      <Icon aria-hidden="true" className="size-4 shrink-0" />
      <span className="flex-1">{item.label}</span>
    </NavLink>
  );
}

/** The navigation column: wordmark, nav items and the user menu. */
export function Sidebar({
  session,
  user,
  onNavigate,
}: {
  session: Session;
  /** Undefined while loading; null when the session may not read it. */
  user: User | undefined;
  onNavigate?: () => void;
}) {
  const groups = navGroupsFor(session);
  return (
    <div className="flex h-full flex-col bg-zinc-900 text-white">
      <div className="flex h-16 items-center gap-2 px-5">
        <Wordmark tone="light" />
        {session.admin && <Badge color="dark-default">Admin</Badge>}
      </div>
      <nav aria-label="Main" className="flex-1 space-y-6 overflow-y-auto px-3 py-2">
        {groups.map((group) => (
          <div key={group.label ?? 'product'}>
            {group.label && (
              <h2 className="px-3 pb-2 text-xs font-medium tracking-wide text-zinc-500 uppercase">
                {group.label}
              </h2>
            )}
            <ul className="space-y-1">
              {group.items.map((item) => (
                <li key={item.label}>
                  <NavEntry item={item} onNavigate={onNavigate} />
                </li>
              ))}
            </ul>
          </div>
        ))}
      </nav>
      <div className="border-t border-zinc-800 p-3">
        <UserMenu user={user} />
      </div>
    </div>
  );
}
