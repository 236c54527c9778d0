// The onboarding steps this browser remembers per account (spec platform section 3: "a
// first-image-served flag persisted locally"): the first image served, the URL playground opened,
// and whether the checklist was dismissed. Kept in localStorage, so they outlive the session;
// read through useSyncExternalStore, so every screen showing them changes together.
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import type { Asset } from '../../../api/assets.ts';
import { useSession } from '../../../app/session.ts';

/** One entry per account: people sharing a browser each see their own account's progress. */
const KEY_PREFIX = 'darkroom.onboarding.';

export interface OnboardingFlags {
  /** An image of the account's was served (the server's `date_first_served`, remembered). */
  firstImageServed: boolean;
  /** The URL playground of an asset was opened. */
  playgroundOpened: boolean;
  /** The checklist was closed before it was done. */
  dismissed: boolean;
}

const NONE: OnboardingFlags = {
  firstImageServed: false,
  playgroundOpened: false,
  dismissed: false,
};

const listeners = new Set<() => void>();
/** The last value read per key, so a snapshot stays the same object until the value changes. */
const snapshots = new Map<string, { raw: string | null; flags: OnboardingFlags }>();

function storageKey(accountId: string): string {
  return KEY_PREFIX + accountId;
}

function readRaw(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    // Storage can be disabled (private mode): nothing is remembered, every step starts undone.
    return null;
  }
}

function parse(raw: string | null): OnboardingFlags {
  if (raw === null) return NONE;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null) return NONE;
    const stored = parsed as Record<string, unknown>;
    return {
      firstImageServed: stored.firstImageServed === true,
      playgroundOpened: stored.playgroundOpened === true,
      dismissed: stored.dismissed === true,
    };
  } catch {
    // A value another version wrote: start afresh.
    return NONE;
  }
}

/** The flags of an account, the same object while its stored value is unchanged. */
export function readOnboardingFlags(accountId: string): OnboardingFlags {
  const key = storageKey(accountId);
  const raw = readRaw(key);
  const cached = snapshots.get(key);
  if (cached !== undefined && cached.raw === raw) return cached.flags;
  const flags = parse(raw);
  snapshots.set(key, { raw, flags });
  return flags;
}

/** Sets some of an account's flags; a flag once set stays set. */
export function recordOnboarding(accountId: string, changes: Partial<OnboardingFlags>): void {
  const current = readOnboardingFlags(accountId);
  const next: OnboardingFlags = {
    firstImageServed: current.firstImageServed || changes.firstImageServed === true,
    playgroundOpened: current.playgroundOpened || changes.playgroundOpened === true,
    dismissed: current.dismissed || changes.dismissed === true,
  };
  if (
    next.firstImageServed === current.firstImageServed &&
    next.playgroundOpened === current.playgroundOpened &&
    next.dismissed === current.dismissed
  ) {
    return;
  }
  try {
    window.localStorage.setItem(storageKey(accountId), JSON.stringify(next));
  } catch {
    // Without storage the step shows undone again on the next visit: nothing breaks.
    return;
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab of the same account may complete a step (the playground, say).
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/** The signed-in account's flags, and how to record more; null flags without a session. */
export function useOnboardingFlags(): {
  flags: OnboardingFlags | null;
  record: (changes: Partial<OnboardingFlags>) => void;
} {
  const accountId = useSession()?.accountId ?? null;
  const flags = useSyncExternalStore(subscribe, () =>
    accountId === null ? null : readOnboardingFlags(accountId),
  );
  const record = useCallback(
    (changes: Partial<OnboardingFlags>) => {
      if (accountId !== null) recordOnboarding(accountId, changes);
    },
    [accountId],
  );
  return { flags, record };
}

/**
 * Marks the checklist's playground step done once an asset page shows the URL playground (the
 * playground renders images only: asset-url-playground.tsx).
 */
export function useNotePlaygroundOpened(
  asset: Pick<Asset, 'fullURL' | 'media_kind' | 'is_renderable'> | undefined,
): void {
  const { record } = useOnboardingFlags();
  const shown =
    asset !== undefined &&
    asset.fullURL !== null &&
    asset.media_kind !== 'VIDEO' &&
    asset.is_renderable;
  useEffect(() => {
    if (shown) record({ playgroundOpened: true });
  }, [shown, record]);
}
