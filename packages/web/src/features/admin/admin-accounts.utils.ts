import { CAPABILITY_NAMES, type CapabilityName } from '@darkroom/core';
import type { PremiumFeature } from '../../api/platform-settings.ts';

/** The premium capabilities by name, as editor spec section 3 lists them. */
export const CAPABILITY_LABELS: Record<CapabilityName, string> = {
  background_removal: 'Background removal',
  background_replacement: 'Background replacement',
  super_resolution: 'Super resolution',
  outpainting: 'Generative fill',
  object_removal: 'Object removal and replacement',
  image_to_video: 'Image to video',
};

/** Where one capability stands for an account, beside the box that grants it. */
export interface CapabilityRow {
  name: CapabilityName;
  label: string;
  /** The account's own grant: what the box edits. */
  granted: boolean;
  /** The account's plan grants it anyway: the own grant adds nothing while on that plan. */
  fromPlan: boolean;
  /** What this install lacks to run it, or null when it can. */
  unavailableReason: string | null;
}

/** Every capability with the account's grant, its plan's and what the install can run. */
export function capabilityRows(
  own: readonly CapabilityName[],
  plan: readonly CapabilityName[],
  installFeatures: readonly PremiumFeature[] | undefined,
): CapabilityRow[] {
  return CAPABILITY_NAMES.map((name) => {
    const feature = installFeatures?.find((item) => item.name === name);
    return {
      name,
      label: CAPABILITY_LABELS[name],
      granted: own.includes(name),
      fromPlan: plan.includes(name),
      unavailableReason:
        feature === undefined || feature.available
          ? null
          : (feature.unavailable_reason ?? 'This server cannot run it.'),
    };
  });
}

/** What an account can use: its own grants and its plan's, once each, in the spec's order. */
export function effectiveGrants(
  own: readonly CapabilityName[],
  plan: readonly CapabilityName[],
): CapabilityName[] {
  return CAPABILITY_NAMES.filter((name) => own.includes(name) || plan.includes(name));
}

/** `capabilities` with `name` added or taken away, in the spec's order. */
export function toggledCapability(
  capabilities: readonly CapabilityName[],
  name: CapabilityName,
  on: boolean,
): CapabilityName[] {
  return CAPABILITY_NAMES.filter((candidate) =>
    candidate === name ? on : capabilities.includes(candidate),
  );
}
