import type { CapabilityName } from '@darkroom/core';
import type { OperationAvailability, PremiumFeature } from '../../../api/platform-settings.ts';
import type { PremiumTool } from './modification-tools.utils.ts';

/**
 * Where a premium tool stands for this source, exactly one of: it runs; a plan the account is
 * not on includes it (the paywall of editor spec section 2, naming the plans); or this install
 * cannot run it at all, whatever the plan (what the operator must configure, and no paywall:
 * no upgrade would help).
 */
export type PremiumState =
  | { kind: 'available' }
  | { kind: 'higher-plan'; plans: readonly string[] }
  | { kind: 'unavailable'; reason: string };

/** What this install can run (the `platform-settings` answer), as the editor reads it. */
export interface PremiumAvailability {
  features: readonly PremiumFeature[];
  objectReplacement: OperationAvailability;
}

/** The capability each editor flag stands for (editor spec section 3, 'Capabilities'). */
export const CAPABILITY_OF_TOOL: Record<PremiumTool, CapabilityName> = {
  outpainting: 'outpainting',
  bgRemove: 'background_removal',
  bgReplace: 'background_replacement',
  superRes: 'super_resolution',
  objectRemove: 'object_removal',
  imageToVideo: 'image_to_video',
};

const FALLBACK_REASON = 'This server cannot run it.';

/**
 * The state of `tool`, `granted` or not to the source. The source's grants come from the server
 * already limited to what the install runs, so a granted tool is available; otherwise the
 * install's lack wins over the plan.
 * Without the install's answer (still loading, or unreadable) a locked tool shows the paywall
 * as it always did.
 */
export function premiumStateOf(
  tool: PremiumTool,
  granted: boolean,
  availability: PremiumAvailability | null,
): PremiumState {
  if (granted) return { kind: 'available' };
  const feature = availability?.features.find((item) => item.name === CAPABILITY_OF_TOOL[tool]);
  if (feature === undefined) return { kind: 'higher-plan', plans: [] };
  if (!feature.available) {
    return { kind: 'unavailable', reason: feature.unavailable_reason ?? FALLBACK_REASON };
  }
  return { kind: 'higher-plan', plans: feature.plans };
}

/** Whether the object tool's Replace mode can run here; unknown availability offers it. */
export function objectReplacementState(
  availability: PremiumAvailability | null,
): { kind: 'available' } | { kind: 'unavailable'; reason: string } {
  const replacement = availability?.objectReplacement;
  if (replacement === undefined || replacement.available) return { kind: 'available' };
  return { kind: 'unavailable', reason: replacement.unavailable_reason ?? FALLBACK_REASON };
}

/** The sentence under a tool this server cannot run: what is missing and who can add it. */
export function unavailableMessage(reason: string): string {
  return `Not available on this server. ${reason} The operator of this Darkroom install can configure it.`;
}

/** 'the Growth plan', 'the Starter or Growth plan': the plans that include a locked tool. */
export function plansPhrase(plans: readonly string[]): string | null {
  if (plans.length === 0) return null;
  const names =
    plans.length === 1
      ? plans[0]
      : `${plans.slice(0, -1).join(', ')} or ${plans[plans.length - 1] ?? ''}`;
  return `the ${names} plan`;
}
