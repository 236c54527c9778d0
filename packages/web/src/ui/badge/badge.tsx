import { clsx } from 'clsx';
import type { ReactNode } from 'react';

export const BADGE_COLORS = [
  'default',
  'red',
  'yellow',
  'green',
  'blue',
  'purple',
  'slate',
  'black',
  'dark-default',
  'dark-blue',
] as const;
export type BadgeColor = (typeof BADGE_COLORS)[number];

export const BADGE_SIZES = ['default', 'small'] as const;
type BadgeSize = (typeof BADGE_SIZES)[number];

export interface BadgeProps {
  color?: BadgeColor;
  size?: BadgeSize;
  className?: string;
  children: ReactNode;
}

// The dark-* colours are for dark surfaces (the sidebar, the editor's panels).
const colors: Record<BadgeColor, string> = {
  default: 'bg-zinc-100 text-zinc-700 ring-zinc-200',
  red: 'bg-red-50 text-red-700 ring-red-200',
  yellow: 'bg-yellow-50 text-yellow-800 ring-yellow-200',
  green: 'bg-green-50 text-green-700 ring-green-200',
  blue: 'bg-blue-50 text-blue-700 ring-blue-200',
  purple: 'bg-purple-50 text-purple-700 ring-purple-200',
  slate: 'bg-slate-100 text-slate-700 ring-slate-300',
  black: 'bg-zinc-900 text-white ring-zinc-900',
  'dark-default': 'bg-zinc-700 text-zinc-100 ring-zinc-600',
  'dark-blue': 'bg-blue-900 text-blue-100 ring-blue-700',
};

const sizes: Record<BadgeSize, string> = {
  default: 'px-2 py-0.5 text-xs',
  small: 'px-1.5 text-[0.625rem] leading-4',
};

export function Badge({ color = 'default', size = 'default', className, children }: BadgeProps) {
  return (
    <span
      data-color={color}
      data-size={size}
      className={clsx(
        'inline-flex items-center rounded-md font-medium whitespace-nowrap ring-1 ring-inset',
        colors[color],
        sizes[size],
        className,
      )}
    >
      {children}
    </span>
  );
}
