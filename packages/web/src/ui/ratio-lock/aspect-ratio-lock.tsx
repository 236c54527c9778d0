import { clsx } from 'clsx';
import { Lock, LockOpen } from 'lucide-react';
import { focusWithinOutline } from '../focus.ts';

export interface AspectRatioLockProps {
  locked: boolean;
  onLockedChange: (locked: boolean) => void;
  /** The checkbox's accessible name. */
  label?: string;
  disabled?: boolean;
  className?: string;
}

/** A checkbox drawn as a padlock: closed while width and height keep their ratio. */
export function AspectRatioLock({
  locked,
  onLockedChange,
  label = 'Lock aspect ratio',
  disabled = false,
  className,
}: AspectRatioLockProps) {
  const Icon = locked ? Lock : LockOpen;
  return (
    <label
      title={label}
      className={clsx(
        'relative inline-grid size-10 cursor-pointer place-items-center rounded-lg ring-1 ring-inset',
        focusWithinOutline,
        locked
          ? 'bg-brand-50 text-brand-700 ring-brand-500'
          : 'bg-white text-zinc-500 ring-zinc-300 hover:text-zinc-800',
        disabled && 'cursor-not-allowed opacity-50',
        className,
      )}
    >
      <input
        type="checkbox"
        aria-label={label}
        checked={locked}
        disabled={disabled}
        onChange={(event) => onLockedChange(event.target.checked)}
        className="absolute inset-0 cursor-[inherit] opacity-0"
      />
      <Icon aria-hidden="true" data-icon={locked ? 'locked' : 'unlocked'} className="size-4" />
    </label>
  );
}
