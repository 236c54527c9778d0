import { Menu } from 'lucide-react';
import { useRef, useState } from 'react';
import { Outlet } from 'react-router';
import { useUserQuery } from '../api/users.ts';
import { Badge } from '../ui/index.ts';
import { ImpersonationBanner } from './impersonation-banner.tsx';
import { MobileNavDrawer } from './mobile-nav-drawer.tsx';
import { useSession, type Session } from './session.ts';
import { Sidebar } from './sidebar.tsx';
import { Wordmark } from './wordmark.tsx';

/** The signed-in frame: navigation, user menu, admin badge and impersonation banner. */
export function AppLayout() {
  const session = useSession();
  // The guard keeps signed-out users out; a session that ends here is followed by a redirect.
  if (!session) return null;
  return <SignedInLayout session={session} />;
}

function SignedInLayout({ session }: { session: Session }) {
  // Every user may read their own profile, whatever their groups (platform spec section 5).
  const { data: user } = useUserQuery(session.userId);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);

  const closeDrawer = () => {
    setDrawerOpen(false);
    menuButton.current?.focus();
  };

  return (
    // The shell fills the viewport; only the page area scrolls, so navigation stays in reach.
    // Clipped: nothing the page holds may make the document itself scrollable (scrolling over
    // the sidebar would then move the whole app off screen, onto a blank page).
    <div className="flex h-dvh flex-col overflow-hidden bg-zinc-50">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-white px-3 py-2 text-sm font-medium text-zinc-900 shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      {session.impersonating && <ImpersonationBanner user={user} />}

      <header className="flex h-14 shrink-0 items-center justify-between gap-3 bg-zinc-900 px-4 md:hidden">
        <div className="flex min-w-0 items-center gap-2">
          <Wordmark tone="light" />
          {session.admin && <Badge color="dark-default">Admin</Badge>}
        </div>
        <button
          ref={menuButton}
          type="button"
          onClick={() => setDrawerOpen(true)}
          aria-expanded={drawerOpen}
          aria-controls="mobile-navigation"
          className="inline-flex size-10 items-center justify-center rounded-lg text-zinc-200 hover:bg-zinc-800 hover:text-white"
        >
          <Menu aria-hidden="true" className="size-5" />
          <span className="sr-only">Open navigation</span>
        </button>
      </header>

      <div className="flex min-h-0 flex-1">
        <aside className="hidden w-64 shrink-0 md:block">
          <Sidebar session={session} user={user} />
        </aside>
        {/* Positioned, so that absolutely placed content (visually hidden captions, chart
            tooltips) is laid out within the page area and scrolls with it, instead of
            against the document, which it would stretch past the viewport. */}
        <main
          id="main"
          tabIndex={-1}
          className="relative min-w-0 flex-1 overflow-y-auto overscroll-contain focus:outline-none"
        >
          <Outlet />
        </main>
      </div>

      {drawerOpen && (
        <MobileNavDrawer id="mobile-navigation" onClose={closeDrawer}>
          <Sidebar session={session} user={user} onNavigate={() => setDrawerOpen(false)} />
        </MobileNavDrawer>
      )}
    </div>
  );
}
