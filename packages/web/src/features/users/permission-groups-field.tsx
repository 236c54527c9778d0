import {
  PERMISSION_GROUP_DESCRIPTIONS,
  PERMISSION_GROUP_LABELS,
  PERMISSION_GROUPS,
  type PermissionGroup,
} from '@darkroom/core';
import { useId, type Ref } from 'react';
import { useController } from 'react-hook-form';
import { includedBy } from '../permissions/permissions.utils.ts';
import { toggleGroup } from './users.utils.ts';

export interface PermissionGroupsFieldProps {
  /** The field's path in the form values: a list of permission groups. */
  name: string;
  legend: string;
  description?: string;
  /** The groups offered, in the catalogue's order; all of them unless the giver holds fewer. */
  groups?: readonly PermissionGroup[];
}

/**
 * The permission groups of a teammate, one checkbox each with what it allows (platform spec
 * section 5). A group another chosen one includes (everything under Account Admin, Browse under
 * Asset Manager Edit) shows checked and fixed, saying which group includes it; the boxes chosen
 * under it come back as they were when that group is unchecked.
 */
export function PermissionGroupsField({
  name,
  legend,
  description,
  groups = PERMISSION_GROUPS,
}: PermissionGroupsFieldProps) {
  const id = useId();
  const { field, fieldState } = useController({ name });
  const chosen = field.value as PermissionGroup[];
  const descriptionId = `${id}-description`;
  const errorId = `${id}-error`;
  const error = fieldState.error?.message;
  const describedBy = [description ? descriptionId : null, error ? errorId : null]
    .filter(Boolean)
    .join(' ');

  return (
    <fieldset
      aria-describedby={describedBy || undefined}
      // The group is one field, touched when focus leaves it, not when it moves to the next box:
      // validating there would show "at least one" above the boxes between pressing and releasing
      // on the next one (after unchecking Account Admin, say), and the click would miss it.
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) field.onBlur();
      }}
    >
      <legend className="text-sm font-medium text-zinc-800">{legend}</legend>
      {description && (
        <p id={descriptionId} className="mt-1 text-xs text-zinc-500">
          {description}
        </p>
      )}
      {/* Under the legend, beside the first box, which is where a refused save moves focus. */}
      {error && (
        <p id={errorId} role="alert" className="mt-1 text-xs font-medium text-red-600">
          {error}
        </p>
      )}
      <ul className="mt-2 divide-y divide-zinc-100 rounded-lg ring-1 ring-zinc-200">
        {PERMISSION_GROUPS.filter((group) => groups.includes(group)).map((group, index) => (
          <PermissionOption
            key={group}
            group={group}
            checked={chosen.includes(group)}
            includedWith={includedBy(chosen, group)}
            invalid={Boolean(error)}
            inputRef={index === 0 ? field.ref : undefined}
            onChange={(checked) => field.onChange(toggleGroup(chosen, group, checked))}
          />
        ))}
      </ul>
    </fieldset>
  );
}

interface PermissionOptionProps {
  group: PermissionGroup;
  checked: boolean;
  /** The chosen group that already includes this one, if any. */
  includedWith: PermissionGroup | null;
  invalid: boolean;
  inputRef: Ref<HTMLInputElement> | undefined;
  onChange: (checked: boolean) => void;
}

function PermissionOption({
  group,
  checked,
  includedWith,
  invalid,
  inputRef,
  onChange,
}: PermissionOptionProps) {
  const inputId = useId();
  const noteId = `${inputId}-note`;
  const includedId = `${inputId}-included`;
  return (
    <li className="flex items-start gap-3 px-3 py-2.5">
      <input
        ref={inputRef}
        id={inputId}
        type="checkbox"
        checked={checked || includedWith !== null}
        disabled={includedWith !== null}
        aria-invalid={invalid || undefined}
        aria-describedby={includedWith ? `${noteId} ${includedId}` : noteId}
        onChange={(event) => onChange(event.target.checked)}
        className="mt-0.5 size-4 shrink-0 rounded border-zinc-300 accent-brand-600"
      />
      <div className="min-w-0 flex-1 text-sm">
        <div className="flex flex-wrap items-baseline justify-between gap-x-2">
          <label htmlFor={inputId} className="font-medium text-zinc-900">
            {PERMISSION_GROUP_LABELS[group]}
          </label>
          {includedWith && (
            <span id={includedId} className="text-xs text-zinc-500">
              Included with {PERMISSION_GROUP_LABELS[includedWith]}
            </span>
          )}
        </div>
        <p id={noteId} className="text-xs text-zinc-500">
          {PERMISSION_GROUP_DESCRIPTIONS[group]}
        </p>
      </div>
    </li>
  );
}
