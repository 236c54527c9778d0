import { CAPABILITY_NAMES, type CapabilityName } from '@darkroom/core';
import type { PremiumFeature } from '../../../api/platform-settings.ts';
import type { Source } from '../../../api/sources.ts';
import { Badge, CollapsibleSection, type BadgeColor } from '../../../ui/index.ts';

interface FeatureDescription {
  label: string;
  description: string;
  /** What the feature unlocks: a URL parameter, or a page when `isParameter` is false. */
  unlocks: string;
  isParameter: boolean;
}

// Editor spec section 3 names the capabilities; the parameters are those delivery checks
// (core `requiredCapabilities`).
const FEATURES: Record<CapabilityName, FeatureDescription> = {
  background_removal: {
    label: 'Background removal',
    description: 'Cuts the subject out and leaves the background transparent.',
    unlocks: 'bg-remove',
    isParameter: true,
  },
  background_replacement: {
    label: 'Background replacement',
    description: 'Puts the subject on a new background generated from a prompt.',
    unlocks: 'bg-replace',
    isParameter: true,
  },
  super_resolution: {
    label: 'Super resolution',
    description: 'Enlarges images with an AI model that keeps edges and detail sharp.',
    unlocks: 'upscale',
    isParameter: true,
  },
  outpainting: {
    label: 'Generative fill (outpainting)',
    description: 'Extends the picture past its edges when a resize adds space.',
    unlocks: 'fill=gen',
    isParameter: true,
  },
  object_removal: {
    label: 'Object removal and replacement',
    description: 'Erases what lies inside a box, or replaces it from a prompt.',
    unlocks: 'object-removal-rect',
    isParameter: true,
  },
  image_to_video: {
    label: 'Image to video',
    description: 'Turns a still image into a short MP4 clip.',
    unlocks: 'Image to video page',
    isParameter: false,
  },
};

/** Where a source stands with one premium feature. */
export type FeatureStatus =
  { kind: 'included' } | { kind: 'not-in-plan' } | { kind: 'unavailable'; reason: string };

/**
 * The source's grants come first: the server only lists what the install can run among them.
 * A feature the install lacks cannot be granted usefully, so its reason wins over the plan.
 */
function featureStatus(
  name: CapabilityName,
  granted: readonly CapabilityName[],
  installFeatures: readonly PremiumFeature[],
): FeatureStatus {
  if (granted.includes(name)) return { kind: 'included' };
  const installed = installFeatures.find((feature) => feature.name === name);
  if (installed && !installed.available) {
    return {
      kind: 'unavailable',
      reason: installed.unavailable_reason ?? 'This server cannot run it.',
    };
  }
  return { kind: 'not-in-plan' };
}

const STATUS_BADGES: Record<FeatureStatus['kind'], { text: string; color: BadgeColor }> = {
  included: { text: 'Included', color: 'green' },
  'not-in-plan': { text: 'Not in your plan', color: 'yellow' },
  unavailable: { text: 'Unavailable on this server', color: 'slate' },
};

/**
 * Premium AI features (editor spec section 3 'Capabilities'; granted by the account or the source,
 * spec platform section 6): which of the six this source can use, which its plan lacks and which
 * this server cannot run, with the parameter each unlocks. Grants are changed by an
 * administrator, so there is nothing to edit here, for the demo source or any other.
 */
export function PremiumFeaturesSection({
  source,
  installFeatures,
}: {
  source: Source;
  installFeatures: readonly PremiumFeature[];
}) {
  return (
    <CollapsibleSection title="Premium AI features">
      <p className="text-sm text-zinc-600">
        The AI operations this source's delivery URLs can ask for. A URL that asks for one the
        source cannot use is refused.
      </p>
      <ul aria-label="Premium AI features" className="mt-2 divide-y divide-zinc-100">
        {CAPABILITY_NAMES.map((name) => (
          <FeatureRow
            key={name}
            feature={FEATURES[name]}
            status={featureStatus(name, source.premium_capabilities, installFeatures)}
          />
        ))}
      </ul>
    </CollapsibleSection>
  );
}

function FeatureRow({ feature, status }: { feature: FeatureDescription; status: FeatureStatus }) {
  const badge = STATUS_BADGES[status.kind];
  return (
    <li
      aria-label={feature.label}
      className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start sm:justify-between sm:gap-4"
    >
      <div className="min-w-0 space-y-1">
        <p className="text-sm font-medium text-zinc-900">{feature.label}</p>
        <p className="text-sm text-zinc-600">{feature.description}</p>
        <p className="text-xs text-zinc-500">
          <span className="sr-only">Unlocks </span>
          {feature.isParameter ? (
            <code className="rounded bg-zinc-100 px-1.5 py-0.5 font-mono break-all text-zinc-700">
              {feature.unlocks}
            </code>
          ) : (
            feature.unlocks
          )}
        </p>
      </div>
      <div className="flex shrink-0 flex-col gap-1 sm:max-w-60 sm:items-end sm:text-right">
        <p>
          <span className="sr-only">Status: </span>
          <Badge color={badge.color}>{badge.text}</Badge>
        </p>
        {status.kind === 'not-in-plan' && (
          <p className="text-xs text-zinc-500">An administrator can grant it to your account.</p>
        )}
        {status.kind === 'unavailable' && <p className="text-xs text-zinc-500">{status.reason}</p>}
      </div>
    </li>
  );
}
