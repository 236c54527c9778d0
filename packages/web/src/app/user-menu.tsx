import { ChevronsUpDown, LogOut } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useSignOutMutation } from '../api/sessions.ts';
import type { User } from '../api/users.ts';
import { initialsOf } from './layout.utils.ts';
import { redirectTo } from './redirect.ts';

/**
 * The signed-in user's name and email, opening a menu with Sign out. `user` is undefined while it
 * loads.
 */
export function UserMenu({ user }: { user: User | undefined }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const container = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const firstItem = useRef<HTMLButtonElement>(null);
  const signOut = useSignOutMutation();

  useEffect(() => {
    if (!open) return undefined;
    firstItem.current?.focus();
    const closeOnOutsidePointer = (event: PointerEvent) => {
      if (!container.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOnOutsidePointer);
    return () => document.removeEventListener('pointerdown', closeOnOutsidePointer);
  }, [open]);

  const close = () => {
    setOpen(false);
    trigger.current?.focus();
  };

  const handleSignOut = async () => {
    try {
      await signOut.mutateAsync();
    } finally {
      redirectTo('/sign-in', { replace: true });
    }
  };

  const name = user?.name ?? 'Loading…';
  return (
    <div
      ref={container}
      className="relative"
      onBlur={(event) => {
        // Tabbing out of the menu closes it, as clicking elsewhere does.
        if (open && !event.currentTarget.contains(event.relatedTarget)) setOpen(false);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          close();
        }
      }}
    >
      <button
        ref={trigger}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((wasOpen) => !wasOpen)}
        className="flex w-full items-center gap-3 rounded-lg px-2 py-2 text-left hover:bg-zinc-800"
      >
        <span
          aria-hidden="true"
          className="flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-600 text-xs font-semibold text-white"
        >
          {initialsOf(user?.name ?? user?.email)}
        </span>
        <span className="min-w-0 flex-1">
          <span className="block truncate text-sm font-medium text-white">{name}</span>
          {user && <span className="block truncate text-xs text-zinc-400">{user.email}</span>}
        </span>
        <ChevronsUpDown aria-hidden="true" className="size-4 shrink-0 text-zinc-400" />
        <span className="sr-only">Account menu</span>
      </button>
      {open && (
        <div
          id={menuId}
          role="menu"
          aria-label="Account"
          className="absolute right-0 bottom-full left-0 mb-2 overflow-hidden rounded-lg border border-zinc-200 bg-white py-1 text-zinc-900 shadow-lg"
        >
          {user && (
            <div className="border-b border-zinc-100 px-3 py-2" role="presentation">
              <p className="truncate text-sm font-medium">{user.name}</p>
              <p className="truncate text-xs text-zinc-500">{user.email}</p>
            </div>
          )}
          <button
            ref={firstItem}
            type="button"
            role="menuitem"
            disabled={signOut.isPending}
            onClick={() => void handleSignOut()}
            className="flex w-full items-center gap-2 px-3 py-2 text-left text-sm hover:bg-zinc-100 focus-visible:bg-zinc-100 disabled:text-zinc-400"
          >
            <LogOut aria-hidden="true" className="size-4" />
            {signOut.isPending ? 'Signing out…' : 'Sign out'}
          </button>
        </div>
      )}
    </div>
  );
}
