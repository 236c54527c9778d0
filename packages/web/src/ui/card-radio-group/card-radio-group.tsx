import { clsx } from 'clsx';
import { ExternalLink } from 'lucide-react';
import { useId, useRef, type ComponentType, type KeyboardEvent, type ReactNode } from 'react';
import { InfoTooltip } from '../tooltip/info-tooltip.tsx';
import { visibleOptions, wrapEnabledIndex } from './card-radio-group.utils.ts';

export interface CardRadioOption {
  label: string;
  value: string;
  icon?: ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;
  tooltip?: ReactNode;
  /**
   * A link drawn on the card (its documentation, say). It sits beside the radio, not inside it,
   * so following it neither selects the card nor joins the arrow-key navigation.
   */
  link?: { href: string; text: string; label?: string };
  disabled?: boolean;
}

export interface CardRadioGroupProps {
  label: string;
  options: readonly CardRadioOption[];
  value: string | null;
  onChange: (value: string) => void;
  /** Without webproxy access the option whose value is 'webproxy' is hidden. */
  webproxyAccess?: boolean;
  className?: string;
}

/** A radio group drawn as cards (WAI-ARIA APG radio group: arrows move and select). */
export function CardRadioGroup({
  label,
  options,
  value,
  onChange,
  webproxyAccess = true,
  className,
}: CardRadioGroupProps) {
  const labelId = useId();
  const radios = useRef<Array<HTMLDivElement | null>>([]);
  const shown = visibleOptions(options, webproxyAccess);
  const checkedIndex = shown.findIndex((option) => option.value === value);
  // With nothing checked the first enabled card takes the group's single tab stop.
  const tabStop =
    checkedIndex >= 0 ? checkedIndex : shown.findIndex((option) => option.disabled !== true);

  const pick = (index: number) => {
    const option = shown[index];
    if (!option || option.disabled === true) return;
    onChange(option.value);
    radios.current[index]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent, index: number) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowRight') {
      event.preventDefault();
      pick(wrapEnabledIndex(shown, index, 1));
    } else if (event.key === 'ArrowUp' || event.key === 'ArrowLeft') {
      event.preventDefault();
      pick(wrapEnabledIndex(shown, index, -1));
    } else if (event.key === ' ') {
      event.preventDefault();
      pick(index);
    }
  };

  return (
    <div className={clsx('flex flex-col gap-2', className)}>
      <span id={labelId} className="text-sm font-medium text-zinc-900">
        {label}
      </span>
      <div
        role="radiogroup"
        aria-labelledby={labelId}
        className="grid grid-cols-1 gap-3 min-[360px]:grid-cols-2 sm:grid-cols-3"
      >
        {shown.map((option, index) => {
          const checked = index === checkedIndex;
          const disabled = option.disabled === true;
          const Icon = option.icon;
          return (
            <div key={option.value} className="relative">
              <div
                ref={(node) => {
                  radios.current[index] = node;
                }}
                role="radio"
                aria-checked={checked}
                aria-disabled={disabled || undefined}
                tabIndex={index === tabStop && !disabled ? 0 : -1}
                onClick={() => pick(index)}
                onKeyDown={(event) => onKeyDown(event, index)}
                className={clsx(
                  'flex h-full min-h-20 cursor-pointer flex-col items-start justify-center gap-2',
                  'rounded-lg p-4 pr-9 text-sm font-medium transition-colors ring-inset',
                  option.link && 'pb-10',
                  checked
                    ? 'bg-brand-50 text-brand-700 ring-2 ring-brand-500'
                    : 'bg-white text-zinc-800 ring-1 ring-zinc-200 hover:ring-zinc-400',
                  disabled && 'cursor-not-allowed opacity-50 hover:ring-zinc-200',
                )}
              >
                {Icon && <Icon aria-hidden="true" className="size-5" />}
                {option.label}
              </div>
              {option.link && (
                <a
                  href={option.link.href}
                  target="_blank"
                  rel="noreferrer"
                  aria-label={option.link.label}
                  className="absolute bottom-3 left-4 inline-flex items-center gap-1 rounded text-xs font-medium text-zinc-600 underline-offset-2 hover:text-zinc-900 hover:underline"
                >
                  {option.link.text}
                  <ExternalLink aria-hidden="true" className="size-3" />
                </a>
              )}
              {option.tooltip !== undefined && (
                <InfoTooltip
                  content={option.tooltip}
                  label={`About ${option.label}`}
                  side="top"
                  className="absolute top-2 right-2"
                />
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}
