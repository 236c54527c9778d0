import { CAPABILITY_NAMES, type CapabilityName } from './names.ts';

/**
 * The capabilities a source can use: those its account or the source itself grants, since
 * "a feature is available if either the account or the source grants it" (editor spec
 * section 3, platform spec section 6). In CAPABILITY_NAMES order.
 */
export function effectiveCapabilities(
  account: readonly CapabilityName[],
  source: readonly CapabilityName[],
): CapabilityName[] {
  const granted = new Set([...account, ...source]);
  return CAPABILITY_NAMES.filter((name) => granted.has(name));
}
