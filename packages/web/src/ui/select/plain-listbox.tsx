import { clsx } from 'clsx';
import { useEffect } from 'react';
import { ListOption } from './list-option.tsx';
import { listSurfaceClasses, type VirtualListboxProps } from './virtual-listbox.tsx';

/**
 * A listbox that renders every option, for lists short enough that rendering only the rows in
 * view would save nothing. Takes the same props as VirtualListbox.
 */
export function PlainListbox({
  id,
  labelledBy,
  options,
  activeIndex,
  selectedValue,
  optionId,
  onHover,
  onChoose,
  setFloating,
  floatingStyles,
  floatingProps,
  tone = 'light',
}: VirtualListboxProps) {
  const activeId = activeIndex === null ? undefined : optionId(activeIndex);
  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView?.({ block: 'nearest' });
  }, [activeId]);

  return (
    <div
      ref={setFloating}
      id={id}
      role="listbox"
      aria-labelledby={labelledBy}
      tabIndex={-1}
      style={floatingStyles}
      {...floatingProps}
      // Keeps focus on the combobox while the pointer picks an option.
      onMouseDown={(event) => event.preventDefault()}
      className={clsx(listSurfaceClasses[tone], 'py-1')}
    >
      {options.map((option, index) => (
        <ListOption
          key={option.value}
          id={optionId(index)}
          tone={tone}
          label={option.label}
          disabled={option.disabled}
          selected={option.value === selectedValue}
          active={index === activeIndex}
          onHover={() => onHover(index)}
          onChoose={() => onChoose(index)}
        />
      ))}
    </div>
  );
}
