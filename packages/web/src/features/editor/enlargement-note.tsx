import { TriangleAlert } from 'lucide-react';
import { Button } from '../../ui/index.ts';
import type { Enlargement } from './resize.utils.ts';

export interface EnlargementNoteProps {
  enlargement: Enlargement;
  onKeepOriginalSize: () => void;
}

/**
 * Said whenever the output is larger than the image it is made from: an enlarged image looks
 * soft, and nothing else on screen tells the user their numbers stretch it.
 */
export function EnlargementNote({ enlargement, onKeepOriginalSize }: EnlargementNoteProps) {
  const { output, base, baseName } = enlargement;
  return (
    <div
      role="status"
      className="flex flex-col gap-2 rounded-lg bg-amber-50 p-3 text-xs text-amber-900 ring-1 ring-amber-200"
    >
      <p className="flex gap-2">
        <TriangleAlert aria-hidden="true" className="size-4 shrink-0 text-amber-700" />
        <span>
          The output ({output.width} × {output.height} px) is larger than the {baseName} (
          {base.width} × {base.height} px): the image is enlarged and may look soft.
        </span>
      </p>
      <Button
        type="button"
        variant="secondary"
        size="small"
        className="self-start"
        onClick={onKeepOriginalSize}
      >
        Keep original size
      </Button>
    </div>
  );
}
