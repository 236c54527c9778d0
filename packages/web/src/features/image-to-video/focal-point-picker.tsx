import { Crosshair } from 'lucide-react';
import type { KeyboardEvent } from 'react';
import { clampFocalPoint, focalPointAt, type FocalPoint } from './image-to-video.utils.ts';

const KEY_STEP = 0.05;

export interface FocalPointPickerProps {
  stillUrl: string;
  alt: string;
  value: FocalPoint;
  onChange: (point: FocalPoint) => void;
  disabled: boolean;
}

/** The still with a marker where the zoom heads: click the picture or use the arrow keys. */
export function FocalPointPicker({
  stillUrl,
  alt,
  value,
  onChange,
  disabled,
}: FocalPointPickerProps) {
  const onKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, FocalPoint> = {
      ArrowLeft: { x: value.x - KEY_STEP, y: value.y },
      ArrowRight: { x: value.x + KEY_STEP, y: value.y },
      ArrowUp: { x: value.x, y: value.y - KEY_STEP },
      ArrowDown: { x: value.x, y: value.y + KEY_STEP },
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    onChange(clampFocalPoint(next));
  };
  return (
    <div className="relative inline-block max-w-full">
      <img src={stillUrl} alt={alt} className="block max-h-[60dvh] max-w-full rounded-md" />
      <button
        type="button"
        disabled={disabled}
        aria-label={`Focal point: ${Math.round(value.x * 100)}% across, ${Math.round(value.y * 100)}% down. Click the picture or use the arrow keys to move it.`}
        onClick={(event) =>
          onChange(
            focalPointAt(event.clientX, event.clientY, event.currentTarget.getBoundingClientRect()),
          )
        }
        onKeyDown={onKeyDown}
        className="absolute inset-0 cursor-crosshair rounded-md focus-visible:ring-4 focus-visible:ring-brand-500 focus-visible:outline-none disabled:cursor-not-allowed"
      >
        <Crosshair
          aria-hidden="true"
          className="absolute size-8 -translate-x-1/2 -translate-y-1/2 text-white drop-shadow-[0_0_2px_rgba(0,0,0,0.9)]"
          style={{ left: `${value.x * 100}%`, top: `${value.y * 100}%` }}
        />
      </button>
    </div>
  );
}
