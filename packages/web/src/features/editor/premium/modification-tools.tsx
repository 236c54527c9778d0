import { Clapperboard, Eraser, Expand } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Badge, Button, NumberInput, toast, VerticalSwitch } from '../../../ui/index.ts';
import type { EditorCapabilities, EditorParams, OriginProperties } from '../editor-types.ts';
import { BackgroundReplaceForm } from './background-replace-form.tsx';
import {
  backgroundRemovalWithinLimits,
  backgroundReplaceBlockedByCrop,
  backgroundReplaceStaysOpen,
  DEFAULT_SHARPEN_AMOUNT,
  imageToVideoPath,
  PREMIUM_MESSAGES,
  sizeForBackgroundRemoval,
  sizeForSuperResolution,
  sizeOptimisedMessage,
  stillUrlOf,
  superResolutionLimit,
  withBackgroundRemoval,
  withBackgroundReplacement,
  withOptimisedSize,
  withSharpen,
  withSuperResolution,
  type PremiumTool,
} from './modification-tools.utils.ts';
import { PaywallDialog } from './paywall-dialog.tsx';
import { usePremiumAvailability } from './premium-availability.tsx';
import { trackPaywallClicked, trackPaywallShown } from './premium-events.ts';
import { premiumStateOf, unavailableMessage, type PremiumState } from './premium-states.ts';

export interface ModificationToolsProps {
  params: EditorParams;
  origin: OriginProperties;
  capabilities: EditorCapabilities;
  sourceId: string;
  originPath: string;
  disabled: boolean;
  onChange: (next: EditorParams) => void;
  onEnterGenerativeFill: () => void;
  onOpenObjectTool: () => void;
}

const TOOL_NAMES: Record<PremiumTool, string> = {
  bgRemove: 'Background removal',
  bgReplace: 'Background replacement',
  superRes: 'Super resolution',
  outpainting: 'Generative fill',
  objectRemove: 'Object removal and replacement',
  imageToVideo: 'Image to video',
};

/** The page a full navigation goes to; a seam so tests can see where it would go. */
export const pageNavigation = {
  assign: (path: string) => window.location.assign(path),
};

/**
 * The sidebar's 'Modification Tools (Premium)' section (editor spec section 2): the paywall of
 * section 6, the limits and messages of sections 8 and 9.
 */
export function ModificationTools({
  params,
  origin,
  capabilities,
  sourceId,
  disabled,
  onChange,
  onEnterGenerativeFill,
  onOpenObjectTool,
}: ModificationToolsProps) {
  const [lockedTool, setLockedTool] = useState<PremiumTool | null>(null);
  const availability = usePremiumAvailability();
  const stateOf = (tool: PremiumTool): PremiumState =>
    premiumStateOf(tool, capabilities[tool], availability);
  const lockedState = lockedTool === null ? null : stateOf(lockedTool);
  const [replaceOpened, setReplaceOpened] = useState(false);
  const replaceOn = replaceOpened || params['bg-replace'] !== undefined;

  const change = (next: EditorParams) => {
    if (!backgroundReplaceStaysOpen(params, next)) setReplaceOpened(false);
    onChange(next);
  };

  /**
   * Runs `action` when the account has `tool`; shows the paywall when a plan would bring it. A
   * tool this server cannot run has its control disabled, and no paywall: no plan would help.
   */
  const unlocked = (tool: PremiumTool, action: () => void) => {
    const state = stateOf(tool);
    if (state.kind === 'available') {
      action();
      return;
    }
    if (state.kind === 'unavailable') return;
    setLockedTool(tool);
    trackPaywallShown(TOOL_NAMES[tool]);
  };
  /** A switch is held off on a server that cannot run its tool; one already on can go off. */
  const switchDisabled = (tool: PremiumTool, checked: boolean) =>
    disabled || (!checked && stateOf(tool).kind === 'unavailable');

  const toggleBackgroundRemoval = (on: boolean) => {
    if (!on) {
      onChange(withBackgroundRemoval(params, false));
      return;
    }
    unlocked('bgRemove', () => {
      if (!backgroundRemovalWithinLimits(origin)) {
        toast.danger(PREMIUM_MESSAGES.backgroundRemovalOverLimit);
        return;
      }
      const optimised = sizeForBackgroundRemoval(params, origin);
      const removing = withBackgroundRemoval(params, true);
      change(optimised === null ? removing : withOptimisedSize(removing, optimised));
      toast.info(PREMIUM_MESSAGES.backgroundRemovalApplied, {
        editor: true,
        description:
          optimised === null ? undefined : sizeOptimisedMessage('background removal', optimised),
      });
    });
  };

  const toggleBackgroundReplace = (on: boolean) => {
    if (!on) {
      setReplaceOpened(false);
      if (params['bg-replace'] !== undefined)
        onChange(withBackgroundReplacement(params, undefined));
      return;
    }
    unlocked('bgReplace', () => {
      if (backgroundReplaceBlockedByCrop(params, origin)) {
        toast.danger(PREMIUM_MESSAGES.backgroundReplaceCropOverLimit);
        return;
      }
      setReplaceOpened(true);
      if (params['bg-remove'] !== undefined) onChange(withBackgroundRemoval(params, false));
      toast.info(PREMIUM_MESSAGES.backgroundReplaceEntered, { editor: true });
    });
  };

  const replaceBackground = (prompt: string) => {
    if (backgroundReplaceBlockedByCrop(params, origin)) {
      toast.danger(PREMIUM_MESSAGES.backgroundReplaceCropOverLimit);
      return;
    }
    onChange(withBackgroundReplacement(params, prompt));
  };

  const toggleSuperResolution = (on: boolean) => {
    if (!on) {
      onChange(withSuperResolution(params, false));
      return;
    }
    unlocked('superRes', () => {
      const limit = superResolutionLimit(origin);
      if (limit === 'hard') {
        toast.danger(PREMIUM_MESSAGES.superResolutionHardLimit);
        return;
      }
      const optimised = sizeForSuperResolution(params, origin);
      const enlarging = withSuperResolution(params, true);
      change(optimised === null ? enlarging : withOptimisedSize(enlarging, optimised));
      const description =
        optimised === null ? undefined : sizeOptimisedMessage('super resolution', optimised);
      if (limit === 'soft')
        toast.warning(PREMIUM_MESSAGES.superResolutionSoftLimit, { editor: true, description });
      else toast.info(PREMIUM_MESSAGES.superResolutionApplied, { editor: true, description });
    });
  };

  const sharpen = params.sharp === undefined ? undefined : Number(params.sharp);

  return (
    <section aria-labelledby="modification-tools-heading" className="flex flex-col gap-5 py-4">
      <h3
        id="modification-tools-heading"
        className="flex items-center gap-2 text-sm font-semibold text-zinc-900"
      >
        Modification Tools
        <Badge color="purple" size="small">
          Premium
        </Badge>
      </h3>
      <VerticalSwitch
        label="Background Removal"
        legend={
          <ToolLegend state={stateOf('bgRemove')}>
            Cut the subject out on a transparent background.
          </ToolLegend>
        }
        premium
        checked={params['bg-remove'] !== undefined}
        onCheckedChange={toggleBackgroundRemoval}
        disabled={switchDisabled('bgRemove', params['bg-remove'] !== undefined)}
        tooltip="Works on originals up to 12 MB and 50 megapixels."
      />
      <div className="flex flex-col gap-3">
        <VerticalSwitch
          label="Background Replace"
          legend={
            <ToolLegend state={stateOf('bgReplace')}>
              Put the subject on a background made from your prompt.
            </ToolLegend>
          }
          premium
          checked={replaceOn}
          onCheckedChange={toggleBackgroundReplace}
          disabled={switchDisabled('bgReplace', replaceOn)}
        />
        {replaceOn && (
          <BackgroundReplaceForm
            key={params['bg-replace'] ?? ''}
            current={params['bg-replace']}
            disabled={disabled}
            onSubmit={replaceBackground}
          />
        )}
      </div>
      <VerticalSwitch
        label="Super Resolution"
        legend={
          <ToolLegend state={stateOf('superRes')}>
            Enlarge the image with an AI model that keeps detail sharp.
          </ToolLegend>
        }
        premium
        checked={params.upscale !== undefined}
        onCheckedChange={toggleSuperResolution}
        disabled={switchDisabled('superRes', params.upscale !== undefined)}
        tooltip="For originals under 1024 x 1024 and 1 MB."
      />
      <div className="flex flex-col gap-3">
        <VerticalSwitch
          label="Sharpen"
          legend="Bring out edges and fine detail."
          checked={sharpen !== undefined}
          onCheckedChange={(on) =>
            onChange(withSharpen(params, on ? DEFAULT_SHARPEN_AMOUNT : undefined))
          }
          disabled={disabled}
        />
        {sharpen !== undefined && (
          <NumberInput
            label="Sharpen amount"
            value={Number.isFinite(sharpen) ? sharpen : DEFAULT_SHARPEN_AMOUNT}
            range={[0, 100]}
            onChange={(amount) => onChange(withSharpen(params, amount))}
            disabled={disabled}
          />
        )}
      </div>
      <div className="flex flex-col gap-2">
        <ToolButton
          label="Generative Fill"
          icon={<Expand aria-hidden="true" className="size-4" />}
          state={stateOf('outpainting')}
          disabled={disabled}
          onClick={() => unlocked('outpainting', onEnterGenerativeFill)}
        />
        <ToolButton
          label="Object Removal & Replacement"
          icon={<Eraser aria-hidden="true" className="size-4" />}
          state={stateOf('objectRemove')}
          disabled={disabled}
          onClick={() =>
            unlocked('objectRemove', () => {
              toast.info(PREMIUM_MESSAGES.objectToolEntered, { editor: true });
              onOpenObjectTool();
            })
          }
        />
        <ToolButton
          label="Image to Video"
          icon={<Clapperboard aria-hidden="true" className="size-4" />}
          state={stateOf('imageToVideo')}
          disabled={disabled}
          onClick={() =>
            unlocked('imageToVideo', () =>
              pageNavigation.assign(
                imageToVideoPath(sourceId, stillUrlOf(origin.originUrl, params)),
              ),
            )
          }
        />
      </div>
      <PaywallDialog
        feature={lockedTool === null ? null : TOOL_NAMES[lockedTool]}
        plans={lockedState?.kind === 'higher-plan' ? lockedState.plans : []}
        learnMorePath={`/sources/${encodeURIComponent(sourceId)}`}
        onContact={() => {
          if (lockedTool !== null) trackPaywallClicked(TOOL_NAMES[lockedTool]);
        }}
        onClose={() => setLockedTool(null)}
      />
    </section>
  );
}

/** A switch's legend, with what the operator must configure when this server cannot run it. */
function ToolLegend({ state, children }: { state: PremiumState; children: ReactNode }) {
  return (
    <>
      {children}
      {state.kind === 'unavailable' && (
        <span className="mt-1 block text-xs text-amber-800">
          {unavailableMessage(state.reason)}
        </span>
      )}
    </>
  );
}

function ToolButton({
  label,
  icon,
  state,
  disabled,
  onClick,
}: {
  label: string;
  icon: ReactNode;
  state: PremiumState;
  disabled: boolean;
  onClick: () => void;
}) {
  const noteId = useId();
  const unavailable = state.kind === 'unavailable';
  return (
    <div className="flex flex-col gap-1">
      <Button
        type="button"
        variant="secondary"
        disabled={disabled || unavailable}
        aria-describedby={unavailable ? noteId : undefined}
        onClick={onClick}
        className="justify-start gap-2"
      >
        {icon}
        {label}
        <Badge color="purple" size="small" className="ml-auto">
          Premium
        </Badge>
      </Button>
      {unavailable && (
        <p id={noteId} className="text-xs text-amber-800">
          {unavailableMessage(state.reason)}
        </p>
      )}
    </div>
  );
}
