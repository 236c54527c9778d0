import { clsx } from 'clsx';
import { useId, useState } from 'react';
import { parameterSuggestions, type ParameterInfo } from './parameter-catalogue.utils.ts';

export interface ParameterComboboxProps {
  onPick: (parameter: ParameterInfo) => void;
  disabled?: boolean;
}

/**
 * "Add a parameter": a text field that suggests catalogue names as they are typed (WAI-ARIA
 * combobox pattern with a listbox popup: ArrowDown and ArrowUp move through the suggestions,
 * Enter takes one, Escape closes the list), each with its documented range.
 */
export function ParameterCombobox({ onPick, disabled = false }: ParameterComboboxProps) {
  const inputId = useId();
  const listId = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const suggestions = open ? parameterSuggestions(text) : [];
  const activeIndex = Math.min(active, Math.max(0, suggestions.length - 1));
  const optionId = (index: number) => `${listId}-option-${index}`;

  const pick = (parameter: ParameterInfo) => {
    onPick(parameter);
    setText('');
    setOpen(false);
    setActive(0);
  };

  return (
    <div className="relative flex flex-col gap-1">
      <label htmlFor={inputId} className="text-xs font-medium text-zinc-600">
        Add a parameter
      </label>
      <input
        id={inputId}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={suggestions.length > 0}
        aria-controls={listId}
        aria-activedescendant={suggestions.length > 0 ? optionId(activeIndex) : undefined}
        autoComplete="off"
        spellCheck={false}
        placeholder="Type a name, e.g. blur"
        disabled={disabled}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActive(0);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            if (!open) setOpen(true);
            else setActive(Math.min(activeIndex + 1, suggestions.length - 1));
          } else if (event.key === 'ArrowUp') {
            event.preventDefault();
            setActive(Math.max(activeIndex - 1, 0));
          } else if (event.key === 'Enter') {
            const chosen = suggestions[activeIndex];
            if (chosen) {
              event.preventDefault();
              pick(chosen);
            }
          } else if (event.key === 'Escape' && open) {
            event.preventDefault();
            setOpen(false);
          }
        }}
        className="h-10 rounded-lg bg-white px-3 font-mono text-sm ring-1 ring-zinc-300 ring-inset focus-visible:outline-2 focus-visible:outline-brand-600 disabled:bg-zinc-50"
      />
      <ul
        id={listId}
        role="listbox"
        aria-label="Parameters"
        hidden={suggestions.length === 0}
        className="absolute top-full right-0 left-0 z-20 mt-1 max-h-72 overflow-y-auto rounded-lg bg-white py-1 shadow-lg ring-1 ring-zinc-200"
      >
        {suggestions.map((parameter, index) => (
          <li
            key={parameter.name}
            id={optionId(index)}
            role="option"
            aria-selected={index === activeIndex}
            // Taken on mouse down: a click would first blur the field, which closes the list.
            onMouseDown={(event) => {
              event.preventDefault();
              pick(parameter);
            }}
            onMouseEnter={() => setActive(index)}
            className={clsx(
              'cursor-pointer px-3 py-2 text-sm',
              index === activeIndex ? 'bg-brand-50' : 'bg-white',
            )}
          >
            <span className="font-mono font-medium text-zinc-900">{parameter.name}</span>
            <span className="text-zinc-600"> · {parameter.displayName}</span>
            <span className="block text-xs text-zinc-500">{parameter.range}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
