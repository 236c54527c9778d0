// The premium capabilities of editor spec section 3 ("Capabilities (account or source level)").
import { z } from 'zod';

/** Every premium capability, in the order the spec lists them (and lists show them). */
export const CAPABILITY_NAMES = [
  'background_removal',
  'background_replacement',
  'super_resolution',
  'outpainting',
  'object_removal',
  'image_to_video',
] as const;

export type CapabilityName = (typeof CAPABILITY_NAMES)[number];

const KNOWN = new Set<string>(CAPABILITY_NAMES);

/** True when `name` is one of CAPABILITY_NAMES. */
export function isCapabilityName(name: string): name is CapabilityName {
  return KNOWN.has(name);
}

/** The names of `names` that are capabilities, once each, in CAPABILITY_NAMES order. */
export function capabilityList(names: Iterable<string>): CapabilityName[] {
  const given = new Set(names);
  return CAPABILITY_NAMES.filter((name) => given.has(name));
}

/** The message for a name that is not a capability; lists the known ones so it can be fixed. */
export function unknownCapabilityMessage(name: string): string {
  return `"${name}" is not a capability; use ${CAPABILITY_NAMES.join(', ')}.`;
}

/**
 * A capability set as the API accepts it: a list of names, each known; duplicates collapse and
 * the result is in CAPABILITY_NAMES order, so equal sets are stored and shown alike.
 */
export const capabilitySetSchema = z
  .array(
    z.string({ error: 'Each capability is a name.' }).refine(isCapabilityName, {
      error: (issue) => unknownCapabilityMessage(String(issue.input)),
    }),
    { error: 'Capabilities are a list of names.' },
  )
  .transform((names) => capabilityList(names));
