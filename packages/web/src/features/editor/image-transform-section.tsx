import { Crop, PaintBucket, Trash2 } from 'lucide-react';
import { Button, InfoTooltip } from '../../ui/index.ts';
import { EditorSection } from './editor-section.tsx';
import { activeTransform } from './modes.utils.ts';
import type { EditorParams } from './editor-types.ts';

export interface ImageTransformSectionProps {
  params: EditorParams;
  disabled: boolean;
  onEnterCrop: () => void;
  onEnterFill: () => void;
  onTrash: () => void;
}

const TRANSFORM_LABELS = { crop: 'Custom crop', fill: 'Fill' } as const;

/** Crop or fill (spec editor section 2), and the trash button that takes either off. */
export function ImageTransformSection({
  params,
  disabled,
  onEnterCrop,
  onEnterFill,
  onTrash,
}: ImageTransformSectionProps) {
  const transform = activeTransform(params);
  const fillLabel =
    params.fill === 'gen' || params.fill === 'generative' ? 'Generative fill' : 'Blur fill';
  return (
    <EditorSection
      title="Image Transform"
      aside={
        <InfoTooltip
          label="About Image Transform"
          content="Choose between cropping the image and filling the excess space. Generative fill is a premium transformation and costs 2 credits per image."
        />
      }
    >
      <div className="grid grid-cols-2 gap-2">
        <Button type="button" variant="secondary" disabled={disabled} onClick={onEnterCrop}>
          <Crop aria-hidden="true" className="size-4" />
          Crop
        </Button>
        <Button type="button" variant="secondary" disabled={disabled} onClick={onEnterFill}>
          <PaintBucket aria-hidden="true" className="size-4" />
          Fill
        </Button>
      </div>
      {transform && (
        <div className="flex items-center justify-between gap-2 rounded-lg bg-zinc-50 px-3 py-2 ring-1 ring-zinc-200">
          <span className="min-w-0 truncate text-sm text-zinc-800">
            {transform === 'fill' ? fillLabel : TRANSFORM_LABELS.crop}
            {transform === 'crop' && params.rect && (
              <span className="ml-2 text-xs text-zinc-500 tabular-nums">{params.rect}</span>
            )}
          </span>
          <Button
            type="button"
            variant="ghost"
            size="small"
            aria-label={`Remove ${transform === 'fill' ? fillLabel.toLowerCase() : 'the crop'}`}
            disabled={disabled}
            onClick={onTrash}
          >
            <Trash2 aria-hidden="true" className="size-4" />
          </Button>
        </div>
      )}
    </EditorSection>
  );
}
