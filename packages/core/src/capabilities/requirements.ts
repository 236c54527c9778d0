// Which rendering parameters are premium operations, and the capability each needs.
import type { Params } from '../params/types.ts';
import type { CapabilityName } from './names.ts';

/** One premium operation a request asks for. */
export interface CapabilityRequirement {
  /** The canonical parameter that asks for it, for the refusal message. */
  parameter: string;
  capability: CapabilityName;
  /**
   * True when the operation also needs the generative provider: an image model Darkroom cannot
   * ship, reached over HTTP when `GENERATIVE_API_URL` is set (README, generative operations).
   */
  generative: boolean;
}

/** What requiredCapabilities reads: the effective parameters, so one without effect asks nothing. */
export type CapabilityParams = Pick<Params, 'has' | 'boolean' | 'string'>;

const GENERATIVE_FILLS = new Set(['gen', 'generative']);

/**
 * The premium operations `params` ask for: bg-remove -> background_removal, bg-replace ->
 * background_replacement, upscale -> super_resolution, fill=gen -> outpainting,
 * object-removal-rect -> object_removal, and object-removal-prompt (object replacement) ->
 * object_removal with the generative provider. A switch set to false asks for nothing.
 */
export function requiredCapabilities(params: CapabilityParams): CapabilityRequirement[] {
  const required: CapabilityRequirement[] = [];
  const add = (parameter: string, capability: CapabilityName, generative: boolean) =>
    required.push({ parameter, capability, generative });
  if (params.boolean('bg-remove') === true) add('bg-remove', 'background_removal', false);
  // The catalogue's default `false` for bg-replace means "no prompt", not a prompt.
  const replacement = params.string('bg-replace')?.trim();
  if (replacement && replacement !== 'false') {
    add('bg-replace', 'background_replacement', true);
  }
  if (params.boolean('upscale') === true) add('upscale', 'super_resolution', false);
  const fill = params.string('fill');
  if (fill !== undefined && GENERATIVE_FILLS.has(fill)) add('fill', 'outpainting', true);
  if (params.has('object-removal-rect')) add('object-removal-rect', 'object_removal', false);
  if (params.has('object-removal-prompt')) add('object-removal-prompt', 'object_removal', true);
  return required;
}

/** The first requirement `granted` does not cover, or undefined when every one is granted. */
export function missingCapability(
  required: readonly CapabilityRequirement[],
  granted: Iterable<CapabilityName>,
): CapabilityRequirement | undefined {
  const grantedSet = new Set(granted);
  return required.find((requirement) => !grantedSet.has(requirement.capability));
}

/** The 4xx detail for a parameter whose capability neither the account nor the source has. */
export function missingCapabilityMessage(requirement: CapabilityRequirement): string {
  return `${requirement.parameter} needs the ${requirement.capability} capability, which neither this source nor its account has.`;
}
