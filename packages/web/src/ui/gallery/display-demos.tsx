import { Download, Pencil, Trash2 } from 'lucide-react';
import { Badge, BADGE_COLORS, BADGE_SIZES } from '../badge/badge.tsx';
import { Button, type ButtonVariant } from '../button/button.tsx';
import { CollapsibleSection } from '../collapsible/collapsible-section.tsx';
import { PopoverMenu } from '../popover/popover-menu.tsx';
import { toast } from '../toast/toast.ts';
import { InfoTooltip } from '../tooltip/info-tooltip.tsx';
import { Example, GallerySection } from './gallery-section.tsx';

export function TooltipAndPopoverDemos() {
  const items = [
    { label: 'Rename', icon: Pencil, onSelect: () => toast.info('Rename') },
    { label: 'Download', icon: Download, onSelect: () => toast.info('Download') },
    { label: 'Move (disabled)', onSelect: () => {}, disabled: true },
    { label: 'Delete', icon: Trash2, danger: true, onSelect: () => toast.error('Delete') },
  ];
  return (
    <GallerySection
      title="Tooltips and popover menu"
      note="Tooltips hide 300 ms after the pointer leaves and drop below at 480 px or less; the menu closes 700 ms after a click inside."
    >
      <div className="grid gap-6 sm:grid-cols-2">
        <Example label="Tooltip">
          <div className="flex flex-wrap items-center gap-4 text-sm text-zinc-700">
            {(['right', 'top', 'bottom', 'left'] as const).map((side) => (
              <span key={side} className="inline-flex items-center gap-1">
                {side}
                <InfoTooltip
                  side={side}
                  label={`Tooltip on the ${side}`}
                  content="Compression costs credits; the amount depends on your plan."
                />
              </span>
            ))}
          </div>
        </Example>
        <Example label="Popover menu">
          <div className="flex items-center gap-3">
            <PopoverMenu label="Actions" items={items} />
            <PopoverMenu label="More actions" iconOnly items={items} />
          </div>
        </Example>
      </div>
    </GallerySection>
  );
}

export function BadgeDemos() {
  return (
    <GallerySection title="Badges" note="Two sizes, ten colours; dark-* are for dark panels.">
      <div className="flex flex-col gap-4">
        {BADGE_SIZES.map((size) => (
          <Example key={size} label={`Size ${size}`}>
            <div className="flex flex-wrap gap-2 rounded-lg bg-zinc-50 p-3">
              {BADGE_COLORS.map((color) => (
                <Badge key={color} size={size} color={color}>
                  {color}
                </Badge>
              ))}
            </div>
            <div className="flex flex-wrap gap-2 rounded-lg bg-zinc-900 p-3">
              {BADGE_COLORS.map((color) => (
                <Badge key={color} size={size} color={color}>
                  {color}
                </Badge>
              ))}
            </div>
          </Example>
        ))}
      </div>
    </GallerySection>
  );
}

const variants: ButtonVariant[] = ['primary', 'secondary', 'ghost', 'danger'];

export function ButtonDemos() {
  return (
    <GallerySection title="Buttons" note="The label defaults to 'submit'; working shows a spinner.">
      <div className="flex flex-col gap-4">
        {(['default', 'orange'] as const).map((color) => (
          <Example key={color} label={`Colour ${color}`}>
            <div className="flex flex-wrap items-center gap-2">
              {variants.map((variant) => (
                <Button key={variant} type="button" variant={variant} color={color}>
                  {variant}
                </Button>
              ))}
              <Button type="button" color={color} working>
                Saving
              </Button>
              <Button type="button" color={color} disabled>
                Disabled
              </Button>
              <Button type="button" color={color} size="small">
                Small
              </Button>
            </div>
          </Example>
        ))}
        <Example label="Default label">
          <div>
            <Button type="button" variant="secondary" />
          </div>
        </Example>
      </div>
    </GallerySection>
  );
}

export function CollapsibleDemos() {
  return (
    <GallerySection title="Collapsible sections" note="Expanded by default; the arrow toggles.">
      <CollapsibleSection title="Adjustments">
        <p className="text-sm text-zinc-600">Brightness, contrast, exposure and gamma.</p>
      </CollapsibleSection>
      <CollapsibleSection title="Stylize (starts collapsed)" defaultExpanded={false}>
        <p className="text-sm text-zinc-600">Blur, sepia, halftone and pixellate.</p>
      </CollapsibleSection>
    </GallerySection>
  );
}
