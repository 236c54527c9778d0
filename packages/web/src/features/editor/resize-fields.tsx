import { useId, useState } from 'react';
import { AspectRatioLock, Select } from '../../ui/index.ts';
import type { OriginProperties } from './editor-types.ts';
import {
  CUSTOM_RATIO,
  RATIO_CHOICES,
  changeLock,
  changeSide,
  currentSize,
  enlargementOf,
  keepOriginalSize,
  parseRatio,
} from './resize.utils.ts';
import { chooseRatioInMode, type EditorSession } from './modes.utils.ts';
import { EnlargementNote } from './enlargement-note.tsx';
import { SizeInput } from './size-input.tsx';

const RATIO_ITEMS = RATIO_CHOICES.map((label) => ({ label }));

export interface ResizeFieldsProps {
  session: EditorSession;
  origin: OriginProperties;
  onChange: (next: EditorSession) => void;
  disabled?: boolean;
}

/** Width, height, aspect ratio and its lock: the Resize Image, Fill Size and Crop Size fields. */
export function ResizeFields({ session, origin, onChange, disabled = false }: ResizeFieldsProps) {
  const size = currentSize(session.params, origin);
  // The crop panel sizes a frame still being drawn: the note is for the sizes an export gets.
  const enlargement = session.mode === 'crop' ? null : enlargementOf(session.params, origin);
  const customId = useId();
  const customErrorId = useId();
  const [customRatio, setCustomRatio] = useState(session.params.ar ?? '');
  const [customError, setCustomError] = useState<string | null>(null);
  const setSide = (side: 'width' | 'height', value: number) =>
    onChange({
      ...session,
      params: changeSide(session.params, origin, session.ratio, side, value),
    });
  const applyCustomRatio = () => {
    if (customRatio.trim() === '' || customRatio.trim() === session.params.ar) return;
    if (!parseRatio(customRatio)) {
      setCustomError('Enter a ratio as width:height, e.g. 7:5');
      return;
    }
    setCustomError(null);
    onChange(chooseRatioInMode(session, origin, CUSTOM_RATIO, customRatio));
  };

  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-end gap-2">
        <SizeInput
          label="Width"
          value={size.width}
          disabled={disabled}
          onCommit={(value) => setSide('width', value)}
        />
        <AspectRatioLock
          locked={session.ratio.locked}
          disabled={disabled}
          onLockedChange={(locked) =>
            onChange({ ...session, ratio: changeLock(session.ratio, locked) })
          }
        />
        <SizeInput
          label="Height"
          value={size.height}
          disabled={disabled}
          onCommit={(value) => setSide('height', value)}
        />
      </div>
      {enlargement && (
        <EnlargementNote
          enlargement={enlargement}
          onKeepOriginalSize={() =>
            onChange({ ...session, params: keepOriginalSize(session.params, origin) })
          }
        />
      )}
      <Select
        tone="dark"
        label="Aspect ratio"
        options={RATIO_ITEMS}
        value={session.ratio.choice}
        disabled={disabled}
        onChange={(choice) => onChange(chooseRatioInMode(session, origin, choice))}
      />
      {session.ratio.choice === CUSTOM_RATIO && (
        <div className="flex flex-col gap-1">
          <label htmlFor={customId} className="text-xs font-medium text-zinc-600">
            Custom ratio (width:height)
          </label>
          <input
            id={customId}
            type="text"
            inputMode="decimal"
            placeholder="e.g. 7:5"
            value={customRatio}
            disabled={disabled}
            aria-invalid={customError !== null}
            aria-describedby={customError ? customErrorId : undefined}
            onChange={(event) => setCustomRatio(event.target.value)}
            onBlur={applyCustomRatio}
            onKeyDown={(event) => {
              if (event.key === 'Enter') applyCustomRatio();
            }}
            className="h-10 rounded-lg bg-white px-3 text-sm ring-1 ring-zinc-300 ring-inset focus-visible:outline-2 focus-visible:outline-brand-600"
          />
          {customError && (
            <p id={customErrorId} className="text-xs text-red-700">
              {customError}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
