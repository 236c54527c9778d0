import { clsx } from 'clsx';
import { useId, type ReactNode } from 'react';
import { Badge } from '../badge/badge.tsx';
import { InfoTooltip } from '../tooltip/info-tooltip.tsx';
import { Switch } from './switch.tsx';

export interface VerticalSwitchProps {
  label: string;
  /** A line under the label saying what the switch does. */
  legend: ReactNode;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  tooltip?: ReactNode;
  /** Marks a paid feature with a Premium badge. */
  premium?: boolean;
  disabled?: boolean;
  className?: string;
}

/** A switch stacked under its label and legend, as in the editor's side panels. */
export function VerticalSwitch({
  label,
  legend,
  checked,
  onCheckedChange,
  tooltip,
  premium = false,
  disabled = false,
  className,
}: VerticalSwitchProps) {
  const labelId = useId();
  const legendId = useId();
  return (
    <div className={clsx('flex flex-col gap-2', className)}>
      <div className="flex flex-wrap items-center gap-2">
        <span id={labelId} className="text-sm font-medium text-zinc-900">
          {label}
        </span>
        {tooltip !== undefined && <InfoTooltip content={tooltip} label={`About ${label}`} />}
        {premium && (
          <Badge color="purple" size="small">
            Premium
          </Badge>
        )}
      </div>
      <p id={legendId} className="text-sm text-zinc-500">
        {legend}
      </p>
      <Switch
        checked={checked}
        onCheckedChange={onCheckedChange}
        disabled={disabled}
        aria-labelledby={labelId}
        aria-describedby={legendId}
      />
    </div>
  );
}
