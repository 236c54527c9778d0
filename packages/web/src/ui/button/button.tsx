import { clsx } from 'clsx';
import type { ButtonHTMLAttributes, Ref } from 'react';
import { Spinner } from '../spinner/spinner.tsx';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
type ButtonColor = 'default' | 'orange';
type ButtonSize = 'small' | 'default';
type ButtonSurface = 'light' | 'dark';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  /** `orange` paints the primary variant in the brand colour (editor spec section 3). */
  color?: ButtonColor;
  size?: ButtonSize;
  /** The background the button sits on: `dark` for the editor's panels and dark modals. */
  surface?: ButtonSurface;
  /** While true the button shows a spinner, is disabled and reports itself busy. */
  working?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

type Looks = Record<ButtonVariant, Record<ButtonColor, string>>;

const onLight: Looks = {
  primary: {
    default: 'bg-zinc-900 text-white hover:bg-zinc-700 disabled:bg-zinc-400',
    orange: 'bg-brand-600 text-white hover:bg-brand-700 disabled:bg-brand-500/50',
  },
  secondary: {
    default:
      'border border-zinc-300 bg-white text-zinc-900 hover:bg-zinc-50 disabled:text-zinc-400',
    orange:
      'border border-brand-500 bg-white text-brand-700 hover:bg-brand-50 disabled:text-zinc-400',
  },
  ghost: {
    default: 'text-zinc-700 hover:bg-zinc-100 disabled:text-zinc-400',
    orange: 'text-brand-700 hover:bg-brand-50 disabled:text-zinc-400',
  },
  danger: {
    default: 'bg-red-600 text-white hover:bg-red-700 disabled:bg-red-300',
    orange: 'bg-red-600 text-white hover:bg-red-700 disabled:bg-red-300',
  },
};

const onDark: Looks = {
  primary: {
    default: 'bg-white text-zinc-900 hover:bg-zinc-200 disabled:bg-zinc-500',
    orange: 'bg-brand-600 text-white hover:bg-brand-500 disabled:bg-brand-700/60',
  },
  secondary: {
    default:
      'border border-zinc-600 bg-zinc-800 text-zinc-100 hover:bg-zinc-700 disabled:text-zinc-500',
    orange:
      'border border-brand-500 bg-zinc-800 text-brand-500 hover:bg-zinc-700 disabled:text-zinc-500',
  },
  ghost: {
    default: 'text-zinc-200 hover:bg-zinc-800 disabled:text-zinc-500',
    orange: 'text-brand-500 hover:bg-zinc-800 disabled:text-zinc-500',
  },
  danger: onLight.danger,
};

const sizes: Record<ButtonSize, string> = {
  small: 'h-8 px-3 text-xs',
  default: 'h-10 px-4 text-sm',
};

/**
 * The dashboard's button. Its label defaults to 'submit' and, like a native button, it submits
 * its form unless given `type="button"` (outside a form a submit button does nothing).
 */
export function Button({
  variant = 'primary',
  color = 'default',
  size = 'default',
  surface = 'light',
  working = false,
  disabled,
  type = 'submit',
  className,
  children = 'submit',
  ref,
  ...rest
}: ButtonProps) {
  return (
    <button
      ref={ref}
      type={type}
      disabled={disabled === true || working}
      aria-busy={working || undefined}
      data-variant={variant}
      data-color={color}
      className={clsx(
        'inline-flex items-center justify-center gap-2 rounded-lg font-medium whitespace-nowrap',
        'transition-colors disabled:cursor-not-allowed',
        (surface === 'dark' ? onDark : onLight)[variant][color],
        sizes[size],
        className,
      )}
      {...rest}
    >
      {working && <Spinner />}
      {children}
    </button>
  );
}
