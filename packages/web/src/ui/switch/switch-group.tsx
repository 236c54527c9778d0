import { clsx } from 'clsx';
import { useSearchParams } from 'react-router';
import { Switch } from './switch.tsx';
import { parseListParam, toggleListValue, withListParam } from './switch-group.utils.ts';

interface SwitchGroupOption {
  label: string;
  value: string;
  disabled?: boolean;
}

export interface SwitchGroupProps {
  legend: string;
  /** The URL query parameter holding the comma-separated values, e.g. `auto`. */
  param: string;
  options: readonly SwitchGroupOption[];
  /** Replace the history entry rather than push one per toggle (default true). */
  replace?: boolean;
  className?: string;
}

/** A set of switches whose state is a comma-separated URL query parameter. */
export function SwitchGroup({
  legend,
  param,
  options,
  replace = true,
  className,
}: SwitchGroupProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const values = parseListParam(searchParams.get(param));
  return (
    <fieldset className={clsx('flex flex-col gap-3', className)}>
      <legend className="mb-1 text-sm font-medium text-zinc-900">{legend}</legend>
      {options.map((option) => (
        <Switch
          key={option.value}
          label={option.label}
          checked={values.includes(option.value)}
          disabled={option.disabled}
          onCheckedChange={(checked) =>
            setSearchParams(
              (current) =>
                withListParam(
                  current,
                  param,
                  toggleListValue(parseListParam(current.get(param)), option.value, checked),
                ),
              { replace },
            )
          }
        />
      ))}
    </fieldset>
  );
}
