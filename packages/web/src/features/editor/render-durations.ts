// How long AI renders of each kind took lately in this browser, so a render that waits (423,
// editor spec section 4 'Image loading') can say about how long it usually takes. Kept in
// localStorage, bounded: a few durations per kind, a few kinds.

const STORAGE_KEY = 'darkroom.renderDurations';
/** Durations kept per kind: enough for a median that follows the machine's current load. */
const KEPT_PER_KIND = 5;
/** Kinds kept: the combinations a person uses; the least recently recorded goes first. */
const KEPT_KINDS = 12;

/**
 * The parameters that make a render an AI job, with the word each kind is named by. Their
 * order is the order kinds are named in, so `bg-remove` with `upscale` is one kind however the
 * URL orders them.
 */
const AI_OPERATIONS: readonly { name: string; matches: (value: string) => boolean }[] = [
  { name: 'bg-remove', matches: (value) => value === 'true' || value === '1' },
  { name: 'bg-replace', matches: (value) => value.trim() !== '' && value !== 'false' },
  { name: 'upscale', matches: (value) => value === 'true' || value === '1' },
  { name: 'fill', matches: (value) => value === 'gen' || value === 'generative' },
  { name: 'object-removal-rect', matches: (value) => value.trim() !== '' },
  { name: 'object-removal-prompt', matches: (value) => value.trim() !== '' },
];

/** The AI operations a rendering URL asks for, as one kind ('bg-remove+upscale'); null: none. */
export function renderKindOf(url: string): string | null {
  let query: URLSearchParams;
  try {
    query = new URL(url).searchParams;
  } catch {
    return null;
  }
  const names = AI_OPERATIONS.filter(({ name, matches }) => {
    const value = query.get(name);
    return value !== null && matches(value);
  }).map(({ name }) => name);
  return names.length === 0 ? null : names.join('+');
}

type Durations = Record<string, number[]>;

function read(storage: Storage | undefined): Durations {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(STORAGE_KEY) ?? '{}');
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    const durations: Durations = {};
    for (const [kind, values] of Object.entries(parsed)) {
      if (!Array.isArray(values)) continue;
      const valid = values.filter(
        (value): value is number =>
          typeof value === 'number' && Number.isFinite(value) && value > 0,
      );
      if (valid.length > 0) durations[kind] = valid.slice(-KEPT_PER_KIND);
    }
    return durations;
  } catch {
    // Storage disabled (private mode) or a value another version wrote: start afresh.
    return {};
  }
}

function defaultStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/** Remembers that a render of `kind` took `ms`. */
export function recordRenderDuration(
  kind: string,
  ms: number,
  storage: Storage | undefined = defaultStorage(),
): void {
  if (!(ms > 0) || !Number.isFinite(ms)) return;
  const durations = read(storage);
  const recent = [...(durations[kind] ?? []), Math.round(ms)].slice(-KEPT_PER_KIND);
  // Object keys keep insertion order: the kind just recorded goes last, the oldest goes first.
  const others = Object.entries(durations).filter(([name]) => name !== kind);
  const kept = [...others, [kind, recent] as const].slice(-KEPT_KINDS);
  try {
    storage?.setItem(STORAGE_KEY, JSON.stringify(Object.fromEntries(kept)));
  } catch {
    // Full or disabled: the estimate is only a courtesy.
  }
}

/** The median of the recent renders of `kind`, in ms; null before the first one. */
export function estimatedRenderMs(
  kind: string,
  storage: Storage | undefined = defaultStorage(),
): number | null {
  const recent = read(storage)[kind];
  if (recent === undefined || recent.length === 0) return null;
  const sorted = [...recent].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const median =
    sorted.length % 2 === 1
      ? (sorted[middle] ?? 0)
      : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
  return Math.round(median);
}

/** '45 s', '1 min 10 s': a wait as a person reads it. */
export function formatWait(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  return rest === 0 ? `${minutes} min` : `${minutes} min ${rest} s`;
}
